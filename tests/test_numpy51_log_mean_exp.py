"""log(mean(exp(u))) in plain NumPy gets the logsumexp fix, scipy.special.logsumexp(u) - log(n), re-checked."""

import textwrap

import gradcli

SOURCE = textwrap.dedent(
    """\
    import numpy as np


    def smooth_max(x):
        return np.log(np.mean(np.exp(100.0 * x))) / 100.0
    """
)


def test_log_mean_exp_of_every_entry_is_offered_logsumexp_minus_the_log_of_the_size(tmp_path):
    path = tmp_path / "lme51np.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:smooth_max", [{"x": [8.0, 9.0, 3.0]}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["unstable"]
    fix = next(fix for fix in report.fixes if fix.name == "logsumexp")
    assert "+    return (scipy.special.logsumexp(100.0 * x) - np.log(np.size(100.0 * x))) / 100.0" in fix.diff
    assert list(fix.after.values()) == ["ok"]

