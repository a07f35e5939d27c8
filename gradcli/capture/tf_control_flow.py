"""TensorFlow's graph gradients of ``tf.cond`` and ``tf.while_loop`` made to take a variable a gradient rule reads, while
gradcli traces an eager function's gradient.

A ``tf.custom_gradient`` rule with ``variables=`` reads its variables as its
gradient is built. Inside a branch or a loop body, the gradient's own graph
captures that read's handle, a tensor of no graph (the variable was made
eagerly), and TensorFlow's gradients of its control flow in a graph
(``cond_v2``, ``while_v2``) take every capture for a graph's tensor and fail
(``Tensor.graph is undefined``; ``not in internal_capture_to_output``), in a
``tf.function`` of the user's too. Eager code runs one branch or trip at a
time and takes that gradient, so the graph of an eager function's gradient
exists: while gradcli traces it, such a capture is passed on as the handle it
is, which the enclosing graph captures as any other, and a loop's gradient
hands it through its trips unchanged, as TensorFlow hands a resource of a
graph. Captures of graph tensors go through TensorFlow's own code untouched.

The doors are TensorFlow's private ones, read where they exist: a
TensorFlow without them is left as it is, and the trace fails there as
TensorFlow's own does (`tf_errors.control_flow_refusal`).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

_LOCK = threading.Lock()
_INSTALLED = {"depth": 0, "undo": None}  # traces under way in any thread, and how to put TensorFlow's doors back


@contextmanager
def eager_reads_passed_on():
    """While the ``with`` block runs, TensorFlow's cond and while gradients in a graph pass on a capture of an eager
    tensor (module docstring); in every thread, TensorFlow's own code otherwise, as it is restored afterwards."""
    with _LOCK:
        if _INSTALLED["depth"] == 0:
            _INSTALLED["undo"] = _install()
        _INSTALLED["depth"] += 1
    try:
        yield
    finally:
        with _LOCK:
            _INSTALLED["depth"] -= 1
            if _INSTALLED["depth"] == 0 and _INSTALLED["undo"] is not None:
                _INSTALLED["undo"]()
                _INSTALLED["undo"] = None


def _install():
    """Put the passing doors in TensorFlow's place; returns the function that puts TensorFlow's back, or None where
    this TensorFlow lacks one of them (nothing is changed then)."""
    try:
        from tensorflow.python.framework.ops import EagerTensor, tensor_id  # lazy: TensorFlow's, as the doors below
        from tensorflow.python.ops import cond_v2, while_v2  # lazy: no public door builds these gradients
    except ImportError:
        return None
    grad_graph = getattr(while_v2, "_WhileBodyGradFuncGraph", None)
    resolvers = [(module, name, getattr(module, name, None))
                 for module, name in ((cond_v2, "_resolve_grad_inputs"), (while_v2, "_resolve_grad_captures"))]
    if grad_graph is None or not callable(getattr(grad_graph, "capture", None)) or \
            any(own is None for _, _, own in resolvers):
        return None
    own_capture = grad_graph.__dict__.get("capture")
    inherited_capture = grad_graph.capture

    def capture(graph, tensor, name=None, shape=None):
        captured = inherited_capture(graph, tensor, name, shape)
        if isinstance(tensor, EagerTensor):  # handed through the loop's trips as it is: an output of its own
            graph.internal_capture_to_output.setdefault(tensor_id(captured), captured)
        return captured

    for module, name, own in resolvers:
        setattr(module, name, _passing_eager(own, EagerTensor))
    grad_graph.capture = capture

    def undo():
        for module, name, own in resolvers:
            setattr(module, name, own)
        if own_capture is None:
            del grad_graph.capture
        else:
            grad_graph.capture = own_capture

    return undo


def _passing_eager(resolve, eager_type):
    """TensorFlow's ``resolve(forward_graph, gradient_graph, ...)`` (the inputs a control flow gradient's graph is
    called with, one per capture of the gradient's graph in their order) with each eager capture passed on as it is,
    the others resolved by TensorFlow's own code."""

    def resolved(forward, gradient, *rest):
        captures = list(gradient.external_captures)
        if not any(isinstance(t, eager_type) for t in captures):
            return resolve(forward, gradient, *rest)
        theirs = iter(resolve(forward, _Captures(gradient, [t for t in captures if not isinstance(t, eager_type)]), *rest))
        return [t if isinstance(t, eager_type) else next(theirs) for t in captures]

    return resolved


class _Captures:
    """A gradient's graph as TensorFlow's resolver reads it, with only the captures it can resolve."""

    def __init__(self, graph, external_captures):
        self._graph, self.external_captures = graph, external_captures

    def __getattr__(self, name):
        return getattr(self._graph, name)
