"""The classes of round 28a's findings (tests/trials/cases28a.py), each against an independent truth.

D1: a division by an exact 0 whose other factor's rounding leaves either 0 or a sliver of either sign (Bateman's
D ka / (V (ka - ke)) (e^(-ke t) - e^(-ka t)) at ka = ke) was "the exact reference did not settle below 4000 digits":
no verdict. The function as written has no value there at any precision: domain. (Where the 0 is a difference of
two equal exponentials, e^-1.6 - e^-1.6, it is D2's, tested in test_proofs63_*.py.)

F1: ``1 - exp(u)``, the variogram's and the survival function's spelling, had no catalogue fix (only ``exp(u) - 1``
had); it gets ``-expm1(u)``, re-checked.

N1: ``np.block``, a kriging system bordered by ones, was an input error (gradcli.numpy lacked it); it is NumPy's join.
"""

import math

import numpy as np
import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse

BATEMAN = """import numpy as np


def concentration(ka, ke):
    return 100.0 * ka / (20.0 * (ka - ke)) * (np.exp(-ke * 3.0) - np.exp(-ka * 3.0))


def quotient(ka, ke):
    return (np.exp(-ke * 3.0) - np.exp(-ka * 3.0)) / (ka - ke)
"""


def _check(tmp_path, name, point):
    path = tmp_path / "bateman.py"
    path.write_text(BATEMAN)
    (r,) = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False).results
    return r


@pytest.mark.parametrize("name, point", [
    ("concentration", {"ka": 0.2, "ke": 0.2}),
    ("quotient", {"ka": 0.2, "ke": 0.2}),
])
def test_a_division_by_an_exact_zero_is_no_number_whatever_the_rounding(tmp_path, name, point):
    """D1's class: ka - ke is exactly 0 at ka = ke, so both spellings divide by 0: no value at any precision,
    whichever way the numerator's exponentials round (to 0, or to a sliver of either sign)."""
    r = _check(tmp_path, name, point)
    assert r.status.value == "domain"
    assert all(math.isnan(float(v)) for v in r.exact_gradient.values())


def test_beside_the_exact_zero_the_same_program_is_judged_on_its_numbers(tmp_path):
    """ka - ke = 0.01 divides by no 0: the reference is a number again, Bateman's slopes (mpmath, from the curve
    D ka t e^(-ke t) (1 - e^-u) / (u V), u = (ka - ke) t)."""
    import mpmath

    def curve(ka, ke):
        u = (ka - ke) * 3
        return 100 * ka * 3 * mpmath.exp(-ke * 3) * -mpmath.expm1(-u) / u / 20

    with mpmath.workdps(50):
        ka, ke = mpmath.mpf(0.21), mpmath.mpf(0.2)
        want = [mpmath.diff(lambda t: curve(t, ke), ka), mpmath.diff(lambda t: curve(ka, t), ke)]
    r = _check(tmp_path, "concentration", {"ka": 0.21, "ke": 0.2})
    assert r.status.value in ("ok", "unstable")  # a difference of 1e-2 cancels two digits of float64's
    assert np.allclose([r.exact_gradient["ka"], r.exact_gradient["ke"]], [float(w) for w in want], rtol=1e-12, atol=0)


# --- F1: 1 - exp(u) -> -expm1(u) ----------------------------------------------------------------------------------------


def test_one_minus_exp_is_rewritten_as_minus_expm1():
    rewritten = {name: text for name, _, text in candidate_rewrites(parse("log(1 - exp(-x))"))}
    assert rewritten["expm1"] == "log(-expm1(-x))"
    assert {name: text for name, _, text in candidate_rewrites(parse("1 - exp(x) + y"))}["expm1"] == "-expm1(x) + y"


VARIOGRAM = """import numpy as np


def log_fit(rng):
    model = 1.0 - np.exp(-(0.001 / rng) ** 2)
    return (np.log(model) - np.log(3e-8)) ** 2
"""


