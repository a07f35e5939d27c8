"""JAX targets in sweeps: a fix's re-check at a failing interval's example is given the typed key the user held,
whatever made the interval fail (here the clock, deterministically); a module's float32 constants noted once per sweep."""

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


CONSTANTS = '''\
import jax.numpy as jnp

LR = jnp.float32(0.1)


def loss(x):
    return jnp.sin(x * LR)
'''


def test_a_module_constant_float32_in_a_float64_sweep_is_noted_once(tmp_path):
    path = tmp_path / "consts_swept.py"
    path.write_text(CONSTANTS)
    result = sweep(f"{path}:loss", {"x": (0.5, 1.5, 3)}, CheckOptions(dtypes=("float32", "float64"), fixes=False))
    assert [i.status for d in result.dtypes.values() for i in d.intervals] == ["ok", "ok"]
    said = [note for note in result.notes if "JAX array" in note]
    assert len(said) == 1, result.notes  # one sweep, many points: one note
    assert said[0].startswith("LR (consts_swept.py:3) is a float32 JAX array") and "0.10000000149011612" in said[0]
    assert "float64 run" in said[0]


SOFTPLUS = '''\
import jax.numpy as jnp


def loss(t, n):
    return jnp.log(1 + jnp.exp(t)) * n
'''


def test_fixes_are_swept_with_a_python_int_held_as_data(tmp_path):
    # n is data to JAX, held inside the flattened target (no variable of its points), as a key is.
    path = tmp_path / "softn.py"
    path.write_text(SOFTPLUS)
    result = sweep(f"{path}:loss", {"t": (0.0, 200.0, 9)}, CheckOptions(dtypes=("float32",)), fixed={"n": 2})
    assert [i.status for i in result.dtypes["float32"].intervals] == ["ok", "unstable", "unstable"]
    by_name = {fix.name: fix for fix in result.fixes}
    assert by_name["softplus"].better, result.notes
    assert [str(i.status) for i in by_name["softplus"].after["float32"]] == ["ok"]
