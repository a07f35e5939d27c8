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
import numpy
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


@gradcli.custom_gradient
def _widened(x):
    wide = x.astype(numpy.float64)
    def grad_fn(upstream):  # float64 arithmetic in the rule: its 0.1 is float64's, so the rule is off by 1.49
        return upstream * (1.0 + (wide - 0.1) * 1e9).astype(numpy.float32)
    return x + (x - 0.1) * 1e9 - (x - 0.1) * 1e9, grad_fn


def widened_rule(x):
    return _widened(x)


@gradcli.custom_gradient
def _square64(z):
    return (z - 0.1) ** 2, lambda upstream: upstream * 2.0 * (z - 0.1)


def square64_rule(x):
    return (_square64(x.astype(numpy.float64)) * 1e16).astype(numpy.float32)


def square64(x):  # gradcli.numpy's float64 and float32 (astype's argument a class, no array)
    return ((x.astype(np.float64) - 0.1) ** 2 * 1e16).astype(np.float32)


@gradcli.custom_gradient
def _inner(x):
    return (x - 0.1) ** 2 * 1e9, lambda upstream: upstream * 2e9 * (x - 0.1)


@gradcli.custom_gradient
def _outer(x):
    return _inner(x) * 1.0, lambda upstream: upstream * 2e9 * (x - 0.1)


def nested_rule(x):
    return _outer(x)


def _steps(x):
    y = x
    for _ in range(50):
        y = y * 0.999 + 0.001
    return y


@gradcli.custom_gradient
def _fifty_steps(x):
    return _steps(x), lambda upstream: upstream * 0.999 ** 50


def fifty_steps_rule(x):
    return _fifty_steps(x)


@gradcli.custom_gradient
def _fifty_steps_slipped(x):
    return _steps(x), lambda upstream: upstream * 0.999 ** 49


def fifty_steps_slipped(x):
    return _fifty_steps_slipped(x)


@gradcli.custom_gradient
def _gap(x):  # float32 holds 1.0000001 as 1.00000012: the function's slope 1.19e-7, the rule's 1e-7 as written
    return x * 1.0000001 - x, lambda upstream: upstream * (1.0000001 - 1.0)


def gap_rule(x):
    return _gap(x)


@gradcli.custom_gradient
def _flip(x):  # float32 holds 1.00000005 as 1 and 1.00000006 as 1.00000012: its program falls where the rule rises
    y = x * 0.5 + (x * 1.00000005 - x * 1.00000006) * 1e7
    return y, lambda upstream: upstream * (0.5 + (1.00000005 - 1.00000006) * 1e7)


def flip_rule(x):
    return _flip(x)


@gradcli.custom_gradient
def _identity(x):
    return x, lambda upstream: upstream


def cancels_beside_a_rule(x):  # the rule right in every reading; float32 loses 0.19 of the slope outside it
    return _identity(x) + (x * 1.0000001 - x) * 1e7
'''

JAX_MODEL = '''
import jax


def _steps(x):
    y = x
    for _ in range(50):
        y = y * 0.999 + 0.001
    return y


@jax.custom_vjp
def fifty_steps(x):
    return _steps(x)


fifty_steps.defvjp(lambda x: (_steps(x), None), lambda _, g: (g * 0.999 ** 50,))


@jax.custom_vjp
def fifty_steps_slipped(x):
    return _steps(x)


fifty_steps_slipped.defvjp(lambda x: (_steps(x), None), lambda _, g: (g * 0.999 ** 49,))
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("custom_literals") / "custom_literals.py"
    path.write_text(MODEL)
    return str(path)


@pytest.fixture(scope="module")
def jax_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("custom_literals_jax") / "custom_literals_jax.py"
    path.write_text(JAX_MODEL)
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


def test_a_literal_meeting_float64_data_in_the_rule_is_as_written(model):
    """The rule widens x and subtracts 0.1 in float64: that 0.1 is float64's, and the rule gives 2.49 for 1."""
    narrow = check(model, "widened_rule", {"x": 0.1}, dtypes=("float32",))["float32"]
    assert narrow.status.value == "wrong"
    assert narrow.exact_gradient["x"] == 1.0


