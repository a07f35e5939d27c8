"""An op without a gradient rule in one of its arguments (polygamma's order, a Bessel function's), told in the
user's words: the function as the user's line calls it, the argument as that call writes it, and the inputs to
hold as data instead, marked on the error as a bridge marks an op its framework has no derivative for."""

from __future__ import annotations

import ast
import linecache

from ..autodiff import NoGradientError


def mark(error, chosen):
    """Mark ``error`` (a `NoGradientError` naming its op's argument, the run's recording on it) with
    ``no_derivative`` (the call as the user's line writes it), ``raised_at`` (that line), ``rule_refused``,
    ``said`` (the refusal in the user's words) and ``advice`` (the variables of ``chosen`` to check alone);
    whether it was marked: an op the user's lines do not call, or an error of another kind, is left as it is."""
    if not isinstance(error, NoGradientError) or getattr(error, "argument", None) is None:
        return False
    recording = getattr(error, "recording", None)
    op = next((r for r in reversed(recording.ops) if r.phase == "forward" and r.name == error.op and r.location),
              None) if recording is not None else None
    if op is None:
        return False
    path, _, line = op.location.rpartition(":")
    call = _call_on_line(path, int(line), error.op)
    if call is None or error.argument >= len(call.args):
        return False
    function = ast.unparse(call.func)
    without = getattr(op.prim.vjp, "without", ()) or (error.argument,)
    unruled = [call.args[i] for i in without if i < len(call.args)]
    written = ", ".join(ast.unparse(a) for a in unruled)
    ruled = ", ".join(ast.unparse(a) for i, a in enumerate(call.args) if i not in without)
    read = {node.id for a in unruled for node in ast.walk(a) if isinstance(node, ast.Name)}
    held = [n for n in chosen if n in read]
    kept = [n for n in chosen if n not in held]
    error.no_derivative, error.raised_at, error.rule_refused = function, (path, int(line)), True
    error.said = f"its rule for {function} differentiates it in {ruled or 'none of its arguments'}, not in {written}"
    instead = f"--wrt {','.join(kept)}" if held and kept else "--wrt naming the others"
    error.advice = (f"hold {', '.join(held) or written} as data and check the function in its other arguments alone "
                    f"({instead}, or wrt= in Python)")
    return True


def _call_on_line(path, line, op):
    """The call on ``path``'s ``line`` of a function named ``op`` (``special.polygamma(n, x)`` for polygamma), or
    None where the line cannot be read, calls no such function or spells it two ways."""
    text = linecache.getline(path, line).strip()
    try:
        tree = ast.parse(text)
    except SyntaxError:
        try:
            tree = ast.parse(text.removeprefix("return ").removesuffix(":") if text else "")
        except SyntaxError:
            return None
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    named = [c for c in calls if (c.func.attr if isinstance(c.func, ast.Attribute) else getattr(c.func, "id", None)) == op]
    # two spellings of the op on one line (a conditional's branches): which one ran is not known from the line
    return named[0] if named and len({ast.unparse(c.func) for c in named}) == 1 else None
