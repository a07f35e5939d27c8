"""The seventy-eighth round (c) of user trials (tests/trials/cases78c.py): differentiable rendering written with
gradcli.numpy (tests/trials/lib78c.py): the sRGB curves (x = 0 under pow(x, 1/2.4), the switch 0.0031308 in float64 and
float32), a display gamma, Schlick's Fresnel (clamped and not), GGX (roughness -> 0, Filament's form), Smith masking at
grazing angles (its tan^2 form), normalize at a zero vector and at 1e-200 (norm, eps, rsqrt(max)), refract at total
internal reflection (bare, one where, sqrt(max(k, 0)) under a where, a double where), a sphere's and a box's SDF
(inside, surface, corner, edge, centre), a hard union at its tie, smooth minima (log-sum-exp at k = 32, logaddexp, the
polynomial one at its clamp), soft rasterisation at sigma = 1e-4, 'over' compositing by cumprod and prod with opaque
layers, NeRF's quadrature (tiny and huge densities; cumsum(sd) - sd against concatenate), Reinhard, ACES, an
exponential tone curve, barycentric interpolation at degenerate triangles (cases78c.ALL: 109 cases, 108 agree; F1 mended since).
Here, cheap cases: sRGB's encode at x = 0 (12.92 on both sides; the untaken pow(0, 1/2.4)'s infinite slope times 0:
wrong, at the line); the point 0.00313080001 in float32 (float32 rounds it onto the switch's float32 literal, whose <=
takes the linear branch; judged against the literal as written: unstable); a box SDF inside the box (length(0) of
max(q, 0): NaN where the slope is (0, 0, 1): wrong, at length's line); refract with sqrt(max(k, 0)) under a where at
total internal reflection (sqrt(0)'s infinite slope times the where's 0: wrong, at the line) and with the double where
(ok, slopes 0); compositing with two opaque layers by cumprod (ok: slopes 0.7, -0.21, 0, 0); NeRF's
transmittance by cumsum(sd) - sd behind a density of 7000 (sigma_0's 1e-305 slope lost against 0.8: unstable), and
1 - exp(-sd) at densities of 1e-12 (unstable; expm1 offered and re-checked).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases78c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib78c:srgb_encode@x=0.0:float64":
        "where(x <= 0.0031308, 12.92 x, 1.055 x^(1/2.4) - 0.055) at x = 0: the slope is 12.92 on both sides, the "
        "untaken power's infinite slope times the where's 0 is NaN: wrong, at the line",
    "lib78c:srgb_encode@x=0.00313080001:float32":
        "the sRGB switch in float32: the point, 1e-11 past the switch as written, rounds onto the float32 literal, "
        "whose <= takes the linear branch (12.92 against the power branch's 12.70): unstable",
    "lib78c:sd_box@p=[0.5,0.1,0.05]:float64":
        "Quilez's box SDF inside the box: length(max(q, 0)) is length of the zero vector, sqrt's rule NaN where the "
        "slope is (0, 0, 1): wrong, at length's line",
    "lib78c:refract_safe@d=[0.8,0.0,-0.6],eta=1.5:float64":
        "refract at total internal reflection with sqrt(max(k, 0)) under a where: sqrt(0)'s infinite slope times the "
        "where's 0 is NaN where every slope is 0: wrong, at the line",
    "lib78c:refract_where2@d=[0.8,0.0,-0.6],eta=1.5:float64":
        "the same with the double where (k replaced by 1 where not taken): ok, slopes 0",
    "lib78c:composite@alpha=[0.3,1.0,1.0,0.9]:float64":
        "front-to-back 'over' with two opaque layers, the transmittance by cumprod: ok, slopes 0.7, -0.21, 0, 0",
    "lib78c:nerf_render@sigma=[7000.0,2.0,3.0,0.5]:float64":
        "NeRF's transmittance by exp(-(cumsum(sd) - sd)) behind a density of 7000: sigma_0's slope of 6.7e-306 is "
        "(g_0 + ... + g_3) - g_0 with g_0 = -0.8: unstable",
    "lib78c:nerf_render@sigma=[1e-12,2e-12,1e-12,3e-12]:float64":
        "NeRF's alpha 1 - exp(-sigma delta) at sigma delta = 1e-13 cancels: unstable, expm1 offered and re-checked",
}

KNOWN_WRONG = {}  # F1 mended: a pick between overlapping balls weighs the operand it returned
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases78c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
