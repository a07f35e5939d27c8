"""What the twenty-third round (a) of user trials found (tests/test_user_trials23a.py, tests/trials/cases23a.py), for
the whole class of each finding: PyTorch's scatter_reduce in every reduction with and without the place's own value
(G1), signbit on floats and exact numbers (S1), item() of a tensor the function made (L1), custom ops of any body and
arity traced through their Python bodies (K1); TensorFlow's pools (TP1) and bilinear resize (TR1) on NumPy arrays; a
float cast in gradcli.numpy code on exact numbers (A1), an explanation past a getitem keyed by index arrays (X1), and
weights written under torch.no_grad held as constants at a relu corner (R2).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import os
import sys

import mpmath
import numpy as np
import pytest
import torch

import gradcli
import gradcli.numpy as gnp
from gradcli.capture import tf_ops_more, torch_ops

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import torch_lib23a  # noqa: E402  - the trial's relu RNN cell (R2)

PLACES = np.array([[0, 2, 0], [1, 1, 2]])
SOURCE = np.array([[1.5, -2.0, 4.0], [0.5, 3.0, -1.0]])
INTO = np.array([[1.0, 2.0, -3.0], [0.25, -0.5, 2.0]])


@pytest.mark.parametrize("include_self", [True, False])
@pytest.mark.parametrize("reduce", ["sum", "prod", "mean", "amax", "amin"])
def test_scatter_reduce_replays_as_pytorch_reduces_each_place(reduce, include_self):
    own = torch.tensor(INTO).scatter_reduce(1, torch.tensor(PLACES), torch.tensor(SOURCE), reduce=reduce,
                                            include_self=include_self)
    replayed = torch_ops.OPS["scatter_reduce"](INTO, 1, PLACES, SOURCE, reduce, include_self=include_self)
    np.testing.assert_allclose(replayed, own.numpy(), rtol=1e-15, atol=0)
    exact = np.array([[mpmath.mpf(v) for v in row] for row in SOURCE], dtype=object)
    on_numbers = torch_ops.OPS["scatter_reduce"](INTO, 1, PLACES, exact, reduce, include_self=include_self)
    np.testing.assert_allclose(np.array(on_numbers, dtype=float), own.numpy(), rtol=1e-15, atol=0)


def grouped(x):
    """Each group's largest value and the other group's product, by scatter_reduce along the rows of a matrix."""
    groups = torch.tensor([[0, 1, 0], [1, 1, 0]])
    top = torch.zeros(2, 2, dtype=x.dtype).scatter_reduce(1, groups, x, reduce="amax", include_self=False)
    product = torch.ones(2, 2, dtype=x.dtype).scatter_reduce(1, groups, x, reduce="prod")
    return (top * torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=x.dtype)).sum() + product.sum()


def test_a_group_maximum_is_smooth_off_a_tie_and_a_kink_at_one():
    apart, tied = gradcli.check(grouped, [{"x": [[1.0, 5.0, 3.0], [2.0, 0.0, 0.5]]},
                                          {"x": [[3.0, 5.0, 3.0], [2.0, 0.0, 0.5]]}],
                                dtypes=("float64",), framework="torch").results
    assert apart.status == "ok"
    # row 0: max(x00, x02) weighted 1 (x02), x01 weighted 2; products x00 x02 and x01; row 1: max(x10, x11) weighted
    # 4 (x10), x12 weighted 3; products x12 and x10 x11
    np.testing.assert_allclose(apart.exact_gradient["x"], [[3.0, 3.0, 2.0], [4.0, 2.0, 4.0]], rtol=1e-15, atol=0)
    assert tied.status == "domain"


def test_signbit_replays_the_sign_bit_of_floats_and_the_sign_of_exact_numbers():
    values = np.array([-2.0, -0.0, 0.0, 3.0])
    own = torch.signbit(torch.tensor(values)).numpy()
    assert np.asarray(torch_ops.OPS["signbit"](values)).tolist() == own.tolist() == [True, True, False, False]
    exact = np.array([mpmath.mpf(v) for v in (-2, 0, 3)], dtype=object)
    assert np.asarray(torch_ops.OPS["signbit"](exact)).tolist() == [True, False, False]


def flipped(x, y):
    return (torch.copysign(x, y) * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


def test_copysign_takes_the_sign_of_its_second_argument_and_is_flat_in_it():
    result = gradcli.check(flipped, [{"x": [2.0, -1.0], "y": [-1.0, 3.0]}], dtypes=("float64",),
                           framework="torch").results[0]
    assert result.status == "ok"
    assert list(result.exact_gradient["x"]) == [-1.0, -2.0] and list(result.exact_gradient["y"]) == [0.0, 0.0]


def filled(x):
    """A row filled with a number a 0-d tensor holds (torch.full reads it by item())."""
    row = torch.full((2,), torch.tensor(0.5, dtype=torch.float64) * 3, dtype=x.dtype)
    return (row * x ** 2).sum()


def test_the_number_a_tensor_of_the_function_holds_is_a_constant_of_the_replay():
    result = gradcli.check(filled, [{"x": [1.0, -2.0]}], dtypes=("float64",), framework="torch").results[0]
    assert result.status == "ok"
    assert list(result.exact_gradient["x"]) == [3.0, -6.0]


@torch.library.custom_op("test_trial_findings23a::scaled_exp", mutates_args=())
def scaled_exp(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return x * torch.exp(y)


@scaled_exp.register_fake
def _(x, y):
    return torch.empty_like(x)


def _keep_inputs(ctx, inputs, output):
    ctx.save_for_backward(*inputs, output)


def _scaled_exp_backward(ctx, grad):
    x, y, out = ctx.saved_tensors
    return grad * torch.exp(y), grad * x  # the slope in y is out, x e^y: e^y is dropped


scaled_exp.register_autograd(_scaled_exp_backward, setup_context=_keep_inputs)


def exp_readout(x, y):
    return (scaled_exp(x, y) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def test_a_custom_op_is_replayed_through_its_python_body_so_its_rule_is_judged():
    off, right = gradcli.check(exp_readout, [{"x": [1.5, 2.0], "y": [0.5, -1.0]}, {"x": [1.5, 2.0], "y": [0.0, 0.0]}],
                               dtypes=("float64",), framework="torch").results
    assert off.status == "wrong"
    assert any(finding.op == "gradient rule _scaled_exp_backward(), registered by register_autograd"
               for finding in off.findings)
    np.testing.assert_allclose(off.exact_gradient["y"], [1.5 * np.exp(0.5), -4.0 * np.exp(-1.0)], rtol=1e-15)
    assert right.status == "ok"  # e^0 = 1: the dropped factor is harmless there


# TensorFlow's pools (TP1), on NumPy arrays (this file imports PyTorch alone; the trials run them in TensorFlow).


IMAGE = np.arange(20.0).reshape(1, 4, 5, 1) % 7 - 3  # NHWC, ties among the repeated values


def _by_hand(x, kernel, strides, same, reduce):
    """Each window of ``x``'s two spatial axes, SAME's padding as NaN that ``reduce`` (nanmax, nanmean) skips."""
    rows, cols = x.shape[1:3]
    out_rows, out_cols = ((-(-rows // strides[0]), -(-cols // strides[1])) if same else
                          ((rows - kernel[0]) // strides[0] + 1, (cols - kernel[1]) // strides[1] + 1))
    pad = [max((o - 1) * s + k - n, 0) if same else 0 for o, s, k, n in
           zip((out_rows, out_cols), strides, kernel, (rows, cols))]
    padded = np.pad(x[0, :, :, 0], [(p // 2, p - p // 2) for p in pad], constant_values=np.nan)
    return np.array([[reduce(padded[i * strides[0]:i * strides[0] + kernel[0], j * strides[1]:j * strides[1] + kernel[1]])
                      for j in range(out_cols)] for i in range(out_rows)])[None, :, :, None]


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
@pytest.mark.parametrize("name, reduce", [("MaxPool", np.nanmax), ("AvgPool", np.nanmean)])
def test_tensorflow_pools_replay_each_window(name, reduce, padding):
    for kernel, strides in (((2, 3), (2, 2)), ((2, 2), (1, 2))):  # SAME pads 1 and 1, then 0 and 1 (the extra one high)
        attrs = {"ksize": [1, *kernel, 1], "strides": [1, *strides, 1], "padding": padding, "data_format": "NHWC"}
        replay, _ = tf_ops_more.MORE_OPS[name]
        got = replay([IMAGE], attrs)
        np.testing.assert_allclose(got, _by_hand(IMAGE, kernel, strides, padding == "SAME", reduce), rtol=1e-15, atol=0)


def test_max_pool_grad_gives_a_tied_window_to_its_first_maximum():
    attrs = {"ksize": [1, 1, 2, 1], "strides": [1, 1, 2, 1], "padding": "VALID"}
    x = np.array([2.0, 2.0, 2.0, -1.0]).reshape(1, 1, 4, 1)
    backward, _ = tf_ops_more.MORE_OPS["MaxPoolGrad"]
    grad = backward([x, None, np.array([1.0, -2.0]).reshape(1, 1, 2, 1)], attrs)
    assert np.ravel(grad).tolist() == [1.0, 0.0, -2.0, 0.0]


def test_avg_pool_grad_is_the_transpose_of_the_average_pool():
    attrs = {"ksize": [1, 2, 3, 1], "strides": [1, 1, 2, 1], "padding": "SAME", "data_format": "NHWC"}
    forward, _ = tf_ops_more.MORE_OPS["AvgPool"]
    backward, _ = tf_ops_more.MORE_OPS["AvgPoolGrad"]
    dy = np.random.default_rng(0).standard_normal(np.shape(forward([IMAGE], attrs)))
    pulled = backward([np.array(IMAGE.shape), dy], attrs)
    assert np.vdot(forward([IMAGE], attrs), dy) == pytest.approx(np.vdot(IMAGE, pulled), rel=1e-14)


# TensorFlow's bilinear resize (TR1), on NumPy arrays.

SMALL = np.array([[1.0, 2.0], [3.0, -1.0]]).reshape(1, 2, 2, 1)


@pytest.mark.parametrize("attrs, rows", [
    # half-pixel centres, 2 -> 3: the ends copy the edge places, the middle is their average
    ({"half_pixel_centers": True}, [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]),
    # the legacy scaler, 2 -> 3: i * 2/3 (float32's 0.6666667), the last place past the end held at the edge
    ({}, [[1.0, 0.0], [1 - float(np.float32(2) / np.float32(3)), float(np.float32(2) / np.float32(3))], [0.0, 1.0]]),
    ({"align_corners": True}, [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]),
])
def test_bilinear_resize_replays_each_place_as_a_lerp_of_two(attrs, rows):
    replay, _ = tf_ops_more.MORE_OPS["ResizeBilinear"]
    got = replay([SMALL, np.array([3, 3])], attrs)
    weights = np.array(rows)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got[0, :, :, 0], weights @ SMALL[0, :, :, 0] @ weights.T, rtol=0, atol=1e-6)
    exact = np.array([mpmath.mpf(v) for v in SMALL.ravel()], dtype=object).reshape(SMALL.shape)
    np.testing.assert_allclose(np.array(replay([exact, np.array([3, 3])], attrs), dtype=float), got, rtol=0, atol=1e-6)


def test_bilinear_resize_grad_is_the_transpose_of_the_resize_in_the_image_dtype():
    attrs = {"half_pixel_centers": True}
    forward, _ = tf_ops_more.MORE_OPS["ResizeBilinear"]
    backward, _ = tf_ops_more.MORE_OPS["ResizeBilinearGrad"]
    image = np.random.default_rng(1).standard_normal((1, 3, 2, 2))
    dy = np.random.default_rng(2).standard_normal((1, 5, 4, 2)).astype(np.float32)
    pulled = backward([dy, image], attrs)
    assert pulled.dtype == np.float64
    assert np.vdot(forward([image, np.array([5, 4])], attrs), dy) == pytest.approx(np.vdot(image, pulled), rel=1e-6)


def squares_in_float32(x):
    return gnp.sum(x.astype(np.float32) ** 2)


def test_a_float32_cast_in_gradcli_numpy_code_is_the_identity_of_the_exact_reference():
    """A1: the exact run cast its numbers to float32 constants, so the exact gradient was 0 and the verdict wrong."""
    result = gradcli.check(squares_in_float32, [{"x": [0.1, 0.2]}], dtypes=("float64",)).results[0]
    assert result.status == "unstable"  # float32's digits, as the cast's finding says
    np.testing.assert_allclose(result.exact_gradient["x"], [0.2, 0.4], rtol=1e-15, atol=0)


def picked_in_float32(x):
    """Columns picked by an index array from a float32 copy: the explanation walks a getitem whose key is a tuple."""
    y = gnp.asarray(x, dtype=np.float32)[:, np.array([1, 0, 1])]
    return gnp.sum(y * y)


def test_an_inaccuracy_is_explained_past_a_getitem_keyed_by_slices_and_index_arrays():
    result = gradcli.check(picked_in_float32, [{"x": [[0.1, 0.2], [0.3, -0.7]]}], dtypes=("float64",)).results[0]
    assert result.status == "unstable"
    assert any("float32" in finding.message for finding in result.findings)


class _LibraryOp:
    """An op of another library than ATen as make_fx records it (a schema named ``library::name``)."""

    _overloadname = "default"

    class _schema:
        name = "visionlib::roi_pool"


def test_an_op_of_another_library_is_named_by_its_library_where_it_has_no_replay():
    from gradcli.capture import torch_graph
    from gradcli.errors import InputError

    with pytest.raises(InputError, match=r"the PyTorch op visionlib\.roi_pool\.default at user\.py:3 has no replay"):
        torch_graph._replay_of(_LibraryOp(), "user.py:3")


def test_weights_written_under_no_grad_are_constants_so_a_relu_corner_is_a_kink():
    """R2's class, one step of a relu RNN cell whose weights the function writes under torch.no_grad (the trial's):
    weights held by a stop_gradient that depend on no input are not shifted by the exact reference's moves, so the
    first unit's pre-activation x0 - x1 + 0.5, exactly 0 at [0.5, 1], is a relu corner (domain), not 'a difference
    would move the value a stop_gradient holds constant'; off the corner the slope is the weights'."""
    corner, off = gradcli.check(torch_lib23a.relu_rnn_step, [{"x": [0.5, 1.0]}, {"x": [2.0, 1.0]}],
                                dtypes=("float64",), framework="torch").results
    assert corner.status == "domain"
    assert not any("stop_gradient" in finding.message for finding in corner.findings)
    # at [2, 1] both units are on (2 - 1 + 0.5 and 1 + 2 - 1): 2 [1, -1] - 3 [0.5, 2]
    assert off.status == "ok"
    np.testing.assert_allclose(off.exact_gradient["x"], [2 * 1.0 - 3 * 0.5, 2 * -1.0 - 3 * 2.0], rtol=1e-15, atol=0)
