"""A PyTorch function of numbers swept or checked: the graph a check traces for one point, replayed on many points.

A sweep asks the captured graph three things about many points at once: its
wider reference over the range (`Bridge.replayed_range`), the points where a
branch decides at a tie (`vectorised.switch_points`), and, in each check, the
rounding noise of a difference's four steps (`Bridge.points_at_once`). Where
every op of the graph of one point maps entries one by one, that graph answers
for every point without a trace of the arrays' shape; these tests hold its
answers to mpmath's mathematics and to the steps replayed one by one, a
function reading its argument's shape to its value at each point alone, and a
graph that is not elementwise to the general path.
"""

import importlib.util
import math

import mpmath
import numpy as np
import pytest
import torch  # noqa: F401 - the user's module below imports it

from gradcli.capture import torch_bridge
from gradcli.capture.bridge import replaying_points
from gradcli.capture.torch_bridge import _Captured
from gradcli.checker import fd
from gradcli.checker.point import _points_at_once
from gradcli.checker.targets import resolve
from gradcli.sweep.vectorised import switch_points

SOURCE = '''
import torch


class WrongSoftplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.nn.functional.softplus(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.sigmoid(x) * 1.5  # the derivative is sigmoid(x): the rule is 1.5 times it


def sigmoid_tanh(x):
    return torch.sigmoid(x) * torch.tanh(x) - x / (1 + x * x)


def wrong_rule(x):
    return WrongSoftplus.apply(x) + torch.sin(x)


def by_size(x):
    return torch.exp(x) * x / x.numel()  # a point's size is 1: the graph of one point holds that 1


def by_rank(x):
    if x.dim() == 0:
        return torch.exp(x)
    return x * 0.0


def scaled_by_rank(x):
    if x.dim() == 0:
        return torch.exp(x)
    return torch.exp(x) * 0.1


def stacked(x):
    return torch.exp(x) * torch.stack([x, x * x]).sum()


def log1pexp(x):
    return torch.log(1 + torch.exp(x))


def mixed(x, y):
    return torch.sqrt(1.0 + x * x) - y * torch.tanh(x / y) + 0.1 * y


def kinked(x):
    return torch.where(x < 1.0, x * x, 2.0 * x - 1.0)


def kinked_through_a_view(x):
    return torch.where(x.unsqueeze(0).squeeze(0) < 1.0, x * x, 2.0 * x - 1.0)
'''

# The mathematics of each function of one number, written with mpmath (never through gradcli), and its derivative.
MATHEMATICS = {
    "sigmoid_tanh": lambda x: mpmath.tanh(x) / (1 + mpmath.exp(-x)) - x / (1 + x * x),
    "wrong_rule": lambda x: mpmath.log(1 + mpmath.exp(x)) + mpmath.sin(x),
    "by_size": lambda x: mpmath.exp(x) * x,
    "by_rank": mpmath.exp,
}


@pytest.fixture(scope="module")
def user_module(tmp_path_factory):
    path = tmp_path_factory.mktemp("speed63") / "user_points.py"
    path.write_text(SOURCE)
    return path


def _captured(user_module, name):
    """The torch bridge's capture of the user's function ``name``, each trace it makes counted by its leaves' shapes."""
    spec = importlib.util.spec_from_file_location("user_points", user_module)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    captured, traces = _Captured(getattr(module, name), name), []
    trace = captured._trace_runnable

    def counted(args, leaves, held):
        traces.append([np.shape(leaf) for leaf in leaves])
        return trace(args, leaves, held)

    captured._trace_runnable = counted
    return captured, traces


def _mathematics(name, xs):
    """Value and derivative of ``name``'s mathematics at each of ``xs``, by mpmath at 50 digits."""
    with mpmath.workdps(50):
        f = MATHEMATICS[name]
        values = [float(f(mpmath.mpf(float(x)))) for x in xs]
        slopes = [float(mpmath.diff(f, mpmath.mpf(float(x)))) for x in xs]
    return np.array(values), np.array(slopes)


