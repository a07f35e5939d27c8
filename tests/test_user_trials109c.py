"""The hundred-and-ninth round (c) of user trials (tests/trials/cases109c.py): building physics and HVAC written with
gradcli.numpy (tests/trials/lib109c.py): layered-wall U-values (a layer of zero thickness, 0 / 0, a perfect insulator),
an air gap's radiative coefficient at a zero emissivity, heating and cooling degree-days at a day exactly at the base
and their softplus surrogates, a heat pump's Carnot COP at T_h = T_c and from Celsius (cancellation), part-load curves
at their clip's bounds, radiative exchange eps sigma (T1^4 - T2^4) and its linearised coefficient at T1 = T2 (float32 at
room temperature), natural convection 1.31 |dT|^(1/3) and q = h dT at dT = 0, stack-effect infiltration at T_in =
T_out, solar gains with the cosine clipped at 0 (the sun in the wall's plane, at the horizon), Fresnel pane
transmittance at normal and grazing incidence, Fanger's PMV / PPD (ISO 7730) at its sweating switch met = 1 and its
clothing-factor switch, an RC zone at R C -> 0 and R C huge, a proportional band and a deadband thermostat.

Chosen here: cheap cases that show the round's kinds of verdicts, and the finding F1 (cases109c's docstring), mended:
an infinity of a quotient by an input's 0.0 that no seed moves is a constant to the proofs, so 1 / (hc + h_r) at e1 =
0 has exact slopes 0 in e2 and Tm. Known wrong: F2, where gradcli gives no verdict ("no exact reference") for what is
`domain`. The whole set runs
case by case through the CLI as tests/trials/run.py does (cases109c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases109c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib109c:u_value@d1=0.2,k1=0.9,d2=0.0,k2=0.0,r_gap=0.18:float64":
        "U = 1 / (... + d2 / k2 + ...) with an empty layer of no conductivity: 0 / 0: domain",
    "lib109c:u_value@d1=0.2,k1=0.9,d2=0.1,k2=1e-300,r_gap=0.18:float64":
        "a perfect insulator: U's slope in k2 is 1 / d2 = 10, divide's rule meets y^2 = inf and -0.0: unstable",
    "lib109c:hdd@t=[2.5,8.0,15.5,18.0,21.0],base=18.0:float64":
        "degree-days sum max(0, base - T) with a day exactly at the base: domain",
    "lib109c:cop_celsius@th=35.0,tc=34.999999999999,eta=0.45:float64":
        "COP from Celsius: (th + 273.15) - (tc + 273.15) rounds a 1e-12 difference at 5.7e-14: unstable",
    "lib109c:carnot_cop@t_h=308.15,t_c=308.15:float64":
        "the Carnot COP T_h / (T_h - T_c) at T_h = T_c: a pole: domain",
    "lib109c:radiative_h@t1=293.15,t2=293.15,eps=0.9:float64":
        "the linearised radiative coefficient (T1^4 - T2^4) / (T1 - T2) at T1 = T2: 0 / 0: domain",
    "lib109c:q_natural@dt=0.0:float64":
        "q = 1.31 |dT|^(1/3) dT at dT = 0: slope 0, the pow rule's inf times 0: wrong",
    "lib109c:h_natural@dt=0.0:float64":
        "h = 1.31 |dT|^(1/3) at dT = 0: an infinite slope: domain",
    "lib109c:solar_roof@i_dn=800.0,alt=0.0,area=50.0,absorptance=0.7:float64":
        "a roof's gain clip(sin(alt), 0, 1) with the sun at the horizon: domain",
    "lib109c:fresnel_sines@theta=0.0,n=1.526:float64":
        "Fresnel's sin^2(ti - tt) / sin^2(ti + tt) at normal incidence: 0 / 0: domain",
    "lib109c:heat_losses@ta=22.0,rh=50.0,met=1.0:float64":
        "PMV's sweating term np.where(m > 58.15, ...) at met = 1, m = 58.15 exactly: a kink in met: domain",
    "lib109c:rc_step_naive@r=100000000000000.0,c=1000000.0,t0=15.0,t_out=0.0,q=2000.0:float64":
        "an RC step's Q R (1 - exp(-dt / RC)) at RC = 1e20 s: 1 - exp(-3.6e-17) = 0: unstable",
    "lib109c:deadband_energy@t=[20.8,19.5,19.6,19.7],setpoint=20.0,db=1.0,pmax=2.0:float64":
        "a deadband thermostat with a reading exactly at its lower threshold: the energy jumps: domain",
    "lib109c:gap_resistance@eps1=0.0,eps2=0.9,tm=283.0,hc=1.25:float64":
        "F1 mended: an air gap's 4 sigma Tm^3 / (1 / e1 + 1 / e2 - 1) at e1 = 0, 0 for every e2 and Tm: the rule's NaN "
        "in e1 is wrong beside exact slopes 0 in e2 and Tm",
    "lib109c:pmv_quick@met=1.0,clo=0.5,ta=22.0,tr=22.0,vel=0.1,rh=50.0:float64":
        "PMV through three steps of ISO 7730's iteration at met = 1, its sweating switch: met a kink, vel's slope the "
        "exact 0 a max leaves, proven past the proof's limits: domain (F2, mended)",
}

KNOWN_WRONG = {}  # F2 (PMV at met = 1 without an exact reference) is mended (cases109c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases109c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
