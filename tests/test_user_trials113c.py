"""The hundred-and-thirteenth round (c) of user trials (tests/trials/cases113c.py): forestry, agronomy and crop / plant
physiology models written with gradcli.numpy (tests/trials/lib113c.py): Chapman-Richards and Naslund height curves at
d = 0 (c < 1, c = 1, c = 2; float32 at d = 1e-30 and by expm1), biomass a D^b and its log-log fit at D = 0, Gompertz
and logistic growth overflowing float32, site curves at the base age, at age 0 and b -> 0, Reineke's SDI from an empty
plot; thermal time with a day at the base or the cut-off (float32 and float64, a barley base of 4.4, a twenty-day
season), the single-sine degree days at tmin = tb, tmax = tb and a day of constant temperature; Farquhar's min with
a tie and at Gamma*, the non-rectangular hyperbola at theta = 1 (the corner, and a rounding from it), theta = 1e-9
and 0 and its stable form, Medlyn at D = 0, Tetens' pole, Penman-Monteith with a clipped humidity, Hargreaves at
Tmax = Tmin; van Genuchten at h = 0 (n = 1.5, n = 1, through abs), Mualem at saturation, Brooks-Corey's air entry and
its where at h = 0; Beer-Lambert, sunlit leaf area at k = 0, k = 1e-4 and the sun on the horizon; linear- and
quadratic-plateau on their joins (and a join only rounding makes), Liebig's ties, FAO-56's Kc table on a knot;
log-logistic and Weibull dose-response at the untreated control; water stress clipped to [0, 1]; NumPy scalars typed
by hand; hand-written rules (right, slipped, a partial given as None, TFP's form with FAO-56's rounded 4098).

Chosen here: cheap cases that show the round's kinds of verdicts. Known wrong: none (no finding this round; see
cases113c's docstring). The whole set runs case by case through the CLI as tests/trials/run.py does
(cases113c.ALL)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases113c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib113c:chapman_richards@d=0.0,c=0.8,a=30.0,b=0.05:float64":
        "Chapman-Richards at d = 0 with c < 1: d has no derivative, b's exact 0 comes out NaN from pow's inf * 0: "
        "wrong",
    "lib113c:chapman_richards_expm1@d=1e-30,c=0.8,a=30.0,b=0.05:float32":
        "the same curve by -expm1(-b d) at d = 1e-30 in float32: ok",
    "lib113c:biomass@d=0.0,a=0.1,b=2.4:float64":
        "a D^2.4 at D = 0: the slope 0 of the side it is defined on: ok",
    "lib113c:logistic_growth@t=-100.0,a=25.0,k=1.0,t0=0.0:float32":
        "logistic growth in float32 at t = -100: exp(100) overflows: unstable",
    "lib113c:reineke_from_trees@d=[0.0,0.0,0.0]:float64":
        "Reineke's SDI of an empty plot through sqrt(mean d^2): slope 0, sqrt's inf * 0: wrong",
    "lib113c:gdd@t=[12.0,10.0,15.0],tb=10.0:float64":
        "growing degree days with a day exactly at the base: max's tie: domain",
    "lib113c:degree_days_sine@tmin=10.0,tmax=30.0,tb=10.0:float64":
        "single-sine degree days at tmin = tb: C1 there, arccos' -inf times an exact 0 gives NaN: wrong",
    "lib113c:fvcb@ci=400.0,vcmax=55.0,j=96.0:float64":
        "Farquhar's min of Rubisco- and electron-limited rates tied at 18: domain",
    "lib113c:nrh@i=500.0,jmax=150.0,theta=1e-09:float64":
        "the non-rectangular hyperbola by the quadratic formula at theta = 1e-9: cancellation: unstable",
    "lib113c:nrh_stable@i=500.0,jmax=150.0,theta=0.0:float64":
        "its stable form 2c / (b + sqrt(b^2 - 4 theta c)) at theta = 0: ok",
    "lib113c:medlyn@a=10.0,d=0.0,ca=400.0:float64":
        "Medlyn's g1 / sqrt(D) at D = 0: domain",
    "lib113c:van_genuchten@h=0.0,alpha=0.02,n=1.5:float64":
        "van Genuchten at h = 0: (alpha h)^1.5 has the slope 0 of its defined side: ok",
    "lib113c:mualem@se=1.0,ks=10.0,n=1.5:float64":
        "Mualem at saturation: se has none, n's exact 0 out NaN: wrong",
    "lib113c:brooks_corey@h=0.0,hb=20.0,lam=0.4:float64":
        "Brooks-Corey by where at h = 0: the idle (20 / 0)^0.4 leaks NaN into slopes 0: wrong",
    "lib113c:sunlit_zenith@lai=3.0,zen=90.0:float64":
        "sunlit leaf area with k = 0.5 / cos(deg2rad(90)): an exact 0 under a number: domain",
    "lib113c:linear_plateau@n=30.0,a=2.0,b=0.1,plateau=5.0:float32":
        "linear-plateau whose join is a float32 rounding (5 + 4.5e-8 exactly): unstable",
    "lib113c:quadratic_plateau@n=64.0,a=3.0,b=1.0,c=-0.0078125:float64":
        "quadratic-plateau exactly at its vertex: C1 in every input: ok",
    "lib113c:crop_coefficient@day=50.0:float64":
        "FAO-56's Kc table on a knot of a straight stretch: the same slope from both sides: ok",
    "lib113c:log_logistic@dose=0.0,b=2.0,e=50.0,c=0.1,d=1.0:float64":
        "the log-logistic on log(dose) at the untreated control: b's exact 0 out of 0 * -inf: wrong",
    "lib113c:water_stress@theta=0.25,wp=0.125,fc=0.375:float64":
        "a water stress factor clipped to [0, 1] exactly at its threshold: domain",
    "lib113c:fpar_rule_slip@lai=2.0:float64":
        "a hand-written interception rule that forgets k: wrong, the rule named",
    "lib113c:tetens_tfp@t=25.0:float32":
        "Tetens with FAO-56's 4098 es / (T + 237.3)^2 as its TFP-form gradient: 4098 is 4098.171 rounded: wrong",
}

KNOWN_WRONG = {}  # case id -> the finding, open: none this round
SYMPTOMS = {}  # case id -> words of the finding's output

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases113c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
