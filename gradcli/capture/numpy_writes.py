"""Writes into arrays in plain NumPy code (``out[i] = v``, ``acc += v``, ``acc[i] *= v``) as functional updates.

An array cannot hold a value gradcli differentiates, so a plain NumPy module
loaded on gradcli's core (`numpy_module.load_module`) has each such write, on
a name local to its function, rewritten before it runs: ``out[i] = v`` is
``out = set_item(out, i, v)`` and ``acc += v`` is ``acc = in_place(acc, v,
"+")``. Where neither side is traced, the helpers do what NumPy does, in
place. Where one is, the name is bound to a new traced array: the array the
write would have made. That is NumPy's meaning only while no other name sees
the array, so it is done only for an array the function made itself
(``np.zeros``, ``np.empty``, ``np.ones``, ``np.full``, their ``_like`` forms,
``copy``: `fresh`; an array's own ``.copy()`` and ``.astype(...)``, `owned`)
or a traced one, on a name the function never aliases (``b = out``,
``out = b``). Any other write of a traced value (into an argument's or a
module's array, or one bound to two names) is refused with what to write
instead. ``np.put_along_axis(out, ...)`` and ``np.put_along_axis(out[1:],
...)`` as statements are such writes: into the array, or into the view a
basic index makes of it (a fancy index makes a copy, which NumPy writes into
and drops); so are ``np.fill_diagonal(out, value)`` and a ufunc's ``np.add.at(out, indices, values)``. A ufunc's ``out=`` (``np.divide(a, b,
out=np.zeros_like(a), where=b != 0)``) is such a write too: the call is `ufunc_out`'s, and a local name given as
``out`` is bound to the array NumPy leaves in it, ``out`` given by keyword or after the inputs (``np.log(x, y)``),
the ufunc named through its module or by itself (``from numpy import log``); so is the ``out=`` of a ufunc's
``reduce``, ``accumulate``, ``reduceat`` and ``outer`` (`ufunc_method_out`). At module level, where nothing is traced
as the module loads, such a call is NumPy's own, ``out`` filled in place.
"""

from __future__ import annotations

import ast
import copy
import operator
import weakref

import numpy as np

from .. import numpy as gnp
from ..autodiff.ops_array import untake
from ..autodiff.ops_shape import along_axis_index, is_window_view
from ..autodiff.ops_ufunc import applied_at
from ..autodiff.tracer import TracedValueError
from ..autodiff.values import Box, raw
from .numpy_errors import TYPE, numpys_type
from .numpy_methods import DOT, dot_method
from .numpy_parts import PART, part
from .numpy_reads import READS

SET_ITEM, IN_PLACE, BINARY, WRITE = "__gradcli_set_item__", "__gradcli_in_place__", "__gradcli_binary__", "__gradcli_write__"
SET_ITEM_IN = "__gradcli_set_item_in__"
PUT_ALONG_AXIS, PUT_ALONG_AXIS_INTO, OWNED = "__gradcli_put_along_axis__", "__gradcli_put_along_axis_into__", "__gradcli_owned__"
FILL_DIAGONAL = "__gradcli_fill_diagonal__"
UFUNC_AT, UFUNC_OUT, UFUNC_METHOD_OUT = "__gradcli_ufunc_at__", "__gradcli_ufunc_out__", "__gradcli_ufunc_method_out__"
# A ufunc's methods that take ``out=``, each with the position ``out`` has among its arguments (None: keyword only).
_METHOD_OUT = {"reduce": 3, "accumulate": 3, "reduceat": 4, "outer": None}
# An array's methods that return a new array the caller owns (``astype`` only where it is not the array itself).
_COPYING_METHODS = ("copy", "astype")

_OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**", ast.MatMult: "@",
    ast.FloorDiv: "//", ast.Mod: "%",
}
_BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "**": operator.pow,
           "@": operator.matmul, "//": operator.floordiv, "%": operator.mod}
_IN_PLACE = {"+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
             "**": operator.ipow, "@": operator.imatmul, "//": operator.ifloordiv, "%": operator.imod}

