"""Which call's built-in gradient rule is wrong, where a framework's gradient disagrees with the exact derivative.

A framework's backward graph hands each call's rule the gradient of the
function's value with respect to that call's result (its upstream gradient),
and the rule turns it into the gradients of the call's inputs. gradcli
differentiates the replayed forward graph itself, at high precision with its
own rules, which gives the true gradient of every value the forward graph
made; while every rule run before a value's is right, that true gradient is
one of the numbers the backward graph computes. A line whose results' true
gradients are all among them (its rules were handed right upstream gradients)
but which reads a value, made on another line or given as an input, whose true
gradient is not, is a line whose rules turned right gradients into wrong ones:
the call whose built-in rule is off. The last such line in the forward order
is named, the first the backward pass reaches.

A rule the user wrote is named at its own ``def`` (`provenance.rule_location`);
where one rule calls another (a custom function whose gradient it takes by a
tape), each is judged alone by the bridge (``rules_alone``), the rules it calls
handing it their truths; where calls of rules compose (one's output another's
input, a rule in a loop), each call the framework's run made is judged alone
at its own inputs and upstream gradient (``rule_calls``); the finding names
the one off on its own (`_name_the_rule`).
"""

from __future__ import annotations

import copy
import functools
import os
import re

import numpy as np

from ..autodiff import mp as mp_core
from ..autodiff.custom import call_of, variable_rules_run
from ..autodiff.tape import GradientTape, variables_read
from ..autodiff.tracer import hooks
from ..autodiff.transforms import vjp
from ..autodiff.values import raw
from ..capture.exact_constants import held_in
from ..capture.lines import def_line
from ..capture.trees import leaves
from . import provenance
from .compare import WRONG_RTOL
from .judgement import Judgement
from .precision import to_mp
from .results import Finding
from .verdict import Verdict

_BITS = 200  # far past float64's 53: a rule's own rounded float constants stay 1e-16 of its numbers
_AGREE = 1e-12  # relative: above those constants' rounding, below the 1e-8 a wrong rule is held to
_MOST_ENTRIES = 64  # a Variable's entries each cost two runs of its call: a larger one is judged along directions
_MOST_OPS = 5000  # a longer program is not searched: each value is compared with every number of the backward graph


def name_the_call(result, target, point_args, cotangent=None, program=None):
    """Point a wrong built-in rule's finding on ``result`` at the line of the call whose rule is off, where one is found.

    ``point_args`` are the point's arguments as the working dtype holds them,
    in float64. ``cotangent``: for a row of a vector output's Jacobian, the
    row's direction over the output (a one-hot, or a random unit vector); the
    framework's backward pass is then the one it runs for that row.
    ``program``: the dtype whose program the exact reference judged
    (`exact_constants.held_in`; None, float64's): the calls and rules searched
    are that program's, a narrower dtype's own trace where the user's code
    chose by dtype. The finding keeps its message, with the call's line and
    the numbers that single it out added.
    """
    with held_in(program):
        _name_in_the_program(result, target, point_args, cotangent)


def _name_in_the_program(result, target, point_args, cotangent):
    """`name_the_call` inside the program the reference judged."""
    bridge = getattr(target, "bridge", None)
    finding = next((f for f in result.findings if f.kind in ("wrong-rule", "nonfinite-rule") and f.op == "gradient rule"), None)
    users_rule = next((f for f in result.findings if f.kind in ("wrong-rule", "nonfinite-rule")
                       and f.op.startswith("gradient rule ")), None)
    cleared = False
    if bridge is not None and users_rule is not None and (bridge.rules_alone or bridge.rule_calls) is not None:
        cleared = _name_the_rule(users_rule, bridge, point_args, cotangent, getattr(target, "rebuilt", None))
    if bridge is None and users_rule is not None:
        cleared = _name_own_rule(users_rule, target, point_args, cotangent)
    if cleared:  # every rule of the user's is right on its own: the rule that is off is one the framework ran
        finding = users_rule
    if bridge is None and finding is not None and finding.location is None:  # gradcli's own rules ran the program
        found = _own_program_named(target, point_args, cotangent, _differentiated(result, target))
        if found is not None and found[2] == AT_SWITCH:
            _named_at_the_switch(finding, *found[:2])
        elif found is not None:
            _named_at_the_equality(finding, *found[:2])
        elif cleared:
            finding.location = _where_it_started(result, finding)
        return
    if bridge is None or finding is None:
        return
    try:
        found = guilty_line(bridge, point_args, cotangent, getattr(target, "rebuilt", None),
                            _differentiated(result, target))
    except Exception:  # noqa: BLE001 - the search is an extra on a verdict already made: without it the finding stands
        found = None
    if found is None:
        if cleared:
            finding.location = _where_it_started(result, finding)
        return
    location, name, departed = found
    if departed == STOP_FORM:
        _named_at_the_form(finding, location, name)
        return
    if departed == AT_SWITCH:
        _named_at_the_switch(finding, location, name)
        return
    if departed == AT_EQUALITY:
        _named_at_the_equality(finding, location, name)
        return
    if isinstance(departed, tuple) and departed[0] == AT_TIE:
        _named_at_the_tie(finding, location, name, departed[1])
        return
    if departed == CUSTOM_RULE:
        finding.location, finding.op = location, f"gradient rule of {name}"
        finding.message += (
            f"; the rule that is off is {name} on this line: the gradient of the call's result is right where the "
            "backward pass hands it over, and the gradients the rule passes on to the call's inputs are not (the "
            "framework differentiates none of the steps the call computes its value with: it runs this rule instead)")
        return
    finding.location = location
    called, gradient, framework_op = name.partition(" gradient")
    if gradient and framework_op[:2] in ("", " ("):  # a call's own rule as its framework names it: "F.x gradient (aten.x_backward)"
        finding.gradcli_op, finding.op = finding.op, name
        finding.framework_op = framework_op.strip(" ()") or finding.framework_op
        name = called
    elif not name.startswith(_SEVERAL):
        finding.op = f"gradient rule of {name}"
    if isinstance(departed, tuple) and departed[0] == STRAIGHT_THROUGH:
        steps = " and ".join(departed[1])
        finding.message = finding.message.replace(
            "the gradient rule is wrong: ", "the gradient is not the derivative of the function the code computes: ", 1)
        finding.message += (
            f"; the call whose built-in rule is off is {name} on this line, a straight-through estimator: its "
            f"forward is a step function ({steps}), whose derivative is 0 wherever it is defined, and its backward is "
            "by design not that derivative but hands the gradient on through the step (as quantisation-aware "
            "training means it to), while the derivative judged is the step's own, 0 off its jumps")
        return
    finding.message += (
        f"; the first call whose built-in rule is off is {name} on this line: "
        + ("the framework's own program computes its value otherwise than the function, from the function's inputs, "
           "and differentiates that" if departed else
           "its result's gradient is right where the backward pass hands it over, and the gradient it passes on is not")
    )


def _differentiated(result, target):
    """The positions, among ``target``'s variables, of those the check differentiates (``--wrt``); None: all."""
    chosen = tuple(k for k, name in enumerate(getattr(target, "variables", ())) if name in result.gradient)
    return chosen or None


_FRAMEWORK_NAMES = {"torch": "PyTorch", "jax": "JAX", "tensorflow": "TensorFlow"}
_STOPS = {"torch": ".detach()", "jax": "jax.lax.stop_gradient", "tensorflow": "tf.stop_gradient"}  # a declared stop


def framework_name(bridge):
    """The framework of ``bridge`` as its users write it (PyTorch, JAX, TensorFlow); "the framework" without one."""
    framework = getattr(bridge, "framework", None)
    return _FRAMEWORK_NAMES.get(framework, framework) if framework else "the framework"


def name_undifferentiated(result, target, point_args):
    """A wrong gradient's finding on ``result`` told of the calls whose terms its framework's gradient leaves out, at
    ``point_args`` (float64 numbers, one per variable): the numbers the user's code read out of the graph (`Bridge.numbers_read`: a
    ``.item()``, which the function's values follow and the gradient holds constant), else the calls the framework
    computes without a derivative (`Bridge.undifferentiated`). The finding is placed at the first one's line, each
    named with its own; whether any was named."""
    bridge = getattr(target, "bridge", None)
    finding = next((f for f in result.findings if f.kind == "wrong-rule" and f.op.startswith("gradient rule")), None)
    if finding is None or bridge is None:
        return False
    framework = framework_name(bridge)
    point_args = target.users_arguments(point_args)  # the bridge's callables take the user's arguments, trees too
    reads = _found(getattr(bridge, "numbers_read", None), point_args)
    if reads:
        finding.op = f"gradient through {reads[0][0]}"
        finding.location = reads[0][1] or finding.location
        finding.message = _LIBRARY_RULE.sub("", finding.message).replace(
            "the gradient rule is wrong: ", "the gradient is not the derivative of the function the code computes: ", 1)
        number = {".numpy()": "a NumPy array", ".tolist()": "Python numbers"}.get(reads[0][0], "a Python number")
        finding.message += (f"; {_calls(reads)} {'reads' if len(reads) == 1 else 'read'} a value that moves with the "
                            f"inputs as {number}, which {framework}'s gradient holds constant while the "
                            "function's values follow it (keep the value a tensor; where a constant is meant, say so "
                            f"with {_STOPS.get(bridge.framework, 'a stop of the gradient')})")
        return True
    found = _found(getattr(bridge, "undifferentiated", None), point_args)
    if not found:
        return False
    finding.op = f"gradient of {found[0][0]}"
    finding.location = found[0][1] or finding.location
    finding.message += (f"; {framework} has no derivative for {_calls(found)}: it computes the value and leaves "
                        f"{'its term' if len(found) == 1 else 'their terms'} out of the gradient, so the gradient "
                        "under test is not the function's")
    return True


