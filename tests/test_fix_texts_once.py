"""A fix is offered once: two catalogue rewrites that reach the same formula name it once, the first in order."""

import pytest

from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse


@pytest.mark.parametrize("text", ["log(1+exp(x))", "log(1/(1+exp(x)))", "log(1 + exp(2*x))", "-log(1/(1+exp(x)))"])
def test_each_rewritten_text_is_offered_once(text):
    texts = [new for _, _, new in candidate_rewrites(parse(text))]
    assert texts and len(texts) == len(set(texts)), texts


def test_a_base_ten_logistic_keeps_its_own_rewrite():
    offered = {name: new for name, _, new in candidate_rewrites(parse("log(1 + 10^x)"))}
    assert offered.get("log logistic") == "logaddexp(0, x*log(10))"


def test_base_e_is_named_by_the_logaddexp_rewrite_that_comes_first():
    names = [name for name, _, new in candidate_rewrites(parse("log(1+exp(x))")) if new == "logaddexp(0, x)"]
    assert len(names) == 1 and names[0] != "log logistic", names


def test_a_python_line_is_offered_each_edit_once():
    from gradcli.checker.source_fixes import source_rewrites

    source = "import numpy as np\n\n\ndef loss(w):\n    return np.log(1 + np.exp(w))\n"
    offered = source_rewrites(source, [5], namespace="numpy")
    edits = [tuple(edits) for _, _, edits in offered]
    assert edits and len(edits) == len(set(edits)), offered
