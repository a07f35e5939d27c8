"""The terminal report: its closing notes stand apart from the summary line that follows them."""

from click.testing import CliRunner

from gradcli.cli import cli


def test_the_rewrites_tried_note_ends_its_block_before_the_summary():
    result = CliRunner().invoke(cli, ["check", "log(1+exp(x))", "--at", "x=100", "--dtype", "float32"])
    lines = result.output.splitlines()
    (at,) = [i for i, line in enumerate(lines) if line.startswith("note: rewrites tried that did not help")]
    assert lines[at + 1] == ""
    assert lines[at + 2].startswith("1 result, 1 failing")
