"""A value that jumps is `domain` whatever a stop_gradient holds: ``x * stop_gradient(floor(x))`` at its tie x = 2 is
x floor(x), 2 from the left and 4 at the point (PyTorch's ``floor(x).detach()``: test_judge59_torch.py); off the tie
the held value's rule is judged as before."""

import numpy as np

import gradcli
import gradcli.numpy as gnp


def held_floor(x):
    return x * gradcli.stop_gradient(gnp.floor(x))


def _jump_of(result):
    return [f for f in result.findings if f.kind == "jump"]


def test_a_held_floor_at_its_tie_jumps_in_every_dtype():
    results = gradcli.check(held_floor, [{"x": 2.0}], dtypes=("float32", "float64"), fixes=False).results
    for result in results:
        assert result.status == "domain", (result.dtype, result.status, [f.message for f in result.findings])
        (jump,) = _jump_of(result)
        assert "its value is 2 from the left and 4 from the right (4 at the point)" in jump.message
        assert "at its switch floor" in jump.message
        assert np.isnan(float(result.exact_gradient["x"]))
        assert any("a stop_gradient changes the derivative" in note for note in result.notes)


def test_a_held_floor_off_its_tie_keeps_the_held_rule():
    (result,) = gradcli.check(held_floor, [{"x": 2.5}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok" and not _jump_of(result)
    assert float(result.exact_gradient["x"]) == 2.0  # floor(2.5), held constant
