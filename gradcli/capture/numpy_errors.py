"""The types of the user's values as plain NumPy code sees them while gradcli runs it: the messages of the errors it
raises spoken of the user's own values, and its ``isinstance`` tests answered for them.

gradcli runs a plain NumPy function on its own values: a traced value of the core (a `Box`), an exact run's numbers
in a box, a module's constant array viewed for an exact run. Python's messages name a value by its class, so the
user's own mistake would read ``'VJPNode' object has no attribute 'foo'``, ``unsupported operand type(s) for <<:
'VJPNode' and 'int'`` or ``got <class 'gradcli.autodiff.core.VJPNode'>``, where the program NumPy runs holds an
array or a number. `spoken_of_users_values` re-spells each such class name in the error's message as NumPy's type of
the value it stands for (``'numpy.ndarray'``, ``'numpy.float32'``), and a value's ``repr`` (``Traced(array([1.5]))``)
as NumPy's value writes itself, the error's type and traceback as they were. An attribute the program's value has
and gradcli's lacks (``float(s).hex()`` of a number gradcli follows) is said to be gradcli's limit, not the user's. The code's
``isinstance(x, np.ndarray)``, ``isinstance(v, (float, np.floating))``, ``isinstance(x, numbers.Real)`` answer as on
the value NumPy's program holds (`numpys_isinstance`, the ``isinstance`` of a substituted module's builtins), as do
``type(x)`` and ``x.__class__`` (`numpys_type`, each such call or read in a function rewritten as it loads), so
validation passes and a branch on a type is the one NumPy's run takes, in every run of the function (a number an
exact run reads out by ``float()`` answering as Python's float, `numpy_reads.read_out_as_float`).
"""

from __future__ import annotations

import ast
import functools
import linecache
import re

import numpy as np

from .. import numpy as gnp
from ..autodiff.boxes import noting_dtype_reads
from ..autodiff.tracer import is_mp_value
from ..autodiff.values import Box, raw, shape_of
from ..folders import outside_python_and_gradcli
from .lines import innermost_users
from .numpy_parts import InFunctions
from .numpy_reads import binds, read_out_as_float


