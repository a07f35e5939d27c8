"""The sweep library core (gradcli.sweep): sampling, thresholds to the last float, coverage, bad input."""

import functools
import json
import math
import warnings

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.sweep import KINDS, MAX_POINTS, Range, sample
from gradcli.errors import InputError
from gradcli.sweep.run import sweep as bounded_sweep

from test_sweep_out_of_time import an_hour_per_reading

# These tests are about what a sweep finds, never about its clock: each sweep here runs to the end on a machine of
# any speed under any load (--max-time's own behaviour is tested with a planted clock, test_sweep_out_of_time.py).
sweep = functools.partial(bounded_sweep, max_time=math.inf)


def last_finite_exp(dtype):
    """The largest x of ``dtype`` whose exp is finite, found float by float from log(max)."""
    up, down = dtype.type(np.inf), dtype.type(-np.inf)
    x = np.log(np.finfo(dtype).max)
    with np.errstate(over="ignore"):
        while not np.isfinite(np.exp(x)):
            x = np.nextafter(x, down)
        while np.isfinite(np.exp(np.nextafter(x, up))):
            x = np.nextafter(x, up)
    return x


@pytest.fixture(scope="module")
def softplus_and_progress():
    """The softplus sweep most tests here read, and the progress it reported: (result, [(done, total), ...])."""
    seen = []
    result = sweep("log(1+exp(x))", {"x": (-1000, 1000, 21)}, fixes=False, progress=lambda d, t: seen.append((d, t)))
    return result, seen


@pytest.fixture(scope="module")
def softplus(softplus_and_progress):
    return softplus_and_progress[0]


@pytest.mark.parametrize("name", ["float32", "float64"])
def test_gradient_goes_nan_past_the_last_float_whose_exp_is_finite(softplus, name):
    dtype = np.dtype(name)
    last = last_finite_exp(dtype)
    first_bad = np.nextafter(last, dtype.type(np.inf))
    (threshold,) = [t for t in softplus.dtypes[name].thresholds if t.at > 0]
    assert (threshold.at, threshold.next) == (float(last), float(first_bad))
    assert (threshold.before, threshold.after) == ("ok", "unstable")
    assert threshold.finding.kind == "nonfinite"
    tail = softplus.dtypes[name].intervals[-1]
    assert (tail.lo, tail.hi, tail.status, tail.kind) == (float(first_bad), 1000.0, "unstable", "nan")
    assert (tail.op, tail.parts, tail.lost_all) == ("exp", ("value", "gradient"), True)


def test_the_thresholds_are_where_exp_overflows_each_dtype(softplus):
    # Cross-check of the computed floats against the overflow thresholds of exp: 88.72 (float32), 709.78 (float64).
    f32 = [t for t in softplus.dtypes["float32"].thresholds if t.at > 0][0]
    f64 = [t for t in softplus.dtypes["float64"].thresholds if t.at > 0][0]
    assert repr(np.float32(f32.next)) == "np.float32(88.72284)"
    assert f64.at == pytest.approx(709.7827, abs=1e-4)


@pytest.mark.parametrize("name", ["float32", "float64"])
def test_intervals_cover_the_range_without_gaps(softplus, name):
    dtype = np.dtype(name)
    result = softplus.dtypes[name]
    intervals = result.intervals
    assert intervals[0].lo == -1000.0 and intervals[-1].hi == 1000.0
    for left, right in zip(intervals, intervals[1:]):
        assert right.lo == float(np.nextafter(dtype.type(left.hi), dtype.type(np.inf)))
        assert (left.status, left.kind, left.parts, left.lost_all) != (right.status, right.kind, right.parts, right.lost_all)
    for interval in intervals:
        assert interval.lo <= interval.example["x"] <= interval.hi
    assert [(t.at, t.next) for t in result.thresholds] == [(a.hi, b.lo) for a, b in zip(intervals, intervals[1:])]
    assert sum(result.counts.values()) == result.points == 21


