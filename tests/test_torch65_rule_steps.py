"""A step of the user's own ``autograd.Function.backward`` is named as the user wrote it and said to be inside that
rule, and a rule that breaks on a number the forward pass had already broken is cleared: the forward op broke.

In ``Ratio.backward`` the user's ``torch.exp(x)`` overflows at x = 100 in float32: the finding names
``torch.exp (aten.exp)`` at that line of the rule, and its sentence ``in backward() of Ratio, torch.exp(100.0)``.
``Log.backward``'s ``grad_output / u`` divides by the 0 that ``torch.exp(-x)`` underflowed to in the forward pass,
and ``Sigmoid.backward``'s ``torch.exp(u)`` meets the inf that ``torch.exp(x)`` overflowed to: each rule computes as
written on what it was handed, so the sentence names the forward op, its line, and says the rule is not to blame.
Every view (terminal, JSON, Markdown, JUnit, HTML) carries these words. The truths: mpmath's derivatives of the
functions and the lines of the source below.
"""

import io
import json
import textwrap
import xml.etree.ElementTree as ET

import mpmath
import pytest
import torch  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
from audit_reports import case, case_rows, parse_html
from read_checks import checked, line_of
from click.testing import CliRunner

import gradcli
from gradcli.audit.results import AuditReport
from gradcli.cli import cli
from gradcli.jsondata import jsonable
from gradcli.views import audit_cases, html, junit, markdown, terminal_audit
from gradcli.views.formatting import finding_underline

