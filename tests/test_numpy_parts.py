"""Plain NumPy code's ``x.real`` and ``x.imag`` on the exact reference's object arrays (capture/numpy_parts.py).

NumPy answers an object array's ``.real`` with the array itself and its ``.imag`` with zeros, whatever numbers it
holds; the exact reference's spectrum of ``np.fft.rfft`` is such an array of mpmath complex numbers.
"""

import numpy as np
import pytest

import gradcli

SOURCE = '''
import numpy as np


def power(x):
    spectrum = np.fft.rfft(x)
    return np.sum(spectrum.real ** 2 + spectrum.imag ** 2)


def sine_energy(x):
    return np.sum(np.fft.fft(x).imag ** 2)


def power_by_conjugate(x):
    spectrum = np.fft.rfft(x)
    return np.sum((spectrum * spectrum.conjugate()).real)


def constant_part(x):
    # a Python complex's own attribute, and a float array's
    return np.sum(x * (2 + 3j).imag + np.ones(4).real)
'''


def sine_energy(x):
    return np.sum(np.fft.fft(x).imag ** 2)


def _checked(target):
    point = [{"x": [1.0, 2.0, 3.0, 4.0]}]
    result = gradcli.check(target, point, dtypes=("float64",), fixes=False, framework="numpy").results[0]
    assert result.status == "ok", (result.status, result.findings)
    return np.asarray(result.exact_gradient["x"], dtype=float), float(result.exact_value)


@pytest.mark.parametrize("name, value, gradient", [
    # |X|^2 over the half spectrum [10, -2 + 2i, -2]: the exact value was NaN (log of a complex square) and 'domain'
    ("power", 112.0, [12.0, 20.0, 20.0, 28.0]),
    # the sine parts of [10, -2 + 2i, -2, -2 - 2i]: the exact value was 0 and the verdict 'unstable'
    ("sine_energy", 8.0, [0.0, -8.0, 0.0, 8.0]),
    # an array's own conjugate(), NumPy's other spelling of conj(): the traced spectrum had none (AttributeError)
    ("power_by_conjugate", 112.0, [12.0, 20.0, 20.0, 28.0]),
    ("constant_part", 34.0, [3.0, 3.0, 3.0, 3.0]),
])
def test_complex_parts_of_a_plain_numpy_file(tmp_path, name, value, gradient):
    path = tmp_path / "spectra.py"
    path.write_text(SOURCE)
    exact_gradient, exact_value = _checked(f"{path}:{name}")
    assert exact_value == pytest.approx(value, rel=1e-14)
    assert np.allclose(exact_gradient, gradient, rtol=1e-14, atol=1e-14)


def test_complex_parts_of_a_plain_numpy_function_object():
    # a function handed over as an object has its code compiled again from its source with the same rewrite
    exact_gradient, exact_value = _checked(sine_energy)
    assert exact_value == pytest.approx(8.0, rel=1e-14)
    assert np.allclose(exact_gradient, [0.0, -8.0, 0.0, 8.0], rtol=1e-14, atol=1e-14)
