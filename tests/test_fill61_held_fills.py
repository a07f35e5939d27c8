"""Arrays a constructor makes from the data's dtype (np.full_like(x, 0.1), np.ones_like(x) * 0.1, np.zeros_like(x)
+ 0.1) hold float32's numbers in a float32 check: the exact reference computes with the numbers the program uses."""

import mpmath
import numpy as np
import pytest

import gradcli

CODE = '''
import numpy as np


def full_like(x):
    return np.sum(np.full_like(x, 0.1) * x)


def ones_times(x):
    return np.sum(np.ones_like(x) * 0.1 * x)


def zeros_plus(x):
    return np.sum((np.zeros_like(x) + 0.1) * x ** 2)


def empty_filled(x):
    c = np.empty_like(x)
    c[:] = 0.3
    return np.sum(c * x)


def full_dtype(x):
    return np.sum(np.full(x.shape, 0.1, dtype=x.dtype) * x)


def array_dtype(x):
    return np.sum(np.array([0.1, 0.2], dtype=x.dtype) * x)


def asarray_float32(x):
    return np.sum(np.asarray(0.1, dtype=np.float32) * x)


def exact_fill(x):
    return np.sum(np.full_like(x, 0.5) * x)
'''

GNP_CODE = '''
import gradcli.numpy as gnp


def full_like(x):
    return gnp.sum(gnp.full_like(x, 0.1) * x)
'''

X = [1.0, 2.0]


def _f32(c):
    """``c`` as float32 holds it, as an exact mpmath number."""
    return mpmath.mpf(float(np.float32(c)))


@pytest.mark.parametrize("module, name, slopes", [
    ("np", "full_like", [_f32(0.1)] * 2),  # [0.1, 0.1] before: float64's 0.1, not the program's
    ("np", "ones_times", [_f32(0.1)] * 2),
    ("np", "zeros_plus", [2 * _f32(0.1) * v for v in X]),
    ("np", "empty_filled", [_f32(0.3)] * 2),
    ("np", "full_dtype", [_f32(0.1)] * 2),
    ("np", "array_dtype", [_f32(0.1), _f32(0.2)]),
    ("np", "asarray_float32", [_f32(0.1)] * 2),
    ("np", "exact_fill", [mpmath.mpf(0.5)] * 2),
    ("gnp", "full_like", [_f32(0.1)] * 2),
])
def test_a_constructed_fill_is_the_float32_number_the_program_uses(tmp_path, module, name, slopes):
    path = tmp_path / f"fills_{module}.py"
    path.write_text(CODE if module == "np" else GNP_CODE)
    (r,) = gradcli.check(f"{path}:{name}", [{"x": np.array(X)}], dtypes=["float32"], fixes=False).results
    assert r.status == "ok"
    exact = np.asarray(r.exact_gradient["x"], dtype=np.float64)
    truth = np.array([float(s) for s in slopes])
    # float64's decimal (0.1) differs from float32's number by ~1.5e-8 relative: far outside this tolerance
    assert np.allclose(exact, truth, rtol=1e-15, atol=0)
