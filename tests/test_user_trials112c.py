"""The hundred-and-twelfth round (c) of user trials (tests/trials/cases112c.py): renewable energy and power systems
written with gradcli.numpy (tests/trials/lib112c.py): a wind turbine's power curve by where, clip and a table (exactly
on cut-in, rated and cut-out), air density, Betz, Heier's Cp at a parked rotor, a Weibull climate's mean power by a
fixed quadrature (k < 2: the calm node's 0 * inf), its log-likelihood with a calm, wind shear at the ground, the log
profile at z0, Jensen's wake at Ct = 1; a PV cell by Lambert W and by Newton steps (short and open circuit, Rs = 0,
Rsh -> inf, a module's voltage), Voc at dusk, the maximum power point by Newton and by Lambert W, inverter clipping,
the plane-of-array irradiance at sunset and square on; Peukert at no load, coulomb counting to an empty battery and
through a rest hour, OCV curves at SOC = 0 and 1, Arrhenius and calendar ageing; two- and three-bus power flow, the
power factor at P = Q = 0 and at underflowing powers, line losses, a transformer at no load; the capital recovery
factor at r = 0 and 1e-9 and the annuity guarded by where at r = 0; hand-written rules (a cubic, the PV current by
implicit differentiation, a reserve penalty).

Chosen here: cheap cases that show the round's kinds of verdicts. F1 (cases112c's docstring: a gradcli.custom_gradient
primal's Python constants taken at float64 by the exact reference in a float32 program) is mended. The
whole set runs case by case through the CLI as tests/trials/run.py does (cases112c.ALL)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases112c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib112c:power_curve@v=3.0:float64":
        "the power curve by where exactly at cut-in: slope 0 from the left, 31.7 kW / (m / s) from the right: domain",
    "lib112c:power_curve@v=25.0:float64":
        "the power curve at cut-out: a jump from rated power to 0: domain",
    "lib112c:power_curve_clip@v=12.0:float64":
        "the clipped cubic at rated speed: clip's upper bound tied: domain",
    "lib112c:cubic_rule_slip@v=8.0:float64":
        "a hand-written rule for the cubic that forgets the 3 of d v^3: wrong, the rule named",
    "lib112c:weibull_mean_power@c=6.5,k=1.8:float64":
        "a Weibull climate's mean power by a 61-node trapezoid, k < 2: the calm node's 0^(k-1) slope inf meets "
        "P(0) = 0: wrong",
    "lib112c:weibull_mean_power@c=8.0,k=2.0:float32":
        "the same at Rayleigh k = 2, float32: ok",
    "lib112c:weibull_loglik@k=2.0,c=8.0:float64":
        "a Weibull log-likelihood of a record with a calm: -inf, c keeps its finite terms' slope: domain",
    "lib112c:pv_lambertw@v=36.0,rs=0.005,rsh=10.0:float64":
        "the single-diode cell by Lambert W fed a module's 36 V: exp(1078) overflows: unstable",
    "lib112c:pv_lambertw@v=0.5,rs=0.0,rsh=10.0:float64":
        "Lambert W's form at Rs = 0: n Vt / 0 * W(0): domain",
    "lib112c:pv_voc@iph=1e-20,i0=1e-09:float64":
        "Voc = n Vt log(Iph / I0 + 1) at dusk: log(1 + 1e-11): unstable",
    "lib112c:inverter@p_dc=5000.0:float64":
        "inverter clipping exactly at its DC limit: domain",
    "lib112c:poa@zen=90.0,az=270.0,tilt=0.0,az_panel=180.0:float64":
        "the beam on a flat plate at sunset: max(cos(deg2rad(90)), 0), an exact 0: domain",
    "lib112c:peukert@i=0.0,k=1.0:float64":
        "Peukert's C (5 / i)^(k - 1) at no load with k = 1: inf^0 = 1 for every i, i's exact 0 out NaN: wrong",
    "lib112c:soc_count@soc0=0.5,cap=1.0,i=[0.25,0.25]:float64":
        "coulomb counting to exactly empty: clip's tie at SOC = 0: domain",
    "lib112c:ocv_clipped@s=0.0:float64":
        "an OCV curve with ln(SOC) after clipping SOC to [1e-6, 1 - 1e-6], at SOC = 0: flat, ok",
    "lib112c:power_factor@p=1e-25,q=1e-25:float32":
        "the power factor P / sqrt(P^2 + Q^2) in float32 at 1e-25: P^2 underflows: unstable",
    "lib112c:power_factor_hypot@p=1e-25,q=1e-25:float32":
        "the same by hypot: ok",
    "lib112c:line_loss_current@p=0.0,q=0.0,v=1.0:float64":
        "line loss through |I| = sqrt(P^2 + Q^2) / V squared at no load: sqrt's inf * 0: wrong",
    "lib112c:crf@r=1e-09:float64":
        "the capital recovery factor at r = 1e-9: (1 + r)^25 - 1 cancels: unstable",
    "lib112c:annuity_safe@r=0.0:float64":
        "the annuity factor guarded by a double where at r = 0: slope 0 for -325: wrong",
    "lib112c:lcoe_discounted@r=0.0,capex=1500.0,d=0.0:float64":
        "LCOE as discounted costs over discounted energy at r = 0: ok",
    "lib112c:soc_reserve_rule@s=0.2:float32":
        "(s - 0.2)^2 with a hand-written rule at s = 0.2 in float32: 0.2 as float32 holds it in the rule's function and "
        "in the rule, exact 0 and 0: ok (F1, mended)",
}

KNOWN_WRONG = {}  # F1 (a custom_gradient primal's constants taken at float64 in a float32 program) is mended
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases112c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