def test_float32_value_loses_everything_below_about_minus_16(softplus):
    # 1 + exp(x) rounds to 1 in float32 once exp(x) < 2^-24, that is below log(2^-24) = -16.64: log gives 0.
    intervals = softplus.dtypes["float32"].intervals
    (everything,) = [i for i in intervals if i.lost_all and i.parts == ("value",)]
    assert (everything.status, everything.kind, everything.op) == ("unstable", "cancellation", "log")
    assert -17 < everything.hi < -16

    def error(x):  # relative error of the float32 value against float64 (ample here: exp(x) > 1e-8)
        x = np.float32(x)
        return abs(float(np.log(np.float32(1) + np.exp(x))) / math.log1p(math.exp(float(x))) - 1)

    assert error(everything.hi) >= 1 - 2**-10 > error(np.nextafter(np.float32(everything.hi), np.float32(0)))
    assert np.log(np.float32(1) + np.exp(np.float32(-16.64))) == 0  # just inside, the value is 0: nothing kept
    after = intervals[intervals.index(everything) + 1]
    assert (after.status, after.kind, after.lost_all) == ("unstable", "cancellation", False)
    with np.errstate(under="ignore"):  # and below the band exp(x) is below float32's smallest number: 0 is right
        assert np.exp(np.float32(everything.lo)) > 0 and np.float32(np.exp(np.float64(intervals[0].hi))) == 0


def test_json_follows_the_sweep_schema(softplus):
    shown = json.loads(json.dumps(softplus.to_dict()))
    assert shown["schema"] == "gradcli.sweep/1"
    assert shown["ranges"] == {"x": {"lo": -1000.0, "hi": 1000.0, "n": 21, "scale": "linear"}}
    one = shown["dtypes"]["float32"]
    assert set(one) >= {"points", "counts", "intervals", "thresholds"}
    assert set(one["intervals"][0]) >= {"variable", "lo", "hi", "status", "kind", "worst_bits_lost", "example"}
    assert set(one["thresholds"][0]) >= {"variable", "at", "from", "to", "finding"}


def test_an_ok_target_is_one_ok_interval():
    result = sweep("exp(x)", {"x": (0, 1, 5)}, dtypes=("float64",), fixes=False)
    (interval,) = result.dtypes["float64"].intervals
    assert (interval.lo, interval.hi, interval.status) == (0.0, 1.0, "ok")
    assert result.dtypes["float64"].thresholds == []


def test_a_python_function_that_is_not_elementwise_runs_per_point_and_says_so():
    def centred(x):
        return (x - gnp.mean(x)) + x * x  # the mean makes the array run differ from single points

    result = sweep(centred, {"x": (0, 1, 4)}, dtypes=("float64",), fixes=False)
    assert not result.dtypes["float64"].vectorised
    assert any("not elementwise" in note for note in result.notes)
    assert result.dtypes["float64"].intervals[0].status == "ok"


def test_linear_log_and_symlog_samples():
    assert sample(0, 1, 5).tolist() == [0, 0.25, 0.5, 0.75, 1]
    assert sample(1, 1000, 4, "log").tolist() == pytest.approx([1, 10, 100, 1000])
    sym = sample(-99, 99, 3, "symlog")
    assert sym.tolist() == [-99, 0, 99]
    assert sample(-99, 99, 5, "symlog")[1] == pytest.approx(-9)  # 10 ** 1 - 1: half way in log10(1 + |x|)


def test_float_samples_are_even_over_bit_patterns_across_zero():
    points = sample(-1e300, 1e300, 5, "float")
    assert points[2] == 0.0 and points[0] == -1e300 and points[-1] == 1e300
    assert points[1] == -points[3]  # symmetric: as many negative as positive bit patterns
    # 1e-150 and 1e150 are about as likely as 1: half the positive patterns lie below 1.
    many = sample(1e-300, 1e300, 1001, "float")
    assert abs(np.sum(many < 1) - 500) <= 2
    tiny = sample(0, 5e-324 * 3, 10, "float")  # only four floats: each once
    assert tiny.tolist() == [0.0, 5e-324, 1e-323, 1.5e-323]


