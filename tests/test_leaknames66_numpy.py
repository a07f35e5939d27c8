"""A where leak names the branch's input by the variable the user's source assigns it to, in the terminal and JSON.

The truth is the source as written: the line the input is made on assigns ``radius`` (or another name), and the
where's line reads it. A statement that binds no one plain name (an unpacking) leaves the line alone named.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from gradcli.capture.lines import assigned_name
from gradcli.cli import cli
from headline65_leak import POINT, RADIUS_LINE, leak_module

# `radius` split over two lines (the input made on its second), and an unpacking that binds two names
SPLIT = '''\
import numpy as np

WIDTH = 4.0


def wet_cells(depth):
    wetted_radius = (WIDTH * depth
                     / (WIDTH + 2.0 * depth))
    return np.sum(np.where(depth > 0, wetted_radius ** (2.0 / 3.0), 0.0))
'''
UNPACKED = '''\
import numpy as np

WIDTH = 4.0


def wet_cells(depth):
    radius, width = WIDTH * depth / (WIDTH + 2.0 * depth), WIDTH
    return np.sum(np.where(depth > 0, radius ** (2.0 / 3.0), 0.0))
'''


def _leak(tmp_path, text):
    """The where leak's finding of ``text``'s wet_cells, as JSON gives it, and the terminal's output."""
    path = tmp_path / "leak.py"
    path.write_text(text)
    run = ["check", f"{path}:wet_cells", "--at", POINT, "--dtype", "float64", "--no-fix"]
    shown = CliRunner().invoke(cli, run)
    report = json.loads(CliRunner().invoke(cli, [*run, "--json"]).stdout)
    leak = next(f for f in report["results"][0]["findings"] if f["kind"] == "where-nan")
    return leak["message"], " ".join(shown.output.split())


@pytest.mark.parametrize("text, words", [
    (leak_module("import numpy as np", "np.where", "np.sum"), f"from its input radius, made at leak.py:{RADIUS_LINE} "),
    (SPLIT, "from its input wetted_radius, made at leak.py:"),
    (UNPACKED, f"from its input made at leak.py:{RADIUS_LINE} "),
])
def test_the_leaking_branchs_input_is_named_as_the_source_writes_it(tmp_path, text, words):
    message, terminal = _leak(tmp_path, text)
    assert words in message, message
    assert words in terminal, terminal


@pytest.mark.parametrize("source, line, read_at, name", [
    ("radius = a * b\ny = radius ** 2\n", 1, 2, "radius"),
    ("r: float = a * b\ny = r ** 2\n", 1, 2, "r"),
    ("r += a\ny = r ** 2\n", 1, 2, "r"),
    ("r = (a\n     * b)\ny = r ** 2\n", 2, 3, "r"),
    ("def f(a):\n    inner = a * 2\n    return inner ** 0.5\n", 2, 3, "inner"),
    ("r, s = a, b\ny = r ** 2\n", 1, 2, None),  # an unpacking binds no one name
    ("x[0] = a\ny = x ** 2\n", 1, 2, None),  # a write into an array is no variable of the value
    ("r = a * b\ny = a ** 2\n", 1, 2, None),  # the reading line does not read it
    ("print(a)\ny = a ** 2\n", 1, 2, None),
])
def test_the_assigned_name_is_the_one_the_statement_binds_and_the_reader_reads(tmp_path, source, line, read_at, name):
    path = tmp_path / f"source_{abs(hash(source))}.py"
    path.write_text(textwrap.dedent(source))
    assert assigned_name(f"{path}:{line}", read_at=f"{path}:{read_at}") == name
