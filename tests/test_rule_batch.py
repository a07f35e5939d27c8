"""The gradient rule run for many points of a formula at once gives each point its own run, to the bit.

The exact reference runs gradcli's rule on mpmath numbers three times a
point (nearest, then alternately rounded down and up); a check's points at
the same digits go through the core together as object arrays
(`rule_batch.rule_at_points`). Every entry and every rounding noise must be
what the point's own run gives, or a rule's verdict could move. mpmath is pure
Python, the same on every CPU: the two are compared exactly.
"""

import contextlib

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff.mp import ieee
from gradcli.autodiff.transforms import value_and_grad
from gradcli.checker import reference, rule_batch
from gradcli.checker.precision import flat_entries, to_mp, with_noise
from gradcli.checker.targets import resolve
from gradcli.expr.functions import FUNCTIONS

POINTS = [(0.3, 1.7), (0.7, -2.5), (2.5, 0.125), (1e-9, 40.0)]
# Points inside a function's domain where the usual ones are not.
DOMAIN = {
    "arcsin": [(0.3, 1.7), (-0.7, 2.5), (0.999999, 0.125)],
    "arccos": [(0.3, 1.7), (-0.7, 2.5), (0.999999, 0.125)],
    "arctanh": [(0.3, 1.7), (-0.7, 2.5), (0.999999, 0.125)],
    "arccosh": [(1.0000001, 1.7), (1.5, -2.5), (1e200, 0.125)],
    "log": [(0.3, 1.7), (0.7, 2.5), (1e-300, 40.0)],
    "log2": [(0.3, 1.7), (0.7, 2.5), (1e-300, 40.0)],
    "log10": [(0.3, 1.7), (0.7, 2.5), (1e-300, 40.0)],
    "sqrt": [(0.3, 1.7), (0.7, 2.5), (1e-300, 40.0)],
}
CALLS = {1: "{f}(x)*y + x", 2: "{f}(x, y) - x*y", 3: "{f}(x > y, x*y, x - y)"}


def _formulas():
    out = []
    for name, spec in FUNCTIONS.items():
        if name in rule_batch._RULES_BY_VALUE:
            continue  # run point by point: test_a_rule_that_picks_its_ops_by_size_is_run_point_by_point
        for arity in spec.arities:
            text = CALLS[arity].format(f=name) if name != "clip" else "clip(x, y, 2.0)*x"
            out.append((text, DOMAIN.get(name, POINTS)))
    out += [
        ("(x + 1)**3 - x**3/y", POINTS),
        ("x % y + y*y", [(3.5, 1.25), (-2.0, 0.75), (7.0, 2.0)]),
        ("-x/(exp(x) - 1) + 2**x*y", POINTS),
        ("sqrt(x*x + y*y) - x", [(1e15, 3.0), (0.5, 0.5), (-3.0, 1e-8)]),
        ("log(1 + exp(x*y))", [(800.0, 1.0), (-40.0, 0.5), (0.5, 2.0)]),
        ("x**y - y*(x + 1)**(1/x)", POINTS),
    ]
    return out


def _alone(target, args, digits):
    """The rule at one point as `reference._rule_at` runs it: ``(entries, noises)``."""

    def run():
        with np.errstate(all="ignore"):
            _, rule = value_and_grad(target.mp_function, argnums=tuple(range(len(args))))(*[to_mp(a) for a in args])
        return [e for g in rule for e in flat_entries(g)]

    with mpmath.workdps(digits):
        return with_noise(run)


@pytest.mark.parametrize("text, points", _formulas(), ids=[text for text, _ in _formulas()])
def test_a_batch_of_points_gives_each_point_its_own_run(text, points):
    target = resolve(text)
    points = [[float(v) for v in p] for p in points]
    with ieee():
        for digits in (60, 121):
            batched = rule_batch.rule_at_points(target.mp_function, points, digits)
            assert batched is not None, text  # these points are all taken together
            for args, (entries, noises) in zip(points, batched):
                want_entries, want_noises = _alone(target, args, digits)
                assert repr((entries, noises)) == repr((want_entries, want_noises)), (text, args, digits)


