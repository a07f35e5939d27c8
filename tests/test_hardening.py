"""Regression tests of hardening findings, one per class: crashes, hangs and broken promises.

Every CLI run is in this process (`fuzz.targets.run_cli`, with ``--debug``, so
that a recorded Python warning or an internal error's traceback would show) and
is held to the fuzz harness's promises: exit 0, 1 or 2, no traceback, no warning.
Hangs are work counted (`bounded_work`), never seconds.
"""

from __future__ import annotations

import json
import textwrap
import tomllib
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from bounded_work import bounded_work
from fuzz.targets import check_promises, run_cli

import gradcli
from gradcli.errors import InputError
from gradcli.expr.parse import parse

ROOT = Path(__file__).resolve().parents[1]


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def refused(text):
    """The parser's refusal of ``text``, its work counted: a few dozen calls per character at most."""
    with bounded_work() as work:
        with pytest.raises(InputError) as caught:
            parse(text)
    assert work.calls <= 50_000 + 40 * len(text), work.calls
    return caught.value.message


# -- decimal literals: beyond float64, huge exponents, long digit runs ----------------------


@pytest.mark.parametrize(
    "text, says",
    [
        ("1" * 4301 + ".", "larger than the largest float64"),
        ("x*0." + "0" * 4300 + "1", "smaller than the smallest positive float64"),  # was silently 0
        ("1e99999999", "larger than the largest float64"),
        ("x*1e-99999999", "smaller than the smallest positive float64"),
        ("77e222222222/2", "larger than the largest float64"),
        ("x*1e10000000", "larger than the largest float64"),  # 48 s before
        ("x*1e" + "9" * 19_000, "larger than the largest float64"),  # an exponent too long for int()
        ("x*2.4e-324", "smaller than the smallest positive float64"),
        ("x*1." + "1" * 1_500, "1,501 significant digits"),
    ],
    ids=lambda v: v[:20] if isinstance(v, str) else None,
)
def test_literals_beyond_what_gradcli_reads_are_refused_at_once(text, says):
    assert says in refused(text)


@pytest.mark.parametrize(
    "text, exact",
    [
        ("x*1e-310", Fraction(1, 10**310)),  # subnormal in float64, exact to sympy
        ("x*0.1e309", Fraction(10**308)),
        ("x*1_0.5e1_0", Fraction(105 * 10**9)),
        ("x*0e99999999", Fraction(0)),  # zero whatever its exponent
        ("x*0." + "0" * 300 + "25", Fraction(25, 10**302)),
    ],
)
def test_literals_within_float64_keep_their_exact_value(text, exact):
    with bounded_work():
        assert parse(text).root.right.exact == exact


def test_an_error_after_a_long_run_of_digits_is_found_without_backtracking():
    # The implicit-product pattern backtracked quadratically over 19,990 digits before '.+' (10 s).
    assert "ends after an operator ('+')" in refused("9" * 19_990 + ".+")
    assert "'12x' is not a product" in refused("1" * 19_990 + " + 12x")


def test_a_python_warning_from_the_parser_never_shows():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert "comparisons" in refused("1is n")
    assert caught == []  # SyntaxWarning: invalid decimal literal, before
    outcome = cli("diff", "1is n")
    assert outcome.code == 2 and "Warning" not in outcome.stderr


# -- diff of formulas whose sympy form is complex or not real-comparable ------------------------


@pytest.mark.parametrize("text", ["where(atanh(8) < x, x, 1)", "where(minimum(atanh(8), x) < x, x, 1)", "where(0/0 < x, x, 1)"])
def test_a_comparison_with_a_nan_is_false_as_in_numpy(text):
    outcome = cli("diff", text)
    assert outcome.code == 0
    assert outcome.stdout.splitlines() == ["f(x) = 1", "d/dx f = 0"]


def test_unequal_to_a_nan_is_true():
    assert cli("diff", "where(atanh(8) != x, x, 1)").stdout.splitlines() == ["f(x) = x", "d/dx f = 1"]


@pytest.mark.parametrize("fmt", [("--format", "python"), ("--json",), ()])
def test_sign_of_any_real_function_has_a_derivative_every_printer_writes(fmt):
    outcome = cli("diff", "sign(log10(x))", *fmt)
    assert outcome.code == 0
    if fmt == ("--json",):
        data = json.loads(outcome.stdout)
        assert data["derivatives"]["x"] == "2*DiracDelta(log10(x))/(x*log(10))"
        assert "Derivative" not in data["python"]["x"]
    else:
        assert "Derivative(" not in outcome.stdout


@pytest.mark.parametrize(
    "text, part, why",
    [
        ("x*hypot(2, atanh(pi))", "atanh(pi)", "is not real"),
    ],
)
def test_a_constant_sympy_cannot_evaluate_is_named(text, part, why):
    for fmt in ((), ("--json",)):
        outcome = cli("diff", text, *fmt)
        assert outcome.code == 2
        first, echoed, carets = outcome.stderr.splitlines()[:3]
        assert first.startswith(f"error: {part} {why}")
        assert echoed.strip() == text and carets.strip() == "^" * len(part)


