"""`gradcli sweep` on the command line: its input errors, JSON contract, terminal view and --plot."""

import json
import shlex
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from click.testing import CliRunner
from fuzz.targets import check_promises, run_cli

import gradcli.sweep as engine
from gradcli.cli import _DEFAULT_N, _SCALES, cli

SOFTPLUS = "log(1+exp(x))"


def run(*args):
    return CliRunner().invoke(cli, ["sweep", *args])


@pytest.fixture(scope="module")
def softplus_json():
    result = run(SOFTPLUS, "--range", "x=-1000:1000:21", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def softplus_text():
    result = run(SOFTPLUS, "--range", "x=-1000:1000:21")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def no_sweep(monkeypatch):
    """Fail the test if a sweep starts: bad input must be refused before any computation."""

    def refuse(*args, **kwargs):
        raise AssertionError("the sweep ran")

    monkeypatch.setattr(engine, "sweep", refuse)


def test_the_cli_spells_the_engines_scales_and_default_n():
    assert _SCALES == engine.SCALES and _DEFAULT_N == engine.DEFAULT_N


BAD_RANGES = [
    (["x=5:1"], "low end must be below the high end", "    ^^^"),
    (["x=0:1:0"], "N is 2 to 10,000,000, not 0", "        ^"),
    (["x=a:b"], "'a' is not a number", "    ^"),
    (["x=1:2:3:4"], "expected LO:HI or LO:HI:N", "         ^^"),
    (["x5:1"], "expected VAR=LO:HI[:N]", "  ^^^^"),
    (["y=0:1"], "'y' is not a variable of the target", "  ^"),
    ([f"x=0:1:{engine.MAX_POINTS + 1}"], "N is 2 to 10,000,000", "        ^^^^^^^^"),
    (["x=0:inf"], "finite numbers, not inf", "      ^^^"),
    (["x=nan:1"], "finite numbers, not nan", "    ^^^"),
    (["x=0:1", "x=2:3"], "'x' already has a range", "  ^"),
]


@pytest.mark.parametrize("ranges, message, carets", BAD_RANGES, ids=[" ".join(r[0]) for r in BAD_RANGES])
def test_a_bad_range_exits_2_with_its_bad_part_underlined(no_sweep, ranges, message, carets):
    args = [a for text in ranges for a in ("--range", text)]
    result = run("exp(x)", *args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: --range ") and message in lines[0]
    assert lines[1] == "  " + ranges[-1] and lines[2] == carets
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_three_ranges_are_refused(no_sweep):
    result = run("x*y*z", "--range", "x=0:1", "--range", "y=0:1", "--range", "z=0:1")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: --range z=0:1: a sweep has one or two ranges (a line or a grid), not 3",
        "  z=0:1",
        "  ^^^^^",
    ]


def test_a_log_scale_needs_a_positive_low_end(no_sweep):
    result = run("exp(x)", "--range", "x=0:1", "--scale", "log")
    assert result.exit_code == 2
    assert "on a log scale the low end must be above 0" in result.stderr
    assert result.stderr.splitlines()[1:] == ["  x=0:1", "    ^"]


def test_several_variables_without_range_ask_for_one(no_sweep):
    result = run("x*y")
    assert result.exit_code == 2
    assert "the target has 2 variables (x, y): say which to sweep with --range" in result.stderr


def test_a_variable_not_swept_needs_at_and_a_swept_one_refuses_it(no_sweep):
    missing = run("x*y", "--range", "x=0:1")
    assert missing.exit_code == 2 and 'hold the variables not swept with --at, as in --at "y=1"' in missing.stderr
    swept = run("x*y", "--range", "x=0:1", "--at", "x=2")
    assert swept.exit_code == 2
    assert swept.stderr.splitlines() == ["error: --at x=2: 'x' is swept by --range", "  x=2", "  ^"]


@pytest.mark.parametrize("name, message", [("out.pdf", "ends in .png or .svg")])
def test_a_bad_plot_path_exits_2_before_the_sweep_and_writes_nothing(no_sweep, tmp_path, monkeypatch, name, message):
    monkeypatch.chdir(tmp_path)
    result = run("exp(x)", "--range", "x=0:1:5", "--plot", name)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.rglob("*")) == []