def test_a_rule_that_picks_its_ops_by_size_is_batched_by_side():
    # arctan's rule takes 1/x's form beyond |x| = 1: a batch on both sides would round otherwise.
    assert rule_batch.sided(resolve("arctan(x)*y + x").formula)
    assert not rule_batch.sided(resolve("arctan(2.0)*y + x").formula)
    target = resolve("arctan(x)*y + x")
    mixed = [[0.3, 1.7], [3.0, 0.5]]
    with ieee():
        unsided = rule_batch.rule_at_points(target.mp_function, mixed, 60)
        alone = [_alone(target, p, 60) for p in mixed]
        assert unsided is not None and repr(unsided) != repr(alone)  # why the sides are batched apart
        # Each side in a batch of its own, every point its own run to the bit; a point alone on its side is run alone.
        points = [[0.3, 1.7], [3.0, 0.5], [-0.5, 2.0], [-40.0, 1.0], [1e300, 0.25], [1.5, 3.0]]
        for digits in (60, 121):
            batched = rule_batch.rule_at_points(target.mp_function, points, digits, sided=True)
            assert len(batched) == len(points) and all(b is not None for b in batched)
            for args, got in zip(points, batched):
                assert repr(got) == repr(_alone(target, args, digits)), (args, digits)
        lone = rule_batch.rule_at_points(target.mp_function, [[0.3, 1.7], [-0.5, 2.0], [3.0, 0.5]], 60, sided=True)
        assert lone[2] is None and repr(lone[:2]) == repr([_alone(target, p, 60) for p in ([0.3, 1.7], [-0.5, 2.0])])
        # Two calls, each with its sides: batched by both (x beyond 1 with y*y within it is a side of its own).
        two = resolve("arctan(x) + arctan(y*y)")
        points = [[0.5, 0.5], [2.0, 0.5], [2.0, 3.0], [0.25, 0.25], [4.0, 0.75]]
        batched = rule_batch.rule_at_points(two.mp_function, points, 60, sided=True)
        assert batched[2] is None  # alone on its sides
        for args, got in zip(points[:2] + points[3:], batched[:2] + batched[3:]):
            assert got is not None and repr(got) == repr(_alone(two, args, 60)), args


def test_a_power_with_a_variable_exponent_is_batched_by_the_form_of_its_rule(monkeypatch):
    # Its rule picks its ops by the exponent's value (x**y at y = 2 is 2*x, at y = 0 is 0): the points are
    # batched by the form their own runs take, every point its own run to the bit, a point alone in its form alone.
    cases = {
        "x**y": ([[0.3, 1.7], [2.5, 2.0], [0.7, -2.5], [3.0, 2.0], [1.5, 0.0], [1e-9, 40.0]], [4]),
        "(1 + x)**(1/x)": ([[1e-9], [1e-4], [0.5], [2.0], [100.0]], [2]),  # 1/x is 2 at 0.5
        "x**(2*x) + x**x": ([[0.3], [1.0], [2.5], [0.7], [2.0]], [1, 4]),  # 2 at 1, then x**x's 2 at 2
    }
    with ieee():
        for text, (points, alone) in cases.items():
            target = resolve(text)
            for digits in (60, 121):
                batched = rule_batch.rule_at_points(target.mp_function, points, digits)
                assert [k for k, got in enumerate(batched) if got is None] == alone, (text, digits)
                for args, got in zip(points, batched):
                    if got is not None:
                        assert repr(got) == repr(_alone(target, args, digits)), (text, args, digits)
        # Without each point's form the batch takes the array form, whose select is one more op (one more
        # flip of the rounding): these points' noises would not be their own runs'.
        monkeypatch.setattr(rule_batch, "pointwise_powers", contextlib.nullcontext)
        target = resolve("x**x")
        batched = rule_batch.rule_at_points(target.mp_function, [[0.1], [100.0]], 60)
        alone = [_alone(target, [x], 60) for x in (0.1, 100.0)]
        assert batched is not None and repr(batched) != repr(alone)


