"""--max-digits (`CheckOptions.max_digits`): the most digits the exact reference climbs to before it gives up.

The function below subtracts 1e80 from the solution of a Sylvester equation that holds x + 1e80: at x = 0.5 its
derivative 1 shows only past 140 digits, and solve_sylvester has no ball implementation, so the reference is mpmath's
climb of precisions.
"""

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.linalg as linalg
from gradcli.checker import precision
from gradcli.cli import check_command, cli
from gradcli.errors import InputError

BIG = 1e80  # the derivative is 140 digits below the solution


def absorbed(x):
    """X - BIG for 1 X + X 0 = x + BIG: x itself, seen only at the digits that hold x beside BIG."""
    return linalg.solve_sylvester(np.ones((1, 1)), np.zeros((1, 1)), gnp.reshape(x + BIG, (1, 1)))[0, 0] - BIG


def _checked(max_digits):
    (result,) = gradcli.check(absorbed, [0.5], dtypes=("float64",), fixes=False, max_digits=max_digits).results
    return result


@pytest.mark.parametrize("order", [(100, 480), (480, 100)])  # neither check's reference leaks into the other's
def test_a_ceiling_below_the_digits_needed_gives_no_reference_and_one_above_gives_it(order):
    by_ceiling = {ceiling: _checked(ceiling) for ceiling in order}
    low, high = by_ceiling[100], by_ceiling[480]
    assert low.status == "error" and low.exact_gradient["x"] is None
    assert any("no exact reference" in f.message and "140 digits below" in f.message for f in low.findings)
    assert high.status == "unstable"
    np.testing.assert_allclose(float(high.exact_gradient["x"]), 1.0, rtol=1e-14)


def test_without_a_ceiling_the_reference_climbs_to_max_digits():
    assert _checked(None).exact_gradient["x"] is not None
    with precision.at_most_digits(None):
        assert precision.max_digits() == precision.MAX_DIGITS
    with precision.at_most_digits(100):
        assert precision.max_digits() == 100
    assert precision.max_digits() == precision.MAX_DIGITS


@pytest.mark.parametrize("bad", [59, 0, -5, 100.5, "100", True])
def test_a_ceiling_that_is_not_a_whole_number_of_60_digits_or_more_is_bad_input(bad):
    with pytest.raises(InputError, match="--max-digits"):
        gradcli.check(absorbed, [0.5], max_digits=bad)


@pytest.mark.parametrize("words", [["check", "exp(x)", "--at", "x=1"], ["sweep", "exp(x)", "--range", "x=0:1:3"],
                                   ["audit", "gradcli.toml"]])
def test_a_bad_ceiling_given_to_check_sweep_or_an_audit_spec_is_refused_in_one_paragraph(words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "c"\ntarget = "exp(x)"\nat = ["x=1"]\nmax_digits = 10\n')
    result = CliRunner().invoke(cli, words if words[0] == "audit" else [*words, "--max-digits", "10"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "max-digits 10: a ceiling is a whole number of digits, 60 or more" in result.output


def test_the_help_gives_the_default_ceiling():
    (option,) = [p for p in check_command.params if "--max-digits" in p.opts]
    assert f"default {precision.MAX_DIGITS}" in option.help


def test_the_cli_reference_gives_up_at_the_ceiling(tmp_path):
    (tmp_path / "absorbing.py").write_text(
        "import numpy as np\nimport gradcli.numpy as gnp\nimport gradcli.scipy.linalg as linalg\n\n\ndef f(x):\n"
        "    q = gnp.reshape(x + 1e80, (1, 1))\n"
        "    return linalg.solve_sylvester(np.ones((1, 1)), np.zeros((1, 1)), q)[0, 0] - 1e80\n"
    )
    words = ["check", str(tmp_path / "absorbing.py") + ":f", "--at", "x=0.5", "--dtype", "float64", "--no-fix"]
    low = CliRunner().invoke(cli, [*words, "--max-digits", "100"])
    high = CliRunner().invoke(cli, [*words, "--max-digits", "480"])
    assert low.exit_code == 1 and "no exact reference" in low.output
    assert high.exit_code == 1 and "no exact reference" not in high.output and "unstable" in high.output
