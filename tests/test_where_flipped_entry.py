"""A where of more entries than a finding shows names the entry whose condition rounding flipped, and what the float
run's condition and the exact run's were there (the arrays themselves are elided as array(5,))."""

import textwrap

import gradcli

SOURCE = """
import gradcli.numpy as gnp


def pick(x):
    return gnp.sum(gnp.where(x * 3 >= 1, x * x, x))
"""


def test_the_flipped_entry_is_named(tmp_path):
    path = tmp_path / "flip.py"
    path.write_text(textwrap.dedent(SOURCE))
    # x[2] = 1/3 rounded: 3 x is 1.0 in float64 (>= 1), exactly 0.99999999999999998 (< 1)
    result, = gradcli.check(f"{path}:pick", [{"x": [0.1, 0.2, 0.3333333333333333, 0.5, 0.6]}], dtypes=("float64",),
                            fixes=False).results
    assert result.status.value == "unstable"
    wheres = [f.message for f in result.findings if f.op == "where" and "takes the branch" in f.message]
    assert wheres, [f.message for f in result.findings]
    assert "at entry (2,): its condition True where the exact run's is False" in wheres[0], wheres[0]
