"""The hundred-and-third round (c) of user trials (tests/trials/cases103c.py): seismology and geophysics written with
gradcli.numpy (tests/trials/lib103c.py): Gutenberg-Richter counts past float32, Aki's and Utsu's maximum-likelihood
b-value at mean(M) -> Mc (the pole, a catalogue at the bin's lower edge), moment magnitude and moment at M0 = 0 and
past the range, the modified Omori rate at t = c = 0 and its integral at p -> 1 (0 / 0; switched by a `where`), the
Brune spectrum and its logarithm at fc -> 0 and the corner frequency at a zero stress drop, attenuation at r -> 0
and Q -> inf, reflection times at the cone's vertex, Snell's law at arcsin's edge (exactly 1, past it by rounding,
and sin(pi / 2) computed 1), head-wave and intercept times at v1 = v2, a buried sphere's gravity at the origin and
past the range, Bouguer corrections with Python constants cast to float32, Archie's law at zero porosity and
Gassmann's fluid substitution at K_dry = K_min; float64 and float32.

Chosen here: ten cheap cases that show the round's kinds of verdicts. Known wrong: none (F1, intercept_time at
v1 = v2: h's exact 0 called wrong from a high-precision rounding residue, and F2, Gassmann at phi = 0, K_dry = K_min:
0 / 0 with no verdict, are mended; cases103c says how). The whole set runs case by case through the CLI as
tests/trials/run.py does (cases103c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases103c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib103c:b_value_utsu@M=[1.95,1.95],Mc=2.0,dM=0.1:float64":
        "a catalogue at the bin's lower edge: mean(M) - (Mc - dM / 2) = -4.2e-17 held, computed 0: unstable",
    "lib103c:refraction_angle@i=1.5707963267948966,v1=2000.0,v2=2000.0:float64":
        "arcsin(sin i) at the double below pi / 2: sin i = 1 - 1.9e-33 computed 1.0, i's slope 1 lost: unstable",
    "lib103c:transmitted_angle@p=0.00048828125,v2=2048.0:float64":
        "arcsin(p v2) with p v2 = 1 exactly: arcsin's edge: domain",
    "lib103c:head_wave_time@x=5000.0,h=500.0,v1=3000.0,v2=3000.0:float64":
        "sqrt(1 - (v1 / v2)^2) at v1 = v2: v1, v2 none, x keeps 1 / v2, h keeps 0: domain",
    "lib103c:omori_count_guarded@t=10.0,K=100.0,c=0.01,p=1.0:float64":
        "the Omori count switched by where at p = 1: the unselected 0 / 0 leaks NaN: wrong",
    "lib103c:brune_spectrum@f=5.0,omega0=0.01,fc=0.0:float64":
        "omega0 / (1 + (f / 0)^2) = 0, every slope 0, computed 0 * inf = NaN: wrong",
    "lib103c:corner_frequency@M0=1e+18,dsigma=0.0,beta=3500.0:float64":
        "(dsigma / M0)^(1/3) at dsigma = 0: dsigma none, M0's exact 0 computed inf * 0: wrong",
    "lib103c:gassmann@K_dry=37.0,phi=0.2,K_min=37.0,K_fl=2.25:float64":
        "Gassmann with a dry frame as stiff as its mineral: K_sat = K_min, smooth: ok",
    "lib103c:gassmann@K_dry=37.0,phi=0.0,K_min=37.0,K_fl=2.25:float64":
        "F2, mended: no pores too, 0 / 0 from 1 / 37 - 37 / 37^2, no limit: domain, no slope",
    "lib103c:intercept_time@h=500.0,v1=3000.0,v2=3000.0:float64":
        "F1, mended: 2 h cos(arcsin(v1 / v2)) / v1 at v1 = v2: h's exact 0, the rule's residue within its noise: domain",
}
KNOWN_WRONG = {}  # case id -> the finding it shows (cases103c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases103c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