def _found(ask, point_args):
    """``[(op, "file:line"), ...]`` a bridge's ``ask`` answers at ``point_args``, each once; [] without an answer."""
    if ask is None:
        return []
    try:
        return list(dict.fromkeys(ask(point_args)))
    except Exception:  # noqa: BLE001 - an extra on a verdict already made: without it the finding stands
        return []


def _calls(found):
    return ", ".join(f"{op} at {_short(location)}" if location else op for op, location in found)


def guilty_line(bridge, point_args, cotangent=None, rebuilt=None, differentiated=None):
    """``(file:line, op name, departed)`` of the call whose built-in rule turned a right upstream gradient into a wrong
    one, or None; ``departed``: the call's value in the framework's program is not the function's (`_first_value_off`),
    or `STRAIGHT_THROUGH` with the call's step ops (its forward a step function, its rule a straight-through
    estimator), or `STOP_FORM`: no rule is off, the gradient is the one a stop form on that line defines (`_stop_forms`), the op
    name then the line of the rule the form multiplies (TensorFlow Probability's gx), or None. On a function's one
    line, where the bridge names the framework's op of a call's gradient (`Bridge.gradient_op`), the calls the line
    wrote are searched instead (`_by_call`), and the op is the gradient of the call that is off and that op:
    "torch.nn.functional.binary_cross_entropy gradient (aten.binary_cross_entropy_backward)".

    The op is named where it is the line's only one, or the only one there handed a right gradient that passes on a
    wrong one (else the line's ops are, "one of abs and prod"); a function on one line of one call has nothing to
    search, nor a vector output without a ``cotangent`` (`name_the_call`). ``rebuilt``: the flat point made the
    user's arguments, which the bridge takes (`Target.rebuilt`: trees rebuilt, data in place); the inputs searched
    are still the point's variables. ``differentiated``: the positions of the variables the check differentiates
    (None: all), whose gradients alone are compared, the framework's gradient of another being no one's truth.
    """
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    mp_core.enable()
    with mpmath.workprec(_BITS):
        args = tuple(to_mp(np.asarray(a, dtype=np.float64)) if np.ndim(a) else to_mp(float(a)) for a in point_args)
        users = tuple(rebuilt(*args)) if rebuilt is not None else args
        forward = bridge.forward if rebuilt is None else (lambda *variables: bridge.forward(*rebuilt(*variables)))
        true = provenance.Recorder(locate_in_python=True)
        with true, np.errstate(all="ignore"):
            value, pull = vjp(forward, *args)
            seed = _seed(value, cotangent)
            if seed is None:
                return None
            true.phase = "backward"
            exact = pull(seed)  # gradcli's own backward pass over the replay: a stop_gradient's gradient 0
        framework = provenance.Recorder(locate_in_python=True)
        with framework, np.errstate(all="ignore"):
            rule = (getattr(bridge, "backward_traced", None) or bridge.backward)(users, seed)
        rule = tuple(rule) if isinstance(rule, (tuple, list)) else (rule,)
        if rebuilt is not None:  # the framework's gradients are trees, as the arguments are: each variable's read out
            rule = _per_variable(rule, users, args)
        if differentiated is not None and len(rule) == len(exact) > max(differentiated):  # the others held constant
            rule, exact = tuple(rule[k] for k in differentiated), tuple(exact[k] for k in differentiated)
        forms = _stop_forms(true.recording.ops)
        if forms and _all_close(rule, exact):
            return forms[0][0], forms[0][1], STOP_FORM
        switches = _at_their_switch(true.recording.ops) if _all_close(rule, exact) else []
        if switches:  # no rule departs from gradcli's own: none is off as a rule, the switches lost the slope
            return (*_where_the_switches_meet(switches), AT_SWITCH)
        # no rule departs from gradcli's own, and the gradient is a number (a NaN there is the other branch's leak,
        # which its own finding names): the value an equality picks has the slope lost
        held = None
        if _all_close(rule, exact) and _finite(rule):
            held = _at_an_equality(true.recording.ops, _chosen(args, differentiated))
        if held is not None:
            return (*_equality_named(held, true.recording.spellings), AT_EQUALITY)
        ties = _at_their_ties(true.recording.ops, true.recording.backward_nodes) if (
            _all_close(rule, exact) and _finite(rule)) else []
        if ties:  # no rule departs from gradcli's own, which shares the framework's convention at a tie
            first = ties[0][0]
            names = sorted({name for line, name in ties if line == first})
            return first, " and ".join(provenance.spelled(n, first, true.recording.spellings) for n in names), (
                AT_TIE, [line for line in dict.fromkeys(line for line, _ in ties) if line != first])
        ops = [op for op in true.recording.ops if op.phase == "forward" and op.replayed and op.location]
        ops = _as_their_custom_calls(ops, bridge.custom_calls() if getattr(bridge, "custom_calls", None) else None)
        one_line = len({op.location for op in ops}) == 1
        ops = _by_call(ops) if one_line and getattr(bridge, "gradient_op", None) is not None else ops
        lines = {op.location for op in ops}
        # one line has nothing to search, unless it is a custom call, the one answer there is
        alone = len(lines) < 2 and not any(_RULE_MARK in line for line in lines)
        if alone or len(ops) > _MOST_OPS or len(framework.recording.ops) > _MOST_OPS:
            return None
        numbers = _by_shape([raw(op.output) for op in framework.recording.ops] + [seed])
        inputs_right = {f"input {i}": _close(r, e)
                        for i, (r, e) in zip(differentiated or range(len(args)), zip(rule, exact))}
        nodes = true.recording.backward_nodes
        found = _first_off(ops, (_gradients(ops, nodes), _passed_on(ops, nodes)), numbers, args, inputs_right,
                           getattr(bridge, "backward_holds_forward", True))
        if found is None:
            return None
        line, name, departed = found  # the call named as its framework names it
        if _RULE_MARK in line:
            return line.partition(_RULE_MARK)[0], name, CUSTOM_RULE
        on_line = {op.name for op in ops if op.location == line}
        steps = sorted(on_line & _STEPS)
        if steps and on_line <= _STEPS | _PLAIN_RULES | _PIECEWISE_LINEAR:  # the line is a step function of its inputs
            departed = (STRAIGHT_THROUGH, steps)
        line, _, call = line.partition(_CALL_MARK)
        if call:  # a call of several on the function's one line: named by the gradient of the call the user wrote
            op = getattr(bridge, "gradient_op", None) and bridge.gradient_op(call)
            return line, f"{call} gradient ({op})" if op else f"{call} gradient", departed
        return line, provenance.spelled(name, line, true.recording.spellings), departed


def _named_at_the_equality(finding, location, name):
    """A wrong gradient's finding named at ``location``, where an equality that holds at the point alone picked the
    value whose slope the gradient is: ``name`` the `where` whose part it is, or `_BRANCH` and the comparison where the
    equality chose a branch (lax.cond, a Python ``if``)."""
    finding.location = location
    if name.startswith(_BRANCH):
        finding.op = f"gradient of {name}"
        finding.message += (
            f"; the equality on this line ({name[len(_BRANCH):]}) holds at this very point alone and chooses the "
            "branch the gradient comes from (a constant, or the value written out for the point), as gradcli's own "
            "gradient through that branch does, while the function beside the point is the other branch's, whose "
            "slope as it nears the point is the derivative here (the other branch's slope at the point, or a series "
            "about it, gives it)")
        return
    name, _, framework_op = name.partition(" (")
    finding.op, finding.framework_op = f"gradient rule of {name}", framework_op.rstrip(")") or finding.framework_op
    finding.message += (
        f"; {name} on this line picks its value by an equality that holds at this very point alone (a guard of "
        "0 / 0), and its rule passes on the slope of that value, as gradcli's own does, while the function beside "
        "the point is the guarded expression's, whose slope as it nears the point is the derivative here (a "
        "series about the point, or a custom gradient, gives it)")


