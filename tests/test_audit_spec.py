"""Audit specs: gradcli.toml and [tool.gradcli] read into cases, and every mistake named by file, line and key.

Mistakes include what tomllib cannot read (nesting too deep, a file that ends too soon), and
lines are counted as TOML counts them.
"""

import json

import pytest

from audit_helpers import audit
from fuzz.targets import check_promises, check_spec_error, run_cli

from gradcli.audit.cases import parse_range
from gradcli.audit.spec import find_spec, key_lines, load_spec
from gradcli.checker.verdict import Verdict
from gradcli.errors import InputError

GOOD = '''\
[defaults]
dtypes = ["float32", "float64"]
rtol = 1e-5
timeout = 12

[[case]]
name = "headline"
target = "log(1+exp(x))"
at = ["x=100", "x=1"]
expect = "unstable"

[[case]]
name = "swept"
target = "models.py:loss"
range = "x=-200:200:201"
dtypes = ["float64"]
timeout = 3
'''


def write_good(folder):
    """GOOD and the models.py its swept case names (a missing file is a spec mistake)."""
    (folder / "models.py").write_text("import gradcli.numpy as np\n\n\ndef loss(x):\n    return np.log1p(np.exp(x))\n")
    (folder / "gradcli.toml").write_text(GOOD)


def spec_error(tmp_path, text, name="gradcli.toml"):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load_spec(str(path))
    return caught.value.message.replace(str(path), name)


def test_defaults_then_case_overrides(tmp_path):
    write_good(tmp_path)
    headline, swept = load_spec(str(tmp_path / "gradcli.toml"))
    assert (headline.name, headline.target, headline.at, headline.ranges) == ("headline", "log(1+exp(x))", ("x=100", "x=1"), ())
    assert headline.options.dtypes == ("float32", "float64") and headline.options.rtol == 1e-5
    assert (headline.expect, headline.timeout, headline.origin) == (Verdict.UNSTABLE, 12.0, "gradcli.toml:6")
    assert swept.ranges == ("x=-200:200:201",) and swept.options.dtypes == ("float64",)
    assert (swept.options.rtol, swept.timeout, swept.folder) == (1e-5, 3.0, str(tmp_path))


def test_flags_typed_on_the_command_line_win_over_the_spec(tmp_path):
    write_good(tmp_path)
    headline, swept = load_spec(str(tmp_path / "gradcli.toml"), {"dtypes": ("float16",), "seed": 4, "timeout": 99})
    assert headline.options.dtypes == ("float16",) and swept.options.dtypes == ("float16",)
    assert headline.options.seed == 4 and headline.timeout == 99.0 and swept.timeout == 99.0
    assert headline.options.rtol == 1e-5  # what no flag names stays as the spec says


def test_dtype_typed_on_the_command_line_is_what_the_audit_checks(tmp_path):
    write_good(tmp_path)
    code, out, err = audit(tmp_path / "gradcli.toml", "--dtype", "float64", "--json", "--jobs", "1")
    assert code in (0, 1), err
    dtypes = {r["dtype"] for case in json.loads(out)["cases"] for r in (case["check"] or {"results": []})["results"]}
    assert dtypes == {"float64"}


