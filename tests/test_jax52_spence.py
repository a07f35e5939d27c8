"""JAX's spence, which joins Cephes' approximations at 0.5, 1.5 and 2, replayed as the dilogarithm Li2(1 - x).

Replayed step by step on exact numbers, the approximations' seams are jumps of
a few ulps, which the kink test reads as a singularity where spence is smooth.
"""

import textwrap

import mpmath
import numpy as np
import gradcli

SOURCE = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    def dilog_sum(x):
        return jnp.sum(jax.scipy.special.spence(x))
    """
)


def _slope(x):
    """spence'(x) = log(x) / (1 - x), from mpmath at 30 digits."""
    with mpmath.workdps(30):
        return float(mpmath.log(x) / (1 - mpmath.mpf(x)))


def test_spence_at_its_seams_has_the_dilogarithms_slope(tmp_path):
    """At 0.5 JAX's gradient is right; at 1.5 and 2 JAX's untaken branch's log(1 - x) leaks NaN into it: `wrong`,
    judged against spence's own slope, never a singularity. The jit that marks spence in the forward graph is there
    only while it is traced."""
    from jax._src.scipy import special

    before = special._spence
    path = tmp_path / "dilog52.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:dilog_sum", [{"x": [0.5, 3.0]}, {"x": [1.5, 2.0]}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok", "wrong"]
    for result, xs in zip(report.results, ([0.5, 3.0], [1.5, 2.0])):
        np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [_slope(x) for x in xs],
                                   rtol=1e-12)
    assert np.isnan(np.asarray(report.results[1].gradient["x"], dtype=float)).all()
    assert special._spence is before


SICI_SOURCE = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    def si_times_ci(x):
        si, ci = jax.scipy.special.sici(x)
        return jnp.sum(si * ci)
    """
)


def test_sici_at_its_seam_at_4_is_si_and_ci(tmp_path):
    """JAX's sici joins Cephes' series to its asymptotic forms at 4: replayed as Si and Ci, smooth there (Ci(|x|)
    left of 0, as JAX's and SciPy's)."""
    path = tmp_path / "sici52.py"
    path.write_text(SICI_SOURCE)
    xs = [4.0, -1.0]
    report = gradcli.check(f"{path}:si_times_ci", [{"x": xs}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok"]
    with mpmath.workdps(30):
        slopes = [float(mpmath.sin(x) / x * mpmath.ci(abs(x)) + mpmath.si(x) * mpmath.cos(x) / x) for x in xs]
    np.testing.assert_allclose(np.asarray(report.results[0].exact_gradient["x"], dtype=float), slopes, rtol=1e-12)


def test_si_and_ci_ops_on_floats_and_mpmath():
    """gradcli's Si and Ci: SciPy's numbers in a dtype, mpmath's at high precision, slopes sin(x)/x (1 at 0) and
    cos(x)/x."""
    from gradcli.autodiff import mp
    from gradcli.autodiff.ops_scipy import ci, si
    from gradcli.autodiff.transforms import grad

    mp.enable()  # the ops take mpmath numbers once enabled, whichever test ran first in this process

    assert si(np.float32(4.0)).dtype == np.float32
    np.testing.assert_allclose([si(4.0), ci(-4.0)], [1.7582031389490531, -0.14098169788693041], rtol=1e-15)
    assert grad(si)(0.0) == 1.0
    np.testing.assert_allclose([grad(si)(4.0), grad(ci)(-4.0)], [np.sin(4.0) / 4, np.cos(-4.0) / -4.0], rtol=1e-15)
    with mpmath.workdps(40):
        assert abs(ci(mpmath.mpf(-4)) - mpmath.ci(4)) < mpmath.mpf(10) ** -38
        assert ci(mpmath.mpf(0)) == mpmath.ninf
