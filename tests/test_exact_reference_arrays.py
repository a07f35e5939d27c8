"""A formula at an array point gets the exact reference on balls too.

The formula is checked summed over its elements: the exact value is the sum of
the formula at each element, the exact gradient the elementwise symbolic
derivative (summed over the axes a scalar variable was broadcast along).
Every expectation is the hand-written derivative evaluated by mpmath at 2000
digits, never a number taken from gradcli's output.
"""

import mpmath
import numpy as np

import gradcli
from gradcli.checker import balls, reference
from gradcli.checker.point import summed
from gradcli.checker.balls import Budget
from gradcli.checker.targets import resolve
from test_exact_reference import close, truth

E = mpmath.exp


def one(target, point, dtype="float64"):
    return gradcli.check(target, [point], dtypes=(dtype,), fixes=False).results[0]


def exact_at(formula, point):
    """The reference as the checker asks for it: the formula summed over the point, at float64 arrays."""
    target, _ = summed(resolve(formula), point)
    args = [np.asarray(point[n], dtype=np.float64) if np.ndim(point[n]) else float(point[n]) for n in target.variables]
    return reference.compute(target, args)


def test_the_cancellation_headline_at_an_array_point():
    point = {"x": [300.0, 1.0]}
    result = one("exp(x)/(exp(x)-1)", point)
    derivative = lambda x: -E(x) / (E(x) - 1) ** 2  # noqa: E731
    expected = [truth(derivative, x) for x in point["x"]]
    assert close(expected[0], -5.1482002224120138e-131)
    assert close(expected[1], truth(lambda e: -e / (e - 1) ** 2, E(1)))
    assert all(close(g, e) for g, e in zip(result.exact_gradient["x"], expected))
    assert close(result.exact_value, truth(lambda a, b: E(a) / (E(a) - 1) + E(b) / (E(b) - 1), 300.0, 1.0))
    assert result.gradient["x"][0] >= 0  # autodiff's 0 at 300: the two terms cancel, the -5e-131 is lost
    assert result.gradient_status == "unstable" and result.status == "unstable"


def test_a_tiny_derivative_at_an_array_point():
    point = {"a": [1e200, 3.0], "b": [1e100, 4.0]}
    result = one("sqrt(a*a+b*b)", point)
    db = lambda a, b: b / mpmath.sqrt(a * a + b * b)  # noqa: E731
    da = lambda a, b: a / mpmath.sqrt(a * a + b * b)  # noqa: E731
    pairs = list(zip(point["a"], point["b"]))
    expected_b = [truth(db, a, b) for a, b in pairs]
    assert close(expected_b[0], 1e-100) and close(expected_b[1], 0.8)
    assert all(close(g, e) for g, e in zip(result.exact_gradient["b"], expected_b))
    assert all(close(g, truth(da, a, b)) for g, (a, b) in zip(result.exact_gradient["a"], pairs))


def test_a_broadcast_scalar_gets_the_sum_of_its_elementwise_derivatives():
    point = {"a": 0.0, "b": [-700.0, 0.0]}
    result = one("log(exp(a)+exp(b))", point)
    db = lambda a, b: E(b) / (E(a) + E(b))  # noqa: E731
    da = lambda a, b: E(a) / (E(a) + E(b))  # noqa: E731
    expected_b = [truth(db, 0.0, b) for b in point["b"]]
    assert close(expected_b[0], 9.8596765437597709e-305)
    assert all(close(g, e) for g, e in zip(result.exact_gradient["b"], expected_b))
    assert close(result.exact_gradient["a"], truth(da, 0.0, -700.0) + truth(da, 0.0, 0.0))
    assert not isinstance(result.exact_gradient["a"], list)  # one number for the scalar variable


