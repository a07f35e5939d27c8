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
