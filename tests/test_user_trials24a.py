"""The twenty-fourth round (a) of user trials (tests/trials/cases24a.py), PyTorch and TensorFlow/Keras: singular
values at repeated and zero singular values, a pseudo-inverse at a rank drop, triangular solves, Kronecker
products, std_mean on a flat row, a bucketize lookup table, causal and hand-written attention, transposed and
depthwise convolutions, pixel_shuffle, cumulative_trapezoid, cholesky_inverse, Beta/Dirichlet concentrations, a
gradient penalty through torch.func.grad, autograd.Functions with mark_non_differentiable; TensorFlow's Dawson integral
far out, expm, RGB to HSV, a complex number's angle and modulus, segment products and maxima, Keras' MAPE, a Newton
solve in a while_loop behind custom gradients.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases24a.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Known disagreements are strict xfails naming their finding (none are
open). The findings' classes are tested
below: transposed convolutions of any rank, stride, padding, dilation, output padding and groups (C1),
cholesky_inverse and linalg.pinv (L1), and TensorFlow's RGBToHSV (H1) and depthwise convolutions (W1) on NumPy arrays;
a complex phase on its cut (B1) is a chosen trial.
"""

import colorsys
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases24a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib24a:upsample_energy@x=[1,-1,2]:float64":
        "C1: F.conv_transpose1d (aten.convolution with transposed=True) had no replay (exit 2): ok, exact "
        "[15, -44, 64]",
    "torch_lib24a:precision_trace@l=[[2,0],[0.5,1]]:float64":
        "L1: torch.cholesky_inverse (aten.cholesky_inverse) had no replay (exit 2): ok, the upper entry's slope 0",
    "torch_lib24a:pinv_readout@a=[[2,1],[0.5,3]]:float64":
        "L1: torch.linalg.pinv (aten.linalg_pinv.atol_rtol_tensor) had no replay (exit 2): ok at an invertible matrix",
    "torch_lib24a:pinv_readout@a=[[1,2],[2,4]]:float64":
        "L1 at a rank drop: PyTorch's cutoff (2 eps times the largest singular value) keeps the rank under moves that "
        "small, so the slope is the rank-1 truncation's and ok is right",
    "torch_lib24a:phase_sum@re=[1,-2],im=[0.5,0]:float64":
        "B1: torch.angle(torch.complex(re, im)) at -2 + 0i jumps in im (domain) and is flat (pi) in re along the cut; "
        "the complex rule's NaN for re was settled as 'no finite derivative (the one-sided slopes agree)': where the "
        "kink test found no kink, the slope both sides share (0)",
    "torch_lib24a:lse_weighted@x=[800,-1,2]:float64":
        "an autograd.Function's backward exponentiating unshifted: unstable, named at its return line",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases24a, CHOSEN, KNOWN_WRONG, SYMPTOMS)


# What the trials found, for the whole class: transposed convolutions in every form aten.convolution takes (C1),
# cholesky_inverse and pinv (L1).

import mpmath  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

import gradcli  # noqa: E402
from gradcli.autodiff import mp as mp_core  # noqa: E402
from gradcli.capture import torch_nn_ops, torch_ops  # noqa: E402

TRANSPOSED = [  # rank, in channels, out channels, groups, kernel, stride, padding, dilation, output padding
    (1, 1, 1, 1, 3, 2, 0, 1, 0),
    (1, 2, 4, 2, 3, 2, 1, 1, 1),
    (1, 3, 2, 1, 2, 3, 2, 2, 0),
    (1, 4, 2, 2, 4, 3, 3, 1, 2),
    (2, 2, 2, 2, 3, 2, 1, 1, 1),
    (2, 1, 3, 1, 2, 1, 0, 2, 0),
]


