"""A sweep's table as users read it in any terminal: a narrow one gets each row as a line (no number cut), the
thresholds listed are those between rows (the ones inside a joined row are counted), and an interval is "mixed" only
where floats inside differ in what its row shows.

``(exp(x) - 1)/x`` swept over x = 1e-14 .. 0.5 (11 grid points) in float64:
its first two intervals differ only in whether every bit is lost, so the
table joins them into one row and the threshold between them lies inside it.
"""

import io
import re

import pytest
from rich.console import Console

import gradcli
from gradcli.checker.verdict import Verdict
from gradcli.sweep import dtype_run
from gradcli.views import html, sweep_rows, terminal_sweep
from gradcli.views.formatting import number

TARGET = "(exp(x) - 1)/x"


@pytest.fixture(scope="module")
def swept():
    result = gradcli.sweep(TARGET, {"x": (1e-14, 0.5, 11)}, dtypes=("float64",), fixes=False)
    first, second = result.dtypes["float64"].intervals[:2]
    assert first.lost_all and not second.lost_all and (first.status, first.kind) == (second.status, second.kind)
    return result


def _printed(result, monkeypatch, width):
    buffer = io.StringIO()
    monkeypatch.setattr(terminal_sweep, "console", lambda: Console(file=buffer, width=width, highlight=False, emoji=False))
    terminal_sweep.print_sweep(result)
    return buffer.getvalue()


def test_a_narrow_terminal_gets_each_row_as_a_line_with_every_number_whole(swept, monkeypatch):
    text = _printed(swept, monkeypatch, 64)
    rows = sweep_rows.rows([i.to_dict() for i in swept.dtypes["float64"].intervals])
    assert "…" not in text and not re.search(r"^\s+from\s+to\s+verdict", text, re.MULTILINE)
    flat = " ".join(text.split())  # a row's line wraps at words
    for row in rows:
        assert f"{number(row['lo'], 7)} .. {number(row['hi'], 7)}: {row['status']}" in flat
    assert "1e-14 .. 2.161848e-07: unstable, cancellation in value, gradient at subtract; bits lost 52.0-53.0 of 53" in flat
    table_lines = text[text.index("  1e-14 .. 2"):text.index("  [1] ")].splitlines()
    assert all(len(line.rstrip()) <= 64 for line in table_lines)


def test_a_wide_terminal_keeps_the_columns(swept, monkeypatch):
    text = _printed(swept, monkeypatch, 120)
    assert re.search(r"^\s+from\s+to\s+verdict\s+kind\s+parts\s+op\s+bits lost", text, re.MULTILINE)


def test_only_the_thresholds_between_rows_are_listed_and_the_others_counted(swept, monkeypatch):
    text = _printed(swept, monkeypatch, 120)
    d = swept.dtypes["float64"]
    listed = [float(a) for a in re.findall(r"^    x = (\S+) is ", text, re.MULTILINE)]
    rows = sweep_rows.rows([i.to_dict() for i in d.intervals])
    assert listed == [t.at for t in d.thresholds if not sweep_rows.inside_a_row(rows, "x", t.at, t.next)]
    assert len(listed) == len(rows) - 1  # each boundary between two rows, once
    assert 7.970417151623065e-09 not in listed  # the split of every bit lost from 52 of 53, inside the first row
    assert "  1 more threshold lies inside the rows above" in text
    assert len(d.thresholds) == len(listed) + 1  # the JSON keeps it


def test_the_html_plot_draws_a_band_per_row_and_the_lines_between_rows(swept):
    data = swept.to_dict()
    page = html.render_sweep(data)
    svg = page[page.index("<svg"):page.index("</svg>")]
    rows = sweep_rows.rows(data["dtypes"]["float64"]["intervals"])
    assert svg.count("<rect ") == len(rows) < len(data["dtypes"]["float64"]["intervals"])
    assert svg.count("<line ") == len(rows) - 1


def test_a_point_that_loses_every_bit_beside_one_that_keeps_a_few_does_not_make_an_interval_mixed():
    unstable = Verdict.UNSTABLE
    alternating = [(unstable, "precision", ("value",), True), (unstable, "precision", ("value",), False)]
    assert not dtype_run._fare_otherwise(alternating)  # the row's bits lost range says it
    assert dtype_run._fare_otherwise([*alternating, (unstable, "precision", ("value", "gradient"), True)])
    assert dtype_run._fare_otherwise([(Verdict.OK, None, (), False), *alternating])
