"""Fixes for array code: log-sum-exp, log of softmax, log of sigmoid, 1 - sigmoid and sigmoid from exp, read from the user's Python.

The formula language is scalar and its parser refuses reductions, keyword
arguments and functions such as ``softmax`` by design, so these patterns are
matched on the user's Python expression itself. Calls are read and written
through the same `source_fixes.Spelling` as the formula catalogue's rewrites
(a framework's ``spellings`` table, the module's own imports), a match
becomes an edit of the user's lines, and the rewritten file is re-checked by
the same machinery. A reduction's or softmax's own arguments (``axis=0``,
``dim=-1``, ``keepdims=True``) are carried through unchanged as text.

Local names are read through their assignment (``e = jnp.exp(x)`` then
``e / (1 + e)`` reads as ``jnp.exp(x) / (1 + jnp.exp(x))``) when the rule
holds: the name is bound exactly once in its function, by a plain
``name = value`` statement of the function's own body (not inside a loop or a
branch), and every name its value reads is bound at most once in the function
(a parameter counts), so the value means the same at the use as at the
assignment. A fix that consumes every use of such a name also deletes its
assignment, when that statement has its lines to itself; a use the fix leaves
(``pi`` read in another line beside ``log(1 - pi)``) keeps it. A fix that
edits a local's value at its assignment (a double where's guard) does so only
where every use of the local lies inside the expression read (`_Locals.value`).
"""

from __future__ import annotations

import ast
import math
import re

from .where_fixes import double_where

# The functions the patterns know: a call reads as one of these names through the namespace's alias
# (np.sum, jnp.sum, gnp.logsumexp) or through the framework's spellings table (jax.nn.softmax).
_ARRAY_NAMES = (
    "sum", "exp", "log", "sigmoid", "softmax", "log_softmax", "logsumexp", "log_sigmoid", "softplus", "logaddexp", "where",
    "log1p", "expm1", "xlogy", "xlog1py", "ndtr", "log_ndtr", "mean", "cumsum", "erf", "erfc", "linalg.det",
    "i0", "i1", "k0", "k1", "i0e", "i1e", "k0e", "k1e",
)

# Another spelling of the same function the framework's table names once (torch.softmax and F.softmax).
_ALSO_READ = {
    "softmax": ("torch.nn.functional.softmax", "torch.special.softmax"),
    "sigmoid": ("torch.special.expit", "torch.nn.functional.sigmoid"),
    "log_softmax": ("torch.log_softmax", "torch.special.log_softmax"),
    "logsumexp": ("torch.special.logsumexp",),
    "ndtr": ("jax.scipy.stats.norm.cdf",),  # a standard normal's CDF: the pattern takes it with one argument only
    "i0": ("torch.i0", "tensorflow.math.special.bessel_i0"),
    "i0e": ("tensorflow.math.special.bessel_i0e",),
    "i1": ("tensorflow.math.special.bessel_i1",),
    "i1e": ("tensorflow.math.special.bessel_i1e",),
}

# SciPy's name for a function, read by its dotted path in any module (NumPy code runs scipy.special on gradcli's ops).
_SCIPY_NAMES = {
    f"{package}.{path}": name
    for package in ("scipy", "gradcli.scipy", "jax.scipy")
    for path, name in (("special.expit", "sigmoid"), ("special.softmax", "softmax"), ("special.ndtr", "ndtr"),
                       ("special.log_ndtr", "log_ndtr"), ("stats.norm.cdf", "ndtr"), ("stats.logistic.cdf", "sigmoid"),
                       ("stats.logistic.sf", "logistic_sf"), ("special.erf", "erf"), ("special.erfc", "erfc"),
                       *((f"special.{name}", name) for name in ("i0", "i0e", "i1", "i1e", "k0", "k0e", "k1", "k1e")))
}

# Tensor methods of the same meaning as the function (x.exp().sum(0), p.log()).
_METHODS = ("sum", "mean", "exp", "log", "sigmoid", "softmax")

# Keyword arguments of a reduction or softmax that mean the same for its stable twin.
_CARRIED = ("axis", "keepdims", "dim", "keepdim")

# Where the module's namespace has no function of a name: another spelling of the same function.
_FALLBACK_PATHS = {
    ("numpy", "logsumexp"): "scipy.special.logsumexp",
    ("numpy", "log_softmax"): "scipy.special.log_softmax",
    ("numpy", "log_ndtr"): "scipy.special.log_ndtr",
    ("gradcli.numpy", "log_ndtr"): "gradcli.scipy.special.log_ndtr",
    # the running log-sum-exp, by each framework's name
    ("numpy", "cumlogsumexp"): "numpy.logaddexp.accumulate",
    ("gradcli.numpy", "cumlogsumexp"): "gradcli.numpy.logaddexp.accumulate",
    ("jax.numpy", "cumlogsumexp"): "jax.lax.cumlogsumexp",
    ("torch", "cumlogsumexp"): "torch.logcumsumexp",
    # the exponentially scaled Bessel functions, SciPy's
    **{(namespace, name): f"{package}.special.{name}" for namespace, package in (("numpy", "scipy"),
                                                                                 ("gradcli.numpy", "gradcli.scipy"))
       for name in ("i0e", "i1e", "k0e", "k1e")},
}

# SciPy's own functions NumPy has no name for, written where the module already imports from scipy.special (which
# then is the module's spelling); a module without SciPy keeps NumPy's longer spelling rather than gain an import.
_SCIPY_WHERE_IMPORTED = {"sigmoid": "scipy.special.expit", "log_sigmoid": "scipy.special.log_expit"}

_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
_ATOMIC = (ast.Name, ast.Attribute, ast.Subscript, ast.Call, ast.Constant)
_TIGHTER = (ast.BinOp, ast.UnaryOp, ast.Attribute, ast.Subscript, ast.Compare, ast.Await)  # parents a "-..." needs parentheses in


