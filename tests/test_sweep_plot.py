"""Views of a sweep built by hand: the plots (PNG decoded, SVG parsed) and the terminal strip, map and fixes."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from rich.console import Console

import gradcli.views.terminal_sweep as view
from gradcli.sweep import DtypeSweep, FixSweep, Interval, Range, Samples, SweepResult, Threshold
from gradcli.errors import InputError
from gradcli.views.plot import check_path, plot_sweep


def softplus_like():
    """A 1-D float32 sweep over -10:10: ok, then overflow (gradient NaN) from 5 up; a threshold at 5."""
    x = np.linspace(-10, 10, 41)
    top = x >= 5
    value = np.where(top, np.inf, np.log1p(np.exp(x)))
    gradient = np.where(top, np.nan, 1 / (1 + np.exp(-x)))
    bits = np.where(top, np.inf, np.abs(x) / 2)
    status = np.where(top, "unstable", "ok").astype(object)
    kind = np.where(top, "overflow", "").astype(object)
    samples = Samples({"x": x}, value, {"x": gradient}, bits, bits + 1, status, kind, "float64")
    just_below = float(np.nextafter(np.float32(5), np.float32(-np.inf)))
    intervals = [
        Interval("x", -10.0, just_below, "ok", worst_bits_lost=2.5),
        Interval("x", 5.0, 10.0, "unstable", "overflow", 24.0, {"x": 5.0}, ("value", "gradient"), "exp", True),
    ]
    thresholds = [
        Threshold("x", just_below, 5.0, "ok", "unstable", before_kind=None, after_kind="overflow",
                  after_parts=("value", "gradient"), after_lost_all=True)
    ]
    d = DtypeSweep("float32", 41, {"ok": 30, "unstable": 11}, intervals, thresholds, checked=9, samples=samples)
    fixed_intervals = [Interval("x", -10.0, 10.0, "ok")]
    fix = FixSweep("softplus", "logaddexp(0, x)", None, {"float32": intervals}, {"float32": fixed_intervals}, True)
    return SweepResult("log(1+exp(x))", "formula", ["x"], {"x": Range(-10, 10, 41)}, {"float32": d}, [fix])


def grid():
    """A 2-D float64 sweep of x/y over 1:2 x -1:1 (7 x 9): domain where y = 0 (column of the grid)."""
    xs, ys = np.linspace(1, 2, 7), np.linspace(-1, 1, 9)
    status = np.full((7, 9), "ok", dtype=object)
    status[:, 4] = "domain"
    kind = np.full((7, 9), "", dtype=object)
    values = np.ones((7, 9))
    samples = Samples({"x": xs, "y": ys}, values, {"x": values, "y": values}, values * 0, values * 0, status, kind)
    intervals = [
        Interval("x", 1, 2, "ok", box={"x": [1, 2], "y": [-1, 1]}),
        Interval("x", 1, 2, "domain", box={"x": [1, 2], "y": [0, 0]}),
    ]
    d = DtypeSweep("float64", 63, {"ok": 56, "domain": 7}, intervals, [], samples=samples)
    ranges = {"x": Range(1, 2, 7), "y": Range(-1, 1, 9)}
    return SweepResult("x/y", "formula", ["x", "y"], ranges, {"float64": d})


def shown(result, digits=7):
    out = Console(width=200, record=True, color_system=None, file=open("/dev/null", "w"))
    original = view.console
    view.console = lambda stderr=False: out
    try:
        view.print_sweep(result, digits)
    finally:
        view.console = original
    return out.export_text()


@pytest.mark.parametrize("make, size", [(softplus_like, (340, 900)), (grid, (460, 540))])
def test_png_is_a_real_picture_of_the_expected_size(tmp_path, make, size):
    import matplotlib.image

    path = tmp_path / "sweep.png"
    plot_sweep(make(), str(path))
    pixels = matplotlib.image.imread(path)
    assert pixels.shape[:2] == size
    colours = np.unique((pixels[..., :3] * 255).round().reshape(-1, 3), axis=0)
    assert len(colours) > 20  # curves, bands, text: far from a blank canvas
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.png"]  # the temporary file was renamed, none left


def test_the_bits_plot_shades_nan_and_inf_and_marks_the_threshold(tmp_path):
    path = tmp_path / "sweep.svg"
    plot_sweep(softplus_like(), str(path))
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall(".//{http://www.w3.org/2000/svg}path")) > 10
    text = path.read_text()
    # matplotlib's SVG keeps each label as a comment beside the glyphs it draws.
    for label in ("NaN", "value", "gradient", "bits lost (of 24)", "ok→unstable", "x=5.0"):
        assert label in text, label


def test_the_verdict_map_has_a_legend_of_the_verdicts_shown(tmp_path):
    path = tmp_path / "grid.svg"
    plot_sweep(grid(), str(path))
    text = path.read_text()
    assert ET.parse(path).getroot().tag.endswith("svg")
    assert "domain" in text and "ok" in text and "unstable" not in text


@pytest.mark.parametrize("name, message", [("a.pdf", "ends in .png or .svg")])
def test_a_bad_path_is_refused_and_nothing_is_written(tmp_path, name, message):
    with pytest.raises(InputError, match=message):
        plot_sweep(softplus_like(), str(tmp_path / name))
    assert list(tmp_path.rglob("*")) == []


def test_check_path_gives_the_format_whatever_the_case(tmp_path):
    assert check_path(str(tmp_path / "A.PNG")) == "png" and check_path(str(tmp_path / "b.svg")) == "svg"


def test_the_strip_shows_the_worst_point_of_each_column():
    result = softplus_like()
    cells = view._cells(result, result.dtypes["float32"])
    assert len(cells) == 41  # one column per point: they fit in the strip
    assert cells[0] == ("ok", "") and cells[-1] == ("unstable", "overflow")
    view_of_many = view._bins(1000, view.STRIP_WIDTH)
    assert len(view_of_many) == view.STRIP_WIDTH and view_of_many[-1].stop == 1000


def test_a_column_covering_ok_and_failing_points_shows_the_failure(monkeypatch):
    result = softplus_like()
    monkeypatch.setattr(view, "STRIP_WIDTH", 3)  # 41 points in 3 columns: the last (27:41) mixes ok and overflow
    assert view._cells(result, result.dtypes["float32"]) == [("ok", ""), ("ok", ""), ("unstable", "overflow")]


def test_the_terminal_view_of_a_1d_sweep():
    text = shown(softplus_like())
    assert "  x -10 [" + "·" * 30 + "^" * 11 + "] 10" in text
    assert "· ok   ^ unstable: overflow" in text
    assert "x = 4.9999995 is ok, 5.0 is unstable (overflow, every bit lost)" in text
    assert "gradcli grad 'log(1+exp(x))' --at x=5.0 --dtype float32" in text
    assert "value, gradient" in text and "24.0 (all)" in text and "exp" in text
    assert "logaddexp(0, x)  (softplus; better)" in text
    assert "float32 before: ok -10..5, unstable (overflow) 5..10" in text
    assert "float32 after:  ok -10..10" in text


def test_the_terminal_view_of_a_2d_sweep_is_a_map():
    lines = shown(grid()).splitlines()
    rows = [line for line in lines if "[" in line and "]" in line]
    assert len(rows) == 9  # one row per y: they fit
    assert rows[4].strip() == "[ddddddd]"  # y = 0, the middle row: domain (x/0)
    assert rows[0].strip() == "1 [·······] y" and rows[-1].strip() == "-1 [·······]"
    assert any("x 1 .. 2" in line for line in lines)
    assert any("x 1..2, y 0..0" in line for line in lines)


def test_without_samples_the_strip_comes_from_the_intervals():
    result = softplus_like()
    result.dtypes["float32"].samples = None
    cells = view._cells(result, result.dtypes["float32"])
    assert cells == [("ok", "")] * 30 + [("unstable", "overflow")] * 11


def fake_stderr(monkeypatch, terminal):
    import io

    err = Console(file=io.StringIO(), force_terminal=terminal, width=80)
    monkeypatch.setattr(view, "console", lambda stderr=False: err)
    return err


def test_the_progress_bar_waits_a_second_and_needs_a_terminal(monkeypatch):
    fake_stderr(monkeypatch, terminal=True)
    with view.ProgressBar(delay=3600) as quick:
        quick(5, 10)
        assert quick.bar is None  # a sweep shorter than the delay shows no bar
    with view.ProgressBar(delay=0) as slow:
        slow(5, 10)
        assert slow.bar is not None and slow.bar.tasks[0].completed == 5
        slow(10, 10)
        assert slow.bar.tasks[0].completed == 10
    assert slow.bar.finished
    fake_stderr(monkeypatch, terminal=False)
    with view.ProgressBar(delay=0) as piped:
        piped(5, 10)
        assert piped.bar is None  # stderr piped or captured: never a bar


def test_a_mixed_interval_says_so():
    result = softplus_like()
    result.dtypes["float32"].intervals[0].mixed = True  # some checked floats inside are not ok
    text = shown(result)
    assert "ok (mixed)" in text and "float32 before: ok (mixed) -10..5" in text


def out_of_time_from(result, start):
    """``result`` with every sampled point from index ``start`` on in an interval whose checks ran out of time."""
    d = result.dtypes["float32"]
    d.samples.kind[start:] = "out of time"
    d.samples.status[start:] = "undetermined"
    d.intervals[-1] = Interval("x", float(d.samples.axes["x"][start]), 10.0, "undetermined", "out of time")
    return result


def test_points_out_of_time_draw_no_bits_and_their_span_says_so(tmp_path):
    """Finding A2: the bits of points the checker gave no verdict (out of time) are not drawn, the span is labelled."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gradcli.views.plot import _bits_figure

    result = out_of_time_from(softplus_like(), 20)
    figure = _bits_figure(plt, result)
    try:
        (ax,) = figure.axes
        drawn = {line.get_label(): np.asarray(line.get_ydata(), dtype=float) for line in ax.get_lines() if line.get_label() in ("value", "gradient")}
        assert set(drawn) == {"value", "gradient"}
        for bits in drawn.values():
            assert np.isnan(bits[20:]).all() and np.isfinite(bits[:20]).all()
        labels = ax.get_legend_handles_labels()[1]
        assert "out of time: no verdict" in labels and "NaN" not in labels  # the NaNs from 5 up are out of time too
        assert ax.get_ylabel() == "float32\nbits lost (of 24)"  # as the check says "23 of 24 bits lost"
    finally:
        plt.close(figure)
    path = tmp_path / "sweep.svg"
    plot_sweep(result, str(path))
    assert "out of time: no verdict" in path.read_text()
