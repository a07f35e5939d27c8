"""A Python function's exact 0 is proven from its program, or the point has no exact reference.

A 0 computed inexactly (sin(x)**2 + cos(x)**2 differentiated, a softmax's sum
minus 1) is a ball around 0 at every precision: no ball proves it. The exact
reference proves it from the program (`checker.python_zero`, on
`autodiff.arb_proof` numbers), or says the point has none; it never calls a
narrow ball around 0 an exact 0 (the 2^-16384 convention it once had).
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve


def pythagoras(x):
    return gnp.sin(x) ** 2 + gnp.cos(x) ** 2 - 1.0


def softmax_total(z):
    return gnp.sum(gnp.exp(z - gnp.logsumexp(z))) - 1.0


def tanh_two_ways(x):
    return gnp.tanh(x) - (1.0 - 2.0 / (1.0 + gnp.exp(2.0 * x)))


def exp_of_log(x):
    return gnp.exp(gnp.log(x)) - x


def root_squared(x):
    return gnp.sqrt(x * x + 1.0) * gnp.sqrt(x * x + 1.0) - x * x


def sigmoid_pair(x):
    return gnp.sigmoid(x) + gnp.sigmoid(-x)


def max_shifted_minus_logsumexp(v):
    m = gnp.max(v)
    return m + gnp.log(gnp.sum(gnp.exp(v - m))) - gnp.logsumexp(v)


PROVEN = [
    (pythagoras, 0.7, 0.0, [0.0]),
    (pythagoras, -123.25, 0.0, [0.0]),
    (softmax_total, np.array([0.3, -1.2, 2.0]), 0.0, [0.0, 0.0, 0.0]),
    (tanh_two_ways, 0.4, 0.0, [0.0]),
    (exp_of_log, 2.5, 0.0, [0.0]),
    (root_squared, 1.3, 1.0, [0.0]),
    (sigmoid_pair, 3.0, 1.0, [0.0]),
    (max_shifted_minus_logsumexp, np.array([1.5, -0.25, 3.0]), 0.0, [0.0, 0.0, 0.0]),
]


def _exact(function, point):
    return reference.compute(resolve(function), [point], budget=balls.Budget(30.0))


@pytest.mark.parametrize("function, point, value, gradient", PROVEN, ids=[f.__name__ for f, *_ in PROVEN])
def test_an_identity_in_a_python_function_is_a_proven_0(function, point, value, gradient):
    exact = _exact(function, point)
    assert exact.determined and not exact.unsettled, exact.why
    assert exact.method == "balls"
    assert float(exact.value) == pytest.approx(value, abs=0)
    assert [float(g) for g in np.ravel(np.asarray(exact.gradient[0], dtype=object))] == gradient
    # A 0 is an exact 0 (mpmath's own 0), never a tiny midpoint of a ball around 0.
    for g in np.ravel(np.asarray(exact.gradient[0], dtype=object)):
        assert g == 0 and g.man == 0


def test_a_zero_the_program_does_not_prove_is_judged_as_its_rounded_0_and_shown_as_its_bound():
    # arctan(tan(x)) - x is 0 at 0.5, but arctan of tan is no identity the proof knows: the balls are 0 +- 2^-32765
    # at the most bits, and that is not a proof. Below every float's least, though, every dtype rounds it to 0: the
    # program's value is judged against that 0, the exact value shown as the bound, never as 0
    def arctan_of_tan(x):
        return gnp.arctan(gnp.tan(x)) - x

    exact = _exact(arctan_of_tan, 0.5)
    assert exact.determined and exact.value_bound is not None and exact.value_bound < -16446
    result = gradcli.check(arctan_of_tan, [0.5], dtypes=("float64",), fixes=False).results[0]
    assert result.exact_value is None and result.exact_value_text == f"below 2^{exact.value_bound} in magnitude"
    assert result.exact_gradient == {"x": 0.0} or float(result.exact_gradient["x"]) == 0.0


def test_a_derivative_the_program_does_not_prove_0_leaves_no_reference():
    # The derivative of log Gamma(2x) - log Gamma(x) - log Gamma(x + 1/2) - (2x - 1) log 2 is
    # 2 digamma(2x) - digamma(x) - digamma(x + 1/2) - 2 log 2: 0 by Legendre's duplication formula, which the
    # proof does not know. The value is 1/2 log(pi) + 1, not 0, so that the derivative alone is unproven.
    # (arctan(tan(x)) has its derivative proven: 1 as a rational function of sin and cos.)
    def log_gamma_duplication(x):
        return gnp.gammaln(2 * x) - gnp.gammaln(x) - gnp.gammaln(x + 0.5) - (2 * x - 1) * gnp.log(2.0) + 1.0

    exact = _exact(log_gamma_duplication, 2.5)
    assert exact.unsettled, (exact.value, exact.gradient)
    assert "gradient" in exact.why and "not proven 0" in exact.why
    slope = _exact(lambda x: 3.0 * gnp.arctan(gnp.tan(x)) - 3.0 * x + 1.0, 0.5)
    # the rule's 0 proven at the first precision, so the value is that precision's: 1 to its digits
    assert slope.determined and slope.gradient[0] == 0 and abs(slope.value - 1) < 1e-30


def test_a_tiny_derivative_is_a_number_not_a_0():
    # tanh'(-400) = 4 e^-800 (about 1.1e-347): a ball around 0 until ~1200 bits, then the number itself.
    exact = _exact(gnp.tanh, -400.0)
    import mpmath

    with mpmath.workdps(60):
        truth = 1 / mpmath.cosh(mpmath.mpf(-400)) ** 2
        assert abs(exact.gradient[0] - truth) <= truth * mpmath.mpf(10) ** -15


def test_the_proof_never_calls_a_nonzero_derivative_0():
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    near_identities = [
        (lambda x: gnp.sin(x) ** 2 + gnp.cos(x) ** 2 * 1.0000000001, 0.7),
        (lambda x: gnp.tanh(x) - (1.0 - 2.0 / (1.0 + gnp.exp(2.0000001 * x))), 0.4),
        (lambda x: gnp.exp(gnp.log(x)) - x * x, 2.5),
        (lambda x: (x - 0.4) ** 3 + (x - 0.4), 0.4),
        (lambda x: gnp.sqrt(x * x) * gnp.sqrt(x * x + 1e-300), 1.5),
    ]
    for function, x in near_identities:
        value, entries = python_zero.proven(lambda *a, f=function: _traced(f, a), [x])
        assert entries == [False], function
    # And the 0 that holds at the point alone, 2 (x - 0.4) at 0.4 (as 0.4 is a float, exactly):
    _, entries = python_zero.proven(lambda *a: _traced(lambda x: (x - 0.4) ** 2, a), [0.4])
    assert entries == [True]


def _normalised_cubed(x, b):
    centred = x - gnp.mean(x)
    return gnp.sum((centred / gnp.sqrt(gnp.mean(centred * centred) + 1e-5) + b) ** 3)


def test_an_input_held_out_of_wrt_takes_part_in_a_proof():
    # A constant column centred is an exact 0 that only the proof sees; the shift b, held out of --wrt,
    # reaches the proof run as the held input's exact number and must be a constant of the proof too.
    result = gradcli.check(_normalised_cubed, [{"x": [2.0, 2.0, 2.0], "b": 0.1}], dtypes=("float64",), wrt=("x",), fixes=False).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    # d/dx_i = 3 b^2 (e_i - 1/n) / sqrt(eps) summed over the entries: the centring's sum of slopes is 0.
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 0.0, 0.0]
    assert float(result.exact_value) == pytest.approx(3 * 0.1**3, rel=1e-15)
