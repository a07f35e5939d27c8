"""The double where for array code: ``where(c, f(x), g)`` -> ``where(c, f(where(c, x, safe)), g)``, read from the user's Python.

A where picks a branch's value but not its gradient: the branch not taken
is still differentiated, and an infinite derivative there times a zero
weight is NaN. Guarding the operand with the same condition (the "double
where") keeps every branch finite where it is not taken. The condition may
be a comparison of x (guarded with values on each side of its bound) or
anything else, a mask of data say or a comparison of a value the branch
does not read (each parameter guarded with a one of its own dtype where
the branch is not taken). A branch that is a local used nowhere else is
guarded at its assignment, the where's condition carried there, when every
name the condition reads means the same on that line; where it is made from
other such locals, at the line of the unsafe operation a few assignments up. A pattern of
`array_fixes`, matched and written through its reader and writer.
"""

from __future__ import annotations

import ast
import re

_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def _same(a, b):
    return ast.dump(a) == ast.dump(b)


# -- the double where: where(c, f(x), g) -> where(c, f(where(c, x, safe)), g), for whichever branch is unsafe.

_COMPARED = {
    "not_equal": ast.NotEq, "ne": ast.NotEq, "equal": ast.Eq, "eq": ast.Eq, "greater": ast.Gt, "gt": ast.Gt,
    "greater_equal": ast.GtE, "ge": ast.GtE, "less": ast.Lt, "lt": ast.Lt, "less_equal": ast.LtE, "le": ast.LtE,
}
_OPPOSITE = {ast.NotEq: ast.Eq, ast.Eq: ast.NotEq, ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.Lt: ast.GtE, ast.GtE: ast.Lt}
_MIRRORED = {ast.Gt: ast.Lt, ast.Lt: ast.Gt, ast.GtE: ast.LtE, ast.LtE: ast.GtE, ast.NotEq: ast.NotEq, ast.Eq: ast.Eq}
_SYMBOLS = {ast.NotEq: "!=", ast.Eq: "==", ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<="}
# Calls that neither divide nor take a logarithm or a root of what they are given.
_HARMLESS = ("abs", "absolute", "where", "zeros_like", "ones_like", "full_like", "empty_like", "stop_gradient", "detach")


def _callee(node):
    dotted = ast.unparse(node.func)
    return dotted.rpartition(".")[2] if _DOTTED.fullmatch(dotted) else None


def _subject(node):
    """For x or abs(x) (x a name, attribute or subscript): (x, whether under abs); else (None, False)."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and _callee(node) in ("abs", "absolute"):
        node, absolute = node.args[0], True
    elif isinstance(node, ast.Call) and not node.args and isinstance(node.func, ast.Attribute) and node.func.attr == "abs":
        node, absolute = node.func.value, True
    else:
        absolute = False
    return (node, absolute) if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) else (None, False)


def _condition(writer, cond):
    """For ``x op c`` (or abs(x); a comparison or its function, ``tf.not_equal(x, 0.0)``):
    (x, abs?, op with x on the left, c, the negated condition's text); else None."""
    if isinstance(cond, ast.Compare) and len(cond.ops) == 1 and type(cond.ops[0]) in _SYMBOLS:
        left, right, op = cond.left, cond.comparators[0], type(cond.ops[0])
        negated = f"{writer.text(left)} {_SYMBOLS[_OPPOSITE[op]]} {writer.text(right)}"
    elif isinstance(cond, ast.Call) and len(cond.args) == 2 and not cond.keywords and _callee(cond) in _COMPARED:
        (left, right), op = cond.args, _COMPARED[_callee(cond)]
        short = len(_callee(cond)) == 2
        opposite = next(n for n, o in _COMPARED.items() if o is _OPPOSITE[op] and (len(n) == 2) == short)
        head = ast.unparse(cond.func).rpartition(".")[0]
        negated = f"{head + '.' if head else ''}{opposite}({writer.text(left)}, {writer.text(right)})"
    else:
        return None
    for subject, other, oriented in ((left, right, op), (right, left, _MIRRORED[op])):
        x, absolute = _subject(subject)
        bound = other.operand if isinstance(other, ast.UnaryOp) and isinstance(other.op, ast.USub) else other
        if x is not None and isinstance(bound, (ast.Constant, ast.Name, ast.Attribute)) and not _contains(other, x):
            return x, absolute, oriented, other, negated
    return None


def _safe_values(writer, absolute, op, bound):
    """(a value of x where the condition holds, one where it fails), as text."""
    try:
        number = float(ast.literal_eval(bound))
        at, above, below = repr(number), repr(number + 1), repr(number - 1)
    except (ValueError, TypeError, SyntaxError):
        text = writer.text(bound)
        at, above, below = text, f"{text} + 1.0", f"{text} - 1.0"
    if absolute and op in (ast.Lt, ast.LtE):
        return "0.0", above
    if absolute and op in (ast.Gt, ast.GtE):
        return above, "0.0"
    return {ast.Gt: (above, below), ast.GtE: (above, below), ast.Lt: (below, above), ast.LtE: (below, above),
            ast.NotEq: (above, at), ast.Eq: (at, above)}[op]


def _contains(node, x):
    return any(_same(n, x) for n in ast.walk(node))


def _risky(branch, x):
    """The nodes where x reaches, in ``branch``, something that can make a non-finite value or gradient: a
    division by it, a power other than a whole square or cube, or a call (a logarithm, a root) other than the
    harmless ones."""
    found = []
    for node in ast.walk(branch):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)) and _contains(node.right, x):
            found.append(node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and _contains(node, x) and not _whole(node.right):
            found.append(node)
        elif isinstance(node, ast.Call) and _contains(node, x) and _callee(node) not in _HARMLESS:
            found.append(node)
    return found


def _whole(exponent):
    """Whether a power's exponent is a small whole number (x**2 has a finite derivative everywhere x is finite)."""
    return isinstance(exponent, ast.Constant) and type(exponent.value) is int and 1 <= exponent.value <= 3


def _parameters(function):
    arguments = function.args
    return [ast.Name(id=a.arg, ctx=ast.Load()) for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]


def _guards(writer, where, cond, params, ones_like):
    """Each way of guarding, in order: ([x], {branch: x -> the guard of x in that branch}); none where the
    condition holds a where.

    A comparison of x (``x > 0``) guards x with values on each side of its bound. Any condition (a mask of
    data, a call, a comparison of something the branch does not read) guards each parameter with 1.0 where
    the branch is not taken: any condition guards, as the where itself already chose by it. The user's
    operand comes first or the 1.0 is made by ``ones_like`` (the module's own spelling, None where it has
    none) so that each framework makes the number in the operand's dtype (TensorFlow's graphs refuse a
    float32 number beside a float64 tensor).
    """
    if any(isinstance(n, ast.Call) and _callee(n) == "where" for n in ast.walk(cond)):
        return []
    found = _condition(writer, cond)
    condition = writer.text(cond)
    ways = []
    if found is not None:
        x, absolute, op, bound, negated = found
        holds, fails = _safe_values(writer, absolute, op, bound)
        ways.append(([x], {0: lambda x: f"{where}({condition}, {writer.text(x)}, {holds})",
                           1: lambda x: f"{where}({negated}, {writer.text(x)}, {fails})"}))
    ways.append((params, {0: lambda x: f"{where}({condition}, {x.id}, 1.0)",
                          1: lambda x: f"{where}({condition}, {'1.0' if ones_like is None else f'{ones_like}({x.id})'}, {x.id})"}))
    return ways


def _assigned(reader, branch):
    """For a branch that is a local used nowhere else: (its assigned value, the assignment); else None."""
    locals_ = reader.locals
    if locals_ is None or not isinstance(branch, ast.Name) or locals_.value(branch.id, [branch]) is None:
        return None
    return locals_.assignments[branch.id].value, locals_.assignments[branch.id]


def _known_before(reader, cond, statement):
    """Whether every name ``cond`` reads means the same at ``statement`` (a parameter, a global, or a local assigned earlier)."""
    locals_, params = reader.locals, {p.id for p in _parameters(reader.locals.function)}
    for name in {n.id for n in ast.walk(cond) if isinstance(n, ast.Name)}:
        if name in params and locals_.bindings.get(name) == 1 or name not in locals_.bindings:
            continue
        earlier = locals_.bound_at.get(name)
        if earlier is None or earlier.lineno >= statement.lineno:
            return False
    return True


def double_where(reader, node):
    call = reader.call(node, "where")
    if call is None or len(call[2]) != 2 or call[3]:
        return None
    writer = reader.writer
    params = _parameters(reader.locals.function) if reader.locals is not None else []
    for xs, guards in _guards(writer, ast.unparse(node.func), call[1], params, writer.callee("ones_like")):
        elsewhere = len(reader.elsewhere)
        texts = _guarded_branches(reader, call, xs, guards)
        if texts != [writer.text(b) for b in call[2]]:
            return [("=format", [("text", "{0}"), ("text", f"{ast.unparse(node.func)}({writer.text(call[1])}, {texts[0]}, {texts[1]})")])]
        if len(reader.elsewhere) > elsewhere:  # guarded at an assignment alone
            return None
    return None


def _guarded_branches(reader, call, xs, guards):
    """The text of each branch of the where ``call`` with each x of ``xs`` it puts at risk guarded."""
    writer = reader.writer
    texts = []
    for k, branch in enumerate(call[2]):
        texts.append(writer.text(branch))
        assigned = _assigned(reader, branch)  # an operand on an earlier line: guarded there, the condition carried
        operand = branch if assigned is None else assigned[0]
        if any(isinstance(n, ast.Call) and _callee(n) == "where" for n in ast.walk(operand)):
            continue
        swaps = [(x, guards[k](x), _risky(operand, x)) for x in xs if _risky(operand, x)]
        if not swaps:
            _guard_risky_locals(reader, call, operand, [branch] if assigned is None else [branch, operand], xs, guards[k])
            continue
        if assigned is None:
            texts[k] = writer.replaced(branch, swaps)
        elif _known_before(reader, call[1], assigned[1]):
            reader.elsewhere.append((operand, writer.replaced(operand, swaps)))
    return texts


def _guard_risky_locals(reader, call, expression, roots, xs, guard, at_risk=False, depth=0):
    """Guard, at its assignment, each local ``expression`` puts at risk (``r ** (2/3)``, ``log(r)``) or that is at
    risk itself (``x = (1 - 16 * z) ** 0.25``), made from an x on an earlier line and used nowhere but in ``roots``
    (the branch and the values read through for it): every x it reads is given the guard's safe value where the
    branch is not taken, so the local is finite there and so is its gradient (``where(c, r ** p, 0)`` with
    ``r = w * x / (w + 2 * x)``). A local made from other locals is read through, a few assignments up, ``at_risk``
    where something below already puts it at risk (``log(x)`` with ``x = u + 2``, ``u = 3 * z``)."""
    locals_ = reader.locals
    if locals_ is None or depth > 4:
        return
    writer = reader.writer
    for name in dict.fromkeys(n.id for n in ast.walk(expression) if isinstance(n, ast.Name)):
        local = ast.Name(id=name, ctx=ast.Load())
        value = locals_.value(name, roots)
        if value is None or not _known_before(reader, call[1], locals_.assignments[name]):
            continue
        risky = at_risk or _risky(expression, local)
        swaps = [(x, guard(x), [value]) for x in xs if _contains(value, x)]
        if swaps and (risky or any(_risky(value, x) for x in xs)):
            reader.elsewhere.append((value, writer.replaced(value, swaps)))
        elif not swaps:
            _guard_risky_locals(reader, call, value, [*roots, value], xs, guard, risky, depth + 1)
