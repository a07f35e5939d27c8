"""A constant the user's code computes with gradcli's ops is the mathematics' in the exact run, not float64's.

In a plain NumPy module (loaded with gradcli.numpy in NumPy's place) or a
function written with gradcli.numpy, ``np.log(7.0)`` or the log of a constant
array has no variable among its arguments. In the exact run it still computes
at the run's precision, as JAX's staged ops on constants are replayed there:
the exact value of ``x + np.log(7.0)`` holds log 7 to its 20 digits, and a
branch ``if lam == 0: return np.sum(np.log(x))`` patching Box-Cox's removable
singularity is the limit of the other branch, so its flat slope is `wrong`
(not a "singularity" made of float64's rounding of log 7 divided by a step).

A number from Python's ``math`` (``math.log(7.0)``) is not an op of gradcli's:
the user's float, held as written (tests/test_literals_held_on_every_path.py).
"""

import math

import mpmath
import pytest

import gradcli

BODY = '''

def box_cox(lam):
    x = np.array([0.5, 2.0, 7.0])
    if lam == 0:
        return np.sum(np.log(x))
    return np.sum((x ** lam - 1) / lam)


def shifted(x):
    return x + np.log(7.0)


def shifted_by_math(x):
    return x + math.log(7.0)


def scaled_in_float32(x):
    return x * np.log(np.float32(7.0))


def shifted_by_dot(x):
    return x + np.dot(np.array([0.1, 0.2]), np.array([0.3, 0.7]))


def shifted_by_norm(x):
    return x + np.linalg.norm(np.array([0.1, 0.2]))
'''

MODELS = {
    "numpy": "import math\n\nimport numpy as np" + BODY,
    "gradcli": "import math\n\nimport gradcli.numpy as np" + BODY,
}

with mpmath.workdps(40):
    LOG7 = mpmath.log(7)


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """``{kind: path}`` of each model file, written once for the module."""
    folder = tmp_path_factory.mktemp("library_constants")
    for kind, text in MODELS.items():
        (folder / f"library_constants_{kind}.py").write_text(text)
    return {kind: str(folder / f"library_constants_{kind}.py") for kind in MODELS}


def check(models, kind, name, point, dtypes=("float64",)):
    """``{dtype: PointResult}`` of ``name`` in ``kind``'s spelling at ``point``."""
    report = gradcli.check(f"{models[kind]}:{name}", [point], dtypes=dtypes)
    return {r.dtype: r for r in report.results}


def relative(text, truth):
    with mpmath.workdps(40):
        return abs(mpmath.mpf(text) - truth) / abs(truth)


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_box_cox_patched_at_zero_has_a_wrong_flat_slope(kind, models):
    result = check(models, kind, "box_cox", {"lam": 0.0})["float64"]
    with mpmath.workdps(40):  # the limit of the other branch's derivative at 0
        slope = sum(mpmath.log(v) ** 2 for v in (mpmath.mpf(0.5), 2, 7)) / 2
    assert result.status.value == "wrong", result.findings
    assert result.rule_gradient["lam"] == 0
    assert relative(result.exact_gradient["lam"], slope) < 1e-12
    assert relative(result.exact_value_text, LOG7) < 1e-18


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_a_library_op_on_a_constant_is_the_mathematics(kind, models):
    result = check(models, kind, "shifted", {"x": 0.0})["float64"]
    assert relative(result.exact_value_text, LOG7) < 1e-18
    assert relative(repr(math.log(7.0)), LOG7) > 1e-17  # float64's log 7 would fail the line above


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_a_number_from_pythons_math_stays_the_users_float(kind, models):
    result = check(models, kind, "shifted_by_math", {"x": 0.0})["float64"]
    assert relative(result.exact_value_text, mpmath.mpf(math.log(7.0))) < 1e-18


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_a_float32_constant_is_computed_exactly_and_float32s_rounding_judged(kind, models):
    """np.log of a float32 7 in a float32 program: the exact run holds log 7 itself; the program's float32 log 7
    is its own rounding, within float32's tolerance there and far beyond float64's."""
    results = check(models, kind, "scaled_in_float32", {"x": 1.0}, dtypes=("float32", "float64"))
    for result in results.values():
        assert relative(result.exact_gradient_text["x"], LOG7) < 1e-18
    assert results["float32"].status.value == "ok"
    assert results["float64"].status.value == "unstable"


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_library_functions_written_as_composites_compute_constants_exactly_too(kind, models):
    """np.dot and np.linalg.norm are composites of gradcli's ops (called from gradcli's own code, not the user's):
    on constant arrays they too compute at the run's precision."""
    with mpmath.workdps(40):
        a, b = mpmath.mpf(0.1), mpmath.mpf(0.2)
        dot, norm = a * mpmath.mpf(0.3) + b * mpmath.mpf(0.7), mpmath.sqrt(a * a + b * b)
    assert relative(repr(float(dot)), dot) > 1e-18 and relative(repr(float(norm)), norm) > 1e-18  # float64's fail
    assert relative(check(models, kind, "shifted_by_dot", {"x": 0.0})["float64"].exact_value_text, dot) < 1e-18
    assert relative(check(models, kind, "shifted_by_norm", {"x": 0.0})["float64"].exact_value_text, norm) < 1e-18


def test_scipys_logsumexp_of_a_constant_array_is_exact_in_a_plain_numpy_module(tmp_path):
    path = tmp_path / "constant_lse.py"
    path.write_text("import numpy as np\nfrom scipy.special import logsumexp\n\n\n"
                    "def shifted_by_lse(x):\n    return x + logsumexp(np.array([0.1, 0.2]))\n")
    with mpmath.workdps(40):
        truth = mpmath.log(mpmath.exp(mpmath.mpf(0.1)) + mpmath.exp(mpmath.mpf(0.2)))
    (result,) = gradcli.check(f"{path}:shifted_by_lse", [{"x": 0.0}], dtypes=("float64",)).results
    assert relative(result.exact_value_text, truth) < 1e-18