class _Locals:
    """The local names of one function that may be read through their assignment (see the module's rule)."""

    def __init__(self, function):
        self.function = function
        self.bindings = {}
        shared = set()
        for node in ast.walk(function):
            if isinstance(node, ast.arg):  # the function's parameters, and a lambda's that could shadow a name
                self.bindings[node.arg] = self.bindings.get(node.arg, 0) + 1
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.bindings[node.id] = self.bindings.get(node.id, 0) + 1
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                shared.update(node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not function:
                self.bindings[node.name] = self.bindings.get(node.name, 0) + 2  # never inlined, never trusted
        self.assignments = {}
        # a name bound once, by a statement of the function's own body (``z, d = parts(x)`` too): that statement
        self.bound_at = {}
        for statement in function.body:
            if isinstance(statement, (ast.Assign, ast.AnnAssign)):
                for target in statement.targets if isinstance(statement, ast.Assign) else [statement.target]:
                    for node in ast.walk(target):
                        if isinstance(node, ast.Name) and self.bindings.get(node.id) == 1 and node.id not in shared:
                            self.bound_at[node.id] = statement
        for statement in function.body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
                name = statement.targets[0].id
                if self.bindings.get(name) == 1 and name not in shared and self._steady(statement.value):
                    self.assignments[name] = statement
        self.loads = {}
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.loads.setdefault(node.id, []).append(node)

    def _steady(self, value):
        """Whether every name ``value`` reads is bound at most once in the function (or not at all)."""
        return all(
            self.bindings.get(node.id, 0) <= 1
            for node in ast.walk(value)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
        )

    def value(self, name, roots):
        """The assigned value of ``name`` if every use of it lies inside ``roots`` (the expression read and the
        values of the names read through for it), so an edit of that value at its assignment changes nothing else;
        else None."""
        statement = self.assignments.get(name)
        if statement is None or not all(any(_inside(use, root) for root in roots) for use in self.loads.get(name, ())):
            return None
        return statement.value

    def read(self, name):
        """The assigned value of ``name`` where a pattern may read through it, its uses anywhere (a fix that leaves
        one keeps the assignment); else None."""
        statement = self.assignments.get(name)
        return None if statement is None else statement.value


def _inside(node, root):
    start, end = (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)
    return (root.lineno, root.col_offset) <= start and end <= (root.end_lineno, root.end_col_offset)


class _Reader:
    """Reads one expression of the user's: which calls are which functions, names through their assignment."""

    def __init__(self, spelling, resolve, ranks=None):
        self.spelling = spelling
        self.resolve = resolve
        self.ranks = ranks or {}  # a parameter's number of dimensions at every checked point, where known
        self.locals = None  # the `_Locals` of the function being read, and the expression read in it
        self.parents = {}  # each node of that function -> the node it sits in
        self.root = None
        self.consumed = set()  # local names read through while matching the current node
        self.elsewhere = []  # (node, new text): edits the current match makes outside its node
        top = spelling.namespace.split(".")[0]
        self.known = {}  # id of a framework function -> the name it reads as
        for name in _ARRAY_NAMES:
            paths = [p for p in (spelling.paths.get(name), *_ALSO_READ.get(name, ())) if p and p.split(".")[0] == top]
            for path in paths:
                found = resolve(path)
                if found is not None:
                    self.known.setdefault(id(found), name)

    def look(self, node):
        """``node``, or a local name's value where the rule lets it be read through."""
        for _ in range(8):  # a chain of names read through, never a cycle (each is bound once, before its use)
            if not (isinstance(node, ast.Name) and self.locals is not None):
                return node
            value = self.locals.read(node.id)
            if value is None:
                return node
            self.consumed.add(node.id)
            node = value
        return node

    def call(self, node, *names):
        """(name, operand, other positional arguments, keywords) for a call of one of ``names``; else None."""
        node = self.look(node)
        if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
            return None
        if any(k.arg is None for k in node.keywords):
            return None
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in names and self._method(func):
            return func.attr, func.value, list(node.args), list(node.keywords)  # a tensor's method: x.exp().sum(0)
        name = self.name_of(func)
        if name not in names or not node.args:
            return None
        return name, node.args[0], list(node.args[1:]), list(node.keywords)

    def _method(self, func):
        """Whether ``func`` is a tensor's method of a known function (x.exp().sum), not a module's function (math.exp)."""
        if func.attr not in _METHODS or self.name_of(func) is not None:
            return False
        receiver = ast.unparse(func.value)
        return not (_DOTTED.fullmatch(receiver) and receiver.split(".")[0] in self.spelling.imported)

    def name_of(self, func):
        """The function name a callee reads as (through the namespace's alias or the framework's table), or None."""
        dotted = ast.unparse(func)
        if not _DOTTED.fullmatch(dotted):
            return None
        head, _, attribute = dotted.rpartition(".")
        if head in self.spelling.aliases and attribute in _ARRAY_NAMES:
            return attribute
        full = self.spelling._full(dotted)
        if full is None:
            return None
        if full in self.spelling.formula_of:
            return self.spelling.formula_of[full]
        if full.rpartition(".")[0] == f"{self.spelling.namespace}.linalg" and f"linalg.{attribute}" in _ARRAY_NAMES:
            return f"linalg.{attribute}"  # np.linalg.det, jnp.linalg.det, torch.linalg.det
        if full.rpartition(".")[0] == self.spelling.namespace and attribute in _ARRAY_NAMES:
            return attribute  # imported by its own name: ``from numpy import *``
        if full in _SCIPY_NAMES:
            return _SCIPY_NAMES[full]
        if not self.known or full.split(".")[0] != self.spelling.namespace.split(".")[0]:
            return None
        found = self.resolve(full)
        return None if found is None else self.known.get(id(found))

    def number(self, node, value):
        node = self.look(node)
        return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value == value

    def negated(self, node):
        """For ``-u``: u; else None."""
        node = self.look(node)
        return node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else None

    def one_plus(self, node):
        """For ``1 + u`` or ``u + 1``: u; else None."""
        node = self.look(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if self.number(node.left, 1):
                return node.right
            if self.number(node.right, 1):
                return node.left
        return None


def _same(a, b):
    return ast.dump(a) == ast.dump(b)


# -- the patterns: each takes (reader, node) and gives (function name, [arguments]) choices, best first;
# a name "-f" is f negated. An argument is a node of the user's (written as its own text), ("-", node),
# ("text", text), ("number", text) (an operand), ("call", dotted path, node), ("keyword", name, argument),
# a nested choice or a keyword of the user's.
# The first choice the module can spell is written.


def _carried(rest, keywords):
    """A reduction's axis arguments, or None where another argument would change its meaning."""
    if len(rest) > 1 or any(k.arg not in _CARRIED for k in keywords):
        return None
    return [*rest, *keywords]


def _signed(node, negative):
    return ("-", node) if negative else node


def _logarithm_of(reader, node):
    """For ``log(v)``: v (as written); else None."""
    log = reader.call(node, "log")
    return None if log is None or log[2] or log[3] else log[1]


def _over(reader, inner):
    """``(numerator, divisor)`` of a quotient ``inner`` (a density's normaliser: mean(exp(u)) / (h sqrt(2 pi))), else
    ``(inner, None)``: log(a / c) is log(a) - log(c), so a pattern for log(a) holds under the division too."""
    looked = None if inner is None else reader.look(inner)
    if isinstance(looked, ast.BinOp) and isinstance(looked.op, ast.Div):
        return looked.left, looked.right
    return inner, None


def _less_the_log_of(divisor, choices):
    """Each of ``choices`` (a rewrite of log(a)) as the rewrite of log(a / divisor): minus log(divisor)."""
    if divisor is None or choices is None:
        return choices
    return [("=format", [("text", "{0} - {1}"), choice, ("log", [divisor])]) for choice in choices]


def logsumexp(reader, node):
    inner, divisor = _over(reader, _logarithm_of(reader, node))
    return _less_the_log_of(divisor, _logsumexp_of(reader, inner))


def _logsumexp_of(reader, inner):
    """log(sum(exp(u), axis)) as logsumexp(u, axis), ``inner`` the sum."""
    total = None if inner is None else reader.call(inner, "sum")
    masked = None if total is None else _masked_exp(reader, total[1])
    weighted, weight = (None, None) if total is None or masked else _weighted_exp(reader, total[1])
    if weight is not None:  # log(sum(exp(u) * w)): log(sum(exp(u + log w))), a weight of 0 an entry of -inf
        carried = _carried(total[2], total[3])
        axis_given = bool(total[2]) or any(k.arg in ("axis", "dim") for k in total[3])
        if carried is None or weighted[2] or weighted[3] or (reader.spelling.namespace == "torch" and not axis_given):
            return None
        return [("logsumexp", [("=format", [("text", "{0} + {1}"), weighted[1], ("log", [weight])]), *carried])]
    exp = None if total is None else reader.call(masked[1] if masked else total[1], "exp")
    if exp is None and total is not None and masked is None:
        exponent = _power_exponent(reader, total[1])
        exp = None if exponent is None else ("exp", exponent, [], [])
    if exp is None or exp[2] or exp[3]:
        return None
    carried = _carried(total[2], total[3])
    if masked is not None:  # log(sum(where(mask, exp(u), 0))): the masked entries as -inf inside logsumexp
        if carried is None or reader.spelling.namespace == "torch":
            return None
        return [("logsumexp", [("where", [masked[0], exp[1], ("text", "-float('inf')")]), *carried])]
    if carried is None:
        return None
    axis_given = bool(total[2]) or any(k.arg in ("axis", "dim") for k in total[3])
    if reader.spelling.namespace == "torch" and not axis_given:  # torch.logsumexp needs a dim: over all, flattened
        return None if carried else [("logsumexp", [("call", "torch.flatten", exp[1]), ("text", "0")])]
    return [("logsumexp", [exp[1], *carried])]


def _power_exponent(reader, node):
    """For ``b ** u`` with a number b > 0 other than 1 (a decibel level's 10 ** (L / 10)): e^(u log b)'s exponent as
    text, ``u * log b``; else None."""
    node = reader.look(node)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow)):
        return None
    base = reader.look(node.left)
    if not (isinstance(base, ast.Constant) and type(base.value) in (int, float) and base.value > 0 and base.value != 1):
        return None
    return ("text", f"{_factor_text(reader.writer, node.right)} * {math.log(base.value)!r}")