def test_a_variogram_by_one_minus_exp_gets_the_expm1_fix_rechecked(tmp_path):
    """F1's class: at r = 10 the Gaussian variogram 1 - exp(-(h / r)^2) at h = 0.001 keeps 8 of float64's digits and
    the log-space fit's slope divides by them (unstable); -np.expm1 keeps them (ok). The slope by hand:
    2 (log m - log g) m' / m, m = -expm1(-s), s = (h / r)^2, m' = -2 s e^-s / r."""
    path = tmp_path / "variogram.py"
    path.write_text(VARIOGRAM)
    report = gradcli.check(f"{path}:log_fit", [{"rng": 10.0}], dtypes=["float64"])
    (r,) = report.results
    assert r.status.value == "unstable"
    s = (0.001 / 10.0) ** 2
    m = -math.expm1(-s)
    want = 2 * (math.log(m) - math.log(3e-8)) * (-2 * s * math.exp(-s) / 10.0) / m
    assert np.isclose(r.exact_gradient["rng"], want, rtol=1e-12, atol=0)
    fixes = [f for f in report.fixes if f.name == "expm1"]
    assert fixes and "-np.expm1(-(0.001 / rng) ** 2)" in fixes[0].diff
    assert set(fixes[0].after.values()) == {"ok"}


# --- N1: np.block -----------------------------------------------------------------------------------------------------

KRIGING = """import numpy as np


def variance(rng):
    sites = np.array([0.0, 1.0, 2.5])
    cov = np.exp(-np.abs(sites[:, None] - sites[None, :]) / rng)
    system = np.block([[cov, np.ones((3, 1))], [np.ones((1, 3)), np.zeros((1, 1))]])
    rhs = np.append(np.exp(-np.abs(sites - 1.7) / rng), 1.0)
    return 1.0 - np.linalg.solve(system, rhs) @ rhs
"""


def test_np_block_joins_as_numpy_does():
    """N1's class: np.block (a kriging system bordered by ones) was an input error, "numpy.block is a NumPy function
    gradcli.numpy does not have"; it joins nested lists innermost first, pieces raised to the result's dimensions."""
    import gradcli.numpy as gnp

    a, b, c = np.arange(4.0).reshape(2, 2), np.ones((2, 1)), np.full((1, 3), 2.0)
    for pieces in ([[a, b], [c]], [1.0, 2.0], [[1.0], [2.0]], [a, a], [[[a]], [[a]]]):
        assert np.array_equal(gnp.block(pieces), np.block(pieces))
    with pytest.raises(ValueError):
        gnp.block([[a], a])


def test_a_kriging_variance_through_np_block_has_its_slope(tmp_path):
    """The variance 1 - lambda . k of ordinary kriging, its system bordered by np.block, differentiated in the range:
    the truth from the same mathematics in mpmath (the bordered system solved by lu_solve, differentiated by diff)."""
    import mpmath

    def variance(rng):
        sites = [mpmath.mpf(0), mpmath.mpf(1), mpmath.mpf(2.5)]
        system = mpmath.matrix(4, 4)
        for i in range(4):
            for j in range(4):
                system[i, j] = (0 if i == j else 1) if 3 in (i, j) else mpmath.exp(-abs(sites[i] - sites[j]) / rng)
        rhs = mpmath.matrix([mpmath.exp(-abs(s - mpmath.mpf(1.7)) / rng) for s in sites] + [1])
        return 1 - sum(a * b for a, b in zip(mpmath.lu_solve(system, rhs), rhs))

    path = tmp_path / "kriging.py"
    path.write_text(KRIGING)
    (r,) = gradcli.check(f"{path}:variance", [{"rng": 1.5}], dtypes=["float64"], fixes=False).results
    with mpmath.workdps(40):
        want = float(mpmath.diff(variance, mpmath.mpf(1.5)))
    assert r.status.value == "ok"
    assert np.isclose(r.gradient["rng"], want, rtol=1e-12, atol=0)
    assert np.isclose(r.exact_gradient["rng"], want, rtol=1e-12, atol=0)