# Arrays the substituted constructors made (by id, each entry gone with its array; NumPy's arrays are unhashable).
_FRESH = {}


def _is_fresh(array):
    found = _FRESH.get(id(array))
    return found is not None and found() is array


def fresh(make):
    """``make`` (``gradcli.numpy.zeros`` ...), each array it returns noted as one a function may write into."""

    def made(*args, **kwargs):
        return owned(make(*args, **kwargs))

    made.__name__, made.__qualname__, made.__doc__ = make.__name__, make.__qualname__, make.__doc__
    made.__wrapped__ = make
    return made


def owned(out, source=None):
    """``out``, noted as an array a function may write into if it is a new NumPy array (not ``source`` itself, as
    ``x.astype(x.dtype, copy=False)`` is)."""
    # an exact run's np.array is a view of a subclass (`numpy_module._ExactOperand`), still the function's own
    if isinstance(out, np.ndarray) and out is not source:
        key = id(out)
        _FRESH[key] = weakref.ref(out, lambda _, key=key: _FRESH.pop(key, None))
    return out


def helpers():
    """The names a rewritten module calls, for its globals (`numpy_parts`', `numpy_methods`', `numpy_reads`' and
    `numpy_errors`' too)."""
    return {DOT: dot_method, SET_ITEM: set_item, SET_ITEM_IN: set_item_in, IN_PLACE: in_place, BINARY: binary, WRITE: write, PUT_ALONG_AXIS: put_along_axis,
            PUT_ALONG_AXIS_INTO: put_along_axis_into, FILL_DIAGONAL: fill_diagonal, OWNED: owned, PART: part, UFUNC_AT: ufunc_at,
            UFUNC_OUT: ufunc_out, UFUNC_METHOD_OUT: ufunc_method_out, TYPE: numpys_type, **READS}


def _traced(value):
    return isinstance(value, Box) or (isinstance(value, np.ndarray) and value.dtype == object)


_SEEN_ELSEWHERE = (
    "a value gradcli is differentiating is written into an array other names may see (one the function did not "
    "make itself with np.zeros, np.empty, np.ones, np.full, np.copy or np.array, or one bound to two names, as "
    "view = out), which gradcli cannot follow: build a new array instead (np.where(mask, value, y), y = y + value, "
    "np.stack or np.concatenate for pieces)"
)


def _writable(target, refusal="assignment destination is read-only"):
    """Refuse a write of a traced value into an array the function did not make (its caller's, a module's), and any
    write into a read-only view of windows, with NumPy's own error."""
    if is_window_view(target):
        raise ValueError(refusal)
    if isinstance(target, np.ndarray) and target.dtype != object and not _is_fresh(target):
        raise TracedValueError(_SEEN_ELSEWHERE)


def write(target, index, value):
    """``target[index] = value`` where the name cannot be rebound (aliased, a module's, an attribute): NumPy's write,
    refused with what to write instead where the value is traced."""
    if _traced(value) and not (isinstance(target, np.ndarray) and target.dtype == object):
        raise TracedValueError(_SEEN_ELSEWHERE)
    target[index] = value


def set_item(target, index, value):
    """``target[index] = value``: in place where neither is traced, else the updated array as a new one."""
    if not (_traced(target) or _traced(value)):
        target[index] = value
        return target
    _writable(target)
    return _placed(target, index, value)


def set_item_in(target, outer, index, value):
    """``target[o1]...[ok][index] = value`` (``m[i][j] = v``; ``outer`` the indices ``(o1, ..., ok)``): NumPy's write in
    place where neither is traced; else, where each outer index is basic (its ``[o]`` a view of ``target``), ``target``
    updated at the entries the last view's ``[index]`` sees, as a new array; past a fancy one (a copy, which NumPy
    writes into and drops), ``target`` as it was."""
    if not (_traced(target) or _traced(value)):
        view = target
        for part in outer:
            view = view[_as_indices(part)]
        view[_as_indices(index)] = value
        return target
    shape = np.shape(raw(target))
    positions = np.arange(int(np.prod(shape))).reshape(shape)  # each entry's flat position, indexed as NumPy would
    view = positions
    for part in outer:
        view = view[_as_indices(part)]
        if not (isinstance(view, np.ndarray) and np.shares_memory(view, positions)):
            return target
    _writable(target)
    return _placed(target, np.unravel_index(view[_as_indices(index)], shape), value)


