"""A rewrite is offered as the same function: one whose exact answers leave the original's is refused and said so,
however well it re-checks (a catalogue slip, such as a dropped sign, must never reach the user as a fix)."""

import numpy as np

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
    same = [np.array(2.0), np.array([1.0, np.nan])]
    assert fixes._first_difference(same, [np.array(2.0 * (1 + 1e-12)), np.array([1.0, 5.0])]) is None
    assert fixes._first_difference(same, [np.array(2.0), np.array([1.5, np.nan])]) == 1
    assert fixes._first_difference(same, [None, np.array([1.0, np.nan])]) is None


def test_a_rewrite_with_no_value_where_the_original_has_one_is_another_function():
    # a slope may end at the rewrite's own switch; the value of the same function is a number wherever the original's is
    assert fixes._first_difference([np.array(0.75), np.array([0.0, 1.0])], [np.array(np.nan), np.array([0.0, 1.0])]) == 0
    assert fixes._first_difference([np.array(0.75), np.array([0.0, 1.0])], [np.array(0.75), np.array([0.0, np.nan])]) is None
    assert fixes._first_difference([np.array(np.nan)], [np.array(0.75)]) is None  # the rewrite completes a 0 / 0


def test_a_double_where_guard_that_broadcasts_its_argument_is_not_offered(tmp_path):
    # A smoothed C-index: the mask is 4 x 4, r a 4-vector. Guarding r with the mask (where(comparable, r, 1.0))
    # broadcasts it to 4 x 4 and the pairs to 4 x 4 x 4: another function, NaN at s = 0 where the original is 0.4.
    path = tmp_path / "cindex.py"
    path.write_text(
        "import gradcli.numpy as np\n"
        "TIMES = np.array([1.0, 2.0, 3.0, 4.0])\n"
        "EVENTS = np.array([1.0, 1.0, 0.0, 1.0])\n\n\n"
        "def concordance(r, s):\n"
        "    comparable = (TIMES[:, None] < TIMES[None, :]) & (EVENTS[:, None] > 0)\n"
        "    pair = 1.0 / (1.0 + np.exp(-(r[:, None] - r[None, :]) / s))\n"
        "    return np.sum(np.where(comparable, pair, 0.0)) / np.sum(comparable)\n"
    )
    report = gradcli.check(f"{path}:concordance", [{"r": np.array([0.5, -0.3, 1.2, 0.1]), "s": 0.0}],
                           dtypes=("float64",))
    assert "double where" not in [f.name for f in report.fixes], [f.note for f in report.fixes]
    assert any("double where (another function: its exact value at" in n for n in report.notes), report.notes
