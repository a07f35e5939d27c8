"""The noise estimate of a TensorFlow function of numbers: a difference's four steps replayed at once.

Finite differences weigh each of their four values by its rounding noise,
found by replaying the function on mpmath numbers rounded down and up
(`precision.with_noise`). Where the graph of one point maps entry by entry,
the bridge replays it once on an object array of the four steps
(`Bridge.points_at_once`), each op rounded as in each step's own replay; these
tests hold that to the noises of the steps replayed one by one, and show the
one-by-one path kept where the graph is not elementwise.
"""

import numpy as np
import tensorflow as tf  # noqa: F401 - the user's module below imports it

from gradcli.capture.tf_bridge import TensorFlowFunction
from gradcli.checker import fd
from gradcli.checker.point import _points_at_once
from gradcli.checker.targets import resolve

SOURCE = '''
import tensorflow as tf


def log1pexp(x):
    return tf.math.log(1.0 + tf.exp(x))


def mixed(x, y):
    return tf.sqrt(1.0 + x * x) - y * tf.tanh(x / y) + 0.1 * y


def summed(x):
    return tf.reduce_sum(tf.exp(x) / (1.0 + x * x))


def stacked(x):
    return tf.reduce_sum(tf.stack([tf.exp(x), 1.0 / (1.0 + x * x)]))
'''


def _target(tmp_path, name):
    path = tmp_path / "user_noise.py"
    path.write_text(SOURCE)
    return resolve(f"{path}:{name}")


def _steps(x0):
    h = 1e-3 * max(1.0, abs(x0))
    return [x0 - h, x0 + h, x0 - h / 2, x0 + h / 2]


def _counting(monkeypatch):
    calls = []
    at_points = TensorFlowFunction._at_points

    def counted(self, args):
        calls.append(len(args))
        return at_points(self, args)

    monkeypatch.setattr(TensorFlowFunction, "_at_points", counted)
    return calls


def test_the_four_steps_replayed_at_once_have_each_steps_own_noise(tmp_path, monkeypatch):
    target = _target(tmp_path, "log1pexp")
    calls = _counting(monkeypatch)
    at_once = _points_at_once(target.mp_function)
    for x0 in (-40.0, -0.7, 1.0, 35.0, 600.0):
        one_by_one = fd._noises_at(target.mp_function, _steps(x0), False)
        together = fd._noises_at(at_once, _steps(x0), True)
        # mpmath's software arithmetic rounds each op alike on both paths (no SIMD kernels): the same numbers.
        assert together == one_by_one, x0
        assert any(n > 0 for n in together), x0  # a real noise, not the 0 a failed replay gives
    assert calls == [1] * 15  # nearest, down and up per point: each one replay of the four steps


def test_a_step_along_one_of_two_arguments_is_replayed_at_once_beside_the_other(tmp_path, monkeypatch):
    target = _target(tmp_path, "mixed")
    calls = _counting(monkeypatch)
    at_once = _points_at_once(target.mp_function)
    base = [0.3, -2.5]
    for i in range(2):
        g, g_at_once = fd._along_function(target.mp_function, fd._mp_args(base, 1), i, None), \
            fd._along_function(at_once, fd._mp_args(base, 1), i, None)
        steps = _steps(base[i])
        assert fd._noises_at(g_at_once, steps, True) == fd._noises_at(g, steps, False)
    assert calls == [2] * 6


def test_a_graph_that_is_not_elementwise_is_replayed_step_by_step(tmp_path, monkeypatch):
    target = _target(tmp_path, "stacked")
    calls = _counting(monkeypatch)
    steps = _steps(0.4)
    together = fd._noises_at(_points_at_once(target.mp_function), steps, True)
    assert together == fd._noises_at(target.mp_function, steps, False)
    assert len(calls) == 1  # the batch was asked once, refused, and each step replayed alone


def test_a_check_replays_each_points_steps_at_once(tmp_path, monkeypatch):
    import gradcli

    calls, one_by_one = _counting(monkeypatch), []
    noise_of = fd._noise_of
    monkeypatch.setattr(fd, "_noise_of", lambda run: one_by_one.append(run) or noise_of(run))
    path = tmp_path / "user_noise.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:log1pexp", [{"x": 0.5}, {"x": 2.0}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok", "ok"]
    assert calls and set(calls) == {1}
    assert not one_by_one  # every batch's noises were taken, none replayed again step by step


def test_an_array_point_is_replayed_as_one_point_not_as_points(tmp_path, monkeypatch):
    import gradcli

    calls = _counting(monkeypatch)
    path = tmp_path / "user_noise.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:summed", [{"x": [0.5, -1.0, 2.0]}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok"]
    (result,) = report.results
    assert all(e > 0 for e in result.fd_error["x"])  # each coordinate's replayed noise counted, none lost to a refusal
    assert calls == []  # its steps are arrays of one point's coordinates: never read as points
