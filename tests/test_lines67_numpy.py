"""A user's file edited between two checks in one process (a notebook, the pytest plugin) is named as it is now.

The truth: the edited file's own text, where the where leak's input is assigned, and on which line.
"""

from __future__ import annotations

import gradcli

BEFORE = '''\
import numpy as np


def f(x):
    shifted = x - 1.0
    return np.sum(np.where(shifted > 0, np.sqrt(shifted), 0.0))
'''

AFTER = '''\
import numpy as np


def f(x):
    moved = x - 1.0
    # a line the edit adds between the input and the where that reads it
    return np.sum(np.where(moved > 0, np.sqrt(moved), 0.0))
'''


def _leak_inputs(path):
    (result,) = gradcli.check(f"{path}:f", [{"x": [0.0, 2.0]}], dtypes=["float64"], fixes=False).results
    return [f.message for f in result.findings if f.kind == "where-nan" and "from its input" in f.message]


def _said(text, name, path):
    line = next(n for n, written in enumerate(text.splitlines(), 1) if written.strip().startswith(f"{name} ="))
    return f"from its input {name}, made at {path.name}:{line}"


def test_a_file_edited_between_checks_is_named_as_it_is_now(tmp_path):
    path = tmp_path / "leak67.py"
    path.write_text(BEFORE)
    (before,) = _leak_inputs(path)
    assert _said(BEFORE, "shifted", path) in before, before
    path.write_text(AFTER)
    (after,) = _leak_inputs(path)
    assert _said(AFTER, "moved", path) in after, after
