"""The forty-fourth round (c) of user trials (tests/trials/cases44c.py): issue 27's classes on Python functions written
against gradcli.numpy and gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on Lie groups, hyperbolic
geometry and statistics' limits: SO(3)'s exponential map by Rodrigues (sin t / t, (1 - cos t) / t^2) at 1e-300, 1e-8
and 0 and by its Taylor series behind a double where; the log map's t / (2 sin t) at 1e-300, 1e-8, pi - 1e-9 and
float64's pi; the log map of a matrix by arccos of the trace and by arctan2 near pi and at the identity; quaternion
log angles; slerp at rotations 1e-8 apart and Shoemake's nlerp fallback; the Poincare distance at u = v, 1e-10 apart
and 1.8e-16 from the boundary, by arccosh and arcsinh; the Lorentz distance's 1e6 - 1e6; SABR's z / x(z) at the money;
the Student-t log density at nu = 1e300 by gammaln and betaln; the von Mises log normaliser by i0 and i0e; the GEV
and generalized-Pareto log densities as xi -> 0 (log, log1p, series; SciPy's genextreme and genpareto); log(-log(1 -
p)) at 1e-300; the Tweedie deviance as p -> 1 and 2; densities far in their tails (slopes of 1e-4343 .. 1e-86868 by
their digits); float32, formulas and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases44c.ALL): 141 cases, 135 passed at
first; the six that failed were the provenance findings F1-F4 below (F4 three times), all mended, each held here by its
case and by a test of its own. The exact reference was right at every point
(tiny exact slopes of -5e-301, 1.1e-601, -1.3e-300, -9e-4005, -2e-86868 by their digits, proven zeros, NaN where there
is no derivative), and so was every verdict.

Findings (gradcli bugs), mended:
F1 an underflow inside gnp.linalg.norm (1e-300^2 -> 0) that a later division turns into 0/0 is not named:
   Rodrigues' sin(theta) / theta at w = [1e-300, 0, 0] reads "divide(0.0, 0.0) gave NaN" at the divide's line only,
   where the same norm spelled gnp.sqrt(x * x) is named ("multiply(1e-300, 1e-300) underflowed to 0.0 ... the root
   cause is the underflow, not divide").
F2 a forward cancellation that makes a gradient entry 11% off is not named: Rodrigues' (1 - cos t) / t^2 at
   w = [1e-8, 2e-8, 0], where 1 - cos t keeps 2.2e-16 of 2.5e-16 and the slope in w[1] comes out 4.44e-9 for 5.0e-9
   ("gradient off by 0.11 relative"), is blamed on a backward accumulation at the norm's line whose own effect is
   2.8e-10 (the same map with the half-angle 2 sin^2(t/2) / t^2 is off by just that).
F3 an absorbed addition whose 1 reaches a log through a division is not named (README: "an addition that absorbed a
   term entirely ... whose 1 a log then took to an exact 0 that a later log or division turned into Inf: the absorption
   is named at its own line"): SABR's x(z) = log((sqrt(1 - 2 rho z + z^2) + z - rho) / (1 - rho)) at z = 1e-300 reads
   "divide(1e-300, 0.0) gave inf" at z / x only; z / log(1 + z) and z / log(sqrt(1 - 2 rho z) + z) name the absorption.
F4 an `unstable` gradient with no finding at all: the von Mises log normaliser log(i0e(k)) + k at k = 1e-8 (gradient
   off by 1.6e-8) and at 1e-300 (0 for 5e-301), in gradcli.numpy and in plain SciPy; gnp.exp(x) - x at x = 1e-8 alike
   (off by 1.1e-8, no op named; at 1e-12 the accumulation is named).
Mends: F1 an op whose zeros are partly its own beside true zeros is named (`provenance._own_zeros`,
tests/test_provenance_zeros_beside_true_zeros.py); F2 a forward op off by as much as an unstable gradient is named
before the backward (tests/test_forward_cause_of_a_gradient.py); F3 the walk from a log of 1 follows exact arithmetic
to the absorbing add (tests/test_absorbed_through_arithmetic.py); F4 the exact run's sums written in the other order
(an mpmath number's reflected add) are paired operand by operand, and a value's gradient accumulation pairs across a
rule whose float steps differ (tests/test_provenance_commuted_sums.py).
"""

import os
import sys


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases44c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

NEAR_PI = ("r=[[-0.9999999999995,-1.000000000262076e-06,0.0],[1.000000000262076e-06,-0.9999999999995,0.0],"
           "[0.0,0.0,1.0]]")
CHOSEN = {  # case id -> what it holds
    "gn_lib44c:sabr_z_over_x_series@z=1e-300,rho=-0.4:float64":
        "SABR's series at the money: the slope in rho, -5e-301, right (no float-sized floor), no 0/0 leaking",
    "gn_lib44c:gpd_survival@x=10000000.0,xi=0.001:float64":
        "a claim's exceedance probability (1e4)^-1000: slopes of -9e-4005 and 7.4e-3994 right by their digits",
    f"gn_lib44c:so3_log_z_atan2@{NEAR_PI}:float64":
        "the SO(3) log by arctan2 near pi, right in value, its slope 3.1e6 - 3.1e6 - 1 one ulp off: unstable, named",
    "gn_lib44c:student_t_logpdf_betaln@x=1.5,nu=1e+300:float64":
        "Student-t by betaln at nu = 1e300: x^2/nu^2 underflows, the slope in nu -1.1e-300 for 1.1e-601: unstable",
    "numpy_lib44c:gev_scipy@x=1.5,c=1e-300:float64":
        "SciPy's genextreme at c = 1e-300: smooth through the Gumbel, slopes right, ok",
    "gn_lib44c:so3_log_coeff_rule_slipped@theta=[0.5]:float64":
        "a custom rule for the log map's t / (2 sin t) missing a sin: wrong, at the rule's own grad_fn",
    "gn_lib44c:so3_exp_apply@w=[1e-300,0,0]:float64":
        "mended F1: the norm's underflow (1e-600 -> 0) before sin(t) / t's 0/0 is named at the norm's line",
    "gn_lib44c:so3_exp_apply@w=[1e-08,2e-08,0]:float64":
        "mended F2: 1 - cos t's cancellation, which puts the slope 11% off, is named first",
    "gn_lib44c:sabr_z_over_x@z=1e-300,rho=-0.4:float64":
        "mended F3: the add absorbing z, whose 1 a log takes to 0 through a division, is named",
    "gn_lib44c:von_mises_log_norm_i0e@kappa=1e-08:float64":
        "mended F4: the cancelling gradient accumulation of kappa's two paths is named",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases44c, CHOSEN, run_elsewhere=(
        "gn_lib44c:von_mises_log_norm_i0e@kappa=1e-300:float64",
        "numpy_lib44c:von_mises_log_norm_i0e@kappa=1e-300:float64"))
