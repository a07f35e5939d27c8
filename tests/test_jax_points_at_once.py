"""A JAX function of numbers replayed on many points at once: the graph a check traces for one point, run on arrays.

A check's noise estimate replays a difference's four steps, and a sweep looks
for the points where a branch decides at a tie; where the forward graph of one
point is a function of numbers whose every operation is elementwise, the JAX
bridge replays that graph once on arrays of points (`Bridge.points_at_once`),
each entry computed by the operations of its own replay. These tests hold those
replays to each point's own replay and to mpmath's mathematics, a check at many
points to the same check with every replay made point by point, and functions
that reduce a vector (inside, or over a vector argument) to the point-by-point
path they must fall back to.
"""

import math

import jax  # noqa: F401 - the user's module below imports it
import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff.values import raw
from gradcli.capture.bridge import replaying_points
from gradcli.capture.exact_constants import held_in
from gradcli.capture.jax_bridge import _Captured
from gradcli.checker import fd
from gradcli.checker.point import _points_at_once
from gradcli.checker.targets import resolve
from gradcli.sweep.vectorised import switch_points

SOURCE = '''
import jax
import jax.numpy as jnp


@jax.custom_vjp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


def softplus_fwd(x):
    return softplus(x), jax.nn.sigmoid(x)


def softplus_bwd(slope, g):
    return (g * slope * 1.5,)  # the derivative is sigmoid(x): the rule is 1.5 times it


softplus.defvjp(softplus_fwd, softplus_bwd)


def log1pexp(x):
    return jnp.log(1 + jnp.exp(x))


def mixed(x, y):
    return jnp.sqrt(1.0 + x * x) - y * jnp.tanh(x / y) + 0.1 * y


def wrong_rule(x):
    return softplus(x) + jnp.sin(x)


def summed_inside(x):
    return jnp.exp(x) * jnp.sum(jnp.stack([x, x * x]))


def log_sum_exp(v):
    return jnp.log(jnp.sum(jnp.exp(v)))


def kinked(x):
    return jnp.where(x < 1.0, x * x, 2.0 * x - 1.0)
'''



def _mixed(c):
    """``mixed``'s mathematics with its constant 0.1 as ``c`` (the float a program in some dtype holds)."""
    c = mpmath.mpf(c)
    return lambda x, y: mpmath.sqrt(1 + x * x) - y * mpmath.tanh(x / y) + c * y


# Each function's mathematics written with mpmath (never through gradcli), as the float64 program holds constants.
MATHEMATICS = {
    "log1pexp": lambda x: mpmath.log(1 + mpmath.exp(x)),
    "mixed": _mixed(0.1),
    "wrong_rule": lambda x: mpmath.log(1 + mpmath.exp(x)) + mpmath.sin(x),
    "summed_inside": lambda x: mpmath.exp(x) * (x + x * x),
}


@pytest.fixture(scope="module")
def user_module(tmp_path_factory):
    path = tmp_path_factory.mktemp("points") / "user_points_jax.py"
    path.write_text(SOURCE)
    return path


def _captured(user_module, name):
    """The JAX bridge's capture of the user's function ``name``, as a check resolves it."""
    return resolve(f"{user_module}:{name}").bridge.forward.__self__


def _mp(values):
    with mpmath.workprec(53):
        return np.array([mpmath.mpf(float(v)) for v in values], dtype=object)


