"""What the twenty-fourth round (a) of user trials found (tests/test_user_trials24a.py, tests/trials/cases24a.py), for
the whole class of each finding: PyTorch's transposed convolutions in every form aten.convolution takes (any rank,
stride, padding, dilation, output padding and groups: C1), cholesky_inverse and linalg.pinv (L1); TensorFlow's
RGBToHSV (H1) and depthwise convolutions (W1) on NumPy arrays (this file imports PyTorch alone; the trials run them in
TensorFlow); a complex phase on its cut, flat along it and jumping across it (B1).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import colorsys

import mpmath
import numpy as np
import pytest
import torch

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as mp_core
from gradcli.capture import tf_ops_more, torch_nn_ops, torch_ops


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


# A complex phase on its cut (B1): the phase of re + i im at -2 + 0i jumps in im (pi to -pi) and is flat in re along
# the cut, where the complex rule's slope is NaN; the kink test finds no kink in re, and its one-sided slopes agree.


def _torch_phase(re, im):
    return (torch.angle(torch.complex(re, im)) * torch.tensor([1.0, 3.0], dtype=re.dtype)).sum()


def _gradcli_phase(re, im):
    return gnp.sum(gnp.angle(re + 1j * im) * np.array([1.0, 3.0]))


@pytest.mark.parametrize("function, framework", [(_torch_phase, "torch"), (_gradcli_phase, None)])
def test_a_phase_on_its_cut_is_flat_along_it_and_jumps_across_it(function, framework):
    point = {"re": np.array([1.0, -2.0]), "im": np.array([0.5, 0.0])}
    (result,) = gradcli.check(function, [point], dtypes=("float64",), framework=framework).results
    assert result.status == "domain"
    # d atan2(im, re) = (re dim - im dre) / (re^2 + im^2): at 1 + 0.5i, -0.4 in re and 0.8 in im; 0 along the cut
    assert list(result.exact_gradient["re"]) == [-0.4, 0.0]
    assert result.exact_gradient["im"][0] == 0.8 and np.isnan(result.exact_gradient["im"][1])
    assert "jumps" in result.exact_gradient_why["im"][1]
