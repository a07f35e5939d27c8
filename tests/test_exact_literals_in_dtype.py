"""The exact reference in a dtype takes each literal as that dtype holds it, on every kind of target.

NumPy (NEP 50), JAX (weak types), PyTorch (Python scalars held as float32 in
float32 kernels) and TensorFlow (a constant converted to the tensor's dtype)
all round ``0.1`` to float32 before ``x - 0.1`` meets float32 data, so at
x = 0.1 the float32 program computes exactly 0, value and gradient: right for
the program the user wrote. Its exact reference is that program: each literal
that meets the dtype's data as the dtype holds it, so ``(x - 0.1)**2`` is `ok`
in float32, ``log(x/0.3)``'s exact slope is 1/0.3 as float32 holds 0.3, and
``where(x > 0.7, ...)`` at x = 0.7 sits on the same tie in float32 as in
float64. A constant that stays wider in the framework (a float64 NumPy array
meeting float32 data promotes to float64; JAX without x64 makes it float32)
enters as the framework computed with it.

One rounding is still an instability: where the literal as the dtype holds it
puts the point on a pole or a switch that the function as written does not
have at the point as given (``1/(x - 1.00000001)`` at x = 1: float32 holds the
literal as 1), the dtype cannot compute the function the user wrote there. The
reference keeps the literal as written and the point is `unstable`, its first
finding (`constant-rounded`) naming the literal; where the dtype's numbers are
those of the function as written (a tie it resolves to the written side), `ok`
with a note naming the literal.
"""

import mpmath
import numpy as np
import pytest

import gradcli

FORMULAS = {
    "square": "(x - 0.1)^2",
    "log_ratio": "log(x/0.3)",
    "cancel": "x*0.1 - 0.1*x",
    "tie": "where(x > 0.7, x*x, 0)",
    "pole": "1/(x - 1e-8)",
    "moved": "1/(x - 1.00000001)",
    "capped": "where(x/3 > 0.78, 0.78*3, x)",
    "signed": "10.67*sign(x)*x",
}

NUMPY_BODY = '''

def square(x):
    return (x - 0.1) ** 2


def log_ratio(x):
    return np.log(x / 0.3)


def cancel(x):
    return x * 0.1 - 0.1 * x


def tie(x):
    return np.where(x > 0.7, x * x, 0.0)


def pole(x):
    return 1 / (x - 1e-8)


def moved(x):
    return 1 / (x - 1.00000001)


def capped(x):
    return np.where(x / 3 > 0.78, 0.78 * 3, x)


def signed(x):
    return 10.67 * np.sign(x) * x


def wide(x):
    return (x - np.array([0.1]))[0] ** 2
'''

BRIDGED_BODY = '''

def square(x):
    return (x - 0.1) ** 2


def log_ratio(x):
    return LOG(x / 0.3)


def moved(x):
    return 1 / (x - 1.00000001)


def tie(x):
    return WHERE(x > 0.7, x * x, 0 * x)
'''

MODELS = {
    "numpy": "import numpy as np" + NUMPY_BODY,
    "gradcli": "import gradcli.numpy as np" + NUMPY_BODY,
    "jax": "import jax.numpy as jnp\nimport numpy as np\nLOG, WHERE = jnp.log, jnp.where" + BRIDGED_BODY + '''

def wide(x):
    return (x - np.array([0.1]))[0] ** 2
''',
    "torch": "import torch\nLOG, WHERE = torch.log, torch.where" + BRIDGED_BODY + '''

def wide(x):
    return (x - torch.tensor([0.1], dtype=torch.float64))[0] ** 2
''',
    "tensorflow": "import tensorflow as tf\nLOG, WHERE = tf.math.log, tf.where" + BRIDGED_BODY,
}

PYTHON = ("numpy", "gradcli")
BRIDGES = ("jax", "torch", "tensorflow")
EVERY_KIND = ("formula",) + PYTHON + BRIDGES


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("literals")
    paths = {}
    for kind, text in MODELS.items():
        path = folder / f"literals_{kind}.py"
        path.write_text(text)
        paths[kind] = str(path)
    return paths


def check(models, kind, name, at, dtypes=("float32", "float64")):
    """``{dtype: PointResult}`` of ``name`` in ``kind``'s spelling at x = ``at``."""
    target = FORMULAS[name] if kind == "formula" else f"{models[kind]}:{name}"
    report = gradcli.check(target, [{"x": at}], dtypes=dtypes)
    return {r.dtype: r for r in report.results}


