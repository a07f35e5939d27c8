"""--atol: a result passes where |computed - exact| <= atol + rtol * |exact|, entrywise (numpy's allclose rule)."""

import json
import math

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
from gradcli import custom_gradient
from gradcli.checker.compare import compare as _compare
from gradcli.cli import cli, main
from gradcli.testing import GradientCheckError, assert_gradients_ok

pytestmark = pytest.mark.usefixtures("quiet_numpy")  # in conftest.py

SOFTPLUS = "log(1+exp(x))"
AT_MINUS_40 = math.log1p(math.exp(-40.0))  # 4.2e-18, which 1 + exp(-40) rounds away in float64


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_the_headline_fails_without_atol_and_passes_with_it():
    assert AT_MINUS_40 == pytest.approx(4.248354255291589e-18, rel=1e-15)
    (strict,) = gradcli.check(SOFTPLUS, [-40.0], dtypes=("float64",), fixes=False).results
    assert strict.value == 0.0 and strict.status == "unstable"
    assert strict.exact_value == pytest.approx(AT_MINUS_40, rel=1e-15)
    (lenient,) = gradcli.check(SOFTPLUS, [-40.0], dtypes=("float64",), atol=1e-12, fixes=False).results
    assert lenient.status == "ok" and lenient.value_status == "ok"
    assert lenient.value_error == 1.0  # the relative error is still reported as it is
    assert any("within --atol 1e-12" in note for note in lenient.notes)


def test_the_command_line_exit_code_follows_atol():
    assert run("check", SOFTPLUS, "--at", "-40", "--dtype", "float64", "--no-fix").exit_code == 1
    assert run("check", SOFTPLUS, "--at", "-40", "--dtype", "float64", "--atol", "1e-12").exit_code == 0


def test_json_records_the_tolerances_of_every_result():
    result = run("grad", SOFTPLUS, "--at", "-40", "--at", "1", "--atol", "1e-12", "--json")
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)["results"]
    # The default rtol per dtype is the documented one; atol is the one given.
    assert [(r["dtype"], r["rtol"], r["atol"]) for r in records] == [
        ("float32", 1e-4, 1e-12),
        ("float64", 1e-10, 1e-12),
    ] * 2
    default = json.loads(run("grad", "x*x", "--at", "1", "--dtype", "float64", "--rtol", "1e-6", "--json").stdout)
    assert (default["results"][0]["rtol"], default["results"][0]["atol"]) == (1e-6, 0.0)


def test_assert_gradients_ok_and_check_take_atol():
    with pytest.raises(GradientCheckError, match="unstable"):
        assert_gradients_ok(SOFTPLUS, [-40.0], dtypes=("float64",))
    report = assert_gradients_ok(SOFTPLUS, [-40.0], dtypes=("float64",), atol=1e-12)
    assert report.results[0].atol == 1e-12
    options = gradcli.CheckOptions(dtypes=("float64",), atol=1e-12, fixes=False)
    assert gradcli.check(SOFTPLUS, [-40.0], options).ok


def test_atol_too_small_for_the_error_still_fails():
    # The error is 4.2e-18 absolute: an atol of 1e-18 does not cover it.
    (result,) = gradcli.check(SOFTPLUS, [-40.0], dtypes=("float64",), atol=1e-18, fixes=False).results
    assert result.status == "unstable"


def test_the_rule_is_allclose_at_its_boundary():
    # Exactly representable numbers: |c - e| = 2^-20 against atol + rtol |e| with e = 1.
    computed, exact = 1.0 + 2.0**-20, mpmath.mpf(1)
    assert _compare(computed, exact, 2.0**-21, 2.0**-21) == (2.0**-20, True)
    assert _compare(computed, exact, 2.0**-21, 2.0**-22) == (2.0**-20, False)
    assert _compare(computed, exact, 2.0**-20, 0.0) == (2.0**-20, True)
    # Entrywise: one entry beyond its tolerance fails the whole array.
    entries = [mpmath.mpf(1), mpmath.mpf(1000)]
    assert _compare(np.array([1.0 + 2.0**-20, 1000.0]), np.array(entries, dtype=object), 2.0**-21, 2.0**-21)[1]
    assert not _compare(np.array([1.0, 1000.0 + 2.0**-10]), np.array(entries, dtype=object), 2.0**-21, 2.0**-21)[1]


def test_an_exact_zero_keeps_its_floor_and_atol_only_widens_it():
    # An exact 0 is compared against max(atol, rtol * max(1, largest exact entry)).
    exact = np.array([mpmath.mpf(0), mpmath.mpf(100)], dtype=object)
    rtol = 1e-10  # floor: 1e-10 * 100 = 1e-8
    assert _compare(np.array([5e-9, 100.0]), exact, rtol, 0.0)[1]  # within the floor
    assert _compare(np.array([5e-9, 100.0]), exact, rtol, 1e-12)[1]  # a smaller atol never narrows it
    assert not _compare(np.array([5e-7, 100.0]), exact, rtol, 0.0)[1]
    assert _compare(np.array([5e-7, 100.0]), exact, rtol, 1e-6)[1]


def test_atol_never_makes_a_check_stricter():
    rng = np.random.default_rng(14)
    for _ in range(300):
        exact = [mpmath.mpf(v) for v in rng.choice([0.0, 1.0, -3.0, 1e-20, 1e5], size=3)]
        computed = np.array([float(e) + float(rng.normal()) * 10.0 ** rng.integers(-25, 0) for e in exact])
        exact = np.array(exact, dtype=object)
        for atol in (1e-30, 1e-12, 1e-3):
            assert _compare(computed, exact, 1e-10, atol)[1] >= _compare(computed, exact, 1e-10, 0.0)[1]


def test_non_finite_entries_fail_whatever_the_atol():
    assert _compare(math.inf, mpmath.mpf(1), 1e-10, 1e300) == (math.inf, False)
    assert _compare(math.nan, mpmath.mpf(0), 1e-10, 1e300) == (math.inf, False)


def test_atol_never_excuses_a_wrong_gradient_rule():
    # A custom gradient off by 2e-20 absolute, far below atol: the rule is still wrong.
    @custom_gradient
    def scaled(x):
        return x * 1e-20, lambda dy: dy * 3e-20

    (result,) = gradcli.check(scaled, [1.0], dtypes=("float64",), atol=1e-12).results
    assert result.status == "wrong"


def test_atol_covers_the_random_direction_check_too():
    # 100 inputs: the gradient is checked along a random direction; each value entry is 4.2e-18.
    def total(x):
        return gnp.sum(gnp.log(1 + gnp.exp(x)))

    point = {"x": np.full(100, -40.0)}
    (strict,) = gradcli.check(total, [point], dtypes=("float64",)).results
    assert strict.value_status == "unstable" and strict.fd_method == "random-direction"
    (lenient,) = gradcli.check(total, [point], dtypes=("float64",), atol=1e-12).results
    assert lenient.status == "ok"


@pytest.mark.parametrize("value", ["-1e-12", "nan", "inf"])
def test_a_bad_atol_exits_2_with_one_paragraph(value, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", SOFTPLUS, "--at", "1", "--atol", value])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert f"--atol {float(value)}" in err and "finite number, 0 or above" in err
    assert "Traceback" not in err and err.strip().count("\n") == 0


def test_atol_that_is_not_a_number_is_clicks_error(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grad", SOFTPLUS, "--at", "1", "--atol", "small"])
    assert stop.value.code == 2
    assert "'small' is not a valid float" in capsys.readouterr().err
