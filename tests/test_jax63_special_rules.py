"""jax.scipy.special functions whose gradient JAX computes NaN or wrong where the function is smooth: judged `wrong`
at the user's line, against the exact gradient of the function itself. spence (the dilogarithm Li2(1 - x)): NaN
right of 1.5 (its untaken branch's log(1 - x) leaks), 0 at exactly 1 where the slope is -1; its exact reference
computed within the check's time at every argument (mpmath's own Li2 near |z| = 1 at the digits the reference climbs
to takes minutes). Truths are mpmath's."""

import mpmath
import numpy as np

import gradcli

SOURCE = '''\
import jax.numpy as jnp
from jax.scipy import special


def dilog_sum(x):
    return jnp.sum(special.spence(x))
'''


def _slope(x):
    """spence'(x) = log(x) / (1 - x), -1 at x = 1, from mpmath at 40 digits."""
    with mpmath.workdps(40):
        x = mpmath.mpf(x)
        return -1.0 if x == 1 else float(mpmath.log(x) / (1 - x))


def test_spence_right_of_its_seams_and_at_one_is_wrong_against_its_own_slope(tmp_path):
    path = tmp_path / "dilog63.py"
    path.write_text(SOURCE)
    points = [[1.9, 2.5, 0.3], [1.0]]
    report = gradcli.check(f"{path}:dilog_sum", [{"x": xs} for xs in points], dtypes=("float64",), fixes=False)
    assert [r.status for r in report.results] == ["wrong", "wrong"]
    for result, xs in zip(report.results, points):
        exact = np.asarray(result.exact_gradient["x"], dtype=float)
        np.testing.assert_allclose(exact, [_slope(x) for x in xs], rtol=1e-12)
        finding = result.findings[0]  # the rule, named first: NaN at any precision at 1.9 and 2.5, 0 at 1
        assert finding.kind in ("nonfinite-rule", "wrong-rule") and finding.op == "gradient rule"
        assert finding.location.endswith("dilog63.py:6") and "jax.scipy.special.spence" in finding.message
    with mpmath.workdps(40):
        value = sum(mpmath.polylog(2, 1 - mpmath.mpf(x)) for x in points[0])
    assert abs(float(report.results[0].exact_value) - float(value)) <= 1e-14 * abs(float(value))


def test_the_dilogarithm_on_mpmath_numbers_is_li2_everywhere_by_fast_series(monkeypatch):
    """gradcli's spence on mpmath numbers against mpmath's Li2 (at more digits), on every stretch its identities
    join; mpmath's polylog is only ever asked at |z| <= 1/2, where its series converges fast at any digits (nearer
    |z| = 1 it sums Bernoulli numbers: minutes at the digits the reference climbs to)."""
    from gradcli.autodiff.ops_scipy import _spence_mp

    asked, polylog = [], mpmath.polylog

    def spied(s, z):
        asked.append(z)
        return polylog(s, z)

    xs = ("0", "0.2", "0.5", "0.7", "1", "1.4", "1.5", "1.9", "2", "2.5", "3", "7.5", "40")
    with mpmath.workdps(50):
        want = [polylog(2, 1 - mpmath.mpf(x)) for x in xs]
    monkeypatch.setattr(mpmath, "polylog", spied)
    for x, li2 in zip(xs, want):
        with mpmath.workdps(30):
            got = _spence_mp(mpmath.mpf(x))
        assert abs(got - li2) <= mpmath.mpf(10) ** -28 * max(1, abs(li2)), x
    assert asked and all(abs(z) <= 0.5 for z in asked), [mpmath.nstr(z, 5) for z in asked]