def log_det(reader, node):
    """log(det(A)) as the log |det A| of the namespace's slogdet: a determinant over- or underflows (1e-110 I of order
    3 is 1e-330) where its logarithm is an ordinary number; where det A > 0 the two are the same function."""
    inner = _logarithm_of(reader, node)
    det = None if inner is None else reader.call(inner, "linalg.det")
    if det is None or det[2] or det[3]:
        return None
    return [("=format", [("text", "{0}[1]"), ("call", f"{reader.spelling.namespace}.linalg.slogdet", det[1])])]


def log_mean_exp(reader, node):
    """log(mean(exp(u), axis)) as logsumexp(u, axis) - log(n), n the number of entries averaged: the entries' count
    read from u's shape where the fix runs (``size(u)``, ``shape(u)[axis]``), so no shape is assumed; under a
    division by a normaliser too (a kernel density's log), its log subtracted."""
    inner, divisor = _over(reader, _logarithm_of(reader, node))
    return _less_the_log_of(divisor, _log_mean_exp_of(reader, inner))


def _log_mean_exp_of(reader, inner):
    mean = None if inner is None else reader.call(inner, "mean")
    exp = None if mean is None else reader.call(mean[1], "exp")
    carried = None if exp is None or exp[2] or exp[3] else _carried(mean[2], mean[3])
    if carried is None:
        return None
    axes = mean[2] + [k.value for k in mean[3] if k.arg in ("axis", "dim")]
    if axes and not isinstance(reader.look(axes[0]), (ast.Constant, ast.Name, ast.UnaryOp)):  # a tuple of axes: no count
        return None
    count = _entries_counted(reader, exp[1], axes[0] if axes else None)
    if count is None:
        return None
    total = ("logsumexp", [exp[1], *carried])
    if reader.spelling.namespace == "torch" and not axes:  # torch.logsumexp needs a dim: over all, flattened
        total = ("logsumexp", [("call", "torch.flatten", exp[1]), ("text", "0")])
    return [("=format", [("text", "{0} - {1}"), total, ("log", [count])])]


def _entries_counted(reader, u, axis):
    """The number of entries of ``u`` (along ``axis``, or all of them) as the framework's log takes it: NumPy's and
    JAX's size or shape; TensorFlow's size or shape cast to u's float dtype (its log refuses integers); PyTorch's
    count as a tensor of u's dtype (torch.log refuses a Python int). None where the module reaches no such call."""
    namespace = reader.spelling.namespace
    if namespace not in ("tensorflow", "torch"):
        return ("size", [u]) if axis is None else ("=format", [("text", "{0}[{1}]"), ("shape", [u]), axis])
    held = "{0}" if isinstance(reader.look(u), _ATOMIC) else "({0})"  # u's attributes read on u itself
    if namespace == "tensorflow":
        cast, size, shape = (reader.spelling._local(f"tensorflow.{name}") for name in ("cast", "size", "shape"))
        if None in (cast, size, shape):
            return None
        counted = f"{size}({{0}})" if axis is None else f"{shape}({{0}})[{{1}}]"
        return ("=format", [("text", f"{cast}({counted}, {held}.dtype)"), u, *([] if axis is None else [axis])])
    tensor = reader.spelling._local("torch.tensor")
    if tensor is None:
        return None
    counted = f"{held}.numel()" if axis is None else f"{held}.shape[{{1}}]"
    return ("=format", [("text", f"{tensor}({counted}, dtype={held}.dtype)"), u, *([] if axis is None else [axis])])


def log_cumsum_exp(reader, node):
    """log(cumsum(exp(u), axis)) as the framework's running log-sum-exp along that axis: no e^u to overflow or
    underflow. Without an axis NumPy's and JAX's cumsum run over the flattened entries: so does the fix, on a u not
    known to be 1-D (TensorFlow's runs along axis 0, as its running log-sum-exp does; PyTorch's needs its dim)."""
    inner = _logarithm_of(reader, node)
    running = None if inner is None else reader.call(inner, "cumsum")
    exp = None if running is None else reader.call(running[1], "exp")
    if exp is None or exp[2] or exp[3] or running[3] and any(k.arg not in ("axis", "dim") for k in running[3]):
        return None
    axes = running[2] + [k.value for k in running[3]]
    if len(axes) > 1:
        return None
    u = exp[1]
    if not axes and reader.spelling.namespace != "tensorflow" and _parameter_rank(reader, u) != 1:
        u = ("ravel", [u])
    if axes:
        return [("cumlogsumexp", [u, ("keyword", "dim" if reader.spelling.namespace == "torch" else "axis", axes[0])])]
    return None if reader.spelling.namespace == "torch" else [("cumlogsumexp", [u])]


