"""A legacy NumPy package checked as it stands: the user's own helper modules that the checked module imports (``from
utils import softplus``, ``import pkg.utils as U``, ``from . import utils``, ``from numpy import exp, log``, a helper
reaching NumPy only through another helper) run on gradcli's core too, by the CLI and by gradcli.check on the function
object; the files and the user's imported modules untouched; a third-party package's NumPy stays NumPy's, refused at
its line. Each value and gradient against mpmath's of an independent expression of the mathematics."""

import json
import sys
import warnings

import mpmath
import numpy
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

FILES = {
    "nl65_utils.py": """import numpy as np
import numpy as onp

WEIGHTS = onp.random.default_rng(65).normal(size=2)


def softplus(x):
    return np.log1p(np.exp(x))


def weighted(x):
    return onp.sum(WEIGHTS * onp.tanh(x))
""",
    "nl65_loss.py": """import numpy as np
from nl65_utils import softplus, weighted
import nl65_thirdparty


def loss(x):
    return np.sum(softplus(2.0 * x))


def weighted_loss(x):
    return weighted(x * x)


def through_thirdparty(x):
    return np.sum(nl65_thirdparty.squashed(x))


def labelled(x):
    s = np.sum(np.log1p(x * x))
    label = str(float(s)) + repr(s.shape)
    return s * 3.0 if label else s
""",
    "nl65pkg/__init__.py": """from .utils import lse as package_lse
""",
    "nl65pkg/utils.py": """from numpy import exp, log


def lse(a, b):
    return log(exp(a) + exp(b))
""",
    "nl65pkg/inner.py": """import numpy as np


def scaled(x):
    return np.tanh(x) * 3.0
""",
    "nl65pkg/deep.py": """from . import inner


def twice(x):
    return inner.scaled(x) * 2.0
""",
    "nl65pkg/model.py": """import numpy as np

import nl65pkg.utils as U
from nl65pkg import package_lse
from . import utils
from .deep import twice
from .utils import lse


def loss(x):
    return utils.lse(x[0], x[1]) + U.lse(2.0 * x[0], x[1]) + lse(x[1], -x[0]) + package_lse(x[0], 0.5) + twice(x[1])
""",
    "site-packages/nl65_thirdparty.py": """import numpy as np


def squashed(x):
    return np.exp(-x * x)
""",
}


def softplus_truth(x):
    return sum(mpmath.log1p(mpmath.exp(2 * v)) for v in x)


def model_truth(x):
    a, b = x
    lse = lambda p, q: mpmath.log(mpmath.exp(p) + mpmath.exp(q))  # noqa: E731
    return lse(a, b) + lse(2 * a, b) + lse(b, -a) + lse(a, mpmath.mpf("0.5")) + 6 * mpmath.tanh(b)


def weighted_truth(x):
    weights = numpy.random.default_rng(65).normal(size=2)  # NumPy's own draws, which the helper's module makes too
    return sum(mpmath.mpf(float(w)) * mpmath.tanh(v * v) for w, v in zip(weights, x))


def labelled_truth(x):
    return 3 * sum(mpmath.log1p(v * v) for v in x)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("numpyleft65")
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    for path in (root, root / "site-packages"):
        sys.path.insert(0, str(path))
    yield root
    for path in (root, root / "site-packages"):
        sys.path.remove(str(path))
    for name in [n for n in sys.modules if n.startswith(("nl65_", "nl65pkg"))]:
        del sys.modules[name]


def _truth(expression, x):
    """The value and gradient of ``expression`` at ``x``, by mpmath at 50 digits."""
    with mpmath.workdps(50):
        point = [mpmath.mpf(v) for v in x]
        value = expression(point)
        gradient = [mpmath.diff(lambda t, k=k: expression(point[:k] + [t] + point[k + 1:]), point[k])
                    for k in range(len(x))]
    return float(value), [float(g) for g in gradient]


def _assert_exact(result, expression, x):
    value, gradient = _truth(expression, x)
    assert result["status"] == "ok", result
    assert float(result["exact_value"]) == pytest.approx(value, rel=1e-13)
    assert [float(g) for g in result["exact_gradient"]["x"]] == pytest.approx(gradient, rel=1e-10)
    assert float(result["value"]) == pytest.approx(value, rel=1e-12)
    assert [float(g) for g in result["gradient"]["x"]] == pytest.approx(gradient, rel=1e-10)


def _cli(target, x, monkeypatch, folder):
    monkeypatch.chdir(folder)
    run = CliRunner().invoke(cli, ["check", target, "--at", f"x=[{x[0]},{x[1]}]", "--dtype", "float64", "--json",
                                   "--no-fix"])
    return run.exit_code, json.loads(run.stdout)


@pytest.mark.parametrize(("name", "expression"), [("loss", softplus_truth), ("weighted_loss", weighted_truth)])
def test_a_helper_module_that_imports_numpy_runs_on_gradcli(folder, monkeypatch, name, expression):
    x = [0.75, -1.25]
    code, report = _cli(f"nl65_loss.py:{name}", x, monkeypatch, folder)
    assert code == 0, report
    (result,) = report["results"]
    _assert_exact(result, expression, x)


def test_a_packages_relative_dotted_and_transitive_helpers_run_on_gradcli(folder, monkeypatch):
    x = [0.3, -0.6]
    code, report = _cli("nl65pkg.model:loss", x, monkeypatch, folder)
    assert code == 0, report
    (result,) = report["results"]
    _assert_exact(result, model_truth, x)


@pytest.mark.parametrize(("module", "name", "expression"), [
    ("nl65_loss", "loss", softplus_truth), ("nl65pkg.model", "loss", model_truth),
    ("nl65_loss", "labelled", labelled_truth), ("nl65_loss", "weighted_loss", weighted_truth)])
def test_a_function_object_reaches_the_helpers_on_gradcli_and_leaves_them_as_they_were(folder, module, name,
                                                                                        expression):
    for imported in (module, "nl65_utils"):  # the user's own imports, whichever test ran first
        __import__(imported)
    users = sys.modules[module]
    helpers = {n: m for n, m in sys.modules.items() if n.startswith(("nl65_", "nl65pkg"))}
    texts = {path: path.read_text() for path in folder.rglob("*.py")}
    x = [0.4, 1.1]
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)  # NumPy's warning on np.str, which gradcli's lookups never ask
        report = gradcli.check(getattr(users, name), [{"x": x}], dtypes=["float64"], fixes=False)
    (result,) = report.results
    _assert_exact({"status": result.status, "exact_value": result.exact_value, "value": result.value,
                   "exact_gradient": result.exact_gradient, "gradient": result.gradient}, expression, x)
    for helper_name, helper in helpers.items():  # the user's own modules, their NumPy and their files unchanged
        assert sys.modules[helper_name] is helper
        assert getattr(helper, "np", numpy) is numpy
    assert sys.modules["nl65_utils"].softplus(numpy.array([0.0]))[0] == pytest.approx(float(mpmath.log(2)), rel=1e-15)
    assert {path: path.read_text() for path in folder.rglob("*.py")} == texts


def test_a_third_party_package_keeps_numpy_and_is_refused_at_its_line(folder, monkeypatch):
    code, report = _cli("nl65_loss.py:through_thirdparty", [0.5, 1.5], monkeypatch, folder)
    assert code == 1
    (result,) = report["results"]
    assert result["status"] == "error"
    assert "numpy.exp was called on a value gradcli is differentiating" in result["error"]
    assert "nl65_thirdparty.py:5" in result["error"]
