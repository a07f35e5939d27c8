"""A difference of one computation run twice on equal numbers is 0 in exact arithmetic too: no cancellation.

||S(x) - S(y)|| at x = y (a spectral loss at a perfect match) meets sqrt at an exact 0 whose rule gives inf. Both
operands round alike, so the 0 is the mathematics' (a cone: no derivative), not the dtype's; where the exact reference
ran out of time, such a NaN must not be called `unstable` as though a rounding made it. (x + 1e-20) - y at x = y is
the dtype's: the add dropped 1e-20, and stays a cancellation.
"""

from __future__ import annotations

import gradcli.numpy as np
from gradcli import value_and_grad
from gradcli.checker import provenance


def _spectrum(x):
    frames = np.stack([x[i:i + 4] * np.hanning(4) for i in range(0, 3, 2)])
    return np.abs(np.fft.rfft(frames, axis=1))


def spectral_distance(x, y):
    return np.linalg.norm(_spectrum(x) - _spectrum(y))


def shifted_distance(x, y):
    return np.sqrt(np.sum(((x + 1e-20) - y) ** 2))


def exp_distance(x, y):
    return np.sqrt(np.sum((np.exp(x) - np.exp(2.0 * y - y)) ** 2))


def _recording(function, x, y):
    with provenance.Recorder() as recorder, np.errstate(all="ignore"):
        value_and_grad(function, argnums=(0, 1))(np.array(x), np.array(y))
    return recorder.recording


SIGNAL = [0.1, 0.5, -0.3, 0.8, 0.2, 0.4]


def test_twin_spectra_at_a_perfect_match_make_no_rounded_zero():
    recording = _recording(spectral_distance, SIGNAL, SIGNAL)
    assert recording.first_backward_nonfinite is not None  # the rule's inf at sqrt(0) is there
    assert not provenance.nonfinite_by_rounding(recording)


def test_a_dropped_term_before_the_difference_is_still_a_cancellation():
    recording = _recording(shifted_distance, [1.0, 2.0], [1.0, 2.0])
    assert provenance.nonfinite_by_rounding(recording)


def test_unlike_computations_of_equal_floats_are_no_twins():
    # exp(x) and exp(2 y - y) at x = y: equal, but by different ops, which only a reference can tell apart
    recording = _recording(exp_distance, [0.5, 1.5], [0.5, 1.5])
    assert provenance.nonfinite_by_rounding(recording)
