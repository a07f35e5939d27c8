"""A TensorFlow check asks each question once: what float32 and float64 share, and what a proof already answered.

float32 and float64 ask for the finite differences and the exact reference
at the point rounded to the dtype; where both hold the point (1.0, -40.0)
the question is the same, and a bridged target's answer is a replay of its
captured graph, so it is made once. The float32 retyping's proof computes
TensorFlow's numbers at its point; they are not computed again there. A
noise estimate's rounding flips read no places, so its replays on mpmath
numbers run without them.
"""

import importlib.util

import mpmath
import numpy as np
import tensorflow as tf

import gradcli
from bitlevel import assert_same_bits
from gradcli.autodiff import mp as mp_core
from gradcli.autodiff.tracer import hooks
from gradcli.capture import tf_bridge, tf_graph
from gradcli.capture.bridge import replayed_location
from gradcli.checker import reference
from gradcli.checker.precision import Exact

SOURCE = "import tensorflow as tf\n\n\ndef naive(x):\n    return tf.math.log(1 + tf.exp(x))\n"


def _target(tmp_path):
    path = tmp_path / "naive_tf.py"
    path.write_text(SOURCE)
    return f"{path}:naive"


def _counting(monkeypatch, module, name):
    calls = []
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_float32_and_float64_share_the_reference_at_a_point_both_hold(tmp_path, monkeypatch):
    computed = _counting(monkeypatch, reference, "compute")
    report = gradcli.check(_target(tmp_path), [{"x": 1.0}, {"x": -40.0}, {"x": 0.1}], fixes=False)
    # 1.0 and -40.0 are the same float in both dtypes: one reference each; 0.1 rounds differently: two. At -40.0 each
    # dtype's value, 0, is off the exact 4.2e-18, but the program has no constant that rounds one of mathematics (its
    # constants are 1): it is the program as meant already, and nothing more is asked (`judge._value_as_meant`).
    assert sorted(tuple(args[1]) for args in computed) == sorted([(1.0,), (-40.0,), (0.1,), (float(np.float32(0.1)),)])
    by_point = {}
    for result in report.results:
        by_point.setdefault(result.point["x"], {})[result.dtype] = result
    for x in (1.0, -40.0):
        f32, f64 = by_point[x]["float32"], by_point[x]["float64"]
        assert f32.exact_gradient == f64.exact_gradient and f32.exact_value == f64.exact_value
        assert f32.fd_gradient == f64.fd_gradient and f32.fd_error == f64.fd_error
        assert f32.exact_gradient["x"] is not None


def test_a_handed_reference_is_a_copy(tmp_path, monkeypatch):
    # The checker empties an unsettled reference it is handed; the one kept for the other dtype must not change.
    made = []
    original = reference.compute

    def compute(*args, **kwargs):
        exact = original(*args, **kwargs)
        made.append(exact)
        return exact

    monkeypatch.setattr(reference, "compute", compute)
    monkeypatch.setattr(Exact, "copied", _copy_spy(Exact.copied, made))
    gradcli.check(_target(tmp_path), [{"x": 1.0}], fixes=False)
    first, *handed = made
    assert handed and all(other is not first and other.gradient is not first.gradient for other in handed)


def _copy_spy(copied, made):
    def copy(exact):
        out = copied(exact)
        made.append(out)
        return out

    return copy


def test_the_retyping_proofs_point_is_not_rerun_again(tmp_path):
    # The user's file, read by the retyping, names no dtype (this one does): loaded from its own file.
    spec = importlib.util.spec_from_file_location("naive_tf_user", tmp_path / "naive_tf.py")
    _target(tmp_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    runs = []
    function = tf_bridge.TensorFlowFunction(module.naive, "naive")
    original = tf_graph.Rerun.run

    def counted(self, *args):
        runs.append(self)
        return original(self, *args)

    tf_graph.Rerun.run, saved = counted, original
    try:
        x = np.float32(3.5)
        value, _ = function.own((x,), None)  # asked before any replay, as a fix's re-check asks
        _, (gradient,) = function.own((x,), np.float32(1.0))
    finally:
        tf_graph.Rerun.run = saved
    assert len(runs) == 1  # the proof's own rerun, beside its eager call; none after it
    with tf.GradientTape() as tape:
        t = tf.constant(x)
        tape.watch(t)
        y = tf.math.log(1 + tf.exp(t))
    assert_same_bits(value, y.numpy())
    assert_same_bits(gradient, tape.gradient(y, t).numpy())


def _places_seen(hook_reads_locations, value):
    function = tf_bridge.TensorFlowFunction(lambda x: tf.math.log(1 + tf.exp(x)), "naive")
    function.forward(np.float64(1.0))  # traced outside the hook
    seen = []

    def hook(prim, args, kwargs, ans):
        seen.append(replayed_location())

    if not hook_reads_locations:
        hook.reads_locations = False
    mp_core.enable()  # gradcli's ops on mpmath numbers, as the differences' noise estimates turn them on
    saved, hooks.forward = hooks.forward, hook
    try:
        with mpmath.workprec(53):
            out = function.forward(value)
    finally:
        hooks.forward = saved
    return seen, out


def test_a_hook_that_reads_no_places_sees_mpmath_replays_bare_and_the_same_numbers():
    bare, out = _places_seen(False, mpmath.mpf(2))
    located, same = _places_seen(True, mpmath.mpf(2))
    assert bare and all(place is None for place in bare)
    assert located and all(place is not None for place in located)
    assert out == same and mpmath.almosteq(out, mpmath.log(1 + mpmath.exp(2)), 1e-15)


def test_float_replays_keep_their_places_and_flushes_under_any_hook():
    seen, _ = _places_seen(False, np.float64(1.0))
    assert seen and all(place is not None for place in seen)
