"""What TensorFlow's tape does while the bridge traces a gradient graph, noted for the replay (a `tf_graph.Gradients`).

TensorFlow makes a gradient op inside the gradient function of one forward
op, and a user's ``tf.custom_gradient`` rule inside a backward function its
decorator records; neither leaves a trace of which in the graph. The watch
here sees both for the trace's duration, and leaves TensorFlow's graph, and
so what it computes, as it is.

This module never imports TensorFlow at import time: the trace hands it in.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
from contextlib import contextmanager

from ..errors import InputError

from .tf_errors import converted_origin
from .tf_graph import RuleCall, rule_of_code


@contextmanager
def watching_gradients(tf, gradients, users, eager=False):
    """Note in ``gradients`` (a `tf_graph.Gradients`) what TensorFlow's tape does while it builds a gradient graph.

    Each gradient op is made by the gradient function of one forward op (its
    line is that op's: Log's gradient, a Reciprocal of Log's input, is on
    Log's line, not on the line of the input); the tape calls those functions
    through one door, watched here for the trace's duration. A user's
    ``tf.custom_gradient`` rule that returns its upstream gradient unchanged
    makes no op at all; the gradients it passed through are noted, so the
    replay can run them through the rule's line. TensorFlow's graph is left
    as it is: what it computes is unchanged.

    ``eager``: the user's own call runs the function eagerly, where
    ``tf.custom_gradient`` hands a rule its ``variables=`` in another order than
    in a graph (`_variables_as_eager`); a rule recorded in the trace's own graph
    is handed them in the eager order, so the replay computes what the user's
    run computes, a rule that returns them in the wrong order included.
    """
    from tensorflow.python import pywrap_tfe  # lazy: TensorFlow's; the door its tape calls gradient functions through
    from tensorflow.python.eager import backprop, record  # lazy: TensorFlow's gradient door and custom_gradient's recorder

    from tensorflow.python.framework import ops  # lazy: TensorFlow's; the registry door symbolic gradients call

    original, recording, registered = backprop._gradient_function, record.record_operation, ops.get_gradient_function
    made = []  # (graph, first op index, end index, the forward op differentiated or None)
    upstream = _Upstream()
    traced = tf.compat.v1.get_default_graph()  # the trace's own graph: a nested tf.function's rules run in a graph

    def gradient_function(op_name, attrs, n_inputs, inputs, outputs, out_grads, skip, scope):
        graph = tf.compat.v1.get_default_graph()
        start = graph.num_operations()
        forward = upstream.claim(_forward_op(op_name, inputs, outputs, upstream.claimed), op_name, out_grads)
        grads = None
        try:
            grads = original(op_name, attrs, n_inputs, inputs, outputs, out_grads, skip, scope)
            return grads
        finally:
            made.append((graph, start, graph.num_operations(), forward))
            upstream.note(grads, inputs or (forward.inputs if forward is not None else ()))
            if forward is not None and isinstance(grads, (list, tuple)):  # one tensor for an op of one input
                gradients.dropped += [(forward, k) for k, (grad, tensor) in enumerate(zip(grads, forward.inputs))
                                      if grad is None and tensor.dtype.is_floating]

    def record_operation(op_type, output_tensors, input_tensors, backward_function, forward_function=None):  # as TensorFlow's
        rule = _user_rule(backward_function, users)
        if eager and tf.compat.v1.get_default_graph() is traced:
            _variables_as_eager(backward_function)
        if rule is not None:
            gradients.rules.add(rule[1])
            counted = _counted(_noting_passed(backward_function, rule, gradients), rule, backward_function, input_tensors)
            backward_function = _noting_call(counted, backward_function, rule, gradients, input_tensors)
        backward_function = _noting_made(backward_function, output_tensors, made, tf)
        return recording(op_type, output_tensors, input_tensors, upstream.noting(backward_function, input_tensors), forward_function)

    def get_gradient_function(op):  # as TensorFlow's: a nested tf.function's gradient finds rules by its registry
        function = registered(op)
        rule = _user_rule(function, users) if function is not None else None
        if rule is None:
            return function
        noted = _noting_passed(function, rule, gradients)
        return _noting_registered_call(noted, function, rule, gradients)

    pywrap_tfe.TFE_Py_RegisterGradientFunction(gradient_function)
    record.record_operation = record_operation
    ops.get_gradient_function = get_gradient_function
    try:
        with _gradients_built_afresh():
            yield upstream.seed
    finally:
        pywrap_tfe.TFE_Py_RegisterGradientFunction(original)
        record.record_operation = recording
        ops.get_gradient_function = registered
    _note_differentiated(made, gradients)
    _note_accumulated(traced, upstream, gradients)


@contextmanager
def _gradients_built_afresh():
    """Within it, the gradient function of a nested ``tf.function`` is built anew, once per trace, not taken from the
    pair TensorFlow keeps from an earlier build (an earlier check, the user's own training): only a build calls the
    user's rules inside it, which the watch notes to judge them. TensorFlow's own kept pairs stay for its own runs.
    Where TensorFlow keeps them otherwise, nothing changes."""
    delayed = _keeper_of_pairs()
    if delayed is None:
        yield
        return
    kept = delayed.forward_backward
    built = {}  # (id of the function's pairs, gradient count) -> (pairs, its pair built in this trace)

    def forward_backward(self, num_doutputs=None):
        count = getattr(self, "_num_inference_outputs", None) if num_doutputs is None else num_doutputs  # as TensorFlow's
        if count is None:  # a keeper that counts otherwise: its own pair
            return kept(self, num_doutputs)
        found = built.get((id(self), count))
        if found is None or found[0] is not self:
            found = built[(id(self), count)] = (self, self._construct_forward_backward(count))  # noqa: SLF001
        return found[1]

    delayed.forward_backward = forward_backward
    try:
        yield
    finally:
        delayed.forward_backward = kept


# Where TensorFlow keeps a function's forward and backward pairs: its module and class (private: no public door)
_PAIRS_KEPT_IN = ("tensorflow.python.eager.polymorphic_function.concrete_function", "_DelayedRewriteGradientFunctions")


def _keeper_of_pairs():
    """TensorFlow's class that keeps a function's forward and backward pairs, where this TensorFlow has it with the
    doors `_gradients_built_afresh` calls (its ``forward_backward``, built by ``_construct_forward_backward``), else
    None."""
    module, name = _PAIRS_KEPT_IN
    try:
        keeper = getattr(importlib.import_module(module), name)  # lazy: TensorFlow's gradient cache
    except (ImportError, AttributeError):
        return None
    doors = ("forward_backward", "_construct_forward_backward")
    return keeper if all(callable(getattr(keeper, door, None)) for door in doors) else None


class RuleMiscounted(InputError):
    """A user's ``tf.custom_gradient`` rule returned another number of gradients than its inputs and
    variables: told at the rule's ``def`` line. Where the check read a model's variables as tensors, the bridge
    meets the call again with them assigned (`tf_models.ModelArguments.explained`): the count is the rule's then."""

    miscounted = True


class RuleMisshapen(ValueError):
    """A user's rule returned a gradient of another shape than its input's: the rule is wrong (``rule``: its name
    and ``file:line``), whatever the numbers."""

    def __init__(self, message, rule):
        super().__init__(message)
        self.wrong_rule = rule


def _counted(backward, rule, recorded, inputs):
    """``backward`` (a user's rule, ``rule`` its name and line), raising `RuleMiscounted` where what it returns is
    not one gradient per input and per variable, and `RuleMisshapen` where one is not of its input's shape (both
    shapes known): the checker judges that rule `wrong` at its line.

    TensorFlow checks the count only eagerly, and the shapes never: a graph's
    rule returning too few gradients fails later with a message naming neither
    the rule nor its line, and one of another shape flows on into the sums.
    """
    cells = _cells(recorded)
    results = _cell(cells, "flat_result_len") or 0  # a graph's recorded op passes its own outputs through first
    listed = list(_cell(cells, "variables") or ())
    variables = len(listed)
    path, _, line = rule[1].rpartition(":")
    place = f"the gradient rule {rule[0]} at {os.path.basename(path)}:{line}"
    where = {"file": path, "line": int(line) if line.isdigit() else None}

    def counted(*upstream):
        try:
            returned = backward(*upstream)
        except ValueError as error:
            if "for each variable" not in str(error):
                raise
            raise RuleMiscounted(f"{place} returns another number of gradients for its variables than the "
                                 f"{variables} it is given (variables=): a tf.custom_gradient rule returns a list of "
                                 "one gradient per variable, in the order of `variables`", **where) from None
        got = list(returned) if isinstance(returned, (list, tuple)) else [returned]
        wanted = len(inputs) - results - variables
        given = len(got) - results - variables
        if given != wanted:
            raise RuleMiscounted(f"{place} returns {given} gradient{'s' if given != 1 else ''} for its {wanted} "
                                 f"input{'s' if wanted != 1 else ''}: a tf.custom_gradient rule returns one gradient "
                                 "per input of the function it decorates, in the inputs' order", **where)
        for k, (grad, tensor) in enumerate(zip(got[results:], list(inputs)[results:])):
            shape, want = getattr(grad, "shape", None), getattr(tensor, "shape", None)
            known = shape is not None and want is not None and shape.is_fully_defined() and want.is_fully_defined()
            if known and shape != want and hasattr(grad, "op"):
                what = f"input {k + 1} of {wanted}" if k < wanted else f"variable {listed[k - wanted].name}"
                raise RuleMisshapen(f"the rule returns a gradient of shape {tuple(shape.as_list())} for its {what}, "
                                    f"whose shape is {tuple(want.as_list())}: a tf.custom_gradient rule returns each "
                                    "gradient in its input's shape, in the inputs' order", rule)
        return returned

    return counted


def _noting_call(backward, recorded, rule, gradients, inputs):
    """``backward`` (a custom rule's, ``recorded`` as graph mode recorded it in a graph), noting each call of it in
    ``gradients.calls`` as a `tf_graph.RuleCall` of tensors (`_note_call`), so the rule can be judged alone."""
    layout = _layout(recorded)

    def noted(*upstream):
        returned = backward(*upstream)
        _note_call(gradients, rule, layout, list(inputs), upstream, returned)
        return returned

    return noted


def _noting_registered_call(backward, registered, rule, gradients):
    """``backward`` (the gradient function graph mode registered for a custom rule's ``IdentityN``, ``registered``
    as TensorFlow's registry holds it), noting each call as `_noting_call` does: a nested ``tf.function``'s
    gradient calls the rule through the registry, the op's inputs those of the recorded call."""
    cells = _cells(registered)
    layout = _layout(_cell(cells, "tape_grad_fn"))

    def noted(op, *upstream):
        returned = backward(op, *upstream)
        _note_call(gradients, rule, layout, list(op.inputs), upstream, returned)
        return returned

    return noted


def _layout(recorded):
    """``(results, variables, objects)`` of graph mode's recorded backward of a custom rule: how many of the tensors
    given to the rule's ``IdentityN`` are the function's results (ahead of its inputs), and the names of the variables
    it reads, in the order its inputs list them, and those variables; None for eager mode's layout."""
    cells = _cells(recorded)
    results = _cell(cells, "flat_result_len")
    if results is None:
        return None
    rule = _cell(cells, "grad_fn")
    variables = tuple(_cell(cells, "variables") or ())
    return results, tuple(_variable_name(v, rule) for v in variables), variables


def _variable_name(variable, rule):
    """A variable's name as the user's code reaches it: the module's name for it (or one the rule closes over)
    where it has one, else TensorFlow's (``dense/kernel``, without ``:0``)."""
    rule = inspect.unwrap(rule) if callable(rule) else None
    named = dict(getattr(rule, "__globals__", None) or {})
    closed = _cells(rule) if rule is not None else {}
    named.update((name, _cell(closed, name)) for name in closed)
    found = next((name for name, value in named.items() if value is variable and not name.startswith("_")), None)
    if found is not None:
        return found
    name = getattr(variable, "name", None) or "a variable"
    return name[:-2] if name.endswith(":0") else name



def _note_call(gradients, rule, layout, inputs, upstream, returned):
    """Note one call of a user's rule in ``gradients.calls`` as a `tf_graph.RuleCall` of the graph's tensors (the
    walker gives them the keys of its plan, `Walker.keyed_calls`): the forward it is the rule of runs from its
    inputs to its results, which graph mode gives the rule's ``IdentityN`` ahead of the inputs (``inputs``), the
    variables a ``variables=`` rule reads after them, their gradients after the inputs' in what it returns."""
    got = list(returned) if isinstance(returned, (list, tuple)) else [returned]
    if layout is None or len(got) != len(inputs) or len(upstream) < layout[0]:
        return  # eager mode's layout, or gradients not one per tensor of the call: not judged alone
    results, variables, objects = layout
    tensors = [*inputs, *upstream[:results]]
    if all(getattr(t, "graph", None) is not None and hasattr(t, "name") for t in tensors):
        gradients.calls.append(RuleCall(
            rule, tuple(inputs[results:]), tuple(inputs[:results]), tuple(upstream[:results]),
            tuple(g if hasattr(g, "name") and getattr(g, "graph", None) is not None else None for g in got[results:]),
            variables, objects,
        ))


def _cells(function):
    """``{name: cell}`` of ``function``'s closure, the free names its code reads; {} for a callable without code."""
    code = getattr(function, "__code__", None)
    return dict(zip(code.co_freevars, function.__closure__ or ())) if code is not None else {}


def _cell(cells, name):
    try:
        return cells[name].cell_contents if name in cells else None
    except ValueError:  # an empty cell
        return None


def _variables_as_eager(backward):
    """Make ``backward`` (graph-mode ``tf.custom_gradient``'s recorded function) hand its rule the ``variables=``
    in the order eager ``tf.custom_gradient`` hands them, the gradients the rule returns put back in the graph's.

    A graph sorts a rule's variables by name; eager execution lists them as a
    set of the variables TensorFlow's watcher saw (`_eager_order`). A rule that
    returns its variables' gradients in a fixed order, not ``variables``', is
    right in one and wrong in the other: the replay must be handed what the
    user's eager run hands it. Only this one recorded call's closure is
    changed (its rule cell, made per call of the decorator).
    """
    cells = _cells(backward)
    if "grad_fn" not in cells or "variables" not in cells:
        return
    try:
        in_graph = list(cells["variables"].cell_contents or ())
    except ValueError:  # an empty cell
        return
    rule = cells["grad_fn"].cell_contents
    if len(in_graph) < 2 or not callable(rule):
        return
    eager = _eager_order(in_graph)
    if [id(v) for v in eager] == [id(v) for v in in_graph]:
        return

    @functools.wraps(rule)
    def in_eager_order(*upstream, variables=None, **kwargs):
        given = variables if variables is not None else in_graph
        order = _eager_order(list(given))
        input_grads, variable_grads = rule(*upstream, variables=order, **kwargs)
        if len(variable_grads) != len(order):  # TensorFlow's own message says so
            return input_grads, variable_grads
        by_variable = {id(v): g for v, g in zip(order, variable_grads)}
        return input_grads, [by_variable[id(v)] for v in given]

    cells["grad_fn"].cell_contents = in_eager_order


def _eager_order(variables):
    """``variables`` in the order eager ``tf.custom_gradient`` hands them to a rule: its watcher's order (TensorFlow's
    own, asked of a watcher of its own here), then iterated as a set of their references, as the decorator does."""
    from tensorflow.python import pywrap_tfe  # lazy: TensorFlow's; its variable watcher
    from tensorflow.python.eager import record  # lazy: TensorFlow's; the watcher custom_gradient reads

    with record.VariableWatcher() as watcher:
        for variable in variables:
            pywrap_tfe.TFE_Py_VariableWatcherVariableAccessed(variable)
        watched = watcher.watched_variables()
    return [ref.deref() for ref in set(v.ref() for v in watched)]


def note_none_given(gradients, watched, grads, line_of):
    """Each argument whose gradient is TensorFlow's zeros for want of any (``tape.gradient``'s unconnected
    zeros), where a gradient function on its path gave none (`Gradients.dropped`: Betainc's for its a): noted
    in ``gradients.passed`` as that function's, so the replay runs the zeros through the call's line
    (``line_of(op)``: the user's line of a forward op, or None) and a finding names it."""
    for tensor, grad in zip(watched, grads):
        if getattr(grad, "op", None) is None or grad.op.type != "Const" or getattr(tensor, "op", None) is None:
            continue
        for op, k in gradients.dropped:
            line = line_of(op)
            if line is not None and _reaches(tensor, op.inputs[k]):
                name = op.op_def.input_arg[k].name if k < len(op.op_def.input_arg) else f"input {k}"
                gradients.passed[(grad.graph, grad.name)] = (f"of {op.type}: TensorFlow gives none for its {name}", line)
                break


# TensorFlow ops whose gradient gives none for an input in which the function has no derivative either: (op type,
# input position) -> (the call as the user writes it, the input's name, what TensorFlow differentiates instead).
# Polygamma's order is a whole number (the function is NaN between them, as TensorFlow's), so its gradient in the
# order is no number at all; Betainc's a and b, which have derivatives, are a gradient missed (`note_none_given`).
NO_DERIVATIVE_IN = {
    ("Polygamma", 0): ("tf.math.polygamma", "order", "TensorFlow differentiates polygamma(n, x) in x alone"),
}


def without_derivative(gradients, watched, line_of):
    """``{position: (call, input's name, what TensorFlow differentiates, "file:line")}`` for each watched tensor
    that reaches an input of an op in which TensorFlow's gradient gives none and the function has no derivative
    (`NO_DERIVATIVE_IN`), at the user's line of the op (``line_of(op)``)."""
    found = {}
    for position, tensor in enumerate(watched):
        for op, k in gradients.dropped:
            said = NO_DERIVATIVE_IN.get((op.type, k))
            line = line_of(op) if said is not None else None
            if line is not None and getattr(tensor, "op", None) is not None and _reaches(tensor, op.inputs[k]):
                found[position] = (*said, line)
                break
    return found


def _reaches(source, tensor, limit=10_000):
    """Whether ``tensor`` is computed from ``source`` (a walk up its ops' inputs, at most ``limit`` ops)."""
    todo, seen = [tensor], set()
    while todo and len(seen) < limit:
        tensor = todo.pop()
        if tensor is source:
            return True
        if tensor.op.name not in seen:
            seen.add(tensor.op.name)
            todo.extend(tensor.op.inputs)
    return False


def _noting_made(backward, outputs, made, tf):
    """``backward`` (a recorded custom gradient's, a library's too: tf.nn.silu's), noting in ``made`` the ops it makes
    as the gradient of the op that made ``outputs``: an op of a library's rule, made in no user frame and reading no
    op of a user's line (``square(features)``), is told at that op's line (`_note_differentiated`)."""
    forward = next((t.op for t in outputs or () if getattr(t, "op", None) is not None), None)
    if forward is None:
        return backward

    def noted(*upstream, **keywords):
        graph = tf.compat.v1.get_default_graph()
        start = graph.num_operations()
        try:
            return backward(*upstream, **keywords)
        finally:
            made.append((graph, start, graph.num_operations(), forward))

    return noted


def _note_differentiated(made, gradients):
    """``gradients.differentiates`` from the ops each gradient function made (the innermost call's first)."""
    listed = {}
    for graph, start, end, forward in made:
        if start == end or forward is None:
            continue
        if graph not in listed:
            listed[graph] = graph.get_operations()
        for op in listed[graph][start:end]:
            gradients.differentiates.setdefault(op.name, forward.name)


def _note_accumulated(graph, upstream, gradients):
    """``gradients.accumulates``: each ``AddN`` of ``graph`` (the tape's sum of a value's gradients from its uses) -> the
    forward tensor those are the gradients of, where the gradients the rules returned say which one (`_Upstream`)."""
    for op in graph.get_operations():
        if op.type == "AddN":
            found = upstream.forward_of(op.outputs[0])
            if len(found) == 1:
                gradients.accumulates[op.name] = found[0].name


def _forward_op(op_type, inputs, outputs, claimed):
    """The forward op a gradient function was called for, from its outputs or else its inputs; None if they do not say."""
    for tensor in outputs or ():
        if getattr(tensor, "op", None) is not None:
            return tensor.op
    inputs = list(inputs or ())
    if not inputs or any(getattr(t, "op", None) is None for t in inputs):
        return None
    wanted = [t.name for t in inputs]
    found = [
        op for op in inputs[0].consumers()
        if op.type == op_type and op.name not in claimed and [t.name for t in op.inputs] == wanted
    ]
    return found[-1] if len(found) == 1 else None


class _Upstream:
    """Which forward tensor each gradient tensor of a trace is the gradient of: the key to the forward op differentiated.

    TensorFlow hands the gradient function of an op such as Neg, Identity or
    AddN neither its inputs nor its outputs (the rule needs neither), only the
    upstream gradients of its outputs. Those are known here: the cotangent is
    the gradient of the function's value (`seed`), and each gradient a rule
    returns is that of the rule's forward op's input (`note`); the tape's sum
    of several (AddN) is the gradient of what they all are. The forward op
    whose outputs those are, of the type the tape names, is the one
    differentiated. Each forward op's gradient is made once (`claimed`).
    """

    def __init__(self):
        self.of = {}  # gradient tensor's name -> the forward tensors it is the gradient of
        self.claimed = set()

    def seed(self, cotangent, value):
        """The cotangent given to ``tape.gradient`` is the gradient of ``value``."""
        self.of[cotangent.name] = [value]

    def note(self, grads, forward_inputs):
        """Gradients a rule returned: one per input of its forward op (None where unconnected)."""
        for grad, tensor in zip(grads if isinstance(grads, (list, tuple)) else [grads], forward_inputs):
            if hasattr(grad, "name") and hasattr(grad, "op") and getattr(tensor, "op", None) is not None:
                self.of.setdefault(grad.name, []).append(tensor)

    def noting(self, backward, inputs):
        """A recorded backward function (a custom gradient's) whose returned gradients are noted as its inputs'."""

        def noted(*upstream):
            returned = backward(*upstream)
            self.note(returned, list(inputs))
            return returned

        return noted

    def claim(self, found, op_type, out_grads):
        """The forward op differentiated: ``found`` from its inputs or outputs, else the one ``out_grads`` are the gradients of."""
        if found is None:
            ops = {}
            for grad in out_grads or ():
                for tensor in self.forward_of(grad) if hasattr(grad, "name") else ():
                    if tensor.op.type == op_type and tensor.op.name not in self.claimed:
                        ops[tensor.op.name] = tensor.op
            found = next(iter(ops.values())) if len(ops) == 1 else None
        if found is not None:
            self.claimed.add(found.name)
        return found

    def forward_of(self, grad, depth=0):
        """The forward tensors ``grad`` is the gradient of (an AddN's: the ones all its summands are the gradients of)."""
        known = self.of.get(grad.name)
        if known is not None or depth > 8 or getattr(grad, "op", None) is None or grad.op.type != "AddN":
            return known or []
        # The tape's sum of the gradients of one tensor, reached by several paths: the gradient of that tensor.
        parts = [{t.name: t for t in self.forward_of(part, depth + 1)} for part in grad.op.inputs]
        common = set.intersection(*(set(p) for p in parts)) if parts else set()
        return [parts[0][name] for name in common]


def _user_rule(backward, users):
    """``("grad() of f", "file.py:LINE")`` of the user's ``tf.custom_gradient`` rule a recorded backward calls; None if not a user's."""
    cells = _cells(backward)
    if "grad_fn" not in cells and "tape_grad_fn" in cells:  # the registered gradient of a custom_gradient's IdentityN
        return _user_rule(cells["tape_grad_fn"].cell_contents, users)
    rule = cells["grad_fn"].cell_contents if "grad_fn" in cells else None
    code = getattr(inspect.unwrap(rule), "__code__", None) if callable(rule) else None
    if code is None:
        return None
    where = converted_origin(code) or (code.co_filename, code.co_firstlineno)
    if not users(where[0]):
        return None
    return rule_of_code(code, where)


def _noting_passed(backward, rule, gradients):
    """``backward`` (a custom rule's), noting in ``gradients.passed`` each upstream gradient it returns unchanged."""

    def noted(*upstream):
        returned = backward(*upstream)
        for tensor in returned if isinstance(returned, (list, tuple)) else [returned]:
            if any(tensor is g for g in upstream) and hasattr(tensor, "name"):
                gradients.passed[(tensor.graph, tensor.name)] = rule
        return returned

    return noted