def _placed(target, index, value):
    """``target`` with ``value`` at ``index``, as a new array (``target`` itself untouched)."""
    index = _as_indices(index)
    shape = np.shape(raw(target))
    chosen = np.zeros(shape, dtype=bool)
    chosen[index] = True
    if np.count_nonzero(chosen) != np.size(np.empty(shape)[index]):
        raise TracedValueError("an item assignment writes one entry twice (a repeated index), which gradcli cannot follow")
    piece = gnp.broadcast_to(value, np.shape(np.empty(shape)[index]))
    placed = untake(piece, index, shape, np.result_type(_dtype_of(raw(target)), _dtype_of(raw(piece))))
    return gnp.where(chosen, placed, target)


def put_along_axis(target, indices, values, axis):
    """The statement ``np.put_along_axis(target, indices, values, axis)``: NumPy's write in place where neither is
    traced, else the updated array as a new one (a write at the fancy index `take_along_axis` reads)."""
    if not (_traced(target) or _traced(values)):
        np.put_along_axis(target, indices, values, axis)
        return target
    _writable(target)
    return _put(target, indices, values, axis)


def put_along_axis_into(target, index, indices, values, axis):
    """The statement ``np.put_along_axis(target[index], indices, values, axis)``: NumPy's write in place where neither
    is traced; else, for a basic index (whose ``target[index]`` is a view), ``target`` updated where the view sees it,
    as a new array; for a fancy one (a copy, which NumPy writes into and drops), ``target`` as it was."""
    index = _as_indices(index)
    if not (_traced(target) or _traced(values)):
        np.put_along_axis(target[index], indices, values, axis)
        return target
    if not all(part is None or part is Ellipsis or isinstance(part, (slice, int, np.integer))
               for part in (index if isinstance(index, tuple) else (index,))):
        return target
    _writable(target)
    return _placed(target, index, _put(target[index], indices, values, axis))


def fill_diagonal(target, value, wrap=False):
    """The statement ``np.fill_diagonal(target, value, wrap)``: NumPy's write in place where neither is traced, else
    the updated array as a new one, the entries NumPy would write given ``value``'s entries in turn (repeated, as
    NumPy repeats them)."""
    if not (_traced(target) or _traced(value)):
        np.fill_diagonal(target, value, wrap)
        return target
    _writable(target)
    diagonal = np.zeros(np.shape(raw(target)), dtype=bool)
    np.fill_diagonal(diagonal, True, wrap)  # NumPy's own choice of entries, for any shape and wrap
    index = np.nonzero(diagonal)
    if np.ndim(raw(value)) > 0:
        entries = gnp.ravel(value)
        value = entries[np.arange(index[0].size) % np.size(raw(entries))]
    return _placed(target, index, value)


def ufunc_at(ufunc, target, indices, *values):
    """The statement ``ufunc.at(target, indices, values)`` (``np.add.at``; ``np.negative.at(target, indices)`` of a
    unary ufunc has no values): NumPy's write in place where neither is traced, else the updated array as a new one
    (`ops_ufunc.applied_at`)."""
    gradclis = hasattr(ufunc, "reduceat") and (bool(values) or getattr(ufunc, "unary_ufunc", False))
    if not (_traced(target) or any(_traced(v) for v in values)) or not gradclis:
        ufunc.at(target, indices, *values)
        return target
    _writable(target)
    return applied_at(ufunc, target, indices, *values)