def _masked_exp(reader, node):
    """For ``where(mask, exp(u), 0)``: (mask, exp(u)) as written; else None."""
    where = reader.call(node, "where")
    if where is None or len(where[2]) != 2 or where[3]:
        return None
    zero = reader.look(where[2][1])
    if not (isinstance(zero, ast.Constant) and zero.value == 0):
        return None
    return where[1], where[2][0]


def log_softmax(reader, node):
    inner = _logarithm_of(reader, node)
    looked, index = (None, None) if inner is None else (reader.look(inner), None)
    if isinstance(looked, ast.Subscript):  # log(softmax(u)[i]) is log_softmax(u)[i]: log acts entry by entry
        inner, index = looked.value, looked.slice
    soft = None if inner is None else reader.call(inner, "softmax")
    carried = None if soft is None else _carried(soft[2], soft[3])
    return None if carried is None else [_indexed(("log_softmax", [soft[1], *carried]), index)]


def log_ndtr(reader, node):
    inner = _logarithm_of(reader, node)
    if inner is None:
        return None
    cdf = reader.call(inner, "ndtr")
    if cdf is not None:
        return None if cdf[2] or cdf[3] else [("log_ndtr", [cdf[1]])]
    u = _ndtr_by_erf(reader, inner)
    return None if u is None else [("log_ndtr", [u])]


_ROOT_TWO = math.sqrt(2)


def _number(node):
    """A written number's value (``2``, ``0.5``, ``-1.0``), else None."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _is_root_two(node):
    """Whether ``node`` writes sqrt(2): the float, or a call ending in ``sqrt`` of 2 (or of a constant of 2)."""
    if _number(node) == _ROOT_TWO:
        return True
    if isinstance(node, ast.Call) and ast.unparse(node.func).rpartition(".")[2] == "sqrt" and len(node.args) == 1:
        arg = node.args[0]
        if isinstance(arg, ast.Call) and arg.args and ast.unparse(arg.func).rpartition(".")[2] in ("constant", "tensor", "asarray", "array"):
            arg = arg.args[0]
        return _number(arg) == 2
    return False


def _over_root_two(node):
    """For ``u / sqrt(2)``: u; else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and _is_root_two(node.right):
        return node.left
    return None


def _negation_of(node):
    """For ``-u``: u; else None."""
    return node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else None


def _ndtr_by_erf(reader, node):
    """For the normal CDF written by erfc or erf, ``0.5*erfc(-u/sqrt(2))`` or ``0.5*(1 + erf(u/sqrt(2)))`` (the half
    also as a division by 2): u; else None."""
    node = reader.look(node)
    if not isinstance(node, ast.BinOp):
        return None
    if isinstance(node.op, ast.Mult) and _number(node.left) == 0.5:
        rest = node.right
    elif isinstance(node.op, ast.Mult) and _number(node.right) == 0.5:
        rest = node.left
    elif isinstance(node.op, ast.Div) and _number(node.right) == 2:
        rest = node.left
    else:
        return None
    rest = reader.look(rest)
    complement = reader.call(rest, "erfc")
    if complement is not None and not (complement[2] or complement[3]):
        arg = complement[1]
        scaled = _negation_of(arg)
        if scaled is not None:
            return _over_root_two(scaled)
        quotient = _over_root_two(arg)
        return None if quotient is None else _negation_of(quotient)
    if isinstance(rest, ast.BinOp) and isinstance(rest.op, ast.Add):
        for one, other in ((rest.left, rest.right), (rest.right, rest.left)):
            error = reader.call(other, "erf") if _number(one) == 1 else None
            if error is not None and not (error[2] or error[3]):
                return _over_root_two(error[1])
    return None


def _sigmoid_of(reader, node, complement=True):
    """For sigmoid(u) in any spelling (a call, exp(u)/(1 + exp(u)), 1/(1 + exp(-u)), 1 - sigmoid(-u), and with the
    complement the logistic's sf(-u)): (u, negated); else None."""
    node = reader.look(node)
    if complement and isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and reader.number(node.left, 1):
        inner = _sigmoid_of(reader, node.right)
        return None if inner is None else (inner[0], not inner[1])
    survival = reader.call(node, "logistic_sf") if complement else None  # the logistic's sf(u) is sigmoid(-u)
    if survival is not None:
        return None if survival[2] or survival[3] else (survival[1], True)
    call = reader.call(node, "sigmoid")
    if call is not None:
        return None if call[2] or call[3] else (call[1], False)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
        return None
    below = reader.one_plus(node.right)
    exp = None if below is None else reader.call(below, "exp")
    if exp is None or exp[2] or exp[3]:
        return None
    top = reader.call(node.left, "exp")
    if top is not None and not top[2] and not top[3] and _same(reader.look(top[1]), reader.look(exp[1])):
        return top[1], False
    if reader.number(node.left, 1):
        minus = reader.negated(exp[1])
        return (minus, False) if minus is not None else (exp[1], True)
    return None


def log_sigmoid(reader, node):
    inner = _logarithm_of(reader, node)
    found = None if inner is None else _sigmoid_of(reader, inner)
    if found is None:
        return None
    u, negative = found
    return [
        ("log_sigmoid", [_signed(u, negative)]),
        ("-softplus", [_signed(u, not negative)]),
        ("-logaddexp", [("number", "0"), _signed(u, not negative)]),
    ]


def _scaled(reader, node):
    """For ``a * exp(u) / d`` or ``exp(u) * a / d``, exp(u) maybe negated (a rule's ``grad * ...``): (a, ``exp(u) / d``
    as a node); else None.

    Python reads ``a * e / d`` as ``(a * e) / d``, so the quotient a known rewrite matches is no node of its own.
    """
    node = reader.look(node)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
        return None
    product = reader.look(node.left)
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
        return None
    for factor, other in ((product.right, product.left), (product.left, product.right)):
        if reader.call(reader.negated(factor) or factor, "exp") is not None:
            quotient = ast.copy_location(ast.BinOp(left=factor, op=ast.Div(), right=node.right), factor)
            quotient.end_lineno, quotient.end_col_offset = node.end_lineno, node.end_col_offset
            return other, quotient
    return None


def _factor_text(writer, node):
    """A factor's text, parenthesized where it binds looser than a product."""
    text = writer.text(node)
    tight = isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Call, ast.Constant, ast.UnaryOp)) or (
        isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.Pow, ast.MatMult)))
    return text if tight else f"({text})"