def _named_at_the_tie(finding, location, name, later_lines):
    """``finding`` pointed at the first tie of a max or a min (`_at_their_ties`) where a smooth function's slope was
    split by the rules' conventions, the ties on ``later_lines`` said beside it."""
    finding.location = location
    finding.op = f"gradient rule of {name}"
    several = " and " in name
    later = f" (and the ties at {', '.join(_short(line) for line in later_lines)} after it)" if later_lines else ""
    finding.message += (
        f"; {name} on this line {'are' if several else 'is'} evaluated at a tie of {'their' if several else 'its'} "
        f"two arguments{later}, where each such rule splits the gradient by its convention (half to each side, a "
        "clip's bound among them; gradcli's replay keeps the framework's): the function is smooth through the ties, "
        "its slope the same from either side, and no convention gives it (a where that picks one side, or a custom "
        "rule, does)")


def _named_at_the_switch(finding, location, name):
    """``finding`` pointed at the line where switches evaluated at 0 (`_at_their_switch`) lost a smooth function's
    slope, saying so."""
    finding.location = location
    finding.op = f"gradient rule of {name}"
    finding.message += (
        f"; {name} on this line {'are' if ' and ' in name else 'is'} evaluated at an argument of 0, the switch "
        "where each such rule gives its convention's slope (0, gradcli's own rules too); the function is smooth "
        "there, its slope the same from either side, and this line loses it: no one op's rule can give that "
        "slope, which belongs to the product of the switches' pieces (a custom rule, or a series guarded by where "
        "about 0, gives it)")


def _own_program_named(target, point_args, cotangent, differentiated=None):
    """``(file:line, name, AT_EQUALITY)`` of an equality holding at the point that picked the value a program
    gradcli's own rules differentiate (plain NumPy on gradcli.numpy, gradcli's functions) takes its slope from
    (`_at_an_equality`), else ``(file:line, names, AT_SWITCH)`` of the line where its switches evaluated at 0 meet
    (`_at_their_switch`: mu-law's sign(x) log1p(mu |x|) at 0), or None. Its gradient is gradcli's own backward pass,
    so no rule is off: a wrong one there is a branch's or a switch's."""
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    mp_core.enable()
    try:
        with mpmath.workprec(_BITS), np.errstate(all="ignore"):
            args, forward = _own_forward(target, point_args)
            recorder = provenance.Recorder(locate_in_python=True)
            with recorder:
                value, _ = vjp(forward, *args)
            if _seed(value, cotangent) is None:
                return None
    except (ArithmeticError, TypeError, ValueError, NotImplementedError):
        return None  # an extra on a verdict already made: without exact numbers here the finding stands unnamed
    held = _at_an_equality(recorder.recording.ops, _chosen(args, differentiated))
    if held is not None:
        return (*_equality_named(held, recorder.recording.spellings), AT_EQUALITY)
    switches = _at_their_switch(recorder.recording.ops, replayed=False)
    return (*_where_the_switches_meet(switches), AT_SWITCH) if switches else None


def _own_forward(target, point_args):
    """``(the point as exact numbers, the function gradcli's own rules differentiate on them)`` of a target without a
    bridge: its mpmath function, a model's variables made a tree again where it takes one."""
    args = tuple(to_mp(np.asarray(a, dtype=np.float64)) if np.ndim(a) else to_mp(float(a)) for a in point_args)
    if target.rebuilt is None:
        return args, target.mp_function
    return args, lambda *variables: target.mp_function(*target.rebuilt(*variables))


def _chosen(args, differentiated):
    """The entries of ``args`` at the positions ``differentiated`` (None: all)."""
    return args if differentiated is None else tuple(args[k] for k in differentiated)


def _equality_named(held, spellings):
    """``(file:line, name)`` of `_at_an_equality`'s ``held`` as the framework spells it: the call a ``where`` is part
    of, or `_BRANCH` and the comparison whose answer chose a branch (lax.cond, lax.switch, a Python ``if``)."""
    line, chooser = held
    spelling = provenance.spelled(chooser, line, spellings)
    if chooser in _EQUALITIES:
        return line, _BRANCH + (_SYMBOLS.get(spelling) or spelling)
    return line, spelling.partition(" in ")[2] or spelling


_SYMBOLS = {"equal": "==", "not_equal": "!="}  # gradcli's own comparisons as the user wrote them


def _per_variable(gradients, users, variables):
    """The entries of ``gradients`` (a bridge's, one per argument of ``users``, trees as they are) of each of
    ``variables``, the very leaves placed in ``users``, in order."""
    placed = {id(leaf): path for k, user in enumerate(users) for path, leaf in leaves(user, str(k))}
    by_path = {path: leaf for k, gradient in enumerate(gradients) for path, leaf in leaves(gradient, str(k))}
    return tuple(by_path[placed[id(variable)]] for variable in variables)


_CALL_MARK = "\0"  # what `_by_call` writes between a line and the call on it, in the places it searches


def _by_call(ops):
    """A one-line function's ``ops`` each placed at its line and the call of the user's that made it (the framework's
    spelling "torch.nn.functional.binary_cross_entropy (aten.log)" names the call), so that `_first_off` searches
    the calls a line wrote as it searches lines; ``ops`` as they are where they name fewer than two calls."""
    calls = [(op.spelled or "").rpartition(" (")[0] for op in ops]
    if len(set(calls)) < 2 or not all(calls):
        return ops
    placed = {}
    for op, call in zip(ops, calls):
        moved = copy.copy(op)
        moved.location = f"{op.location}{_CALL_MARK}{call}"
        moved.parents = tuple(placed.get(p.index, p) if p is not None else None for p in op.parents)
        placed[op.index] = moved
    return list(placed.values())


_RULE_MARK = "\1"  # what `_as_their_custom_calls` writes between a custom call's line and its rule's words


def _as_their_custom_calls(ops, custom_calls):
    """``ops`` with each op of a line that runs only inside a custom derivative's primal (``custom_calls``, the
    bridge's) placed at that custom call, so that `_first_off` judges the call as one: the framework differentiates
    none of the primal's own steps (a Newton solve inside ``lax.custom_root``), it runs the call's rule instead."""
    if not custom_calls or not any(op.location in custom_calls for op in ops):
        return ops
    placed = {}
    for op in ops:
        call = custom_calls.get(op.location)
        moved = copy.copy(op)
        if call is not None:
            moved.location, moved.name = f"{call[0]}{_RULE_MARK}{call[1]}", call[1]
        moved.parents = tuple(placed.get(p.index, p) if p is not None else None for p in op.parents)
        placed[op.index] = moved
    return list(placed.values())


# `guilty_line`'s word for a gradient that no built-in rule made wrong: a stop form defines it.
STOP_FORM = "a stop form"
# `guilty_line`'s ``departed`` where the call's forward is a step function (``(STRAIGHT_THROUGH, its step ops)``): its
# derivative is 0 wherever it is defined, and a rule that hands a gradient on through it is a straight-through
# estimator, by design not that derivative (quantisation-aware training's fake_quantize, a rounding Function's)
STRAIGHT_THROUGH = "straight through"
_STEPS = {"floor", "ceil", "trunc", "rint", "round", "fix", "sign"}
# ops a step function is made with besides its steps (a quantiser's scale, offset and clamp to its range)
_PIECEWISE_LINEAR = {"clip", "maximum", "minimum", "where", "abs", "absolute"}
# `guilty_line`'s word for a gradient whose rules took, at an equality that holds at the point alone, the slope of the
# value that equality picks there (a guard's constant, divide_no_nan's 0 at 0 / 0), not the function's beside it.
AT_EQUALITY = "at an equality"
# `guilty_line`'s word for a gradient whose rules each took one side's slope at their switch, where the function is
# smooth: no rule is off as a rule, the line holding the switches is the one to name.
AT_SWITCH = "at a switch"
# `guilty_line`'s word for a gradient whose rules split it at a tie of a max's or a min's arguments by their convention
# (half to each, a clip's bound), where the function is smooth: no rule is off as a rule, the first tie is named.
AT_TIE = "at a tie"
# `guilty_line`'s word for a gradient that the rule a custom derivative's call hands the framework made wrong, where
# that rule left no operation of its own to name (a tangent_solve ``lambda g, y: y``): the call is named.
CUSTOM_RULE = "a custom call's rule"


