"""Cases a baseline holds that the run lacks: said in the summary and every report, never failing the run.

A case the spec no longer has is named; a shard's run lacks the other
shards' cases by design, so those are counted as another shard's, not as
removed.
"""

import json
import xml.etree.ElementTree as ET

from gradcli.audit.baseline import compare
from gradcli.audit.results import AuditReport, CaseResult, shard_of
from gradcli.views import html, junit, markdown
from gradcli.views.terminal_audit import summary

LABEL = "in the baseline, not in this run"


def case(name, status="pass"):
    return CaseResult(name=name, target="log(1+exp(x))", status=status)


def names_in_shard(shard, n, count):
    """``count`` case names that hash to ``shard`` of ``n``."""
    return [name for name in (f"case {i}" for i in range(100)) if shard_of(name, n) == shard][:count]


def test_a_case_removed_from_the_spec_is_named_everywhere_and_fails_nothing():
    baseline = AuditReport(cases=[case("kept"), case("removed", "fail")])
    report = compare(AuditReport(cases=[case("kept")]), baseline, "baseline.json")
    assert report.not_in_run == {"removed": ""} and report.ok
    assert json.loads(json.dumps(report.to_dict()))["not_in_run"] == {"removed": ""}
    assert f"\n  {LABEL}: removed" in summary(report)
    assert f"- {LABEL}: removed" in markdown.render(report)
    assert f"{LABEL}: removed" in html.render(report)
    properties = ET.fromstring(junit.render(report)).find("testsuite/properties")
    said = {p.get("name"): p.get("value") for p in properties}
    assert said["baseline"] == "baseline.json" and said[f"baseline: {LABEL}"] == "removed"


def test_a_shards_run_counts_the_other_shards_cases_as_theirs():
    mine, theirs = names_in_shard(1, 2, 2), names_in_shard(2, 2, 3)
    baseline = AuditReport(cases=[case(name) for name in mine + theirs + ["gone"]])
    gone = "gone" if shard_of("gone", 2) == 1 else None  # a removed case of this shard is named; another shard's counted
    run = AuditReport(cases=[case(name) for name in mine], shard=(1, 2))
    report = compare(run, baseline, "whole.json")
    assert all(report.not_in_run[name] == "in shard 2/2; this run is shard 1/2" for name in theirs) and report.ok
    others = len(theirs) + (gone is None)
    lines = [line for line in summary(report).splitlines() if LABEL in line]
    assert f"{others} cases in shard 2/2; this run is shard 1/2" in lines[-1]
    assert lines[:-1] == ([f"  {LABEL}: gone"] if gone else [])


def test_nothing_is_said_when_the_run_has_every_case():
    baseline = AuditReport(cases=[case("a"), case("b")])
    report = compare(AuditReport(cases=[case("a"), case("b", "fail")]), baseline, "baseline.json")
    assert report.not_in_run == {} and LABEL not in summary(report) and LABEL not in markdown.render(report)