@pytest.mark.parametrize(
    "text, message",
    [
        ('[[case]]\nname = "a"\ntarget = "x"\nat = ["x=1"]\ntolerance = 3\n', "gradcli.toml:5: unknown key 'tolerance'"),
        ('[defaults]\nrtol = "small"\n', "gradcli.toml:2: 'rtol' must be a number, not 'small'"),
        ('[defaults]\n\norder = 3\n', "gradcli.toml:3: 'order': order 3: gradcli checks first (1) and second (2) derivatives"),
        ('[defaults]\ndtypes = ["float99"]\n', "gradcli.toml:2: 'dtypes':"),
        ('[defaults]\nat = ["x=1"]\n', "gradcli.toml:2: unknown key 'at'"),
        ('[defaults]\ndtype = ["float64"]\n', "gradcli.toml:2: unknown key 'dtype' (did you mean 'dtypes'?)"),
        ('[[case]]\nname = "a"\ntarget = "x"\nat = ["x=1"]\n\n[[case]]\nname = "a"\ntarget = "y"\nat = ["y=1"]\n',
         "gradcli.toml:7: case name 'a' is used twice (first at line 2)"),
        ('[[case]]\nname = "a"\ntarget = "x"\nat = ["x=1"]\nrange = "x=0:1"\n', "gradcli.toml:1: case 'a': at 'x=1' holds x, which its range sweeps"),
        ('[[case]]\nname = "a"\ntarget = "x*y"\nat = ["y=1", "y=2"]\nrange = "x=0:1"\n', "gradcli.toml:1: case 'a' sweeps a range: its at holds the variables not swept at one point"),
        ('[[case]]\nname = "a"\ntarget = "x"\n', "gradcli.toml:1: case 'a' needs either at (points) or range (a sweep), not neither"),
        ('[[case]]\nname = "a"\ntarget = "x"\nexpect = "fine"\nat = ["x=1"]\n', "gradcli.toml:4: 'expect': expect 'fine': not a verdict"),
        ('[[case]]\nname = "a"\ntarget = "x"\nrange = "x=0..1"\n', "gradcli.toml:4: 'range': range x=0..1: expected LO:HI or LO:HI:N"),
        ('[[case]]\nname = "a"\ntarget = "x"\nat = ["x=1"]\ntimeout = -1\n', "gradcli.toml:5: 'timeout': timeout -1: a number of seconds above 0"),
        ('[[case]]\ntarget = "x"\nat = ["x=1"]\n', "gradcli.toml:1: case 1: 'name' must be a non-empty string"),
        ('[[case]]\nname = "a"\ntarget = 3\nat = ["x=1"]\n', "gradcli.toml:3: case 1: 'target' must be a non-empty string"),
        ('[defaults]\nrtol = 1e-3\n[extra]\nx = 1\n', "gradcli.toml:3: unknown key 'extra' (known keys: defaults, case)"),
        ('[defaults]\nrtol = = 3\n', "gradcli.toml:2: not valid TOML: "),
    ],
)
def test_spec_errors_name_file_line_and_key(tmp_path, text, message):
    assert spec_error(tmp_path, text).startswith(message)


def test_pyproject_table_and_its_lines(tmp_path):
    text = '[project]\nname = "p"\n\n[tool.gradcli.defaults]\nrtol = 1e-3\n\n[[tool.gradcli.case]]\nname = "a"\ntarget = "exp(x)"\nat = ["x=1"]\nfull = "yes"\n'
    assert spec_error(tmp_path, text, "pyproject.toml") == "pyproject.toml:11: 'full' must be true or false, not 'yes'"
    (tmp_path / "pyproject.toml").write_text(text.replace('full = "yes"', "full = true"))
    (case,) = load_spec(str(tmp_path / "pyproject.toml"))
    assert case.options.full and case.options.rtol == 1e-3 and case.origin == "pyproject.toml:7"


def test_the_spec_is_found_by_walking_up(tmp_path):
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('[tool.gradcli]\n[[tool.gradcli.case]]\nname = "a"\ntarget = "exp(x)"\nat = ["x=1"]\n')
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "no gradcli table here"\n')
    assert find_spec(str(deep)) == str(tmp_path / "pyproject.toml")
    (tmp_path / "a" / "gradcli.toml").write_text("")
    assert find_spec(str(deep)) == str(tmp_path / "a" / "gradcli.toml")


def test_no_spec_anywhere_is_exit_2(tmp_path, monkeypatch):
    monkeypatch.setattr("os.path.isfile", lambda path: False)
    with pytest.raises(InputError, match="no audit spec found"):
        find_spec(str(tmp_path))


def test_key_lines_skip_multiline_values():
    text = '[defaults]\ndtypes = [\n  "float32",\n  "x = 1",\n]\nnote = """\nrtol = 3\n"""\nrtol = 1\n[[case]]\nname = "a"\n[[case]]\nname = "b"\n'
    lines = key_lines(text)
    assert lines[(("defaults",), "dtypes")] == 2
    assert lines[(("defaults",), "rtol")] == 9
    assert lines[(("case", 0), None)] == 10 and lines[(("case", 1), "name")] == 13


def test_ranges_are_parsed_without_numpy():
    assert parse_range("x=-200:200") == ("x", (-200.0, 200.0))
    assert parse_range(" t = 1e-3 : 1e3 : 50 ") == ("t", (1e-3, 1e3, 50))
    for bad in ("x=1:2:3.5", "x=inf:1", "1=0:1", "x=0:1:log", "x=0:1:50:log"):
        with pytest.raises(InputError):
            parse_range(bad)


