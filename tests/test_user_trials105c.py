"""The hundred-and-fifth round (c) of user trials (tests/trials/cases105c.py): oceanography, waves and coastal
engineering written with gradcli.numpy (tests/trials/lib105c.py): the linear dispersion relation solved by three Newton
steps from Hunt's approximation (h = 0, omega = 0), phase and group speeds at k = 0 (0 / 0), in the shallow limit (a
cancellation in c's slope) and in deep water (sinh past the dtype), wave energy flux, the Iribarren number, the
Pierson-Moskowitz and JONSWAP spectra (f = 0, the peak's sigma switch at f = fp), depth-limited breaking by
H / h > 0.78 (ties exact and made by rounding), Stokes drift, tidal harmonics (a year in float32, arctan2 at the
origin and on its cut), the UNESCO surface density (fresh water's S^1.5) and the buoyancy frequency (a well-mixed
column, an inversion, float32's difference of densities), the Ekman spiral (D = 0), the law of the wall, a drag
coefficient at z = z0 and Manning's flow (R = 0, a flat bed, a dry channel); float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, among them a depth-limited breaking cap at a
float32 point whose exact H / h is float32's 0.78, judged as written (0.78 and the point as doubles: below the
switch; README's `constant-rounded`). The whole set runs case by case through the CLI as tests/trials/run.py does (cases105c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases105c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib105c:wavenumber@omega=0.6283185307179586,h=10.0:float64":
        "k from three Newton steps after Hunt: the slopes of the exact root by implicit differentiation: ok",
    "lib105c:phase_speed@k=1e-08,h=10.0:float64":
        "c = sqrt(g tanh(kh) / k) at k h = 1e-7: k's slope -3.3e-6 from terms of 5e8, computed 4% off: unstable",
    "lib105c:jonswap@f=0.08,Hs=2.0,fp=0.08,gamma=3.3:float64":
        "JONSWAP on its peak, where sigma switches: (f - fp)^2 and its slopes vanish, both sides agree: ok",
    "lib105c:breaking_energy@H=0.78,h=1.0:float64":
        "depth-limited breaking at H / h = 0.78 exactly: the cap's kink: domain",
    "lib105c:manning_discharge@y=0.0,b=4.0,S=0.001,n=0.03:float64":
        "a dry channel: y none, b's exact 0 computed 0 * inf * 0 = NaN: wrong",
    "lib105c:log_layer@z=0.0,ustar=0.05,z0=0.001:float64":
        "the law of the wall at z = 0: log(0), z0 keeps -u* / (kappa z0) as README's log(y / x): domain",
    "lib105c:seawater_density@T=15.0,S=0.0:float64":
        "fresh water: S^1.5 at its base 0 takes the defined side's slope 0 (README), S keeps A(T): ok",
    "lib105c:breaking_energy@H=2.34,h=3.0:float32":
        "float32 2.34 / 3 is float32's 0.78: the held program's switch, not the written one's: judged as written, ok",
}
KNOWN_WRONG = {}  # case id -> the finding it shows
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases105c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
