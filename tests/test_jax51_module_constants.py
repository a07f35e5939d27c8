"""A JAX module's constants made at import with x64 off (``C = jnp.float32(0.1)``, ``W = jnp.array([...])``) are
float32 in a float64 run: each is named with its line in a note, and the run and its exact reference hold the
float32 numbers, as JAX's own float64 program does."""

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


def test_a_module_constant_float32_in_a_float64_run_is_named_at_its_line_and_held_as_float32(tmp_path):
    path = tmp_path / "consts51.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:loss", [{"x": [0.5, 1.0]}], fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok"]
    said = [note for note in report.notes if "JAX array" in note]
    assert len(said) == 2, report.notes  # HALF is 0.5 in float32 too; UNUSED is not read
    assert said[0].startswith("LR (consts51.py:3) is a float32 JAX array") and "0.10000000149011612" in said[0]
    assert said[1].startswith("W (consts51.py:4) is a float32 JAX array") and "float64 run" in said[1]
    x, lr, w = np.array([0.5, 1.0]), float(np.float32(0.1)), np.array([0.3, 0.7], np.float32).astype(float)
    want = lr * np.cos(x * lr) * w * 0.5  # the float32 numbers, not 0.1, 0.3 and 0.7
    wide = report.results[1]
    got = np.array([float(g) for g in np.ravel(wide.exact_gradient["x"])])
    assert np.all(np.abs(got - want) <= 1e-15 * np.abs(want))


def test_no_note_for_a_float32_check(tmp_path):
    path = tmp_path / "consts51b.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:loss", [{"x": [0.5, 1.0]}], dtypes=("float32",), fixes=False)
    assert not [note for note in report.notes if "JAX array" in note]
