"""The ninety-fifth round (c) of user trials (tests/trials/cases95c.py): meteorology and atmospheric science written
with gradcli.numpy (tests/trials/lib95c.py): saturation vapour pressure by Magnus, Tetens and Goff-Gratch (at its pole,
at 0 K and 1 mK, at the steam and triple points, and the ice/water switch's jump), the dew point by inverting Magnus
(RH = 0, 1e-300, 100 %), mixing ratio at boiling, potential temperature at p -> 0, the hypsometric equation at p1 =
p2, the barometric formula with a lapse rate at L = 0 (1^inf), 1e-12 and at the polytropic top, wind speed and
direction at calm and across north and south, wind chill and the heat index with their switches, the logarithmic
wind profile, Monin-Obukhov psi at z/L = 0 and in the stable range, Clausius-Clapeyron, cloud fraction by a clip, a
softplus precipitation threshold and radiative forcing; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the cases of its finding F1 (mended): at
a log's pole log(a / b) (a = 0 or b = 0) the input that does not move the pole got an exact slope that depended on the
spelling and on --wrt (log(x / y) at x = 0: y's -1/y in full, 0 with --wrt y, NaN for log(y / x)); its verdict stays
domain, the value being infinite. The whole set runs case by case through the CLI as tests/trials/run.py
does (cases95c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases95c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib95c:svp_water_ice@tk=273.16:float64":
        "Goff-Gratch over ice below the triple point, over water from it: 6.1071 against 6.1165 hPa, a jump: domain",
    "lib95c:dew_point@t=20.0,rh=100.0:float64":
        "the dew point at saturation: log(1) = 0, Td = T, smooth: ok",
    "lib95c:barometric@h=1500.0,lapse=1e-12,t0=288.15:float64":
        "(1 - L h / T0)^(g M / (R L)) at L = 1e-12: 1 - 5e-12 raised to 3.4e10 loses 11 digits: unstable",
    "lib95c:wind_direction@u=0.0,v=-5.0:float64":
        "a north wind: atan2's angle mod 360 jumps from 360 to 0 in u, v keeps its slope 0: domain",
    "lib95c:wind_chill@t=-10.0,v=0.0:float64":
        "calm air: the index is switched off (slopes 1, 0), but v ** 0.16's infinite slope meets where's 0: wrong",
    "lib95c:psi_m@zeta=0.0:float64":
        "Businger-Dyer's psi_m at neutral: slope -4 from the unstable side, -5 from the stable: domain",
    "lib95c:mo_wind@z=10.0,z0=0.1,ustar=0.3,inv_l=0.0:float64":
        "the Monin-Obukhov profile at 1/L = 0: psi's kink in 1/L, z, z0, u* keep the log profile's slopes: domain",
    "lib95c:cloud_fraction@rh=1.0,rhc=0.8:float64":
        "Sundqvist's cloud fraction at saturation: sqrt'(0) from below, the clip's 0 above (a kink in RH), and RHc's "
        "exact 0 made NaN: wrong",
}

CHOSEN.update({
    "lib95c:log_wind@z=10.0,z0=0.0,ustar=0.3:float64":
        "F1 (mended): log(z / z0) at z0 = 0: z keeps u* / (kappa z) = 0.075 beside the pole; the value inf: domain",
    "lib95c:co2_forcing@c=0.0,c0=280.0:float64":
        "F1 (mended): log(c / c0) at c = 0: c0 keeps -5.35 / c0 beside the pole; the value -inf: domain",
})
KNOWN_WRONG = {}  # case id -> the finding it shows, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases95c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
