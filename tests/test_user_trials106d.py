"""The hundred-and-sixth round (d) of user trials (tests/trials/cases106d.py): colour science, tone mapping and image
pipelines as JAX (jax_lib106d), PyTorch (torch_lib106d), TensorFlow (tf_lib106d) and plain NumPy (np_lib106d) code
writes them: sRGB encode / decode by where, a gamma 1/2.2, RGB -> XYZ -> CIELAB with the cube root's linear piece,
delta E 1976, chroma and hue by arctan2 mod 360, RGB -> HSV, log / Reinhard / ACES tone mapping, exposure, white
balance, a soft histogram's entropy, PSNR and SSIM, and custom rules for a clipped sRGB encode and an 8-bit
straight-through quantiser, right and slipped.

Chosen here, cheap cases: the sRGB encode at 0 (wrong: the untaken power's infinite slope leaks 0 * inf through where;
the slope is 12.92), at its switch (domain) and at 0.5 (ok); the decode at a negative input (wrong: a NaN base in the
untaken branch); the clipped encode at its clip's edge (domain); CIELAB lightness at black (wrong: cbrt'(0) leaks) and
its double-where form (ok); the Lab pieces' meeting point (6/29)^3 (domain: held, they miss by 8.3e-18); HSV hue at a
tie of the maximum (wrong: the hue is smooth there, jnp.max halves c's slope) and at the minimum's tie (domain: mod 6
jumps); the hue by arctan2 mod 360 at a = -1, b = 0 (domain: pi * RAD is 180 + 6.2e-15 once RAD is held); Reinhard at
L = 1e200 (unstable: (1 + L)^-2 = 0 keeps 1e-200 for 1e-400); a soft histogram's entropy in float32 (unstable: exp(-450)
= 0, 0 log 0); PSNR at identical images (domain); SSIM on identical patches (ok: slope 0); the slipped custom_vjp
encode past the clip (wrong at its bwd) and the straight-through quantiser (wrong: round's slope is 0); NumPy's
Reinhard at 1e200 (ok: its rule's 1e-200 - 1e-200 = 0 is the best float64 has) and hue at the max tie (wrong).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases106d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib106d:srgb_encode@x=0.0:float64":
        "where(x <= 0.0031308, 12.92 x, 1.055 x^(1/2.4) - 0.055) at 0: the untaken power's inf times 0: wrong",
    "jax_lib106d:srgb_encode@x=0.0031308:float64":
        "the encode at its switch: a jump of 3e-5 and slopes 12.92 / 12.7: domain",
    "jax_lib106d:srgb_encode@x=0.5:float32":
        "the encode at 0.5 in float32: ok",
    "jax_lib106d:srgb_decode@v=-0.1:float64":
        "the decode below 0: ((v + 0.055) / 1.055)^2.4 of a negative base is NaN in the untaken branch: wrong",
    "jax_lib106d:srgb_encode_clip@x=0.0:float64":
        "clip to [0, 1] then the double-where encode at 0: slope 0 left, 12.92 right: domain",
    "jax_lib106d:lab_L@rgb=[0.0,0.0,0.0]:float64":
        "CIELAB L* of black: jnp.cbrt'(0) = inf leaks through where, the slope is 116 k w: wrong",
    "jax_lib106d:lab_L_safe@rgb=[0.0,0.0,0.0]:float64":
        "the double-where L* of black: ok",
    "jax_lib106d:lab_f@t=0.008856451679035631:float64":
        "Lab's f at (6/29)^3 as held: the cube root and the line miss by 8.3e-18: domain",
    "jax_lib106d:hsv_h@rgb=[0.8,0.8,0.2]:float64":
        "HSV hue at r = g the maximum: smooth, slopes (-100, 100, 0); jnp.max halves c's: wrong",
    "jax_lib106d:hsv_h@rgb=[0.8,0.3,0.3]:float64":
        "HSV hue at g = b the minimum: mod 6 jumps 0 <-> 360: domain",
    "jax_lib106d:hue_deg@a=-1.0,b=0.0:float64":
        "arctan2(b, a) * (180 / pi) % 360 on atan2's cut: held, pi * RAD - 180 = 6.2e-15, a jump: domain",
    "jax_lib106d:reinhard@L=1e+200:float64":
        "L / (1 + L) at 1e200: (1 + L)^-2 = 0 keeps 1e-200 where the slope is 1e-400: unstable",
    "jax_lib106d:hist_entropy@rgb=[0.6,0.6,0.6]:float32":
        "a soft histogram's entropy in float32: exp(-450) = 0, 0 log 0: unstable",
    "jax_lib106d:psnr@x=[0.2,0.4,0.6],y=[0.2,0.4,0.6]:float64":
        "PSNR of identical images: log10(1 / 0): domain",
    "jax_lib106d:ssim@x=[0.2,0.4,0.6,0.8],y=[0.2,0.4,0.6,0.8]:float64":
        "SSIM of identical patches: its maximum, slope 0: ok",
    "jax_lib106d:encode_slipped@x=1.5:float64":
        "a custom_vjp clipped encode whose bwd forgets the clip's mask, past 1: wrong at its bwd",
    "jax_lib106d:quant8_ste@x=0.31:float64":
        "the straight-through 8-bit quantiser: round's slope is 0, the rule hands 1: wrong at its bwd",
    "jax_lib106d:quant8_sg@x=0.31:float64":
        "x + stop_gradient(round(255 x) / 255 - x): slope 1 with the held value frozen: ok",
    "np_lib106d:reinhard@L=1e+200:float64":
        "NumPy's L / (1 + L) at 1e200: the rule's 1e-200 - 1e-200 = 0, the best for 1e-400: ok",
    "np_lib106d:hsv_h@rgb=[0.8,0.8,0.2]:float64":
        "NumPy's HSV hue at the max tie: np.max's rule shares the slope: wrong",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases106d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
