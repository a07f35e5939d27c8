"""The sweep library core (gradcli.checker.sweep): sampling, thresholds to the last float, coverage, bad input."""

import json
import math

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.checker.sweep import MAX_POINTS, Range, sample, sweep
from gradcli.errors import InputError


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
def softplus():
    return sweep("log(1+exp(x))", {"x": (-1000, 1000, 21)}, fixes=False)


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
    assert (tail.lo, tail.hi, tail.status, tail.kind) == (float(first_bad), 1000.0, "unstable", "nonfinite")


def test_the_thresholds_are_the_issues_numbers(softplus):
    # Cross-check of the computed floats against the numbers issue 15 states.
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
        assert left.status != right.status
    for interval in intervals:
        assert interval.lo <= interval.example["x"] <= interval.hi
    assert [(t.at, t.next) for t in result.thresholds] == [(a.hi, b.lo) for a, b in zip(intervals, intervals[1:])]
    assert sum(result.counts.values()) == result.points == 21


def test_float32_value_loses_everything_left_of_the_ok_band(softplus):
    # 1 + exp(x) rounds towards 1 in float32: the value's cancellation, well before -16.
    statuses = [(i.status, i.kind) for i in softplus.dtypes["float32"].intervals]
    assert ("unstable", "cancellation") in statuses
    band = [i for i in softplus.dtypes["float32"].intervals if i.kind == "cancellation"][0]
    assert band.lo < -16 < band.hi < 0


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
    with pytest.raises(InputError, match="2-D"):
        sweep("x * y", {"x": (0, 1, 5), "y": (0, 1, 5)})
    with pytest.raises(InputError, match="one variable"):
        sweep("x * y", {"x": (0, 1, 5)})


def test_sweep_is_part_of_the_public_api_and_loaded_lazily():
    import subprocess
    import sys

    import gradcli
    from gradcli.checker import sweep as sweep_module

    assert gradcli.sweep is sweep_module.sweep and "sweep" in dir(gradcli)
    code = "import sys, gradcli; print('gradcli.checker.sweep' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"