def ufunc_out(fun, kept, *args, **kwargs):
    """A ufunc's call with ``out=`` (``np.log(x, out=y, where=x > 0)``): ``(its value, the array then in out)``.

    Where nothing is traced it is NumPy's own call, ``out`` filled in place. Where
    something is, the array NumPy would leave in ``out`` is made as a new one:
    the op on the entries ``where`` picks alone (a masked entry never reaches
    the op, so log's slope 1/x at 0 never meets a zero cotangent), ``out``'s
    own entries elsewhere. ``kept``: whether the function reads that array
    wherever it reads ``out`` (the rewrite binds it to the local name given as
    ``out``, or ``out`` is an array no name holds, ``np.zeros_like(x)``); a
    name it cannot rebind (the call inside a larger expression) would keep
    numbers the function no longer sees, and is refused. A callee that is not
    gradcli's op of a NumPy ufunc is called as written, ``out`` left to it.
    """
    name = getattr(fun, "__name__", None)
    if not (_is_ufunc(name) and getattr(gnp, name, None) is fun):
        # the name given as out (by keyword or after the ufunc's inputs, `_ufunc_out`) keeps its array
        inputs = getattr(np, name).nin if _is_ufunc(name) else -1
        return fun(*args, **kwargs), _array_in(args[inputs] if len(args) == inputs + 1 else kwargs.get("out"))
    args, out, where, kwargs = _out_and_where(getattr(np, name).nin, args, kwargs)
    target = _array_in(out)
    if not (any(_traced(a) for a in args) or _traced(target)):
        return (done := getattr(np, name)(*args, out=out, where=where, **kwargs)), done
    if target is None:
        raise TracedValueError(f"np.{name}(..., where=...) without out= leaves the other entries unset: give out= "
                               "(out=np.zeros_like(x)) or use np.where")
    if not kept:
        raise TracedValueError(
            f"np.{name}(..., out=...) inside a larger expression writes into an array the function may read again, "
            f"which gradcli cannot follow: make the call its own statement (np.{name}(x, out=y, where=...)) or an "
            f"assignment's value (z = np.{name}(x, out=y, where=...))"
        )
    _writable(target)
    mask = _as_index(where)
    shape = np.broadcast_shapes(np.shape(raw(target)), np.shape(mask), *(np.shape(raw(a)) for a in args))
    if mask is True or (isinstance(mask, np.ndarray) and mask.all()):
        made = gnp.broadcast_to(fun(*args, **kwargs), shape)
        return made, made
    mask = np.broadcast_to(mask, shape)
    computed = fun(*(gnp.broadcast_to(a, shape)[mask] for a in args), **kwargs)
    made = _placed(gnp.broadcast_to(target, shape), mask, computed)
    return made, made


def ufunc_method_out(ufunc, method, kept, *args, **kwargs):
    """A ufunc method's call with ``out=`` (``np.add.reduce(x, out=s)``, ``np.multiply.outer(a, b, out=o)``):
    ``(its value, the array then in out)``, as `ufunc_out` makes them for a ufunc's call: NumPy's own method, ``out``
    filled in place, where nothing is traced; else gradcli's method of the same meaning (`ops_ufunc`), its value
    broadcast to ``out``'s shape as the new array NumPy would leave there, where the rewrite rebinds ``out``'s name
    (``kept``). A ufunc that is not gradcli's op of NumPy's is called as written."""
    name = getattr(ufunc, "__name__", None)
    position = _METHOD_OUT[method]
    if position is not None and len(args) > position:
        if len(args) > position + 1 or "out" in kwargs:
            raise TypeError(f"{method}() was given out both positionally and as a keyword, or too many arguments")
        args, kwargs = args[:position], {**kwargs, "out": args[position]}
    if not (_is_ufunc(name) and getattr(gnp, name, None) is ufunc):
        return getattr(ufunc, method)(*args, **kwargs), _array_in(kwargs.get("out"))
    out = kwargs.pop("out", None)
    target = _array_in(out)
    if not (any(_traced(a) for a in (*args, *kwargs.values())) or _traced(target)):
        done = getattr(getattr(np, name), method)(*args, out=out, **kwargs)
        return done, done
    if not kept:
        raise TracedValueError(
            f"np.{name}.{method}(..., out=...) inside a larger expression writes into an array the function may read "
            f"again, which gradcli cannot follow: make the call its own statement (np.{name}.{method}(x, out=y)) or "
            f"an assignment's value (z = np.{name}.{method}(x, out=y))"
        )
    _writable(target)
    made = gnp.broadcast_to(getattr(ufunc, method)(*args, **kwargs), np.shape(raw(target)))
    return made, made


