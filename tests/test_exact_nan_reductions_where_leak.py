"""A NaN sentinel dropped by a nan-aware reduction is judged as any where-leak: the reduction is not the question.

``np.nanmax(np.where(x > 0, np.sqrt(x), np.nan))`` at a point with an entry x <= 0: the exact gradient is finite
(0 at the masked entry), while the gradient under test is NaN there because sqrt's rule at -1 leaks through
``where`` (0 times NaN), exactly as in ``np.sum(np.where(x > 0, np.sqrt(x), 0.0))``, and in JAX's autodiff of the
same code. The verdict is the where-leak finding's (`wrong`, with ``where-nan`` at the op and the double-where
fix), for nanmax, nanmin, nansum and nanmean alike and for each op whose rule is NaN outside its domain (sqrt,
arcsin, a fractional power); log's rule is finite at a negative entry (g / x), so there nothing leaks: `ok`.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli

pytest.importorskip("flint")

MODULE = """
import numpy as np

OPS = {"sqrt": np.sqrt, "log": np.log, "arcsin": lambda x: np.arcsin(x - 1.0), "power": lambda x: x ** 1.5}
REDUCTIONS = {"nanmax": np.nanmax, "nanmin": np.nanmin, "nansum": np.nansum, "nanmean": np.nanmean}


def masked(reduction, op):
    def f(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return REDUCTIONS[reduction](np.where(x > 0, OPS[op](x), np.nan))
    return f


def zero_filled_sum(op):
    def f(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sum(np.where(x > 0, OPS[op](x), 0.0))
    return f


for _r in REDUCTIONS:
    for _o in OPS:
        globals()[f"{_r}_{_o}"] = masked(_r, _o)
for _o in OPS:
    globals()[f"sum_{_o}"] = zero_filled_sum(_o)
"""

POINT = {"x": np.array([0.5, -1.0, 1.7])}
SLOPES = {"sqrt": lambda x: 0.5 / np.sqrt(x), "log": lambda x: 1 / x,
          "arcsin": lambda x: 1 / np.sqrt(1 - (x - 1) ** 2), "power": lambda x: 1.5 * np.sqrt(x)}
VALUES = {"sqrt": np.sqrt, "log": np.log, "arcsin": lambda x: np.arcsin(x - 1), "power": lambda x: x ** 1.5}


def _truth(reduction, op):
    """The exact gradient at POINT: the kept entries' slopes as the reduction weighs them, 0 at the masked one."""
    x = POINT["x"]
    kept = [0, 2]
    values = VALUES[op](x[kept])
    weights = {"nansum": [1.0, 1.0], "sum": [1.0, 1.0], "nanmean": [0.5, 0.5],
               "nanmax": [float(values[0] > values[1]), float(values[1] > values[0])],
               "nanmin": [float(values[0] < values[1]), float(values[1] < values[0])]}[reduction]
    truth = np.zeros(3)
    truth[kept] = np.array(weights) * SLOPES[op](x[kept])
    return truth


CASES = [(r, "sqrt") for r in ("nanmax", "nanmin", "nansum", "nanmean", "sum")] + [
    ("nanmax", "arcsin"), ("nanmin", "power"), ("nanmean", "log"), ("nanmax", "log")]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("masked") / "masked_reductions.py"
    path.write_text(MODULE)
    return path


@pytest.mark.parametrize("reduction, op", CASES, ids=[f"{r}-{o}" for r, o in CASES])
def test_a_masked_nan_reduction_is_judged_as_the_where_leak_it_is(module_path, reduction, op):
    result = gradcli.check(f"{module_path}:{reduction}_{op}", [POINT], dtypes=("float64",), fixes=False).results[0]
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    assert np.allclose(exact, _truth(reduction, op), rtol=1e-12, atol=0), exact
    kinds = {f.kind for f in result.findings}
    if op == "log":  # g / x at x = -1 is finite: nothing leaks, and the gradient under test is the truth
        assert result.status == "ok" and "where-nan" not in kinds
    else:
        assert result.status == "wrong" and "where-nan" in kinds, (result.status, kinds)
        leak = next(f for f in result.findings if f.kind == "where-nan")
        assert leak.op == {"power": "power"}.get(op, op)
