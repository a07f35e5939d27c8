"""The function registry against every table it must agree with.

A formula function is one entry of ``gradcli.expr.functions.FUNCTIONS``. These
tests fail for a new entry until the core computes it through ``gradcli.numpy``
primitives that have a VJP and an mpmath implementation, ``gradcli ops`` lists
those primitives, ``tests/opcheck.py`` sweeps them, and the entry's derivative
rule, size rule, double evaluation and sympy mapping agree with the core (and
so does the ``gradcli.numpy`` code ``gradcli diff --format python`` prints
from that mapping, through the printer's own table of sympy names).
"""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as special
import opcheck
from each_case import failing_cases
from gradcli.autodiff import catalog, mp
from gradcli.autodiff.tracer import Primitive, hooks, primitive_of
from gradcli.expr import sizes
from gradcli.expr.compile import to_function
from gradcli.expr.derivative import differentiate, to_text
from gradcli.expr.functions import ALIASES, FUNCTIONS, lookup
from gradcli.expr.ir import Compare, Formula, Num, Var
from gradcli.expr.parse import parse
from gradcli.expr.printers import python_code
from gradcli.expr.to_sympy import symbols_of, to_sympy

# Each function, once per arity, inside its domain and away from its kinks: (formula, point).
CASES = {
    "sqrt": [("sqrt(x)", {"x": 2.0})],
    "cbrt": [("cbrt(x)", {"x": 2.0})],
    "exp": [("exp(x)", {"x": 0.5})],
    "exp2": [("exp2(x)", {"x": 0.5})],
    "expm1": [("expm1(x)", {"x": 0.5})],
    "log": [("log(x)", {"x": 2.0}), ("log(x, y)", {"x": 2.0, "y": 3.0})],
    "log2": [("log2(x)", {"x": 2.0})],
    "log10": [("log10(x)", {"x": 2.0})],
    "log1p": [("log1p(x)", {"x": 0.5})],
    "sin": [("sin(x)", {"x": 0.5})],
    "cos": [("cos(x)", {"x": 0.5})],
    "tan": [("tan(x)", {"x": 0.5})],
    "arcsin": [("arcsin(x)", {"x": 0.5})],
    "arccos": [("arccos(x)", {"x": 0.5})],
    "arctan": [("arctan(x)", {"x": 0.5})],
    "arctan2": [("arctan2(x, y)", {"x": 0.5, "y": 1.5})],
    "sinh": [("sinh(x)", {"x": 0.5})],
    "cosh": [("cosh(x)", {"x": 0.5})],
    "tanh": [("tanh(x)", {"x": 0.5})],
    "arcsinh": [("arcsinh(x)", {"x": 0.5})],
    "arccosh": [("arccosh(x)", {"x": 1.5})],
    "arctanh": [("arctanh(x)", {"x": 0.5})],
    "abs": [("abs(x)", {"x": -1.5})],
    "sign": [("sign(x)", {"x": -1.5})],
    "hypot": [("hypot(x, y)", {"x": 0.5, "y": 1.5})],
    "maximum": [("maximum(x, y)", {"x": 0.5, "y": 1.5})],
    "minimum": [("minimum(x, y)", {"x": 0.5, "y": 1.5})],
    "where": [("where(x > y, y, z)", {"x": 0.5, "y": 1.5, "z": 2.5})],
    "clip": [("clip(x, y, z)", {"x": 0.5, "y": -1.0, "z": 1.0})],
    "logaddexp": [("logaddexp(x, y)", {"x": 0.5, "y": 1.5})],
    "sigmoid": [("sigmoid(x)", {"x": 0.5})],
    "softplus": [("softplus(x)", {"x": 0.5})],
    "log_expit": [("log_expit(x)", {"x": 0.5})],
    "logit": [("logit(x)", {"x": 0.25})],
    "xlogy": [("xlogy(x, y)", {"x": 0.5, "y": 1.5})],
    "xlog1py": [("xlog1py(x, y)", {"x": 0.5, "y": 1.5})],
    "erf": [("erf(x)", {"x": 0.5})],
    "ndtr": [("ndtr(x)", {"x": -0.5})],
    "erfc": [("erfc(x)", {"x": 0.5})],
    "erfcx": [("erfcx(x)", {"x": 0.5})],
    "log_ndtr": [("log_ndtr(x)", {"x": -0.5})],
    "ndtri": [("ndtri(x)", {"x": 0.25})],
    "erfinv": [("erfinv(x)", {"x": 0.5})],
    "sinc": [("sinc(x)", {"x": 0.5})],
    "i0e": [("i0e(x)", {"x": -1.5})],
    "i1e": [("i1e(x)", {"x": 0.5})],
    "lambertw": [("lambertw(x)", {"x": 0.5})],
    "ellipk": [("ellipk(x)", {"x": 0.5})],
    "ellipkm1": [("ellipkm1(x)", {"x": 0.25})],
    "ellipe": [("ellipe(x)", {"x": -1.5})],
    "floor": [("floor(x)", {"x": 1.5})],
    "ceil": [("ceil(x)", {"x": 1.5})],
}
# Each test below tries every case in a loop (`failing_cases`: a failure names each case and why): 37 cheap cases
# as 37 pytest items each would cost more in pytest than in the checks.
ALL_CASES = [(name, text, tuple(point.items())) for name, cases in CASES.items() for text, point in cases]
OP_TABLES = (
    opcheck.UNARY,
    opcheck.BINARY,
    opcheck.SPECIAL_UNARY,
    opcheck.SPECIAL_BINARY,
    opcheck.NONDIFFERENTIABLE,
    opcheck.SELECTIONS,
)
RTOL = 1e-12