def _out_and_where(inputs, args, kwargs):
    """``(the inputs, out, where, the other keywords)`` of a ufunc's call of ``inputs`` inputs, ``out`` given as a
    keyword or as the argument after the inputs (``np.log(x, y)``)."""
    kwargs = dict(kwargs)
    out, where = kwargs.pop("out", None), kwargs.pop("where", True)
    if len(args) > inputs:
        if len(args) > inputs + 1 or out is not None:
            raise TypeError(f"a ufunc of {inputs} input(s) and one output was given {len(args)} positional "
                            "arguments, or out both positionally and as a keyword")
        args, out = args[:inputs], args[inputs]
    return args, out, where, kwargs


def _is_ufunc(name):
    """Whether ``name`` is one of NumPy's ufuncs of one output (``divide``, ``log``, ``maximum``)."""
    # NumPy's own names, not its module's __getattr__, which warns on ``np.str`` and the other removed aliases
    ufunc = vars(np).get(name) if isinstance(name, str) else None
    return isinstance(ufunc, np.ufunc) and ufunc.nout == 1


def _put(target, indices, values, axis):
    if axis is None:
        raise TracedValueError("np.put_along_axis with axis=None on a value gradcli differentiates: give the axis")
    return _placed(target, along_axis_index(np.shape(raw(target)), indices, axis), values)


def _as_indices(index):
    return tuple(map(_as_index, index)) if isinstance(index, tuple) else _as_index(index)


def _as_index(index):
    """An index as NumPy takes it: a traced mask's values, and a mask of decisions (``y < 0`` on exact numbers) as bools."""
    index = raw(index)
    if isinstance(index, np.ndarray) and index.dtype == object:
        return index.astype(bool)
    return index


def _dtype_of(value):
    return value.dtype if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value).dtype


def in_place(target, value, symbol):
    """``target op= value`` on a name: NumPy's in-place operation where neither is traced, else ``target op value``."""
    if not (_traced(target) or _traced(value)):
        return _IN_PLACE[symbol](target, value)
    _writable(target, "output array is read-only")
    return _BINARY[symbol](target, value)


def binary(target, index, value, symbol):
    """``target[index] op value``: an item's new value in ``target[index] op= value``."""
    return _BINARY[symbol](target[_as_indices(index)], value)


def rewritten(tree):
    """``tree`` (a module's AST) with the writes into arrays of names local to each function as calls of `helpers`."""
    return ast.fix_missing_locations(_Rewrite().visit(tree))


