"""A sweep holding a JAX typed key beside the swept variable: a fix's re-check at a failing interval's example is
given the key the user held, whatever made the interval fail (here the clock, deterministically)."""

import jax
import jax.numpy as jnp

from gradcli.checker.options import CheckOptions
from gradcli.sweep import sweep


def shifted(t, key):
    """sum((t + noise / 2)^2) over three draws from ``key``, which has to be the typed key the caller gave."""
    if not jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key):
        raise TypeError(f"shifted was handed {key.dtype}, not a typed key")
    return jnp.sum((t + 0.5 * jax.random.normal(key, (3,), jnp.result_type(t))) ** 2)


def test_a_sweep_out_of_time_looks_for_fixes_with_the_key_held():
    # --max-time spent before the first point: every checked point is out of time, an error interval whose example
    # the fixes' check is handed (the path a loaded machine takes at random).
    options = CheckOptions(dtypes=("float32",), max_time=1e-9)
    result = sweep(shifted, {"t": (-2.0, 2.0, 3)}, options, fixed={"key": jax.random.key(0)})
    [interval] = result.dtypes["float32"].intervals
    assert interval.kind == "out of time"
    assert result.fixes == []
    assert any(note.startswith("fixes not looked for at t=-2") for note in result.notes), result.notes
