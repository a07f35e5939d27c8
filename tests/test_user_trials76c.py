"""The seventy-sixth round (c) of user trials (tests/trials/cases76c.py): control and state estimation written with
gradcli.numpy (tests/trials/lib76c.py) and differentiated for system identification and tuning: a scalar Kalman filter's
innovation likelihood in the short and the Joseph covariance update (R = 0, covariances of 1e-150 and 1e-300), its
final estimate, a 3-sigma innovation gate and an outlier clamp; a constant-velocity filter; a 2-D tracker through
slogdet, det and Cholesky (R = 0, covariances of 1e-170); a square-root and an information filter; Riccati iterations
and closed-loop poles (a double pole, deadbeat); PID with a clamped integrator and a clipped or tanh actuator (on the
bounds, and rounded onto them); a particle filter's weights at -800, ties and resampling; alpha-beta and complementary
filters; heading errors wrapped by % and by atan2 at np.pi and at differences the doubles round onto it; exponential
smoothing (bias-corrected, clipped, saturated sensors); rollouts of x' = A x + B u overflowing float32; an MPC cost
with a soft constraint on its boundary (cases76c.ALL: 109 cases; F1 and F2 mended since).
Here, cheap cases: the short-form likelihood at covariances of 1e-150, where K rounds to 1 (unstable), and Joseph's
form there (ok); a gate whose v^2 / S the doubles round onto it (the exact run takes the measurement: unstable); a PID
actuator command rounded onto its bound from 5.6e-17 above it (unstable); a heading difference the doubles round onto
np.pi from 8.3e-17 below it, wrapped by % (unstable); log(det S) at covariances of 1e-170 (det underflows: unstable,
slogdet offered and re-checked); the spectral radius of A - B K at a double pole (domain).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases76c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases76c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib76c:kf_robust_nll@z=[3.0,0.5,1.0,0.25],p0=1e-13:float64":
        "the robust filter's first innovation exactly on its clamp, the state moved by a gain of 1e-13: z[0]'s sides "
        "2.99999999999961 and 2.9999999999997, a kink the pieces on jets show: domain (F1, mended)",
    "lib76c:kf_scalar_nll@q=1e-150,r=1e-150:float64":
        "the short update (1 - K) P with K = P / (P + 1e-150) rounded to 1: every later covariance and gain off, the "
        "slopes by 5% and 11%: unstable",
    "lib76c:kf_scalar_nll_joseph@q=1e-150,r=1e-150:float64":
        "the same likelihood through Joseph's (1 - K)^2 P + K^2 r, which keeps P+ = 1e-150: ok",
    "lib76c:kf_scalar_gated@x0=-5.0,q=2.1,r=0.9:float64":
        "v^2 / S = 36 / (1 + 2.1 + 0.9): S is 4 + 1.1e-16 for the doubles, 4 in float64, so the float run gates the "
        "first measurement out (36 / 4 is not below 9) where the exact filter takes it: unstable",
    "lib76c:pid_cost@kp=0.1,ki=0.2,kd=0.9,i_max=10.0:float64":
        "the first command kp + ki / 2 + 2 kd is 2 + 5.6e-17 (saturated, slope 0 there) but rounds onto U_MAX = 2, "
        "where clip passes the unsaturated slope: unstable",
    "lib76c:heading_cost_mod@theta=[0.1,0.5],ref=[-3.041592653589793,0.25]:float64":
        "theta - ref is np.pi - 8.3e-17 for the doubles but np.pi in float64: (a + pi) % 2pi - pi jumps to -pi, the "
        "slope 2 pi comes out -2 pi: unstable",
    "lib76c:kf2d_nll_det@p0=1e-170,q=1e-170,r=1e-170,z=[[2.5e-86,5e-86],[7.499999999999999e-86,1e-85],[1e-85,5e-86]]"
    ":float64":
        "log(det S) with det S = 1e-340 underflowing to 0: unstable, np.linalg.slogdet offered and re-checked",
    "lib76c:closed_loop_radius@k=[1.0,1.75]:float64":
        "max |eig(A - B K)| where both poles are 0.5 (a Jordan block): the radius grows as a square root on the real "
        "side, no derivative, and its value 0.5 computed 0.5000000066 (the double root's sqrt of rounding): unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases76c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
