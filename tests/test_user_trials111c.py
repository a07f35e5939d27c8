"""The hundred-and-eleventh round (c) of user trials (tests/trials/cases111c.py): semiconductor device physics written
with gradcli.numpy (tests/trials/lib111c.py): the intrinsic carrier density with Varshni's band gap (T = 0, liquid
helium, float32 at 70 K and 400 K, in m^-3), the Fermi-Dirac occupation and its logistic, tanh and 1 - f spellings (far
tails, kT -> 0, 0 / 0), F_1/2 by a 65-node quadrature, Blakemore and Joyce-Dixon, the Caughey-Thomas and Masetti
mobilities at N = 0, velocity saturation at E = 0, SRH at equilibrium and in SI float32, diodes (expm1, SPICE's
limiting, series resistance by Lambert W), the built-in potential, depletion width at V = Vbi, SPICE's junction
capacitance, the EKV, square-law and BSIM smoothings, subthreshold conduction, tunnelling exp(-b / E) at E = 0, and
hand-written Fermi and softplus rules, right and with slips.

Chosen here: cheap cases that show the round's kinds of verdicts. No known wrong: every disagreement of the round was
the prober's truth (cases111c's docstring). The whole set runs case by case through the CLI as tests/trials/run.py
does (cases111c.ALL)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases111c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib111c:intrinsic_density@t=400.0:float32":
        "n_i = sqrt(Nc Nv) exp(-Eg / 2kT) in float32 at 400 K: Nc Nv = 6.9e38 overflows: unstable",
    "lib111c:intrinsic_density_split@t=400.0:float32":
        "sqrt(Nc) sqrt(Nv): no overflow: ok",
    "lib111c:intrinsic_density@t=4.2:float64":
        "n_i at liquid helium: exp(-1610), value and slope below float64, 0 is their rounding: ok",
    "lib111c:fermi@e=20.0,ef=0.0,kt=0.025:float64":
        "the Fermi function 800 kT above Ef: exp overflows, 0 * inf in the slope: unstable",
    "lib111c:fermi_logistic@e=20.0,ef=0.0,kt=0.025:float64":
        "the same by scipy's expit: ok",
    "lib111c:fd_half_expit@eta=-650.0:float64":
        "F_1/2 by a fixed quadrature with expit, deep in the Boltzmann tail: ok",
    "lib111c:joyce_dixon@n=0.0,nc=2.8e+19:float64":
        "Joyce-Dixon at n = 0: log(0), Nc keeps -1 / Nc beside the pole: domain",
    "lib111c:caughey_thomas@n=0.0,mu_min=52.2,mu_max=1417.0,nref=9.68e+16,alpha=0.68:float64":
        "Caughey-Thomas at N = 0: Nref's exact slope 0 comes out NaN (inf * 0): wrong",
    "lib111c:velocity_saturation@e=0.0,beta=2.0,mu=1400.0,vsat=10000000.0:float64":
        "velocity saturation at E = 0 with beta an input: (0)^beta's exponent slope taken as 0: ok",
    "lib111c:srh_si@n=1e+22,p=1e+22:float32":
        "SRH in m^-3 in float32: n p = 1e44 overflows: unstable",
    "lib111c:diode_limited@v=30.0:float64":
        "SPICE's exp limiting by a where at 30 V: the idle exp(1160) leaks 0 * inf: unstable, the where's line named",
    "lib111c:depletion_width@v=0.8,vbi=0.8,n=1e+22:float64":
        "the depletion width at V = Vbi: sqrt(0), N's slope 0 comes out NaN: wrong",
    "lib111c:junction_cap_fc@v=1.2,vbi=0.8:float64":
        "SPICE's FC junction capacitance past Vbi: the idle (1 - V / Vbi)^-0.5 leaks NaN: wrong",
    "lib111c:ekv@v=200.0:float32":
        "EKV ln(1 + e^(v / 2))^2 at 5 V / Ut in float32: exp(100) overflows: unstable",
    "lib111c:square_law@vgs=0.5,vt=0.5,k=0.0002,lam=0.05,vds=1.0:float64":
        "the square law at threshold: max(Vgs - Vt, 0)^2 is differentiable there: ok",
    "lib111c:vgsteff@vgs=0.0,vt=0.5,nvt=0.0125:float64":
        "BSIM's Vgsteff 40 n vt below threshold: log(1 + 4e-18) = 0: unstable",
    "lib111c:fowler_nordheim_where@e=0.0:float64":
        "Fowler-Nordheim guarded by a where at E = 0: the idle -B / 0 leaks NaN: wrong",
    "lib111c:fermi_rule3_slip@e=0.1,ef=0.0,kt=0.025852:float64":
        "a hand-written Fermi rule of three inputs with kT's slope's sign flipped: wrong, the rule named",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases111c, CHOSEN)
