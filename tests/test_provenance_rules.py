"""The gradient rules a backward-pass finding quotes are the core's own rules, read as they behave.

`gradcli.checker.provenance` keeps, for messages, how each op's gradient rule reads
(``"upstream * exp(x)"``), keyed by the op's name. These tests hold that table to the core:
every key names a differentiable primitive of ``gradcli.numpy`` with a rule of its own (as
the op catalogue lists it), and every text, read as arithmetic, gives what the core's
VJP gives at a point inside every op's domain.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.catalog import catalogue
from gradcli.autodiff.tracer import Primitive, primitive_of
from gradcli.checker.provenance import _RULES

ROWS = {row.name: row for row in catalogue()}
# One point in every op's domain (arcsin and arccos need |x| < 1; log, sqrt and power's log(x), x > 0),
# with an upstream gradient that is not 1, so that a rule that forgets it is caught.
X, Y, UPSTREAM = 0.3, 1.7, 0.6
# The few words of the texts that are not Python arithmetic.
WORDS = {"^": "**", "ln 2": "log(2)", "ln 10": "log(10)"}
NAMESPACE = {
    "exp": math.exp, "log": math.log, "sqrt": math.sqrt, "cbrt": np.cbrt, "sin": math.sin, "cos": math.cos,
    "cosh": math.cosh, "upstream": UPSTREAM, "x": X, "y": Y,
}


def read(text, other):
    """One gradient's text as a number at (X, Y); ``other`` stands for "the other factor"."""
    for word, python in WORDS.items():
        text = text.replace(word, python)
    text = text.replace("the other factor", other)
    # The test's own constant table, not user input: compiled with no builtins.
    return float(eval(compile(text, "<rule>", "eval"), {"__builtins__": {}}, NAMESPACE))


def texts_per_input(name):
    """The table's text split into one text per input of the op ("... and ..." for two inputs)."""
    texts = _RULES[name].split(" and ")
    if len(texts) == 1 and ROWS[name].arity == "2":
        texts = texts * 2  # one text for both inputs: "upstream * the other factor"
    return texts


def test_every_key_names_a_core_primitive_with_a_rule():
    assert _RULES
    for name in _RULES:
        assert name in ROWS, f"{name!r} is not an op of gradcli.numpy"
        prim = primitive_of(getattr(gnp, name))
        assert isinstance(prim, Primitive) and prim.name == name, (name, prim)
        row = ROWS[name]
        assert (row.kind, row.differentiable, row.vjp) == ("elementwise", "yes", "rule"), row
        assert len(texts_per_input(name)) == int(row.arity), (name, _RULES[name])


@pytest.mark.parametrize("name", sorted(_RULES))
def test_every_text_computes_what_the_rule_computes(name):
    op = getattr(gnp, name)
    args = (X,) if ROWS[name].arity == "1" else (X, Y)
    _, pullback = gradcli.vjp(op, *args)
    got = pullback(UPSTREAM)
    others = ["y", "x"]  # d(x*y)/dx is the other factor y; d(x*y)/dy is x
    want = [read(text, other) for text, other in zip(texts_per_input(name), others)]
    assert [float(g) for g in got] == pytest.approx(want, rel=1e-12), (name, _RULES[name])


def test_a_wrong_text_would_be_caught():
    # The test of the tester: tan's derivative misread as 1/cos(x) (no square) differs at X.
    right, wrong = read("upstream / cos(x)^2", "y"), read("upstream / cos(x)", "y")
    assert right == pytest.approx(UPSTREAM / math.cos(X) ** 2)
    assert wrong != pytest.approx(right, rel=1e-3)
    # And a forgotten upstream gradient too.
    assert read("exp(x)", "y") != pytest.approx(read("upstream * exp(x)", "y"), rel=1e-3)
