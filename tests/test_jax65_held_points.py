"""JAX code whose Python reads a held integer (``range(n)``): points holding different integers are each checked with
their own trace, from ``--at``, ``--args``, an audit spec and the library alike, in the order given; a sweep's held
integer reaches the user's code as the int typed, and its reproduce commands hold it so."""

import json

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from gradcli.errors import InputError

pytest.importorskip("jax")

USERS = '''\
import jax.numpy as jnp


def log_partial_sum(x, n):
    total = 0.0
    for k in range(n):
        total = total + jnp.exp(-x * k)
    return jnp.log(total)


def softplus_nested(x, k):
    s = x
    for _ in range(k):
        s = jnp.log(1 + jnp.exp(s))
    return s


def points():
    return [(1.5, 2), (2.0, 3), (0.25, 2)]


def picked_loss(params, labels):
    logits = params["w"] * jnp.arange(3.0)
    return jnp.log(jnp.sum(jnp.exp(logits))) - jnp.sum(jnp.take(logits, labels))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax65_held") / "users.py"
    path.write_text(USERS)
    return str(path)


def log_partial_sum(x, n):
    """log(sum_{k<n} e^(-k x)) and its slope, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        x = mpmath.mpf(x)
        terms = [mpmath.exp(-k * x) for k in range(n)]
        return float(mpmath.log(mpmath.fsum(terms))), float(-mpmath.fsum(k * t for k, t in enumerate(terms)) / mpmath.fsum(terms))


def softplus_nested(x, k):
    """softplus applied k times and its slope, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        def value(t):
            for _ in range(k):
                t = mpmath.log1p(mpmath.exp(t))
            return t

        return float(value(mpmath.mpf(x))), float(mpmath.diff(value, mpmath.mpf(x)))


def _judged_against_truth(results, points):
    """Each result at its own point's held n, in the points' order, value and gradient the exact ones."""
    assert [(r["point"]["x"], r["held"]["n"]) for r in results] == [p for p in points for _ in range(len(results) // len(points))]
    for r in results:
        value, slope = log_partial_sum(r["point"]["x"], r["held"]["n"])
        assert r["status"] == "ok"
        assert r["exact_value"] == pytest.approx(value, rel=1e-12)
        assert r["exact_gradient"]["x"] == pytest.approx(slope, rel=1e-12)
        assert r["gradient"]["x"] == pytest.approx(slope, rel=1e-5 if r["dtype"] == "float32" else 1e-12)


def test_at_points_holding_other_integers_are_each_judged(users):
    ran = CliRunner().invoke(cli, ["check", f"{users}:log_partial_sum", "--at", "x=1.5,n=2", "--at", "x=2,n=3",
                                   "--at", "x=0.25,n=2", "--wrt", "x", "--json"])
    assert ran.exit_code == 0, ran.output
    _judged_against_truth(json.loads(ran.stdout)["results"], [(1.5, 2), (2.0, 3), (0.25, 2)])


def test_args_and_the_library_hold_each_points_integer(users):
    ran = CliRunner().invoke(cli, ["check", f"{users}:log_partial_sum", "--args", f"{users}:points", "--wrt", "x",
                                   "--dtype", "float64", "--json"])
    assert ran.exit_code == 0, ran.output
    _judged_against_truth(json.loads(ran.stdout)["results"], [(1.5, 2), (2.0, 3), (0.25, 2)])
    report = gradcli.check(f"{users}:log_partial_sum", [{"x": 0.5, "n": 4}, {"x": 0.5, "n": 1}], wrt=("x",),
                           dtypes=("float64",))
    _judged_against_truth([r.to_dict() for r in report.results], [(0.5, 4), (0.5, 1)])


def test_a_sweep_hands_the_held_integer_as_typed(users):
    target = f"{users}:softplus_nested"
    ran = CliRunner().invoke(cli, ["sweep", target, "--range", "x=-3:3:7", "--at", "k=2", "--dtype", "float64",
                                   "--no-fix", "--json"])
    assert ran.exit_code == 0, ran.output
    document = json.loads(ran.stdout)
    assert document["fixed"] == {"k": 2} and document["variables"] == ["x"]
    assert document["dtypes"]["float64"]["counts"] == {"ok": 7}
    # Where float32's exp overflows (the first float past log of its largest), the reproduce command holds k an int.
    edge = float(mpmath.log(mpmath.mpf(2) ** 128 * (1 - mpmath.mpf(2) ** -24)))
    shown = CliRunner().invoke(cli, ["sweep", target, "--range", "x=80:95:4", "--at", "k=2", "--dtype", "float32",
                                     "--no-fix"])
    assert shown.exit_code == 0, shown.output
    commands = [line.strip() for line in shown.output.splitlines() if "gradcli grad" in line]
    assert commands and all(",k=2 --wrt x " in command for command in commands)
    x, command = min(((float(c.split("--at x=")[1].split(",")[0]), c) for c in commands), key=lambda at: abs(at[0] - edge))
    assert abs(x - edge) < 1e-5
    reproduced = CliRunner().invoke(cli, command.split()[1:] + ["--json"])
    (result,) = json.loads(reproduced.stdout)["results"]
    assert result["held"] == {"k": 2} and result["status"] == "unstable"
    assert result["exact_gradient"]["x"] == pytest.approx(softplus_nested(x, 2)[1], rel=1e-12)


def test_tree_points_holding_other_labels_are_each_judged(users):
    w = np.array([0.5, 1.0, -1.0])
    points = [({"w": w}, np.array([0, 2])), ({"w": w}, np.array([1, 1]))]
    report = gradcli.check(f"{users}:picked_loss", points, dtypes=("float64",))
    with mpmath.workdps(40):
        logits = [mpmath.mpf(float(v)) * k for k, v in enumerate(w)]
        normaliser = mpmath.log(mpmath.fsum(mpmath.exp(v) for v in logits))
        softmax = [mpmath.exp(v - normaliser) for v in logits]
    for result, (_, labels) in zip(report.results, points):
        assert result.held == {"labels": labels.tolist()} and result.status == "ok"
        assert result.exact_value == pytest.approx(float(normaliser - sum(logits[i] for i in labels)), rel=1e-13)
        slope = [k * (softmax[k] - list(labels).count(k)) for k in range(3)]
        assert np.allclose(result.exact_gradient["params.w"], [float(v) for v in slope], rtol=1e-12, atol=1e-15)
    with pytest.raises(InputError, match="'params' in different structures"):
        gradcli.check(f"{users}:picked_loss", [points[0], ({"w": w, "b": 1.0}, np.array([1, 1]))], dtypes=("float64",))


def test_an_audit_of_several_points_and_of_a_sweep_holding_an_integer(users, tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(f'[defaults]\ndtypes = ["float64"]\nfixes = false\n\n'
                    f'[[case]]\nname = "sums"\ntarget = "{users}:log_partial_sum"\nat = ["x=1.5,n=2", "x=2,n=3"]\n'
                    'wrt = ["x"]\n\n'
                    f'[[case]]\nname = "nested"\ntarget = "{users}:softplus_nested"\nrange = "x=-2:2:5"\nat = ["k=3"]\n')
    ran = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1", "--json"])
    assert ran.exit_code == 0, ran.output
    cases = {case["name"]: case for case in json.loads(ran.stdout)["cases"]}
    assert cases["sums"]["status"] == "pass" and cases["nested"]["status"] == "pass"
    _judged_against_truth(cases["sums"]["check"]["results"], [(1.5, 2), (2.0, 3)])
    swept = cases["nested"]["sweep"]
    assert swept["fixed"] == {"k": 3} and swept["dtypes"]["float64"]["counts"] == {"ok": 5}