@pytest.mark.parametrize("name, held", [("log1pexp", None), ("mixed", None), ("mixed", np.float32), ("wrong_rule", None)])
def test_each_entry_is_its_own_points_replay(user_module, name, held):
    """On mpmath numbers at 120 bits: each entry the very number the point's own replay gives (the same operations
    in the same order), and the mathematics to 1e-12, the user's 0.1 as float32 holds it in the float32 program's
    reference (`held_in`); nothing traced for the arrays' shape."""
    target = resolve(f"{user_module}:{name}")
    xs = [-30.0, -0.7, 0.0, 2.5, 40.0]
    columns = [_mp(xs)] + ([_mp([-2.5, 0.3, 1.0, 4.0, -7.0])] if name == "mixed" else [])
    mathematics = _mixed(float(np.float32(0.1))) if held else MATHEMATICS[name]
    with mpmath.workprec(120), held_in(held):
        with replaying_points():
            together = raw(target.mp_function(*columns))
        alone = [raw(target.mp_function(*[c[i] for c in columns])) for i in range(len(xs))]
        want = [mathematics(*[c[i] for c in columns]) for i in range(len(xs))]
    assert isinstance(together, np.ndarray) and together.shape == (len(xs),)
    assert [t == a for t, a in zip(together, alone)] == [True] * len(xs)
    assert all(abs(t - w) <= 1e-12 * abs(w) for t, w in zip(together, want))
    captured = target.bridge.forward.__self__  # the capture the replays above ran
    assert {shape for key in captured.graphs for shape, _ in key[1]} == {()}


def _four_steps(x0):
    """A central difference's four steps at ``x0`` (two step sizes), as `fd._Central` takes them."""
    return (x0 + 1e-3 * max(1.0, abs(x0)) * np.array([-1.0, 1.0, -0.5, 0.5])).tolist()


@pytest.fixture
def batches(monkeypatch):
    """The argument count of each replay of the graph of one point on points (`_Captured._at_points`)."""
    seen, original = [], _Captured._at_points
    monkeypatch.setattr(_Captured, "_at_points", lambda self, args: seen.append(len(args)) or original(self, args))
    return seen


@pytest.mark.parametrize("x0", [-40.0, -0.7, 1.0, 600.0])
def test_the_four_steps_replayed_at_once_have_each_steps_own_noise(user_module, batches, x0):
    mp_function = resolve(f"{user_module}:log1pexp").mp_function
    steps = _four_steps(x0)
    together = fd._noises_at(_points_at_once(mp_function), steps, True)
    # mpmath's software arithmetic rounds each op alike on both paths (no SIMD kernels): the same numbers.
    assert together == fd._noises_at(mp_function, steps, False)
    assert max(together) > 0  # a real noise, not the 0 a failed replay gives
    assert batches == [1, 1, 1]  # rounded to nearest, down and up: each one replay of the four steps


def test_a_reduction_inside_is_no_function_of_each_entry_alone(user_module):
    """A sum over a vector the function builds from its number: the replay on points refuses, and the replay of the
    whole arrays it would have run gives other numbers than the points' own replays."""
    captured = _captured(user_module, "summed_inside")
    xs = np.array([0.4, 0.9, -1.3])
    with pytest.raises(ValueError), replaying_points():
        captured.forward(xs)
    alone = [float(captured.forward(x)) for x in xs]
    assert not np.allclose(np.asarray(captured.forward(xs), float), alone, rtol=1e-6)


def test_a_vector_argument_is_no_point(user_module):
    """A function of a vector, its vectors one row per point (as a sweep holds an array): refused."""
    captured = _captured(user_module, "log_sum_exp")
    with pytest.raises(ValueError), replaying_points():
        captured.forward(np.array([[0.5, -1.0, 2.0], [0.4, 0.9, -1.3]]))


def test_a_reductions_steps_are_replayed_one_by_one(user_module, batches):
    mp_function = resolve(f"{user_module}:summed_inside").mp_function
    steps = _four_steps(0.4)
    together = fd._noises_at(_points_at_once(mp_function), steps, True)
    assert together == fd._noises_at(mp_function, steps, False) and min(together) > 0
    assert batches == [1]  # the batch was asked once, refused, and each step replayed alone


def test_a_tie_on_the_grid_is_found_by_the_graph_each_point_runs(user_module, batches):
    xs = np.linspace(-2.0, 4.0, 31)  # holds 1.0 exactly, at index 15
    assert xs[15] == 1.0
    assert switch_points(resolve(f"{user_module}:kinked"), [xs]) == [15]
    assert batches == [1]


