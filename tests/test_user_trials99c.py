"""The ninety-ninth round (c) of user trials (tests/trials/cases99c.py): materials science, crystallography and
diffraction written with gradcli.numpy (tests/trials/lib99c.py): Bragg's law at n lambda = 2 d (arcsin at 1) and past
it, the d-spacing at theta = 0, the Scherrer size at theta -> pi / 2 (radians and degrees), structure factors at a
systematic extinction (by cos and sin, by complex exponentials, by known signs) and their amplitudes (a cone), the
Debye-Waller factor at large B s^2, pseudo-Voigt (by hand and from SciPy's densities) and SciPy's Voigt profile at
eta = 0 and 1, gamma = 0, sigma = 0 and far in the tails, the Caglioti width where its radicand nears 0, the Debye heat
capacity by Simpson's and the trapezoid rule (0 / 0 at x = 0, a where, expm1), the Einstein heat capacity at T -> 0 and
T -> inf, Avrami kinetics (naive and by expm1) at t = 0 and small and large k t, Hall-Petch at d -> 0, Arrhenius
diffusion at low T and T = 0, Vegard's law and the Rietveld R_wp at a perfect fit; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the case of its finding F1, mended: SciPy's
voigt_profile at sigma = 0 (the Cauchy density, its sigma-slope 0 there), whose exact reference did not settle, is ok. The whole set runs case by case
through the CLI as tests/trials/run.py does (cases99c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases99c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib99c:bragg_theta@lam=2.0,d=1.0:float64":
        "lambda = 2 d: arcsin at 1, slope +inf from inside and no value beyond: domain",
    "lib99c:amplitude_cscl@f=[26.0,26.0]:float64":
        "|F| = |f_Cs - f_Cl| at an extinction: the cone's vertex, both entries none: domain",
    "lib99c:r_wp@y_calc=[120.0,340.0,1500.0,880.0,260.0,130.0]:float64":
        "R_wp at a perfect fit: sqrt of a quadratic form at 0, every entry none: domain",
    "lib99c:caglioti@u=0.0,v=0.0,w=0.0,theta=0.35:float64":
        "sqrt(U tan^2 + V tan + W) at U = V = W = 0: theta's exact 0 computed inf * 0 = NaN: wrong",
    "lib99c:avrami@t=1e-20,k=1.0,n=1.0:float64":
        "1 - exp(-(k t)^n) at k t = 1e-20: the value 1e-20 computed 0: unstable",
    "lib99c:avrami_expm1@t=1e-20,k=1.0,n=1.0:float64":
        "-expm1(-(k t)^n) there: ok",
    "lib99c:debye_cv_guarded@t=300.0,theta_d=428.0:float64":
        "the Debye integrand's 0 / 0 at x = 0 put in by where: the unselected branch leaks NaN: wrong",
    "lib99c:arrhenius@t=0.0,d0=0.0001,q=200000.0:float64":
        "D0 exp(-Q / (R T)) at T = 0: T none (0 on the right, e^+inf on the left), q's exact 0 computed "
        "e^-inf * -1 / 0 = NaN: wrong",
    "lib99c:voigt@x=0.3,x0=0.0,sigma=0.0,gamma=0.1:float64":
        "F1 (mended): voigt_profile at sigma = 0, the Cauchy density with sigma's slope 0 (the left side's term "
        "flat to every order where x^2 > gamma^2): ok",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (cases99c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases99c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
