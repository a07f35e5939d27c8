"""An input that meets a 0 * log(0) without moving it keeps its slope (round 85c's F1): a 3PL item answered right at
a guessing floor c = 1 is log P + 0 * log(1 - P) with P = 1 for every ability t, a NaN whatever t is. The slope of t
beside that NaN was NaN: the origin's rule handed log's rule a 0, and log's rule made 0 / 0 of it. The NaN's origin
passes nothing back where the slopes beside the NaN are taken."""

import gradcli

SOURCE = '''import gradcli.numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def right_answer(t, c):
    P = c + (1.0 - c) * sigmoid(t)
    return np.log(P) + 0.0 * np.log(1.0 - P)
'''


def test_the_ability_keeps_its_slope_beside_zero_times_log_zero(tmp_path):
    path = tmp_path / "item.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:right_answer", [{"t": 0.5, "c": 1.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_gradient["t"] == 0.0, result.exact_gradient  # (1 - c) s'(t) / P at c = 1
    assert result.exact_gradient_why.get("c") is not None, result.exact_gradient_why  # c moves the 0: none
