"""A rewrite is offered as the same function: one whose exact answers leave the original's is refused and said so,
however well it re-checks (a catalogue slip, such as a dropped sign, must never reach the user as a fix)."""

import gradcli
from gradcli.checker import fixes


def _erf_complement_with_its_sign_dropped(self, node):
    inner = fixes._sum_with_one(node)
    if fixes._call(inner, "erf", 1):
        return f"erfc({self.raw(inner.args[0])})"  # planted: erfc(u) where 1 + erf(u) is erfc(-u)
    return None


def _erf_report():
    return gradcli.check("0.5*x*(1+erf(x/sqrt(2)))", [{"x": -10.0}], dtypes=("float64",))


def test_the_catalogues_erf_complement_is_the_same_function_and_offered():
    report = _erf_report()
    assert [f.name for f in report.fixes] == ["erf complement"]


def test_a_rewrite_that_computes_another_function_is_refused_however_it_rechecks(monkeypatch):
    monkeypatch.setattr(fixes._Rewriter, "erf_complement", _erf_complement_with_its_sign_dropped)
    report = _erf_report()
    assert "erf complement" not in [f.name for f in report.fixes]
    assert any("erf complement (another function: its exact value at x=-10 float64 differs" in n for n in report.notes), report.notes


def test_exact_answers_beyond_one_sides_domain_say_nothing_and_close_ones_agree():
    import numpy as np

    same = [np.array(2.0), np.array([1.0, np.nan])]
    assert fixes._first_difference(same, [np.array(2.0 * (1 + 1e-12)), np.array([1.0, 5.0])]) is None
    assert fixes._first_difference(same, [np.array(2.0), np.array([1.5, np.nan])]) == 1
    assert fixes._first_difference(same, [None, np.array([1.0, np.nan])]) is None
