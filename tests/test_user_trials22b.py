"""The twenty-second round of user trials, second half (tests/trials/cases22b.py): in JAX a warmup-then-cosine schedule,
Rodrigues' rotation, a linear recurrence by lax.associative_scan, an RBF MMD, a Gaussian process by Cholesky, RK4 on the
Lorenz system, GARCH by lax.scan, jnp.std, the generalised normal, the negative binomial at a dispersion of 1e12, a
zero-inflated Poisson, the von Mises-Fisher normaliser, a triplet loss, exp1 and squareplus; in plain NumPy and SciPy a
windowed-sinc filter, matrix_power, arctan2 on its branch cut, a trimmed mean at a tie, Owen's T, Lambert's W at 0,
the Voigt profile, CES utility near rho = 0 and log-logistic survival.

The whole set runs with ``python tests/trials/run.py jax_lib22b numpy_lib22b``; here, a few cheap ones (NumPy alone).
Known disagreements are strict xfails naming their finding.
"""

import os
import sys

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases22b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding M1: np.hamming (a window of a given length) was "a NumPy function gradcli.numpy does not have"
    "numpy_lib22b:lowpass_response@cutoff=0.2:float64",
    # finding M2: np.linalg.matrix_power was missing
    "numpy_lib22b:power_energy@a=[[1,2],[0.5,-0.3]]:float64",
    # on arctan2's branch cut: a jump in y, slope 0 in x
    "numpy_lib22b:bearing@p=[-1,0]:float64",
    # a tie straddling the trimmed edge is a kink; the entries kept are smooth
    "numpy_lib22b:trimmed_mean@x=[1,1,3,5,9]:float64",
    # finding V1: the Voigt profile's slope at its centre, exactly 0 as its evenness in x makes it, was "not proven 0"
    "numpy_lib22b:voigt_sum@x=[0]:float64",
]
KNOWN_WRONG = {}
# Each known-wrong case's words for its finding, seen at a ceiling of 120 digits (`known_wrong_problems`).
SYMPTOMS = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases22b, CHOSEN, KNOWN_WRONG, SYMPTOMS)


@pytest.mark.parametrize("window", ["hamming", "hanning", "blackman", "bartlett"])
def test_numpys_windows_are_constants_of_a_differentiated_function(window):
    """M1's class: a window of a given length is NumPy's floats, and a filter built on it is differentiable."""
    assert np.array_equal(getattr(gnp, window)(7), getattr(np, window)(7))
    taps = np.arange(7) - 3.0
    slope = gradcli.grad(lambda c: gnp.sum(gnp.sinc(c * taps) * getattr(gnp, window)(7)))(0.5)
    want = np.sum(getattr(np, window)(7) * np.where(taps == 0, 0.0, (np.cos(np.pi * 0.5 * taps)
                                                                  - np.sinc(0.5 * taps)) / np.where(taps == 0, 1, 0.5)))
    assert np.isclose(slope, want, rtol=1e-12)
