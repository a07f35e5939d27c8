"""JAX code checked at points holding different data: a tree's integer labels per point, each point judged with its
own; a fix found once, re-checked at every point with each point's own integer (``range(k)``), its verdicts told
apart by that integer."""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

pytest.importorskip("jax")

USERS = '''\
import jax.numpy as jnp


def softplus_nested(x, k):
    s = x
    for _ in range(k):
        s = jnp.log(1 + jnp.exp(s))
    return s

def picked_loss(params, labels):
    logits = params["w"] * jnp.arange(3.0)
    return jnp.log(jnp.sum(jnp.exp(logits))) - jnp.sum(jnp.take(logits, labels))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax65_held_data") / "users.py"
    path.write_text(USERS)
    return str(path)


def test_a_fix_is_rechecked_at_each_points_own_integer(users):
    points = [{"x": 100.0, "k": 1}, {"x": 100.0, "k": 2}, {"x": 1.0, "k": 2}]
    report = gradcli.check(f"{users}:softplus_nested", points, wrt=("x",), dtypes=("float32",))
    with mpmath.workdps(60):
        def nested(x, k):
            for _ in range(k):
                x = mpmath.log1p(mpmath.exp(x))
            return x

        exact = [nested(mpmath.mpf(p["x"]), p["k"]) for p in points]
    assert [(r.held, r.status) for r in report.results] == [({"k": 1}, "unstable"), ({"k": 2}, "unstable"), ({"k": 2}, "ok")]
    for result, value in zip(report.results, exact):
        assert result.exact_value == pytest.approx(float(value), rel=1e-12)
    fix = next(f for f in report.fixes if f.name.startswith("logaddexp"))
    assert "jnp.logaddexp(0, s)" in fix.diff
    assert fix.before == {"x=100,k=1 float32": "unstable", "x=100,k=2 float32": "unstable", "x=1,k=2 float32": "ok"}
    assert fix.after == {"x=100,k=1 float32": "ok", "x=100,k=2 float32": "ok", "x=1,k=2 float32": "ok"}


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
