"""Round 30c's findings, each as a class.

S1: an op that takes the log of a number next to 1 and so turns that number's rounding into its whole result was
blamed as a library stopping short of the subnormal range when the exact result was subnormal. The binary entropy
xlogy(p, p) + xlogy(1 - p, 1 - p) at p = 5e-324 is -3.675848e-321 where the exact value is -3.682963e-321: 1 - p rounds
to 1, and xlogy(1.0, 1.0) = 0 where the exact term is -5e-324. The finding said "xlogy(1.0, 1.0) underflowed to 0.0
... which SciPy's xlogy gives as 0: it stops short of the subnormal range", yet xlogy of the very numbers it was given
is exactly 0. It now says, as for log(1 - p) in the same formula, that xlogy takes the log of a number next to 1 and
amplifies its input's rounding (the 1 - p it was given already lost p), a cancellation at that xlogy. The verdict stays
`unstable` (in the subnormal range relative error counts too: the value is 744 steps of 5e-324 where the exact is
745.4). Truths: p log p + (1 - p) log(1 - p) at 2,000 digits, and xlogy(1, 1) = 0.
"""

import mpmath
import numpy as np
import pytest

import gradcli

STEP = float(np.finfo(np.float64).smallest_subnormal)


def _entropy_sum(p):
    """p log p + (1 - p) log(1 - p) at 2,000 digits."""
    with mpmath.workdps(2000):
        p = mpmath.mpf(p)
        return +(p * mpmath.log(p) + (1 - p) * mpmath.log(1 - p))


def _float64(report):
    (result,) = [r for r in report.results if r.dtype == "float64"]
    return result


@pytest.mark.parametrize("formula, op, exact", [
    ("xlogy(p, p) + xlogy(1 - p, 1 - p)", "xlogy", _entropy_sum),
    ("p*log(p) + (1 - p)*log(1 - p)", "log", _entropy_sum),
    ("xlogy(2, 1 - p)", "xlogy", lambda p: 2 * mpmath.log(1 - mpmath.mpf(p))),  # xlogy's log reads its second argument
])
def test_a_log_of_a_rounded_one_is_a_cancellation_not_a_flush(formula, op, exact):
    result = _float64(gradcli.check(formula, [{"p": STEP}], dtypes=("float64",)))
    with mpmath.workdps(2000):
        exact = +exact(STEP)
    assert abs(mpmath.mpf(result.exact_value) - exact) <= mpmath.mpf(STEP) / 2  # shown as the float64 nearest it
    assert abs(mpmath.mpf(result.value) - exact) > mpmath.mpf(STEP)  # a step and more off: the value's digits go
    assert result.status == "unstable"
    (finding,) = [f for f in result.findings if f.phase == "forward" and f.op == op]
    assert finding.kind == "cancellation", finding
    assert "next to 1" in finding.message and "subnormal range" not in finding.message, finding.message


def test_gradcli_numpy_s_xlogy_names_its_line(tmp_path):
    source = tmp_path / "entropy.py"
    source.write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                      "def entropy(p):\n    return gnp.sum(sps.xlogy(p, p) + sps.xlogy(1 - p, 1 - p))\n")
    result = _float64(gradcli.check(f"{source}:entropy", [{"p": np.array([STEP])}], dtypes=("float64",)))
    with mpmath.workdps(60):
        slope = mpmath.log(mpmath.mpf(STEP)) - mpmath.log(1 - mpmath.mpf(STEP))
    assert abs(mpmath.mpf(result.gradient["p"][0]) - slope) <= 1e-12 * abs(slope)
    (finding,) = [f for f in result.findings if f.phase == "forward" and f.op == "xlogy"]
    assert finding.kind == "cancellation" and "next to 1" in finding.message, finding.message
    assert str(finding.location).endswith("entropy.py:6"), finding.location

