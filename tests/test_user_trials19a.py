"""The nineteenth round of user trials, first half (tests/trials/cases19a.py): the Lorentz and Doppler factors near
the speed of light, Fermi-Dirac and Bose-Einstein occupations, Kepler's equation by Newton's method and behind
custom_jvp rules, a tanh recurrent cell in a scan, a straight-through estimator and JAX's gradient clipping, Sinkhorn's
optimal transport, shoelace areas, guarded square roots by lax.cond and JAX's Owen's T, Fresnel, Dawson, Bessel and
hypergeometric functions; compound interest, the Einstein solid, realised volatility, slerp with a linear fallback,
Skellam and Poisson log-probabilities, angles between vectors and SciPy's distribution functions in plain NumPy and
SciPy; softplus with custom gradients on gradcli.numpy.

The whole set runs with ``python tests/trials/run.py jax_lib19a numpy_lib19a gn_lib19a``; here, a few cheap ones.
Known disagreements are strict xfails naming their finding.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases19a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # the sinh form of the Einstein heat capacity at 600: the cotangent of sinh(300) underflows in any reverse mode
    "numpy_lib19a:einstein@x=[600]:float64",
    # the linear fallback is taken, the spherical branch's 0/0 leaks through np.where's zero cotangent
    "numpy_lib19a:slerp_score_still@t=0.3:float64",
    # flat prices: the volatility's norm is a cone in every price
    "numpy_lib19a:realised_volatility@prices=[100,100,100]:float64",
    # SciPy's distribution functions by their special-function names (finding M1: "a SciPy function gradcli.scipy
    # does not have", exit 2): pdtr's log underflows at lam = 1000, chdtrc's tail is right
    "numpy_lib19a:poisson_log_cdf@lam=[1000]:float64",
    "numpy_lib19a:chi2_pvalue@stat=[2.5,40]:float64",
    # a gradcli.numpy custom gradient whose grad_fn overflows: the op in grad_fn named at its line, and the sigmoid
    # fix offered there (finding P1: the decorated function's return line was named, no fix)
    "gn_lib19a:softplus_blog_sum@x=[800,1]:float64",
    # JAX's bessel_jn replayed as Bessel's J_n (finding F1b: the exact reference differentiated JAX's recurrence,
    # 2.2e-8 off here); JAX's own derivative of its recurrence is the wrong one
    "jax_lib19a:airy_intensity@x=[30]:float64",
    # SciPy's complete elliptic integral K (finding M2: "scipy.special.ellipk is not a gradcli op", exit 2)
    "numpy_lib19a:pendulum_period@theta0=[0.5,3]:float64",
    # Phi(-10) - 2 T(-10, 2) is 8e-113: JAX's ndtr's 1/sqrt 2 and its Owen's T rule's 2 sqrt(2 pi), floats a few
    # ulps off, replayed as those constants (finding F1c: held as floats they give an exact slope of -5e-37, `wrong`)
    "jax_lib19a:skewnorm_cdf@x=[-10]:float64",
]
KNOWN_WRONG = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases19a, CHOSEN, KNOWN_WRONG)


def test_a_distribution_tail_underflowing_is_named_before_the_log_it_breaks():
    # finding P2: log(pdtr(5, 1000)) broke at log([0]) with no word of the tail (1e-420) that underflowed to 0
    import gradcli

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials", "numpy_lib19a.py")
    result = gradcli.check(f"{path}:poisson_log_cdf", [{"lam": [1000.0]}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "unstable"
    assert any(f.kind == "underflow" and f.op == "scipy.special.pdtr" for f in result.findings), result.findings