@pytest.mark.parametrize("wide", [np.dtype(np.float64), np.dtype(np.longdouble)], ids=["float64", "longdouble"])
@pytest.mark.parametrize("name", ["sigmoid_tanh", "wrong_rule", "by_size", "by_rank"])
def test_the_wider_reference_is_the_one_point_graph_differentiated_by_gradcli(user_module, name, wide):
    """A sweep's wider reference over a range: the mathematics (a custom rule never taken), one trace, of one point."""
    captured, traces = _captured(user_module, name)
    captured.forward(0.5)  # a check's point: the graph of one number is traced
    xs = np.linspace(-6.0, 6.0, 25).astype(wide)
    values, (grads,) = captured.replayed_range([xs], wide)
    assert traces == [[()]]  # that graph answers for the range: nothing traced for it
    assert values.dtype == grads.dtype == wide
    want_values, want_slopes = _mathematics(name, xs)
    np.testing.assert_allclose(np.asarray(values, float), want_values, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(np.asarray(grads, float), want_slopes, rtol=1e-13, atol=1e-15)


def test_a_graph_that_is_not_elementwise_is_left_to_the_sweeps_replay(user_module):
    captured, _ = _captured(user_module, "stacked")
    assert captured.replayed_range([np.linspace(-2.0, 2.0, 9)], np.dtype(np.float64)) is None
    with pytest.raises(ValueError), replaying_points():
        captured.forward(np.linspace(-2.0, 2.0, 9))


def _four_steps(x0):
    """A central difference's four steps at ``x0`` (two step sizes), as `fd._Central` takes them."""
    return (x0 + 1e-3 * max(1.0, abs(x0)) * np.array([-1.0, 1.0, -0.5, 0.5])).tolist()


def _both_ways(mp_function, steps):
    """The rounding noise of each step: replayed together as points, and replayed one by one."""
    return fd._noises_at(_points_at_once(mp_function), steps, True), fd._noises_at(mp_function, steps, False)


@pytest.fixture
def batches(monkeypatch):
    """The argument count of each replay of the graph of one point on points (`_Captured._at_points`)."""
    seen, original = [], _Captured._at_points
    monkeypatch.setattr(_Captured, "_at_points", lambda self, args: seen.append(len(args)) or original(self, args))
    return seen


@pytest.mark.parametrize("x0", [-40.0, -0.7, 1.0, 35.0, 600.0])
def test_the_four_steps_replayed_at_once_have_each_steps_own_noise(user_module, batches, x0):
    together, one_by_one = _both_ways(resolve(f"{user_module}:log1pexp").mp_function, _four_steps(x0))
    # mpmath's software arithmetic rounds each op alike on both paths (no SIMD kernels): the same numbers.
    assert together == one_by_one
    assert max(together) > 0  # a real noise, not the 0 a failed replay gives
    assert batches == [1, 1, 1]  # rounded to nearest, down and up: each one replay of the four steps


def test_a_step_along_one_of_two_arguments_is_replayed_at_once_beside_the_other(user_module, batches):
    mp_function, base = resolve(f"{user_module}:mixed").mp_function, [0.3, -2.5]
    for i in (0, 1):
        along = fd._along_function(mp_function, fd._mp_args(base, 1), i, None)
        together, one_by_one = _both_ways(along, _four_steps(base[i]))
        assert together == one_by_one
    assert batches == [2] * 6


def test_a_graph_that_is_not_elementwise_has_its_steps_replayed_one_by_one(user_module, batches):
    together, one_by_one = _both_ways(resolve(f"{user_module}:stacked").mp_function, _four_steps(0.4))
    assert together == one_by_one and min(together) > 0
    assert batches == [1]  # the batch was asked once, refused, and each step replayed alone


@pytest.mark.parametrize("name", ["kinked", "kinked_through_a_view"])
def test_a_tie_on_the_grid_is_found_by_the_graph_each_point_runs(user_module, monkeypatch, name):
    """The point where ``x < 1`` decides at a tie; a graph that is not elementwise (a view op) is run on the arrays."""
    target = resolve(f"{user_module}:{name}")
    traced = []
    trace = _Captured._trace_runnable
    monkeypatch.setattr(_Captured, "_trace_runnable",
                        lambda self, args, leaves, held: traced.append(np.shape(leaves[0])) or trace(self, args, leaves, held))
    xs = np.linspace(-2.0, 4.0, 31)  # holds 1.0 exactly, at index 15
    assert xs[15] == 1.0
    assert switch_points(target, [xs]) == [15]
    assert (31,) not in traced if name == "kinked" else (31,) in traced


def test_a_sweep_finds_the_same_intervals_with_the_graph_of_one_point(user_module, monkeypatch):
    """The whole sweep, through the one-point graph and through the general path (each range's shape traced)."""
    from gradcli.sweep.run import sweep

    def intervals():
        torch_bridge._CAPTURED.clear()
        result = sweep(f"{user_module}:log1pexp", {"x": (-120.0, 120.0, 40)}, fixes=False)
        return {d: [(i.lo, i.hi, i.status) for i in r.intervals] for d, r in result.dtypes.items()}

    at_once = intervals()
    monkeypatch.setattr(_Captured, "_one_point_graph", lambda self, columns: None)
    assert intervals() == at_once
    edge = math.log(np.finfo(np.float32).max)  # float32's exp overflows past 88.72: its gradient is NaN there
    assert any(status == "unstable" and abs(lo - edge) < 1e-4 * edge for lo, _, status in at_once["float32"])


def test_the_held_constants_are_read_again_once_another_graph_is_traced(user_module):
    """`held_constants` answers from the graphs traced so far, asked at every point: a graph traced later counts."""
    captured, _ = _captured(user_module, "scaled_by_rank")
    captured.forward(0.5)  # a number's graph: no constant of the user's
    assert captured.held_constants(np.float32) == ()
    captured.forward(np.array([0.5, 1.5]))  # an array's graph: the user's 0.1, which float32 holds as another number
    held = float(np.float32(0.1))
    assert held != 0.1 and captured.held_constants(np.float32) == ((0.1, held),)
