"""Input errors told where they are: several targets' JSON error under gradcli.checks/1, a named line filled in the
JSON error's file and line, a baseline case without a status, a wrt typo in a spec found when the spec is read."""

import json
import textwrap

from click.testing import CliRunner

from gradcli.cli import _place_of, cli
from gradcli.errors import InputError


def run(*args):
    return CliRunner().invoke(cli, list(args))


def _error(result):
    assert result.exit_code == 2, result.output
    return json.loads(result.stdout)


def test_several_targets_tell_an_error_under_the_schema_of_their_document():
    document = _error(run("check", "x*x", "log(", "--at", "x=1", "--json"))
    assert document["schema"] == "gradcli.checks/1" and "never closed" in document["error"]["message"]
    assert _error(run("check", "log(", "--at", "x=1", "--json"))["schema"] == "gradcli.check/1"


def test_an_error_naming_a_line_of_the_users_file_fills_file_and_line(tmp_path):
    path = tmp_path / "vectorized51.py"
    path.write_text("import numpy as np\n\n\ndef f(x):\n    g = np.spacing(x)\n    return g * x\n")
    error = _error(run("check", f"{path}:f", "--at", "x=1", "--json"))["error"]
    assert (error["file"], error["line"]) == (str(path), 5) and "numpy.spacing" in error["message"]
    assert _place_of(InputError("JAX's `fft` cannot be replayed", text="/m/model.py:6"), "") == ("/m/model.py", 6)
    assert _place_of(InputError("model.py:12: no such op"), "model.py:12: no such op") == ("model.py", 12)
    assert _place_of(InputError("the formula has no variables"), "the formula has no variables") == (None, None)


def test_a_baseline_case_without_a_status_is_an_input_error_naming_the_file_and_key(tmp_path):
    spec, baseline = tmp_path / "spec.toml", tmp_path / "base51.json"
    spec.write_text('[[case]]\nname = "a"\ntarget = "x*x"\nat = ["x=1"]\n')
    baseline.write_text(json.dumps({"schema": "gradcli.audit/1", "cases": [{"name": "a", "target": "x*x"}]}))
    result = run("audit", str(spec), "--baseline", str(baseline))
    assert result.exit_code == 2 and "KeyError" not in result.output
    assert f"{baseline}: case 1 ('a') has no 'status'" in result.output


def test_a_wrt_that_names_no_parameter_is_found_when_the_spec_is_read(tmp_path):
    (tmp_path / "wrt51.py").write_text("def f(x, y, *, scale=1.0):\n    return x * y * scale\n")
    spec = tmp_path / "spec.toml"
    spec.write_text(textwrap.dedent("""\
        [[case]]
        name = "kept"
        target = "wrt51.py:f"
        at = ["x=1,y=2"]
        wrt = ["scale", "x"]

        [[case]]
        name = "typo"
        target = "x*y"
        at = ["x=1,y=2"]
        wrt = ["z"]
        """))
    error = _error(run("audit", str(spec), "--json"))["error"]
    assert (error["file"], error["line"]) == (str(spec), 11)
    assert "case 'typo': wrt z: not a variable of the target (its variables: x, y)" in error["message"]
