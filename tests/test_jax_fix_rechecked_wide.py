"""A JAX fix is re-checked in float64 with the module's constants as the user's float64 run holds them.

An item-response loss reads ``DISC = jnp.array([1.2, 0.8, 2.0])``, made at
import with x64 off (float32). A float64 check traces the function of the
module loaded again under x64, so 1.2 is 1.2; the rewritten copy a fix is
re-checked on, held in memory, has no ``__file__``, was never loaded again,
and its float32 1.2000000477 made its exact value 2561.8000381 against the
original's 2561.8: ``log_sigmoid`` was refused as "another function". The copy
is now loaded again under x64 from its own rewritten source.
"""

import textwrap

import pytest

import gradcli

SOURCE = '''
    import jax
    import jax.numpy as jnp

    DISC = jnp.array([1.2, 0.8, 2.0])
    DIFF = jnp.array([-1.0, 0.5, 1.5])
    RESP = jnp.array([1.0, 0.0, 1.0])


    def nll(theta):
        p = jax.nn.sigmoid(DISC * (theta - DIFF))
        return -jnp.sum(RESP * jnp.log(p) + (1.0 - RESP) * jnp.log(1.0 - p))
'''


def test_the_log_sigmoid_fix_is_rechecked_with_the_constants_as_written(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "irt.py"
    path.write_text(textwrap.dedent(SOURCE))
    report = gradcli.check(f"{path}:nll", [{"theta": -800.0}], dtypes=["float64"])
    assert report.results[0].status == "unstable"  # sigmoid(-960) underflows and log(0) follows
    fix = next((f for f in report.fixes if f.name == "log_sigmoid"), None)
    assert fix is not None, report.notes
    assert set(fix.after.values()) == {"ok"}
