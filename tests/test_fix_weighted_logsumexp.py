"""A masked or weighted log-sum-exp written by hand, log(sum(exp(z) * mask)), is fixed as a log-sum-exp of z + log(mask)
in every framework (round 58d: none was offered): exp(z) w is exp(z + log w) where w >= 0, a weight of 0 an entry of
-inf, and the rewrite is re-checked. Truth: the log of the weighted sum by mpmath."""

import textwrap

import mpmath
import pytest

import gradcli

SOURCES = {
    "numpy": '''
        import numpy as np

        MASK = np.array([1.0, 1.0, 0.0])


        def masked_lse(z):
            return np.log(np.sum(MASK * np.exp(z)))
    ''',
    "torch": '''
        import torch

        MASK = torch.tensor([1.0, 1.0, 0.0], dtype=torch.float64)


        def masked_lse(z):
            return torch.log(torch.sum(torch.exp(z) * MASK, dim=0))
    ''',
    "tensorflow": '''
        import tensorflow as tf

        MASK = tf.constant([1.0, 1.0, 0.0], dtype=tf.float64)


        def masked_lse(z):
            return tf.math.log(tf.reduce_sum(tf.exp(z) * MASK))
    ''',
    "jax": '''
        import jax.numpy as jnp

        MASK = jnp.array([1.0, 1.0, 0.0])


        def masked_lse(z):
            return jnp.log(jnp.sum(jnp.exp(z) * MASK))
    ''',
}
STABLE = {"numpy": "scipy.special.logsumexp(z + np.log(MASK))",
          "torch": "torch.logsumexp(z + torch.log(MASK), dim=0)",
          "tensorflow": "tf.math.reduce_logsumexp(z + tf.math.log(MASK))",
          "jax": "jax.scipy.special.logsumexp(z + jnp.log(MASK))"}
POINT = [800.0, 1.0, 900.0]  # exp(800) overflows; the masked entry's exp(900) is no part of the sum


@pytest.mark.parametrize("framework", list(SOURCES))
def test_a_masked_log_sum_exp_that_overflows_is_fixed(tmp_path, framework):
    if framework != "numpy":
        pytest.importorskip(framework)
    path = tmp_path / f"masked_{framework}.py"
    path.write_text(textwrap.dedent(SOURCES[framework]))
    report = gradcli.check(f"{path}:masked_lse", [{"z": POINT}], dtypes=["float64"])
    result, = report.results
    assert result.status == "unstable"
    with mpmath.workdps(40):
        truth = mpmath.log(mpmath.exp(800) + mpmath.exp(1))
        assert abs(result.exact_value - truth) / truth < 1e-14
    fix = next(f for f in report.fixes if f.name == "logsumexp")
    assert STABLE[framework] in fix.diff, fix.diff
    assert set(fix.after.values()) == {"ok"} and not fix.partial
