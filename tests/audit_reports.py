"""A real audit to render: AuditReports built from real checks and sweeps, for the report-view tests."""

import json
from html.parser import HTMLParser

import gradcli
from gradcli.audit.results import AuditReport, CaseResult
from gradcli.checker.verdict import Verdict
from gradcli.jsondata import jsonable

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


# -- reading HTML back ---------------------------------------------------------------

VOID = {"meta", "br", "img", "input", "link", "hr", "col", "area", "base", "source", "wbr"}


class Node:
    """An element of a parsed page: tag, attributes, children (Nodes and strings)."""

    def __init__(self, tag, attrs):
        self.tag, self.attrs, self.children = tag, dict(attrs), []

    def iter(self, tag=None):
        if tag is None or self.tag == tag:
            yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter(tag)

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self):
        return self.attrs.get("class", "").split()


class TreeBuilder(HTMLParser):
    """html.parser made into a tree; it fails loudly on a closing tag that closes nothing open."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, attrs))

    def handle_endtag(self, tag):
        assert tag in [n.tag for n in self.stack], f"</{tag}> closes nothing"
        while self.stack.pop().tag != tag:
            pass

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse_html(text):
    """The page as a tree of Nodes; every element closed (asserted)."""
    builder = TreeBuilder()
    builder.feed(text)
    builder.close()
    assert [n.tag for n in builder.stack] == ["#document"], "unclosed elements"
    return builder.root


def case_rows(page):
    """The cases table as read: per case tbody, its first row's cell texts."""
    table = next(t for t in page.iter("table") if "cases" in t.classes())
    return [[td.text().strip() for td in next(body.iter("tr")).iter("td")] for body in case_bodies(table)]


def case_bodies(table):
    """The tbody of each case: the table's own, not those of the tables inside its details."""
    return [c for c in table.children if isinstance(c, Node) and c.tag == "tbody"]
