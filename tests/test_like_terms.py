"""The conjugate fix's ``a - b`` without sympy (`gradcli.expr.like_terms`) is sympy's text of it, or no answer."""

import json
import os
import random
import subprocess
import sys

import pytest

import gradcli

from gradcli.checker import fixes
from gradcli.expr.like_terms import difference_text
from gradcli.expr.parse import parse
from gradcli.expr.to_sympy import to_sympy
from gradcli.jsondata import jsonable

NUMBERS = ["0", "1", "2", "3", "0.5", "10", "1e3", "0.25", "7", "1e-3"]
NAMES = ["x", "y", "z", "X", "x1", "x10", "x2", "b"]


def sympy_text(a, b):
    """sympy's text of the difference, parenthesized unless an atom: what the fix writes where sympy is asked."""
    difference = to_sympy(parse(a)) - to_sympy(parse(b))
    return str(difference) if difference.is_Atom else f"({difference})"


def radicand(rng, depth):
    """A random formula part: numbers, variables, arithmetic, powers, and functions the fast path must leave to sympy."""
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(NUMBERS + NAMES)
    kind = rng.choice(["+", "-", "*", "/", "**", "neg", "+", "-", "*", "call"])
    if kind == "neg":
        return f"-({radicand(rng, depth - 1)})"
    if kind == "call":
        return f"{rng.choice(['exp', 'log', 'sqrt', 'sin'])}({radicand(rng, depth - 1)})"
    if kind == "**":
        return f"({radicand(rng, depth - 1)})**{rng.choice(['2', '3', '1', '0', '-1', '0.5'])}"
    return f"({radicand(rng, depth - 1)}) {kind} ({radicand(rng, depth - 1)})"


def pairs(seed, n):
    """Radicand pairs, most of them alike but for a few terms (as in sqrt(x + 1) - sqrt(x))."""
    rng = random.Random(seed)
    for _ in range(n):
        a = radicand(rng, 3)
        pick = rng.random()
        if pick < 0.4:
            b = f"{a} - ({radicand(rng, 1)})"
        elif pick < 0.6:
            b = f"({radicand(rng, 2)}) + {a}"
        elif pick < 0.7:
            b = radicand(rng, 3)
        elif pick < 0.85:
            b = f"{a} + {rng.choice(NAMES)} - {rng.choice(NUMBERS)}*{rng.choice(NAMES)}"
        else:
            b = f"2*({a})/2 + {rng.choice(NUMBERS + NAMES)}"
        yield a, b


@pytest.mark.parametrize("seed", [0, 1])
def test_every_answer_is_sympys_text_and_most_linear_differences_get_one(seed):
    answered = parenthesized = 0
    for a, b in pairs(seed, 400):
        got = difference_text(parse(a).root, parse(b).root)
        if got is None:
            continue
        answered += 1
        parenthesized += got.startswith("(")
        assert got == sympy_text(a, b), (a, b)
    assert answered > 100 and parenthesized > 40  # numbers, variables, and longer sums were all answered


@pytest.mark.parametrize(
    "a, b",
    [("x + 1", "x"), ("x", "x + 1"), ("x*x + 1", "x**2"), ("2*x", "x"), ("x", "y"), ("y", "x"), ("1", "x"),
     ("x + 0.5", "2*x"), ("3*(x + 1)", "x + y"), ("x/4", "x/4 - 1/3"), ("x", "x"), ("x*y + 1", "y*x")],
)
def test_the_usual_radicands_are_answered_as_sympy_writes_them(a, b):
    assert difference_text(parse(a).root, parse(b).root) == sympy_text(a, b)


@pytest.mark.parametrize(
    "a, b",
    [("(x + 1)*y", "y"), ("exp(x) + 1", "exp(x)"), ("x + pi", "x"), ("x/y", "0"), ("x/(y - y)", "1"),
     ("x**0.5", "0"), ("x**2", "0"), ("x/3", "0"), ("x + 1e-60", "x"), ("x**100", "x**100 - 1")],
)
def test_what_it_cannot_be_sure_of_is_left_to_sympy(a, b):
    assert difference_text(parse(a).root, parse(b).root) is None


@pytest.mark.parametrize("formula", ["sqrt(x + 1) - sqrt(x)", "sqrt(x) - sqrt(y)", "log(sqrt(x*x + 2) - sqrt(x*x))", "sqrt(exp(x) + 1) - sqrt(exp(x))"])
def test_the_conjugate_fix_is_written_as_with_sympy(formula, monkeypatch):
    def rewritten():
        rewriter = fixes._Rewriter(parse(formula))
        return rewriter.apply(rewriter.conjugate)

    fast = rewritten()
    monkeypatch.setattr(fixes, "difference_text", lambda a, b: None)
    assert fast is not None and fast == rewritten()


def test_a_check_with_the_conjugate_fix_reports_what_it_did_with_sympy(monkeypatch):
    def report():
        return json.dumps(jsonable(gradcli.check("sqrt(x + 1) - sqrt(x)", [1e-3, 1e15], dtypes=("float32", "float64"))))

    fast = report()
    monkeypatch.setattr(fixes, "difference_text", lambda a, b: None)
    assert "sqrt(x + 1) + sqrt(x)" in fast and fast == report()


def test_checking_the_commonest_cancellation_imports_no_sympy():
    code = "import sys, gradcli; gradcli.check('sqrt(x + 1) - sqrt(x)', [1e15]); print('sympy' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.stdout.split() == ["False"], done.stderr