@pytest.mark.parametrize(
    "args, message",
    [
        ((5, 1, 10), "below the high end"),
        ((1, 1, 10), "below the high end"),
        ((0, 1, 0), "number of points"),
        ((0, 1, 1), "number of points"),
        ((0, 1, MAX_POINTS + 1), "number of points"),
        ((0, 1, 2.5), "whole number"),
        (("a", "b", 10), "are numbers"),
        ((0, math.inf, 10), "finite"),
        ((0, 10, 10, "log"), "above 0"),
        ((-1, 10, 10, "log"), "above 0"),
        ((0, 1, 10, "cubic"), "scale 'cubic'"),
    ],
)
def test_bad_ranges_raise_input_error(args, message):
    with pytest.raises(InputError, match=message):
        Range(*args)
    with pytest.raises(InputError, match=message):
        sample(*(args + ("linear",) * (4 - len(args))))


def test_bad_sweeps_raise_input_error():
    with pytest.raises(InputError, match="not a variable"):
        sweep("exp(x)", {"y": (0, 1, 5)})
    with pytest.raises(InputError, match="below the high end"):
        sweep("exp(x)", {"x": (5, 1, 5)})
    with pytest.raises(InputError, match="hold the others at a value"):
        sweep("x * y", {"x": (0, 1, 5)})
    with pytest.raises(InputError, match="one variable or two"):
        sweep("x * y * z", {"x": (0, 1, 5), "y": (0, 1, 5), "z": (0, 1, 5)})
    with pytest.raises(InputError, match="x is swept"):
        sweep("x * y", {"x": (0, 1, 5)}, fixed={"x": 1, "y": 2})
    with pytest.raises(InputError, match="w: not a variable"):
        sweep("x * y", {"x": (0, 1, 5)}, fixed={"y": 2, "w": 1})
    with pytest.raises(InputError, match="finite"):
        sweep("x * y", {"x": (0, 1, 5)}, fixed={"y": math.inf})
    with pytest.raises(InputError, match="at most"):
        sweep("x * y", {"x": (0, 1, 10**4), "y": (0, 1, 10**4)})
    with pytest.raises(InputError, match="--wrt z"):
        sweep("x * y", {"x": (0, 1, 5)}, fixed={"y": 2}, wrt=("z",))


def test_sweep_is_part_of_the_public_api_and_loaded_lazily():
    import subprocess
    import sys

    import gradcli
    import gradcli.sweep as sweep_module

    assert gradcli.sweep is sweep_module and gradcli.sweep.sweep is bounded_sweep and "sweep" in dir(gradcli)
    code = "import sys, gradcli; print('gradcli.sweep' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


DOCS_SOFTPLUS = '''
import gradcli
import gradcli.numpy as gnp


@gradcli.custom_gradient
def log1pexp(x):
    e = gnp.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))  # the "stable" gradient of the TensorFlow and JAX docs

    return gnp.log(1 + e), grad


@gradcli.custom_gradient
def doubled_exp(x):
    e = gnp.exp(x)

    def grad(dy):
        return dy * 2 * e  # wrong on purpose: the derivative of exp is exp

    return e, grad
'''


@pytest.fixture(scope="module")
def docs_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("docs") / "docs_softplus.py"
    path.write_text(DOCS_SOFTPLUS)
    return path


@pytest.fixture(scope="module")
def docs_sweep(docs_file):
    return sweep(f"{docs_file}:log1pexp", {"x": (-100, 5, 41)}, dtypes=("float64",))


