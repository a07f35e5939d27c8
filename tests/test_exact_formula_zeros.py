"""A formula's exact entry is 0 only where it is proven 0: never because its ball is narrow around 0.

The balls once took a ball within 2^-16384 of 0 for 0. Now an entry is 0 when
its ball is exactly 0, when the formula's structure proves it (`exact_zero`), or
when the proof numbers do (`arb_proof`: the functions' own laws, such as exp of
a sum); a true 0 none of them proves leaves the point without a reference,
saying how close to 0 its ball came. Each "nothing proves it" case is a true 0
(mpmath at 3000 digits finds nothing) that the provers do not know.
"""

import mpmath
import pytest

import gradcli
from gradcli.checker import balls
from gradcli.expr.derivative import differentiate
from gradcli.expr.parse import parse

F64 = ("float64",)


def _program(text):
    formula = parse(text)
    return balls.Program([formula.root] + [differentiate(formula.root, n) for n in formula.variables])


@pytest.mark.parametrize(
    "text, x, truth",
    [
        # a cube root cubed and tan of arctan are atoms of functions of atoms that no identity undoes; the identities
        # the proofs know are in test_exact_identity_classes and test_exact_proof_at_the_point (arcsinh, arctanh).
        ("cbrt(x)^3 - x", 2.5, lambda x: mpmath.cbrt(x) ** 3 - x),
        ("tan(arctan(x)) - x", 0.5, lambda x: mpmath.tan(mpmath.atan(x)) - x),
    ],
)
def test_a_true_0_nothing_proves_has_no_reference(text, x, truth):
    with mpmath.workdps(3000):
        assert abs(truth(mpmath.mpf(x))) < mpmath.mpf(10) ** -2900  # a true 0
    with pytest.raises(balls.Unproven, match=r"within 2\^-\d+ of 0 but not proven 0"):
        balls.evaluate_formula(_program(text), {"x": x}, balls.Budget())
    (r,) = gradcli.check(text, [x], dtypes=F64, fixes=False).results
    assert r.status == "error" and r.exact_value is None
    (message,) = [f.message for f in r.findings if f.kind == "undetermined"]
    assert "of 0 but not proven 0" in message


def test_a_ball_around_0_narrower_than_any_floor_is_not_taken_for_0():
    # exp(-x) (1 + exp(-x)) - exp(-x) = exp(-2x): at x = 6000 it is e^-12000 = 2.9e-5212, a ball around 0
    # far narrower than 2^-16384 (1.2e-4932) for thousands of bits before it parts from 0.
    found, _ = balls.evaluate_formula(_program("exp(-x)*(1 + exp(-x)) - exp(-x)"), {"x": 6000.0}, balls.Budget())
    with mpmath.workdps(6000):
        expected = [mpmath.exp(-12000), -2 * mpmath.exp(-12000)]
    for got, truth in zip(found, expected):
        assert abs(got - truth) <= abs(truth) * mpmath.mpf(10) ** -20
    (r,) = gradcli.check("exp(-x)*(1 + exp(-x)) - exp(-x)", [6000.0], dtypes=F64, fixes=False).results
    assert r.exact_value_text.startswith("2.92561491215200") and r.exact_value_text.endswith("e-5212")


def test_the_laws_of_the_functions_prove_a_0_the_polynomials_do_not():
    found, bits = balls.evaluate_formula(_program("exp(x)*exp(-y) - exp(x - y)"), {"x": 0.75, "y": -2.0}, balls.Budget())
    assert found == [0, 0, 0] and bits == balls.MAX_BITS
