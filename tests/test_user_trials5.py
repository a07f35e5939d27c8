"""The fifth round of user trials (tests/trials/cases5.py): numerics written as SciPy, TensorFlow Probability, jax.nn,
torch.nn.functional and Keras write them, at extreme points, and the routes framework users take; and what the round
fixed: the xlogy/xlog1py guard offered where a framework's rule gives 0/0 (T17), SciPy's log_softmax, softmax, entr,
rel_entr and kl_div in the core, and erfcx's rule at the working precision and stable far right (T21).

The whole set runs with ``python tests/trials/run.py lib5``; here, the cases that guard what the trials found broken
and one of each kind per framework.
"""

import os
import sys

import mpmath
import numpy as np
import pytest
import scipy.special

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases5  # noqa: E402

from test_user_trials import round_tests  # noqa: E402
from test_user_trials3 import _rewrites  # noqa: E402

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
import gradcli.scipy.special as special  # noqa: E402
from gradcli.checker.verdict import Verdict  # noqa: E402

CHOSEN = [
    # T17: JAX's xlogy/xlog1py rules give 0/0 where x = 0: `wrong`, located, and the guarded form offered and re-checked
    "jax_lib5:xlogy_y@y=[0,0.5]:float64",
    "jax_lib5:xlog1py_y@y=[-1,0.5]:float64",
    "tf_lib5:xlogy_y@y=[0,0.5]:float64",  # TensorFlow's rule is xdivy: right at y = 0
    # new in the core: SciPy's log_softmax and entr; erfcx's rule far right (T21)
    "numpy_lib5:scipy_log_softmax@x=[800,-800,799]:float64",
    "numpy_lib5:scipy_entr@p=[1e-310,0.5]:float64",
    "numpy_lib5:relative_entropy@p=[1e-310,0.5]:float64",
    "numpy_lib5:erfcx_far@x=[1e10,-3]:float64",
    # sound library code at extreme points stays ok, tiny gradients exact
    "numpy_lib5:log1mexp@x=-700:float64",
    "jax_lib5:gelu_erf@x=[-40,-1e-300]:float64",
    "jax_lib5:huber@r=[1,-1e-300,5]:float64",
    "torch_lib5:cosine@x=[3e-200,4e-200]:float64",
    "tf_lib5:keras_gelu@x=[-38,1.5]:float64",  # tf.nn.gelu's float32 coefficient is the program's
    # broken code at extreme points is unstable at the user's line
    "numpy_lib5:log1mexp@x=-1e-300:float64",
    "torch_lib5:log_ndtr_far@x=[-1e4,-20]:float64",
    "tf_lib5:angle@p=[1e-300,-1e-300]:float64",
    # T20: x log y with x exactly 0 has slope 0 in y at y = 0 (NumPy ok; PyTorch's 0/0 rule wrong); T22: ndtr at -1e4
    "numpy_lib5:xlogy_y@y=[0,0.5]:float64",
    "numpy_lib5:xlog1py_y@y=[-1,0.5]:float64",
    "torch_lib5:xlogy_y@y=[0,0.5]:float64",
    "numpy_lib5:ndtr_far@x=[-1e4,-30]:float64",
    "numpy_lib5:norm_cdf_far@x=[-1e4,-30]:float64",
    # routes: an nn.Sequential's parameter by name with --args
    "torch_lib5:stack_loss@stack_args:float64",
]


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases5, CHOSEN)


# -- T17: the xlogy guard, in each framework's spelling -------------------------------------------------------------


@pytest.mark.parametrize("framework, head, call, want", [
    ("jax", "import jax.numpy as jnp\nfrom jax.scipy.special import xlogy",
     "xlogy(jnp.array([0.0, 3.0]), y)", "xlogy(jnp.array([0.0, 3.0]), jnp.where(jnp.array([0.0, 3.0]) == 0, 1.0, y))"),
    ("jax", "import jax", "jax.scipy.special.xlog1py(p, y)",
     "jax.scipy.special.xlog1py(p, jax.numpy.where(p == 0, 0.0, y))"),
    ("torch", "import torch", "torch.special.xlogy(p, y)", "torch.special.xlogy(p, torch.where(p == 0, 1.0, y))"),
    ("torch", "import torch", "torch.special.xlog1py(p, y)", "torch.special.xlog1py(p, torch.where(p == 0, 0.0, y))"),
])
def test_the_xlogy_guard_is_written_in_each_frameworks_spelling(framework, head, call, want):
    source = f"{head}\n\n\ndef f(p, y):\n    return {call}\n"
    line = len(source.splitlines())
    assert f"    return {want}\n" in _rewrites(source, [line], framework)["xlogy guard"]


