"""A hand-written rule's function and the rule itself hold the user's literals as the dtype does.

A ``gradcli.custom_gradient`` call runs its function on the dtype's numbers
outside any trace, so Python's operators there record nothing: the literals
it hands NumPy (``s - 0.2``) still meet float32 data and are rounded there, as
anywhere in the program. The exact reference of the float32 program, which
differentiates that function, takes them as float32 holds them, and so does
the rule's run at high precision (in the backward pass, after the program's
run has returned). The same function without its rule, checked beside it,
gives the numbers each must match.
"""

import numpy as np
import pytest

import gradcli

MODEL = '''
import gradcli
import gradcli.numpy as np

RESERVE = 0.2


def penalty(s):
    return (s - RESERVE) ** 2


@gradcli.custom_gradient
def _penalty(s):
    def grad_fn(upstream):
        return upstream * 2.0 * (s - RESERVE)
    return (s - RESERVE) ** 2, grad_fn


def penalty_rule(s):
    return _penalty(s)


@gradcli.custom_gradient
def _tenth(x):
    return 0.1 * x, lambda g: g * 0.1


def tenth_rule(x):
    return _tenth(x)


def tenth(x):
    return 0.1 * x


@gradcli.custom_gradient
def _tenth_slipped(x):
    return 0.1 * x, lambda g: g * 0.2


def tenth_slipped(x):
    return _tenth_slipped(x)


@gradcli.custom_gradient
def _decay(t):
    def grad_fn(upstream):
        return -0.3 * upstream * np.exp(-0.3 * t)
    return np.exp(-0.3 * t), grad_fn


def decay_rule(t):
    return 10.0 * _decay(t)


def decay(t):
    return 10.0 * np.exp(-0.3 * t)
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("custom_literals") / "custom_literals.py"
    path.write_text(MODEL)
    return str(path)


def check(model, name, point, dtypes=("float32", "float64")):
    report = gradcli.check(f"{model}:{name}", [point], dtypes=dtypes)
    return {r.dtype: r for r in report.results}


def test_a_rules_function_takes_its_literal_as_float32_holds_it(model):
    """(s - 0.2)^2 at s = 0.2: float32's s and 0.2 are one number, so value and slope are exactly 0, rule or not."""
    for name in ("penalty", "penalty_rule"):
        narrow = check(model, name, {"s": 0.2})["float32"]
        assert narrow.status.value == "ok", name
        assert narrow.exact_value == 0 and narrow.exact_gradient["s"] == 0, name


def test_the_rule_at_high_precision_holds_its_literals_too(model):
    """The rule's own 2 (s - 0.2), run in the backward pass, is 0 with 0.2 as float32 holds it: no wrong rule."""
    narrow = check(model, "penalty_rule", {"s": 0.2})["float32"]
    assert not any("rule" in f.message for f in narrow.findings)


@pytest.mark.parametrize("name", ["tenth_rule", "decay_rule"])
def test_a_rule_and_its_plain_twin_have_one_exact_gradient_in_each_dtype(model, name):
    point = {"x": 1.0} if name == "tenth_rule" else {"t": 2.0}
    ruled = check(model, name, point)
    plain = check(model, name.replace("_rule", ""), point)
    for dtype in ("float32", "float64"):
        assert ruled[dtype].status.value == plain[dtype].status.value == "ok"
        assert ruled[dtype].exact_gradient == plain[dtype].exact_gradient, dtype
    # float32 holds 0.1 as 0.10000000149011612, float64 as written
    if name == "tenth_rule":
        assert ruled["float32"].exact_gradient["x"] == float(np.float32(0.1))
        assert ruled["float64"].exact_gradient["x"] == 0.1


def test_a_slipped_rule_with_a_literal_is_still_wrong_in_float32(model):
    results = check(model, "tenth_slipped", {"x": 1.0})
    assert {d: r.status.value for d, r in results.items()} == {"float32": "wrong", "float64": "wrong"}
    assert results["float32"].exact_gradient["x"] == float(np.float32(0.1))
