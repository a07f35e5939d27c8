"""The eleventh round of user trials, first half (tests/trials/cases11a.py): probabilistic models as libraries write
them (a Gaussian mixture over a parameter tree, Student-t, gamma and beta likelihoods in their shapes, von Mises,
Cholesky, slogdet and eigh log-determinants, a softplus flow, masked attention, Euler steps, a chaotic map, quantile
losses at their kink, custom rules over a dict), in JAX and in plain NumPy and SciPy in three import styles.

The whole set runs with ``python tests/trials/run.py jax_lib11a numpy_sp11a numpy_styles11a``; here, a few per user
file, the file's CPU time bounded (JAX's import in the CLI runs is most of it).
"""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases11a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402

CHOSEN = [
    # a custom_vjp over a dict of parameters, wrong in one leaf (the scale forgotten), named at its def
    "jax_lib11a:scaled_norm_loss@scaled_norm_args:float64",
    # JAX's tanh GELU at -40: its 0 is float64's nearest to -1.3e-2007, whose digits need (1 + tanh u) past 2,000
    "jax_lib11a:gelu_tanh@x=[-30,-40,1.5]:float64",
    # a covariance whose jitter float64 absorbs: JAX's Cholesky gives NaN (the replay's NumPy one would raise,
    # blamed on the user's code); the exact log-likelihood is finite: unstable at the cholesky's line
    "jax_lib11a:chol_gauss_nll@w=[[1e8,1e8],[1e8,1e8]],y=[1,-2]:float64",
    # the masked log-partition of attention, log(sum(where(mask, exp(s), 0))), overflows at 800: the fix is
    # logsumexp over where(mask, s, -inf), re-checked
    "numpy_sp11a:naive_masked_lse@s=[800,-800,799,0]:float64",
    # a hand-written log-sum-exp whose max sits at a tie: the max's kink is not the function's
    "numpy_styles11a:hand_lse@x=[800,800,-800]:float64",
    # a chaotic map: 50 steps amplify float64's rounding 2^50; the exact reference holds the program's own
    # Python-float constant 1.0 - 0.01 of the first step
    "numpy_sp11a:logistic_growth@r=30:float64",
    # numpy.interp on a knot: a kink (slopes 2 and 0.5), judged domain
    "numpy_sp11a:interp_cost@x=[0.5,2,1]:float64",
    # NumPy's own Cholesky raises where float64 absorbs the jitter: the exact log-likelihood is finite, so the
    # raise is the dtype's, unstable at the cholesky's line
    "numpy_sp11a:chol_nll@w=[1e8,1e8]:float64",
    # a covariance written as a list handed to jnp.array, read by JAX's multivariate_normal: JAX without x64 holds
    # its 0.999999 in float32, and so does the float32 program's exact reference
    "jax_lib11a:mvn_nll@mean=[0.1,0.2]:float32",
    # finding F3b: log det as a sum of log-eigenvalues at a repeated eigenvalue (C = 1.1 I) had no reference:
    # the eigenvalues are proven equal and their slopes meet only in their sum, so the off-diagonal 0 is proven
    "numpy_styles11a:eigh_logdet@w=[[1,0],[0,1]]:float64",
]
BY_ID = {case.id: case for case in cases11a.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases11a, CHOSEN)


def test_the_judge_fails_an_exact_value_that_misses_the_first_term_of_a_sum():
    """The tester tested: the GELU slope at -40 without its (1 + tanh u)/2 term (7e-5 relative) is caught."""
    gelu = BY_ID["jax_lib11a:gelu_tanh@x=[-30,-40,1.5]:float64"]
    said = {"results": [{"status": "ok", "exact_gradient": {"x": [-1.8677744556212312e-854, 0.0, 1.1277107931514331]},
                         "exact_gradient_text": {"x": [None, "-1.3219181972119001e-2007", None]}, "findings": []}]}
    assert any(p.startswith("x[1]") for p in judge.judge(gelu, 0, json.dumps(said), ""))


def test_eigenvalues_alone_have_a_gradient_at_a_repeated_eigenvalue():
    """sum(log(eigh(C)[0])) is log det C: at C = 1.1 I its gradient in W (C = W W' + 0.1 I) is 2 C^-1 W, not the NaN
    of 0 (no eigenvector cotangent) times an infinite 1/gap."""
    import numpy_styles11a  # plain NumPy: checked as gradcli checks it, through gradcli.numpy

    report = gradcli.check(numpy_styles11a.eigh_logdet, [{"w": np.eye(2)}], dtypes=("float64",), fixes=False)
    gradient = np.asarray(report.results[0].gradient["w"], dtype=float)
    np.testing.assert_allclose(gradient, 2 / 1.1 * np.eye(2), rtol=1e-12, atol=1e-15)