def test_a_variable_broadcast_along_a_length_one_axis():
    point = {"x": [[1.0], [2.0]], "y": [[3.0, 4.0, 5.0]]}
    exact = exact_at("x*y + sin(x)", point)
    assert exact.method == "balls"
    assert exact.gradient[0].shape == (2, 1) and exact.gradient[1].shape == (1, 3)
    for i, x in enumerate([1.0, 2.0]):
        assert close(exact.gradient[0][i, 0], truth(lambda x: 3 * (3 + 4 + 5) / 3 + 3 * mpmath.cos(x), x))
    for j, y in enumerate([3.0, 4.0, 5.0]):
        assert close(exact.gradient[1][0, j], 3.0)


def test_the_exact_fields_keep_the_shapes_the_mpmath_path_gave():
    point = {"a": 0.5, "b": [0.25, 2.0]}
    target, _ = summed(resolve("a*exp(b)"), point)
    args = [0.5, np.array([0.25, 2.0])]
    on_balls = reference.compute(target, args)
    on_mpmath = reference._compute_mpmath(target, args, 0, reference.Exact())
    assert on_balls.method == "balls" and on_mpmath.method == "mpmath"
    assert isinstance(on_balls.value, mpmath.mpf) and isinstance(on_mpmath.value, mpmath.mpf)
    assert isinstance(on_balls.gradient[0], mpmath.mpf) and isinstance(on_mpmath.gradient[0], mpmath.mpf)
    for got in (on_balls.gradient[1], on_mpmath.gradient[1]):
        assert isinstance(got, np.ndarray) and got.dtype == object and got.shape == (2,)
    assert [type(r) for r in on_balls.rule] == [type(r) for r in on_mpmath.rule]
    assert all(close(g, m, 1e-15) for g, m in zip(on_balls.gradient[1], on_mpmath.gradient[1]))


def test_a_kink_element_is_still_domain():
    result = one("abs(x)", {"x": [0.0, 1.0]})
    assert result.status == "domain" and result.gradient_status == "domain"
    assert any(f.kind == "kink" and f.op == "x[0]" for f in result.findings)


def test_a_kink_among_many_elements_is_found_along_the_direction():
    x = np.linspace(-1.0, 1.0, 41)  # 0 among them, more than MAX_FD_COORDINATES
    assert 0.0 in x and x.size > reference.MAX_FD_COORDINATES
    result = one("abs(x)", {"x": x.tolist()})
    assert result.status == "domain"
    assert any(f.kind == "kink" for f in result.findings)


def test_many_elements_smooth_keep_the_full_exact_gradient():
    x = np.linspace(0.5, 3.0, 40)
    exact = exact_at("exp(x)/(exp(x)-1)", {"x": x.tolist()})
    assert exact.method == "balls" and exact.direction is None
    derivative = lambda x: -E(x) / (E(x) - 1) ** 2  # noqa: E731
    assert all(close(g, truth(derivative, v)) for g, v in zip(exact.gradient[0], x))


def test_one_hard_element_does_not_make_every_element_redo_its_passes(monkeypatch):
    # 999 easy elements and one that cancels at 300: the hard one's extra bits are its own.
    calls = []
    evaluate = balls._evaluate

    def counted(root, env, *shared):
        calls.append(1)
        return evaluate(root, env, *shared)

    monkeypatch.setattr(balls, "_evaluate", counted)
    formula = "exp(x) - 2 + exp(-x)"  # at 1e-150 it cancels 300 digits: 2048 bits, at 1.5 128
    easy, hard = 1.5, 1e-150
    per_element = {}
    for x in (easy, hard):
        calls.clear()
        exact_at(formula, {"x": x})
        per_element[x] = len(calls)
    assert per_element[hard] >= 3 * per_element[easy]  # the hard element needs many more passes on its own

    x = np.full(1000, easy)
    x[7] = hard
    calls.clear()
    budget = Budget()
    target, _ = summed(resolve(formula), {"x": x})
    exact = reference.compute(target, [x], budget=budget)
    assert exact.method == "balls"
    assert close(exact.gradient[0][7], truth(lambda x: E(x) - E(-x), hard))
    # Every element pays for its own passes only: not 1000 x the hard element's.
    assert len(calls) <= 999 * per_element[easy] + per_element[hard]
    # The budget is asked once per bits level (and by the rule's run), not once per element and level.
    assert budget.passes < 20
