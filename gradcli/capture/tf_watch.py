"""What TensorFlow's tape does while the bridge traces a gradient graph, noted for the replay (a `tf_graph.Gradients`).

TensorFlow makes a gradient op inside the gradient function of one forward
op, and a user's ``tf.custom_gradient`` rule inside a backward function its
decorator records; neither leaves a trace of which in the graph. The watch
here sees both for the trace's duration, and leaves TensorFlow's graph, and
so what it computes, as it is.

This module never imports TensorFlow at import time: the trace hands it in.
"""

from __future__ import annotations

import inspect
from contextlib import contextmanager

from .tf_graph import rule_of_code


@contextmanager
def watching_gradients(tf, gradients, users):
    """Note in ``gradients`` (a `tf_graph.Gradients`) what TensorFlow's tape does while it builds a gradient graph.

    Each gradient op is made by the gradient function of one forward op (its
    line is that op's: Log's gradient, a Reciprocal of Log's input, is on
    Log's line, not on the line of the input); the tape calls those functions
    through one door, watched here for the trace's duration. A user's
    ``tf.custom_gradient`` rule that returns its upstream gradient unchanged
    makes no op at all; the gradients it passed through are noted, so the
    replay can run them through the rule's line. TensorFlow's graph is left
    as it is: what it computes is unchanged.
    """
    from tensorflow.python import pywrap_tfe  # lazy: TensorFlow's; the door its tape calls gradient functions through
    from tensorflow.python.eager import backprop, record  # lazy: TensorFlow's gradient door and custom_gradient's recorder

    original, recording = backprop._gradient_function, record.record_operation
    made = []  # (graph, first op index, end index, forward op type, its inputs, its outputs)

    def gradient_function(op_name, attrs, n_inputs, inputs, outputs, out_grads, skip, scope):
        graph = tf.compat.v1.get_default_graph()
        start = graph.num_operations()
        try:
            return original(op_name, attrs, n_inputs, inputs, outputs, out_grads, skip, scope)
        finally:
            made.append((graph, start, graph.num_operations(), op_name, inputs, outputs))

    def record_operation(op_type, output_tensors, input_tensors, backward_function, forward_function=None):  # as TensorFlow's
        rule = _user_rule(backward_function, users)
        if rule is not None:
            backward_function = _noting_passed(backward_function, rule, gradients)
        return recording(op_type, output_tensors, input_tensors, backward_function, forward_function)

    pywrap_tfe.TFE_Py_RegisterGradientFunction(gradient_function)
    record.record_operation = record_operation
    try:
        yield gradients
    finally:
        pywrap_tfe.TFE_Py_RegisterGradientFunction(original)
        record.record_operation = recording
    _note_differentiated(made, gradients)


def _note_differentiated(made, gradients):
    """``gradients.differentiates`` from the ops each gradient function made (the innermost call's first)."""
    listed = {}
    for graph, start, end, op_type, inputs, outputs in made:
        if start == end:
            continue
        forward = _forward_op(op_type, inputs, outputs)
        if forward is None:
            continue
        if graph not in listed:
            listed[graph] = graph.get_operations()
        for op in listed[graph][start:end]:
            gradients.differentiates.setdefault(op.name, forward)


def _forward_op(op_type, inputs, outputs):
    """The name of the forward op a gradient function was called for, from its outputs or else its inputs; None if unknown."""
    for tensor in outputs or ():
        if getattr(tensor, "op", None) is not None:
            return tensor.op.name
    inputs = list(inputs or ())
    if not inputs or any(getattr(t, "op", None) is None for t in inputs):
        return None
    wanted = [t.name for t in inputs]
    found = [op for op in inputs[0].consumers() if op.type == op_type and [t.name for t in op.inputs] == wanted]
    return found[-1].name if found else None


def _user_rule(backward, users):
    """``("grad() of f", "file.py:LINE")`` of the user's ``tf.custom_gradient`` rule a recorded backward calls; None if not a user's."""
    code = getattr(backward, "__code__", None)
    cells = dict(zip(code.co_freevars, backward.__closure__ or ())) if code is not None else {}
    rule = cells["grad_fn"].cell_contents if "grad_fn" in cells else None
    code = getattr(inspect.unwrap(rule), "__code__", None) if callable(rule) else None
    if code is None or not users(code.co_filename):
        return None
    return rule_of_code(code)


def _noting_passed(backward, rule, gradients):
    """``backward`` (a custom rule's), noting in ``gradients.passed`` each upstream gradient it returns unchanged."""

    def noted(*upstream):
        returned = backward(*upstream)
        for tensor in returned if isinstance(returned, (list, tuple)) else [returned]:
            if any(tensor is g for g in upstream) and hasattr(tensor, "name"):
                gradients.passed[tensor.name] = rule
        return returned

    return noted