def test_an_xlogy_whose_first_argument_is_a_nonzero_number_needs_no_guard():
    source = "import jax.numpy as jnp\nfrom jax.scipy.special import xlogy\n\n\ndef f(y):\n    return xlogy(2.0, y)\n"
    assert "xlogy guard" not in _rewrites(source, [6], "jax")


# -- SciPy's softmax family and entropies, new in the core ------------------------------------------------------------


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_log_softmax_and_softmax_match_scipy_with_minus_infinity_entries(axis):
    x = np.array([[800.0, -800.0, 799.0], [1.0, 2.0, -np.inf]])
    np.testing.assert_allclose(special.log_softmax(x, axis=axis), scipy.special.log_softmax(x, axis=axis), rtol=1e-15)
    np.testing.assert_allclose(special.softmax(x, axis=axis), scipy.special.softmax(x, axis=axis), rtol=1e-15)


def test_entropies_match_scipy_at_zero_and_subnormal_entries():
    p, q = np.array([0.0, 1e-310, 0.3, 2.0]), np.array([0.5, 0.2, 0.3, 1.0])
    np.testing.assert_allclose(special.entr(p), scipy.special.entr(p), rtol=1e-15)
    np.testing.assert_allclose(special.rel_entr(p, q), scipy.special.rel_entr(p, q), rtol=1e-15)
    np.testing.assert_allclose(special.kl_div(p, q), scipy.special.kl_div(p, q), rtol=1e-15)


def test_the_entropies_gradients_are_their_derivatives():
    p, q = np.array([1e-310, 0.3, 2.0]), np.array([0.2, 0.3, 1.0])
    assert np.allclose(gradcli.grad(lambda p: gnp.sum(special.entr(p)))(p), -(np.log(p) + 1), rtol=1e-15)
    dp, dq = gradcli.grad(lambda p, q: gnp.sum(special.kl_div(p, q)), argnums=(0, 1))(p, q)
    assert np.allclose(dp, np.log(p / q), rtol=1e-15, atol=1e-15) and np.allclose(dq, 1 - p / q, rtol=1e-15)


def test_log_softmax_gradient_leaves_masked_entries_at_zero():
    x = np.array([800.0, -np.inf, 797.0])
    g = gradcli.grad(lambda x: special.log_softmax(x)[0])(x)
    p2 = np.exp(-3.0) / (1 + np.exp(-3.0))
    assert np.allclose(g, [p2, 0.0, -p2], rtol=1e-14)


# -- T21: erfcx's rule ------------------------------------------------------------------------------------------------


def _erfcx_slope(x):
    with mpmath.workdps(60):
        x = mpmath.mpf(x)
        return 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi)


@pytest.mark.parametrize("dtype, rtol", [(np.float64, 1e-13), (np.float32, 1e-4)])  # float32: the checker's own rtol
def test_erfcx_gradient_keeps_its_digits_far_right_and_either_side_of_the_switch(dtype, rtol):
    xs = np.array([-3.0, 0.5, 5.0, 9.999, 10.0, 30.0, 1e3, 1e10], dtype=dtype)
    got = gradcli.grad(lambda x: gnp.sum(special.erfcx(x)))(xs)
    assert got.dtype == dtype
    for x, g in zip(xs, got):
        want = _erfcx_slope(float(x))
        assert abs(float(g) - want) <= rtol * abs(want), (x, g, want)


def test_erfcx_exact_gradient_is_exact_where_the_rules_terms_cancel():
    report = gradcli.check(lambda x: gnp.sum(special.erfcx(x)), {"x": np.array([1e10, -3.0])}, dtypes=("float64",),
                           fixes=False)
    result = report.results[0]
    assert result.status == Verdict.OK
    for got, x in zip(result.exact_gradient["x"], [1e10, -3.0]):
        want = _erfcx_slope(x)
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-13 * abs(want)
