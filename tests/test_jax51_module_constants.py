"""A JAX module's constants typed float32 (``C = jnp.float32(0.1)``) are float32 in a float64 run, as in JAX's own
float64 program (x64 on before the import): each is named with its line in a note, and the run and its exact
reference hold the float32 numbers. ``W = jnp.array([...])``, float64 in that program, is held as written there
(tests/test_jax63_module_constants.py)."""

import textwrap

import numpy as np

import gradcli

SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp

    LR = jnp.float32(0.1)
    W = jnp.array([0.3, 0.7])
    HALF = jnp.float32(0.5)
    UNUSED = jnp.array(0.2)


    def scaled(x):
        return x * LR


    def loss(x):
        return jnp.sum(jnp.sin(scaled(x)) * W * HALF)
    """
)


def test_a_module_constant_typed_float32_in_a_float64_run_is_named_at_its_line_and_held_as_float32(tmp_path):
    path = tmp_path / "consts51.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:loss", [{"x": [0.5, 1.0]}], fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok"]
    said = [note for note in report.notes if "JAX array" in note]
    assert len(said) == 1, report.notes  # HALF is 0.5 in float32 too; UNUSED is not read; W is float64 under x64
    assert said[0].startswith("LR (consts51.py:3) is a float32 JAX array") and "0.10000000149011612" in said[0]
    assert "float64 run" in said[0] and "no float32 dtype" in said[0]
    x, lr, w = np.array([0.5, 1.0]), float(np.float32(0.1)), np.array([0.3, 0.7])
    want = lr * np.cos(x * lr) * w * 0.5  # LR's float32 number, W's 0.3 and 0.7
    wide = report.results[1]
    got = np.array([float(g) for g in np.ravel(wide.exact_gradient["x"])])
    assert np.all(np.abs(got - want) <= 1e-15 * np.abs(want))


def test_no_note_for_a_float32_check(tmp_path):
    path = tmp_path / "consts51b.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:loss", [{"x": [0.5, 1.0]}], dtypes=("float32",), fixes=False)
    assert not [note for note in report.notes if "JAX array" in note]
