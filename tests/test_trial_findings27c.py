"""What the twenty-seventh round (c) of user trials found (tests/test_user_trials27c.py, tests/trials/cases27c.py), for
the whole class of each finding:

- A1: an audit case (spec table or @gradcli.audit) could not sweep one variable of several while holding the others
  at a value: ``at`` beside ``range`` was refused ("needs either at or range, not both"), where ``gradcli sweep
  --range x=... --at df=3`` does exactly that. Beside a range, ``at`` is now the one point holding the variables not
  swept (with ``args``, some of them), checked when the spec loads.
- A2: the one-line finding every audit report shows (terminal table, Markdown, JUnit message and lines, the HTML
  table) named the op but not the user's file and line, which only the HTML details and JSON carried: a CI reader
  saw "forward multiply: ... overflowed" and had to open the JSON to learn where. It now ends "at file.py:LINE".
- I1: an integer typed for a variable outside --wrt (``--at "z=[1,2,3],label=0" --wrt z``) was made a float64, so
  ``z[label]`` raised IndexError. An integer or a list of integers for a variable outside a given wrt (--at, a
  spec's at, gradcli.check's points) is now data: the function gets the int, or an int64 array.
- P1: gammainc(a, x) + gammaincc(a, x) is 1, but its slope was 'within 2^-33753 of 0 but not proven 0' (error): the
  proofs took the two as unrelated atoms. They now write gammaincc as 1 - gammainc, its slopes negated (as erfc is
  1 - erf), so the sum's slope is 0 by algebra.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import io
import os
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import gn_lib27c  # noqa: E402

import gradcli  # noqa: E402
from gradcli.audit.cases import make_case  # noqa: E402
from gradcli.audit.results import AuditReport, CaseResult  # noqa: E402
from gradcli.audit.run import run_case  # noqa: E402
from gradcli.checker.verdict import Verdict  # noqa: E402
from gradcli.errors import InputError  # noqa: E402
from gradcli.jsondata import jsonable  # noqa: E402
from gradcli.views import audit_cases, html, junit, markdown, terminal_audit  # noqa: E402


# A1: beside a range, at holds the variables not swept.

def _swept_case(at, target="log1p(x*x) + y*y", args=""):
    layers = [{"range": ["x=1e150:1e160:5"], "scale": "log", "at": at, "dtypes": ["float64"], "expect": "unstable"}]
    if args:
        layers[0]["args"] = args
    return make_case("swept", target, layers)


def test_an_audit_case_sweeps_one_variable_holding_the_others_at_its_point():
    result = run_case(_swept_case(["y=3"]))
    assert result.status == "pass", (result.error, result.reason)
    assert result.sweep["fixed"] == {"y": 3.0}
    (threshold,) = result.sweep["dtypes"]["float64"]["thresholds"]
    assert threshold["at"] == 1.3407807929942596e154 and threshold["next"] == np.nextafter(1.3407807929942596e154, np.inf)


@pytest.mark.parametrize("at, words", [
    (["x=1,y=3"], "holds x, which its range sweeps"),
    (["y=3", "y=4"], "holds the variables not swept at one point"),
])
def test_an_audit_case_s_held_point_is_checked_when_the_spec_loads(at, words):
    with pytest.raises(InputError, match=words):
        _swept_case(at)


def test_the_decorator_sweeps_holding_a_variable_too():
    @gradcli.audit(range="x=1e150:1e160:5", scale="log", at=["y=3"], dtypes=["float64"], expect="unstable")
    def cauchy_pair(x, y):
        return -gradcli.numpy.log1p(x * x) - y

    assert cauchy_pair(2.0, 1.0) == pytest.approx(-np.log1p(4.0) - 1.0)


# I1: an integer typed for a variable outside --wrt stays an integer (a label used as an index).

def _label_pick(z, label):
    return gradcli.numpy.sum(z[label] * z[label])


@pytest.mark.parametrize("label, picked", [(2, [2]), ([0, 2], [0, 2]), ([[1], [1]], [1, 1])])
def test_an_integer_outside_wrt_reaches_the_function_as_an_integer(label, picked):
    z = np.array([0.5, -1.25, 3.0])
    check = gradcli.check(_label_pick, [{"z": z, "label": label}], wrt=["z"], dtypes=("float64",))
    (result,) = check.results
    expected = np.zeros(3)
    for i in picked:
        expected[i] += 2 * z[i]
    assert result.status == "ok" and np.allclose(result.gradient["z"], expected, rtol=1e-15, atol=0)


def test_at_keeps_the_integers_typed_for_variables_outside_wrt_only():
    from gradcli.checker.points import parse_point

    point = parse_point("z=[1,2],label=[0,1],k=3,s=2.0", ["z", "label", "k", "s"], data=("label", "k", "s"))
    assert point["label"] == [0, 1] and type(point["k"]) is int and type(point["s"]) is float
    assert point["z"].dtype == np.float64


# P1: the proofs write gammaincc(a, x) as 1 - gammainc(a, x), so a cdf plus its survival function is 1 by algebra.

def _gamma_total(a, x):
    return gradcli.scipy.special.gammainc(a, x) + gradcli.scipy.special.gammaincc(a, x)


def test_the_gamma_cdf_plus_its_survival_function_has_slope_0_proven_at_every_tail():
    points = [{"a": 2.0, "x": 800.0}, {"a": 0.5, "x": 1e-300}, {"a": 30.0, "x": 1e-3}, {"a": 3.5, "x": 2.0}]
    check = gradcli.check(_gamma_total, points, dtypes=("float64",), fixes=False)
    assert [(r.status, r.exact_gradient) for r in check.results] == [("ok", {"a": 0.0, "x": 0.0})] * len(points)


def test_gammaincc_s_slopes_stay_those_of_the_upper_tail():
    import mpmath

    def gap(a, x):
        return gradcli.scipy.special.gammaincc(a, x) - gradcli.scipy.special.gammainc(a, x)

    (result,) = gradcli.check(gap, [{"a": 2.0, "x": 1.0}], dtypes=("float64",), fixes=False).results
    with mpmath.workdps(40):
        lower = lambda a, x: mpmath.gammainc(a, 0, x, regularized=True)  # noqa: E731
        truth = {"a": -2 * mpmath.diff(lambda s: lower(s, 1), 2), "x": -2 * mpmath.diff(lambda t: lower(2, t), 1)}
    assert result.status == "ok"
    for name, value in truth.items():
        assert abs(result.exact_gradient[name] - float(value)) <= 1e-15 * abs(float(value))


# A2: every report's one-line finding names the user's file and line.

@pytest.fixture(scope="module")
def overflowing_correlation():
    check = gradcli.check(gn_lib27c.correlation, [{"x": np.array([1e160, 2e160, 4e160]), "y": np.array([1, 2, 3.5])}],
                          dtypes=("float64",), fixes=False)
    assert check.results[0].status == "unstable"
    source = open(gn_lib27c.__file__).read().splitlines()
    line = next(i for i, text in enumerate(source, 1) if "gnp.sum(xc * xc)" in text)
    by_dtype = {"float64": Verdict.UNSTABLE}
    case = CaseResult(name="correlation", target="gn_lib27c.py:correlation", status="fail", check=jsonable(check.to_dict()),
                      worst=Verdict.UNSTABLE, worst_by_dtype=by_dtype, reason="worst verdict unstable")
    return AuditReport(cases=[case], seconds=1.0), f"gn_lib27c.py:{line}"


def test_every_audit_report_names_the_line_of_the_first_finding(overflowing_correlation):
    report, where = overflowing_correlation
    first = audit_cases.first_finding(report.cases[0])
    assert first.startswith("forward multiply:") and f" at {where} " in first
    out = io.StringIO()
    terminal_audit.print_audit(report, file=out)
    assert where in "".join(out.getvalue().split())  # the table wraps the cell
    assert where in markdown.render(report).replace("\\", "")
    assert where in html.render(report)
    failure = next(ET.fromstring(junit.render(report)).iter("testcase")).find("failure")
    assert where in failure.text  # the message is the case's reason; the text lists its findings
