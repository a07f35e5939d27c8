"""A plain NumPy module checked by its import name is the one module its package sees.

A package's helper that imports the checked module back (``from pkg.model import SCALE``, ``import pkg.model``) reads
the module state the checked function sets; a second copy of the module would hand it the state the copy's own
top-level code made. The truth is the program NumPy runs: the user's own import of the package.
"""

from __future__ import annotations

import importlib
import math
import sys
import textwrap

import pytest

import gradcli

MODEL = '''\
import numpy as np

from {package} import helpers

SCALE = {{"value": 1.0}}


def loss(x):
    SCALE["value"] = 2.0
    return helpers.scaled_exp(x)
'''

HELPERS = {
    "from_inside": '''\
import numpy as np


def scaled_exp(x):
    from {package}.model import SCALE
    return np.exp(x) * SCALE["value"]
''',
    "module_at_top": '''\
import numpy as np

import {package}.model


def scaled_exp(x):
    return np.exp(x) * {package}.model.SCALE["value"]
''',
    "package_member": '''\
import numpy as np

from {package} import model as the_model


def scaled_exp(x):
    return np.exp(x) * the_model.SCALE["value"]
''',
}


def _package(tmp_path, monkeypatch, how, kind):
    package = f"modules66_{kind}_{how}"  # a name of its own: Python's import keeps each package for the process
    folder = tmp_path / package
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "model.py").write_text(MODEL.format(package=package))
    (folder / "helpers.py").write_text(textwrap.dedent(HELPERS[how].format(package=package)))
    monkeypatch.syspath_prepend(str(tmp_path))
    return package


def _programs_value(package, x):
    """The value NumPy's own run of the user's code gives (its module imported as the user imports it)."""
    return importlib.import_module(f"{package}.model").loss(x)


@pytest.mark.parametrize("spelled", ["module", "path"])
@pytest.mark.parametrize("how", sorted(HELPERS))
def test_a_package_module_target_is_the_module_its_helpers_import_back(tmp_path, monkeypatch, how, spelled):
    package = _package(tmp_path, monkeypatch, how, f"target_{spelled}")
    target = f"{package}.model:loss" if spelled == "module" else f"{tmp_path / package / 'model.py'}:loss"
    report = gradcli.check(target, [0.5], dtypes=("float64",))
    (result,) = report.results
    assert f"{package}.model" not in sys.modules  # gradcli's copy was never the user's import
    assert result.status == "ok"
    assert result.value == pytest.approx(_programs_value(package, 0.5), rel=1e-15)
    assert float(result.exact_gradient["x"]) == pytest.approx(2.0 * math.exp(0.5), rel=1e-14)


@pytest.mark.parametrize("how", sorted(HELPERS))
def test_a_function_handed_to_the_library_is_the_module_its_helpers_import_back(tmp_path, monkeypatch, how):
    package = _package(tmp_path, monkeypatch, how, "callable")
    model = importlib.import_module(f"{package}.model")
    helpers = sys.modules[f"{package}.helpers"]
    scaled_exp = helpers.scaled_exp
    report = gradcli.check(model.loss, [0.5], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "ok"
    assert result.value == pytest.approx(model.loss(0.5), rel=1e-15)
    assert float(result.exact_gradient["x"]) == pytest.approx(2.0 * math.exp(0.5), rel=1e-14)
    # the user's own modules are as they were
    assert sys.modules[f"{package}.model"] is model and sys.modules[f"{package}.helpers"] is helpers
    assert helpers.scaled_exp is scaled_exp and helpers.np is sys.modules["numpy"]


def test_a_file_target_is_the_module_its_siblings_import_back(tmp_path):
    # python -c "from model import loss" in that folder: one module, whose state the sibling reads
    folder = tmp_path / "modules66_siblings"
    folder.mkdir()
    (folder / "model66.py").write_text(MODEL.format(package="modules66_siblings").replace(
        "from modules66_siblings import helpers", "import helpers66 as helpers"))
    (folder / "helpers66.py").write_text(
        "import numpy as np\n\n\ndef scaled_exp(x):\n    import model66\n    return np.exp(x) * model66.SCALE['value']\n")
    report = gradcli.check(f"{folder / 'model66.py'}:loss", [0.5], dtypes=("float64",))
    (result,) = report.results
    assert "model66" not in sys.modules and "helpers66" not in sys.modules
    assert result.status == "ok" and result.value == pytest.approx(2.0 * math.exp(0.5), rel=1e-15)
    assert float(result.exact_gradient["x"]) == pytest.approx(2.0 * math.exp(0.5), rel=1e-14)
