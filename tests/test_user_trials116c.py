"""The hundred-and-sixteenth round (c) of user trials (tests/trials/cases116c.py): astronomy, geodesy, surveying and
navigation written with gradcli.numpy (tests/trials/lib116c.py), angles in degrees: great-circle distances by the
haversine and by arccos at one point and at antipodes, bearings at due north and due south, tan and sec of latitude at
+-90 (with terms beside them keeping their slopes), Mercator at the poles, geodetic <-> ECEF, magnitudes at F = 0,
inverse-square flux and sums over bodies with one at d = 0, Kepler's equation by fixed Newton steps, the true anomaly,
vis-viva at escape, refraction, airmass, parallax, dead reckoning, survey residuals and hand-written rules whose
constants Python computes.

Chosen here: cheap cases that show the round's kinds of verdicts. Known wrong: F1-F3 of cases116c's docstring, strict
xfails judged by their words. The whole set runs case by case through the CLI as tests/trials/run.py does
(cases116c.ALL)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases116c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib116c:haversine@lat1=10.0,lon1=20.0,lat2=10.0,lon2=20.0:float64":
        "the haversine at one point: a = 0 exactly, sqrt's kink: domain",
    "lib116c:haversine@lat1=10.0,lon1=20.0,lat2=12.0,lon2=23.0:float16":
        "the haversine in float16: 2R times the slopes overflows 65504 on the way back: unstable",
    "lib116c:gc_arccos@lat1=10.0,lon1=20.0,lat2=10.0,lon2=20.0:float64":
        "R arccos(dot) at one point: the kink, but the value 9.5e-5 km for 0: unstable",
    "lib116c:bearing@lat1=30.0,lon1=20.0,lat2=10.0,lon2=20.0:float64":
        "the bearing due south: atan2's cut in the longitudes, the latitudes keeping 0: domain",
    "lib116c:bearing_compass@lat1=10.0,lon1=20.0,lat2=30.0,lon2=20.0:float64":
        "the compass bearing due north: 360 mod 360's jump: domain",
    "lib116c:tan_lat_pi@lat=90.0:float32":
        "tan(90 * np.pi / 180) in float32: pi rounded up, tan -2.3e7 and its slope finite: ok",
    "lib116c:sec_lat_plus@c=1.0,lat=90.0:float64":
        "c + sec(deg2rad(90)): the pole, c keeping 1: domain",
    "lib116c:mercator_y@lat=90.0:float64":
        "Mercator's ln tan(45 + lat/2) at the pole: domain",
    "lib116c:inverse_mercator@y=800.0,r=1.0:float64":
        "2 atan(exp(800)): the value right, the slope 1/(1 + inf) * inf NaN: unstable",
    "lib116c:magnitude@f=0.0,f0=1.0:float64":
        "-2.5 log10(F / F0) at F = 0: F0 keeping 2.5 / (F0 ln 10): domain",
    "lib116c:flux_sum@lum=[1.0,2.0,3.0],d=[0.0,1.0,2.0]:float64":
        "inverse-square flux summed with a source at d = 0: the others keep their slopes: domain",
    "lib116c:tidal_sum@n=2.0,d=[0.0,2.0,3.0]:float64":
        "sum n / d^-2 with a body at d = 0: slope 0 there, the chain rule's 0 * inf: wrong",
    "lib116c:kepler_e@m_deg=0.0,e=1.0:float64":
        "Kepler's Newton step at e = 1, M = 0: 0 / 0: domain",
    "lib116c:kepler_e@m_deg=60.0,e=0.5:float32":
        "four Newton steps of Kepler's equation in float32: ok",
    "lib116c:true_anomaly_atan2@e_deg=180.0,e=0.5:float64":
        "the true anomaly by atan2 at apoapsis: no half-angle pole: ok",
    "lib116c:vis_viva_mu@mu=1.0,r=2.0,a=1.0:float64":
        "vis-viva at 2/r = 1/a: mu's exact 0 computed inf * 0 = NaN: wrong",
    "lib116c:airmass_kasten@z=96.07995:float64":
        "Kasten and Young's (96.07995 - z)^-1.6364 at its end: domain",
    "lib116c:airmass_sec@z=89.9:float16":
        "sec z at 89.9 deg in float16: deg2rad's rounding swamps cos: unstable",
    "lib116c:refraction_cot_cs@h=90.0:float64":
        "58.3 cos/sin at 90 deg: cos exactly 0, slope -58.3 pi / 180: ok",
    "lib116c:sind_slip@x=30.0:float64":
        "a hand-written sin-in-degrees rule missing DEG: wrong, the rule named",
    "lib116c:utm_scale@x=1000.0:float32":
        "a rule g * 0.9996**3 for three float32 multiplications by 0.9996: ok",
    "lib116c:utm_scale_slip@x=1000.0:float64":
        "the same rule one factor short: wrong, the lambda named",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "lib116c:refraction_cot@h=90.0:float64":
        "F1: 58.3 / tan(deg2rad(90)): error (not proven 0), where the function is cot, 0 with slope -58.3 pi/180",
    "lib116c:refraction_cot@h=90.0:float32":
        "F1: the same in float32: error, not ok",
    "lib116c:true_anomaly_tan@e_deg=180.0:float64":
        "F1: atan(k tan(deg2rad(180) / 2)): error (did not settle), not domain (a jump)",
    "lib116c:true_anomaly_atan2@e_deg=360.0,e=0.5:float64":
        "F2: atan2(c sin(deg2rad(360) / 2), -c'): error (not proven 0), not domain (atan2's cut)",
}
SYMPTOMS = {  # case id -> words of the finding's output
    "lib116c:refraction_cot@h=90.0:float64": "but not proven 0",
    "lib116c:refraction_cot@h=90.0:float32": "but not proven 0",
    "lib116c:true_anomaly_tan@e_deg=180.0:float64": "the exact reference did not settle",
    "lib116c:true_anomaly_atan2@e_deg=360.0,e=0.5:float64": "on balls, the exact value is within",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases116c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
