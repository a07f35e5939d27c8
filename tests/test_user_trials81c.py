"""The eighty-first round (c) of user trials (tests/trials/cases81c.py): electrical circuits and power electronics
written with gradcli.numpy and gradcli.scipy.special (tests/trials/lib81c.py): the Shockley diode at V = 0, far forward
and reverse, as SPICE limits it, its voltage by log1p and by log at I = 0 and I = -Is, a diode with a series resistor
by Lambert's W and by a Newton loop, power in dBm at P = 0 and with a floor, RC, RLC and notch gains in dB as real
formulas and as complex numbers, phases by arctan2 and np.angle at w = 0, at resonance and across R = 0, parallel
resistors and dividers at a short, MOSFET square law and SPICE level 1 at their switches, EKV by logaddexp and by
log(1 + exp), an op-amp's tanh and clip at its rails, RMS, ripple and power factor at zero waveforms, a buck
converter's efficiency at no load, Peukert's law at I = 0 and at an empty battery, a charging capacitor, a matched
load; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts. The round found nothing wrong in gradcli
(KNOWN_WRONG is empty); every case of the round runs with `python tests/trials/run.py`.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases81c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib81c:diode_spice@V=0.8:float64":
        "the SPICE-limited diode at its switch: the tangent's e^(vc / VT) is the Python double fl(0.8 / 0.025852), so "
        "the program jumps by 4.5e-16 where the formula meant a C1 join: domain",
    "lib81c:parallel@R1=0.0,R2=100.0:float64":
        "1 / (1/R1 + 1/R2) at a short: Rp = 1/inf = 0 is smooth (slopes 1, 0), the rule's (-1/inf^2)(-1/0^2) is NaN "
        "at high precision too: wrong, at the line",
    "lib81c:diode_series_r@V=25.0,R=10.0,Is=1e-12,n=1.0:float64":
        "the diode with a series resistor by Lambert's W at 25 V: e^967 overflows, W(inf) = inf where I = 2.4 A: "
        "unstable",
    "lib81c:mosfet_level1@Vgs=1.5,Vds=1.0,Vth=0.5,k=0.002,lam=0.05:float64":
        "SPICE level 1 on the triode / saturation boundary: np.where's two branches agree in value and slope: ok",
    "lib81c:opamp_clip@vp=0.0001,vn=0.0,A=100000.0,Vsat=10.0:float64":
        "an op-amp's clip where A (vp - vn) = 10.000000000000000479 rounds onto the rail: clip passes the slope A "
        "where it is 0: unstable",
    "lib81c:rlc_gain@w=1.0,R=1e-200,L=1.0,C=1.0:float64":
        "the RLC band-pass at resonance with R = 1e-200: R^2 underflows, 1e-200 / 0 = inf where |H| = 1: unstable, "
        "np.hypot offered and re-checked",
    "lib81c:lowpass2_phase@w=100000.0,R=0.0,L=0.001,C=1e-06:float64":
        "a low-pass's phase -atan2(w R C, 1 - w^2 L C) above resonance at R = 0: pi jumps to -pi across R = 0 "
        "(domain) while w, L and C keep their exact 0",
    "lib81c:peukert_runtime@I=5.0,C=0.0,k=1.2:float64":
        "Peukert's law for an empty battery: (C / (I H))^1.2 at C = 0 has the slope of its one side, 0: ok",
}

KNOWN_WRONG = {}  # the round found no disagreement
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases81c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