def test_the_docs_custom_gradient_is_inaccurate_left_of_a_threshold_and_ok_near_zero(docs_sweep):
    result = docs_sweep.dtypes["float64"]
    (to_ok,) = [t for t in result.thresholds if t.after == "ok"]
    assert -40 < to_ok.at < -10 and to_ok.before == "unstable"
    near_zero = [i for i in result.intervals if i.lo <= 0 <= i.hi][0]
    assert near_zero.status == "ok" and near_zero.hi == 5.0
    far_left = [i for i in result.intervals if i.lo <= -50 <= i.hi][0]
    assert far_left.status == "unstable" and "gradient" in far_left.parts and far_left.lost_all
    assert far_left.kind == "cancellation"
    # The gradient breaks in the backward pass, at the docs' subtraction; it is named where the gradient alone fails.
    gradient_only = [i for i in result.intervals if i.parts == ("gradient",)]
    assert all(i.op == "subtract" for i in gradient_only)


def test_the_docs_function_gets_its_log1p_fix_swept_over_the_range(docs_sweep):
    (fix,) = [f for f in docs_sweep.fixes if f.name == "log1p"]
    assert "log1p" in fix.code and fix.formula is None  # a Python function's fix is a diff
    assert fix.before["float64"] == docs_sweep.dtypes["float64"].intervals
    after = fix.after["float64"]
    assert after[0].lo == -100.0 and after[-1].hi == 5.0
    # log1p mends the value; the docs' gradient still cancels, so the fix is partial and the sweep says so.
    assert any("gradient" in i.parts for i in after if i.status != "ok")
    assert not any("value" in i.parts for i in after)


def test_a_deliberately_wrong_gradient_is_a_wrong_rule_everywhere(docs_file):
    result = sweep(f"{docs_file}:doubled_exp", {"x": (-3, 3, 11)}, fixes=False)
    for name, dtype_sweep in result.dtypes.items():
        assert {i.status for i in dtype_sweep.intervals} == {"wrong"}
        assert {i.kind for i in dtype_sweep.intervals} == {"wrong rule"}
        assert all(i.parts == ("gradient",) and i.lost_all for i in dtype_sweep.intervals)
        assert dtype_sweep.counts == {"wrong": 11}


def test_every_example_reproduces_its_interval_with_the_checker(softplus):
    from gradcli.checker.runner import check

    for name, dtype_sweep in softplus.dtypes.items():
        for interval in dtype_sweep.intervals:
            assert interval.kind in KINDS or interval.status == "ok"
            (again,) = check("log(1+exp(x))", [interval.example], dtypes=(name,), fixes=False).results
            assert again.status == interval.status
            assert interval.lo <= interval.example["x"] <= interval.hi


def test_samples_carry_every_point_with_its_interval_and_bits(softplus):
    for name, dtype_sweep in softplus.dtypes.items():
        samples = dtype_sweep.samples
        assert samples.reference == "exact"
        assert samples.axes["x"].tolist() == sample(-1000, 1000, 21).tolist()
        assert len(samples.value) == len(samples.status) == 21
        assert samples.value_bits[-1] == np.inf and samples.gradient_bits[-1] == np.inf  # inf and NaN at 1000
        mantissa = np.finfo(np.dtype(name)).nmant + 1
        finite = samples.value_bits[np.isfinite(samples.value_bits)]
        assert finite.min() == 0 and finite.max() <= mantissa
        for x, status in zip(samples.axes["x"], samples.status):
            holder = [i for i in dtype_sweep.intervals if i.lo <= x <= i.hi][0]
            assert status == holder.status


def test_softplus_fixes_are_re_checked_over_the_whole_range():
    result = sweep("log(1+exp(x))", {"x": (-1000, 1000, 21)})
    names = [f.name for f in result.fixes]
    assert "softplus" in names
    for fix in result.fixes:
        assert set(fix.after) == {"float32", "float64"}
        if fix.better:
            for intervals in fix.after.values():
                assert [(i.lo, i.hi, i.status) for i in intervals] == [(-1000.0, 1000.0, "ok")]
    shown = json.loads(json.dumps(result.to_dict()))
    assert {"name", "formula", "code", "before", "after", "better"} <= set(shown["fixes"][0])


