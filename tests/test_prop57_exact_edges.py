"""Exact numbers at two edges the float dtypes handle by convention: a cast to an integer, and the log of an exact 0.

A cast of a float to an integer dtype cuts it toward 0; an infinity, a NaN or a number past the dtype's range
has no integer, and what a framework answers there (NumPy's -2^63, a saturated int) is its own choice. Each
replay's cast (gradcli.numpy's astype, PyTorch's, JAX's and TensorFlow's) cuts an exact number toward 0 and names
such a number as the point's lack of an exact reference, never a Python OverflowError. The log of an exact 0 ball
(a sum of exp(-inf)s: a logsumexp over a row no path reaches) is -inf, as IEEE's, where flint answers NaN.
"""

from __future__ import annotations

import math
import re

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


@pytest.fixture(scope="module")
def balls():
    from gradcli.autodiff import arb

    arb.enable()
    return arb


def _exact(kind, number):
    from flint import arb

    return arb(number) if kind == "ball" else mpmath.mpf(number)


def _by_gradcli_numpy(x, dtype):
    from gradcli.autodiff.ops import astype

    return astype(x, dtype)


def _by_pytorch(x, dtype):
    from gradcli.capture import torch_ops

    return torch_ops._cast(x, np.dtype(dtype).name)


def _by_jax(x, dtype):
    from gradcli.capture import jax_ops

    return jax_ops._convert({"new_dtype": np.dtype(dtype)}, x)


def _by_tensorflow(x, dtype):
    from gradcli.capture import tf_ops

    return tf_ops._cast([x], {"DstT": np.dtype(dtype)})


CASTS = [_by_gradcli_numpy, _by_pytorch, _by_jax, _by_tensorflow]


@pytest.mark.parametrize("cast", CASTS, ids=lambda f: f.__name__[4:])
@pytest.mark.parametrize("kind", ["ball", "mpmath"])
def test_a_cast_cuts_an_exact_number_toward_zero(balls, cast, kind):
    numbers = np.array([_exact(kind, v) for v in (2.75, -2.75, 1e18)], dtype=object)
    out = cast(numbers, np.int64)
    assert out.dtype == np.int64 and out.tolist() == [2, -2, 10**18]
    assert int(cast(_exact(kind, -0.5), np.int32)) == 0


@pytest.mark.parametrize("cast", CASTS, ids=lambda f: f.__name__[4:])
@pytest.mark.parametrize("kind, number, shown", [
    ("ball", math.inf, "inf"), ("mpmath", -math.inf, "-inf"), ("mpmath", math.nan, "NaN"),
    ("ball", "10^310", "1.0e+310"), ("mpmath", 2.0**63, "9.22337e+18"),
])
def test_a_number_the_integer_dtype_cannot_hold_has_no_exact_cast(balls, cast, kind, number, shown):
    with mpmath.workprec(1100):  # 10^310 exactly, past float64
        value = _exact(kind, mpmath.mpf(10) ** 310 if number == "10^310" else number)
    with pytest.raises(balls.UndefinedCast, match=re.escape(f"a cast of {shown} to int64, which int64 cannot hold")):
        cast(np.array([_exact(kind, 1.0), value], dtype=object), np.int64)


def floor_cast(x):
    n = gnp.floor(x * 1e10).astype(int)
    return x * x + n * 0


def test_a_gradcli_numpy_cast_past_int64_names_the_cast_and_an_ordinary_one_is_judged():
    (past,) = gradcli.check(floor_cast, [{"x": 1e300}], dtypes=("float64",), fixes=False).results
    messages = " ".join(f.message for f in past.findings)
    assert "a cast of 1.0e+310 to int64, which int64 cannot hold" in messages, messages
    assert "does not run on high-precision numbers" not in messages, messages
    (ordinary,) = gradcli.check(floor_cast, [{"x": 0.5}], dtypes=("float64",), fixes=False).results
    assert ordinary.status.value == "ok", [f.message for f in ordinary.findings]


def test_the_log_of_an_exact_zero_ball_is_minus_infinity(balls):
    from gradcli.autodiff.arb_anchored import exact_ball

    zero = exact_ball(0.0)
    log_of_zero = balls.ELEMENTWISE["log"](zero)
    assert not log_of_zero.is_nan() and log_of_zero < 0 and not log_of_zero.is_finite()
    # exp of it is 0 again, and a row of exp(-inf)s summed and logged is -inf beside the others' finite numbers
    assert balls.ELEMENTWISE["exp"](log_of_zero).is_zero()
    assert balls.ELEMENTWISE["logaddexp"](log_of_zero, exact_ball(2.0)) == 2
