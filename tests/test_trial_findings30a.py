"""The classes of round 30a's findings (tests/trials/cases30a.py), each against an independent truth.

W1: a JAX where whose unselected branch breaks in a power of a local made on an earlier line (Manning's
``radius = w * depth / (w + 2 * depth)`` then ``where(depth > 0, radius ** (2/3), 0)`` at a dry cell) was judged
``wrong`` with no fix: the double where looked for the condition's variable inside the branch alone. A local the
branch puts at risk, made from that variable and used nowhere else, is guarded at its assignment (its variable
replaced where the branch is not taken), and the fix is re-checked.

W2: the same leak in plain NumPy where the branch calls a helper of the user's (``where(depth > 0, velocity(depth),
0)``, the power inside ``velocity``) named the helper's line alone: the where's own line was in no finding, so no fix
was looked for there. The where is a finding at its own line too, its message naming the op and line that broke, and
the double where guards the helper's argument.

C1: a JAX slice (``cum[1:] - cum[:-1]``, ``lax.dynamic_slice``) was replayed by NumPy's own indexing of the plain
arrays a recorded run holds, which no op records, so the subtraction of two slices had no known operands: a
cancellation to 0 there (an ordinal model's top category, 1 - sigmoid(41)) was not named as the root cause of the
log(0) it fed, only the log on the next line. The slice replays as gradcli's indexing op, and the cancellation is
named at its line.
"""

import jax
import jax.numpy as jnp
import mpmath
import numpy as np
import pytest

import gradcli


def _fix(report, name="double where"):
    return next((fix for fix in report.fixes if fix.name == name), None)


def _manning_slope(depth):
    """d/dh of (4 h / (4 + 2 h))^(2/3) where h > 0: (2/3) R^(-1/3) 16 / (4 + 2h)^2; 0 at a dry cell."""
    with mpmath.workdps(50):
        h = mpmath.mpf(depth)
        if h <= 0:
            return mpmath.mpf(0)
        radius = 4 * h / (4 + 2 * h)
        return mpmath.mpf(2) / 3 * radius ** (-mpmath.mpf(1) / 3) * 16 / (4 + 2 * h) ** 2


# W1: the risky local is guarded at its assignment when the branch is its only use.

WET_CELLS = """import jax.numpy as jnp


def wet_cells(depth):
    radius = 4.0 * depth / (4.0 + 2.0 * depth)
    return jnp.sum(jnp.where(depth > 0, radius ** (2.0 / 3.0), 0.0))
"""

DEPTHS = [-0.1, 1.0]


def _added_lines(diff):
    return [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


def test_a_where_s_risky_local_is_guarded_at_its_assignment_and_the_fix_has_the_true_slope(tmp_path):
    path = tmp_path / "hydro30.py"
    path.write_text(WET_CELLS)
    report = gradcli.check(f"{path}:wet_cells", [{"depth": np.array(DEPTHS)}], dtypes=("float64",))
    assert report.results[0].status == "wrong"
    fix = _fix(report)
    assert fix is not None, [f.name for f in report.fixes]
    assert set(fix.after.values()) == {"ok"}
    (guarded,) = _added_lines(fix.diff)
    assert guarded.startswith("radius = ") and "jnp.where(depth > 0, depth, 1.0)" in guarded
    # the rewritten function, run in JAX: the dry cell's slope is 0, the wet one's the true slope
    source = WET_CELLS.replace("    radius = 4.0 * depth / (4.0 + 2.0 * depth)\n    return jnp.sum(jnp.where",
                               f"    {guarded}\n    return jnp.sum(jnp.where", 1)
    namespace = {}
    exec(compile(source, str(path), "exec"), namespace)  # the fix's own text, the test's module: no user input
    with jax.enable_x64(True):
        slopes = jax.grad(namespace["wet_cells"])(jnp.array(DEPTHS, dtype=jnp.float64))
    for got, depth in zip(np.asarray(slopes), DEPTHS):
        want = _manning_slope(depth)
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-14 * max(abs(want), 1)


# W2: a where whose branch calls the user's helper, in plain NumPy.

HELPER = """import numpy as np


def velocity(d):
    radius = 4.0 * d / (4.0 + 2.0 * d)
    return np.power(radius, 2.0 / 3.0)


def wet_cells(depth):
    with np.errstate(invalid="ignore"):
        return np.sum(np.where(depth > 0, velocity(depth), 0.0))
"""


def test_a_where_apart_from_the_helper_that_breaks_is_named_at_its_line_and_given_its_double_where(tmp_path):
    path = tmp_path / "hydro30c.py"
    path.write_text(HELPER)
    report = gradcli.check(f"{path}:wet_cells", [{"depth": np.array(DEPTHS)}], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "wrong"
    for got, depth in zip(result.exact_gradient["depth"], DEPTHS):
        want = _manning_slope(depth)
        assert abs(mpmath.mpf(got) - want) <= 1e-12 * max(abs(want), 1)
    at_the_where = [f for f in result.findings if (f.location or "").endswith("hydro30c.py:11")]
    assert at_the_where and "hydro30c.py:6" in at_the_where[0].message, [f.location for f in result.findings]
    fix = _fix(report)
    assert fix is not None and "velocity(np.where(depth > 0, depth, 1.0))" in fix.diff, [f.name for f in report.fixes]
    assert set(fix.after.values()) == {"ok"}


# C1: the cancellation under a slice is the root cause named.

ORDINAL = """import jax
import jax.numpy as jnp


def top_by_slices(eta):
    cum = jnp.stack([jax.nn.sigmoid(1.0 - eta), jnp.ones_like(eta)])
    probs = cum[1:] - cum[:-1]
    return jnp.log(probs[0])


def top_by_dynamic_slices(eta):
    cum = jnp.stack([jax.nn.sigmoid(1.0 - eta), jnp.ones_like(eta)])
    probs = jax.lax.dynamic_slice(cum, (1,), (1,)) - jax.lax.dynamic_slice(cum, (0,), (1,))
    return jnp.log(probs[0])
"""


@pytest.mark.parametrize("name, line", [("top_by_slices", 7), ("top_by_dynamic_slices", 13)])
def test_a_cancellation_between_slices_is_named_as_the_log_s_root_cause(tmp_path, name, line):
    path = tmp_path / "ordinal30.py"
    path.write_text(ORDINAL)
    report = gradcli.check(f"{path}:{name}", [{"eta": -40.0}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    assert result.status == "unstable"
    # d/deta log(1 - sigmoid(1 - eta)) = d/deta log sigmoid(eta - 1) = sigmoid(1 - eta)
    with mpmath.workdps(50):
        want = 1 / (1 + mpmath.exp(-41))
        assert abs(mpmath.mpf(result.exact_gradient["eta"]) - want) <= 1e-12
    cancelled = [f for f in result.findings if f.kind == "cancellation" and f.phase == "forward"]
    assert cancelled and cancelled[0].location.endswith(f"ordinal30.py:{line}"), \
        [(f.kind, f.location) for f in result.findings]
