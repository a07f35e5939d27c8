"""A plain NumPy function in a module that imports a framework is checked as the NumPy code it is.

A module may hold a JAX loss beside a NumPy reference of it: ``def numpy_loss(x): return np.sum(np.log(1 +
np.exp(x)))`` names no framework, so the module's imports decided, and JAX could not trace its ``np.exp`` of a traced
value (an input error advising to hold the argument as data). A function whose code names no framework and calls
NumPy's or SciPy's functions of numbers is NumPy code (`detect._calls_numpys_mathematics`); one that reads NumPy's
constants and types alone (``np.pi * x ** 2``, ``np.float32(0.5) * x``) stays the module's framework's.
"""

import importlib.util

import pytest

import gradcli
from gradcli.capture import framework_of_callable, framework_of_source

JAX_MODULE = '''import jax.numpy as jnp
import numpy as np


def jax_loss(x):
    return jnp.sum(jnp.log1p(jnp.exp(x)))


def numpy_loss(x):
    return np.sum(np.log(1 + np.exp(x)))


def by_a_helper(x):
    return _helper(x) * 2.0


def _helper(x):
    return np.tanh(x)


def constants_only(x):
    return np.pi * x ** 2


def typed_constant(x):
    return np.float32(0.5) * x * x + np.random.default_rng(0).normal() * 0
'''

TORCH_MODULE = '''import numpy as np
import torch
from scipy import special


def torch_loss(x):
    return torch.log1p(torch.exp(x)).sum()


def scipy_loss(x):
    return np.sum(special.expit(x) * np.log(x))
'''


@pytest.mark.parametrize("name, framework", [
    ("jax_loss", "jax"), ("numpy_loss", "numpy"), ("by_a_helper", "numpy"), ("constants_only", "jax"),
    ("typed_constant", "jax")])
def test_a_functions_numpy_calls_decide_in_a_jax_module(tmp_path, name, framework):
    path = tmp_path / "mixed.py"
    path.write_text(JAX_MODULE)
    assert framework_of_source(JAX_MODULE, str(path), name) == framework


@pytest.mark.parametrize("name, framework", [("torch_loss", "torch"), ("scipy_loss", "numpy")])
def test_a_functions_scipy_calls_decide_in_a_torch_module(tmp_path, name, framework):
    path = tmp_path / "tmixed.py"
    path.write_text(TORCH_MODULE)
    assert framework_of_source(TORCH_MODULE, str(path), name) == framework


def test_the_numpy_function_is_checked_unchanged_with_a_numpy_fix(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "mixed.py"
    path.write_text(JAX_MODULE)
    report = gradcli.check(f"{path}:numpy_loss", [{"x": 100.0}], dtypes=["float32"])
    assert report.framework == "numpy"
    (result,) = report.results
    assert result.status == "unstable" and float(result.exact_gradient["x"]) == pytest.approx(1.0, rel=1e-12)
    assert any("np.logaddexp(0, x)" in fix.diff for fix in report.fixes), [fix.diff for fix in report.fixes]


def test_a_function_object_is_read_the_same_way(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "mixed_callable.py"
    path.write_text(JAX_MODULE)
    spec = importlib.util.spec_from_file_location("mixed_callable", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert framework_of_callable(module.numpy_loss) == "numpy"
    assert framework_of_callable(module.by_a_helper) == "numpy"
    assert framework_of_callable(module.constants_only) == "jax"
    assert gradcli.check(module.numpy_loss, [{"x": 100.0}], dtypes=["float32"]).framework == "numpy"