def test_two_variables_make_a_verdict_map():
    result = sweep("log(1+exp(x)) * y", {"x": (-100, 100, 21), "y": (-10, 10, 5)}, fixes=False)
    for name, dtype_sweep in result.dtypes.items():
        samples = dtype_sweep.samples
        assert samples.status.shape == samples.value.shape == (21, 5)
        assert sum(dtype_sweep.counts.values()) == dtype_sweep.points == 105
        statuses = {str(i.status) for i in dtype_sweep.intervals}
        assert set(samples.status.ravel()) <= statuses and "unstable" in statuses and "ok" in statuses
        for interval in dtype_sweep.intervals:
            for variable, (lo, hi) in interval.box.items():
                assert lo <= interval.example[variable] <= hi
        nan_band = [i for i in dtype_sweep.intervals if i.kind == "nan"]
        if name == "float32":  # exp overflows past 88.7 (and 709.8 in float64, out of this range)
            assert nan_band and all(i.box["x"][0] > 80 for i in nan_band)
        else:
            assert not nan_band


def test_one_variable_of_two_is_swept_with_the_other_held():
    result = sweep("log(x) * y", {"x": (-1, 2, 13)}, fixed={"y": 3}, fixes=False)
    assert result.fixed == {"y": 3.0}
    first = result.dtypes["float64"].intervals[0]
    assert (first.status, first.kind) == ("domain", "domain") and first.example["y"] == 3.0
    assert result.dtypes["float64"].intervals[-1].status == "ok"


def test_a_sweep_out_of_time_says_so_and_guesses_nothing(monkeypatch):
    an_hour_per_reading(monkeypatch)  # out of time at the first look, on any machine
    result = sweep("log(1+exp(x))", {"x": (-1000, 1000, 21)}, fixes=False, max_time=30.0)
    monkeypatch.undo()
    for dtype_sweep in result.dtypes.values():
        assert {(str(i.status), i.kind) for i in dtype_sweep.intervals} == {("error", "out of time")}
        assert dtype_sweep.out_of_time == dtype_sweep.checked > 0


def test_progress_is_reported_as_points_are_checked(softplus_and_progress):
    result, seen = softplus_and_progress
    assert seen and all(d <= t for d, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert seen[-1][0] == sum(s.checked for s in result.dtypes.values())


def test_many_points_cost_few_checks(tmp_path):
    # 10^5 points: the core runs on all of them at once; the checker sees a bounded few (noise near the
    # tolerance merges into mixed intervals instead of multiplying the work).
    result = sweep("log(1+exp(x))", {"x": (-1000, 1000, 10**5, "symlog")}, fixes=False)
    for name, dtype_sweep in result.dtypes.items():
        assert dtype_sweep.vectorised and dtype_sweep.samples.reference in ("float64", "longdouble", "float128")
        assert dtype_sweep.checked < 800
        assert dtype_sweep.intervals[0].lo == -1000.0 and dtype_sweep.intervals[-1].hi == 1000.0
        assert sum(dtype_sweep.counts.values()) == 10**5
        assert dtype_sweep.intervals[-1].kind == "nan"


def test_a_grid_row_the_checker_calls_domain_does_not_spread_to_its_band():
    # x/y: only y = 0 is domain; the rest of a 21 x 21 grid is ok, though only a subgrid is checked.
    result = sweep("x / y", {"x": (-1, 1, 21), "y": (-1, 1, 21)}, fixes=False)
    for dtype_sweep in result.dtypes.values():
        assert dtype_sweep.counts == {"ok": 420, "domain": 21}
        (domain,) = [i for i in dtype_sweep.intervals if i.status == "domain"]
        assert domain.box["y"] == [0.0, 0.0] and domain.box["x"] == [-1.0, 1.0]
        assert (dtype_sweep.samples.status[:, 10] == "domain").all()


# -- sampling at the edges of the floats -----------------------------------------------------------


def test_a_linear_range_wider_than_the_largest_float_is_sampled_without_overflow():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        points = sample(-1e308, 1e308, 5)
    assert points.tolist() == [-1e308, -5e307, 0.0, 5e307, 1e308]
    assert sample(-1, 1, 3).tolist() == [-1.0, 0.0, 1.0]  # the ordinary path is unchanged