def test_a_batch_that_cannot_be_one_run_per_point_says_so():
    def raising(x):
        raise ValueError("not on arrays")

    with ieee():
        constant = rule_batch.rule_at_points(lambda x: to_mp(2.0), [[1.0], [2.0]], 60)  # one value for all
        raised = rule_batch.rule_at_points(raising, [[1.0], [2.0]], 60)
        taken = rule_batch.rule_at_points(resolve("x*x").mp_function, [[1.0], [2.0]], 60)
    assert constant is None and raised is None
    assert [entries for entries, _ in taken] == [[2], [4]]


def _fields(exact):
    return repr((exact.value, exact.gradient, exact.rule, exact.digits, exact.determined, exact.kinks, exact.singular,
                 exact.unsettled, exact.why, exact.method, exact.notes))


@pytest.mark.parametrize("text, points", [
    ("log(1 + exp(x))", [-800.0, -1.0, 0.5, 40.0, 800.0, 0.5]),
    ("sqrt(x + 1) - sqrt(x)", [1e-3, 0.5, 1.0, 1e8, 1e15]),
    ("cos(x)*cos(x) + sin(x)*sin(x)", [0.5, 1.0, 2.0]),
    ("maximum(x, 0.5*x) + abs(y - 1)", [{"x": -0.1, "y": 1.0}, {"x": 0.0, "y": 2.0}, {"x": 4.0, "y": 1.0}]),
    ("x**y", [{"x": 2.0, "y": 3.0}, {"x": 0.5, "y": 2.0}]),
])
def test_references_computed_together_are_those_computed_alone(text, points):
    target = resolve(text)
    names = target.variables
    arg_lists = [[float(p[n]) for n in names] if isinstance(p, dict) else [float(p)] for p in points]
    alone = [_fields(reference.compute(resolve(text), args)) for args in arg_lists]
    reference.expect(target, arg_lists)
    together = [_fields(reference.compute(target, args)) for args in arg_lists]
    assert together == alone
    assert target.shared["computed references"] == {}  # each was computed once and handed out (twice for 0.5)


def test_a_check_asks_for_its_points_together(monkeypatch):
    batches = []
    taken = rule_batch.rule_at_points
    monkeypatch.setattr(rule_batch, "rule_at_points", lambda f, points, digits, **sided: batches.append(len(points)) or taken(f, points, digits, **sided))
    report = gradcli.check("log(1 + exp(x))", [3.0, 0.5, 40.0, 0.1], dtypes=("float32", "float64"), fixes=False)
    assert [r.status.value for r in report.results] == ["ok"] * 8
    # 0.1 in float32 is another point than in float64; the other three are the same point in both dtypes.
    assert batches == [5]


def test_a_batch_agreeing_with_the_exact_derivative_spares_the_noise_runs():
    # A rule whose nearest-rounded entries agree with the exact derivative to AGREE_DIGITS needs no noise to be judged:
    # the batch makes no directed runs (its noises None), its entries those of the full runs; one point off the exact
    # derivative (by 1e-15 relative: a wrong rule's, or rounding's) and the batch makes every point's noise as before.
    target = resolve("sin(x)*y + x")
    points = [[0.3, 1.7], [0.7, -2.5], [2.5, 0.125]]
    with ieee(), mpmath.workdps(60):
        exact = [[mpmath.cos(mpmath.mpf(x)) * y + 1, mpmath.sin(mpmath.mpf(x))] for x, y in points]
    with ieee():
        spared = rule_batch.rule_at_points(target.mp_function, points, 60, exact=exact)
        full = [_alone(target, p, 60) for p in points]
        assert [noises for _, noises in spared] == [None] * len(points)
        assert repr([entries for entries, _ in spared]) == repr([entries for entries, _ in full])
        off = [list(e) for e in exact]
        off[1][0] *= 1 + mpmath.mpf(10) ** -15
        assert repr(rule_batch.rule_at_points(target.mp_function, points, 60, exact=off)) == repr(full)
        unknown = [list(e) for e in exact]
        unknown[2][1] = None  # an exact entry not known: nothing to agree with
        assert repr(rule_batch.rule_at_points(target.mp_function, points, 60, exact=unknown)) == repr(full)
