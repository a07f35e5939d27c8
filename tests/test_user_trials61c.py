"""The sixty-first round (c) of user trials (tests/trials/cases61c.py): issue 27's exact reference on Python functions
doing FITTING, QUADRATURE and DISCRETE CALCULUS with gradcli.numpy as scientific code writes them (np.polyfit /
np.polyval, np.linalg.lstsq, pinv and the normal equations, a fitted line's log-likelihood, np.trapezoid over moving
nodes, a cumulative trapezoid and Simpson's rule by hand, a fixed Gauss-Legendre rule, Richardson extrapolation,
np.gradient, np.diff, np.convolve / np.correlate modes, weighted and centred moments at constant data), judged against
the round's own mpmath truths at 2,000 digits. Here, cheap cases: the residual sum of squares of a line fitted by the
normal equations at data on the line (exact 0, ok); np.trapezoid of x^2 over nodes 1e-8 apart (interior slopes
2.2e-24, float64's 2.2e-17: unstable); np.std at constant data (a cone: domain); a Gauss-Legendre rule whose slope is
-3.9e-600 (float64's 0 is it rounded: ok); Richardson's extrapolation in its step h = 1e-300 (exact slope
-cos 1 h^3 / 120 = -4.5e-903, float64's reverse mode divides by an underflowed 2 h^2: unstable).
F1, mended: np.polyfit's exact reference rounded its column-scaled design to float64 (exact residuals 1e-15 where
the data lie on the model: a phantom gradient 2.7e-31, and a log-likelihood of a perfect fit with a finite exact
gradient). F4, mended: the residual sum of squares of an exact fit by np.linalg.lstsq or pinv had no exact reference
(a 0 not proven). F2, mended: np.gradient with moving coordinates was
refused with a message telling the user to use gradcli.numpy.gradient, which the code did. F3's truth was corrected to
README's doctrine (at a pole, the coordinates that do not move it keep their slopes).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases61c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases61c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib61c:normal_rss@y=[1.0,3.0,5.0,7.0]:float64":
        "the residual sum of squares of a line fitted by np.linalg.solve on the normal equations, at data on the line: "
        "the exact gradient 2 (I - H) y is 0, proven, and float64's is 0: ok (F1's and F4's contrast)",
    "lib61c:trapezoid_nodes@x=[1.0,1.00000001,1.00000002,1.00000003]:float64":
        "np.trapezoid(x^2, x) over nodes 1e-8 apart: the interior slopes (x_(i+1) - x_(i-1)) (x_i - the midpoint) are "
        "2.2e-24, float64's 2.2e-17: unstable",
    "lib61c:std_np@x=[1.0,1.0,1.0,1.0]:float64":
        "np.std at constant data: |x - mean| / 2, a cone, no derivative: domain",
    "lib61c:gauss_legendre@s=1e+300:float64":
        "a 5-point Gauss-Legendre rule for 1 / (1 + s x^2) at s = 1e300: the exact slope -3.8785e-600 (given as "
        "text), float64's 0 is it rounded: ok",
    "lib61c:richardson_step@h=1e-300:float64":
        "Richardson's extrapolation of the central difference of sin at 1 in its step h = 1e-300: the exact slope "
        "-cos(1) h^3 / 120 = -4.5e-903, float64's reverse mode divides by 2 h^2, which underflows: unstable",
    "lib61c:gradient_coords@x=[0.0,0.5,1.5,2.0]:float64":
        "F2, mended: gradcli.numpy.gradient(Y4, x) with the coordinates x differentiated, NumPy's weights for uneven "
        "steps (ops_shape._gradient_along): ok",
    "lib61c:polyfit_rss@y=[0.0,0.0625,0.25,0.5625,1.0]:float64":
        "F1, mended: the residual sum of squares of np.polyfit(T5, y, 2) at data on the parabola t^2: the design "
        "scaled at the run's precision (namespace._COMPUTING_ON_DATA), exact gradient 0 proven, float64's 1e-16-sized "
        "slopes within the tolerance of 1: ok",
    "lib61c:fit_loglik@y=[1.0,3.0,5.0,7.0]:float64":
        "F1, mended: the profile log-likelihood of a line fitted by np.polyfit at data on the line: log 0, domain",
    "lib61c:lstsq_rss@y=[1.0,3.0,5.0,7.0]:float64":
        "F4, mended: the residual sum of squares of a line fitted by np.linalg.lstsq at data on the line: proven 0 "
        "through the normal equations (ops_decompositions.pinv): ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases61c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