def test_plot_without_matplotlib_names_the_extra(no_sweep, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    result = run("exp(x)", "--range", "x=0:1:5", "--plot", str(tmp_path / "out.png"))
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --plot needs matplotlib: pip install 'gradcli[plot]'"
    assert list(tmp_path.iterdir()) == []


def test_json_is_the_sweep_contract(softplus_json):
    data = softplus_json
    assert data["schema"] == "gradcli.sweep/1"
    assert data["target"] == SOFTPLUS and data["variables"] == ["x"]
    assert data["ranges"] == {"x": {"lo": -1000.0, "hi": 1000.0, "n": 21, "scale": "linear"}}
    assert set(data) >= {"dtypes", "fixes", "notes", "fixed", "seconds"}
    assert list(data["dtypes"]) == ["float32", "float64"]
    for dtype, d in data["dtypes"].items():
        assert d["points"] == 21 and sum(d["counts"].values()) == 21
        intervals = d["intervals"]
        assert intervals[0]["lo"] == -1000.0 and intervals[-1]["hi"] == 1000.0
        assert set(intervals[0]) >= {"variable", "lo", "hi", "status", "kind", "worst_bits_lost", "example"}
        assert {i["status"] for i in intervals} == {"ok", "unstable"}
        (overflow,) = [t for t in d["thresholds"] if t["at"] > 0]
        assert set(overflow) >= {"variable", "at", "next", "from", "to", "finding"}
        assert (overflow["from"], overflow["to"]) == ("ok", "unstable")
        assert overflow["next"] == float(np.nextafter(np.dtype(dtype).type(overflow["at"]), np.inf))


def test_the_terminal_shows_a_strip_with_a_legend_per_dtype(softplus_text):
    lines = softplus_text.splitlines()
    strips = [line for line in lines if line.startswith("  x -1000 [")]
    assert len(strips) == 2
    for strip in strips:
        cells = strip[strip.index("[") + 1 : strip.index("]")]
        assert len(cells) == 21 and cells[10] == "·"  # one column per point when they fit; x = 0 is ok
        assert cells[-1] != "·" and strip.endswith("] 1000")  # the overflow at the top end
    assert sum(1 for line in lines if line.lstrip().startswith("· ok")) == 2
    assert "from" in softplus_text and "bits lost" in softplus_text


def test_the_fixes_are_shown_before_and_after(softplus_text):
    fixes = softplus_text[softplus_text.index("Fixes (each swept over the same range):") :].splitlines()
    assert fixes[1].strip().startswith("softplus(x)") and "better" in fixes[1]
    assert fixes[2].strip().startswith("float32 before: ok -1000..-103.9721, unstable (cancellation)")
    assert fixes[2].rstrip().endswith("unstable (nan) 88.72284..1000")
    assert fixes[3].strip() == "float32 after:  ok -1000..1000"


def test_the_thresholds_are_adjacent_floats_with_a_command_that_reproduces_them(softplus_text):
    assert "x = 88.72283 is ok, 88.72284 is unstable" in softplus_text
    assert "gradcli grad 'log(1+exp(x))' --at x=88.72284 --dtype float32" in softplus_text
    assert "x = 709.782712893384 is ok, 709.7827128933841 is unstable" in softplus_text
    assert "gradcli grad 'log(1+exp(x))' --at x=709.7827128933841 --dtype float64" in softplus_text


def test_the_reproducing_command_checks_the_failing_side(softplus_text):
    line = next(line.strip() for line in softplus_text.splitlines() if "--at x=88.72284 " in line)
    result = CliRunner().invoke(cli, [*shlex.split(line)[1:], "--json", "--no-fix"])
    assert result.exit_code == 0, result.output
    assert [(r["dtype"], r["status"]) for r in json.loads(result.stdout)["results"]] == [("float32", "unstable")]


def test_two_variables_sweep_a_grid():
    result = run("x*y", "--range", "x=1:2:5", "--range", "y=1:2:5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data["ranges"]) == ["x", "y"] and data["fixed"] == {}
    for d in data["dtypes"].values():
        assert d["points"] == 25 and d["counts"] == {"ok": 25}
        assert all(set(i["box"]) == {"x", "y"} for i in d["intervals"])


def test_a_2d_sweep_draws_a_verdict_map(tmp_path):
    path = tmp_path / "grid.svg"
    result = run("x/y", "--range", "x=1:2:5", "--range", "y=-1:1:5", "--dtype", "float64", "--no-fix", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert "[··d··]" not in result.stdout and "[ddddd]" in result.stdout  # y = 0 is a row of the map
    assert ET.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    assert "<!-- domain -->" in path.read_text() and "<!-- ok -->" in path.read_text()  # the legend's labels


def test_one_of_two_variables_is_swept_with_the_other_held_by_at():
    result = run("x*y", "--range", "x=1:2:21", "--at", "y=2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data["ranges"]) == ["x"] and data["fixed"] == {"y": 2.0}
    assert all(d["points"] == 21 for d in data["dtypes"].values())
    text = run("x*y", "--range", "x=1:2:21", "--at", "y=2").stdout
    assert "swept over x = 1 .. 2 (linear, 21 points), y = 2" in text


def test_default_range_is_symlog_over_plus_minus_1000():
    result = run("exp(x)", "--dtype", "float64", "--json", "--no-fix")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ranges"] == {"x": {"lo": -1000.0, "hi": 1000.0, "n": engine.DEFAULT_N, "scale": "symlog"}}
    assert data["dtypes"]["float64"]["points"] == engine.DEFAULT_N


def test_plot_png_and_svg_from_a_real_sweep(tmp_path):
    import matplotlib.image

    png, svg = tmp_path / "softplus.png", tmp_path / "softplus.svg"
    assert run(SOFTPLUS, "--range", "x=-1000:1000:21", "--dtype", "float32", "--plot", str(png)).exit_code == 0
    assert run(SOFTPLUS, "--range", "x=-1000:1000:21", "--dtype", "float32", "--plot", str(svg)).exit_code == 0
    pixels = matplotlib.image.imread(png)
    assert pixels.shape[:2] == (340, 900)
    assert svg.read_text().lstrip().startswith(("<?xml", "<svg"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["softplus.png", "softplus.svg"]  # no temporary files left


def test_the_readme_picture_is_made_by_the_command_it_shows(tmp_path, monkeypatch):
    import pathlib

    import matplotlib.image

    root = pathlib.Path(__file__).resolve().parent.parent
    (command,) = [line for line in (root / "README.md").read_text().splitlines() if "--plot docs/sweep-softplus.png" in line]
    args = shlex.split(command)
    assert args[:2] == ["gradcli", "sweep"]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    assert CliRunner().invoke(cli, args[1:]).exit_code == 0
    made = matplotlib.image.imread(tmp_path / "docs" / "sweep-softplus.png")
    committed = matplotlib.image.imread(root / "docs" / "sweep-softplus.png")
    assert made.shape == committed.shape
    assert np.abs(made - committed).mean() < 0.01  # the same picture (fonts may differ by a pixel)


# -- sweeps at the edges of the floats -------------------------------------------------------------


def run_keeping_promises(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def test_the_widest_linear_sweep_keeps_its_promises():
    outcome = run_keeping_promises("sweep", "x*x", "--range", "x=-1.7976931348623157e308:1.7976931348623157e308:5", "--json", "--no-fix")
    assert outcome.code == 0
    assert json.loads(outcome.stdout)["dtypes"]["float64"]["points"] == 5


def test_a_value_held_beyond_the_dtype_is_inf_there_as_grad_casts_it():
    # No "overflow encountered in cast" warning; gradcli grad --at y=1e308 --dtype float32 sees inf too.
    outcome = run_keeping_promises("sweep", "x*y", "--range", "x=1:2:3", "--at", "y=1e308", "--dtype", "float32", "--json", "--no-fix")
    assert outcome.code == 0
    intervals = json.loads(outcome.stdout)["dtypes"]["float32"]["intervals"]
    assert {i["status"] for i in intervals} != {"ok"}  # x*inf: float32 loses what float64 keeps