def spoken_of_users_values(function):
    """``function`` (a plain NumPy function on gradcli's core) whose errors name gradcli's values by NumPy's types."""

    @functools.wraps(function)
    def run(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except Exception as error:
            respelled(error)
            raise

    return run


def respelled(error):
    """Re-spell, in place, each class name of gradcli's own values in ``error``'s message (its string arguments) as
    NumPy's type of the values of that class the user's code held where it raised."""
    own = _own_classes()
    if not any(isinstance(arg, str) and name in arg for arg in error.args for name in [*own, _TRACED]):
        return
    held = _held_values(error)
    names = {}
    for cls in {type(value) for value in held if own.get(type(value).__name__) is type(value)}:
        names.setdefault(cls.__name__, set()).update(type_name(numpy_type(v)) for v in held if type(v) is cls)
    if not names:
        return
    error.args = tuple(_untraced(_spoken(arg, names, own)) if isinstance(arg, str) else arg for arg in error.args)
    if held and isinstance(error, AttributeError) and hasattr(numpy_type(held[0]), error.name or ""):
        # the program's value has it: gradcli's limit, not the user's mistake, said as such
        error.args = (f"gradcli does not follow the attribute '{error.name}' of a {type_name(numpy_type(held[0]))} it "
                      "is differentiating (the program's value has it): compute it with np's functions instead",)


def numpy_type(value):
    """The type of the value gradcli's ``value`` stands for in the user's program: ``numpy.ndarray`` for an array,
    ``numpy.float32`` for a number of that dtype (an exact run's number: of the dtype the run is checked in), Python's
    ``float`` for a number read out as one."""
    if read_out_as_float(value):
        return float
    number = raw(value)
    if isinstance(number, np.ndarray) and (number.dtype != object or shape_of(number)):
        return np.ndarray
    if isinstance(number, (np.generic, bool, int, float, complex)):
        return type(number)
    try:
        dtype = np.dtype(getattr(value, "dtype", None) or np.float64)
    except TypeError:
        dtype = np.dtype(np.float64)
    return (dtype if dtype != object else np.dtype(np.float64)).type


def numpys_isinstance(value, kinds):
    """Python's ``isinstance`` for plain NumPy code on gradcli's core: of a value gradcli differentiates, the answer
    for the value it stands for in NumPy's program (`numpy_type`), an exact run's numbers answering as that of the
    dtype under check; of anything else, Python's own answer."""
    if not (isinstance(value, Box) or is_mp_value(value)):
        return isinstance(value, kinds)
    with noting_dtype_reads():  # asked quietly: only an answer the dtype decides is the program's read of it (below)
        kind = numpy_type(value)
    try:
        answer = issubclass(kind, kinds)
    except TypeError:  # ``kinds`` no type: Python's refusal, in isinstance's words
        return isinstance(value, kinds)
    if issubclass(kind, np.inexact):
        widest = np.complex128 if issubclass(kind, np.complexfloating) else np.float64
        if answer != issubclass(widest, kinds):  # isinstance(x, float): True of float64, False of float32
            getattr(value, "dtype", None)  # noted: the differences step this program, not float64's
    return answer


def numpys_type(value, attribute=False):
    """``type(value)`` (``value.__class__`` where ``attribute``) for plain NumPy code on gradcli's core: of a value
    gradcli differentiates, the type of the value it stands for in NumPy's program (`numpy_type`), so ``type(x) is
    np.ndarray`` takes the branch NumPy's run takes; of anything else, Python's own answer."""
    if not (isinstance(value, Box) or is_mp_value(value)):
        kind = value.__class__ if attribute else type(value)
    else:
        with noting_dtype_reads():  # asked quietly: only a NumPy scalar's type is the dtype's (below)
            kind = numpy_type(value)
        if issubclass(kind, np.inexact):
            getattr(value, "dtype", None)  # noted: numpy.float32 or numpy.float64 is the program's read of its dtype
    return _SUBSTITUTED_TYPES.get(kind, kind)


# NumPy's float types as the substituted module's ``np`` spells them (gradcli.numpy's, which cast a traced value), so
# that ``type(x) is np.float64`` holds where NumPy's run holds a float64.
_SUBSTITUTED_TYPES = {kind.numpy_type: kind for kind in (gnp.float16, gnp.float32, gnp.float64)}


TYPE = "__gradcli_type__"


def types_rewritten(tree, bound=()):
    """``tree`` (a module's AST) with each one-argument ``type(x)`` call and each ``x.__class__`` read inside a function
    as a call of `numpys_type` (by the name `TYPE`); ``type`` left as it is where the module binds the name itself
    (``bound``: the names its globals bind)."""
    own = "type" in bound or binds(tree, "type")
    return ast.fix_missing_locations(_TypesRewrite(own).visit(tree))


class _TypesRewrite(InFunctions):
    def __init__(self, own):
        super().__init__()
        self.own = own  # whether the module binds ``type`` itself

    def visit_Call(self, node):
        self.generic_visit(node)
        function = node.func
        if (not self.depth or self.own or node.keywords or len(node.args) != 1 or isinstance(node.args[0], ast.Starred)
                or not (isinstance(function, ast.Name) and function.id == "type")):
            return node
        return ast.copy_location(ast.Call(ast.Name(TYPE, ast.Load()), node.args, []), node)

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if not (self.depth and node.attr == "__class__" and isinstance(node.ctx, ast.Load)):
            return node
        call = ast.Call(ast.Name(TYPE, ast.Load()), [node.value, ast.Constant(True)], [])
        return ast.copy_location(call, node)


def type_name(cls):
    """A type's name as Python's messages write it: ``numpy.ndarray``, ``numpy.float32``, ``float``."""
    return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"


def _own_classes():
    """``{name: class}`` of gradcli's classes whose instances user code holds in NumPy's place: the core's boxes and
    gradcli's views of NumPy's arrays."""
    found, stack = {}, [Box, np.ndarray]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            stack.append(sub)
            if sub.__module__.startswith("gradcli."):
                found[sub.__name__] = sub
    return found


def _held_values(error):
    """The values the user's code held where ``error`` was raised: an AttributeError's object, and the locals of the
    innermost frame of the user's code (those its raising line names, where it names any)."""
    if isinstance(error, AttributeError) and getattr(error, "obj", None) is not None:
        return [error.obj]  # the one object the message names
    held = []
    found = innermost_users(error.__traceback__, outside_python_and_gradcli)
    if found is None:
        return held
    frame, line = found
    values = {name: value for name, value in frame.f_locals.items() if isinstance(value, (Box, np.ndarray))}
    written = set(re.findall(r"[A-Za-z_]\w*", linecache.getline(frame.f_code.co_filename, line)))
    named = [value for name, value in values.items() if name in written]
    return held + (named or list(values.values()))


def _spoken(text, names, own):
    """``text`` with each spelling of a class name of ``names`` as NumPy's type names of the values it stands for:
    Python's quoted ``'VJPNode'``, ``<class 'gradcli.autodiff.core.VJPNode'>``, the dotted name and its module, and the bare
    ``type(x).__name__`` where the name is no English word (``VJPNode``, ``StepAnswer``; not ``Held``)."""
    for name, types in names.items():
        numpy_names = sorted(types)
        full = f"{own[name].__module__}.{name}"
        text = text.replace(f"<class '{full}'>", " or ".join(f"<class '{n}'>" for n in numpy_names))
        text = text.replace(f"'{name}'", " or ".join(f"'{n}'" for n in numpy_names))
        text = text.replace(full, " or ".join(numpy_names))
        text = text.replace(own[name].__module__, "numpy")  # ``type(x).__module__``: NumPy's types are numpy's
        if _COINED.fullmatch(name):
            bare = " or ".join(n.rpartition(".")[2] for n in numpy_names)
            text = re.sub(rf"(?<![\w.]){re.escape(name)}(?!\w)", bare, text)
    return text


_TRACED = "Traced("  # how a box writes itself (``repr``) around the value's own repr


def _untraced(text):
    """``text`` with each box's ``Traced(array([1.5, 2.5]))`` as the value's own ``array([1.5, 2.5])``, as NumPy's
    value writes itself."""
    start = text.find(_TRACED)
    while start >= 0:
        depth, end = 1, start + len(_TRACED)
        while end < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        if depth:
            return text  # cut short: not a box's whole repr
        text = text[:start] + text[start + len(_TRACED):end - 1] + text[end:]
        start = text.find(_TRACED, start)
    return text


# A class name no sentence spells by chance: two capitals in a run or apart (VJPNode, StepAnswer), or a leading _.
_COINED = re.compile(r"_\w+|[A-Z]\w*[A-Z]\w*")
