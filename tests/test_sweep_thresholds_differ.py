"""A sweep's thresholds say what changes across them: no format prints a threshold whose two sides read alike.

Each formula here splits between neighbouring floats of one verdict and one
kind (the parts that fail change, or whether every bit is lost), so a view
that said only the verdict and the kind would print the same words twice.
"""

import json
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from gradcli.checker.verdict import Verdict
from gradcli.cli import cli
from gradcli.sweep.results import Threshold
from gradcli.views import audit_cases, sweep_rows
from gradcli.views.html import render_sweep

SPLITS = {  # formula and range -> dtype; each has a threshold of one verdict and one kind both sides
    "sqrt(1-cos(x)) x=0.0001:1:11": "float64",  # the value's cancellation ends, the gradient's goes on
    "sqrt(1-cos(x)) x=-1:1:21": "float64",
    "log(1+x) x=-0.001:0.001:11": "float32",  # the cancellation loses every bit nearer 0
}


def sweep(case, *extra):
    formula, range_ = case.split(" ")
    result = CliRunner().invoke(cli, ["sweep", formula, "--range", range_, "--dtype", SPLITS[case], *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module", params=sorted(SPLITS))
def swept(request):
    """The case, its ``gradcli.sweep/1`` dict and its terminal view."""
    return request.param, json.loads(sweep(request.param, "--json")), sweep(request.param)


def thresholds(sweep_dict):
    return [t for d in sweep_dict["dtypes"].values() for t in d["thresholds"]]


def test_each_case_splits_within_one_verdict_and_kind(swept):
    _, data, _ = swept
    alike = [t for t in thresholds(data) if (t["from"], t["from_kind"]) == (t["to"], t["to_kind"])]
    assert alike, "the case no longer splits within one verdict and kind: pick another"
    for t in alike:
        assert (t["from_parts"], t["from_lost_all"]) != (t["to_parts"], t["to_lost_all"])


def test_json_sides_differ(swept):
    _, data, _ = swept
    for t in thresholds(data):
        assert t["from_said"] != t["to_said"], t


def test_terminal_sides_differ(swept):
    _, data, text = swept
    lines = re.findall(r"^    x = (\S+) is (.+), (\S+) is (.+)$", text, re.MULTILINE)
    inside = sum(int(n) for n in re.findall(r"^  (\d+) more thresholds? lies? inside the rows above", text, re.MULTILINE))
    assert len(lines) + inside == len(thresholds(data))
    for at, before, nxt, after in lines:
        assert before != after, f"x = {at} is {before}, {nxt} is {after}"


def test_report_findings_sides_differ(swept):
    """The Markdown and HTML reports list a threshold's finding under its two sides' words."""
    _, data, _ = swept
    found = audit_cases.sweep_findings(data)
    assert found
    for where, _ in found:
        before, after = where.split(", ", 1)[1].split(" -> ")
        assert before != after, where


def test_html_plot_titles_sides_differ(swept):
    _, data, _ = swept
    page = render_sweep(data)
    svg = ET.fromstring(page[page.index("<svg") : page.index("</svg>") + len("</svg>")])
    titles = [line.findtext("title") for line in svg.iter("line")]
    rows = {dtype: sweep_rows.rows(d["intervals"]) for dtype, d in data["dtypes"].items()}
    edges = [t for dtype, d in data["dtypes"].items() for t in d["thresholds"]
             if not sweep_rows.inside_a_row(rows[dtype], t["variable"], t["at"], t["next"])]
    assert titles and len(titles) == len(edges)  # a threshold inside a band (a joined row) is not drawn
    for title in titles:
        before, after = title.split(" -> ")
        assert before != after, title


def test_parts_named_only_where_they_change():
    parts = Threshold("x", 1.0, 1.5, Verdict.UNSTABLE, Verdict.UNSTABLE, None, "cancellation", "cancellation",
                      ("value", "gradient"), ("gradient",))
    assert parts.said() == ("unstable (cancellation, the value and gradient failing)",
                            "unstable (cancellation, the gradient failing)")
    lost = Threshold("x", 1.0, 1.5, Verdict.UNSTABLE, Verdict.UNSTABLE, None, "cancellation", "cancellation",
                     ("value",), ("value",), False, True)
    assert lost.said() == ("unstable (cancellation)", "unstable (cancellation, every bit lost)")
    kinds = Threshold("x", 1.0, 1.5, Verdict.OK, Verdict.UNSTABLE, None, None, "overflow", (), ("value",))
    assert kinds.said() == ("ok", "unstable (overflow)")


def test_a_nan_is_not_said_of_a_part_that_only_lost_its_digits():
    # 1 / (1 + 10**u) past 10**u's overflow: the value rounds to 0 (its exact value a subnormal, every digit lost),
    # the gradient is NaN; beside it only the gradient fails. The kind is the point's, not each part's.
    band = Threshold("d", -131062.5, -131062.49, Verdict.UNSTABLE, Verdict.UNSTABLE, None, "nan", "nan",
                     ("gradient",), ("value", "gradient"), True, True)
    before, after = band.said()
    assert after == "unstable (nan, the value and gradient failing, every bit lost)"
    assert before == "unstable (nan, the gradient failing, every bit lost)"
    assert "nan in the value" not in after
