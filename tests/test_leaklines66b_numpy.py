"""A where leak's branch input assigned by a statement over several lines: named by its variable, at Python's line.

The truths are the source as written and Python's own compiler: the variable the statement binds (``ast``), and the
line Python attributes to the division that makes the input (its traceback's line, read from the compiled code), which
is also the line JAX's source information gives the same statement.
"""

from __future__ import annotations

import ast
import dis

import pytest

from test_leaknames66_numpy import _leak

HEAD = "import numpy as np\n\nWIDTH = 4.0\n\n\ndef wet_cells(depth):\n"
READ = "    return np.sum(np.where(depth > 0, wetted_radius ** (2.0 / 3.0), 0.0))\n"
STATEMENTS = {
    "the division on its second line": ("    wetted_radius = (WIDTH * depth\n"
                                        "                     / (WIDTH + 2.0 * depth))\n"),
    "opened on its first line": ("    wetted_radius = (\n"
                                 "        WIDTH * depth / (WIDTH + 2.0 * depth))\n"),
    "over four lines": ("    wetted_radius = (WIDTH\n"
                        "                     * depth\n"
                        "                     / (WIDTH + 2.0\n"
                        "                        * depth))\n"),
}


def _pythons_line_of_the_division(text):
    """The line Python's compiled wet_cells attributes to its true division (the one a traceback shows)."""
    code = next(c for c in compile(text, "leak.py", "exec").co_consts if getattr(c, "co_name", "") == "wet_cells")
    return next(i.positions.lineno for i in dis.get_instructions(code) if i.opname == "BINARY_OP" and i.argrepr == "/")


@pytest.mark.parametrize("written", sorted(STATEMENTS))
def test_a_statement_over_lines_names_its_variable_at_pythons_line(tmp_path, written):
    text = HEAD + STATEMENTS[written] + READ
    (statement,) = [node for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Assign)
                    and node.targets[0].id == "wetted_radius"]
    line = _pythons_line_of_the_division(text)
    assert statement.lineno <= line <= statement.end_lineno
    message, terminal = _leak(tmp_path, text)
    words = f"from its input {statement.targets[0].id}, made at leak.py:{line} "
    assert words in message, message
    assert words in terminal, terminal
