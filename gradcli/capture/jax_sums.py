"""The additions JAX's backward pass makes on its own: a value the code uses several times gets a cotangent from each
use, and JAX's transposition adds them (``add_any``) with no operator of the user's code.

JAX records such an add under the use whose cotangent came last, which is all its source information tells. The
graph itself tells the rest: the cotangents an ``add_any`` adds were made by the transposed rules of the value's uses
(each on its use's line), and the sum goes on into the transposed rule of the equation that made the value (on the
value's own line) or, for an input of the function, out of the program as its gradient. `name_accumulations` puts
each add at its value's line and words it as PyTorch's bridge does: "the gradient accumulation of exp's uses at lines
7, 8 and 9".
"""

from __future__ import annotations

from .lines import uses_at

ACCUMULATION = "add_any"
# Equations that carry a gradient on to an input's without computing with it: a cast, a reshape, a broadcast's sum.
_CARRIERS = ("convert_element_type", "reshape", "squeeze", "expand_dims", "broadcast_in_dim", "reduce_sum", "copy")


def name_accumulations(program, input_names=()):
    """Give each ``add_any`` step of ``program`` (a `jax_walk.Program` of a backward pass) its value's line as its
    location and its words as its ``by_the_pass``; ``input_names`` name the program's inputs (a gradient's argument)."""
    made_by, read_by = {}, {}
    for step in program.steps:
        for out in step.outputs:
            if out is not None:
                made_by[out] = step
        for number in step.inputs:
            if type(number) is int:
                read_by.setdefault(number, []).append(step)
    forward = {}  # a line -> the names of the forward equations on it
    for step in program.steps:
        if not step.backward:
            forward.setdefault(step.location, []).append(step.name)
    outputs = {number: k for k, number in enumerate(program.outputs) if type(number) is int}
    for step in program.steps:
        if step.name != ACCUMULATION:
            continue
        uses = _uses(step, made_by)
        value, at = _value(_last_of_chain(step, read_by), read_by, outputs, forward, input_names, program)
        at = at or (uses[0] if uses else None)
        step.by_the_pass = ("accumulation", f"the gradient accumulation of {value}'s {uses_at(uses, at)}")
        step.location = at or step.location


def _uses(step, made_by):
    """The lines of the uses whose cotangents an ``add_any`` step adds, through the adds before it in its chain."""
    lines = []
    for number in step.inputs:
        maker = made_by.get(number) if type(number) is int else None
        if maker is None:
            continue
        if maker.name == ACCUMULATION:
            lines.extend(_uses(maker, made_by))
        else:
            lines.append(maker.location)
    return lines


def _last_of_chain(step, read_by):
    """The last ``add_any`` of the chain ``step`` starts (three uses are added in two steps): its sum is the value's."""
    while True:
        readers = read_by.get(step.outputs[0], [])
        if len(readers) != 1 or readers[0].name != ACCUMULATION:
            return step
        step = readers[0]


def _value(last, read_by, outputs, forward, input_names, program):
    """``(the value's words, its line)`` of the sum ``last`` gives: an input's name where it leaves the program as a
    gradient (its line then its first use's, None here), else the forward equation on the line of the transposed rule
    that reads it (``exp``); where that line has several, the library call that wrote the rule ("a value in
    jax.nn.log_softmax"), else "the value"."""
    number = last.outputs[0]
    while True:
        if number in outputs:
            return _input_named(outputs[number], input_names, program), None
        readers = read_by.get(number, [])
        if len(readers) == 1 and readers[0].name in _CARRIERS and not readers[0].multiple:
            number = readers[0].outputs[0]
            continue
        break
    if not readers:
        return "a value", None
    at = readers[0].location
    names = set(forward.get(at, ()))
    if len(names) == 1:
        return names.pop(), at
    library = readers[0].library  # "jax.nn.log_softmax, jax/_src/nn/functions.py:590": the call that wrote it
    return (f"a value in {library.partition(',')[0]}" if library else "the value"), at


def _input_named(position, input_names, program):
    """The name of the input whose gradient is output ``position`` of a program giving (value, *gradients)."""
    index = position - (len(program.outputs) - len(input_names)) if input_names else -1
    return f"the input {input_names[index]}" if 0 <= index < len(input_names) else "an input"
