"""A 0 proven by the formula's structure is a true 0, and a number near 0 is never taken for one.

The balls call an entry 0 only when its ball is exactly 0 or it is proven:
`exact_zero` proves the polynomial identities at the first pass, the proof
numbers (`arb_proof`) the functions' own laws; a ball around 0, however narrow,
proves nothing. Each "proven" case here is checked as a true 0 by
mpmath at 3000 digits (a residue far below any number the formula could make),
and each near miss is a number mpmath finds nonzero there: a prover that named
a function's atom without its exact arguments, rounded a point or a constant, or
dropped a small coefficient would take one of them for 0.
"""

import mpmath
import pytest

import gradcli
from gradcli.checker import balls
from gradcli.expr.derivative import differentiate
from gradcli.expr.parse import parse

NEXT_TO_ONE = 1.0000000000000002  # the float after 1.0
AFTER_1E_20 = 1.0000000000000001e-20  # the float after 1e-20


def entries(text, point):
    """``(entries, bits, bits the nonzero entries took)`` of the formula and its partials at ``point`` on balls."""
    formula = parse(text)
    program = balls.Program([formula.root] + [differentiate(formula.root, n) for n in formula.variables])
    return balls.evaluate_formula(program, point, balls.Budget(), nonzero_bits=True)


def at_3000_digits(fun, point):
    with mpmath.workdps(3000):
        return fun(**{name: mpmath.mpf(value) for name, value in point.items()})


S, C, E = mpmath.sin, mpmath.cos, mpmath.exp

# (formula, point, which entries are 0 (0: the value, k: the k-th partial), those entries by mpmath)
IDENTITIES = [
    ("cos(x)*cos(x) + sin(x)*sin(x)", {"x": 1.0}, [1], lambda x: -2 * C(x) * S(x) + 2 * S(x) * C(x)),
    ("cos(x)*cos(x) + sin(x)*sin(x)", {"x": 1e15}, [1], lambda x: -2 * C(x) * S(x) + 2 * S(x) * C(x)),
    ("exp(x)*exp(-x)", {"x": 300.0}, [1], lambda x: E(x) * E(-x) - E(x) * E(-x)),
    ("exp(-x)*x*x", {"x": 2.0}, [1], lambda x: -E(-x) * x * x + 2 * x * E(-x)),
    ("sin(x)*cos(y) - cos(x)*sin(y)", {"x": 1e8, "y": 1e8}, [0], lambda x, y: S(x) * C(y) - C(x) * S(y)),
    ("softplus(x) - softplus(y)", {"x": -800.0, "y": -800.0}, [0], lambda x, y: mpmath.log1p(E(x)) - mpmath.log1p(E(y))),
    ("x**-2 - 1/(x*x) + 1/(x + y) - 1/(y + x)", {"x": 3.0, "y": 0.1}, [0],
     lambda x, y: x**-2 - 1 / (x * x) + 1 / (x + y) - 1 / (y + x)),
    ("(x + pi)**3 - x**3 - 3*x*x*pi - 3*x*pi**2 - pi**3", {"x": 0.1}, [0, 1],
     lambda x: (x + mpmath.pi) ** 3 - x**3 - 3 * x * x * mpmath.pi - 3 * x * mpmath.pi**2 - mpmath.pi**3),
]


@pytest.mark.parametrize("text, point, zeros, truth", IDENTITIES, ids=[c[0] for c in IDENTITIES])
def test_an_identity_0_is_proven_at_the_first_pass(text, point, zeros, truth):
    found, bits, nonzero_bits = entries(text, point)
    # Proven by its structure, as soon as the other entries settled: the balls' own proof takes 2^15 bits.
    assert bits == nonzero_bits < balls.MAX_BITS
    for k in zeros:
        assert found[k] == 0
    assert abs(at_3000_digits(truth, point)) < mpmath.mpf(10) ** -2900


# (formula, point, the entry near 0, that entry by mpmath): each is 0 to a loose prover, and is not.
NEAR_MISSES = [
    # cos(x) and cos(y) are one number only where x and y are one float (here 1.5e-56 apart).
    ("cos(x) - cos(y)", {"x": 1e-20, "y": AFTER_1E_20}, 0, lambda x, y: C(x) - C(y)),
    ("sin(x + 1e-300) - sin(x)", {"x": 1.0}, 0, lambda x: S(x + mpmath.mpf("1e-300")) - S(x)),
    # A polynomial identity but for a term of 1e-300 (the literal's exact value, not a float's).
    ("(x + 1)**2 - x**2 - 2*x - 1 + 1e-300", {"x": 1e17}, 0, lambda x: (x + 1) ** 2 - x**2 - 2 * x - 1 + mpmath.mpf("1e-300")),
    # exp(x) exp(-y) cancels its own product, not the 2^-52 between x and y.
    ("exp(x)*exp(-y) - exp(-y)*exp(x) + (x - y)*1e-300", {"x": 1.0, "y": NEXT_TO_ONE}, 0,
     lambda x, y: E(x) * E(-y) - E(-y) * E(x) + (x - y) * mpmath.mpf("1e-300")),
    # A derivative of 1e-869: 1 - tanh(x)**2 in its atom is no 0.
    ("tanh(x)", {"x": -1000.0}, 1, lambda x: 1 - mpmath.tanh(x) ** 2),
    ("pi*x - e*x", {"x": 1e-300}, 0, lambda x: mpmath.pi * x - mpmath.e * x),
]


@pytest.mark.parametrize("text, point, index, truth", NEAR_MISSES, ids=[c[0] for c in NEAR_MISSES])
def test_a_number_near_0_is_not_proven_0(text, point, index, truth):
    found, _, _ = entries(text, point)
    expected = at_3000_digits(truth, point)
    assert expected != 0 and found[index] != 0
    assert abs(found[index] - expected) <= mpmath.mpf(10) ** -20 * abs(expected)


def test_a_true_0_that_is_no_polynomial_identity_is_still_proven():
    # exp(x) exp(-y) = exp(x - y) is the exponential's own law, not algebra: the proof numbers know it, asked
    # once the ball is narrower than any tiny number's (2^-16384), at 2^15 bits.
    found, bits, _ = entries("exp(x)*exp(-y) - exp(x - y)", {"x": 1.5, "y": 1.5})
    assert found[0] == 0 and bits == balls.MAX_BITS


def test_a_check_of_an_identity_keeps_its_answers_and_uses_few_digits():
    result = gradcli.check("cos(x)*cos(x) + sin(x)*sin(x)", [1.0], dtypes=("float64",)).results[0]
    assert result.exact_value == 1.0 and result.exact_gradient == {"x": 0.0}
    assert result.status == "ok"
    assert result.digits_used == 60  # where proving the 0 on balls alone took 9865 digits
