"""Round 29c's findings, each as a class.

W1: the double where offered for a formula (and for Python read as one) guarded the branch it met first, the chosen
one, whenever that branch read x, whichever branch was unsafe. sRGB's encoding where(x <= 0.0031308, 12.92*x,
1.055*x**(1/2.4) - 0.055) at x = 0 (a where leak: the power's slope at 0 is inf, times where's 0) was offered no fix:
"double where (better nowhere)", since the harmless 12.92*x was guarded and the power left as it was. The same for
where(x < 1e-8, 1 - x/2, (1 - exp(-x))/x) at 0. Each branch whose slope can be infinite (a division by x, a power
other than a whole one, a log, a root, exp and its kin) is now guarded, and none where neither visibly can: a Python
branch the formula cannot read (np.power) is left to the Python reader's double where, which reads it and guards
np.power's argument. Truths: the slope of the branch taken, 12.92 and -1/2, and the re-check of the rewritten
function.

E1: an op that gave 0 in several entries was described by its first entry: SciPy's erfc([30, 27]) gives [0, 0], and
the finding said "the exact result 2.564656204e-393 is below the smallest float64", true of erfc(30) and not the
loss that matters: erfc(27) = 5.2e-319 is a subnormal float64 holds, which SciPy's erfc does not reach. The finding
now names the subnormal entry and its index. Truth: mpmath's erfc(27).

H1: at a point on a where's switch through pi (the hue difference degrees(arctan2(0, -1)) - degrees(arctan2(0, 1))
against 180) balls never part the comparison's sides; proof numbers decide them (the trial in
tests/test_user_trials29c.py, the class in tests/test_switch64_proven_ties.py). Where proof numbers cannot decide
either (log Gamma(1/4) + log Gamma(3/4) against log(pi) + log(2)/2, Euler's reflection, an identity they do not
hold), the point has no exact reference and says the comparison is undecided at 4096 bits, not that "the function
cancels more digits than that", which it does not. Truth: Gamma(1/4) Gamma(3/4) = pi sqrt(2), so the two sides are one
number.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def _fix(report, name="double where"):
    return next((fix for fix in report.fixes if fix.name == name), None)


def _exact_slope(report):
    (result,) = [r for r in report.results if r.dtype == "float64"]
    return result.exact_gradient


# W1: the double where guards the branch that leaks, whichever it is.

@pytest.mark.parametrize("formula, slope, guard", [
    ("where(x <= 0.0031308, 12.92*x, 1.055*x**(1/2.4) - 0.055)", mpmath.mpf("12.92"),
     "1.055*where(x > 0.0031308, x, 1.0031308)**(1/2.4)"),
    ("where(x < 1e-8, 1 - x/2, (1 - exp(-x))/x)", mpmath.mpf(-1) / 2, "(1 - exp(-where(x >= 1e-8, x, 1.00000001)))"),
])
def test_a_formula_s_double_where_guards_the_unsafe_second_branch(formula, slope, guard):
    report = gradcli.check(formula, [{"x": 0.0}], dtypes=("float64",))
    assert report.results[0].status == "wrong"
    assert abs(mpmath.mpf(_exact_slope(report)["x"]) - slope) <= 1e-12 * abs(slope)
    fix = _fix(report)
    assert fix is not None and guard in fix.formula, [f.name for f in report.fixes]
    assert not fix.partial and set(fix.after.values()) == {"ok"}


def test_a_formula_s_double_where_still_guards_an_unsafe_first_branch():
    report = gradcli.check("where(x > 0, sqrt(x), 0)", [{"x": -1.0}], dtypes=("float64",))
    fix = _fix(report)
    assert fix is not None and "sqrt(where(x > 0, x, 1))" in fix.formula, fix
    assert set(fix.after.values()) == {"ok"}


# Plain NumPy's np.power, which the formula reading cannot see into, and gradcli.numpy's ** operator.
SOURCES = {
    "numpy": "import numpy as np\n\n\ndef srgb(lin):\n"
             "    return np.sum(np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * np.power(lin, 1 / 2.4) - 0.055))\n",
    "gradcli.numpy": "import gradcli.numpy as gnp\n\n\ndef srgb(lin):\n"
                     "    return gnp.sum(gnp.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055))\n",
}


@pytest.mark.parametrize("module, guarded", [
    ("numpy", "np.power(np.where(lin > 0.0031308, lin, 1.0031308), 1 / 2.4)"),
    ("gradcli.numpy", "gnp.where(lin > 0.0031308, lin, 1.0031308) ** (1 / 2.4)"),
])
def test_python_s_double_where_guards_the_power_s_argument(tmp_path, module, guarded):
    path = tmp_path / f"colour29_{module.replace('.', '_')}.py"
    path.write_text(SOURCES[module])
    report = gradcli.check(f"{path}:srgb", [{"lin": np.array([0.0])}], dtypes=("float64",))
    assert report.results[0].status == "wrong"
    assert abs(mpmath.mpf(_exact_slope(report)["lin"][0]) - mpmath.mpf("12.92")) <= 1e-12 * 12.92
    fix = _fix(report)
    assert fix is not None and guarded in fix.diff, [f.name for f in report.fixes]
    assert set(fix.after.values()) == {"ok"}


# E1: an underflow in several entries is told by the entry a float held.

def erfc_sum(x):
    return gnp.sum(sps.erfc(x))


def test_an_underflow_names_the_subnormal_entry_the_dtype_held():
    report = gradcli.check(erfc_sum, [{"x": np.array([30.0, 27.0])}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    assert result.status == "unstable"
    (underflow,) = [f for f in result.findings if f.kind == "underflow"]
    with mpmath.workdps(30):
        held = mpmath.nstr(mpmath.erfc(27), 10)
        below = mpmath.nstr(mpmath.erfc(30), 10)
    assert f"the exact result {held} (entry 1) is a subnormal float64" in underflow.message, underflow.message
    assert below not in underflow.message


def test_a_single_entry_s_underflow_is_told_as_before():
    report = gradcli.check(erfc_sum, [{"x": 27.0}], dtypes=("float64",), fixes=False)
    (underflow,) = [f for f in report.results[0].findings if f.kind == "underflow"]
    with mpmath.workdps(30):
        held = mpmath.nstr(mpmath.erfc(27), 10)
    assert f"the exact result {held} is a subnormal float64" in underflow.message, underflow.message


# H1's words: a comparison on its switch that no proof decides is said to be one.

def reflection_switch(x):
    """A where whose condition is exactly on its switch: log Gamma(1/4) + log Gamma(3/4) against log(pi sqrt 2)."""
    zero = 0.0 * x
    pi = gnp.arctan2(zero, -1.0)
    return gnp.sum(gnp.where(sps.gammaln(zero + 0.25) + sps.gammaln(zero + 0.75) > gnp.log(pi) + 0.5 * gnp.log(zero + 2.0),
                             x, -x))


def test_a_comparison_on_its_switch_no_proof_decides_is_named_as_undecided():
    with mpmath.workdps(50):  # Gamma(1/4) Gamma(3/4) = pi sqrt(2): the comparison's two sides are one number
        assert abs(mpmath.loggamma(0.25) + mpmath.loggamma(0.75) - mpmath.log(mpmath.pi * mpmath.sqrt(2))) < mpmath.mpf(10) ** -48
    report = gradcli.check(reflection_switch, [{"x": 1.0}], dtypes=("float64",), fixes=False, max_digits=120)
    (result,) = report.results
    assert result.status == "error"
    (why,) = [f.message for f in result.findings if f.kind == "undetermined"]
    assert "undecided even at 4096 bits" in why and "cancels more digits" not in why, why