SOURCE = textwrap.dedent('''\
    import torch


    class Ratio(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 2

        @staticmethod
        def backward(ctx, grad_output):
            (x,) = ctx.saved_tensors
            e = torch.exp(x)
            return 2 * grad_output * e / e


    class Log(torch.autograd.Function):
        @staticmethod
        def forward(ctx, u):
            ctx.save_for_backward(u)
            return torch.log(u)

        @staticmethod
        def backward(ctx, grad_output):
            (u,) = ctx.saved_tensors
            return grad_output / u


    class Sigmoid(torch.autograd.Function):
        @staticmethod
        def forward(ctx, u):
            ctx.save_for_backward(u)
            return torch.sigmoid(u)

        @staticmethod
        def backward(ctx, grad_output):
            (u,) = ctx.saved_tensors
            e = torch.exp(u)
            return grad_output * e / (1 + e) ** 2


    def doubled(x):
        return Ratio.apply(x)


    def log_of_tiny(x):
        u = torch.exp(-x)
        return Log.apply(u)


    def squashed(x):
        return Sigmoid.apply(torch.exp(x))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("rules") / "rules.py").write_text(SOURCE)
    return str(path)



@pytest.fixture(scope="module")
def doubled(module):
    return gradcli.check(f"{module}:doubled", [{"x": 100.0}], dtypes=("float32",), fixes=False)


def _backward(results):
    """The one result of ``results`` and its one finding of the backward pass."""
    (result,) = results
    (finding,) = [f for f in result.findings if f.phase == "backward"]
    return result, finding


def test_a_step_of_the_users_backward_is_named_as_written_at_its_line_inside_the_rule(module, doubled):
    result, finding = _backward(doubled.results)
    assert result.status.value == "unstable"
    assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.diff(lambda t: 2 * t, 100)), rel=1e-12)
    assert (finding.op, finding.gradcli_op) == ("torch.exp (aten.exp)", "exp")
    assert finding.location == f"{module}:{line_of(SOURCE, 'e = torch.exp(x)')}"
    assert finding.message.startswith("in backward() of Ratio, torch.exp(100.0) gave inf, the first NaN or inf of the "
                                      "backward pass"), finding.message
    # the rule broke on its own: the forward pass handed it a finite 100
    assert "framework's backward pass" not in finding.message and "not the rule" not in finding.message


def test_a_rule_dividing_by_a_forward_underflow_is_cleared_and_the_underflow_named(module):
    report = gradcli.check(f"{module}:log_of_tiny", [{"x": 200.0}], dtypes=("float32",), fixes=False)
    result, finding = _backward(report.results)
    assert result.status.value == "unstable"  # not wrong: the rule's mathematics is right
    # d/dx log(exp(-x)) = -1
    assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.diff(lambda t: mpmath.log(mpmath.exp(-t)), 200)), rel=1e-12)
    # the division named as the rule writes it, with the numbers it met
    assert (finding.op, finding.gradcli_op) == ("grad_output / u (aten.div)", "divide")
    assert finding.location == f"{module}:{line_of(SOURCE, 'return grad_output / u')}"
    assert finding.message == (
        "in backward() of Log, grad_output / u (1.0 / 0.0) gave inf, the first NaN or inf of the backward pass: its 0.0 comes "
        f"from the forward pass, where torch.exp(-200.0) underflowed to 0.0 at rules.py:{line_of(SOURCE, 'u = torch.exp(-x)')}: "
        "the forward op broke, not the rule"), finding.message
    shown, carets = finding_underline(report, finding).splitlines()  # the rule's line, its "/" marked
    assert shown.strip() == "return grad_output / u" and (shown[carets.index("^")], carets.count("^")) == ("/", 1)


def test_a_rule_handed_a_forward_overflow_is_cleared_and_the_overflow_named(module):
    result, finding = _backward(checked(module, "squashed", {"x": 100.0}, ("float32",)))
    assert result.status.value == "unstable"
    with mpmath.workdps(30):  # sigmoid'(e^x) e^x, far below float32 at x = 100: 0 in float32
        exact = mpmath.exp(100) * mpmath.exp(-mpmath.exp(100)) / (1 + mpmath.exp(-mpmath.exp(100))) ** 2
    assert float(result.exact_gradient["x"]) == float(exact) == 0.0
    assert finding.op == "torch.exp (aten.exp)" and finding.location == f"{module}:{line_of(SOURCE, 'e = torch.exp(u)')}"
    assert finding.message == (
        "in backward() of Sigmoid, torch.exp(inf) gave inf: its inf comes "
        "from the forward pass, where torch.exp(100.0) overflowed to inf at "
        f"rules.py:{line_of(SOURCE, 'Sigmoid.apply(torch.exp(x))')}: the forward op broke, not the rule"), finding.message


def test_every_view_carries_the_rules_words(module, doubled):
    words = "in backward() of Ratio, torch.exp(100.0) gave inf"
    check = json.loads(json.dumps(jsonable(doubled.to_dict())))
    (shown,) = [f for f in check["results"][0]["findings"] if f["phase"] == "backward"]
    assert (shown["op"], shown["gradcli_op"]) == ("torch.exp (aten.exp)", "exp") and shown["message"].startswith(words)

    report = AuditReport(cases=[case("rule", "fail", check=check, target=f"{module}:doubled")], seconds=1.0)
    first = audit_cases.first_finding(report.cases[0])
    assert first.startswith("backward torch.exp (aten.exp): " + words), first
    md_row = next(line for line in markdown.render(report).splitlines() if line.startswith("| rule"))
    assert words in md_row
    (html_row,) = case_rows(parse_html(html.render(report)))
    assert html_row[-1] == first
    testcase = next(ET.fromstring(junit.render(report)).iter("testcase"))
    assert words in testcase.find("failure").get("message")
    out = io.StringIO()
    terminal_audit.print_audit(report, file=out)
    assert "torch.exp (aten.exp)" in out.getvalue()

    run = CliRunner().invoke(cli, ["check", f"{module}:doubled", "--at", "x=100", "--dtype", "float32", "--no-fix"])
    assert run.exit_code == 1, run.output
    text = " ".join(run.stdout.split())  # the terminal wraps long sentences
    assert f"backward, torch.exp (aten.exp) at rules.py:{line_of(SOURCE, 'e = torch.exp(x)')}: {words}" in text, text
