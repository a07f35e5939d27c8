"""The command line: help, version, the op catalogue, exit codes and lazy imports."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from gradcli.cli import cli, main
from gradcli.errors import InputError


def run(*args):
    return CliRunner().invoke(cli, list(args))


def exit_code_of(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    return stop.value.code, capsys.readouterr()


def test_version_matches_package():
    import gradcli

    result = run("--version")
    assert result.exit_code == 0
    assert gradcli.__version__ in result.output


def test_every_command_has_help():
    for name, command in cli.commands.items():
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert command.help and command.help.strip(), f"{name} has no docstring"


def test_ops_table_lists_the_catalogue():
    result = run("ops")
    assert result.exit_code == 0
    for name in ("logaddexp", "linalg.cholesky", "einsum", "floor", "softplus", "erf"):
        assert name in result.output
    assert "differentiable" in result.output


def test_ops_json_is_the_catalogue():
    result = run("ops", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "gradcli.ops/1"
    rows = {row["name"]: row for row in data["ops"]}
    assert rows["exp"]["differentiable"] == "yes" and rows["exp"]["vjp"] == "rule"
    assert rows["exp"]["jvp"] == "rule" and rows["exp"]["mpmath"] is True
    assert rows["floor"]["differentiable"] == "no"
    assert rows["zeros"]["differentiable"] == "constant"
    assert rows["var"]["vjp"] == "derived"
    assert rows["hypot"]["arity"] == "2"
    assert rows["linalg.inv"]["mpmath"] is True


def test_ops_kind_filter():
    data = json.loads(run("ops", "--json", "--kind", "reduction").stdout)
    names = {row["name"] for row in data["ops"]}
    assert {"sum", "mean", "prod", "max", "min", "cumsum", "logsumexp"} <= names
    assert all(row["kind"] == "reduction" for row in data["ops"])


def test_unknown_command_exits_2(capsys):
    code, out = exit_code_of(["no-such-command"], capsys)
    assert code == 2
    assert "No such command" in out.err


def test_bad_option_value_exits_2(capsys):
    code, out = exit_code_of(["ops", "--kind", "nope"], capsys)
    assert code == 2
    assert "Traceback" not in out.err


def test_input_error_exits_2_with_underline(monkeypatch, capsys):
    def bad_input(**_):
        raise InputError("unknown function 'sinn'", text="sinn(x) + 1", span=(0, 4))

    monkeypatch.setattr(cli.commands["ops"], "callback", bad_input)
    code, out = exit_code_of(["ops"], capsys)
    assert code == 2
    assert out.err.splitlines() == ["error: unknown function 'sinn'", "  sinn(x) + 1", "  ^^^^"]


def test_internal_error_exits_3_without_traceback(monkeypatch, capsys):
    def broken(**_):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli.commands["ops"], "callback", broken)
    code, out = exit_code_of(["ops"], capsys)
    assert code == 3
    assert "internal error: RuntimeError: boom" in out.err
    assert "Traceback" not in out.err
    code, out = exit_code_of(["--debug", "ops"], capsys)
    assert code == 3
    assert "Traceback" in out.err


def test_python_dash_m_runs_the_cli():
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert "gradcli, version" in done.stdout


@pytest.mark.parametrize("argv", [["--help"], ["sweep", "--help"]])
def test_help_imports_no_heavy_library(argv):
    probe = (
        "import sys\n"
        "from gradcli.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('numpy', 'sympy', 'mpmath', 'matplotlib', 'rich') if m in sys.modules]\n"
        "print('heavy=' + ','.join(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "heavy="


def test_import_gradcli_is_lazy():
    probe = "import sys, gradcli; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False"