# -- points, options, user code ----------------------------------------------------------------


def test_array_points_that_do_not_broadcast_name_both_shapes():
    outcome = cli("grad", "x*y", "--at", "x=[1,2],y=[1,2,3]")
    assert outcome.code == 2
    assert "x has shape (2,) and y has shape (3,)" in outcome.stderr
    with pytest.raises(ValueError, match=r"x has shape \(2,\) and y has shape \(3,\)"):
        gradcli.check("x*y", {"x": [1.0, 2.0], "y": [1.0, 2.0, 3.0]})
    assert cli("grad", "x*y", "--at", "x=[[1],[2]],y=[1,2,3]").code == 0  # (2, 1) and (3,) broadcast


def test_a_negative_seed_is_bad_usage():
    outcome = cli("grad", "x", "--at", "1", "--seed", "-1")
    assert outcome.code == 2 and "'--seed'" in outcome.stderr


@pytest.fixture
def user_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "exits.py").write_text("import sys\nsys.exit(4)\n")
    (tmp_path / "closes.py").write_text("raise GeneratorExit('at import')\n")
    (tmp_path / "raising.py").write_text(textwrap.dedent("""
        def base(x):
            raise BaseException("boom")

        def generator_exit(x):
            raise GeneratorExit("closed")

        def exits(x):
            import sys
            sys.exit(5)

        def interrupted(x):
            raise KeyboardInterrupt
    """))
    return tmp_path


@pytest.mark.parametrize(
    "target, says",
    [("exits.py:f", "exits.py exited with status 4 while being imported"),
     ("closes.py:f", "importing closes.py failed: GeneratorExit: at import")],
)
def test_a_module_that_exits_or_raises_anything_while_imported_is_bad_input(user_code, target, says):
    outcome = cli("grad", target, "--at", "1")
    assert outcome.code == 2 and says in outcome.stderr


@pytest.mark.parametrize(
    "name, error",
    [("base", "BaseException: boom"), ("generator_exit", "GeneratorExit: closed"), ("exits", "SystemExit: 5")],
)
def test_a_target_raising_anything_is_status_error_naming_it(user_code, name, error):
    outcome = cli("grad", f"raising.py:{name}", "--at", "1", "--json")
    results = json.loads(outcome.stdout)["results"]
    assert [r["status"] for r in results] == ["error", "error"]
    assert all(r["error"] == error for r in results)


def test_keyboard_interrupt_still_stops_with_130(user_code):
    assert run_cli(["grad", "raising.py:interrupted", "--at", "1"]).code == 130


# -- warnings and verdicts at the edges --------------------------------------------------------


@pytest.mark.parametrize("text", ["x", "x*x", "exp(x)"])
def test_no_numpy_warning_at_the_largest_double(text):
    outcome = cli("grad", text, "--at", "1.7976931348623157e308")
    assert "Warning" not in outcome.stderr and "overflow encountered" not in outcome.stderr


def test_log_base_one_is_a_domain_verdict_like_division_by_zero():
    statuses = {}
    for text in ("x + log(2, 1)", "x + 1/0", "x + log(x, 1)"):
        data = json.loads(cli("grad", text, "--at", "2", "--json").stdout)
        statuses[text] = {r["status"] for r in data["results"]}
    assert set(map(frozenset, statuses.values())) == {frozenset({"domain"})}, statuses


@pytest.mark.parametrize(
    "text, value, gradient",
    [
        ("x*2**ceil(-1)", 0.75, 0.5),  # NumPy: an int64 to a negative int64 power raises
        ("x*2**sign(-3)", 0.75, 0.5),
        ("x*2**floor(-2)", 0.375, 0.25),
        ("x*(-8)**floor(-1)", -0.1875, -0.125),
        ("x + ceil(9223372036854775807)*2", 2.0**64 + 1.5, 1.0),  # int64 would wrap to -0.5
    ],
)
def test_integer_functions_of_literals_are_real_arithmetic(text, value, gradient):
    # floor, ceil, sign, ... of an integer literal are NumPy integers in NumPy;
    # in a formula they are numbers: no error, no wrap-around, no promotion.
    report = gradcli.check(text, {"x": 1.5}, dtypes=("float32", "float64"))
    for result in report.results:
        assert result.status == "ok", (result.dtype, result.error)
        assert float(result.value) == pytest.approx(value, rel=1e-6)
        assert float(result.gradient["x"]) == pytest.approx(gradient, rel=1e-6)
        assert np.asarray(result.value).dtype == np.dtype(result.dtype) or isinstance(result.value, float)


def test_the_license_is_an_spdx_string():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"
    assert "setuptools>=77" in project["build-system"]["requires"]  # where the string form is understood


def test_a_shape_that_is_no_shape_is_refused_without_backtracking():
    # `--random` read its shape with a pattern that backtracked quadratically over blanks (6 s for 20,000).
    outcome = cli("grad", "x", "--random", "x=(1" + " " * 20_000 + "x")
    assert outcome.code == 2 and "is not a shape such as (1000,)" in outcome.stderr
