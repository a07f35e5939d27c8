"""The op that underflowed to 0 in one entry of an array, the 0 a later op could not take, is named at its line
(Adam's second moment: g * g of a tiny g is 0 in that entry alone, and sqrt's slope there is infinite): in plain
NumPy, where gradcli's sqrt rule meets the 0, and in JAX, whose own backward program divides by it."""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent(
    """\
    import numpy as np


    def adam_like(w):
        v = 0.001 * w * w
        return np.sum(w / (np.sqrt(v) + 1e-8))
    """
)


@pytest.mark.parametrize(
    "module, spelled, reached", [("numpy", "multiply", "reached sqrt"), ("jax.numpy", "* (mul)", "reached divide")]
)
def test_an_underflow_in_one_entry_is_named_as_the_root_cause(tmp_path, module, spelled, reached):
    path = tmp_path / "adam51.py"
    path.write_text(SOURCE.replace("import numpy as np", f"import {module} as np"))
    report = gradcli.check(f"{path}:adam_like", [{"w": [0.5, 1e-25]}], dtypes=("float32",), fixes=False)
    (result,) = report.results
    assert result.status == "unstable"
    (underflow,) = [f for f in result.findings if f.kind == "underflow"]
    assert (underflow.gradcli_op or underflow.op) == "multiply" and underflow.location.endswith("adam51.py:5"), underflow
    assert underflow.op == spelled, underflow  # JAX's findings spell the op as the user's line wrote it
    assert "underflowed to [0.00025, 0]" in underflow.message and reached in underflow.message, underflow.message