def values(formula, point):
    return [point[name] for name in formula.variables]


def primitives_reached(formula, point):
    """The primitives the core runs for ``formula`` at ``point`` (traced, so operators count too)."""
    reached = []
    hooks.forward = lambda prim, args, kwargs, ans: reached.append(prim)
    try:
        gradcli.vjp(to_function(formula), *values(formula, point))
    finally:
        hooks.forward = None
    return reached


def size_of(node, point):
    """What `sizes` knows of an argument of a case: a variable at its value, or a comparison of them."""
    if isinstance(node, Var):
        return sizes.of_number(Fraction(point[node.name]))
    if isinstance(node, Num):
        return sizes.of_number(node.exact)
    assert isinstance(node, Compare), node
    return sizes.of_comparison(node.op, [size_of(node.left, point), size_of(node.right, point)])


def close(a, b):
    return abs(a - b) <= RTOL * abs(b)


def _function_of(name):
    """A ``gradcli ops`` name's function: ``gradcli.numpy``'s, or ``gradcli.scipy.special``'s for ``scipy.special.X``."""
    space, _, own = name.rpartition(".")
    return getattr(special, own, None) if space == "scipy.special" else getattr(gnp, name, None)


@pytest.fixture(scope="module")
def catalogued_primitives():
    listed = [catalog.primitive_named(row.name, _function_of(row.name)) for row in catalog.catalogue(include_scipy=True)]
    return {id(prim) for prim in listed if isinstance(prim, Primitive)}


def test_every_function_has_a_case_for_each_arity():
    assert set(CASES) == set(FUNCTIONS)
    for name, cases in CASES.items():
        roots = [parse(text).root for text, _ in cases]
        assert {root.name for root in roots} == {name}
        assert sorted(len(root.args) for root in roots) == sorted(FUNCTIONS[name].arities)


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_an_alias_parses_to_its_function(alias):
    name = ALIASES[alias]
    text, _ = CASES[name][0]
    assert lookup(alias) is FUNCTIONS[name]
    assert to_text(parse(text.replace(name, alias, 1)).root) == text


def test_the_core_mapping_runs_gradcli_numpy_primitives_with_vjps():
    public = {id(primitive_of(getattr(gnp, n))) for n in gnp.__all__}
    public |= {id(catalog.primitive_named(f"scipy.special.{n}", getattr(special, n))) for n in special.__all__}

    def check(name, text, point_items):
        point = dict(point_items)
        reached = primitives_reached(parse(text), point)
        assert any(prim.kind != "comparison" for prim in reached), f"{name} ran no primitive of its own"
        for prim in reached:
            assert id(prim) in public, f"{name} runs {prim.name}, which is no function of gradcli.numpy or gradcli.scipy"
            assert prim.vjp is not None or not prim.differentiable, f"{prim.name} has no VJP"

    assert failing_cases(check, ALL_CASES) == {}