def sigmoid(reader, node):
    if reader.call(node, "sigmoid") is not None:
        return None  # already the library's
    scaled = _scaled(reader, node)
    found = _sigmoid_of(reader, node if scaled is None else scaled[1], complement=False)
    if found is None:
        return None
    u, negative = found
    choices = [("sigmoid", [_signed(u, negative)]), ("exp", [("-logaddexp", [("number", "0"), _signed(u, not negative)])])]
    if scaled is None:
        return choices
    factor = ("text", _factor_text(reader.writer, scaled[0]))
    return [("=format", [("text", "{0} * {1}"), factor, choice]) for choice in choices]


def complement_sigmoid(reader, node):
    """1 - sigmoid(u), however sigmoid(u) is written, as sigmoid(-u): the subtraction rounds to 1 - 1 = 0 for u
    above 37 (float64) where the truth is e^-u.

    A call keeps the user's own callee (``expit(-u)``, ``F.sigmoid(-u)``).
    Inside a log it is left to `log_sigmoid`, whose log_sigmoid(-u) also keeps
    the log's digits where sigmoid(-u) underflows.
    """
    node = reader.look(node)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and reader.number(node.left, 1)):
        return None
    if _logged(reader, node):
        return None
    found = _sigmoid_of(reader, node.right, complement=False)
    if found is None:
        return None
    u, negative = found
    minus_u = _signed(u, not negative)  # sigmoid(-u) = exp(-logaddexp(0, u))
    called = reader.look(node.right)
    own = []
    if isinstance(called, ast.Call) and reader.name_of(called.func) == "sigmoid":
        own = [("=format", [("text", reader.writer.text(called.func) + "({0})"), minus_u])]
    return [*own, ("sigmoid", [minus_u]), ("exp", [("-logaddexp", [("number", "0"), _signed(u, negative)])])]


def _logged(reader, node):
    """Whether ``node`` is the argument of a log, or the value of a local read only as one (`log_sigmoid`'s to fix)."""
    parent = reader.parents.get(node)
    if isinstance(parent, ast.Assign) and isinstance(parent.targets[0], ast.Name) and reader.locals is not None:
        uses = reader.locals.loads.get(parent.targets[0].id, ())
        return bool(uses) and all(_logged(reader, use) for use in uses)
    return parent is not None and _logarithm_of(reader, parent) is node


def expm1_ratio(reader, node):
    scaled = _scaled(reader, node)
    quotient = reader.look(node) if scaled is None else scaled[1]
    if not (isinstance(quotient, ast.BinOp) and isinstance(quotient.op, ast.Div)):
        return None
    top, below = quotient.left, reader.look(quotient.right)
    negative = reader.negated(top) is not None
    top = reader.call(reader.negated(top) or top, "exp")
    if top is None or top[2] or top[3] or not (isinstance(below, ast.BinOp) and isinstance(below.op, ast.Sub)):
        return None
    bottom = reader.call(below.right, "exp") if reader.number(below.left, 1) else None
    if bottom is None or bottom[2] or bottom[3] or not _same(reader.look(top[1]), reader.look(bottom[1])):
        return None
    expm1 = ("expm1", [("-", top[1])])  # e^u / (1 - e^u) is 1 / (e^-u - 1)
    if scaled is None:
        return [("=format", [("text", "-1 / {0}" if negative else "1 / {0}"), expm1])]
    return [("=format", [("text", "{0} / -{1}" if negative else "{0} / {1}"), ("text", _factor_text(reader.writer, scaled[0])), expm1])]


def log1mexp(reader, node):
    """log(1 - e^u), however written, as log(-expm1(u)) above -log 2 and log1p(-e^u) below (each where it keeps its digits).

    ``1 - e^u`` cancels for u near 0 (log1p(-exp(u)) only hides it in the
    argument), and ``-expm1(u)`` rounds to 1 for u far below 0. The where
    differentiates both branches everywhere: log(-expm1(u)) has a finite slope
    wherever it is not taken (u <= -log 2), but log1p(-e^u) has an infinite
    one where e^u rounds to 1 (-1.1e-16 < u < 0 in float64), and the where's 0
    times it is NaN. So that branch reads u only where it is taken, -1 in its
    place elsewhere (the double where); u comes first in that guard, so each
    framework makes the -1 in u's own dtype (TensorFlow refuses a float32
    number beside a float64 tensor).
    """
    call = reader.call(node, "log1p")
    if call is not None:
        difference = None if call[2] or call[3] else reader.negated(call[1])
    else:
        inner = _logarithm_of(reader, node)
        inner = None if inner is None else reader.look(inner)
        difference = inner.right if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.Sub) and reader.number(inner.left, 1) else None
    exp = None if difference is None else reader.call(difference, "exp")
    if exp is None or exp[2] or exp[3]:
        return None
    u = exp[1]
    above = ("=format", [("text", "{} > -0.6931471805599453"), u])
    below = ("=format", [("text", "{} <= -0.6931471805599453"), u])
    guarded = ("where", [below, u, ("text", "-1.0")])
    return [("where", [above, ("log", [("-expm1", [u])]), ("log1p", [("-exp", [guarded])])])]


def xlogy_guarded(reader, node):
    """xlogy(x, y) as xlogy(x, where(x == 0, 1, y)) (xlog1py: 0 in y's place), so no 0/0 reaches y's gradient.

    The value is x log y, 0 where x = 0 whatever y is, so d/dy is 0 there; a
    rule written x / y (JAX's, PyTorch's) gives 0/0 at y = 0 (x / (1 + y) at
    y = -1). Where x = 0 the guarded y is a point where that rule is 0 and the
    value is unchanged; elsewhere y is the user's.
    """
    for name, safe in (("xlogy", "1.0"), ("xlog1py", "0.0")):
        call = reader.call(node, name)
        if call is None or len(call[2]) != 1 or call[3]:
            continue
        x, y = call[1], call[2][0]
        looked = reader.look(x)
        if isinstance(looked, ast.Constant) and looked.value != 0:
            return None  # never 0: nothing to guard
        guard = ("where", [("=format", [("text", "{} == 0"), x]), ("text", safe), y])
        return [(name, [x, guard])]
    return None


def _weighted_log(reader, term):
    """For ``w * log(v)`` or ``log(v) * w``: (w, v); else None."""
    term = reader.look(term)
    if not (isinstance(term, ast.BinOp) and isinstance(term.op, ast.Mult)):
        return None
    for weight, factor in ((term.left, term.right), (term.right, term.left)):
        inner = _logarithm_of(reader, factor)
        if inner is not None:
            return weight, inner
    return None


