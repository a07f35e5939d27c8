"""An op that gives, of the very numbers it was given, the 0 it is blamed for did not break: the op that did is named.

A softmax entropy -sum(softmax(z) log_softmax(z)) at subnormal logits z = [5e-324, 0, -5e-324] is near the uniform
distribution, where its slopes p_i (log p_i - sum p log p) cancel: 5.6e-17 each in float64 where they are 1.6e-324.
The gradient's subtract of log-sum-exp meets inputs that had already lost the subnormal difference, so of its own
numbers its 0 is exact; naming it as an underflow blamed an op that did not break. The sum that absorbs the small terms
and the accumulation that cancels are named instead. After an overflow the underflow still says so (round 31c's U1).
"""

import numpy as np

import gradcli

SOURCE = '''import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def softmax_entropy(z):
    return -gnp.sum(sps.softmax(z) * sps.log_softmax(z))
'''


def test_a_softmax_entropys_cancellation_is_named_not_a_subtract_of_numbers_already_lost(tmp_path):
    path = tmp_path / "entropy_user.py"
    path.write_text(SOURCE)
    z = np.array([5e-324, 0.0, -5e-324])
    (result,) = gradcli.check(f"{path}:softmax_entropy", [{"z": z}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable", [f.message for f in result.findings]
    messages = [f.message for f in result.findings if f.kind not in ("note",)]
    assert not any("of the very numbers it was given is exactly 0" in m for m in messages), messages
    assert any(f.kind == "cancellation" or "absorbs" in f.message for f in result.findings), messages