def _at_their_switch(ops, replayed=True):
    """``(line, op name)`` of the forward ``ops`` evaluated exactly at their switch, in forward order: abs and sign of
    an entry that is 0. Each rule gives its convention there (0 for both), which gradcli's own backward pass gives
    too; where the function is smooth through them (sign(x) log1p(mu |x|) at 0, whose slope is mu / log1p(mu) from
    either side) the exact derivative is each side's, and the line holding the switches is where the gradient was
    lost. ``replayed``: a framework's replayed ops alone (a program gradcli's own rules differentiate has none)."""
    found = []
    for op in ops:
        if (op.phase != "forward" or (replayed and not op.replayed) or not op.location or op.name not in _SWITCHES
                or not op.args):
            continue
        entries = np.ravel(np.asarray(raw(op.args[0]), dtype=object))
        if any(_is_zero(entry) for entry in entries):
            found.append((op.location, op.name))
    return list(dict.fromkeys(found))


def _at_their_ties(ops, nodes):
    """``(line, op name)`` of the forward ``ops`` evaluated exactly at a tie of their two arguments, in forward order:
    a maximum or a minimum (a clip's bound among them) with an entry where both are one number and its result's
    gradient in gradcli's own backward pass (``nodes``) is not 0 (a tie nothing downstream reads splits nothing).
    Each rule splits the gradient there by its convention (JAX's half to each), which gradcli's own replay keeps;
    where the function is smooth through the ties (PPO's min of r A and clip(r) A at r on the bound: both sides'
    slope is A) no convention gives its slope."""
    tied = [op for op in ops if op.phase == "forward" and op.replayed and op.location and op.name in _TIES
            and len(op.args) >= 2]
    gradients = _gradients(tied, nodes)
    found = []
    for op in tied:
        try:
            first, second, upstream = np.broadcast_arrays(*(np.asarray(raw(a), dtype=object) for a in (
                *op.args[:2], gradients.get(op.index, 0))))
        except ValueError:
            continue
        if any(a == b and not _is_zero(g) for a, b, g in zip(first.ravel(), second.ravel(), upstream.ravel())):
            found.append((op.location, op.name))
    return list(dict.fromkeys(found))


_TIES = ("maximum", "minimum", "fmax", "fmin")  # the ops whose rule has a convention where its two arguments tie


def _where_the_switches_meet(switches):
    """``(line, names)`` of the last line among `_at_their_switch`'s: where the switches' pieces meet (the product of
    sign and a function of |x|), its switches' names joined."""
    last = switches[-1][0]
    return last, " and ".join(sorted({name for line, name in switches if line == last}))


_SWITCHES = ("abs", "absolute", "sign")  # the ops whose rule gives its convention's slope at an argument of 0


def _at_an_equality(ops, variables):
    """``(file:line, "where")`` of the last forward ``where`` among ``ops`` whose condition is an equality that holds at
    the point between numbers of which one is computed by the program or is one of ``variables`` (a guard d == 0,
    TensorFlow's divide_no_nan at 0 / 0, which replays as one); else ``(file:line, "equal")`` of the last such
    equality (or inequality that fails) no ``where`` reads, whose answer chose a branch (lax.cond, lax.switch,
    tf.cond, a Python ``if``); else None. Only at the point does it pick that branch, whose slope (a constant's 0) its
    rule passes on, as gradcli's own does; the function beside the point is the other branch's, and so is its slope."""
    found, chosen, by_identity, by_line = None, None, set(), set()
    for op in ops:
        if op.phase != "forward":
            continue
        if op.name in _EQUALITIES and _reads_a_variable(op, variables):  # not two constants compared
            holds = _entries_true(op.output) if op.name == "equal" else tuple(not e for e in _entries_true(op.output))
            if any(holds):
                by_identity.add(id(raw(op.output)))
                by_line.add((op.location, _entries_true(op.output)))
                chosen = (op.location, op.name) if op.location else chosen
        if op.name != "where" or not op.location or len(op.args) != 3 or op.parents[2] is None:
            continue
        # a mask carries no trace: the where reads that very array, or a copy a framework made on the same line;
        # a branch the program computed, left at the point for the other, whose slope beside it is lost
        mask = _entries_true(op.args[0])
        if any(mask) and (id(raw(op.args[0])) in by_identity or (op.location, mask) in by_line):
            found = (op.location, "where")
    return found or chosen


_BRANCH = "the branch chosen by "  # how `guilty_line` names a branch a comparison's answer chose
_EQUALITIES = ("equal", "not_equal")  # the comparisons that hold (or fail) at one point alone


def _reads_a_variable(op, variables):
    """Whether ``op`` reads a number the program computed or one of ``variables`` (the inputs differentiated)."""
    return any(parent is not None or any(raw(arg) is v for v in variables) for arg, parent in zip(op.args, op.parents))


def _entries_true(mask):
    """Whether each entry of a replayed comparison's answer ``mask`` is True, as a tuple."""
    return tuple(_is_true(entry) for entry in np.ravel(np.asarray(raw(mask), dtype=object)))


def _is_true(entry):
    """Whether a replayed comparison's entry is True."""
    try:
        return bool(entry)
    except Exception:  # noqa: BLE001 - an entry that cannot say is no equality shown to hold
        return False


def _is_zero(entry):
    """Whether a replayed number is exactly 0."""
    try:
        return entry == 0
    except Exception:  # noqa: BLE001 - a number that cannot say (an interval straddling 0) is not exactly 0
        return False


def _all_close(rule, exact):
    """Whether the framework's gradients ``rule`` are gradcli's own ``exact`` ones, input by input (`_close`)."""
    rule = tuple(rule) if isinstance(rule, (tuple, list)) else (rule,)
    return len(rule) == len(exact) and all(_close(r, e) for r, e in zip(rule, exact))


def _stop_forms(ops):
    """``(form line, rule line)`` of the stop forms among a recording's forward ``ops``, in forward order: a
    ``subtract`` of x and the stop_gradient of that very x; the rule line is that of the value whose stop_gradient
    the form multiplies (``gx`` in ``stop_gradient(gx) * (x - stop_gradient(x))``), None where it multiplies none
    or that value is an input.

    Such a form is 0 in value and passes x's gradient: the backward pass
    differentiates what it multiplies (TensorFlow Probability's
    ``custom_gradient(fx, gx, x)`` spelled out, gx its rule), or, as DiCE's
    magic box ``exp(logp - stop_gradient(logp))`` does, gives an estimator
    whose gradient is not the function's derivative on purpose. Where the
    graph holds one and gradcli's own backward pass through the replay gives
    the framework's numbers, no built-in rule is off: the gradient under test
    is the form's, and the form's line is the one to name.
    """
    found = []
    for op in ops:
        if op.phase != "forward" or op.name != "subtract" or len(op.args) != 2:
            continue
        stop = next((p for p in op.parents if p is not None and p.name == "stop_gradient"), None)
        if stop is not None and stop.args and op.args[0] is stop.args[0] and op.args[1] is stop.output and stop.location:
            found.append((stop.location, _multiplied_rule(op, ops)))
    return list(dict.fromkeys(found))


def _multiplied_rule(form, ops):
    """The line of the value g a forward ``multiply`` of stop_gradient(g) and the stop ``form`` reads (TensorFlow
    Probability's gx, the form's rule: the line that computed it), or None."""
    for op in ops:
        if op.phase != "forward" or op.name != "multiply" or form not in op.parents:
            continue
        stop = next((p for p in op.parents if p is not None and p is not form and p.name == "stop_gradient"), None)
        rule = stop.parents[0] if stop is not None and stop.parents else None
        if rule is not None and rule.location:
            return rule.location
    return None


def _named_at_the_form(finding, location, rule_line=None):
    """A wrong gradient's finding named at the stop form (`_stop_forms`) on ``location``, saying the gradient
    is the form's and what such a form is for (no library's rule is off: its note is left out); where the form
    multiplies a rule (TensorFlow Probability's ``custom_gradient(fx, gx, x)``), named at ``rule_line``, gx's own line,
    as a ``tf.custom_gradient``'s rule is at its ``def``."""
    said = _LIBRARY_RULE.sub("", finding.message).replace("the gradient rule is wrong: ",
                                                         "the gradient is not the function's derivative: ", 1)
    if rule_line is not None:
        finding.location = rule_line
        finding.op = "gradient rule gx of custom_gradient(fx, gx, x)"
        finding.message = said + (
            f"; the gradient under test is gx, computed on this line: the stop form at {_short(location)}, "
            "stop_gradient(fx) + stop_gradient(gx) * (x - stop_gradient(x)) (TensorFlow Probability's "
            "custom_gradient(fx, gx, x), as written or as its library writes it), has fx's value and gx as its "
            "gradient, so gx is the rule judged; gradcli's own backward pass through the form gives the framework's "
            "numbers, so no built-in rule is off, and the exact derivative is fx's")
        return
    finding.location = location
    finding.op = "gradient of x - stop_gradient(x)"
    finding.message = said + (
        "; the gradient under test is the one the stop form on this line defines: x - stop_gradient(x) is 0 in value "
        "and passes x's gradient, so the backward pass differentiates what the form multiplies (TensorFlow "
        "Probability's custom_gradient(fx, gx, x) spelled out: gx is its rule) or gives an estimator on purpose (DiCE's "
        "magic box exp(logp - stop_gradient(logp)): a score-function gradient where the function's derivative is 0); "
        "gradcli's own backward pass through the form gives the framework's numbers, so no built-in rule is off, and "
        "the exact derivative is the function's: where an estimator is meant, this verdict is its design")


