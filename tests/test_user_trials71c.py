"""The seventy-first round (c) of user trials (tests/trials/cases71c.py): image processing and colour written with
gradcli.numpy (tests/trials/lib71c.py): gamma correction, the sRGB transfer functions at their knees and at black,
WCAG contrast, RGB -> HSV (grey pixels, ties for the max and the min, the hue's wrap at red), CIELAB's cube root with
its linear part, CIE76 colour differences, Sobel magnitudes and total variation at flat patches, SSIM and PSNR at
identical images, bilinear resampling by np.floor, blurs by slicing and np.convolve, unsharp masking, histogram
matching by np.sort / np.argsort, alpha compositing at transparent pixels, a spatial soft-argmax at large logits
(cases71c.ALL: 100 cases; F1, the packed 'over', mended).
Here, cheap cases: sRGB encoding of a black pixel (the untaken root's slope: wrong), CIELAB's f exactly on its knee (the
doubles' ulp-sized jump: domain), a circular hue loss at a tie for the max (smooth; np.max's shared rule: wrong), a
Sobel magnitude at a flat patch (a cone; the centre's slope 0 kept: domain), a spatial soft-argmax at tied logits of
800 (ok), the hue's wrap at a red pixel beside another (a jump of 1.2e-16 beside slopes: domain), Porter-Duff 'over'
with the alphas in their own plane at a transparent pixel (the 0 / 0 leak: wrong).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases71c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases71c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib71c:linear_to_srgb@lin=[[0.0,0.0,0.0],[0.5,0.2,0.8]]:float64":
        "np.where(lin <= 0.0031308, 12.92 lin, 1.055 lin^(1/2.4) - 0.055) at black: the untaken root's slope inf x 0 "
        "leaks NaN where the exact slope is 12.92: wrong",
    "lib71c:lab_f_sum@t=[0.008856451679035631,0.5]:float64":
        "CIELAB's f exactly on its knee (6/29)^3: the doubles 6/29, (6/29)^3, 3 (6/29)^2 and 4/29 leave a jump of an "
        "ulp's size between cbrt and the line: domain in t[0], t[1] keeps its slope",
    "lib71c:hue_circular@img=[[0.8,0.8,0.2],[0.1,0.4,0.7]]:float64":
        "cos / sin of the hue at r = g, the max tied: the hue is smooth there (slopes -+1/(6c) from both sides), "
        "np.max's rule shares the tie and halves r's and g's slopes: wrong",
    "lib71c:sobel_magnitude@img=[[0.5,0.5,0.5],[0.5,0.5,0.5],[0.5,0.5,0.5]]:float64":
        "sqrt(gx^2 + gy^2) at a flat 3 x 3 patch: a cone in every pixel but the centre, whose Sobel weights are 0 "
        "(slope 0): domain",
    "lib71c:soft_argmax@logits=[[800.0,0.0,800.0],[0.0,1.0,0.0],[2.0,0.0,800.0]]:float64":
        "a spatial soft-argmax shifted by np.max at a three-way tie of 800s: shift-invariant, so no kink: ok",
    "lib71c:hue_circular@img=[[0.8,0.2,0.2],[0.1,0.4,0.7]]:float64":
        "the hue's wrap at a red pixel (min tied, g = b) beside a second pixel: a jump of 1.2e-16 in g and b beside "
        "slopes of about 1 (the three steps' values fit jump + slope h): domain, not 'no verdict' (F2, mended)",
    "lib71c:over_planes@rgb_f=[[0.9,0.2,0.1]],a_f=[0.0],rgb_b=[[0.1,0.3,0.7]],a_b=[0.0]:float64":
        "'over' at a pixel where both alphas are 0: the alphas have no derivative (a jump), the colours' slopes are 0 "
        "and come out NaN through the where's untaken 0 / 0: wrong",
}

KNOWN_WRONG = {}  # F1 mended: entries beside an entry without a derivative are judged apart
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases71c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