class _Rewrite(ast.NodeTransformer):
    """The rewrite of `rewritten`: per function, only names it binds and never aliases."""

    def __init__(self):
        self.names = []  # per enclosing function: the names a write may rebind

    def visit_FunctionDef(self, node):
        self.names.append(_writable_names(node))
        self.generic_visit(node)
        self.names.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        return node

    def visit_ClassDef(self, node):
        self.names.append(set())
        self.generic_visit(node)
        self.names.pop()
        return node

    def _local(self, target):
        return bool(self.names) and isinstance(target, ast.Name) and target.id in self.names[-1]

    def visit_Call(self, node):
        """``x.copy()`` and ``x.astype(...)`` inside a function: the new array noted as the function's own (`owned`);
        ``np.log(x, out=y)``, a ufunc's call with ``out=``, `ufunc_out`'s value."""
        self.generic_visit(node)
        method = node.func
        into = self._ufunc_out(node)
        if into is not None:  # a name given as out is rebound only by a statement's rewrite (`_rebinding`)
            return ast.copy_location(_subscript(self._ufunc_out_call(node, _out_name(into) is None), 0), node)
        if not (self.names and isinstance(method, ast.Attribute) and method.attr in _COPYING_METHODS):
            return node
        source = method.value if isinstance(method.value, ast.Name) else ast.Constant(None)
        return ast.copy_location(_call(OWNED, node, source), node)

    def _ufunc_out(self, node):
        """The ``out=`` expression of ``np.<ufunc>(..., out=...)`` or ``np.<ufunc>.<method>(..., out=...)`` (in a
        function or at module level, where NumPy's own call fills ``out``), a constant None for a ufunc's call given
        ``where=`` alone (`ufunc_out` says what it lacks), None for any other call."""
        if not isinstance(node, ast.Call):
            return None
        method = node.func
        if _ufunc_method(method) is not None:
            if any(k.arg is None for k in node.keywords) or any(isinstance(a, ast.Starred) for a in node.args):
                return None
            position = _METHOD_OUT[method.attr]
            if position is not None and len(node.args) == position + 1:
                return node.args[position]
            return next((k.value for k in node.keywords if k.arg == "out"), None)
        if isinstance(method, ast.Attribute) and isinstance(method.value, ast.Name):
            name = method.attr
        elif isinstance(method, ast.Name):  # from numpy import log (a function of the user's so named: called as written)
            name = method.id
        else:
            return None
        if not _is_ufunc(name) or any(k.arg is None for k in node.keywords) or any(
                isinstance(a, ast.Starred) for a in node.args):
            return None
        inputs = getattr(np, name).nin
        if len(node.args) == inputs + 1:  # np.log(x, y): out given positionally
            return node.args[inputs]
        where_alone = ast.Constant(None) if any(k.arg == "where" for k in node.keywords) else None
        return next((k.value for k in node.keywords if k.arg == "out"), where_alone)

    def _ufunc_out_call(self, node, kept):
        """``ufunc_out(np.<ufunc>, kept, *args, **keywords)`` for the call ``node``, or ``ufunc_method_out(np.<ufunc>,
        method, kept, ...)`` for a method's."""
        if _ufunc_method(node.func) is not None:
            return ast.Call(ast.Name(UFUNC_METHOD_OUT, ast.Load()),
                            [node.func.value, ast.Constant(node.func.attr), ast.Constant(kept)] + list(node.args),
                            list(node.keywords))
        return ast.Call(ast.Name(UFUNC_OUT, ast.Load()), [node.func, ast.Constant(kept)] + list(node.args),
                        list(node.keywords))

    def _rebinding(self, call, node, targets=()):
        """``call`` (a ufunc's with ``out=`` a local name) as a statement: the name bound to the array then in
        ``out``, ``targets`` (an assignment's) to the call's value."""
        into = _out_name(self._ufunc_out(call))
        if not (into is not None and self._local(into)):
            return None
        self.generic_visit(call)  # its arguments' own writes and calls, the call itself rewritten here
        made = self._ufunc_out_call(call, True)
        stored = ast.Tuple([*(targets or [ast.Name("_", ast.Store())]), ast.Name(into.id, ast.Store())], ast.Store())
        return ast.copy_location(ast.Assign([stored], made), node)

    def visit_Assign(self, node):
        if len(node.targets) == 1 and not isinstance(node.targets[0], ast.Subscript):
            rebinding = self._rebinding(node.value, node, [node.targets[0]])
            if rebinding is not None:
                return rebinding
        self.generic_visit(node)
        if len(node.targets) != 1:
            return node
        target = node.targets[0]
        if not isinstance(target, ast.Subscript) or not self.names:
            return node
        root, outer, last = _chain(target)
        if outer and self._local(root):  # m[i][j] = v: written into m where m[i] is a view of it
            call = _call(SET_ITEM_IN, ast.Name(root.id, ast.Load()), _outer_indices(outer), _as_value(last), node.value)
            return ast.copy_location(ast.Assign([ast.Name(root.id, ast.Store())], call), node)
        if not self._local(target.value):
            call = _call(WRITE, target.value, _as_value(target.slice), node.value)
            return ast.copy_location(ast.Expr(call), node)
        name = target.value.id
        call = _call(SET_ITEM, ast.Name(name, ast.Load()), _as_value(target.slice), node.value)
        return ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], call), node)

    def visit_Expr(self, node):
        """``np.put_along_axis(out, ...)`` (or ``(out[index], ...)``, a view of it) or ``np.add.at(out, ...)`` as a
        statement on a local name: ``out`` bound to the array it makes; so is ``np.log(x, out=out, where=...)``."""
        rebinding = self._rebinding(node.value, node)
        if rebinding is not None:
            return rebinding
        self.generic_visit(node)
        call = node.value
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "at"
                and len(call.args) in (2, 3) and not call.keywords and self._local(call.args[0])):
            # ufunc.at(out, indices, values), or a unary ufunc's ufunc.at(out, indices): out bound to the array it makes
            rewritten = ast.Call(ast.Name(UFUNC_AT, ast.Load()), [call.func.value] + list(call.args), [])
            return ast.copy_location(ast.Assign([ast.Name(call.args[0].id, ast.Store())], rewritten), node)
        if (isinstance(call, ast.Call) and _called(call) == "fill_diagonal" and call.args and self._local(call.args[0])
                and len(call.args) + len(call.keywords) in (2, 3) and all(k.arg in ("val", "wrap") for k in call.keywords)):
            rewritten = ast.Call(ast.Name(FILL_DIAGONAL, ast.Load()), list(call.args),
                                 [ast.keyword("value" if k.arg == "val" else k.arg, k.value) for k in call.keywords])
            return ast.copy_location(ast.Assign([ast.Name(call.args[0].id, ast.Store())], rewritten), node)
        if not (isinstance(call, ast.Call) and len(call.args) + len(call.keywords) == 4 and call.args):
            return node
        named = _called(call)
        into = call.args[0]
        view = isinstance(into, ast.Subscript) and self._local(into.value) and not _calls_in(into.slice)
        if named != "put_along_axis" or not (self._local(into) or view) or any(k.arg is None for k in call.keywords):
            return node
        positions = {"indices": 1, "values": 2, "axis": 3}
        if any(positions.get(k.arg, 0) < len(call.args) for k in call.keywords):
            return node  # a keyword NumPy's does not take, or one given twice: NumPy's own call says what is wrong
        name = into.value.id if view else into.id
        helper, first = (PUT_ALONG_AXIS_INTO, [ast.Name(name, ast.Load()), _as_value(into.slice)]) if view else (PUT_ALONG_AXIS, [into])
        rewritten = ast.Call(ast.Name(helper, ast.Load()), first + list(call.args[1:]), list(call.keywords))
        return ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], rewritten), node)

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        symbol = _OPERATORS.get(type(node.op))
        target = node.target
        if symbol is None:
            return node
        if self._local(target):
            call = _call(IN_PLACE, ast.Name(target.id, ast.Load()), node.value, ast.Constant(symbol))
            return ast.copy_location(ast.Assign([ast.Name(target.id, ast.Store())], call), node)
        if isinstance(target, ast.Subscript) and self._local(target.value) and not _calls_in(target.slice):
            name = target.value.id
            value = _call(BINARY, ast.Name(name, ast.Load()), _as_value(target.slice), node.value, ast.Constant(symbol))
            call = _call(SET_ITEM, ast.Name(name, ast.Load()), _as_value(target.slice), value)
            return ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], call), node)
        if isinstance(target, ast.Subscript):
            root, outer, last = _chain(target)
            if outer and self._local(root) and not any(_calls_in(part) for part in [*outer, last]):
                read = copy.deepcopy(target.value)  # m[i] of m[i][j] += v, read again for the item's new value
                value = _call(BINARY, read, _as_value(last), node.value, ast.Constant(symbol))
                call = _call(SET_ITEM_IN, ast.Name(root.id, ast.Load()), _outer_indices(outer), _as_value(last), value)
                return ast.copy_location(ast.Assign([ast.Name(root.id, ast.Store())], call), node)
        return node


