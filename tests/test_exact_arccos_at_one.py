"""arccos of a cosine that is exactly 1 (parallel vectors) in plain NumPy, one division: the cone it is.

``arccos(dot(x, y) / (norm(x) * norm(y)))`` at x = [1, 2], y = [2, 4]: the
cosine 10 / (sqrt 5 sqrt 20) rounds to 1 +- 1 ulp at every precision, so the
point's own high-precision value is NaN or sqrt(2 eps). The proof of 0 sees
the cosine as 1 exactly (sqrt 20 = 2 sqrt 5) and arccos(1) = 0, with every
ball finite (arccos at the end of its domain, inside it); the kink test then
starts from that exact 0 and finds the cone's one-sided slopes, the partials
of the cross product over |x| |y|; the dtype's value (NaN or 2.1e-8) is lost beside them. A value that is NaN because an argument
lies outside a domain (sqrt(x - 2) - sqrt(x - 2) at 1) is no 0 of the same
quotient: every ball of that proof must be finite.
"""

from __future__ import annotations

import math

import numpy as np

import gradcli

MODULE = """
import numpy as np


def angle(x, y):
    return np.arccos(np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y)))
"""


def test_the_angle_between_parallel_vectors_is_a_cone_in_plain_numpy(tmp_path):
    path = tmp_path / "angles.py"
    path.write_text(MODULE)
    point = {"x": np.array([1.0, 2.0]), "y": np.array([2.0, 4.0])}
    (result,) = gradcli.check(f"{path}:angle", [point], dtypes=("float64",), fixes=False).results
    # float64's cosine is 1 +- 1 ulp, so its arccos is NaN or 2.1e-8 where the exact value is 0: the value is lost
    # (unstable), beside the cone's kinks (domain)
    assert (result.status, result.gradient_status) == ("unstable", "domain"), [f.message for f in result.findings]
    assert result.exact_value == 0
    # |cross(x, y)| / (|x| |y|) to first order: d/dx0 = |y1| / (|x||y|) = 4 / 10, and so on
    slopes = {f.op: f.message for f in result.findings if f.kind == "kink"}
    expected = {"x[0]": 0.4, "x[1]": 0.2, "y[0]": 0.2, "y[1]": 0.1}
    assert set(slopes) == set(expected)
    for label, slope in expected.items():
        assert f"is -{slope} from the left and {slope} from the right" in slopes[label]


def _value_settled(function, point):
    """The value entry `python_zero.Zeros` makes of a NaN at ``point`` (NaN where no proof settles it)."""
    import mpmath

    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    zeros = python_zero.Zeros(lambda *t: _traced(function, t), point)
    entries, _ = zeros.settle_value([mpmath.nan], [mpmath.nan], 1)
    return entries[0]


def test_a_value_outside_a_domain_is_no_proven_0():
    import gradcli.numpy as gnp

    assert _value_settled(lambda x, y: gnp.arccos(gnp.dot(x, y) / (gnp.linalg.norm(x) * gnp.linalg.norm(y))),
                          [np.array([1.0, 2.0]), np.array([2.0, 4.0])]) == 0
    assert math.isnan(_value_settled(lambda x: gnp.sqrt(x - 2) - gnp.sqrt(x - 2), [1.0]))
    assert math.isnan(_value_settled(lambda x: gnp.arccos(x * 1.5) - gnp.arccos(x * 1.5), [1.0]))
