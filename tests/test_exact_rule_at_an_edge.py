"""A gradient rule that is NaN only because an op's argument rounds onto its domain's edge is not `wrong`.

arcsin(tanh(x)) + arccos(tanh(x)) is pi/2, slope 0. At x = 1e200, tanh(x) = 1 - 2e^-2e200 rounds to 1 in
float64 and at every precision the exact reference can afford, so arccos's rule -1/sqrt(1 - t^2) is
infinite there: NaN at 3,840 digits rounded to nearest, a number rounded down. That NaN is rounding's, not
the rule's (the rule's own number at t = 1 - 2e^-2e200 is finite): the point is `unstable`, naming arccos.
A rule NaN under every rounding (0/0 leaking through where, sqrt(-1) on its untaken branch) stays `wrong`.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.checker import exact_python

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def right_angle(x):
        t = np.tanh(x)
        return np.arcsin(t) + np.arccos(t)


    def xlog1py_of_it(x, w):
        t = np.tanh(x)
        return np.xlog1py(np.sum(w), np.arcsin(t) + np.arccos(t) - 1.0)


    def leaking_root(x):
        return np.where(x > 0, np.sqrt(x), 0.0)


    def leaking_quotient(x):
        return np.where(x == 0, 1.0, np.sin(x) / x)
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("edges") / "edges.py"
    path.write_text(SOURCE)
    return path


def _check(module, name, point):
    [result] = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",), fixes=False).results
    return result


@pytest.mark.parametrize("name, point", [("right_angle", {"x": -1e200}),
                                         ("xlog1py_of_it", {"x": 1e200, "w": np.array([2.0, -0.5])})],
                         ids=["right_angle", "xlog1py"])
def test_a_rule_infinite_only_where_its_argument_rounds_onto_the_edge_is_unstable(module, name, point):
    result = _check(module, name, point)
    assert result.status == "unstable", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == 0
    assert not any(f.kind in ("nonfinite-rule", "wrong-rule") for f in result.findings)
    assert any(f.op == "arccos" for f in result.findings), [f.message for f in result.findings]


@pytest.fixture
def mpmath_path(monkeypatch):
    """The reference without its balls: the mpmath climb, as ops with no ball rule run it."""
    monkeypatch.setattr(exact_python, "compute", lambda *a, **k: False)


@pytest.mark.parametrize("name, x", [("leaking_root", -1.0), ("leaking_quotient", 0.0)])
def test_a_rule_nan_under_every_rounding_stays_wrong_on_the_mpmath_path(module, mpmath_path, name, x):
    result = _check(module, name, {"x": x})
    assert result.status == "wrong", [f.message for f in result.findings]
    assert any(f.kind == "nonfinite-rule" for f in result.findings)
