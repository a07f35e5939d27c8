"""The eighty-sixth round (d) of user trials (tests/trials/cases86d.py): NeRF volume rendering on one ray of four
samples, as JAX (jax_lib86d), PyTorch (torch_lib86d), TensorFlow (tf_lib86d) and plain NumPy (np_lib86d) code writes
it: alpha = 1 - exp(-sigma delta) at sigma delta -> 0 and large, and -expm1; the transmittance by an exclusive cumprod
of (1 - alpha + 1e-10), of (1 - alpha), and by exp(-exclusive cumsum); given alphas composited with an opaque sample
(TensorFlow's Cumprod rule divides by the zero factor); ReLU, softplus (beta = 10 at PyTorch's switch), exp and
trunc_exp densities (custom_jvp, autograd.Function, with amp decorators); the accumulated opacity and the depth
sum w t / sum w at empty space (and with + 1e-10, divide_no_nan, nerf-pytorch's disparity); the mip-NeRF 360 distortion
loss (the |m_i - m_j| form at a collapsed interval, the linear-time form); positional encoding sin(2^k pi x) at k up
to 39 and mip-NeRF's integrated one; a ray-sphere hit at a grazing ray (plain, clamped, safe); view directions
d / |d| at d = 0 (plain, max-clipped, eps, F.normalize, l2_normalize); sigmoid colours; PSNR at a perfect match;
hierarchical sampling's inverse CDF by searchsorted on and off a CDF knot; the compositing step's hand-written
backward (custom_vjp with and without nondiff_argnums, autograd.Function, once_differentiable, tf.custom_gradient),
right, with the transmittance taken before the sample, and with its suffix sum by subtraction; XLA (jax.jit,
tf.function(jit_compile=True)) folding 1 - alpha + 1e-10; and a sample pruning by a boolean mask (refused).

Chosen here, cheap cases: NumPy's NeRF renderer at sigma delta ~ 1e-12 (1 - exp cancels: unstable) and the -expm1 /
exp(-cumsum) spelling there (ok); JAX's -expm1 spelling at an opaque sample (sigma delta = 50: JAX's expm1 rule
ans + 1 gives that sample's slope 0 where it is 6.1e-24: unstable); a view direction d / max(|d|, 1e-8) at d = 0
(the norm's rule 0 / 0: wrong, at the line); the distortion loss at two empty intervals (midpoints coincide: a kink,
domain); the expected depth at empty space (0 / 0: domain); TensorFlow's tf.math.cumprod(exclusive=True) compositing
given alphas with an opaque one (its rule's division by the zero factor drops the samples behind: wrong, at the
line); and a renderer that prunes samples by sigma[sigma > 1e-2] (refused, naming aten.nonzero and the line).
No finding: every case agrees with its truth.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases86d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

TINY = "sigma=[1e-12,2e-12,1e-12,3e-12]"
SAT = "sigma=[0.5,100.0,1.0,2.0]"

CHOSEN = {  # case id -> what it holds
    f"np_lib86d:render@{TINY}:float64":
        "NeRF's alpha = 1 - np.exp(-sigma delta) at sigma delta ~ 1e-12: the subtraction cancels, the colour and its "
        "slopes off by 1e-4 relative: unstable",
    f"np_lib86d:render_stable@{TINY}:float64":
        "the same rendering by -np.expm1 and exp(-(cumsum - self)): ok",
    f"jax_lib86d:render_stable@{SAT}:float64":
        "-jnp.expm1(-sigma delta) at sigma delta = 50: JAX's expm1 rule ans + 1 rounds to 0, the opaque sample's "
        "slope 6.1e-24 comes out 0: unstable",
    "jax_lib86d:view_dir_clip@d=[0.0,0.0,0.0]:float64":
        "d / jnp.maximum(jnp.linalg.norm(d), 1e-8) at d = 0: the slope is W / 1e-8, the norm's rule 0 / 0 leaks NaN "
        "through the max: wrong, at the line",
    "jax_lib86d:distortion@w=[0.125,0.5,0.25,0.0625],t=[2.0,2.0,2.0,3.0,4.0]:float64":
        "mip-NeRF 360's distortion loss with two empty intervals: two midpoints coincide, |m_0 - m_1| has a kink in "
        "t[0] and t[2]: domain (t[1] moves both and keeps its slope)",
    "np_lib86d:depth@sigma=[0.0,0.0,0.0,0.0]:float64":
        "the expected depth sum w t / sum w at empty space: 0 / 0, no value and no slope: domain",
    "tf_lib86d:composite@alpha=[0.3,1.0,0.5,0.2]:float64":
        "alphas composited by tf.math.cumprod(1 - alpha, exclusive=True) with an opaque sample: TensorFlow's Cumprod "
        "rule divides by the factor 0 (div_no_nan) and drops the samples behind it: 0.2625 for 0.035: wrong, at the "
        "line",
    "torch_lib86d:render_pruned@sigma=[0.5,0.0,2.0,0.25]:float64":
        "empty samples pruned by sigma[sigma > 1e-2]: refused (exit 2), naming aten.nonzero and the line",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases86d, CHOSEN, {}, {})