# The note `judge` adds where a library function's rule ran on the line first (no rule of a library's is off at a form).
_LIBRARY_RULE = re.compile(r" \(the framework's own rule of [^()]* ran on this line: the library's code, not the line's\)")


def judge_rule_variables(target, point_args, program=None, cotangent=None, ran_variables_rules=False,
                         tolerance=WRONG_RTOL):
    """The verdict on the gradients a user's ``variables=`` rule returns for the variables it reads
    (``Bridge.rule_variables``, or `_own_rule_variables` for gradcli's own custom_gradient), which the arguments'
    gradient never reads: `wrong` at the rule's ``def`` line where one differs from the exact derivative, in that
    variable, of the function it is the rule of by more than ``tolerance`` (relative: `compare.rule_tolerance`, the
    arguments' own), else no verdict of its own.

    Each call of each rule is judged alone, handed the upstream gradients
    the backward pass gave it, so that among several rules (or a rule called
    twice, in a loop, in a branch) the finding names the rule and the call that
    are off. ``point_args`` and ``program`` are `name_the_call`'s; ``cotangent``:
    a row of a vector output's Jacobian, its direction over the output (None for
    a number). ``ran_variables_rules``: whether the check's own run of a gradcli
    function ran a rule of a call that read Variables (one that ran none pays
    no extra run).
    """
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    bridge = getattr(target, "bridge", None)
    if bridge is not None:
        forward, rule_variables = bridge.forward, getattr(bridge, "rule_variables", None)
    else:  # gradcli's own custom_gradient: the same verdict on the same rule
        forward = getattr(target, "function", None) if getattr(target, "kind", None) == "function" else None
        may_read = forward is not None and ran_variables_rules
        rule_variables = functools.partial(_own_rule_variables, forward) if may_read else None
    if rule_variables is None:
        return Judgement()
    mp_core.enable()
    try:
        with held_in(program), mpmath.workprec(_BITS), np.errstate(all="ignore"):
            args = tuple(to_mp(np.asarray(a, dtype=np.float64)) if np.ndim(a) else to_mp(float(a)) for a in point_args)
            rebuilt = getattr(target, "rebuilt", None)
            args = tuple(rebuilt(*args)) if rebuilt is not None else args
            calls = getattr(bridge, "calls_variables_rules", None)
            if calls is not None and not calls(args):  # no rule to judge: the replay below would find none
                return Judgement()
            seed = _seed(forward(*args), cotangent)
            judged = [_Judged(*entry) for entry in rule_variables(args, seed)] if seed is not None else []
            unjudged = [entry for entry in judged if entry.truth is None]
            judged = [entry for entry in judged if entry.truth is not None]
            off = [entry for entry in judged if not _close(entry.returned, entry.truth, tolerance)]
    except (ArithmeticError, TypeError, ValueError, NotImplementedError, AttributeError, LookupError):
        # The replay has no exact numbers here (an op without an mpmath path, a domain's edge, a plain module's
        # `x.astype` on an mpmath number): the variables' gradients go unjudged, as they would without this search.
        return Judgement()
    reasons = dict.fromkeys(entry.variable for entry in unjudged)
    notes = [_not_judged([entry for entry in unjudged if entry.variable == why]) for why in reasons]
    if not off:
        return Judgement(notes=notes)
    judgement = _variables_off(off, judged)
    judgement.notes = notes
    return judgement


def _not_judged(unjudged):
    """The note that says which rules' calls had their variables' gradients left unjudged, and why (each entry's
    ``variable`` holds the reason, the same for all of ``unjudged``)."""
    rules = ", ".join(f"{name} at {_short(location)}" for name, location in
                      dict.fromkeys((entry.rule, entry.location) for entry in unjudged))
    return f"the gradients the variables= rule {rules} returns for its variables are not judged: {unjudged[0].variable}"


def _short(location):
    """``file.py:LINE`` of a rule's location, its folder left out."""
    return os.path.basename(location) if location else "an unknown line"


class _Judged:
    """One variable's gradient from one call of a rule, beside its truth (`Bridge.rule_variables`' entries).

    ``truth`` None: the call is not judged, ``variable`` then saying why;
    ``inputs``: the call's inputs, which tell the calls of one rule apart;
    ``directions``: the variable's number of entries where ``returned`` and
    ``truth`` are along a few random directions (one too large to judge entry
    by entry), else 0.
    """

    __slots__ = ("rule", "location", "variable", "returned", "truth", "inputs", "directions")

    def __init__(self, rule, location, variable, returned, truth, inputs=None, directions=0):
        self.rule, self.location, self.variable, self.returned, self.truth = rule, location, variable, returned, truth
        self.inputs, self.directions = inputs, directions


def _variables_off(off, judged):
    """The `wrong` verdict on the variables' gradients ``off`` among ``judged``: a finding at each rule's line,
    the calls of a rule told apart by their inputs where it was called more than once."""
    findings = []
    for location in dict.fromkeys(entry.location for entry in off):
        mine = [entry for entry in off if entry.location == location]
        calls = list(dict.fromkeys(id(entry.inputs) for entry in judged if entry.location == location))
        off_calls = list(dict.fromkeys(id(entry.inputs) for entry in mine))
        said = []
        for call in off_calls:
            entries = [entry for entry in mine if id(entry.inputs) == call]
            told = len(calls) > 1 and entries[0].inputs is not None
            where = f"at its call on {_shown(entries[0].inputs)}, " if told else ""
            said.append(where + "; ".join(_said(entry) for entry in entries))
        counted = f" at {len(off_calls)} of its {len(calls)} calls" if len(calls) > 1 else ""
        name = mine[0].rule
        message = (f"the gradient rule {name} returns wrong gradients for the variables it reads "
                   f"(variables=){counted}: " + "; ".join(said)
                   + "; a tf.custom_gradient rule returns one gradient per variable, in the order of `variables`")
        findings.append(Finding("wrong-rule", "backward", f"gradient rule {name}", message, location=location))
    return Judgement(gradient=Verdict.WRONG, findings=findings)


def _said(entry):
    """What the rule returned for one variable and what it should have, in digits that tell them apart."""
    returned, truth = _shown_apart(entry.returned, entry.truth)
    if entry.directions:
        return (f"for {entry.variable}, along {np.size(entry.truth)} random directions (its {entry.directions} entries "
                f"are judged by directions, not one by one), it returns {returned}, the exact derivative is {truth}")
    said = f"for {entry.variable} it returns {returned}, the exact derivative is {truth}"
    return said + _largest_difference(entry) if np.size(raw(entry.truth)) > _SHOWN_ENTRIES else said


def _largest_difference(entry):
    """Where a gradient longer than it shows differs most from its truth: the entry's index and both numbers."""
    import mpmath  # lazy: as above

    returned = np.asarray(raw(entry.returned), dtype=object)
    truth = np.asarray(raw(entry.truth), dtype=object)
    gaps = [abs(mpmath.mpf(r) - mpmath.mpf(t)) for r, t in zip(returned.ravel(), truth.ravel())]
    at = max(range(len(gaps)), key=gaps.__getitem__)
    index = ", ".join(str(int(i)) for i in np.unravel_index(at, truth.shape))
    r, t = _shown_apart(returned.ravel()[at], truth.ravel()[at])
    return f" (most apart at entry [{index}]: {r} where {t})"


def _own_rule_variables(function, args, cotangent):
    """`Bridge.rule_variables` for a function written with gradcli's own custom_gradient: for each run of a user's
    ``variables=`` rule and each trainable Variable it returns a gradient for, ``(rule's name, "file.py:LINE",
    variable's name, returned, truth, the call's inputs, directions)``; [] where no such rule ran.

    ``returned``: the gradient the rule gave for the Variable, handed the
    upstream gradients of the backward pass of the function weighted by
    ``cotangent``; ``truth``: the derivative, in each entry of the Variable's
    value (or along a few random directions, past `_MOST_ENTRIES` entries),
    of that call's output weighted by the same upstream gradients, the call's
    inputs held: central differences on exact numbers of the call's own
    forward (its ops, which the rule stands in for, are not recorded as such).
    """
    with variables_read() as read, variable_rules_run() as runs:
        with GradientTape() as tape:
            value = function(*args)
        variables = [v for v in read if v.trainable]
        if variables:
            tape.gradient(value, variables, output_gradients=cotangent)
    judged = []
    for run in reversed(runs):  # the calls in the order the function made them: the backward pass ran them last first
        name, location = _rule_of(run.grad_fn)
        for i, (variable, returned) in enumerate(zip(run.variables, run.returned)):
            if returned is None or not 0 < np.size(raw(variable._value)):
                continue
            label = variable.name or f"Variable {i}"
            if np.size(raw(variable._value)) <= _MOST_ENTRIES:
                truth = _difference_in(run, variable, None)
                judged.append((name, location, label, raw(returned), truth, run.inputs))
            else:
                directions = _directions(np.shape(raw(variable._value)))
                along = [_inner(raw(returned), d) for d in directions]
                truth = _difference_in(run, variable, directions)
                judged.append((name, location, label, np.array(along, dtype=object), truth, run.inputs,
                               int(np.size(raw(variable._value)))))
    return judged


