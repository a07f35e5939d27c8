"""Box-Cox's ``(x**lam - 1)/lam`` near lam = 0 (issue 28): log(x) exprel(lam log x) in every framework's elementary
functions, exprel's Taylor series where |lam log x| < 1e-3 and expm1(lam log x)/lam elsewhere, the divisor kept off 0
where the series is taken: offered as a fix in the formula's and the user's framework's spelling, and re-checked."""

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse

SERIES = ("where(abs(lam*log(x)) < 0.001, log(x)*(1 + lam*log(x)/2 + (lam*log(x))**2/6 + (lam*log(x))**3/24 + "
          "(lam*log(x))**4/120), expm1(lam*log(x))/where(abs(lam*log(x)) < 0.001, 1, lam))")


def test_the_rewrite_matches_only_a_quotient_by_the_exponent():
    assert [text for name, _, text in candidate_rewrites(parse("(x**lam - 1)/lam")) if name == "box-cox"] == [SERIES]
    assert not any(name == "box-cox" for name, _, _ in candidate_rewrites(parse("(x**lam - 1)/x")))


def test_the_rewrite_is_stable_in_both_slopes_and_at_lam_0():
    # at lam = 1e-9 the quotient's value loses 7 digits and its slope in lam all; at lam = 0 the series answers log(x)
    # and its untaken quotient's slope is no NaN; at lam = 0.01 and x = 1e-5 the expm1 branch
    points = [{"x": 2.5, "lam": 1e-9}, {"x": 2.5, "lam": 0.0}, {"x": 1e-5, "lam": 0.01}]
    report = gradcli.check(SERIES, points, dtypes=("float64",), fixes=False)
    assert [r.status.value for r in report.results] == ["ok"] * 3, [(r.point, r.dtype, r.status) for r in report.results]


def test_a_numpy_module_is_offered_it_in_numpys_spelling_and_rechecked(tmp_path):
    path = tmp_path / "transforms57.py"
    path.write_text("import numpy as np\n\n\ndef boxcox(x, lam):\n    return (x**lam - 1.0) / lam\n")
    report = gradcli.check(f"{path}:boxcox", [{"x": 2.5, "lam": 1e-9}], dtypes=("float64",))
    (fix,) = report.fixes
    assert fix.name == "box-cox" and "np.where(np.abs(lam * np.log(x)) < 0.001, np.log(x) * (1 + " in fix.diff
    assert [v.value for v in fix.before.values()] == ["unstable"] and [v.value for v in fix.after.values()] == ["ok"]
    assert not fix.partial
