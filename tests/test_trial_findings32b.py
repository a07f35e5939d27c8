"""The classes behind the thirty-second round (b)'s findings (tests/trials/cases32b.py), each tested for its class.

M1: a gradient lost where sign and abs sit at their switch inside a function smooth through it (mu-law companding,
sign(x) log1p(mu |x|) / log1p(mu), whose slope at 0 is mu / log1p(mu) from either side) was judged wrong, rightly,
but named at the function's last line with no call: each rule gives its convention's 0 there, gradcli's own backward
pass over the replay gives the same 0, so the search for the call whose rule turns a right gradient into a wrong one
found none. Now, where gradcli's own rules agree with the framework's and an abs or a sign ran at an argument of 0,
the finding names the line where those switches meet (the last such line) and says that the function is smooth
there and that line loses its slope.

V1: at a point where a value a detach holds jumps (a VQ-VAE's z + (q - z).detach() at a tie between two codes), the
mpmath reference rightly left every gradient entry NaN (a slope along any coordinate would move what the detach holds),
but the domain verdict's settling of NaN entries then gave each coordinate whose one-sided differences agree their
slope, differences that move the held value: the other row's entries showed the value's slopes without the
straight-through term. Now a held value's jump leaves every entry NaN, with that reason.

F1: torch.fake_quantize_per_tensor_affine (aten.fake_quantize_per_tensor_affine_cachemask) had no replay, so a
quantisation-aware loss stopped with exit 2. Now it is replayed (round to the grid, clamp, and the mask PyTorch's
straight-through backward multiplies by), so its gradient is judged against the step function's 0: wrong, at the
call's line.

A1: nn.AdaptiveLogSoftmaxWithLoss selects each cluster's rows by ``nonzero`` of a mask of the target, held data whose
shape and values are the point's, yet the capture, tracing on fake tensors, refused the data-dependent shape (exit 2,
advice to rewrite a selection the user did not write). Now the held data's values are known while the capture traces
(test_torch_known_values68.py; the trial case in test_user_trials32b.py).
Keras' ctc in float64 (which casts to float32 for tf.nn.ctc_loss) is judged as the float32 numbers it returns, its
eager run held to its graph by float32's rounding (test_float_work67_tf.py; the trial case ctc_keras).
"""

import mpmath
import numpy as np
import pytest

import gradcli

pytest.importorskip("torch")

USER_CODE = '''import math

import torch


def mu_law(x):
    y = torch.sign(x) * torch.log1p(255.0 * torch.abs(x)) / math.log1p(255.0)
    return (y * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def odd_expm1(x):
    magnitude = torch.expm1(torch.abs(x))
    odd = torch.sign(x) * magnitude
    return (odd * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def fake_quant(x):
    q = torch.fake_quantize_per_tensor_affine(x, 0.25, 0, -8, 7)
    return (q * torch.tensor([1.0, -0.5, 2.0], dtype=x.dtype)).sum()


def ste(z):
    codes = torch.tensor([[0.0, 0.0], [1.0, 0.0]], dtype=z.dtype)
    q = codes[torch.cdist(z, codes).argmin(dim=1)]
    z_q = z + (q - z).detach()
    return ((z_q - 0.25) ** 2).sum() + ((z - q.detach()) ** 2).sum()
'''

POINT = [0.0, 0.5]


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    path = tmp_path_factory.mktemp("companding") / "companding.py"
    path.write_text(USER_CODE)
    return path


@pytest.fixture(scope="module")
def checked(source):
    return {name: gradcli.check(f"{source}:{name}", [{"x": np.array(POINT)}], dtypes=("float64",), fixes=False).results[0]
            for name in ("mu_law", "odd_expm1")}


def _line_of(fragment):
    (number,) = [n for n, text in enumerate(USER_CODE.splitlines(), 1) if fragment in text]
    return number


@pytest.mark.parametrize("name, slopes, line", [
    # d/dx sign(x) log1p(255 |x|) / log1p(255) = 255 / ((1 + 255 |x|) log1p(255)), from either side at 0
    ("mu_law", lambda x: 255 / ((1 + 255 * abs(x)) * mpmath.log1p(255)), "y = torch.sign(x)"),
    # sign(x) expm1(|x|) is sinh-like: e^|x| on both sides of 0
    ("odd_expm1", lambda x: mpmath.exp(abs(x)), "odd = torch.sign(x) * magnitude"),
])
def test_a_slope_lost_at_the_switches_of_sign_and_abs_is_named_where_they_meet(checked, name, slopes, line):
    result = checked[name]
    assert result.status == "wrong"
    with mpmath.workdps(40):
        for got, x, weight in zip(result.exact_gradient["x"], POINT, (1, -2)):
            want = weight * slopes(mpmath.mpf(x))
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"companding.py:{_line_of(line)}")
    assert "smooth there" in finding.message and "sign" in finding.op


def test_fake_quantize_is_replayed_and_its_straight_through_gradient_is_named_at_its_call(source):
    # 0.3 and -0.7 round to 0.25 and -0.75 inside the 4-bit range, 40 clamps at 7 * 0.25: a step function, slope 0
    # off its jumps, where PyTorch's gradient passes the upstream inside the range (1, -0.5) and 0 outside it
    (result,) = gradcli.check(f"{source}:fake_quant", [{"x": np.array([0.3, -0.7, 40.0])}], dtypes=("float32",),
                              fixes=False).results
    assert result.status == "wrong"
    assert [float(v) for v in result.exact_gradient["x"]] == [0.0, 0.0, 0.0]
    assert [float(v) for v in result.gradient["x"]] == [1.0, -0.5, 0.0]
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"companding.py:{_line_of('q = torch.fake_quantize_per_tensor_affine(')}")


def test_a_value_a_detach_holds_that_jumps_has_no_derivative_along_the_coordinate_it_jumps_in(source):
    # the first row is as far from [0, 0] as from [1, 0]: the value jumps along its first entry, and along no other
    # (its second entry moves both distances alike); with the detached codes frozen, each other entry's slope is
    # 2 (q - 0.25) + 2 (z - q): q = [0, 0] for the first row (argmin's first), [1, 0] for the second
    (result,) = gradcli.check(f"{source}:ste", [{"z": np.array([[0.5, 0.3], [0.9, 0.2]])}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "domain"
    entries = np.ravel(np.array(result.exact_gradient["z"], dtype=float))
    assert np.isnan(entries[0]) and entries[1:] == pytest.approx([0.1, 1.3, -0.1], rel=1e-12)
