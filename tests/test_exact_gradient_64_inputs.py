"""A Python function's exact gradient entry by entry up to 64 inputs off a switch; 16 at a point that decides one at a tie."""

import numpy as np

import gradcli
import gradcli.numpy as gnp

from gradcli.checker.precision import MAX_FD_COORDINATES, MAX_JET_COORDINATES


def smooth(w):
    return gnp.sum(gnp.tanh(w) * gnp.log1p(w * w))


def on_a_switch(w):
    return gnp.sum(gnp.abs(w) * gnp.exp(w))


def _truth(w):
    """d/dw of sum(tanh(w) log1p(w^2)), in float64 (its own arithmetic, not gradcli's)."""
    t = np.tanh(w)
    return (1 - t * t) * np.log1p(w * w) + t * 2 * w / (1 + w * w)


def test_a_smooth_function_of_40_inputs_gets_every_exact_entry():
    w = 0.1 + np.arange(40) / 50
    assert MAX_FD_COORDINATES < w.size <= MAX_JET_COORDINATES
    [result] = gradcli.check(smooth, [{"w": w}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok"
    assert result.exact_directional is None
    np.testing.assert_allclose(np.asarray(result.exact_gradient["w"], dtype=np.float64), _truth(w), rtol=1e-12, atol=0)


def test_a_point_deciding_a_switch_at_a_tie_stays_along_one_direction_above_16():
    w = np.where(np.arange(40) % 2 == 1, 0.0, 0.1 + np.arange(40) / 50)  # abs at 0 on every other entry
    [result] = gradcli.check(on_a_switch, [{"w": w}], dtypes=("float64",), fixes=False).results
    assert result.exact_gradient["w"] is None
    assert result.exact_directional is not None