def _chain(target):
    """``(m, [i1, ..., ik], j)`` of a chained subscript ``m[i1]...[ik][j]`` (the list empty for ``m[j]``)."""
    indices = []
    while isinstance(target, ast.Subscript):
        indices.append(target.slice)
        target = target.value
    indices.reverse()
    return target, indices[:-1], indices[-1]


def _outer_indices(outer):
    """The outer indices of a chained subscript as one tuple of the values they are."""
    return ast.Tuple([_as_value(part) for part in outer], ast.Load())


def _array_in(out):
    """The array an ``out`` argument names: ``out`` itself, or the one array of NumPy's tuple form ``(y,)``."""
    return out[0] if isinstance(out, tuple) and len(out) == 1 else out


def _out_name(into):
    """The name an ``out=`` expression writes into: ``y`` in ``out=y`` and in NumPy's tuple form ``out=(y,)``; None
    for an expression that names no array (``np.zeros_like(x)``)."""
    if isinstance(into, ast.Tuple) and len(into.elts) == 1:
        into = into.elts[0]
    return into if isinstance(into, ast.Name) else None


def _ufunc_method(func):
    """The ufunc's name of ``np.<ufunc>.<method>`` (or ``<ufunc>.<method>``, ``from numpy import add``) for one of
    the methods taking ``out=`` (`_METHOD_OUT`), else None."""
    if not (isinstance(func, ast.Attribute) and func.attr in _METHOD_OUT):
        return None
    owner = func.value
    name = owner.attr if isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) else getattr(owner, "id", None)
    return name if _is_ufunc(name) and getattr(np, name).nin == 2 else None


