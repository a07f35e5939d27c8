"""The twentieth round of user trials, first half (tests/trials/cases20a.py): log-power spectra, Parseval energies,
spectral phases, entropies, norms and derivatives by FFT, a first-order filter's Bode gain and phase, sinc filters,
expected shortfall, the Kelly criterion, softplus-smoothed option payoffs, the Debye integrand, a two-level
log-partition function, negative-binomial and Student-t likelihoods, a bisection cube root and blog-style custom
rules in JAX; the same spectra, the Arrhenius law, the Langevin function and an oscillator's log-partition function
in plain NumPy and SciPy; Langevin custom gradients and spectra on gradcli.numpy.

The whole set runs with ``python tests/trials/run.py jax_lib20a numpy_lib20a gn_lib20a``; here, a few cheap ones.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases20a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding C2: rfft(x).real ** 2 + .imag ** 2 in plain NumPy; the exact run's object array answered .real with
    # itself and .imag with zeros (exact value NaN: 'domain'); test_numpy_parts.py holds the class
    "numpy_lib20a:log_periodogram@x=[1,2,3,4]:float64",
    # finding C1: abs's, imag's and angle's rules read the exact run's complex numbers as real ('wrong' with the
    # conjugate's slope, 'wrong' with 0, no exact reference); test_ops_fft.py holds the class
    "numpy_lib20a:bode_phase@tau=0.5:float64",
    # finding J1: JAX's complex literal 1+0j divided at high precision ('cannot create mpf from (1+0j)')
    "jax_lib20a:bode_phase@tau=0.5:float64",
    # finding Z1: conjugate FFT bins' phases cancel in every direction, 'not proven 0' while the transforms ran on
    # mpmath numbers alone; test_fft56_transform_zeros.py holds the class (complex numbers on balls and proofs)
    "numpy_lib20a:spectral_phase_full@x=[1,2,3,4.5]:float64",
    # finding Z2: rfft(x - mean(x))'s first bin, 0 by algebra, reaching log ('did not settle', truth 'domain')
    "numpy_lib20a:log_periodogram_detrended@x=[0.1,0.2,0.4]:float64",
    # finding B1: a bisection behind an implicit custom_jvp: the program's own slope is 0 at every precision, so no
    # exact reference, where the rule's 1 / (3 x^2) is the root's; judged against the converged slope
    "jax_lib20a:cube_root_sum@a=[8,0.5]:float64",
    # finding Z1's numpy_lib20a:spectral_entropy@x=[1,-1,1,-1] (a silent bin's p log p, exact gradient 0) passes, but
    # climbs to 4000 digits before its proof (10 s): test_fft56_transform_zeros.py holds it at 120 digits
]


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases20a, CHOSEN)