def _check(user_module, name, points, one_by_one, monkeypatch):
    """``gradcli.check`` of ``name`` at ``points`` in float32 and float64, its replays on points at once, or (with
    ``one_by_one``) every replay made point by point, as a bridge without `points_at_once` makes them."""
    with monkeypatch.context() as patch:
        if one_by_one:
            patch.setattr(_Captured, "_of_numbers", lambda self, key: False)
        return gradcli.check(f"{user_module}:{name}", points, dtypes=["float32", "float64"], fixes=False).results


def _slopes(name, point, dtype):
    """The exact gradient of ``name``'s mathematics at ``point``, by mpmath at 60 digits, one list per variable; the
    user's constant 0.1 as the program in ``dtype`` holds it (float32's nearest number in a float32 check)."""
    with mpmath.workdps(60):
        if name == "log_sum_exp":  # the softmax of v
            v = [mpmath.mpf(float(e)) for e in point["v"]]
            return [[mpmath.exp(e) / mpmath.fsum(mpmath.exp(u) for u in v) for e in v]]
        at = [mpmath.mpf(float(point[k])) for k in sorted(point)]
        f = _mixed(float(np.asarray(0.1, dtype))) if name == "mixed" else MATHEMATICS[name]
        return [[mpmath.diff(f, at, tuple(int(i == j) for j in range(len(at))))] for i in range(len(at))]


@pytest.mark.parametrize("name, points", [
    ("wrong_rule", [{"x": x} for x in (-60.0, -3.0, 0.25, 5.0, 90.0)]),
    ("mixed", [{"x": x, "y": y} for x, y in ((-3.0, 0.5), (0.25, -2.0), (30.0, 0.0009765625))]),
    ("summed_inside", [{"x": x} for x in (-2.0, 0.375, 3.0)]),
    ("log_sum_exp", [{"v": [0.5, -1.0, 2.0]}, {"v": [-700.0, 0.0, 700.0]}]),
])
def test_a_check_at_many_points_is_the_check_point_by_point(user_module, monkeypatch, name, points):
    """The verdicts, and the exact gradients to 1e-12, of replays on points at once and of replays point by point;
    the exact gradients are mpmath's slopes of the mathematics (of the primal, where a custom rule is wrong)."""
    together = _check(user_module, name, points, False, monkeypatch)
    alone = _check(user_module, name, points, True, monkeypatch)
    assert [r.status for r in together] == [r.status for r in alone]
    if name == "wrong_rule":
        assert "wrong" in {r.status.value for r in together}
    for r, s in zip(together, alone):
        for variable, slopes in zip(sorted(r.point), _slopes(name, r.point, r.dtype)):
            got = np.ravel(np.asarray(r.exact_gradient[variable], float))
            other = np.ravel(np.asarray(s.exact_gradient[variable], float))
            want = np.array([float(w) for w in slopes])
            np.testing.assert_allclose(got, other, rtol=1e-12, atol=0)
            np.testing.assert_allclose(got, want, rtol=1e-12, atol=0)


def test_a_sweep_finds_the_same_intervals_with_the_graph_of_one_point(user_module, monkeypatch):
    """The whole sweep, through the one-point graph and point by point."""
    from gradcli.sweep.run import sweep

    def intervals():
        result = sweep(f"{user_module}:log1pexp", {"x": (-120.0, 120.0, 24)}, dtypes=("float32",), fixes=False)
        return {d: [(i.lo, i.hi, i.status) for i in r.intervals] for d, r in result.dtypes.items()}

    at_once = intervals()
    monkeypatch.setattr(_Captured, "_of_numbers", lambda self, key: False)
    assert intervals() == at_once
    edge = math.log(np.finfo(np.float32).max)  # float32's exp overflows past 88.72: JAX's gradient is NaN there
    assert any(status == "unstable" and abs(lo - edge) < 1e-4 * edge for lo, _, status in at_once["float32"])
