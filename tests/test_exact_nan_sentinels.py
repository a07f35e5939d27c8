"""NaN sentinels dropped by nan-aware reductions: the exact run drops the entries the dtype's run drops.

``np.nanmean(np.where(x > 0, np.log(x), np.nan))`` puts a NaN where the mask says "no entry", and the reduction
leaves it out. On balls such an entry is NaN itself (a NaN constant, or IEEE's NaN made from one, or an op's
answer where its argument's ball lies outside the op's domain: log of a ball below 0), which `isnan` decides, and
which compares unequal to itself (JAX's isnan is x != x); a ball NaN with an infinite radius (log of a ball around
0) is an op that could not bound its answer, which a finite number may be, and stays undecided.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb
from gradcli.autodiff.arb import ELEMENTWISE, Undecided

flint = pytest.importorskip("flint")

MODULE = """
import numpy as np


def mean_of_masked_logs(x):
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nanmean(np.where(x > 0, np.log(x), np.nan))


def mean_of_logs(x):
    with np.errstate(invalid="ignore"):
        return np.nanmean(np.log(x))


def sum_of_masked_squares_less_its_entries(x):
    y = np.where(x > 0, x, np.nan)
    return np.nansum(3.0 * y ** 2) - 3.0 * x[0] ** 2 - 3.0 * x[2] ** 2


def extremes_of_masked_roots(x):
    with np.errstate(invalid="ignore"):
        y = np.where(x > 0, np.sqrt(x), np.nan)
    return np.nanmax(y) + np.nanmin(y)
"""

JAX_MODULE = """
import jax.numpy as jnp


def mean_of_masked_logs(x):
    return jnp.nanmean(jnp.where(x > 0, jnp.log(x), jnp.nan))
"""

POINT = {"x": np.array([0.5, -1.0, 2.0])}


def _exact(tmp_path, text, name):
    path = tmp_path / "masked.py"
    path.write_text(text)
    (result,) = gradcli.check(f"{path}:{name}", [POINT], dtypes=("float64",), fixes=False).results
    return result


@pytest.mark.parametrize("name, slopes", [
    ("mean_of_masked_logs", [1.0, 0.0, 0.25]),  # (log 0.5 + log 2) / 2 = 0 proven: a 0 the NaN no longer stops
    ("mean_of_logs", [1.0, 0.0, 0.25]),  # log(-1) is NaN at every precision, dropped as the dtype drops it
    ("sum_of_masked_squares_less_its_entries", [0.0, 0.0, 0.0]),
    ("extremes_of_masked_roots", [1 / (2 * math.sqrt(0.5)), 0.0, 1 / (2 * math.sqrt(2.0))]),
])
def test_a_nan_dropped_by_a_nan_aware_reduction_is_dropped_exactly(tmp_path, name, slopes):
    result = _exact(tmp_path, MODULE, name)
    assert result.exact_gradient is not None and result.exact_gradient["x"] is not None, result.status
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), slopes, rtol=1e-14, atol=0)
    if name != "extremes_of_masked_roots":  # (sqrt's rule at -1 leaks NaN through where: a finding of its own)
        assert result.status == "ok", [f.message for f in result.findings]


def test_jax_nanmean_of_a_masked_log_gets_its_verdict(tmp_path):
    pytest.importorskip("jax")
    result = _exact(tmp_path, JAX_MODULE, "mean_of_masked_logs")
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [1.0, 0.0, 0.25], rtol=1e-14, atol=0)


def test_nan_itself_is_decided_and_an_unbounded_ball_is_not():
    arb.enable()
    ball = flint.arb
    nan = ball(math.nan)
    assert ELEMENTWISE["isnan"](nan) and not ELEMENTWISE["isfinite"](nan) and not ELEMENTWISE["isinf"](nan)
    assert ELEMENTWISE["not_equal"](nan, nan) and not ELEMENTWISE["equal"](nan, nan)
    assert not ELEMENTWISE["greater"](nan, ball(0)) and not ELEMENTWISE["less_equal"](ball(0), nan)
    # NaN carried through arithmetic, and made where an argument's ball lies outside the op's domain
    for made in (ELEMENTWISE["power"](nan, 2.5), ELEMENTWISE["multiply"](nan, ball(0)),
                 ELEMENTWISE["log"](ball("-1 +/- 0.5")), ELEMENTWISE["sqrt"](ball(-2)),
                 ELEMENTWISE["arcsin"](ball("1.5 +/- 0.25"))):
        assert ELEMENTWISE["isnan"](made)
    # a ball straddling the edge of log's domain: its NaN may be a number, so no decision
    with pytest.raises(Undecided):
        ELEMENTWISE["isnan"](ELEMENTWISE["log"](ball("0 +/- 1")))
