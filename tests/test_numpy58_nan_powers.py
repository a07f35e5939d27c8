"""N1's class: a NaN entry raised to a power on the exact reference's jets is NaN itself, as on balls, so a NaN-aware
reduction drops it and its exact derivative is the 0 it is."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

TARGET = np.array([1.0, np.nan, -0.5])


@pytest.mark.parametrize("reduce, power, want", [
    (gnp.nanmean, 2, [0.5, 0.0, 3.5]),
    (gnp.nansum, 3, [0.75, 0.0, 36.75]),
    (gnp.nansum, 1.5, [1.5 * 0.5 ** 0.5, 0.0, 1.5 * 3.5 ** 0.5]),
])
def test_a_dropped_nan_entry_has_derivative_zero(reduce, power, want):
    """The gradient rule's 0 * NaN leaks NaN into x[1]: `wrong`, judged against the exact gradient (before: no exact
    reference, "not proven 0")."""
    def masked(x):
        return reduce((x - TARGET) ** power)

    result = gradcli.check(masked, {"x": np.array([1.5, 2.0, 3.0])}, dtypes=["float64"]).results[0]
    assert result.status == "wrong"
    assert result.exact_gradient["x"] == pytest.approx(want, rel=1e-14, abs=0)
