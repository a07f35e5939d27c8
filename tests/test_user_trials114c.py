"""The hundred-and-fourteenth round (c) of user trials (tests/trials/cases114c.py): structural and geotechnical
engineering written with gradcli.numpy (tests/trials/lib114c.py): beam deflections by np.where at the load's own
section (C2: ok), the moment's kink and the shear's jump there, a load on the support leaking 0 * inf; thin-walled
sections' cancellations, a tube's 0 / 0; Euler-Johnson at the slenderness limit (tangent: ok), Perry-Robertson's root
at eta = 0 and its cancellation; von Mises at zero stress and float32 underflow, principal stresses at a hydrostatic
state; Mohr-Coulomb at phi = 0 and 90 deg, the mobilised angle at sigma = 0; bearing capacity factors at phi = 0
(Nc's 0 / 0), Rankine's coefficients at 90 deg; settlement at ds = 0 and s0 = 0; Terzaghi's series; the infinite
slope at beta = 0 and 90 deg, Bishop's iterations; reliability indices and Pf at sigma_g = 0, lognormal at R = 0;
Basquin and Miner at S = 0; the parabola-rectangle block at eps_c2, steel's min at exact and rounded yield ties,
sign times min at 0; hand-written rules (right, slipped, a slip hidden at tau = 0, TFP's form per degree and per
radian).

Chosen here: cheap cases that show the round's kinds of verdicts. Known wrong: F1 (tan of deg2rad(90): error, not
domain), F2 (Miner's sum over an array with a block at S = 0: error where one block alone is wrong) and F3 (c + sigma
/ cos(deg2rad(90)): c's exact slope 0); see cases114c's docstring. The whole set runs case by case through the CLI as
tests/trials/run.py does (cases114c.ALL)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases114c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib114c:ss_point_deflection@x=2.0,a=2.0,ei=1000.0,p=10.0,length=5.0:float64":
        "a simply supported beam's deflection under its point load, by np.where at x = a: C2 there: ok",
    "lib114c:ss_point_deflection@x=2.0,a=5.0,ei=1000.0,p=10.0,length=5.0:float64":
        "the load on the support (b = 0): the idle piece's L / b = inf leaks 0 * inf into x's exact 0: wrong",
    "lib114c:ss_point_moment@x=2.0,a=2.0,p=10.0,length=5.0:float64":
        "the bending moment's peak under the load: a kink: domain",
    "lib114c:hollow_rect_i@b=1.0,h=1.0,t=1e-05:float32":
        "a thin-walled box's (b h^3 - bi hi^3) / 12 in float32: cancellation: unstable",
    "lib114c:tube_gyration@d_out=100.0,d_in=100.0:float64":
        "a tube of no wall: sqrt(I / A) at 0 / 0: domain",
    "lib114c:euler_johnson@length=201.06192982974676,r=0.5,e=2048000.0,fy=250.0:float64":
        "Euler-Johnson at the slenderness limit: the parabola is tangent to the hyperbola there: ok",
    "lib114c:perry_robertson@se=355.0,fy=355.0,eta=0.0:float64":
        "Perry-Robertson with eta = 0 at se = fy: sqrt of a zero discriminant: domain",
    "lib114c:perry_robertson@se=0.02,fy=355.0,eta=0.3:float32":
        "Perry-Robertson's A - sqrt(A^2 - fy se) at a large slenderness in float32: cancellation: unstable",
    "lib114c:von_mises@s1=0.0,s2=0.0,tau=0.0:float64":
        "von Mises at zero stress: the cone's apex: domain",
    "lib114c:principal_max@sx=50.0,sy=50.0,txy=1e-200:float64":
        "the major principal stress near a hydrostatic state: txy^2 underflows: unstable",
    "lib114c:mobilised_phi@tau=50.0,sigma=0.0:float64":
        "arctan(tau / sigma) at sigma = 0: 90 deg for every tau, arctan's 0 times inf in tau's slope: wrong",
    "lib114c:bearing_nc@phi=0.0:float64":
        "Nc = (Nq - 1) cot phi at phi = 0: 0 / 0: domain",
    "lib114c:rankine_ka@phi=90.0:float64":
        "Rankine's (1 - sin) / (1 + sin) at 90 deg: a minimum, slope 0: ok",
    "lib114c:settlement@cc=0.3,h=5.0,e0=0.9,s0=0.0,ds=50.0:float64":
        "settlement at s0 = 0: log10(inf), ds keeping its slope: domain",
    "lib114c:failure_probability@mu_r=300.0,mu_s=200.0,s_r=0.0,s_s=0.0:float64":
        "Pf = Phi(-beta) at sigma_g = 0: Pf = 0 near, every slope 0, the chain rule's 0 * inf NaN: wrong",
    "lib114c:miner_one@s=0.0,n=1000000.0,m=8.0:float64":
        "one block's damage n / (S / Sf)^-m at S = 0: n / inf = 0, pow's inf in the rule: wrong",
    "lib114c:parabola_rectangle@eps=0.002,fcd=20.0:float32":
        "EC2's parabola-rectangle at eps_c2 in float32: C1: ok",
    "lib114c:steel_bilinear@eps=0.002,e=200000.0,fy=400.0:float64":
        "min(E eps, fy) tied only by float64's rounding of 400 + 8.3e-15: unstable",
    "lib114c:steel_abs@eps=0.0,e=200000.0,fy=400.0:float64":
        "sign(eps) min(E |eps|, fy) at 0: slope E, sign's rule 0: wrong",
    "lib114c:euler_rule_slip@e=200000.0,i=83600000.0,length=6000.0:float64":
        "a hand-written rule for Euler's load forgetting the exponent's 2: wrong, the rule named",
    "lib114c:von_mises_rule_slip@s1=200.0,s2=-50.0,tau=0.0:float64":
        "a slipped von Mises rule whose slip multiplies tau = 0: ok there",
    "lib114c:ka_tfp_slip@phi=30.0:float64":
        "Ka's slope per radian given for an angle in degrees through TFP's form: wrong",
}

KNOWN_WRONG = {  # case id -> the finding, open (cases114c says how)
}
SYMPTOMS = {  # case id -> words of the finding's output
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases114c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
