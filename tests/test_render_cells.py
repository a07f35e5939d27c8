"""Terminal tables show every number they are given: no cell is left blank by rich's markup."""

from click.testing import CliRunner

from gradcli.cli import cli

NORM = '''
import gradcli.numpy as np

def safe_norm(x):
    return np.sqrt(np.sum(x * x))
'''


def _table_row(output, dtype):
    return next(line for line in output.splitlines() if line.startswith(f"│ {dtype}"))


def test_a_nan_array_gradient_shows_its_entries(tmp_path):
    # sqrt's rule at 0 gives inf, times the zero upstream of x*x: NaN in every entry.
    (tmp_path / "m.py").write_text(NORM)
    result = CliRunner().invoke(cli, ["grad", f"{tmp_path / 'm.py'}:safe_norm", "--at", "x=[0,0,0]", "--dtype", "float64"])
    cells = [cell.strip() for cell in _table_row(result.stdout, "float64").split("│")[1:-1]]
    assert cells[:3] == ["float64", "0", "[nan, nan, nan]"]
    assert all(cells), f"a blank cell in {cells}"