def f32(number):
    return float(np.float32(number))


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_a_literal_rounded_as_the_point_is_no_false_alarm(models, kind):
    results = check(models, kind, "square", 0.1)
    assert {d: r.status.value for d, r in results.items()} == {"float32": "ok", "float64": "ok"}
    # The float32 program's exact value and slope: x and 0.1 are the same float32 number, so both are 0, proven.
    assert results["float32"].exact_value == 0 and results["float32"].exact_gradient["x"] == 0
    # The differences show the slope of the same program (not 2*(0.1f32 - 0.1) = 2.98e-9 of the float64 one).
    assert abs(results["float32"].fd_gradient["x"]) < 1e-12


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_the_exact_slope_is_that_of_the_literal_as_the_dtype_holds_it(models, kind):
    results = check(models, kind, "log_ratio", 0.3)
    assert all(r.status.value == "ok" for r in results.values())
    held = mpmath.mpf(1) / mpmath.mpf(f32(0.3))  # d/dx log(x/c) = 1/x, at x = c as float32 holds it
    written = mpmath.mpf(1) / mpmath.mpf(0.3)
    slope = results["float32"].exact_gradient["x"]
    assert abs(slope - held) <= 1e-14 * held
    assert abs(slope - written) > 1e-9 * written  # not the literal as written: the test tells the two apart
    assert abs(results["float64"].exact_gradient["x"] - written) <= 1e-14 * written


@pytest.mark.parametrize("kind", ("formula",) + PYTHON)
@pytest.mark.parametrize("at", [0.1, 0.3])
def test_the_same_literal_twice_cancels_exactly(models, kind, at):
    results = check(models, kind, "cancel", at)
    assert all(r.status.value == "ok" and r.exact_gradient["x"] == 0 for r in results.values())


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_a_switch_at_a_literal_is_the_same_tie_in_each_dtype(models, kind):
    results = check(models, kind, "tie", 0.7)
    # x = 0.7 and the literal 0.7 are one number in each dtype: the point sits on the switch in both.
    assert results["float32"].status == results["float64"].status
    assert results["float32"].status.value == "domain"


@pytest.mark.parametrize("kind", ("formula",) + PYTHON)
def test_a_pole_at_a_literal_is_the_same_pole_in_each_dtype(models, kind):
    results = check(models, kind, "pole", 1e-8)
    assert [r.status.value for r in results.values()] == ["domain", "domain"]


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_a_literal_whose_rounding_makes_a_pole_is_still_unstable(models, kind):
    results = check(models, kind, "moved", 1.0)
    narrow, wide = results["float32"], results["float64"]
    assert narrow.status.value == "unstable" and wide.status.value == "ok"
    assert narrow.findings[0].kind == "constant-rounded"
    if kind in ("formula",) + PYTHON:
        assert "1.00000001 is 1.0" in narrow.findings[0].message
    # Judged against the function as written, its literal as float64 holds it (as it holds the point as given).
    gap = mpmath.mpf(1) - mpmath.mpf(1.00000001)
    assert abs(narrow.exact_gradient["x"] + 1 / gap**2) <= 1e-12 / gap**2


@pytest.mark.parametrize("kind", ("formula",) + PYTHON)
def test_a_literal_whose_rounding_makes_a_switch_the_dtype_computes_as_written_is_ok_and_said(models, kind):
    # float32's 2.34 is 3 times float32's 0.78 exactly: the held program's switch. As written (0.78 and 2.34 as
    # float64 holds them) x / 3 is below 0.78 there; float32 takes that side too: its numbers are the function's.
    result = check(models, kind, "capped", 2.34, dtypes=("float32",))["float32"]
    assert result.status.value == "ok" and result.exact_gradient["x"] == 1.0
    assert any("judged against the function as written" in note and "0.78 is 0.7799999713897705" in note
               for note in result.notes), result.notes


@pytest.mark.parametrize("kind", ("formula",) + PYTHON)
def test_a_literal_that_meets_an_untraced_answer_is_held_too(models, kind):
    # sign carries no gradient: NumPy multiplies 10.67 into its float32 answer outside every traced op
    result = check(models, kind, "signed", 0.5, dtypes=("float32",))["float32"]
    held = float(np.float32(10.67))
    assert result.status.value == "ok" and result.exact_gradient["x"] == held == result.gradient["x"]


@pytest.mark.parametrize("kind, stays_wide", [("numpy", True), ("gradcli", True), ("torch", True), ("jax", False)])
def test_a_constant_the_framework_keeps_wider_enters_as_it_computed(models, kind, stays_wide):
    """A float64 array meeting float32 data: NumPy and PyTorch compute in float64 (the literal as written);
    JAX without x64 holds the array in float32 (the literal as float32 holds it)."""
    results = check(models, kind, "wide", 0.1, dtypes=("float32",))
    slope = results["float32"].exact_gradient["x"]
    written = 2 * (mpmath.mpf(f32(0.1)) - mpmath.mpf(0.1))
    if stays_wide:
        assert abs(slope - written) <= 1e-12 * abs(written)
    else:
        assert slope == 0
