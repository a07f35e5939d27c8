"""Vector-valued functions are checked through their Jacobian.

Expectations are hand-derived Jacobians evaluated with math/mpmath, never the
checker's own output; a deliberately wrong custom gradient in one row (and
one along random cotangents, above 64 outputs) must fail the check.
"""

import json
import math
import textwrap

import mpmath
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.cli import main

F64 = ("float64",)


def run(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in argv])
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


SOURCE = textwrap.dedent(
    """
    import gradcli
    import gradcli.numpy as np


    def f(x):
        return np.where(x > 0, np.sqrt(x), 0.0)


    def g(x):
        return np.stack([x[0] * x[1], np.sin(x[2]), np.exp(x[0]) + x[2] ** 2])
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("jac") / "vector.py"
    path.write_text(SOURCE)
    return str(path)


# -- NaN leaking through where, in any row, is wrong ------------------------------------------


def where_sqrt(x):
    return gnp.where(x > 0, gnp.sqrt(x), 0.0)


def test_nan_leaking_through_where_is_wrong_with_the_row_named():
    (result,) = gradcli.check(where_sqrt, {"x": [-1.0, 4.0]}, dtypes=F64).results
    assert result.status == "wrong"
    rows = dict(zip(result.jacobian.labels, result.jacobian.rows))
    assert rows["f[0]"].status == "wrong"
    assert math.isnan(rows["f[0]"].gradient["x"][0])
    assert rows["f[0]"].exact_gradient["x"] == [0.0, 0.0]  # where selects 0.0 at x = -1: no dependence
    assert result.findings[0].message.startswith("f[0]: ")
    # The selected branch is right: d sqrt(x)/dx at 4 is 1/4 (exact, fd and computed alike).
    assert rows["f[1]"].exact_gradient["x"][1] == 0.25
    assert rows["f[1]"].gradient["x"][1] == 0.25


def test_the_jacobian_agrees_with_the_scalar_check_of_the_same_where():
    scalar = gradcli.check(where_sqrt, {"x": -1.0}, dtypes=F64).results[0]
    assert scalar.status == "wrong"
    vector = gradcli.check(where_sqrt, {"x": [-1.0, 4.0]}, dtypes=F64).results[0]
    assert vector.jacobian.rows[0].status == scalar.status


def test_the_cli_checks_a_vector_function_instead_of_refusing_it(module, capsys):
    code, out, err = run(["check", f"{module}:f", "--at", "x=[-1,4]", "--dtype", "float64"], capsys)
    assert code == 1, err  # a failed check, no longer bad input (2)
    assert "f[0]: the gradient rule gives" in out


# -- a correct vector function: ok, against hand-written Jacobians -------------------------------


def polar(r, t):
    return gnp.stack([r * gnp.cos(t), r * gnp.sin(t), r * r])


def test_a_correct_vector_function_is_ok_entry_by_entry():
    import numpy as np

    report = gradcli.check(polar, {"r": 1.5, "t": 0.7})
    assert report.ok
    for result in report.results:
        # d/dr and d/dt of (r cos t, r sin t, r^2), by hand, at the point as the dtype holds it.
        r, t = (float(np.dtype(result.dtype).type(v)) for v in (1.5, 0.7))
        by_r = [math.cos(t), math.sin(t), 2 * r]
        by_t = [-r * math.sin(t), r * math.cos(t), 0.0]
        assert result.status == "ok"
        assert [row.status for row in result.jacobian.rows] == ["ok"] * 3
        rel = 1e-12 if result.dtype == "float64" else 1e-6
        for computed, expected in zip(result.exact_gradient["r"] + result.exact_gradient["t"], by_r + by_t):
            assert math.isclose(computed, expected, rel_tol=1e-12, abs_tol=1e-300)
        for computed, expected in zip(result.gradient["r"] + result.gradient["t"], by_r + by_t):
            assert math.isclose(computed, expected, rel_tol=rel, abs_tol=1e-300)


def test_an_array_input_gives_out_by_in_gradient_blocks():
    x = [0.5, 2.0, -1.0]
    (result,) = gradcli.check(lambda x: gnp.stack([x[0] * x[1], gnp.sin(x[2]), gnp.exp(x[0]) + x[2] ** 2]), {"x": x}, dtypes=F64).results
    expected = [[x[1], x[0], 0.0], [0.0, 0.0, math.cos(x[2])], [math.exp(x[0]), 0.0, 2 * x[2]]]
    assert result.status == "ok"
    for row, want in zip(result.gradient["x"], expected):
        assert all(math.isclose(a, b, rel_tol=1e-14, abs_tol=1e-300) for a, b in zip(row, want))


def test_a_formula_at_an_array_point_is_still_checked_summed():
    (result,) = gradcli.check("x^2", {"x": [1.0, 2.0]}, dtypes=F64).results
    assert result.jacobian is None and result.summed_over == 2
    assert result.gradient["x"] == [2.0, 4.0]


# -- a wrong custom gradient in one row must fail ------------------------------------------------


@gradcli.custom_gradient
def square_off(x):
    def grad_fn(upstream):
        return upstream * 2.0 * x * 1.0005  # 0.05% too large

    return x * x, grad_fn


def one_wrong_row(x):
    return gnp.stack([gnp.sin(x[0]), square_off(x[1]), x[0] * x[1]])


def test_a_wrong_custom_gradient_in_one_row_fails_the_check():
    report = gradcli.check(one_wrong_row, {"x": [0.3, 1.7]}, dtypes=F64)
    assert not report.ok
    (result,) = report.results
    assert result.status == "wrong"
    statuses = dict(zip(result.jacobian.labels, (row.status for row in result.jacobian.rows)))
    assert statuses == {"f[0]": "ok", "f[1]": "wrong", "f[2]": "ok"}
    assert result.jacobian.worst[0]["output"] == "f[1]" and result.jacobian.worst[0]["input"] == "x[1]"
    assert math.isclose(result.jacobian.worst[0]["error"], 5e-4, rel_tol=1e-6)


# -- above 64 outputs: random cotangents (VJP) and tangents (JVP), seeded ---------------------------

GRID = [k / 69 for k in range(70)]


def many(a, b):
    return gnp.sin(a * gnp.asarray(GRID)) + b ** 3


@gradcli.custom_gradient
def cube_off(b):
    def grad_fn(upstream):
        return upstream * 3.0 * b * b * 1.001

    return b ** 3, grad_fn


def many_off(a, b):
    return gnp.sin(a * gnp.asarray(GRID)) + cube_off(b)


def test_more_than_64_outputs_are_checked_along_seeded_random_directions():
    first = gradcli.check(many, {"a": 0.8, "b": 1.3}, dtypes=F64, seed=7)
    again = gradcli.check(many, {"a": 0.8, "b": 1.3}, dtypes=F64, seed=7)
    other = gradcli.check(many, {"a": 0.8, "b": 1.3}, dtypes=F64, seed=8)
    assert first.ok
    (result,) = first.results
    jac = result.jacobian
    assert jac.mode == "random" and jac.shape == (70,) and jac.seed == 7
    assert len(jac.rows) == 3 and len(jac.tangents) == 3
    assert json.dumps(first.to_dict()) == json.dumps(again.to_dict())  # deterministic
    assert first.results[0].jacobian.tangents[0]["jvp"] != other.results[0].jacobian.tangents[0]["jvp"]
    # Each JVP's exact u.Jv is independent of the checker: J[k] = (cos(a g_k) g_k, 3 b^2), by hand.
    import numpy as np

    rng = np.random.default_rng(7)
    for tangent in jac.tangents:
        u = rng.standard_normal(70)
        u /= np.linalg.norm(u)
        v = rng.standard_normal(2)
        v /= np.linalg.norm(v)
        with mpmath.workdps(30):
            want = mpmath.fsum(
                mpmath.mpf(float(uk)) * (mpmath.cos(mpmath.mpf(0.8) * g) * g * v[0] + 3 * mpmath.mpf(1.3) ** 2 * v[1])
                for uk, g in zip(u, GRID)
            )
        assert math.isclose(tangent["exact"], float(want), rel_tol=1e-12)
        assert math.isclose(tangent["jvp"], float(want), rel_tol=1e-12)


def test_a_wrong_gradient_above_64_outputs_fails_the_check():
    report = gradcli.check(many_off, {"a": 0.8, "b": 1.3}, dtypes=F64)
    assert not report.ok
    (result,) = report.results
    assert result.status == "wrong"
    assert all(row.status == "wrong" for row in result.jacobian.rows)  # every random cotangent sees it


# -- JSON and the terminal ---------------------------------------------------------------------


def test_json_has_a_jacobian_key_with_rows_and_keeps_gradient(module, capsys):
    code, out, err = run(["grad", f"{module}:g", "--at", "x=[0.5,2,-1]", "--dtype", "float64", "--json"], capsys)
    assert code == 0, err
    (result,) = json.loads(out)["results"]
    for key in ("point", "dtype", "value", "gradient", "exact_value", "exact_gradient", "fd_gradient", "status", "findings"):
        assert key in result
    assert len(result["value"]) == 3 and len(result["gradient"]["x"]) == 3
    jac = result["jacobian"]
    assert jac["shape"] == [3] and jac["mode"] == "full"
    assert [row["output"] for row in jac["rows"]] == ["f[0]", "f[1]", "f[2]"]
    assert jac["rows"][1]["exact_gradient"]["x"][2] == pytest.approx(math.cos(-1.0), rel=1e-15)
    assert {row["status"] for row in jac["rows"]} == {"ok"}


def test_json_of_a_scalar_output_has_no_jacobian(module, capsys):
    code, out, _ = run(["grad", "x^2", "--at", "3", "--dtype", "float64", "--json"], capsys)
    (result,) = json.loads(out)["results"]
    assert result["jacobian"] is None and result["gradient"] == {"x": 6.0}


def test_the_terminal_shows_a_3x3_jacobian_as_a_matrix(module, capsys):
    code, out, err = run(["grad", f"{module}:g", "--at", "x=[0.5,2,-1]", "--dtype", "float64"], capsys)
    assert code == 0, err
    assert "3x3 Jacobian (below)" in out
    lines = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") > 5 and "f[" in line}
    assert set(lines) == {"f[0]", "f[1]", "f[2]"}
    # computed | exact | finite diff. of each row: d(x0 x1) = [x1, x0, 0] = [2, 0.5, 0].
    assert lines["f[0]"].count("[2, 0.5, 0]") == 3
    assert lines["f[2]"].count("[1.648721, 0, -2]") == 3  # e^0.5 = 1.6487212707, 2 x2 = -2


def test_a_large_jacobian_is_summarised_by_its_worst_entries(capsys):
    from gradcli.views.terminal_check import print_report

    report = gradcli.check(lambda x: gnp.stack([square_off(x[k]) if k == 4 else x[k] ** 2 for k in range(10)]), {"x": [0.1 * k + 1 for k in range(10)]}, dtypes=F64)
    print_report(report)
    out = capsys.readouterr().out
    assert "the Jacobian of 10 outputs" in out and "9 ok" in out and "1 wrong" in out
    worst = next(line for line in out.splitlines() if "f[4]" in line and "x[4]" in line)
    assert "0.0005" in worst  # 0.05% off: the worst entry, named by output and input
