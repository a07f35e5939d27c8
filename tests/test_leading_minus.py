"""A formula may start with a minus: click must not take "-log(x)" for the option "-l"."""

import json
import math
import subprocess
import sys

import pytest
from click.testing import CliRunner

from gradcli.cli import cli, main


def run(*args):
    return CliRunner().invoke(cli, list(args))


def only_result(result):
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)["results"][0]


def test_grad_of_a_negative_formula():
    result = run("grad", "-log(x)", "--at", "2", "--dtype", "float64", "--json")
    assert result.exit_code == 0, result.output
    record = only_result(result)
    assert json.loads(result.stdout)["target"] == "-log(x)"
    assert record["value"] == pytest.approx(-math.log(2), rel=1e-15)
    assert record["gradient"]["x"] == pytest.approx(-0.5, rel=1e-15)
    assert record["status"] == "ok"


def test_check_of_a_negative_formula():
    result = run("check", "-x*log(x)", "--at", "0.5", "--dtype", "float64", "--json")
    assert result.exit_code == 0, result.output
    # d/dx (-x log x) = -log(x) - 1
    assert only_result(result)["gradient"]["x"] == pytest.approx(-math.log(0.5) - 1, rel=1e-14)


def test_diff_of_a_negative_formula():
    result = run("diff", "-x^2", "--json")
    assert result.exit_code == 0, result.output
    assert "-2" in result.stdout and "x" in result.stdout


def test_double_dash_still_works():
    result = run("diff", "--json", "--", "-x^2")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "args",
    [
        ("grad", "-x", "--at", "-3", "--dtype", "float64", "--json"),  # a negative point after a negative formula
        ("grad", "--at", "-3", "-x", "--dtype", "float64", "--json"),  # the formula after the options
        ("grad", "--at=-3", "--dtype=float64", "-x", "--json"),  # options with their values attached
        ("grad", "--json", "-x", "--at", "x=-3", "--dtype", "float64"),
    ],
)
def test_negative_points_and_formulas_in_any_order(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    record = only_result(result)
    assert record["point"] == {"x": -3.0}
    assert record["value"] == 3.0 and record["gradient"] == {"x": -1.0}


def test_a_negative_formula_as_the_second_target_of_check_keeps_the_order():
    result = run("check", "x*x", "-x*x", "--at", "2", "--dtype", "float64", "--json")
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)["reports"]
    assert [r["target"] for r in reports] == ["x*x", "-x*x"]
    assert [r["results"][0]["gradient"]["x"] for r in reports] == [4.0, -4.0]


def test_a_negative_formula_before_a_plain_one_keeps_the_order():
    result = run("check", "-x", "x", "--at", "1", "--dtype", "float64", "--json")
    assert [r["target"] for r in json.loads(result.stdout)["reports"]] == ["-x", "x"]


def test_a_formula_starting_with_h_is_not_the_help_flag():
    result = run("grad", "-hypot(x, 1)", "--at", "0", "--dtype", "float64", "--json")
    assert result.exit_code == 0, result.output
    assert only_result(result)["value"] == -1.0


def test_help_is_still_help():
    assert "Usage: " in run("grad", "-h").output
    assert run("grad", "-h").exit_code == 0


def test_unknown_long_options_stay_click_errors(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grad", "--bogus", "x"])
    captured = capsys.readouterr()
    assert stop.value.code == 2
    assert "No such option '--bogus'" in captured.err
    assert "Traceback" not in captured.err


def test_a_lone_minus_and_a_negative_number_are_formulas_with_clear_errors(capsys):
    for formula, needle in (("-", "ends after an operator"), ("-1e-3", "no variables")):
        with pytest.raises(SystemExit) as stop:
            main(["grad", formula, "--at", "1"])
        captured = capsys.readouterr()
        assert stop.value.code == 2, formula
        assert needle in captured.err and "Traceback" not in captured.err


def test_help_is_still_help_after_the_command_ran_on_its_own():
    # click caches a command's help option at its first use: in a fresh process, a command first
    # invoked on its own (a library caller, another test) must still take -h afterwards.
    script = (
        "from click.testing import CliRunner\n"
        "from gradcli.cli import cli, grad\n"
        "CliRunner().invoke(grad, ['x*x', '--at', '2'])\n"
        "result = CliRunner().invoke(cli, ['grad', '-h'])\n"
        "print(result.exit_code, 'Usage: ' in result.output)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["0", "True"], done.stdout + done.stderr
