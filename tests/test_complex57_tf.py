"""TensorFlow's complex tensors in gradcli's replay: RFFT, IRFFT, FFT and IFFT, Real, Imag, ComplexAbs, Complex, Angle
and Conj, and complex products and sums. Each loss is real, as a user's is; its exact value and gradient are held to
TensorFlow's own float64 ones at points where both are well conditioned, and both dtypes are judged ok."""

import pytest

import gradcli

from complex57_checks import assert_ok_and_as_the_framework, tensorflows_own

tf = pytest.importorskip("tensorflow")


def spectrum_energy(x):
    """A real signal's half spectrum: power, magnitude and phase of each bin (RFFT, Real, Imag, ComplexAbs, Angle)."""
    spec = tf.signal.rfft(x)
    power = tf.math.real(spec) ** 2 + tf.math.imag(spec) ** 2
    return tf.reduce_sum(power) * 0.1 + tf.reduce_sum(tf.abs(spec)) + tf.reduce_sum(tf.math.angle(spec) * [0.0, 1.0, 2.0])


def complex_round_trip(a, b):
    """A complex signal made of two real ones, transformed both ways, scaled by its conjugate (Complex, FFT, IFFT,
    Conj, complex Mul and AddV2), and a real one back from a weighted half spectrum (IRFFT)."""
    z = tf.complex(a, b)
    spec = tf.signal.fft(z)
    back = tf.signal.ifft(spec * tf.math.conj(spec) + z)
    halved = tf.signal.irfft(tf.signal.rfft(a) * tf.complex(b[:2], a[1:]), fft_length=[3])
    return tf.reduce_sum(tf.math.real(back)) + tf.reduce_sum(tf.math.imag(spec * z)) + tf.reduce_sum(halved * [1.0, -2.0, 0.5])


CASES = {
    "rfft": (spectrum_energy, {"x": [1.0, -0.5, 2.0, 0.25]}),
    "fft": (complex_round_trip, {"a": [1.0, -0.5, 2.0], "b": [0.3, 1.5, -1.0]}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_real_loss_through_complex_tensors_is_replayed_exactly(name):
    function, point = CASES[name]
    results = gradcli.check(function, [point], dtypes=("float32", "float64"), fixes=False, framework="tensorflow").results
    assert_ok_and_as_the_framework(results, *tensorflows_own(tf, function, point))
