"""Custom gradients and bridge replays leave no reference cycles behind: their garbage dies by reference counting.

Every framework bridge replays its graphs through `custom_gradient`'s opaque op,
thousands of times a sweep. Garbage in cycles is left for the collector, whose
full collections walk every object the process holds (TensorFlow's import alone
makes ~400,000), so a cycle per call costs a sweep far more than the call.
Each case runs once to fill the caches, then again with the collector off:
what ``gc.collect()`` then finds unreachable is what the calls left in cycles.
"""

import gc
import importlib.util

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli import GradientTape, Variable, custom_gradient, grad, jvp
from gradcli.capture.bridge import Bridge, as_functions, make_bridge
from test_custom_gradient import log1pexp  # TensorFlow's documented custom gradient, in gradcli's spelling

pytestmark = pytest.mark.usefixtures("quiet_numpy")  # in conftest.py


def cyclic_garbage(run, calls=10, tries=3):
    """The objects ``calls`` runs of ``run`` leave unreachable in reference cycles: the least of up to ``tries``
    counts, since the collector also finds what other threads of this process leave meanwhile (a framework's
    compile threads, an earlier test's pool); a cycle made per call shows in every count."""
    counts = [_cyclic_garbage_once(run, calls)]
    while counts[-1] and len(counts) < tries:
        counts.append(_cyclic_garbage_once(run, calls))
    return min(counts)


def _cyclic_garbage_once(run, calls):
    """What ``calls`` runs of ``run`` leave in cycles, after one run that fills the caches.

    Everything older, the warm run's garbage included, is frozen first: the
    count's collection then walks only what the runs made, not every object
    of a process that has imported the frameworks.
    """
    run()
    enabled, frozen_before = gc.isenabled(), gc.get_freeze_count()
    gc.disable()
    gc.freeze()
    try:
        for _ in range(calls):
            run()
        return gc.collect()
    finally:
        gc.unfreeze()
        if frozen_before:  # the session's heap, frozen by tests/conftest.py, frozen again for the worker's later tests
            gc.freeze()
        if enabled:
            gc.enable()


@custom_gradient
def sin_and_cos(x):
    return (gnp.sin(x), gnp.cos(x)), lambda a, b: a * gnp.cos(x) - b * gnp.sin(x)


@custom_gradient
def keras_square(x):
    return x * x, lambda *args, upstream=None: 2 * x * upstream


scale = Variable(3.0, name="scale")


@custom_gradient
def scaled(x):
    def grad_fn(upstream, variables=None):
        return upstream * scale.read(), [upstream * x]

    return scale.read() * x, grad_fn


def tfp_softplus(x):
    return custom_gradient(gnp.log(1 + gnp.exp(x)), 1 / (1 + gnp.exp(-x)), x)


def taped_scaled():
    with GradientTape() as tape:
        y = scaled(2.0)
    return tape.gradient(y, scale)


FORMS = {
    "decorator, reverse, a float": lambda: grad(log1pexp)(3.0),
    "decorator, reverse, an array": lambda: grad(lambda x: gnp.sum(log1pexp(x)))(np.linspace(-3.0, 3.0, 5)),
    "decorator, forward": lambda: jvp(log1pexp, (2.0,), (1.0,)),
    "decorator, second derivative": lambda: grad(grad(log1pexp))(0.5),
    "tuple output": lambda: grad(lambda x: sum(sin_and_cos(x)))(0.3),
    "Keras upstream=": lambda: grad(keras_square)(1.5),
    "variables=": taped_scaled,
    "TensorFlow Probability form": lambda: grad(tfp_softplus)(0.7),
}


@pytest.mark.parametrize("form", list(FORMS))
def test_a_custom_gradient_leaves_no_cycle(form):
    assert cyclic_garbage(FORMS[form]) == 0


def test_the_forms_still_differentiate():
    # The garbage test above would pass on ops that record nothing: the same calls give the rules' numbers.
    assert grad(log1pexp)(3.0) == pytest.approx(1 - 1 / (1 + np.exp(3.0)), rel=1e-15)
    assert jvp(log1pexp, (2.0,), (1.0,))[1] == pytest.approx(1 - 1 / (1 + np.exp(2.0)), rel=1e-15)
    assert grad(grad(log1pexp))(0.5) == pytest.approx(np.exp(0.5) / (1 + np.exp(0.5)) ** 2, rel=1e-12)
    assert grad(lambda x: sum(sin_and_cos(x)))(0.3) == pytest.approx(np.cos(0.3) - np.sin(0.3), rel=1e-15)
    assert grad(keras_square)(1.5) == 3.0
    assert taped_scaled() == 2.0
    assert grad(tfp_softplus)(0.7) == pytest.approx(1 / (1 + np.exp(-0.7)), rel=1e-15)


def _softplus_bridge():
    """A bridge whose framework is NumPy: `as_functions`' replays, which every framework's bridge goes through."""

    def own(args, cotangent):
        (x,) = args
        return np.log1p(np.exp(x)), None if cotangent is None else [cotangent / (1 + np.exp(-x))]

    def forward(x):
        return gnp.log(1 + gnp.exp(x))

    def backward(args, cotangent):
        (x,) = args
        return [cotangent / (1 + gnp.exp(-x))]

    return as_functions(Bridge("numpy", own, forward, backward, "numpy"), "softplus")


@pytest.mark.parametrize("which", ["own numbers", "replayed graphs"])
def test_a_bridge_call_under_a_trace_leaves_no_cycle(which):
    own, replayed = _softplus_bridge()
    function = own if which == "own numbers" else replayed
    assert grad(lambda x: gnp.sum(function(x)))(np.array([-1.0, 2.0])) == pytest.approx(1 / (1 + np.exp([1.0, -2.0])))
    assert cyclic_garbage(lambda: grad(function)(0.7)) == 0
    assert cyclic_garbage(lambda: grad(lambda x: gnp.sum(function(x)))(np.linspace(-2.0, 2.0, 3))) == 0


SOURCES = {
    "torch": "import torch\n\n\ndef softplus(x):\n    return torch.log(1 + torch.exp(x))\n",
    "tensorflow": "import tensorflow as tf\n\n\ndef softplus(x):\n    return tf.math.log(1 + tf.exp(x))\n",
    "jax": "import jax.numpy as jnp\n\n\ndef softplus(x):\n    return jnp.log(1 + jnp.exp(x))\n",
}


@pytest.mark.parametrize("framework", list(SOURCES))
def test_a_framework_bridge_replay_leaves_no_cycle(framework, tmp_path):
    path = tmp_path / f"softplus_{framework}.py"
    path.write_text(SOURCES[framework])
    spec = importlib.util.spec_from_file_location(f"softplus_{framework}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    own, replayed = as_functions(make_bridge(framework, module.softplus, f"{path}:softplus"), "softplus")
    x = np.linspace(-2.0, 2.0, 3)
    for function in (own, replayed):
        assert grad(lambda v: gnp.sum(function(v)))(x) == pytest.approx(1 / (1 + np.exp(-x)), rel=1e-12)
        # The graphs are traced by the first run (TensorFlow's tracing leaves cycles of its own): the runs counted replay them.
        assert cyclic_garbage(lambda: grad(lambda v: gnp.sum(function(v)))(x)) == 0
        assert cyclic_garbage(lambda: grad(function)(0.5)) == 0
