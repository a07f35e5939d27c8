"""Arithmetic a function does on constant arrays before they meet a variable is the mathematics' in the exact run.

``W * 3 + B / 7 - W ** 2`` on a module's ``np.array`` constants (or on an array
the function makes itself) is NumPy's own operators on plain arrays, which no op
of gradcli's sees; SciPy's softmax and
log_softmax of a constant array are composites of gradcli's ops called from
its own frames. In the exact run both compute at the run's precision, so the
exact value holds digits float64's rounding of them lacks (its 17th and on).
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import tracer
from gradcli.capture.numpy_module import constant_arrays_exact

BODY = '''
W = np.array([0.1, 0.2, 0.3])
B = np.array([0.7, 0.1, 0.4])


def combined(x):
    return x + np.sum(W * 3 + B / 7 - W ** 2)


def negated_third(x):
    return np.sum(-W / 3 * x)


def made_inside(x):
    v = np.array([0.1, 0.2]) * 3
    return x + v[0] + v[1]


def written_inside(x):
    v = np.array([0.0, 0.0])
    v[0] = x
    v[1] = 0.1
    return np.sum(v * 3)
'''

MODELS = {
    "numpy": "import numpy as np\n" + BODY,
    "gradcli": "import gradcli.numpy as np\n" + BODY,
    "scipy": "import numpy as np\nfrom scipy import special\n" + BODY + '''

def first_softmax(x):
    return x + special.softmax(W)[0]


def first_log_softmax(x):
    return x + special.log_softmax(W)[0]
''',
}

with mpmath.workdps(50):
    _W = [mpmath.mpf(0.1), mpmath.mpf(0.2), mpmath.mpf(0.3)]
    _B = [mpmath.mpf(0.7), mpmath.mpf(0.1), mpmath.mpf(0.4)]
    _SUM_EXP = sum(mpmath.exp(w) for w in _W)
    TRUTHS = {
        "combined": sum(w * 3 + b / 7 - w ** 2 for w, b in zip(_W, _B)),
        "first_softmax": mpmath.exp(_W[0]) / _SUM_EXP,
        "first_log_softmax": _W[0] - mpmath.log(_SUM_EXP),
        "made_inside": 3 * (_W[0] + _W[1]),
    }
    FLOAT64 = {  # what float64 computes: each off from the truth past 1e-19, which the exact value must not be
        "combined": float(np.sum(np.array([0.1, 0.2, 0.3]) * 3 + np.array([0.7, 0.1, 0.4]) / 7
                                 - np.array([0.1, 0.2, 0.3]) ** 2)),
        "first_softmax": float(np.exp(0.1) / np.sum(np.exp([0.1, 0.2, 0.3]))),
        "first_log_softmax": float(0.1 - np.log(np.sum(np.exp([0.1, 0.2, 0.3])))),
        "made_inside": float(np.sum(np.array([0.1, 0.2]) * 3)),
    }


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("constant_arithmetic")
    for kind, text in MODELS.items():
        (folder / f"constant_arithmetic_{kind}.py").write_text(text)
    return {kind: str(folder / f"constant_arithmetic_{kind}.py") for kind in MODELS}


def exact_value(models, kind, name):
    (result,) = gradcli.check(f"{models[kind]}:{name}", [{"x": 0.0}], dtypes=("float64",)).results
    return result


def relative(value, truth):
    with mpmath.workdps(50):
        return abs(mpmath.mpf(value) - truth) / abs(truth)


@pytest.mark.parametrize("kind", ["numpy", "gradcli"])
def test_operators_on_a_modules_constant_arrays_compute_at_the_runs_precision(kind, models):
    assert relative(repr(FLOAT64["combined"]), TRUTHS["combined"]) > 1e-18  # float64's answer fails the line below
    result = exact_value(models, kind, "combined")
    assert relative(result.exact_value_text, TRUTHS["combined"]) < 1e-19


@pytest.mark.parametrize("name", ["first_softmax", "first_log_softmax"])
def test_scipy_softmaxes_of_a_constant_array_compute_at_the_runs_precision(name, models):
    assert relative(repr(FLOAT64[name]), TRUTHS[name]) > 1e-18
    assert relative(exact_value(models, "scipy", name).exact_value_text, TRUTHS[name]) < 1e-19


def test_an_array_the_function_makes_itself_computes_at_the_runs_precision(models):
    """np.array in a plain NumPy module's own body (the substituted constructor); a write of the variable into such
    an array still becomes the functional update, and the constant written beside it stays the binary 0.1."""
    assert relative(repr(FLOAT64["made_inside"]), TRUTHS["made_inside"]) > 1e-18
    assert relative(exact_value(models, "numpy", "made_inside").exact_value_text, TRUTHS["made_inside"]) < 1e-19
    (result,) = gradcli.check(f"{models['numpy']}:written_inside", [{"x": 0.5}], dtypes=("float64",)).results
    with mpmath.workdps(50):
        truth = 3 * (mpmath.mpf(0.5) + _W[0])
    assert result.status.value == "ok" and result.exact_gradient_text["x"] == "3.0"
    assert relative(result.exact_value_text, truth) < 1e-19


def test_a_gradient_made_of_constant_arithmetic_is_exact_too(models):
    """d/dx sum(-W / 3 * x) = -(0.1 + 0.2 + 0.3) / 3 of the binary numbers W holds."""
    result = exact_value(models, "numpy", "negated_third")
    with mpmath.workdps(50):
        truth = -sum(_W) / 3
    assert result.status.value == "ok"
    assert relative(result.exact_gradient_text["x"], truth) < 1e-19


def test_the_arrays_are_their_plain_selves_outside_the_run_and_after_it():
    names = {"W": np.array([0.1, 0.2]), "N": np.array([1, 2]), "s": 0.5}
    with mpmath.workdps(30), constant_arrays_exact(names):
        assert type(names["N"]) is np.ndarray and names["s"] == 0.5  # integers and scalars are left alone
        plain = names["W"] * 3  # no exact run in progress: NumPy's float64, a plain array
        assert type(plain) is np.ndarray and plain.dtype == np.float64
        with tracer.constants_exact(lambda value: np.array([mpmath.mpf(v) for v in value], dtype=object)
                                    if isinstance(value, np.ndarray) else value):
            lifted = names["W"] * 3
        truth = 3 * mpmath.mpf(0.1)  # at 30 digits, as the run computes
    assert type(names["W"]) is np.ndarray
    assert lifted.dtype == object and lifted[0] == truth and truth != 3 * 0.1
