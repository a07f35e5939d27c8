"""The eighty-ninth round (c) of user trials (tests/trials/cases89c.py): optics and electromagnetics written with
gradcli.numpy (tests/trials/lib89c.py): Snell's law at and past the critical angle (arcsin(1), total internal
reflection), the Fresnel reflectances r_s and r_p at normal and grazing incidence, at the critical angle and at
Brewster's angle, the thin-lens equation at d_o = f and near it, the lens-maker's formula with a flat face, the
Gaussian beam's radius (plain and by hypot), Gouy phase and wavefront radius, single-slit diffraction as sin(x)/x,
with np.where and by np.sinc, a grating at Rayleigh's anomaly, the skin depth at sigma -> 0, Beer-Lambert
absorption, its absorbance and attenuation in dB at large alpha L, thin-film interference at a large phase, and the
Fabry-Perot Airy function at high finesse and with perfect mirrors; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and F1's (mended: a value lost to overflow was
judged `ok`, the point `domain`, because another input's slope is beyond float64's range). F2 (a value whose tiny
exact digits are the input's rounding is `unstable`, where the gradient's entries, off for the same reason, pass) is
declined: a value keeps its relative error (cases89c says why). The whole set runs case by case through the CLI as
tests/trials/run.py does (cases89c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases89c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

BEAM = "w0=0.001,lam=1e-06"

CHOSEN = {  # case id -> what it holds
    "lib89c:snell_angle@theta_i=1.5707963267948966,n1=1.0,n2=1.0:float64":
        "Snell's law with no interface at grazing incidence: sin(theta_i) rounds to 1 and arcsin(1)'s slope is inf "
        "where d theta_t / d theta_i = 1 and d / dn1 = 1.6e16: unstable",
    "lib89c:fresnel_rs@theta_i=1.5707963267948966,n1=1.0,n2=1.0:float64":
        "|r_s|^2 with n1 = n2 at grazing incidence: cos_t = sqrt(1 - 1) = 0 where it is 6.1e-17, so R = 1 where it "
        "is 0: unstable",
    "lib89c:thin_lens_image@d_o=3.000000000003,f=3.0:float64":
        "the image distance 1 / (1/f - 1/d_o) 1e-12 from the focus: the difference of two rounded reciprocals keeps "
        "4 digits: unstable",
    "lib89c:slit_intensity_where@x=0.0:float64":
        "the slit's (sin x / x)^2 with the central maximum put in by np.where: the untaken 0/0 leaks NaN into the "
        "slope 0: wrong",
    "lib89c:beam_radius_hypot@z=1e+200,w0=0.001,lam=1e-06:float64":
        "the Gaussian beam radius by hypot far from the waist, where the plain (z/zR)^2 overflows: ok",
    f"lib89c:gouy_phase@z=1e+300,{BEAM}:float64":
        "the Gouy phase arctan(z/zR) at z/zR = 3e299: arctan's 1/(1 + x^2) underflows to 0, so the slopes 1e-296 and "
        "3e-294 in w0 and lam come out 0: unstable",
    "lib89c:grating_angle@theta_i=0.0,lam=1.0,d=1.0:float64":
        "a grating's first order at Rayleigh's anomaly, arcsin(1): no right side, an infinite left slope: domain",
    "lib89c:lensmaker_power@n=1.5,R1=0.1,R2=inf:float64":
        "a flat face typed as R2=inf: an input error that says the point is not finite",
    f"lib89c:wavefront_curvature_radius@z=1e-200,{BEAM}:float64":
        "F1 (mended): z (1 + (zR/z)^2) at z = 1e-200 is inf where R = 9.9e200 is a number; z's slope (-9.9e400) is "
        "beyond float64: unstable (value), the slope said as the dtype's limit",
}

KNOWN_WRONG = {}  # case id -> the finding, open: none
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases89c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