def test_a_literal_meeting_float64_data_in_the_function_is_as_written(model):
    """The function's 0.1 meets a float64 argument (the float32 input widened): the rule and its plain twin agree."""
    ruled = check(model, "square64_rule", {"x": 0.1}, dtypes=("float32",))["float32"]
    plain = check(model, "square64", {"x": 0.1}, dtypes=("float32",))["float32"]
    assert ruled.status.value == plain.status.value == "ok"
    assert ruled.exact_gradient == plain.exact_gradient
    assert ruled.exact_gradient["x"] == pytest.approx(2e16 * (float(np.float32(0.1)) - 0.1), rel=1e-6)


def test_a_nested_rules_literals_are_held_too(model):
    """(x - 0.1)^2 1e9 at x = 0.1 in float32 through a rule inside a rule: exactly 0, value and slope."""
    narrow = check(model, "nested_rule", {"x": 0.1}, dtypes=("float32",))["float32"]
    assert narrow.status.value == "ok"
    assert narrow.exact_value == 0 and narrow.exact_gradient["x"] == 0


# float32's 0.999, multiplied fifty times, beside float64's 0.999 ** 50 rounded once to float32
HELD_SLOPE = float(np.float32(0.999)) ** 50


@pytest.mark.parametrize("which", ["own", "jax"])
def test_a_rule_whose_constant_python_computes_is_right_as_written(model, jax_model, which):
    """Fifty steps of y * 0.999 + 0.001 with the rule g * 0.999 ** 50: Python computes the rule's constant once in
    float64, while the float32 program's slope multiplies float32's 0.999 fifty times, 6.4e-7 apart. The rule is the
    derivative of the function as written, so no wrong rule; the exact slope shown is still the float32 program's."""
    target, name = (model, "fifty_steps_rule") if which == "own" else (jax_model, "fifty_steps")
    results = check(target, name, {"x": 0.5})
    assert {d: r.status.value for d, r in results.items()} == {"float32": "ok", "float64": "ok"}
    assert results["float32"].exact_gradient["x"] == pytest.approx(HELD_SLOPE, rel=1e-12)
    assert results["float64"].exact_gradient["x"] == pytest.approx(0.999 ** 50, rel=1e-12)
    assert abs(HELD_SLOPE / 0.999 ** 50 - 1) > 5e-7  # the two readings part by more than a rule is allowed


@pytest.mark.parametrize("which", ["own", "jax"])
def test_a_rule_off_in_both_readings_stays_wrong(model, jax_model, which):
    """0.999 ** 49 for 0.999 ** 50: off by 0.1% as written and as float32 holds the function's constants."""
    target, name = (model, "fifty_steps_slipped") if which == "own" else (jax_model, "fifty_steps_slipped")
    results = check(target, name, {"x": 0.5})
    assert {d: r.status.value for d, r in results.items()} == {"float32": "wrong", "float64": "wrong"}


@pytest.mark.parametrize("name", ["gap_rule", "flip_rule"])
def test_a_rule_right_as_written_but_off_the_dtypes_program_by_more_than_its_tolerance_is_wrong(model, name):
    """The dtype's rounding of a constant changed the function (by 16%; to the opposite slope): the gradient the rule
    gives the float32 program is not that program's slope, whatever the rule is as written."""
    narrow = check(model, name, {"x": 0.5}, dtypes=("float32",))["float32"]
    assert narrow.status.value == "wrong"


def test_a_cancellation_outside_a_rule_right_in_both_readings_stays_unstable(model):
    narrow = check(model, "cancels_beside_a_rule", {"x": 0.5}, dtypes=("float32",))["float32"]
    assert narrow.status.value == "unstable"
    assert narrow.exact_gradient["x"] == pytest.approx(1 + 1e7 * (float(np.float32(1.0000001)) - 1), rel=1e-12)