def _called(call):
    """The name a call's function is spelled with: ``put_along_axis`` of ``np.put_along_axis(...)`` and of
    ``put_along_axis(...)``."""
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", None)


def _call(name, *args):
    return ast.Call(ast.Name(name, ast.Load()), list(args), [])


def _subscript(value, index):
    return ast.Subscript(value, ast.Constant(index), ast.Load())


def _calls_in(node):
    """Whether an index calls anything (it is read twice by ``a[i] op= v``'s rewrite: no call may run twice)."""
    return any(isinstance(n, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)) for n in ast.walk(node))


def _as_value(index):
    """An index written in brackets as the value it is (``1:3`` is ``slice(1, 3, None)``)."""
    if isinstance(index, ast.Slice):
        parts = [part if part is not None else ast.Constant(None) for part in (index.lower, index.upper, index.step)]
        return _call("slice", *parts)
    if isinstance(index, ast.Tuple):
        return ast.Tuple([_as_value(element) for element in index.elts], ast.Load())
    return index


def _writable_names(function):
    """The names a write in ``function`` may rebind: its parameters and the names it assigns, less any name it
    aliases (``b = out`` or ``out = b``), declares global or nonlocal, or binds in a nested function."""
    arguments = function.args
    bound = {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
    aliased, declared = set(), set()
    for node in _own_nodes(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            bound.update(names)
            if isinstance(node.value, ast.Name):
                aliased.update(names + [node.value.id])
            for target in targets:  # s, c = np.zeros(n), np.zeros(n): each name bound to its own value
                if isinstance(target, (ast.Tuple, ast.List)):
                    bound.update(_unpacked(target, node.value, aliased))
        elif isinstance(node, (ast.For, ast.With, ast.comprehension)):
            for target in ast.walk(node.target if not isinstance(node, ast.With) else node):
                if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store):
                    bound.add(target.id)
    return bound - aliased - declared


def _unpacked(target, value, aliased):
    """The names a tuple target ``a, (b, c) = ...`` binds; each one bound to a name (``a, b = b, a``), or to a part
    of a value that is not written out item by item (``a, b = pair``: arrays someone else may hold), added to
    ``aliased`` with the names it is bound to."""
    names = []
    items = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) else None
    for k, part in enumerate(target.elts):
        given = items[k] if items is not None else None
        if isinstance(part, (ast.Tuple, ast.List)):
            names.extend(_unpacked(part, given if given is not None else value, aliased))
            continue
        if isinstance(part, ast.Starred):
            part = part.value
        if not isinstance(part, ast.Name):
            continue
        names.append(part.id)
        if given is None or isinstance(given, ast.Name):
            aliased.add(part.id)
            if isinstance(given, ast.Name):
                aliased.add(given.id)
    return names


def _own_nodes(function):
    """The nodes of ``function``'s body, those of functions and classes nested in it left out."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)