def _complement(reader, node):
    """For ``1 - y``: y; else None."""
    node = reader.look(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and reader.number(node.left, 1):
        return node.right
    return None


def cross_entropy_with_logits(reader, node):
    node = reader.look(node)
    total = node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else None
    total = None if total is None else reader.look(total)
    if not (isinstance(total, ast.BinOp) and isinstance(total.op, ast.Add)):
        return None
    for first, second in ((total.left, total.right), (total.right, total.left)):
        hit, miss = _weighted_log(reader, first), _weighted_log(reader, second)
        if hit is None or miss is None or _complement(reader, miss[0]) is None:
            continue
        y = hit[0]
        if not _same(reader.look(_complement(reader, miss[0])), reader.look(y)):
            continue
        p, q = _sigmoid_of(reader, hit[1]), _sigmoid_of(reader, miss[1])
        if p is None or q is None or p[1] == q[1] or not _same(reader.look(p[0]), reader.look(q[0])):
            continue
        z = _signed(p[0], p[1])  # -(y log sigmoid(z) + (1 - y) log(1 - sigmoid(z)))
        return [
            ("binary_cross_entropy_with_logits", [z, y, ("keyword", "reduction", ("text", '"none"'))]),
            ("sigmoid_cross_entropy_with_logits", [("keyword", "labels", y), ("keyword", "logits", z)]),
        ]
    return None


def cross_entropy_of_sigmoid(reader, node):
    """binary_cross_entropy(sigmoid(z), y, ...) as binary_cross_entropy_with_logits(z, y, ...): the same loss from the
    logits, whose gradient sigmoid(z) - y never passes through 1 - sigmoid(z) (0 where z is large)."""
    call = reader.call(node, "binary_cross_entropy")
    if call is None or not call[2]:
        return None
    p = _sigmoid_of(reader, call[1], complement=False)
    if p is None or p[1]:
        return None
    return [("binary_cross_entropy_with_logits", [p[0], *call[2], *call[3]])]


def _parameter_rank(reader, node):
    """The number of dimensions of a parameter of the function at every checked point; None if unknown."""
    node = reader.look(node)
    if not (isinstance(node, ast.Name) and reader.locals is not None and reader.locals.bindings.get(node.id) == 1):
        return None
    parameters = {a.arg for a in ast.walk(reader.locals.function.args) if isinstance(a, ast.arg)}
    return reader.ranks.get(node.id) if node.id in parameters else None


def _weighted_exp(reader, node):
    """For ``exp(u)``, ``exp(u) * w`` or ``w * exp(u)``: (the exp call as `_Reader.call` reads it, w or None); else
    (None, None)."""
    exp = reader.call(node, "exp")
    if exp is not None:
        return exp, None
    node = reader.look(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for factor, weight in ((node.left, node.right), (node.right, node.left)):
            exp = reader.call(factor, "exp")
            if exp is not None:
                return exp, weight
    return None, None


def _hand_softmax(reader, node):
    """For ``exp(u) / sum(exp(u), axis)``, ``exp(u)[i] / sum(exp(u))`` or ``exp(u[i]) / sum(exp(u))``: (u, axis, i or
    None); else None. Weighted, ``exp(u) * w / sum(exp(u) * w)`` (a padding mask of 0s and 1s), u is ``u + log(w)``:
    exp(u) w = exp(u + log w) where w >= 0, its 0s at -inf (the rewrite is re-checked where it runs).

    The axis is the argument the softmax runs over, or "all" for every
    element (a sum without an axis). A sum over an axis without keepdims
    divides the right entries only over axis 0 (or for a vector).
    """
    node = reader.look(node)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
        return None
    top, index = reader.look(node.left), None
    if isinstance(top, ast.Subscript):
        top, index = top.value, top.slice
    (exp, weight), total = _weighted_exp(reader, top), reader.call(node.right, "sum")
    inner, inner_weight = (None, None) if total is None else _weighted_exp(reader, total[1])
    if exp is None or inner is None or exp[2] or exp[3] or inner[2] or inner[3] or _carried(total[2], total[3]) is None:
        return None
    if (weight is None) != (inner_weight is None) or weight is not None and not _same(reader.look(weight),
                                                                                      reader.look(inner_weight)):
        return None
    u, entry = reader.look(exp[1]), None
    if index is None and isinstance(u, ast.Subscript):  # exp(u[i]) / sum(exp(u)) is exp(u)[i] / sum(exp(u))
        u, entry = reader.look(u.value), u.slice
    if not _same(u, reader.look(inner[1])) or weight is not None and entry is not None:
        return None
    operand, index = (exp[1], index) if entry is None else (inner[1], entry)
    axes = total[2] + [k.value for k in total[3] if k.arg in ("axis", "dim")]
    kept = any(k.arg in ("keepdims", "keepdim") and isinstance(k.value, ast.Constant) and k.value.value is True for k in total[3])
    vector = _parameter_rank(reader, operand) == 1
    if weight is not None:
        operand = ("=format", [("text", "{0} + {1}"), operand, ("log", [weight])])
    if not axes:
        return (operand, ("vector" if vector else "all"), index) if weight is None or vector else None
    if index is None and (kept or reader.number(axes[0], 0)):
        return operand, axes[0], None
    return (operand, "vector", None) if index is None and vector else None


def _softmax_choices(reader, u, axis, log):
    """softmax(u) (log: log_softmax) over ``axis`` as the framework spells it, then as u minus its log-sum-exp.

    ``axis`` is the user's axis argument, "vector" (u is 1-D at every point) or "all" (every element).
    """
    torch = reader.spelling.namespace == "torch"
    dim, keep = ("dim", "keepdim") if torch else ("axis", "keepdims")
    name = "log_softmax" if log else "softmax"
    if axis == "all":  # JAX's softmax takes axis=None; the others' run over one axis only
        own = [(name, [u, ("keyword", "axis", ("text", "None"))])] if reader.spelling.namespace.startswith("jax") else []
        over = [("call", "torch.flatten", u), ("text", "0")] if torch else [u]
    elif axis == "vector":
        own = [(name, [u, ("keyword", "dim", ("text", "0"))] if torch else [u])]
        over = [u, ("text", "0")] if torch else [u]
    else:
        own = [(name, [u, ("keyword", dim, axis)])]
        over = [u, ("keyword", dim, axis), ("keyword", keep, ("text", "True"))]
    shifted = ("=format", [("text", "{0} - {1}"), u, ("logsumexp", over)])
    return own + [shifted if log else ("exp", [shifted])]


def _indexed(choice, index):
    if index is None:
        return choice
    return "=format", [("text", "({0})[{1}]" if choice[0] == "=format" else "{0}[{1}]"), choice, index]


def softmax(reader, node):
    found = _hand_softmax(reader, node)
    if found is None:
        return None
    u, axis, index = found
    return [_indexed(choice, index) for choice in _softmax_choices(reader, u, axis, log=False)]


def log_of_softmax(reader, node):
    inner = _logarithm_of(reader, node)
    if inner is None:
        return None
    looked, index = reader.look(inner), None
    found = _hand_softmax(reader, looked)
    if found is None and isinstance(looked, ast.Subscript):
        found, index = _hand_softmax(reader, looked.value), looked.slice
        if found is not None and found[2] is not None:
            return None
    if found is None:
        return None
    u, axis, own_index = found
    return [_indexed(choice, own_index or index) for choice in _softmax_choices(reader, u, axis, log=True)]


# A modified Bessel function and its exponentially scaled twin: i0e(u) = exp(-|u|) i0(u), k0e(u) = exp(u) k0(u).
_SCALED = {"i0": "i0e", "i1": "i1e", "k0": "k0e", "k1": "k1e"}


def scaled_bessel_log(reader, node):
    """log(i0(u)) as log(i0e(u)) + |u| (i1 likewise), log(k0(u)) as log(k0e(u)) - u (k1 likewise): the unscaled
    function overflows (i0(710) in float64) or underflows (k1(706)) where its logarithm is an ordinary number."""
    inner = _logarithm_of(reader, node)
    bessel = None if inner is None else reader.call(inner, *_SCALED)
    if bessel is None or bessel[2] or bessel[3]:
        return None
    name, u = bessel[0], bessel[1]
    scaled = ("log", [(_SCALED[name], [u])])
    if name.startswith("i"):
        return [("=format", [("text", "{0} + {1}"), scaled, ("abs", [u])])]
    return [("=format", [("text", "{0} - {1}" if isinstance(u, _ATOMIC) else "{0} - ({1})"), scaled, u])]


def scaled_bessel_ratio(reader, node):
    """i1(u) / i0(u) as i1e(u) / i0e(u) (k1(u) / k0(u) likewise), also as factors of a product over a product
    (2 i1(x) / (x i0(x))): the scales cancel, and the scaled functions neither overflow nor underflow where the
    unscaled ones give inf / inf or 0 / 0."""
    node = reader.look(node)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
        return None
    for upper in _factors(node.left):
        top = reader.call(upper, *_SCALED)
        if top is None or top[2] or top[3]:
            continue
        for lower in _factors(node.right):
            bottom = reader.call(lower, *_SCALED)
            if bottom is None or bottom[2] or bottom[3] or top[0][0] != bottom[0][0]:
                continue
            if not _same(reader.look(top[1]), reader.look(bottom[1])):
                continue
            scaled = [(_SCALED[top[0]], [top[1]]), (_SCALED[bottom[0]], [bottom[1]])]
            if upper is node.left and lower is node.right:
                return [("=format", [("text", "{0} / {1}"), *scaled])]
            texts = [reader.writer.call(*one) for one in scaled]
            if None in texts:
                return None
            swaps = [(upper, texts[0], [upper]), (lower, texts[1], [lower])]
            return [("=format", [("text", "{0}"), ("text", reader.writer.replaced(node, swaps))])]
    return None


def _factors(node):
    """The factors of a product as written (``2 * i1(x)``: 2 and the call; anything else: itself)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _factors(node.left) + _factors(node.right)
    return [node]


PATTERNS = [
    ("logsumexp", "log(sum(exp(u), axis)) -> logsumexp(u, axis); log(sum(exp(u) * w)) -> logsumexp(u + log(w))",
     logsumexp),
    ("logsumexp", "log(mean(exp(u), axis)) -> logsumexp(u, axis) - log(n)", log_mean_exp),
    ("slogdet", "log(det(A)) -> slogdet(A)[1], the log |det A| no over- or underflow of det A reaches", log_det),
    ("log_softmax", "log(softmax(u, axis)) -> log_softmax(u, axis)", log_softmax),
    ("cumlogsumexp", "log(cumsum(exp(u), axis)) -> the running log-sum-exp of u along axis", log_cumsum_exp),
    ("log_sigmoid", "log(sigmoid(u)) -> log_sigmoid(u); log(1 - sigmoid(u)) -> log_sigmoid(-u)", log_sigmoid),
    ("sigmoid", "exp(u)/(1 + exp(u)) or 1/(1 + exp(-u)) -> sigmoid(u)", sigmoid),
    ("sigmoid complement", "1 - sigmoid(u) -> sigmoid(-u)", complement_sigmoid),
    ("expm1 ratio", "exp(u)/(1 - exp(u)) -> 1/expm1(-u)", expm1_ratio),
    ("cross entropy with logits", "-(y*log(sigmoid(z)) + (1 - y)*log(1 - sigmoid(z))) -> the framework's own, from z", cross_entropy_with_logits),
    ("cross entropy with logits", "binary_cross_entropy(sigmoid(z), y) -> binary_cross_entropy_with_logits(z, y)",
     cross_entropy_of_sigmoid),
    ("log_softmax", "log(exp(u) / sum(exp(u), axis)) -> log_softmax(u, axis)", log_of_softmax),
    ("softmax", "exp(u) / sum(exp(u), axis) -> softmax(u, axis)", softmax),
    ("double where", "where(c, f(x), g) -> where(c, f(where(c, x, safe)), g), whichever branch is unsafe", double_where),
    ("log1mexp", "log(1 - exp(u)) or log1p(-exp(u)) -> where(u > -log 2, log(-expm1(u)), log1p(-exp(where(u <= -log 2, u, -1))))",
     log1mexp),
    ("xlogy guard", "xlogy(x, y) -> xlogy(x, where(x == 0, 1, y)); xlog1py(x, y) -> xlog1py(x, where(x == 0, 0, y))", xlogy_guarded),
    ("log_ndtr", "log(ndtr(u)) -> log_ndtr(u): the log of the normal CDF (also as 0.5*erfc(-u/sqrt(2))), kept in its far left tail",
     log_ndtr),
    ("scaled bessel", "log(i0(u)) -> log(i0e(u)) + |u|, log(k0(u)) -> log(k0e(u)) - u (i1, k1 likewise)", scaled_bessel_log),
    ("scaled bessel ratio", "i1(u) / i0(u) -> i1e(u) / i0e(u) (k1 / k0 likewise)", scaled_bessel_ratio),
]


class _Writer:
    """Writes a pattern's choice as Python text in the module's own spelling, or None where it has no spelling."""

    def __init__(self, source, spelling):
        self.source = source
        self.spelling = spelling

    def text(self, node):
        return ast.get_source_segment(self.source, node)

    def callee(self, name):
        dotted = self.spelling.write(name)
        fallback = _FALLBACK_PATHS.get((self.spelling.namespace, name))
        if fallback is None and self.spelling.namespace == "numpy" and self._imports_scipy_special():
            fallback = _SCIPY_WHERE_IMPORTED.get(name)
        return dotted if dotted is not None or fallback is None else self.spelling._local(fallback)

    def _imports_scipy_special(self):
        """Whether the module imports scipy.special or a name from it (then SciPy's functions are its spelling)."""
        return any(full == "scipy.special" or full.startswith("scipy.special.") for full in self.spelling.imported.values())

    def replaced(self, node, swaps):
        """The source text of ``node`` with each ``x`` of ``swaps`` ([(x, text, within)]) replaced by its text
        wherever it occurs inside one of the nodes ``within``."""
        encoded = self.source.encode("utf-8")
        starts = [0]
        for line in self.source.splitlines(keepends=True):
            starts.append(starts[-1] + len(line.encode("utf-8")))

        def offset(line, col):
            return starts[line - 1] + col

        begin, end = offset(node.lineno, node.col_offset), offset(node.end_lineno, node.end_col_offset)
        places = sorted(
            (offset(n.lineno, n.col_offset), offset(n.end_lineno, n.end_col_offset), text)
            for n in ast.walk(node) for x, text, within in swaps if _same(n, x) and any(_inside(n, w) for w in within)
        )
        pieces, at = [], begin
        for start, stop, text in places:
            if start >= at:
                pieces += [encoded[at:start].decode("utf-8"), text]
                at = stop
        return "".join(pieces) + encoded[at:end].decode("utf-8")

    def call(self, name, args):
        if name == "=format":  # a template of mine, filled with written arguments
            parts = [self.argument(a) for a in args[1:]]
            return None if None in parts else args[0][1].format(*parts)
        negative = name.startswith("-")
        callee = self.callee(name.lstrip("-"))
        parts = [self.argument(a) for a in args]
        if callee is None or None in parts:
            return None
        return f"{'-' if negative else ''}{callee}({', '.join(parts)})"

    def argument(self, arg):
        if isinstance(arg, ast.keyword):
            return f"{arg.arg}={self.text(arg.value)}"
        if isinstance(arg, ast.AST):
            return self.text(arg)
        kind, *rest = arg
        if kind == "text":
            return rest[0]
        if kind == "number":  # an operand: through the framework's constructor where its calls need one
            wrap = self.spelling.number_call()
            return rest[0] if wrap is None else f"{wrap}({float(rest[0])})"
        if kind == "-":
            (node,) = rest
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
                return self.text(node.operand)
            return f"-{self.text(node)}" if isinstance(node, _ATOMIC) else f"-({self.text(node)})"
        if kind == "keyword":
            name, value = rest
            value = self.argument(value)
            return None if value is None else f"{name}={value}"
        if kind == "call":
            path, node = rest
            local = self.spelling._local(path)
            return None if local is None else f"{local}({self.text(node)})"
        return self.call(kind, rest[0])  # a nested choice: (name, arguments)


def _negation(node):
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)


def _loose(text):
    """Whether Python text binds looser than an operand of an operator (``-f(u)``, ``u - v``)."""
    try:
        body = ast.parse(text, mode="eval").body
    except SyntaxError:
        return True
    return isinstance(body, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda))


def _functions(tree):
    return [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _roots(function, locals_, lines):
    """The outermost expressions of ``function``'s statements that a finding's line touches, directly or through a local."""
    touched = {name for name, statement in locals_.assignments.items() if _covers(statement, lines)}
    for statement in ast.walk(function):
        if isinstance(statement, ast.expr) or statement is function:
            continue
        for child in ast.iter_child_nodes(statement):
            if not isinstance(child, ast.expr):
                continue
            reads = {n.id for n in ast.walk(child) if isinstance(n, ast.Name)}
            if _covers(child, lines) or reads & touched:
                yield child


def _covers(node, lines):
    return any(node.lineno <= line <= node.end_lineno for line in lines)


def _names_read(texts):
    """The names the expressions ``texts`` read; every identifier where one does not parse (kept rather than lost)."""
    names = set()
    for text in texts:
        try:
            names |= {n.id for n in ast.walk(ast.parse(text.strip(), mode="eval")) if isinstance(n, ast.Name)}
        except SyntaxError:
            names |= set(re.findall(r"[A-Za-z_]\w*", text))
    return names


def _alone(source_lines, statement):
    """Whether ``statement`` has its lines to itself (nothing but blanks and a comment beside it)."""
    head = source_lines[statement.lineno - 1].encode("utf-8")[: statement.col_offset]
    tail = source_lines[statement.end_lineno - 1].encode("utf-8")[statement.end_col_offset :]
    return not head.strip() and (not tail.strip() or tail.strip().startswith(b"#"))


def array_rewrites(source, tree, lines, spelling, resolve, ranks=None):
    """Per array pattern that matches on ``lines``: (name, description, [(place, new text)], packages to import).

    ``spelling`` is the module's `source_fixes.Spelling`; ``resolve(dotted
    path)`` the object a full dotted path names, or None (how calls of a
    framework's functions are told apart: ``tf.exp`` is ``tf.math.exp``);
    ``ranks`` the number of dimensions of each parameter at every checked point, where one holds for all.
    Places are ((line, col), (end line, end col)) as in the AST; a fix that
    consumes a local name everywhere also deletes its assignment.
    """
    reader, writer = _Reader(spelling, resolve, ranks), _Writer(source, spelling)
    reader.writer = writer
    source_lines = source.splitlines(keepends=True)
    functions = [
        (function, _Locals(function), {child: parent for parent in ast.walk(function) for child in ast.iter_child_nodes(parent)})
        for function in _functions(tree)
        if _covers(function, lines)
    ]
    found = []
    for name, description, pattern in PATTERNS:
        edits, needed = [], set()
        for function, reader.locals, parents in functions:
            reader.parents = parents
            matched, consumed, written = [], set(), []
            for root in _roots(function, reader.locals, lines):
                reader.root = root
                for node in ast.walk(root):
                    if isinstance(node, ast.Name):  # a local's own value is rewritten at its assignment, if at all
                        continue
                    reader.consumed, reader.elsewhere = set(), []
                    choices = pattern(reader, node)
                    spelling.imports_needed = set()
                    text = next((t for t in (writer.call(*c) for c in choices or ()) if t is not None), None)
                    # edits a pattern made away from its node: the value of a local it reads, at its assignment
                    edits += [(((n.lineno, n.col_offset), (n.end_lineno, n.end_col_offset)), new) for n, new in reader.elsewhere]
                    written += [new for _, new in reader.elsewhere]
                    if text is None:
                        continue
                    if text.startswith("-") and _negation(parents.get(node)):  # -(-f(u)) is f(u)
                        node, text = parents[node], text[1:]
                    if _loose(text) and isinstance(parents.get(node), _TIGHTER):
                        text = f"({text})"
                    edits.append((((node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)), text))
                    needed |= spelling.imports_needed
                    written.append(text)
                    matched.append(node)
                    consumed |= reader.consumed
            gone = list(matched)  # where a use no longer runs: the rewritten nodes, then each deleted assignment
            # a name the pattern read through only to compare (exp(u) / sum(exp(u))) stays in the new text: kept
            consumed -= _names_read(written)
            for _ in range(len(consumed)):
                for local in sorted(consumed):
                    statement = reader.locals.assignments[local]
                    uses = reader.locals.loads.get(local, ())
                    if statement not in gone and all(any(_inside(use, m) for m in gone) for use in uses) and _alone(source_lines, statement):
                        edits.append((((statement.lineno, 0), (statement.end_lineno + 1, 0)), ""))
                        gone.append(statement)
        if edits:
            found.append((name, description, edits, needed))
    return found
