"""A float the user's code computes and hands to np.clip, np.where or np.select is held as the narrower dtype holds it.

NumPy rounds a Python float to float32 where it meets float32 data (NEP 50), whether the code wrote it as a literal or
computed it first: hi = 1.0 - 0.5 / 50 is the double 0.99, and float32(0.99) is the point x = 0.99 in float32, which
sits on the clip's kink. The reference held a computed bound at float64 where np.clip, np.where or np.select (public
functions of gradcli's that hand their arguments to ops) passed it on, and paired the float32 point with the float64
bound: an exact slope 0 and `unstable` for clip, a phantom jump of 1e-8 for where and select. The literal spelling was
right already.
"""

from __future__ import annotations

import textwrap

import pytest

import gradcli

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np

    N = 50


    def clipped(x):
        return np.clip(x, 0.5 / N, 1.0 - 0.5 / N)


    def clipped_literal(x):
        return np.clip(x, 0.01, 0.99)


    def capped_by_where(x):
        hi = 1.0 - 0.5 / N
        return np.where(x <= hi, x, hi)


    def capped_by_minimum(x):
        return np.minimum(x, 1.0 - 0.5 / N)


    def capped_by_select(x):
        hi = 1.0 - 0.5 / N
        return np.select([x <= hi], [x], hi)
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("bounds") / "bounds.py"
    path.write_text(SOURCE)
    return path


@pytest.mark.parametrize("name", ["clipped", "clipped_literal", "capped_by_where", "capped_by_minimum",
                                  "capped_by_select"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_the_point_on_the_computed_bound_is_the_kink(module, name, dtype):
    [result] = gradcli.check(f"{module}:{name}", [{"x": 0.99}], dtypes=(dtype,)).results
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    assert any("derivative in x is 1 from the left and 0 from the right" in f.message for f in result.findings), \
        [f.message for f in result.findings]


@pytest.mark.parametrize("name", ["clipped", "capped_by_where"])
def test_below_the_bound_the_slope_is_one(module, name):
    [result] = gradcli.check(f"{module}:{name}", [{"x": 0.5}], dtypes=("float32",)).results
    assert result.status == "ok" and float(result.exact_gradient["x"]) == 1.0
