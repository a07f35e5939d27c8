"""`gradcli diff` names the jumps of where, floor, ceil and sign: the derivative shown is 0 (or the one off the
steps) with a note that it is not defined where the formula jumps, and a where's kink is named as abs's is."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse


def _notes(text, order=1):
    return differentiate(parse(text), order=order).notes


@pytest.mark.parametrize("text, switch", [
    ("where(x > 0, 1, 0)", "where x = 0"),
    ("where(x >= 2, -1, 3)", "where x - 2 = 0"),
    ("where(x < 0, 1, where(x < 3, 2, 0))", "where x - 3 = 0"),
    ("sign(x)", "where x = 0"),
    ("floor(x)", "where x is a whole number"),
    ("ceil(2*x)", "where 2*x is a whole number"),
])
def test_a_step_differentiates_to_0_with_its_jump_named(text, switch):
    result = differentiate(parse(text))
    (derivative,) = result.derivatives
    assert str(derivative.expr) == "0"
    jumps = [n for n in result.notes if switch in n and "f jumps there" in n]
    assert len(jumps) == 1, result.notes


def test_every_switch_of_a_nested_where_is_named():
    notes = _notes("where(x < 0, 1, where(x < 3, 2, 0))")
    assert any("where x = 0" in n and "jumps" in n for n in notes), notes
    assert any("where x - 3 = 0" in n and "jumps" in n for n in notes), notes


@pytest.mark.parametrize("text", ["where(x > 0, x, 0)", "where(x > 1, x - 1, 0)",
                                  "where(x > 0, x**2, 0)"])
def test_no_jump_where_the_two_sides_meet(text):
    assert not [n for n in _notes(text) if "jumps" in n]


def test_a_wheres_kink_is_named_with_its_two_slopes():
    notes = _notes("where(x > 0, x, 0)")
    assert any("where x = 0" in n and "1 from the side x > 0 and 0 from the side x < 0" in n for n in notes), notes
    second = _notes("where(x > 0, x, 0)", order=2)
    assert any(n.startswith("d^2/dx^2 f is not defined where x = 0") and "d/dx f jumps" in n for n in second), second


def test_a_step_times_a_factor_that_vanishes_on_it_says_so():
    (note,) = [n for n in _notes("x*floor(x)") if "whole number" in n]
    assert "(wherever x is not 0 there)" in note


def test_the_command_line_shows_the_note_in_every_format():
    for argv in ([], ["--format", "python"], ["--format", "json"]):
        result = CliRunner().invoke(cli, ["diff", "floor(x) + where(x > 1, 1, 0)", *argv])
        assert result.exit_code == 0, result.output
        text = " ".join(json.loads(result.stdout)["notes"]) if argv[-1:] == ["json"] else result.output
        assert "whole number" in " ".join(text.split()) and "where x - 1 = 0" in " ".join(text.split())
