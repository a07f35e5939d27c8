"""log(mean(exp(u))) in JAX gets the logsumexp fix, logsumexp(u, axis) - log(n), re-checked in JAX."""

import textwrap

import gradcli

SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp


    def smooth_max_rows(x):
        return jnp.sum(jnp.log(jnp.mean(jnp.exp(100.0 * x), axis=-1)))
    """
)


def test_log_mean_exp_over_an_axis_is_offered_logsumexp_minus_the_log_of_the_count(tmp_path):
    path = tmp_path / "lme51.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:smooth_max_rows", [{"x": [[8.0, 9.0, 3.0], [1.0, 2.0, 4.0]]}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["unstable"]
    fix = next(fix for fix in report.fixes if fix.name == "logsumexp")
    assert "+    return jnp.sum(jax.scipy.special.logsumexp(100.0 * x, axis=-1) - jnp.log(jnp.shape(100.0 * x)[-1]))" in fix.diff
    assert list(fix.after.values()) == ["ok"]
