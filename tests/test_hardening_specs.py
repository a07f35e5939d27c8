"""Regression tests of hardening findings in audit specs and sweeps, one per class.

Every CLI run is in this process (`fuzz.targets.run_cli`, with ``--debug``, so
that a recorded Python warning or an internal error's traceback would show) and
is held to the fuzz harness's promises: exit 0, 1 or 2, no traceback, no warning.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from fuzz.targets import check_promises, check_spec_error, run_cli

from gradcli.audit.spec import load_spec
from gradcli.sweep import sample
from gradcli.errors import InputError

EXAMPLE_SPEC = Path(__file__).resolve().parents[1] / "examples" / "audit" / "gradcli.toml"


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def spec_error(tmp_path, text):
    """The loader's refusal of ``text`` as a gradcli.toml, checked to name the file, a line and the key."""
    path = tmp_path / "gradcli.toml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load_spec(str(path))
    check_spec_error(caught.value.message, str(path), text)
    return caught.value.message.replace(str(path), "gradcli.toml")


# -- specs: what tomllib cannot read ------------------------------------------------------


@pytest.mark.parametrize("value", ["[" * 5_000 + "1" + "]" * 5_000, "{a = " * 1_000 + "1" + "}" * 1_000])
def test_a_spec_nested_too_deeply_names_its_line(tmp_path, value):
    # tomllib reads nested arrays and inline tables recursively: this was a RecursionError, exit 3.
    text = f"[[case]]\nname = 'deep'\ntarget = 'x'\nat = {value}\n"
    assert spec_error(tmp_path, text) == "gradcli.toml:4: arrays or inline tables nested too deeply to read"


def test_a_spec_that_ends_too_soon_names_its_last_line(tmp_path):
    # tomllib says "(at end of document)" without a line: it was reported at line 1.
    text = "[[case]]\nname = 'a'\ntarget = 'x'\nat = ['x=1',\n"
    assert spec_error(tmp_path, text).startswith("gradcli.toml:4: not valid TOML")


def test_a_deep_spec_through_the_cli_is_exit_2(tmp_path):
    path = tmp_path / "gradcli.toml"
    path.write_text("[[case]]\nname = 'deep'\ntarget = 'x'\nat = " + "[" * 3_000 + "]" * 3_000 + "\n")
    outcome = cli("audit", str(path), "--jobs", "1")
    assert outcome.code == 2 and f"{path}:4: arrays or inline tables nested too deeply" in outcome.stderr


# -- counts of thousands of digits: int() refuses them ----------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["sweep", "x", "--range", "x=0:1:" + "9" * 5_000],
        ["grad", "x", "--random", f"x=(2, {'9' * 5_000})"],
        ["audit", "--shard", "1/" + "9" * 5_000, str(EXAMPLE_SPEC)],
    ],
    ids=["sweep --range N", "grad --random shape", "audit --shard"],
)
def test_a_count_of_thousands_of_digits_is_refused(argv):
    outcome = cli(*argv)
    assert outcome.code == 2 and "a number of 5,000 digits is far too big" in outcome.stderr


def test_a_count_of_a_hundred_digits_is_still_read_as_a_number():
    outcome = cli("sweep", "x", "--range", "x=0:1:" + "9" * 100)
    assert outcome.code == 2 and "N is 2 to 10,000,000, not 9,999,999,999," in outcome.stderr


# -- sweeps at the edges of the floats ------------------------------------------------------


def test_a_linear_range_wider_than_the_largest_float_is_sampled_without_overflow():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        points = sample(-1e308, 1e308, 5)
    assert points.tolist() == [-1e308, -5e307, 0.0, 5e307, 1e308]
    assert sample(-1, 1, 3).tolist() == [-1.0, 0.0, 1.0]  # the ordinary path is unchanged


def test_the_widest_linear_sweep_keeps_its_promises():
    outcome = cli("sweep", "x*x", "--range", "x=-1.7976931348623157e308:1.7976931348623157e308:5", "--json", "--no-fix")
    assert outcome.code == 0
    assert json.loads(outcome.stdout)["dtypes"]["float64"]["points"] == 5


def test_a_value_held_beyond_the_dtype_is_inf_there_as_grad_casts_it():
    # It warned "overflow encountered in cast"; gradcli grad --at y=1e308 --dtype float32 sees inf too.
    outcome = cli("sweep", "x*y", "--range", "x=1:2:3", "--at", "y=1e308", "--dtype", "float32", "--json", "--no-fix")
    assert outcome.code == 0
    intervals = json.loads(outcome.stdout)["dtypes"]["float32"]["intervals"]
    assert {i["status"] for i in intervals} != {"ok"}  # x*inf: float32 loses what float64 keeps


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])  # the ones TOML allows in a comment
def test_lines_are_counted_as_toml_counts_them(tmp_path, separator):
    # str.splitlines ends a line at these too, so a comment holding one moved every later line one on.
    text = f"# a comment{separator}with a line separator\n[defaults]\nrtol = 'small'\n"
    assert spec_error(tmp_path, text) == "gradcli.toml:3: 'rtol' must be a number, not 'small'"


@pytest.mark.parametrize("value", ["true", "1979-05-27", "07:32:00", "{a = 1}"])  # (at = 5 is a point: --at 5)
@pytest.mark.parametrize("key", ["range", "at"])
def test_points_and_ranges_of_any_other_toml_type_are_refused_on_their_line(tmp_path, key, value):
    # tuple(True), tuple(date): a TypeError, exit 3; and an inline table passed as its keys.
    text = f"[[case]]\nname = 'c'\ntarget = 'x'\n{key} = {value}\n"
    assert spec_error(tmp_path, text).startswith(f"gradcli.toml:4: '{key}': {key} ")


@pytest.mark.parametrize(
    "spelled, says",
    [
        ("x=1:0:5", "the low end must be below the high end"),
        ("x=0:1:1", "the number of points N is 2 to 10,000,000"),
        ("x=0:1:10000001", "the number of points N is 2 to 10,000,000"),
    ],
)
def test_a_range_the_sweep_would_refuse_is_refused_on_its_line(tmp_path, spelled, says):
    # It passed the loader and became a case with status error (exit 1) once its worker ran.
    text = f"[[case]]\nname = 'softplus'\ntarget = 'log(1+exp(x))'\nrange = '{spelled}'\n"
    assert says in spec_error(tmp_path, text)
