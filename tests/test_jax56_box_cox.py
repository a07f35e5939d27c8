"""Box-Cox's ``(x**lam - 1)/lam`` at lam = 1e-9 (issue 28): the powm1 rewrite, ``expm1(lam*log(x))/lam``, fixes the
value, but its slope in lam is the quotient rule's two terms near log(x)/lam, which still cancel; JAX's own
``jax.scipy.special.boxcox`` is that same quotient. The stable ``log(x)*exprel(lam*log(x))`` is offered as the box-cox
rewrite (exprel's series where lam*log(x) is small), and the powm1 rewrite is declined with why. And a rewrite that names its
variables in another order (``expm1(lam*log(x))`` for ``x**lam - 1``) is judged on the same points: it was refused
as "it checks other variables", so the powm1 fix was never offered on a formula naming x first."""

import gradcli
from gradcli.checker.fixes import declined_rewrites
from gradcli.checker.source_fixes import source_rewrites
from gradcli.expr.parse import parse

POINT = [{"x": 2.5, "lam": 1e-9}]
NOT_OFFERED = "rewrites not offered: powm1 (on (x**lam - 1)/lam it fixes the value alone"


def _checked(target):
    return gradcli.check(target, POINT, dtypes=("float64",))


def test_the_powm1_fix_is_judged_on_the_same_points_whatever_its_variables_order():
    report = _checked("x**lam - 1")
    assert [(f.name, f.formula, f.partial) for f in report.fixes] == [("powm1", "expm1(lam*log(x))", False)], report.notes
    assert not any("other variables" in note for note in report.notes)


def test_box_cox_is_offered_no_rewrite_that_leaves_its_slope_in_lam_cancelling():
    report = _checked("(x**lam - 1)/lam")
    assert [f.name for f in report.fixes] == ["box-cox"] and report.results[0].gradient_status.value == "unstable"
    (note,) = [note for note in report.notes if note.startswith("rewrites not offered")]
    assert note.startswith(NOT_OFFERED) and "scipy.special.boxcox(x, lam)" in note


def test_plain_numpy_box_cox_gets_the_same_note(tmp_path):
    path = tmp_path / "transforms56.py"
    path.write_text("import numpy as np\n\n\ndef boxcox(x, lam):\n    return (x**lam - 1.0) / lam\n")
    report = _checked(f"{path}:boxcox")
    assert [f.name for f in report.fixes] == ["box-cox"] and any(note.startswith(NOT_OFFERED) for note in report.notes)


def test_only_a_quotient_by_the_exponent_is_declined():
    assert [name for name, _ in declined_rewrites(parse("(x**lam - 1)/lam"))] == ["powm1"]
    assert [name for name, _ in declined_rewrites(parse("2*((x**(lam + 1) - 1)/(lam + 1))"))] == ["powm1"]
    assert declined_rewrites(parse("(x**lam - 1)/x")) == [] and declined_rewrites(parse("x**lam - 1")) == []
    declined = []
    source = "import numpy as np\n\n\ndef growth(x, lam):\n    return (x**lam - 1) / lam + (x**2 - 1)\n"
    rewrites = source_rewrites(source, [5], "numpy", declined=declined)
    assert [name for name, _ in declined] == ["powm1"]
    assert [text for name, _, edits in rewrites if name == "powm1" for _, text in edits] == ["np.expm1(2 * np.log(x))"]
