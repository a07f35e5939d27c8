"""The odeint input error names the user's file as the rest of the CLI does: relative to the working folder.

A right-hand side that reads the differentiated value from its enclosing
function is an input error at the user's odeint line; run from the folder
that holds the module, the error names ``models/ecology.py``, as the other
errors and findings name files, not the absolute path Python compiled it from.
"""

from click.testing import CliRunner

from gradcli.cli import cli

ECOLOGY = """import numpy as np
from scipy.integrate import odeint


def decay(alpha):
    def rhs(s, t):
        return -alpha * s
    return odeint(rhs, 1.0, np.array([0.0, 1.0]))[-1, 0]
"""
CALL_LINE = 8


def test_the_odeint_closure_error_names_the_module_relative_to_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "ecology.py").write_text(ECOLOGY)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "models/ecology.py:decay", "--at", "alpha=0.7", "--dtype", "float64"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: models/ecology.py, line {CALL_LINE}: the function scipy.integrate.odeint"), (
        result.stderr)
    assert str(tmp_path) not in result.stderr
    assert "Traceback" not in result.output
