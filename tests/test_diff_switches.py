"""``gradcli diff`` at a switch of maximum, minimum, clip or abs: the derivative is not defined there.

sympy spells max's derivative with Heaviside (1/2 at 0 by convention) and abs's with sign (0 at
0); on the switch neither is a derivative when the one-sided derivatives differ. The notes say so,
with each side's derivative, as the checker's kink finding does; where the sides meet on the
switch (x max(x, 0) at 0, x |x|) there is no note.
"""

import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse


def _notes(text, **options):
    return differentiate(parse(text), simplify=False, **options).notes


@pytest.mark.parametrize(
    "text, label, where, above, below",
    [
        ("max(x, y)", "d/dx", "x - y", "1", "0"),
        ("max(x, y)", "d/dy", "x - y", "0", "1"),
        ("min(x, 2*y)", "d/dy", "x - 2*y", "2", "0"),
        ("abs(x - 1)*y", "d/dx", "x - 1", "y", "-y"),
        ("max(x, 0)", "d/dx", "x", "1", "0"),
    ],
)
def test_a_switch_where_the_sides_differ_is_not_defined(text, label, where, above, below):
    notes = [n for n in _notes(text) if n.startswith(f"{label} f")]
    assert len(notes) == 1, notes
    note = notes[0]
    assert f"where {where} = 0" in note
    assert f"{above} from the side {where} > 0 and {below} from the side {where} < 0" in note
    assert "not defined on the switch" in note and "convention" in note


@pytest.mark.parametrize("text", ["x*max(x, 0)", "x*abs(x)", "max(x, y)^2 - 2*x*y + min(x, y)^2", "x^2 + y"])
def test_no_note_where_the_sides_meet_on_the_switch(text):
    assert _notes(text) == []


def test_the_cli_prints_the_note_beside_the_formula():
    result = CliRunner().invoke(cli, ["diff", "max(x, y)"])
    assert result.exit_code == 0
    assert "1/2" in result.output  # the formula keeps sympy's convention...
    assert "not defined on the switch" in result.output  # ...and says what it is not


def test_json_carries_the_notes():
    import json

    result = CliRunner().invoke(cli, ["diff", "abs(x)", "--format", "json"])
    notes = json.loads(result.stdout)["notes"]
    assert any("-1 from the side x < 0" in n for n in notes), notes
