"""A location printed on the terminal reads as the file and line it names, whatever the line number."""

from __future__ import annotations

from click.testing import CliRunner

from gradcli.cli import cli

# rich turns ":100:" into an emoji by default; a finding at line 100 must still say "py:100".
USER_FILE = "import gradcli.numpy as np\n" + "\n" * 97 + "def loss(x):\n    return np.log(1 + np.exp(x))\n"


def test_a_finding_at_line_100_prints_its_line_number(tmp_path):
    path = tmp_path / "at_line_100.py"
    path.write_text(USER_FILE)
    assert path.read_text().splitlines()[99].strip().startswith("return")
    result = CliRunner().invoke(cli, ["check", f"{path}:loss", "--at", "x=100", "--dtype", "float32"])
    assert result.exit_code == 1, result.output
    assert "at_line_100.py:100" in result.output
    assert "\N{HUNDRED POINTS SYMBOL}" not in result.output
