"""A difference of one computation run twice on equal numbers is 0 in exact arithmetic too: no cancellation.

||S(x) - S(y)|| at x = y (a spectral loss at a perfect match) meets sqrt at an exact 0 whose rule gives inf. Both
operands round alike, so the 0 is the mathematics' (a cone: no derivative), not the dtype's; where the exact reference
ran out of time, such a NaN must not be called `unstable` as though a rounding made it. (x + 1e-20) - y at x = y is
the dtype's: the add dropped 1e-20, and stays a cancellation. Where the twin cannot be seen (the target's spectrum a
constant NumPy made before any recording) and the exact reference is cut short, a difference that cancelled to 0 is no
evidence of rounding either: no verdict, where an overflow or an underflow would still make the point `unstable`.
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


def _difference(recording):
    """The recorded subtraction of the two computations: the forward's last subtract."""
    return [op for op in recording.ops if op.phase == "forward" and op.name == "subtract"][-1]


def test_twin_spectra_at_a_perfect_match_make_no_rounded_zero():
    recording = _recording(spectral_distance, SIGNAL, SIGNAL)
    assert recording.first_backward_nonfinite is not None  # the rule's inf at sqrt(0) is there
    assert provenance._same_computation(_difference(recording))
    assert provenance._zero_before_the_rule(recording, recording.first_backward_nonfinite) is None


def test_a_dropped_term_before_the_difference_is_still_a_cancellation():
    recording = _recording(shifted_distance, [1.0, 2.0], [1.0, 2.0])
    assert not provenance._same_computation(_difference(recording))
    lost = provenance._zero_before_the_rule(recording, recording.first_backward_nonfinite)
    assert lost is not None and lost.name == "subtract"


def test_unlike_computations_of_equal_floats_are_no_twins():
    # exp(x) and exp(2 y - y) at x = y: equal, but by different ops, which only a reference can tell apart
    recording = _recording(exp_distance, [0.5, 1.5], [0.5, 1.5])
    assert not provenance._same_computation(_difference(recording))


TARGET_MODULE = '''
import gradcli.numpy as np

TARGET = np.array([0.1, 0.5, -0.3, 0.8, 0.2, 0.4])


def _spectrum(x):
    frames = np.stack([x[i:i + 4] * np.hanning(4) for i in range(0, 3, 2)])
    return np.abs(np.fft.rfft(frames, axis=1))


TARGET_SPECTRUM = _spectrum(TARGET)  # made once, by NumPy, where no recording sees it


def spectral_convergence(x):
    return np.linalg.norm(_spectrum(x) - TARGET_SPECTRUM)
'''


def test_without_an_exact_reference_a_difference_that_cancelled_claims_no_rounding(tmp_path):
    # The target's spectrum is a constant no recorded op made: the twin cannot be seen, and the exact numbers of the
    # two operands may well be equal (they are). Cut short, the check has no verdict rather than `unstable`.
    import gradcli

    path = tmp_path / "spectral.py"
    path.write_text(TARGET_MODULE)
    [result] = gradcli.check(f"{path}:spectral_convergence", [{"x": SIGNAL}], dtypes=("float64",),
                             max_time=1e-3).results
    assert result.status == "error", (result.status, result.notes)
    assert not any("cancelled to exactly" in f.message for f in result.findings), [f.message for f in result.findings]
    assert any("--max-time" in note or "max-time" in note for note in result.notes + [f.message for f in result.findings])