def test_the_core_mapping_runs_on_mpmath_numbers():
    def check(name, text, point_items):
        point = dict(point_items)
        mp.enable()
        formula = parse(text)
        for prim in primitives_reached(formula, point):
            assert callable(prim.mp), f"{prim.name} has no mpmath implementation"
        double = to_function(formula)(*values(formula, point))
        with mpmath.workdps(30):
            exact = to_function(formula, numbers="mp")(*[mpmath.mpf(v) for v in values(formula, point)])
            assert isinstance(exact, mpmath.mpf), type(exact)
            assert close(float(exact), double), (exact, double)

    assert failing_cases(check, ALL_CASES) == {}


def test_the_catalogue_lists_every_primitive(catalogued_primitives):
    def check(name, text, point_items):
        point = dict(point_items)
        for prim in primitives_reached(parse(text), point):
            assert id(prim) in catalogued_primitives, f"`gradcli ops` does not list {prim.name}"

    assert failing_cases(check, ALL_CASES) == {}


def test_opcheck_sweeps_every_primitive():
    swept = {id(primitive_of(getattr(gnp, row[0]))) for table in OP_TABLES for row in table if hasattr(gnp, row[0])}
    swept |= {id(catalog.primitive_named(f"scipy.special.{name}", fun)) for name, fun, _ in opcheck._scipy_cases()}

    def check(name, text, point_items):
        point = dict(point_items)
        for prim in primitives_reached(parse(text), point):
            assert id(prim) in swept, f"no table of tests/opcheck.py sweeps {prim.name}"

    assert failing_cases(check, ALL_CASES) == {}



@pytest.mark.parametrize("name, fun, specs", opcheck.SELECTIONS, ids=[row[0] for row in opcheck.SELECTIONS])
def test_the_selection_ops_are_swept(name, fun, specs):
    # The other op tables are swept by the per-domain test files; this one only here.
    opcheck.check_case(fun, specs, order=2)


def test_the_derivative_rule_agrees_with_the_core():
    def check(name, text, point_items):
        point = dict(point_items)
        formula = parse(text)
        evaluate = to_function(formula)
        for i, variable in enumerate(formula.variables):
            derivative = differentiate(formula.root, variable)
            again = parse(to_text(derivative), treat_as_variables=formula.variables).root
            symbolic = to_function(Formula(text, again, formula.variables))(*values(formula, point))
            core = gradcli.grad(evaluate, argnums=i)(*values(formula, point))
            assert math.isclose(symbolic, core, rel_tol=RTOL, abs_tol=RTOL), (variable, to_text(derivative))

    assert failing_cases(check, ALL_CASES) == {}


def test_the_size_rule_and_the_double_agree_with_the_core():
    def check(name, text, point_items):
        point = dict(point_items)
        formula = parse(text)
        spec = FUNCTIONS[name]
        parts = [size_of(arg, point) for arg in formula.root.args]
        value = to_function(formula)(*values(formula, point))
        assert close(spec.on_doubles(*(p.value for p in parts)), value)
        assert close(sizes.of_call(name, parts).value, value)
        # The estimate of log10|f| (read where doubles overflow) is never a digit below the truth.
        assert spec.log10(*parts) > math.log10(abs(value)) - 1 if value else True
        assert spec.digits(*parts) >= 0

    assert failing_cases(check, ALL_CASES) == {}


def test_the_sympy_mapping_agrees_with_the_core():
    def check(name, text, point_items):
        point = dict(point_items)
        formula = parse(text)
        symbols = symbols_of(formula)
        expr = to_sympy(formula, symbols).subs({symbols[v]: Fraction(point[v]) for v in formula.variables})
        assert close(float(expr.evalf(30)), to_function(formula)(*values(formula, point)))

    assert failing_cases(check, ALL_CASES) == {}


def test_the_printed_python_code_agrees_with_the_core():
    def check(name, text, point_items):
        point = dict(point_items)
        formula = parse(text)
        code = python_code(to_sympy(formula))
        modules = {"gnp": gnp, "gsp": special}
        printed = eval(compile(code, "<gradcli diff --format python>", "eval"), modules, dict(point))  # noqa: S307
        assert close(float(printed), to_function(formula)(*values(formula, point))), code

    assert failing_cases(check, ALL_CASES) == {}