_DIRECTIONS = 3  # a Variable past `_MOST_ENTRIES` entries is judged along this many random directions (seeded)


def _directions(shape):
    """`_DIRECTIONS` random unit directions in a value of ``shape``, as exact numbers (the same at every check)."""
    rng = np.random.default_rng(len(shape) + int(np.prod(shape)))
    out = []
    for _ in range(_DIRECTIONS):
        d = rng.standard_normal(shape)
        out.append(np.asarray(to_mp(d / np.linalg.norm(d)), dtype=object))
    return out


def _inner(a, b):
    return np.sum(np.asarray(a, dtype=object) * np.asarray(b, dtype=object))


def _rule_of(grad_fn):
    """``(rule's name, "file.py:LINE")`` of a user's rule, at its ``def``."""
    code = getattr(grad_fn, "__code__", None)
    if code is None:
        return f"{type(grad_fn).__name__}()", None
    return f"{code.co_name}()", f"{code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}"


def _difference_in(run, variable, directions):
    """The derivative of ``run``'s call's output weighted by its upstream gradients in each entry of ``variable``'s
    value (or along each of ``directions``): central differences at ``_BITS`` bits (step 2^-(_BITS/3) of the
    entry's size, or of 1 below it), the value restored after."""
    import mpmath  # lazy: as above

    held = variable._value
    centre = np.asarray(to_mp(np.asarray(held, dtype=np.float64)), dtype=object)
    scale = max([abs(c) for c in centre.ravel()] + [mpmath.mpf(1)])

    def weighted(moved):
        variable.assign(moved if centre.shape else moved[()])
        outputs = run.primal()
        outputs = list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]
        return sum(_inner(raw(out), up) for out, up in zip(outputs, run.upstream))

    try:
        if directions is not None:
            step = mpmath.ldexp(scale, -(_BITS // 3))
            slopes = [(weighted(centre + step * d) - weighted(centre - step * d)) / (2 * step) for d in directions]
            return np.array(slopes, dtype=object)
        slopes = np.empty(centre.shape, dtype=object)
        for index in np.ndindex(centre.shape):
            step = mpmath.ldexp(max(abs(centre[index]), mpmath.mpf(1)), -(_BITS // 3))
            sides = []
            for sign in (1, -1):
                moved = centre.copy()
                moved[index] = centre[index] + sign * step
                sides.append(weighted(moved))
            slopes[index] = (sides[0] - sides[1]) / (2 * step)
    finally:
        variable.assign(held)
    return slopes if centre.shape else slopes[()]


_SHOWN_ENTRIES = 6  # a longer gradient shows its first entries and its length


def _shown(number, digits=8):
    """A judged gradient (or a call's inputs) as a short text: its entries to ``digits`` digits, the first
    `_SHOWN_ENTRIES` of a longer one."""
    import mpmath  # lazy: as above

    if isinstance(number, (list, tuple)):
        parts = [_shown(n, digits) for n in number]
        return parts[0] if len(parts) == 1 else "(" + ", ".join(parts) + ")"
    flat = np.ravel(np.asarray(raw(number), dtype=object))
    entries = [mpmath.nstr(mpmath.mpf(x), digits) for x in flat[:_SHOWN_ENTRIES]]
    if np.ndim(raw(number)) == 0:
        return entries[0]
    more = f", ... ({flat.size} entries)" if flat.size > _SHOWN_ENTRIES else ""
    return "[" + ", ".join(entries) + more + "]"


def _shown_apart(returned, truth):
    """``returned`` and ``truth`` as texts with the fewest digits from 8 to 20 at which they differ."""
    for digits in (8, 12, 16, 20):
        pair = _shown(returned, digits), _shown(truth, digits)
        if pair[0] != pair[1]:
            return pair
    return pair


def _name_the_rule(finding, bridge, point_args, cotangent=None, rebuilt=None):
    """Point a user's wrong rule's finding at the rule off on its own, where one rule calls another or several calls
    compose: the first, in the order the calls returned (a rule's nested ones first) or the backward pass reached them,
    whose gradients differ from its truth (`Bridge.rules_alone`, `Bridge.rule_calls`).
    ``rebuilt``: the target's flat point made the arguments the bridge takes (a model's variables a tree again)."""
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    mp_core.enable()
    try:
        with mpmath.workprec(_BITS), np.errstate(all="ignore"):
            args = tuple(to_mp(np.asarray(a, dtype=np.float64)) if np.ndim(a) else to_mp(float(a)) for a in point_args)
            args = tuple(rebuilt(*args)) if rebuilt is not None else args
            seed = _seed(bridge.forward(*args), cotangent)
            calls = bridge.rules_alone is None
            complete = not calls  # TensorFlow's rules_alone judges every call of the graph's rules
            if seed is None:
                judged = []
            elif calls:
                with held_in(None):
                    made = bridge.rule_calls(args, seed)
                    complete, judged = getattr(made, "complete", False), _judged_alone(made)
            else:
                judged = bridge.rules_alone(args, seed)
            off, right = _off_and_right(judged, complete)
    except (ArithmeticError, TypeError, ValueError, NotImplementedError):
        # The replay or a rule has no exact numbers here (an op without an mpmath path, a domain's edge, a tree the
        # point does not fill): an extra on a verdict already made, so the finding stands unnamed. A slip of the
        # search's own bookkeeping (a key or an attribute missing) is a bug, and surfaces.
        return False
    return _named_off(finding, off, "each call at its own inputs, handed the upstream gradient the backward pass "
                      "handed it" if calls else "each rule handed the exact gradients of the rules it calls",
                      [(name, location) for name, location, _, _ in judged], right)


def _off_and_right(judged, complete):
    """``(the rules off, each (name, "file:line"), whether every call is right)`` of ``judged`` ((name, "file:line",
    returned, truth) per call): off beside the largest entry, as a rule is named; right entry by entry, as the judge
    holds a rule, and only where the calls are ``complete``."""
    off = [(name, location) for name, location, returned, truth in judged
           if not all(_close(r, t) for r, t in zip(returned, truth))]
    right = complete and all(_close(r, t, each=True) for _, _, returned, truth in judged for r, t in zip(returned, truth))
    return off, right


def _named_off(finding, off, how, judged=(), right=False):
    """``finding`` named at the first of the rules ``off`` ((name, "file:line"), ...), the others said, judged ``how``;
    True where every call of every rule the finding names was ``judged`` and found ``right`` (each entry to 1e-12 of
    itself): the finding is then the framework's own rule's, its op and location cleared for `name_the_call`'s
    search."""
    if not off:
        names = {name for name, _ in judged}
        named = finding.op[len("gradient rule "):].split(", ")
        if not right or not judged or not set(named) <= names:
            return False
        finding.op, finding.location = "gradient rule", None
        finding.message += (f"; judged alone, {how}, {provenance.listed(named)} "
                            f"{'agrees' if len(named) == 1 else 'each agree'} with the derivative of "
                            f"{'its' if len(named) == 1 else 'their'} function: the rule that is off is not one of "
                            "yours")
        return True
    if len(judged) < 2:  # the one rule that ran is off: the finding names it already
        return False
    (name, location), others = off[0], off[1:]
    finding.location, finding.op = location, f"gradient rule {name}"
    finding.message += (f"; judged alone, {how}, {name} is off"
                        + "".join(f", and so is {other} at {where}" for other, where in others))
    return False


def _where_it_started(result, finding):
    """The line a finding cleared of the user's rules (`_named_off`) is told at where no built-in rule is found off:
    that of the first other finding of the backward pass that has one (a where's leak, where the NaN first
    appeared), else of any other finding, else None."""
    others = [f for f in result.findings if f is not finding and f.location]
    return next((f.location for f in others if f.phase == "backward"), None) or next(
        (f.location for f in others), None)


def _name_own_rule(finding, target, point_args, cotangent=None):
    """Point a wrong rule's finding at the call of a custom gradient (gradcli's own, ``custom_gradient``) off on its
    own, where a function makes several: each call's rule, run in the backward pass on the upstream gradient it was
    handed, beside the derivative of the call's function at its inputs (`custom.Call.again`), in the order the
    backward pass reached them; the first off is named."""
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    mp_core.enable()
    try:
        with mpmath.workprec(_BITS), np.errstate(all="ignore"):
            args, forward = _own_forward(target, point_args)
            reached = []
            value, pull = vjp(forward, *args)
            seed = _seed(value, cotangent)
            if seed is None:
                return False
            gathered = _calls_reached(reached)
            with gathered:
                pull(seed)
            pairs = [(name, location, returned, _truth_of_the_call(again, inputs, argnums, upstream))
                     for name, location, again, inputs, argnums, upstream, returned in reached]
            off, right = _off_and_right(pairs, gathered.complete)
    except (ArithmeticError, TypeError, ValueError, NotImplementedError):
        return False  # as in `_name_the_rule`: an extra on a verdict already made
    return _named_off(finding, off, "each call at its own inputs, handed the upstream gradient the backward pass handed "
                      "it", [entry[:2] for entry in reached], right)


class _calls_reached:  # noqa: N801 - a context manager, named as what it gathers
    """Within it, each call of a user's custom gradient the backward pass runs is appended to ``reached``: (rule's
    name, "file:line", the call's function again, its inputs, the positions of those traced, its upstream gradient,
    its rule's gradients of those)."""

    def __init__(self, reached):
        self.reached = reached
        # whether every call of a user's rule was gathered (none past `_MOST_OWN_CALLS`, none reading Variables)
        self.complete = True

    def __enter__(self):
        self.saved = hooks.backward

        def seen(node, g, grads):
            call = call_of(node)
            rule = provenance._user_rule(node) if call is not None else None
            if rule is not None and (call.again is None or len(self.reached) >= _MOST_OWN_CALLS):
                self.complete = False
            elif rule is not None:
                self.reached.append((f"{rule[0]} of {node.prim.name}", rule[1], call.again, node.args, node.argnums,
                                     g, grads))

        hooks.backward = seen
        return self

    def __exit__(self, *exc):
        hooks.backward = self.saved
        return False


_MOST_OWN_CALLS = 64  # a call judged costs one exact run of its function: a long loop's last calls are judged


def _truth_of_the_call(again, inputs, argnums, upstream):
    """The derivative of a custom gradient's function in its inputs at the positions ``argnums`` (those the backward
    pass differentiated), the others held at ``inputs``, pulled back from ``upstream``."""

    def of_traced(*values):
        given = list(inputs)
        for k, v in zip(argnums, values):
            given[k] = v
        return again(*given)

    _, pull = vjp(of_traced, *[inputs[k] for k in argnums])
    pulled = pull(upstream)
    return pulled if isinstance(pulled, tuple) else (pulled,)


def _judged_alone(calls):
    """`_name_the_rule`'s entries for each `bridge.RuleCall`: the rule's answer (its program's backward replayed at
    high precision) beside its truth (gradcli's derivative of that program's replayed forward), at the call's inputs.

    Each is judged as the float64 program it is, its constants as written: the call's inputs are the float64 run's,
    and a narrower program's holding of the user's numbers may round a forward's constant and not its rule's (a
    Function's ``ctx.c``), which is no slip of the rule."""
    judged = []
    for call in calls:
        inputs = [to_mp(np.asarray(x, dtype=np.float64)) if np.ndim(x) else to_mp(float(x)) for x in call.inputs]
        value, pull = vjp(call.bridge.forward, *inputs)
        one = type(raw(value))(1)
        returned, truth = list(call.bridge.backward(inputs, one)), list(pull(one))
        if call.per_input:  # a rule per argument (JAX's defjvps): each slope its own rule's
            judged.extend((name, location, [r], [t]) for (name, location), r, t in zip(call.per_input, returned, truth))
        else:
            judged.append((call.name, call.location, returned, truth))
    return judged


def _seed(value, cotangent):
    """The gradient the backward passes start from, as exact numbers: 1 for a number, ``cotangent`` shaped as the
    output for a vector's row; None where they do not fit (a vector without a row's direction)."""
    import mpmath  # lazy: as above

    shape = np.shape(raw(value))
    if cotangent is None:
        return mpmath.mpf(1) if not shape else None
    if int(np.prod(shape)) != np.size(cotangent):
        return None
    return np.array([mpmath.mpf(float(c)) for c in np.ravel(cotangent)], dtype=object).reshape(shape)


def _gradients(ops, nodes):
    """{op index: the true gradient of its result}, from gradcli's own backward pass over the forward graph."""
    found = {}
    for op, node in _nodes_of(ops, nodes):
        found.setdefault(op.index, node.upstream)
    return found


def _passed_on(ops, nodes):
    """{(op index, argument position): the true gradient the op's rule passes to that argument}, from gradcli's own
    backward pass: a value several ops read gets the sum of these."""
    found = {}
    for op, node in _nodes_of(ops, nodes):
        for position, cotangent in zip(node.argnums, node.cotangents):
            if cotangent is not None:
                found.setdefault((op.index, position), cotangent)
    return found


def _nodes_of(ops, nodes):
    """``(op, node)`` for each node of the backward pass (`provenance.NodeRecord`) and each forward op it is the rule
    of: the same name and result."""
    by_output = {}
    for op in ops:
        by_output.setdefault((op.name, id(raw(op.output))), []).append(op)
    for node in nodes:
        for op in by_output.get((node.name, id(raw(node.output))), ()):
            yield op, node


def _first_off(ops, truths, numbers, args, inputs_right, holds_forward=True):
    """The last line, in forward order, handed right gradients that reads a value whose gradient is wrong;
    ``truths``: `_gradients`' and `_passed_on`'s; ``holds_forward``: whether the framework's backward program
    computes the forward's values (`Bridge`), so that one it lacks may be one it computes otherwise
    (`_first_value_off`).

    A value several lines read has as its gradient the sum of what each passes it: that sum wrong says one of them
    is off, not which, and a line whose own share is among the backward graph's numbers is not the one."""
    gradients, passed = truths
    lines = list(dict.fromkeys(op.location for op in ops))
    readers = {}
    for op in ops:
        for parent in op.parents:
            if parent is not None and parent.location != op.location:
                readers.setdefault(parent.index, set()).add(op.location)
    last = ops[-1].index
    right = {}
    for op in ops:
        crossing = op.index == last or op.index in readers
        if crossing and op.index in gradients:
            here = _present(gradients[op.index], numbers)
            right[op.location] = right.get(op.location, True) and here
    right.update(inputs_right)
    read = {line: set() for line in lines}
    names = {}
    for op in ops:
        names.setdefault(op.location, set()).add(op.name)
        for source, _ in _sources(op, args):
            read[op.location].add(source)
    shared = {source for source in right if sum(source in sources for sources in read.values()) > 1}
    wrong_share = {line: set() for line in lines}
    share_right = {}  # (op index, argument position) -> whether the op passes a shared value its true share
    for op in ops:
        for source, position in _sources(op, args):
            if source in shared:
                share = passed.get((op.index, position))
                # a share of zeros is no evidence: the backward graph holds zeros of many shapes
                share_right[op.index, position] = share is not None and _nonzero(share) and _present(share, numbers)
                if not share_right[op.index, position]:
                    wrong_share[op.location].add(source)
    line = _turning_line(lines, read, right, shared, wrong_share)
    if line is None and shared:  # every reader of a wrong shared value passed it a share found right: no share tells
        line = _turning_line(lines, read, right, set(), wrong_share)
    if line is None:
        return None
    departed = _first_value_off(ops, readers, read, numbers) if holds_forward else None
    line = departed or line
    name = the_call(names[line])
    if name is None and departed is None:  # several calls on the line: the one handed a right gradient that passes on a wrong one
        turning = _turning_wrong(ops, line, gradients, numbers, args, (inputs_right, share_right))
        name = the_call(turning) or (_the_line_s(turning) if turning else None)
    return line, name or _the_line_s(names[line]), departed is not None


def _turning_line(lines, read, right, shared, wrong_share):
    """The last of ``lines`` whose results' gradients are ``right`` that reads a value whose gradient is not, a value
    several lines read (``shared``) counting only where the line passes it a wrong share (``wrong_share``)."""
    for line in reversed(lines):
        off = {other for other in read[line] if not right.get(other, True)} - (shared - wrong_share[line])
        if right.get(line, True) and off:
            return line
    return None


def _nonzero(value):
    """Whether some entry of ``value`` (exact numbers) is other than 0."""
    return any(entry != 0 for entry in np.ravel(np.asarray(raw(value), dtype=object)))


def _sources(op, args):
    """``(source, argument position)`` of each of ``op``'s arguments made on another line (its line) or given as an
    input ("input 2")."""
    found = []
    for position, (arg, parent) in enumerate(zip(op.args, op.parents)):
        if parent is not None and parent.location != op.location:
            found.append((parent.location, position))
        elif parent is None:
            found.extend((f"input {i}", position) for i, a in enumerate(args) if raw(arg) is a)
    return found


def _turning_wrong(ops, line, gradients, numbers, args, rights):
    """The names of the ops on ``line`` whose result's gradient is right and which read a value whose gradient is not:
    where several calls share a line (``tf.abs(tf.math.unsorted_segment_prod(z, ids, 2)) ** 2``), the rule that is
    off is one of theirs. ``rights``: whether each input's gradient is right, and whether each op reading a value
    several lines read passes it its true share (`_first_off`), which clears that reading."""
    inputs_right, share_right = rights
    turning = set()
    for op in ops:
        if op.location != line or op.index not in gradients or not _present(gradients[op.index], numbers):
            continue
        for position, (arg, parent) in enumerate(zip(op.args, op.parents)):
            if share_right.get((op.index, position)):
                continue
            if parent is not None:
                wrong = parent.index in gradients and not _present(gradients[parent.index], numbers)
            else:
                wrong = any(not inputs_right.get(f"input {i}", True) for i, a in enumerate(args) if raw(arg) is a)
            if wrong:
                turning.add(op.name)
                break
    return turning


def _the_line_s(names):
    """The ops of a line that no search told apart, in words ("one of abs, power and prod"): the finding names them all."""
    ruled = sorted(names - _PLAIN_RULES) or sorted(names)
    if len(ruled) == 1:
        return ruled[0]
    return _SEVERAL + ", ".join(ruled[:-1]) + " and " + ruled[-1]


_SEVERAL = "one of "  # how `_the_line_s` begins where it names several ops


# The ops whose built-in rules move entries or are the four operations' own (a slice of eigh's vectors, the
# symmetrising (a + a.T) / 2 a library writes before a decomposition): never the call whose rule is off.
_PLAIN_RULES = {"getitem", "real", "imag", "conj", "transpose", "reshape", "squeeze", "expand_dims", "broadcast_to",
                "astype", "concatenate", "stack", "copy", "negative", "add", "subtract", "multiply", "divide"}


def the_call(names):
    """The op to name among the ops of a line (``names``): the line's only one, else its only one whose rule is more
    than `_PLAIN_RULES`' (``v = eigh(a)[1][:, :2]`` names eigh); None where that leaves several or none."""
    if len(names) == 1:
        return next(iter(names))
    ruled = names - _PLAIN_RULES
    return next(iter(ruled)) if len(ruled) == 1 else None


def _first_value_off(ops, readers, read, numbers):
    """The first line, in forward order, a later line reads a value of that the framework's program computes otherwise
    than the function (a library's approximation the forward graph replays as the mathematics, as JAX's
    ``bessel_jn`` recurring to J_1(60) = -0.333 for 0.0466), while every value it reads is the function's; None where
    there is none. Only values that pass from line to line are compared: a line's inner steps may be fused.

    Each gradient after such a value is computed from it, so every line after it reads a gradient that is off,
    whatever its rules: the call is the one whose rule (its derivative of its own approximation) is off.
    """
    value_right = {}
    for op in ops:
        if op.index in readers:
            value_right[op.location] = value_right.get(op.location, True) and _present(op.output, numbers)
    for line, right in value_right.items():
        if not right and all(value_right.get(other, True) for other in read[line]):
            return line
    return None


def _by_shape(values):
    """The backward graph's numbers as object arrays, grouped by shape."""
    grouped = {}
    for value in values:
        try:
            array = np.asarray(value, dtype=object)
        except (TypeError, ValueError):
            continue
        grouped.setdefault(array.shape, []).append(array)
    return grouped


def _present(gradient, numbers):
    """Whether ``gradient`` is one of the backward graph's numbers, to `_AGREE` of its largest entry; a complex one
    or its conjugate (gradcli's own rules hand a real loss's complex values dL/dRe - i dL/dIm, as JAX's, where
    PyTorch's and TensorFlow's backward graphs hold dL/dRe + i dL/dIm)."""
    target = np.asarray(raw(gradient), dtype=object)
    candidates = numbers.get(target.shape, ())
    if any(_close(candidate, target) for candidate in candidates):
        return True
    conjugate = _conjugate(target)
    if conjugate is not None and any(_close(candidate, conjugate) for candidate in candidates):
        return True
    # A slice or a gather of a value the backward graph holds whole (eigh's vectors, of which the user's line
    # keeps two columns): the backward graph reads the whole value, never that part alone.
    if any(_taken_from(candidate, part) for part in (target, conjugate) if part is not None
           for shape, arrays in numbers.items() if _size(shape) > target.size for candidate in arrays):
        return True
    # A structural op's gradient the backward graph never makes whole (torch.diagonal's zeros around the diagonal:
    # PyTorch's cholesky backward multiplies by the diagonal's vector): its nonzero entries are a value it holds.
    return _scattered_from_held(target, numbers)


def _scattered_from_held(target, numbers):
    """Whether ``target``, an array with entries exactly 0, has its other entries, in row-major order, as a smaller
    value the backward graph holds (`_close`): the zeros a diagonal or an index writes around them are the
    structure's, the same in every backward graph."""
    entries = np.ravel(target)
    try:
        nonzero = np.array([x for x in entries if x != 0], dtype=object)
    except TypeError:
        return False
    if not 0 < nonzero.size < entries.size:
        return False
    return any(_close(np.ravel(np.asarray(raw(candidate), dtype=object)), nonzero)
               for shape, arrays in numbers.items() if _size(shape) == nonzero.size for candidate in arrays)


def _size(shape):
    """The number of entries of an array of ``shape``."""
    return int(np.prod(shape, dtype=np.int64))


def _taken_from(whole, part, tolerance=_AGREE):
    """Whether ``part``'s entries are, in order, entries of ``whole`` in its row-major order, each to ``tolerance`` of
    ``part``'s largest entry: what a slice (``v[:, :2]``, ``v[1]``) or a gather by increasing indices takes."""
    import mpmath  # lazy: as above

    try:
        wanted = [mpmath.mpmathify(x) for x in np.ravel(part)]
        entries = [mpmath.mpmathify(x) for x in np.ravel(whole)]
    except (TypeError, ValueError):
        return False
    if not wanted or not all(mpmath.isfinite(x) for x in wanted):
        return False
    near = tolerance * max(abs(x) for x in wanted)
    if all(mpmath.isfinite(x) for x in entries) and 1e-290 < near and max(abs(x) for x in entries + wanted) < 1e290:
        # within float64's range the comparison to 1e-12 holds in floats (rounded 1e-16 apart): a large backward
        # graph's numbers are searched at float speed
        wanted, entries, near = [complex(x) for x in wanted], [complex(x) for x in entries], float(near)
    k = 0
    for entry in entries:
        if abs(entry - wanted[k]) <= near:
            k += 1
            if k == len(wanted):
                return True
    return False


def _conjugate(numbers):
    """``numbers`` (an object array) conjugated where one of them is complex, else None."""
    import mpmath  # lazy: as above

    flat = numbers.ravel()
    if not any(isinstance(x, (complex, mpmath.mpc)) or getattr(x, "imag", 0) != 0 for x in flat):
        return None
    return np.array([mpmath.conj(mpmath.mpmathify(x)) for x in flat], dtype=object).reshape(numbers.shape)


def _finite(gradients):
    """Whether every entry of the framework's ``gradients`` (one array or number per input) is a finite number."""
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    try:
        return all(mpmath.isfinite(mpmath.mpmathify(x)) for g in gradients
                   for x in np.ravel(np.asarray(raw(g), dtype=object)))
    except (TypeError, ValueError):
        return False


def _close(candidate, target, tolerance=_AGREE, each=False):
    """Whether two arrays of numbers agree entry by entry to ``tolerance`` of the larger's largest entry (``each``: of
    the larger of the entry's own two, as the judge holds a rule to each entry)."""
    import mpmath  # lazy: as above

    a = np.ravel(np.asarray(raw(candidate), dtype=object))
    b = np.ravel(np.asarray(raw(target), dtype=object))
    if a.shape != b.shape:
        return False
    try:
        a = [mpmath.mpmathify(x) for x in a]  # an mpc where a number is complex
        b = [mpmath.mpmathify(x) for x in b]
    except (TypeError, ValueError):
        return False
    if not all(mpmath.isfinite(x) for x in a + b):
        return all(x == y or (mpmath.isnan(x) and mpmath.isnan(y)) for x, y in zip(a, b))
    if each:
        return all(abs(x - y) <= tolerance * max(abs(x), abs(y)) for x, y in zip(a, b))
    scale = max([abs(x) for x in a + b], default=0)
    return all(abs(x - y) <= tolerance * scale for x, y in zip(a, b))