def _transposed_case(rank, cin, cout, groups, k, stride, padding, dilation, extra, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((2, cin) + (4,) * rank)
    w = rng.standard_normal((cin, cout // groups) + (k,) * rank)
    b = rng.standard_normal(cout)
    options = ([stride] * rank, [padding] * rank, [dilation] * rank, True, [extra] * rank, groups)
    return x, w, b, options


@pytest.mark.parametrize("form", TRANSPOSED)
def test_a_transposed_convolution_replays_as_pytorch_computes_it(form):
    x, w, b, options = _transposed_case(*form)
    own = torch.ops.aten.convolution(torch.tensor(x), torch.tensor(w), torch.tensor(b), *options).numpy()
    np.testing.assert_allclose(torch_nn_ops._convolution(x, w, b, *options), own, rtol=1e-13, atol=1e-13)


def test_a_transposed_convolution_on_exact_numbers_is_the_float_one_to_the_last_digit():
    mp_core.enable()
    x, w, b, options = _transposed_case(*TRANSPOSED[1])
    exact = [np.array([mpmath.mpf(v) for v in a.ravel()], dtype=object).reshape(a.shape) for a in (x, w, b)]
    got = np.array(torch_nn_ops._convolution(*exact, *options), dtype=float)
    np.testing.assert_allclose(got, torch_nn_ops._convolution(x, w, b, *options), rtol=1e-14, atol=1e-14)


@pytest.mark.parametrize("form", TRANSPOSED[1:5:3])
def test_a_transposed_convolutions_backward_is_pytorchs(form):
    x, w, b, options = _transposed_case(*form, seed=1)
    xt, wt = torch.tensor(x, requires_grad=True), torch.tensor(w, requires_grad=True)
    out = torch.ops.aten.convolution(xt, wt, torch.tensor(b), *options)
    g = np.random.default_rng(2).standard_normal(out.shape)
    out.backward(torch.tensor(g))
    grad_x, grad_w, grad_b = torch_nn_ops._convolution_backward(g, x, w, [len(b)], *options, [True, True, True])
    np.testing.assert_allclose(grad_x, xt.grad.numpy(), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(grad_w, wt.grad.numpy(), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(grad_b, g.sum(axis=tuple(i for i in range(g.ndim) if i != 1)), rtol=1e-12)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_inverse_replays_the_inverse_of_the_factors_product(upper):
    factor = np.array([[[2.0, 0.0, 0.0], [0.5, 1.5, 0.0], [-1.0, 0.25, 3.0]]] * 2)
    factor[1] *= 0.5
    if upper:
        factor = np.swapaxes(factor, -1, -2)
    own = torch.cholesky_inverse(torch.tensor(factor), upper=upper).numpy()
    np.testing.assert_allclose(torch_ops.OPS["cholesky_inverse"](factor, upper), own, rtol=1e-13, atol=1e-15)
    assert torch_ops.OPS["cholesky_inverse"](factor.astype(np.float32), upper).dtype == np.float32


def test_pinv_keeps_the_singular_values_pytorch_keeps_in_each_dtype():
    # singular values 1 and 1e-7: above float64's cutoff (2 * 2.2e-16), below float32's (2 * 1.2e-7)
    a = np.diag([1.0, 1e-7]) @ np.array([[0.6, 0.8], [-0.8, 0.6]])
    for dtype in (np.float64, np.float32):
        own = torch.linalg.pinv(torch.tensor(a.astype(dtype))).numpy()
        np.testing.assert_allclose(torch_ops.OPS["linalg_pinv"](a.astype(dtype)), own, rtol=1e-5, atol=1e-3)


def test_pinv_with_an_absolute_cutoff_is_refused_in_words():
    from gradcli.errors import InputError

    with pytest.raises(InputError, match="linalg_pinv with atol= is not replayed"):
        torch_ops.OPS["linalg_pinv"](np.eye(2), atol=np.array(0.1))


# TensorFlow's RGBToHSV (H1) and depthwise convolutions (W1), on NumPy arrays (this file imports PyTorch alone; the
# trials run them in TensorFlow).

from gradcli.capture import tf_ops_more  # noqa: E402

PIXELS = np.array([[0.2, 0.5, 0.9], [0.9, 0.5, 0.2], [0.5, 0.5, 0.2], [0.3, 0.3, 0.3], [0.0, 0.0, 0.0],
                   [0.1, 0.8, 0.8], [0.7, 0.1, 0.4], [1.0, 0.0, 0.0]])


def test_rgb_to_hsv_replays_each_pixel_as_colorsys_converts_it():
    mp_core.enable()
    replay, _ = tf_ops_more.MORE_OPS["RGBToHSV"]
    got = replay([PIXELS.reshape(2, 4, 3)], {})
    want = np.array([colorsys.rgb_to_hsv(*p) for p in PIXELS]).reshape(2, 4, 3)
    np.testing.assert_allclose(got, want, rtol=1e-15, atol=1e-15)
    exact = np.array([mpmath.mpf(v) for v in PIXELS.ravel()], dtype=object).reshape(PIXELS.shape)
    np.testing.assert_allclose(np.array(replay([exact], {}), dtype=float), want.reshape(PIXELS.shape), rtol=1e-15,
                               atol=1e-15)


def test_the_hue_of_a_gray_pixel_has_a_finite_gradient():
    replay, _ = tf_ops_more.MORE_OPS["RGBToHSV"]
    _, back = gradcli.vjp(lambda rgb: replay([rgb], {}), np.array([0.3, 0.3, 0.3]))
    assert np.all(np.isfinite(back(np.array([1.0, 1.0, 1.0]))))


IMAGE = np.arange(30.0).reshape(1, 3, 5, 2) % 7 - 3  # NHWC, two channels
FILTER = np.arange(1.0, 25.0).reshape(2, 2, 2, 3) % 5 - 2  # rows, columns, channels, multiplier 3


def _depthwise_by_hand(x, w, strides):
    rows, cols = (x.shape[1] - w.shape[0]) // strides[0] + 1, (x.shape[2] - w.shape[1]) // strides[1] + 1
    out = np.zeros((1, rows, cols, w.shape[2] * w.shape[3]))
    for i in range(rows):
        for j in range(cols):
            patch = x[0, i * strides[0]:i * strides[0] + w.shape[0], j * strides[1]:j * strides[1] + w.shape[1], :]
            for c in range(w.shape[2]):
                for m in range(w.shape[3]):
                    out[0, i, j, c * w.shape[3] + m] = np.sum(patch[:, :, c] * w[:, :, c, m])
    return out


@pytest.mark.parametrize("strides", [(1, 1), (1, 2)])
def test_a_depthwise_convolution_replays_each_channel_through_its_own_filters(strides):
    attrs = {"strides": [1, *strides, 1], "padding": "VALID", "data_format": "NHWC", "dilations": [1, 1, 1, 1]}
    replay, _ = tf_ops_more.MORE_OPS["DepthwiseConv2dNative"]
    np.testing.assert_allclose(replay([IMAGE, FILTER], attrs), _depthwise_by_hand(IMAGE, FILTER, strides),
                               rtol=1e-15, atol=0)


def test_a_depthwise_convolutions_backprop_ops_are_its_transposes():
    attrs = {"strides": [1, 1, 2, 1], "padding": "SAME", "data_format": "NHWC", "dilations": [1, 1, 1, 1]}
    forward, _ = tf_ops_more.MORE_OPS["DepthwiseConv2dNative"]
    to_input, _ = tf_ops_more.MORE_OPS["DepthwiseConv2dNativeBackpropInput"]
    to_filter, _ = tf_ops_more.MORE_OPS["DepthwiseConv2dNativeBackpropFilter"]
    dy = np.random.default_rng(3).standard_normal(np.shape(forward([IMAGE, FILTER], attrs)))
    pulled_x = to_input([np.array(IMAGE.shape), FILTER, dy], attrs)
    pulled_w = to_filter([IMAGE, np.array(FILTER.shape), dy], attrs)
    product = np.vdot(forward([IMAGE, FILTER], attrs), dy)
    assert np.vdot(IMAGE, pulled_x) == pytest.approx(product, rel=1e-13)  # linear in the input
    assert np.vdot(FILTER, pulled_w) == pytest.approx(product, rel=1e-13)  # and in the filter
