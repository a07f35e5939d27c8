"""The thirty-second round (c) of user trials (tests/trials/cases32c.py, audit32c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(a relativistic kinetic energy, rapidity and velocity addition, a rectangular barrier's transmission up to slopes of
1e-4080, a Morse potential, Hermite functions of order 60 by recurrence, binary entropy, the AWGN capacity and
Bernoulli KL divergences, the upper half-plane's distance, Richardson extrapolation and a continued fraction inside a
loss, log1p(x)/x with its series by where, E1, Ei, Fresnel integrals, betaln, Student's t and Q(a, x) in their tails,
switches at subnormals, cross-entropy at +-800, weighted logsumexp, norms at 1e-300 and 1e200), and the other
commands on that code: `gradcli audit audit32c.toml` in every report format, `gradcli sweep`.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases32c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a log-scaled recurrence whose log's backward divides
psi_60(40) = 1e-252 by |phi_60(40)| = 1e96 underflows (e^-800) and loses that path's 4% of the slope, `unstable`
though the value is right; a where's idle branch log1p(x)/x at 5e-324 has a finite exact slope (-1/2) that its
quotient rule's x / y^2 overflows, `unstable` at the op, not a where leak. Tested in tests/test_trial_findings32c.py:

- L1: log2(1 + u) and log10(1 + u) had no rewrite; they are offered log1p(u)/log(2) and log1p(u)/log(10), re-checked.
- R1: the Fresnel integrals' slopes rounded their phase pi x^2 / 2 in a float dtype (S'(1e5) = -1.1e-6 where it is
  exactly 0, and gradcli.scipy's fresnel was called `unstable`); the phase is reduced exactly.
- J1: a vector output's result held its exact Jacobian and value as 0.0 where they are beyond float64's range
  (softmax at +-800); they carry the rows' digits.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases32c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib32c:fresnel_sum@x=[100000.0,100000.5,0.3]:float64":
        "R1: Fresnel integrals at 1e5, where S' is exactly 0: ok, the slopes to the last digit",
    "gn_lib32c:awgn_capacity_naive@snr=[1e-300]:float64":
        "L1: log2(1 + snr) at 1e-300, unstable at its line, log1p(snr)/log(2) offered and re-checked",
    "gn_lib32c:transmission_stable@energy=[0.5],width=[4700]:float64":
        "a barrier's transmission by its stable log: 0 in float64, its slopes 1e-4078 by their digits",
    "gn_lib32c:log1p_over_x@x=[5e-324]:float64":
        "an idle branch whose finite slope overflows the dtype: unstable at the op, not a where leak",
    "gn_lib32c:leaky_relu@x=[-5e-324,5e-324,-1e-300,1e-300,-2]:float64":
        "a max at subnormals, where 1e-3 x rounds to -0.0 and 0: the ordinary slopes, ok",
    "gn_lib32c:softmax_probabilities@z=[800,-800,0]:float64":
        "J1: softmax's Jacobian at logits of +-800, its entries e^-800 to e^-2400 by their digits",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases32c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
