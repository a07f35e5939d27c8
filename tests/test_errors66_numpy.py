"""The errors a plain NumPy function raises while gradcli runs it speak of the user's values, as NumPy's run says.

The truth is NumPy's own run of the same module: its error's type and message, the value a NumPy array or number
of the checked dtype. gradcli's values (the core's boxes, an exact run's views) never name themselves there.
"""

from __future__ import annotations

import numpy
import pytest

import gradcli
from tests.numpys_run import numpys_module

SOURCE = '''\
import numpy as np


def attribute(x):
    return x.foo + 1.0


def called(x):
    return x(2.0)


def typed(x):
    raise TypeError(f"expected a list, got {type(x)}")


def named(x):
    raise TypeError(f"expected a list, got {type(x).__name__} of {type(x).__module__}")


def shown(x):
    raise ValueError(f"bad input {x!r}, total {np.sum(x)!r}")


def shifted(x):
    return np.sum(x << 1)


def hexed(x):
    return np.sum(x) * len(float(np.sum(x)).hex())
'''

INTERNAL = ("VJPNode", "VJPBox", "JVPBox", "StepAnswer", "Traced(", "gradcli.")


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("errors66") / "errors66.py"
    path.write_text(SOURCE)
    return path


def _numpys_error(path, name, x):
    """``Name: message`` of what NumPy's own run of ``name`` raises at ``x``."""
    module = numpys_module(path, "errors66_users_own")
    with pytest.raises(Exception) as raised:
        getattr(module, name)(x)
    return f"{raised.type.__name__}: {raised.value}", module


POINTS = {"float64": numpy.array([1.5, 2.5]), "float32": numpy.float32(1.5)}


@pytest.mark.parametrize("dtype", sorted(POINTS))
@pytest.mark.parametrize("name", ["attribute", "called", "typed", "named", "shown"])
def test_the_users_error_is_numpys_own_message(module_path, name, dtype):
    x = POINTS[dtype]
    numpys, _ = _numpys_error(module_path, name, x)
    (result,) = gradcli.check(f"{module_path}:{name}", [x], dtypes=[dtype], fixes=False).results
    assert result.status == "error"
    assert result.error.startswith(numpys + " (at "), (result.error, numpys)


def test_an_operator_python_refuses_names_the_users_array(module_path):
    # NumPy's own run refuses the shift of floats in its ufunc's words; gradcli's refusal names the user's array
    x = POINTS["float64"]
    numpys, _ = _numpys_error(module_path, "shifted", x)
    assert numpys.startswith("TypeError")
    (result,) = gradcli.check(f"{module_path}:shifted", [x], dtypes=["float64"], fixes=False).results
    assert result.error.startswith("TypeError: unsupported operand type(s) for <<: 'numpy.ndarray' and 'int'"), result.error
    assert not any(word in result.error.split(" (at ")[0] for word in INTERNAL), result.error


def test_a_function_handed_to_the_library_speaks_of_its_values_too(module_path):
    numpys, module = _numpys_error(module_path, "attribute", POINTS["float64"])
    (result,) = gradcli.check(module.attribute, [POINTS["float64"]], dtypes=["float64"], fixes=False).results
    assert result.error.startswith(numpys + " (at "), (result.error, numpys)


def test_an_attribute_the_programs_value_has_is_gradclis_limit_not_the_users_mistake(module_path):
    # NumPy's run reads float(...).hex(); gradcli's read of the float is a value it follows, without .hex
    module = numpys_module(module_path, "errors66_hexed")
    assert module.hexed(POINTS["float64"]) == pytest.approx(4.0 * len((4.0).hex()))
    (result,) = gradcli.check(f"{module_path}:hexed", [POINTS["float64"]], dtypes=["float64"], fixes=False).results
    assert result.error.startswith("AttributeError: gradcli does not follow the attribute 'hex' of a float it is "
                                   "differentiating"), result.error
