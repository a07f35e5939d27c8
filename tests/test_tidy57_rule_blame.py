"""rule_blame's naming of a user's rule judged alone: what cannot be computed exactly leaves the finding as it was,
and a slip in the search itself surfaces instead of passing for "no rule to name"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gradcli.checker import rule_blame


class _Bridge:
    """A bridge whose forward is the identity and whose rules judged alone answer ``judged`` or raise it."""

    def __init__(self, judged):
        self.judged = judged

    def forward(self, x):
        return x

    def rules_alone(self, args, cotangent):
        if isinstance(self.judged, BaseException):
            raise self.judged
        return self.judged


def _finding():
    return SimpleNamespace(location="loss.py:3", op="gradient rule", message="the rule is off")


def test_a_rule_off_alone_is_named_at_its_def():
    finding = _finding()
    judged = [("inner", "loss.py:5", [2.0], [2.0]), ("outer", "loss.py:9", [3.0], [1.0])]
    rule_blame._name_the_rule(finding, _Bridge(judged), [0.5])
    assert (finding.location, finding.op) == ("loss.py:9", "gradient rule outer")
    assert "judged alone" in finding.message


@pytest.mark.parametrize("error", [ValueError("math domain error"), TypeError("no mpmath loop"), ZeroDivisionError(),
                                   NotImplementedError("no exact path")])
def test_a_rule_that_cannot_run_exactly_leaves_the_finding_as_it_was(error):
    finding = _finding()
    rule_blame._name_the_rule(finding, _Bridge(error), [0.5])
    assert vars(finding) == vars(_finding())


@pytest.mark.parametrize("error", [KeyError("gradcli_cotangent"), AttributeError("rule")])
def test_a_slip_in_the_search_itself_surfaces(error):
    with pytest.raises(type(error)):
        rule_blame._name_the_rule(_finding(), _Bridge(error), [0.5])
