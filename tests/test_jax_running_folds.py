"""JAX's running folds (cumprod, cumlogsumexp, cummax, cummin) are replayed as the pairwise ops JAX computes them with.

JAX differentiates a running fold as a parallel prefix scan (``lax.associative_scan``):
pairs first, then pairs of pairs. The program under test therefore multiplies x0*x1 and
x2*x3 before their product, and for x = (1e-30, 1e-30, 1e30, 1e30, 1e-30) in float32 the
first pair underflows to 0 while the second overflows to inf: JAX's value is 0 * inf =
NaN. A sequential replay (x0*x1*x2...) meets 0, never inf, so the forward op behind the
NaN went unnamed; replayed op for op, the overflowing multiply is named at the user's line.
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.capture.jax_walk import _SCANNED

SOURCE = """
    import jax
    import jax.numpy as jnp


    def tree(x):
        v = jnp.stack([x, x, 1.0 / x, 1.0 / x, x])
        return jnp.sum(jnp.cumprod(v))


    def lse(x):
        return jax.lax.cumlogsumexp(jnp.stack([x, x, x]))[-1] - x


    def folds(x):
        v = jnp.stack([x, 2.0 * x, 1.0 - x, 0.5 * x])
        return (jnp.sum(jax.lax.cumprod(v, reverse=True)) + jnp.sum(jax.lax.cummax(v)) + jnp.sum(jax.lax.cummin(v, reverse=True))
                + jnp.sum(jax.lax.cumlogsumexp(v)))
    """
TREE_LINE, LSE_LINE = 7, 11  # the lines of the folds above


@pytest.fixture
def model(tmp_path):
    path = tmp_path / "folds.py"
    path.write_text(textwrap.dedent(SOURCE).lstrip())
    return path


def test_the_overflow_inside_jax_s_prefix_scan_of_cumprod_is_named_at_the_users_line(model):
    result = gradcli.check(f"{model}:tree", [{"x": 1e-30}], dtypes=("float32",), fixes=False).results[0]
    assert np.isnan(result.value)  # JAX's own number: 0 * inf in its scan
    found = [(f.kind, f.phase, f.gradcli_op, f.op, f.location) for f in result.findings]
    overflow = ("nonfinite", "forward", "multiply", "jax.numpy.cumprod (mul)", f"{model}:{TREE_LINE}")
    assert overflow in found, found  # the scan's multiply, spelled as the user's cumprod


def test_a_cancellation_after_cumlogsumexp_is_named_at_the_users_line(model):
    result = gradcli.check(f"{model}:lse", [{"x": 1e10}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "unstable"
    found = [(f.kind, f.phase, f.location) for f in result.findings]
    assert ("cancellation", "forward", f"{model}:{LSE_LINE}") in found, found


def test_every_fold_is_ok_and_its_exact_gradient_is_jax_s_in_float64(model):
    import jax

    from gradcli.checker.targets import resolve

    target = resolve(f"{model}:folds")
    slope = jax.jit(jax.grad(target.bridge.forward.__self__.fun))  # one compiled program, not one per primitive
    points = (0.3, -1.7, 2.5)
    # one check of both dtypes: their programs compile together, as a user's check of both compiles them
    results = gradcli.check(target, [{"x": x} for x in points], dtypes=("float32", "float64"), fixes=False).results
    assert sorted((r.dtype, float(r.point["x"])) for r in results) == sorted((d, x) for d in ("float32", "float64") for x in points)
    for result in results:
        assert result.status.value == "ok", result.findings
        with jax.enable_x64(True):
            want = float(slope(np.float64(np.asarray(result.point["x"], dtype=result.dtype))))  # the point as the dtype holds it
        assert abs(float(result.exact_gradient["x"]) - want) <= 1e-10 * abs(want)


def test_the_scanned_folds_are_the_four_jax_differentiates_by_a_prefix_scan():
    from jax._src.interpreters import ad
    from jax._src.lax.control_flow import loops

    for name in _SCANNED:
        assert "combine_fn" in ad.primitive_jvps[getattr(loops, f"{name}_p")].keywords
