"""A real audit to render: AuditReports built from real checks and sweeps, for the report-view tests."""

import json

import gradcli
from gradcli.audit.results import AuditReport, CaseResult
from gradcli.checker.verdict import Verdict
from gradcli.render import jsonable

HEADLINE = "log(1+exp(x))"
# A case name full of HTML and Markdown: every view must show it as text.
HOSTILE = "<script>alert('x')</script> | *bold* [link](javascript:1)"
TRACEBACK = 'Traceback (most recent call last):\n  File "models.py", line 3, in loss\nZeroDivisionError: float division by zero'


def worst_by_dtype(check=None, sweep=None):
    """Each dtype's worst verdict over a check's points or a sweep's intervals."""
    found = {}
    for r in (check or {}).get("results", []):
        found[r["dtype"]] = Verdict.worst(found.get(r["dtype"], Verdict.OK), r["status"])
    for dtype, swept in (sweep or {}).get("dtypes", {}).items():
        found[dtype] = Verdict.worst(*(i["status"] for i in swept["intervals"]))
    return found


def case(name, status, check=None, sweep=None, expect=None, reason="", target=HEADLINE, seconds=0.5):
    by_dtype = worst_by_dtype(check, sweep)
    return CaseResult(
        name=name,
        target=target,
        status=status,
        seconds=seconds,
        check=check,
        sweep=sweep,
        worst=Verdict.worst(*by_dtype.values()),
        worst_by_dtype=by_dtype,
        expect=expect,
        reason=reason,
    )


def sample_report():
    """Five cases: a failing check (read back from JSON), the same check expected unstable (passes),
    a failing sweep, a passing check and an error; with a baseline compared."""
    check = gradcli.check(HEADLINE, [{"x": 100.0}, {"x": 1.0}], dtypes=("float32", "float64"), fixes=False).to_dict()
    from_json = json.loads(json.dumps(jsonable(check)))  # as a worker or a merged shard hands it over
    sweep = gradcli.sweep(HEADLINE, {"x": (-100, 100, 21)}, fixes=False).to_dict()
    calm = gradcli.check("sin(x)", [{"x": 1.0}], dtypes=("float32", "float64"), fixes=False).to_dict()
    cases = [
        case("headline", "fail", check=from_json, reason="worst verdict unstable (float32 at x = 100)"),
        case("expected", "pass", check=check, expect=Verdict.UNSTABLE, reason="worst verdict unstable, as expected"),
        case("swept", "fail", sweep=sweep, reason="worst verdict unstable"),
        case("calm", "pass", check=calm, target="sin(x)", seconds=0.25),
        CaseResult(name=HOSTILE, target="models.py:loss", status="error", seconds=0.1, error=TRACEBACK, reason="it raised"),
    ]
    return AuditReport(cases=cases, seconds=3.5, regressions=["headline"], fixed=["old"], baseline="baseline.json")
