"""A function ends at a point where a branch a min or max did not take there is no number on one side.

The Transformer's learning-rate schedule min(step ** -0.5, step * w) at step = 0
takes step * w (step ** -0.5 is inf), a piece defined on both sides, so the
exact reference on the point's own branch finds the slope w. Yet below 0
step ** -0.5 is NaN, and min hands a NaN on (NumPy's, JAX's, PyTorch's and
TensorFlow's minimum all do): the function is not defined there, and a
function that ends at the point has no derivative (README: `domain`). The
kink test sees the one side outside the domain and asks its longer steps to
name the edge, as it does where the reference itself found no number. fmin,
which drops a NaN, is defined on both sides: there the slope w stands, and
the rule's 0 * inf = NaN is `wrong`.
"""

import math

import pytest

import gradcli

MODEL = '''
import gradcli.numpy as np


def noam(step):
    return np.minimum(step ** -0.5, step * 0.001)


def noam_steep(step):
    return np.minimum(step ** -1.5, step * 0.001)


def warm_cap(step):
    return np.maximum(-(step ** -0.5), -step * 0.001)


def noam_by_root(step):
    return np.minimum(1 / np.sqrt(step), step * 0.001)


def noam_fmin(step):
    return np.fmin(step ** -0.5, step * 0.001)


def root(x):
    return np.sqrt(x)
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("edge_behind") / "edge_behind.py"
    path.write_text(MODEL)
    return str(path)


def check(model, name, at):
    [result] = gradcli.check(f"{model}:{name}", [{"step" if name != "root" else "x": at}], dtypes=("float64",),
                             fixes=False).results
    return result


@pytest.mark.parametrize("name", ["noam", "noam_steep", "warm_cap", "noam_by_root"])
def test_a_branch_not_taken_that_is_nan_on_one_side_ends_the_function(model, name):
    result = check(model, name, 0.0)
    assert result.status.value == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_gradient["step"]))
    assert "the only side in the function's domain" in result.exact_gradient_why["step"]


def test_beside_the_edge_the_schedule_has_its_slope(model):
    result = check(model, "noam", 1.0)
    assert result.status.value == "ok"
    assert float(result.exact_gradient["step"]) == pytest.approx(0.001, rel=1e-12)


def test_fmin_drops_the_nan_so_the_function_goes_on_and_its_rules_nan_is_wrong(model):
    result = check(model, "noam_fmin", 0.0)
    assert result.status.value == "wrong"
    assert float(result.exact_gradient["step"]) == pytest.approx(0.001, rel=1e-12)


def test_a_root_at_0_still_grows_without_bound_from_its_only_side(model):
    result = check(model, "root", 0.0)
    assert result.exact_gradient["x"] == math.inf
