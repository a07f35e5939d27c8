"""The sixty-sixth round (d) of user trials (tests/trials/cases66d.py): activation functions at their edges, called
as users call them: GELU (erf / erfc form and the tanh approximation) in the far left tail, SiLU / swish and Mish at
+-100, ELU (alpha 1: a smooth join at 0; alpha 2: a kink), SELU at 0, CELU(alpha=0.5) at 0 (smooth), softsign at 0,
hardswish / hardsigmoid / hardtanh / relu6 at their breakpoints, leaky_relu and prelu with slope 1 at 0, PyTorch's
F.softplus(beta=2, threshold=20) at its threshold and 1 ulp either side, log-sigmoid at +-800, JAX's sparse_plus
(C1 joins), squareplus at -1e8, glu, a -inf-masked log_softmax, relu(x) - relu(-x) = x at 0, tf.nn.crelu, Keras'
gelu / swish / mish / hard_sigmoid, and plain NumPy versions.
Here, cheap cases: NumPy's tanh-form GELU at -10 (1 + tanh(u) cancels: unstable at the line), SiLU x / (1 + exp(-x))
at -800 (exp overflows: unstable), an ELU by np.where at 0 (alpha 1: the sides' slopes agree, ok) and with alpha 2
(a kink: domain), a thresholded softplus at 20 (a jump: domain), relu(x) - relu(-x) at 0 (= x: ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases66d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases66d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib66d:gelu_tanh@x=[-10,1]:float64":
        "0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) at -10: tanh(-43.7) is -1 in float64, 1 + tanh(u) is 0 where "
        "it is 2e-38: unstable at the line",
    "np_lib66d:silu@x=[-800,800]:float64":
        "x / (1 + exp(-x)) at -800: exp(800) overflows, the gradient NaN where the slope is ~-3e-345: unstable",
    "np_lib66d:elu@x=[0,-1]:float64":
        "np.where(x > 0, x, np.expm1(x)) at 0: slopes 1 on both sides, a smooth (C1) join: ok, slope 1",
    "np_lib66d:elu2@x=[0,1]:float64":
        "an ELU with alpha 2 at 0: slopes 2 on the left, 1 on the right, a kink: domain",
    "np_lib66d:softplus_thresh@x=[20,1]:float64":
        "np.where(x > 20, x, log1p(exp(x))) at 20: the value jumps by log(1 + e^-20) = 2e-9: domain",
    "np_lib66d:relu_odd@x=[0,1.5]:float64":
        "np.maximum(x, 0) - np.maximum(-x, 0) = x at 0: both sides' slopes are 1, smooth: ok, slope 1",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases66d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
