"""An operator a user's autograd.Function.backward writes (``1 - 1 / (1 + torch.exp(x))``) is shown as the line
writes it: its sentence names the expression with the numbers it met, and the line is marked at the expression's own
operator symbol, not at a call among its operands. Truth: the source text itself."""

from types import SimpleNamespace

from gradcli.capture.lines import operator_span, written_with_values
from gradcli.checker.provenance import spelled_findings
from gradcli.checker.results import Finding
from gradcli.views.formatting import finding_underline

LINE = "        return grad * (1 - 1 / (1 + torch.exp(x)))\n"
WRITTEN = "1 - 1 / (1 + torch.exp(x))"


def _finding(tmp_path):
    (path := tmp_path / "rules.py").write_text("import torch\n" + LINE)
    return Finding("cancellation", "backward", "subtract", "cancellation: subtract(1, 1.0) = 0.0 subtracts nearly "
                   "equal numbers", location=f"{path}:2")


def test_the_sentence_names_the_operator_as_written_with_its_numbers(tmp_path):
    finding = _finding(tmp_path)
    spelled_findings([finding], {(finding.location, "subtract", False): f"{WRITTEN} (aten.rsub)"})
    assert finding.op == f"{WRITTEN} (aten.rsub)" and finding.gradcli_op == "subtract"
    assert finding.message == f"cancellation: {WRITTEN} (1 - 1.0) = 0.0 subtracts nearly equal numbers"


def test_the_line_is_marked_at_the_expressions_own_operator(tmp_path):
    finding = _finding(tmp_path)
    spelled_findings([finding], {(finding.location, "subtract", False): f"{WRITTEN} (aten.rsub)"})
    shown, carets = finding_underline(SimpleNamespace(kind="python"), finding).splitlines()
    at = LINE.strip().index(WRITTEN) + WRITTEN.index(" - ") + 1  # the first "-", the subtraction the op is
    assert shown.strip() == LINE.strip() and carets.strip() == "^" and carets.index("^") - shown.index("r") == at


def test_an_operators_values_take_its_operands_places():
    assert written_with_values("grad_output / u", ["1.0", "0.0"]) == "1.0 / 0.0"
    assert written_with_values("-(a * b)", ["[1.0, 2.0]"]) == "-([1.0, 2.0])"
    assert written_with_values("torch.exp(x)", ["1.0"]) is None  # a call, no operator
    assert written_with_values("a / b", ["1.0"]) is None
    text = "x ** -y"
    assert text[slice(*operator_span(text))] == "**"