# -- what tomllib cannot read, and lines counted as TOML counts them -------------------------------


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def located_spec_error(tmp_path, text):
    """The loader's refusal of ``text`` as a gradcli.toml, checked to name the file, a line and the key."""
    path = tmp_path / "gradcli.toml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load_spec(str(path))
    check_spec_error(caught.value.message, str(path), text)
    return caught.value.message.replace(str(path), "gradcli.toml")


@pytest.mark.parametrize("value", ["[" * 5_000 + "1" + "]" * 5_000, "{a = " * 1_000 + "1" + "}" * 1_000])
def test_a_spec_nested_too_deeply_names_its_line(tmp_path, value):
    # tomllib reads nested arrays and inline tables recursively: a deep one must not be a RecursionError.
    text = f"[[case]]\nname = 'deep'\ntarget = 'x'\nat = {value}\n"
    assert located_spec_error(tmp_path, text) == "gradcli.toml:4: arrays or inline tables nested too deeply to read"


def test_a_spec_that_ends_too_soon_names_its_last_line(tmp_path):
    # tomllib says "(at end of document)" without a line: the line is the last one, not line 1.
    text = "[[case]]\nname = 'a'\ntarget = 'x'\nat = ['x=1',\n"
    assert located_spec_error(tmp_path, text).startswith("gradcli.toml:4: not valid TOML")


def test_a_deep_spec_through_the_cli_is_exit_2(tmp_path):
    path = tmp_path / "gradcli.toml"
    path.write_text("[[case]]\nname = 'deep'\ntarget = 'x'\nat = " + "[" * 3_000 + "]" * 3_000 + "\n")
    outcome = cli("audit", str(path), "--jobs", "1")
    assert outcome.code == 2 and f"{path}:4: arrays or inline tables nested too deeply" in outcome.stderr


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])  # the ones TOML allows in a comment
def test_lines_are_counted_as_toml_counts_them(tmp_path, separator):
    # str.splitlines ends a line at these too: counting its way would move every later line one on.
    text = f"# a comment{separator}with a line separator\n[defaults]\nrtol = 'small'\n"
    assert located_spec_error(tmp_path, text) == "gradcli.toml:3: 'rtol' must be a number, not 'small'"


@pytest.mark.parametrize("value", ["true", "1979-05-27", "07:32:00", "{a = 1}"])  # (at = 5 is a point: --at 5)
@pytest.mark.parametrize("key", ["range", "at"])
def test_points_and_ranges_of_any_other_toml_type_are_refused_on_their_line(tmp_path, key, value):
    # tuple(True), tuple(date) would be a TypeError, and an inline table would pass as its keys.
    text = f"[[case]]\nname = 'c'\ntarget = 'x'\n{key} = {value}\n"
    assert located_spec_error(tmp_path, text).startswith(f"gradcli.toml:4: '{key}': {key} ")


@pytest.mark.parametrize(
    "spelled, says",
    [
        ("x=1:0:5", "the low end must be below the high end"),
        ("x=0:1:1", "the number of points N is 2 to 10,000,000"),
        ("x=0:1:10000001", "the number of points N is 2 to 10,000,000"),
    ],
)
def test_a_range_the_sweep_would_refuse_is_refused_on_its_line(tmp_path, spelled, says):
    # Refused by the loader, not found later by a worker as a case with status error (exit 1).
    text = f"[[case]]\nname = 'softplus'\ntarget = 'log(1+exp(x))'\nrange = '{spelled}'\n"
    assert says in located_spec_error(tmp_path, text)


@pytest.mark.parametrize(
    "lines, says",
    [
        ("range = 'x=1:100'\nscale = 'logarithmic'", "gradcli.toml:5: 'scale': scale 'logarithmic': how a sweep's points are spaced"),
        ("range = 'x=-1:100'\nscale = 'log'", "a log scale"),
        ("at = 'x=1'\nscale = 'log'", "scale spaces a sweep's points, so it goes with range"),
    ],
)
def test_a_sweeps_scale_is_checked_when_the_spec_loads(tmp_path, lines, says):
    text = f"[[case]]\nname = 'c'\ntarget = 'log(1+exp(x))'\n{lines}\n"
    assert says in located_spec_error(tmp_path, text)
