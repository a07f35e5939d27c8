"""A fix of JAX code checked at points holding different integers (``range(k)``) is found once, re-checked at every
point with each point's own integer, and its verdicts are told apart by that integer."""

import mpmath
import pytest

import gradcli

pytest.importorskip("jax")

USERS = '''\
import jax.numpy as jnp


def softplus_nested(x, k):
    s = x
    for _ in range(k):
        s = jnp.log(1 + jnp.exp(s))
    return s
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax65_held_fixes") / "users.py"
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
