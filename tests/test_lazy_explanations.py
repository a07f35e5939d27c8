"""An unstable point's explanation, and the exact numbers' text, are made when first read, and are those made at once.

The explanation (the op that lost the accuracy, from the program replayed at
high precision and recorded in the working dtype) is read by views alone; a
check whose findings nobody reads does not make it. Whoever reads them (JSON,
a copy, a pickle for a worker process) gets the same findings in the same
order as a check that made them at once.
"""

import json
import pickle

import mpmath

import gradcli
from gradcli.checker import point
from gradcli.checker.results import Finding, PointResult

# Unstable in float32 and float64: cancellation explained, after the differences' own finding.
CASES = [("(1 - cos(x))/(x*x)", [1e-5, 2.0]), ("sqrt(x + 1) - sqrt(x)", [1e12]), ("exp(x) - 1", [1e-9])]


def _made_at_once(monkeypatch):
    monkeypatch.setattr(PointResult, "explain_later", lambda self, make: self.findings.extend(make(self)))


def _json(report):
    return json.dumps(report.to_dict(), sort_keys=True, default=str)


def test_findings_read_later_are_those_made_at_once(monkeypatch):
    lazy = [gradcli.check(text, points) for text, points in CASES]
    pending = [r for report in lazy for r in report.results if "_pending_findings" in r.__dict__]
    assert len(pending) >= 4  # explanations were left to be made
    with mpmath.workdps(60):  # the reader's own precision does not move them
        lazy_json = [_json(report) for report in lazy]
    _made_at_once(monkeypatch)
    assert lazy_json == [_json(gradcli.check(text, points)) for text, points in CASES]
    assert any("cancellation" in text for text in lazy_json)


def test_a_pickled_or_copied_result_carries_its_explanations(monkeypatch):
    report = gradcli.check(*CASES[0])
    copied = pickle.loads(pickle.dumps(report))
    _made_at_once(monkeypatch)
    assert _json(copied) == _json(report) == _json(gradcli.check(*CASES[0]))


def test_findings_added_after_an_explanation_come_after_it_and_before_the_method_notes():
    report = gradcli.check(*CASES[0])
    result = next(r for r in report.results if "_pending_findings" in r.__dict__)
    later = Finding("nonfinite", "forward", "later", "added after the explanation was left to be made")
    result.findings.append(later)
    kinds = [f.kind for f in result.findings]
    assert "cancellation" in kinds and "fd-unreliable" in kinds  # the explanation and the differences' own note
    assert kinds.index("cancellation") < result.findings.index(later) < kinds.index("fd-unreliable")


def test_a_result_with_its_explanation_pending_goes_with_its_report():
    import gc
    import weakref

    report = gradcli.check(*CASES[0])
    result = next(r for r in report.results if "_pending_findings" in r.__dict__)
    gone = weakref.ref(result)
    gc.disable()
    try:
        del report, result
        assert gone() is None  # no reference cycle: freed without the cycle collector
    finally:
        gc.enable()


def test_exact_texts_read_later_are_those_made_at_once(monkeypatch):
    points = [800.0, 1.0, -800.0]  # beyond float64, ordinary, below it
    lazy = gradcli.check("exp(x)", points)
    assert all(type(r.__dict__["_exact_value_text"]).__name__ == "Later" for r in lazy.results if r.status != "error")
    with mpmath.workdps(60):
        lazy_json = _json(lazy)
    monkeypatch.setattr(point, "Later", lambda make, *args: make(*args))
    assert lazy_json == _json(gradcli.check("exp(x)", points))
    assert "2.7263745721125665674e+347" in lazy_json
