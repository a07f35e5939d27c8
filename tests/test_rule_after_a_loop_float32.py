"""A wrong rule of a value a loop refined is `wrong` in float32 too: ball arithmetic's growth through the loop is no
rounding of the rule's own.

The supersonic Mach number of a nozzle at area ratio 3, found by 40 Newton steps, its custom rule the implicit slope
1 / (dA/dM) (0.35296) and, slipped, dA/dM itself (2.833). In float32 the rule's allowance (a rule off by float32's
eps of the terms its last additions combined, as a label-smoothed cross-entropy's p - t is) read the terms' scale
from a run on balls, where each Newton step adds its radius to the last one's: radii of 1e72 where the terms are of
order 1, which excused a rule off by 700%, and the point was `unstable`. A scale whose rounding passes the whole
gradient is no float's rule: capped there, the slip is `wrong` at its line, and the right rule stays `ok`. Truth:
1 / A'(M*) with M* the root of the area-Mach relation, by mpmath.findroot.
"""

import mpmath
import pytest

import gradcli

PROGRAM = """import gradcli
import gradcli.numpy as gnp

GAMMA = 1.4


def area_ratio(m):
    return (1 / m) * (2 / (GAMMA + 1) * (1 + (GAMMA - 1) / 2 * m ** 2)) ** ((GAMMA + 1) / (2 * (GAMMA - 1)))


def area_slope(m):
    e = (GAMMA + 1) / (2 * (GAMMA - 1))
    base = 2 / (GAMMA + 1) * (1 + (GAMMA - 1) / 2 * m ** 2)
    return -base ** e / m ** 2 + e * base ** (e - 1) * 2 / (GAMMA + 1) * (GAMMA - 1) * m / m


def _root(area):
    m = 2.0 + 0.0 * area
    for _ in range(40):
        m = m - (area_ratio(m) - area) / area_slope(m)
    return m


@gradcli.custom_gradient
def _mach(area):
    m = _root(area)
    return m, lambda g: g / area_slope(m)


@gradcli.custom_gradient
def _mach_slip(area):
    m = _root(area)
    return m, lambda g: g * area_slope(m)  # the slip: times, not over


def mach(area):
    return _mach(area)


def mach_slip(area):
    return _mach_slip(area)
"""


def _slope():
    with mpmath.workdps(60):
        g = mpmath.mpf(1.4)
        ratio = lambda m: (1 / m) * (2 / (g + 1) * (1 + (g - 1) / 2 * m ** 2)) ** ((g + 1) / (2 * (g - 1)))  # noqa: E731
        root = mpmath.findroot(lambda m: ratio(m) - 3, 2.6)
        return 1 / mpmath.diff(ratio, root)


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("nozzle") / "nozzle.py"
    path.write_text(PROGRAM)
    return path


@pytest.mark.parametrize("function, verdict", [("mach_slip", "wrong"), ("mach", "ok")])
def test_a_rule_after_newtons_steps_is_judged_in_float32(program, function, verdict):
    [result] = gradcli.check(f"{program}:{function}", [{"area": 3.0}], dtypes=("float32",), fixes=False).results
    assert result.status == verdict, result.findings
    assert result.exact_gradient["area"] == pytest.approx(float(_slope()), rel=1e-6)  # float32's constants held
    if verdict == "wrong":
        [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
        assert finding.location.endswith("nozzle.py:33") and "relative error 7.03e+00" in finding.message
