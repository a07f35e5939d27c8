"""clip between two equal traced bounds, and NaN in an exact run's sort, as NumPy's.

clip(x0, x1, x1) is x1 whatever x0 is, but at x0 = x1 the point's own piece was x0's: every argument of clip held one
ball there, and the jet returned was the first whose ball was the answer, x0's, so the exact gradient was clip's rule
[1, 0] and a wrong rule was called ok (round 64c's F1, and np.clip(x, percentile 12.5, percentile 87.5) at constant data).
The decisions the ball run made tell which argument clip picked (`arb._clip_chosen`). np.nanmedian of an array whose
NaN is not last was domain: on exact numbers every comparison with NaN is false, so NaN did not sort last as NumPy's
does (F2); an order's comparisons now put NaN after every number (`ops_shape._NAN_ORDER`).
"""

import numpy as np
import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np

MASK = np.array([False, True, False, False])


def clip_pinned(x):
    return np.clip(x[0], x[1], x[1])


def winsorized_sum(x):
    return np.sum(np.clip(x, np.percentile(x, 12.5), np.percentile(x, 87.5)))


def winsorized_sum_10_90(x):
    return np.sum(np.clip(x, np.percentile(x, 10.0), np.percentile(x, 90.0)))


def nanmedian_masked(x):
    return np.nanmedian(np.where(MASK, np.nan, x))


def median_with_nan(x):
    return np.median(np.where(MASK, np.nan, x))
'''


def _check(tmp_path, function, x):
    path = tmp_path / "order.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": np.array(x)}], dtypes=["float64"]).results
    return result


def _grad(result):
    return [float(v) for v in result.exact_gradient["x"]]


def test_clip_between_equal_traced_bounds_follows_the_bound(tmp_path):
    result = _check(tmp_path, "clip_pinned", [3.0, 3.0])
    assert result.status == "wrong", [f.message for f in result.findings]
    assert _grad(result) == [0.0, 1.0]


def test_winsorising_constant_data_moves_with_its_bounds(tmp_path):
    result = _check(tmp_path, "winsorized_sum", [3.0] * 5)
    assert result.status == "wrong", [f.message for f in result.findings]
    assert _grad(result) == [0.5] * 5  # an entry moved alone is the largest or smallest, which percentile 87.5 or 12.5 weighs 0.5


def test_winsorising_at_10_and_90_parts_its_sides_by_the_weights_rounding(tmp_path):
    # percentile 10's weight 1 - 0.4 beside percentile 90's frac(0.9 * 4) = 0.6000000000000001: the program's two
    # sides part by 1.1e-16, a kink of the program as written, as max(x, 0) 1e-300 beside x is one
    result = _check(tmp_path, "winsorized_sum_10_90", [3.0] * 5)
    assert result.status == "domain", [f.message for f in result.findings]
    assert any("0.6 from the left and 0.6 from the right" in f.message for f in result.findings)


def test_nanmedian_skips_a_nan_wherever_it_stands(tmp_path):
    result = _check(tmp_path, "nanmedian_masked", [1.0, 3.0, 2.0, 5.0])
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_value) == 2.0
    assert _grad(result) == [0.0, 0.0, 1.0, 0.0]


def test_a_median_with_a_nan_is_nan_as_numpys(tmp_path):
    result = _check(tmp_path, "median_with_nan", [1.0, 3.0, 2.0, 5.0])
    assert np.isnan(float(result.exact_value))
