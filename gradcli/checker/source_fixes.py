"""Fixes for Python functions: the formula catalogue applied to the function's own source.

An expression on a finding's line is read as a formula: calls of
``gradcli.numpy`` through the module's own alias (``np.log``, ``gnp.exp``)
become formula calls, numbers and ``+ - * / **`` stay, and every other part
(names, subscripts, other calls) becomes a placeholder variable, whose
arguments are read the same way in turn. The formula catalogue of `fixes`
rewrites it; the rewritten formula becomes Python again, with the same alias
and each placeholder's own source text, and replaces only the matched
expression in the user's file text. The whole module is compiled in memory
and loaded under a fresh name (no file is written, nothing is imported in its
place), and its function is re-checked with the same options at the same
points and dtypes, and judged as formula fixes are. An offered fix carries a
unified diff of the user's lines. Formula text never comes this way: what is
compiled is the user's own file, which gradcli already imported.
"""

from __future__ import annotations

import ast
import copy
import difflib
import functools
import importlib
import importlib.util
import inspect
import linecache
import os
import re
import sys
import tokenize

from .. import numpy as gnp
from ..capture import imported_names
from ..capture.numpy_module import fresh_module_name, running_as_module
from ..errors import InputError
from ..expr.functions import lookup
from ..expr.ir import Binary, Call, Compare, Const, Num, Unary, Var
from ..expr.operators import BINARY, COMPARISONS
from ..expr.parse import parse
from .array_fixes import array_rewrites
from .fixes import (
    catalogue_matches,
    declined_rewrites,
    judged_rewrites,
    outermost,
    rejection_notes,
    union_description,
    union_name,
    verdict_parts,
)

_PLACEHOLDER = "_gradcli_{}"
_CONSTANTS = ("e", "pi")  # the namespace's constants the formula knows by name (np.e, jnp.pi)
_OPERATORS = {op.node: op.symbol for op in BINARY}
_COMPARISONS = {op.node: op.symbol for op in COMPARISONS}
_PRECEDENCE = {op.symbol: op.precedence for op in BINARY}  # Python's, for the operators above


def numpy_aliases(tree, namespace="gradcli.numpy"):
    """The dotted names under which a module reaches ``namespace`` (``np``, ``gnp``, ``gradcli.numpy``).

    The one the module's calls use most comes first: it is how fixes spell
    their calls (``np.logaddexp``, not ``gradcli.numpy.logaddexp``, in a module
    that imports both ``gradcli`` and ``gradcli.numpy as np``).
    """
    aliases = _imported_aliases(tree, namespace)
    uses = [_dotted(node.func.value) for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)]
    return sorted(aliases, key=lambda alias: -uses.count(alias))  # stable: import order among equals


def _imported_aliases(tree, namespace):
    """The names under which a module imports ``namespace``, in import order."""
    parent, _, leaf = namespace.rpartition(".")
    aliases = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == namespace:
                    aliases.append(alias.asname or namespace)
                elif parent and alias.name == parent:
                    aliases.append(f"{alias.asname or parent}.{leaf}")
        elif isinstance(node, ast.ImportFrom) and parent and node.module == parent and node.level == 0:
            aliases += [alias.asname or leaf for alias in node.names if alias.name == leaf]
    return list(dict.fromkeys(aliases))


def _dotted(node):
    """``a.b.c`` for a chain of attributes on a name; else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


class Spelling:
    """How one module of the user's spells formula functions: which calls read as which, and how to write them.

    Calls through an alias of ``namespace`` (``np.log``, ``jnp.exp``) read as
    the formula function of the same name. A framework whose functions live
    elsewhere or under other names gives ``spellings``: formula function ->
    the full dotted path of its own function (``softplus`` ->
    ``jax.nn.softplus``, ``log`` -> ``tensorflow.math.log``), read through
    whatever names the module imports them under, and written the same way; a
    path the module does not reach yet is written in full, with the import of
    its top package added to the file. The entry ``NUMBER``, where given, is
    the function a framework needs its calls' number arguments passed through
    (``torch.tensor``: ``torch.logaddexp(0, x)`` is refused, ``torch.logaddexp(torch.tensor(0), x)`` is not), or
    ``FLOAT_LITERALS``: each written as a float literal (``tf.where(c, 1, x)`` is refused, ``tf.where(c, 1.0, x)`` is not).
    The entry ``CONSTANTS``, where given, is the module a call on numbers alone is written with (``math``: log1p's
    divisor ``math.log(10)``, a Python float each framework converts to the dtype of the tensor it meets, where
    ``torch.log(torch.tensor(10.0))`` is a float32 number and ``tf.math.log(10)`` refuses an int).
    A function the user's own lines call (read) is written as they spell it (``torch.xlogy``, not the
    framework's ``torch.special.xlogy``; ``jax.numpy.log1p`` in a module that also imports ``jnp``).
    """

    def __init__(self, tree, namespace, spellings=None):
        spellings = dict(spellings or {})
        number = spellings.pop(NUMBER, None)
        # "float": a number argument written as a float literal (TensorFlow's ops refuse an int32 beside a float)
        self.floats = number == FLOAT_LITERALS
        number = None if self.floats else number
        self.constants = spellings.pop(CONSTANTS, None)
        self.namespace = namespace
        self.aliases = numpy_aliases(tree, namespace)
        self.imported = imported_names(tree)  # local dotted name -> full dotted path
        # ``from numpy import *``: a bare name the module does not bind otherwise reads as the star module's own
        self.starred = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 0 and n.module
                        and any(a.name == "*" for a in n.names) and n.module.split(".")[0] in sys.modules][::-1]
        self.paths = {name: _full_path(path) for name, path in spellings.items()}
        self.formula_of = {path: name for name, path in self.paths.items()}
        self.number = _full_path(number) if number else None
        self.imports_needed = set()
        self.users = {}  # formula function -> the dotted callee the user's lines read as it spell it with

    def number_call(self):
        """The dotted text a number argument of a call is wrapped in (None: numbers pass as they are)."""
        return self._local(self.number) if self.number else None

    def __bool__(self):
        named = any(full.rpartition(".")[0] == self.namespace for full in self.imported.values())
        return bool(self.aliases or self.paths or named)

    def read(self, node):
        """The formula function a call's callee spells (``np.log`` -> log), or None."""
        dotted = _dotted(node)
        if dotted is None:
            return None
        head, _, attribute = dotted.rpartition(".")
        if head in self.aliases and lookup(attribute) is not None:
            return self.read_as(attribute, dotted)
        full = self._full(dotted)
        name = self.formula_of.get(full)
        if name is None and full is not None and full.rpartition(".")[0] == self.namespace:
            name = full.rpartition(".")[2]  # imported by its own name: ``from numpy import exp``
        return self.read_as(name, dotted) if name is not None and lookup(name) is not None else None

    def names(self, node, attribute):
        """Whether ``node`` (a callee, an attribute) is the namespace's ``attribute`` (``np.power``, ``jnp.e``)."""
        dotted = _dotted(node)
        if dotted is None:
            return False
        head, _, last = dotted.rpartition(".")
        return (head in self.aliases and last == attribute) or self._full(dotted) == f"{self.namespace}.{attribute}"

    def read_as(self, name, dotted):
        """``name``, the formula function the user's callee ``dotted`` was read as, kept as their spelling of it."""
        self.users.setdefault(name, dotted)
        return name

    def write(self, name):
        """The dotted text that calls the formula function ``name`` in this module, or None where it has none."""
        if name in self.users:
            return self.users[name]
        if name in self.paths:
            return self._local(self.paths[name])
        if not (hasattr(gnp, name) and hasattr(_module(self.namespace), name)):
            return None
        if self.aliases:
            return f"{self.aliases[0]}.{name}"
        return self._local(f"{self.namespace}.{name}")  # a module that imports its functions by name

    def _full(self, dotted):
        first, _, rest = dotted.partition(".")
        base = self.imported.get(first)
        if base is None:
            base = next((f"{module}.{first}" for module in self.starred if hasattr(_module(module), first)), None)
        return None if base is None else f"{base}.{rest}" if rest else base

    def _local(self, path):
        if _resolved(path) is None:
            return None
        parent, _, leaf = path.rpartition(".")
        if parent in self.starred and leaf not in self.imported:
            return leaf
        reachable = [(local, full) for local, full in self.imported.items() if path == full or path.startswith(full + ".")]
        if reachable:
            local, full = max(reachable, key=lambda pair: len(pair[1]))
            return local + path[len(full):]
        self.imports_needed.add(path.split(".")[0])
        return path


NUMBER = "<number>"  # the spellings' key for how a framework's calls take numbers
FLOAT_LITERALS = "float"  # NUMBER's value where a framework's calls take numbers as float literals
CONSTANTS = "<constants>"  # the spellings' key for the module that computes a call on numbers alone

_CONVENTIONAL = {"jnp": "jax.numpy", "np": "numpy", "tf": "tensorflow", "F": "torch.nn.functional", "gnp": "gradcli.numpy"}


def _full_path(path):
    """A spelling's full dotted path; the conventional aliases (jnp, tf, F) are accepted for their modules."""
    first, _, rest = path.partition(".")
    return f"{_CONVENTIONAL[first]}.{rest}" if first in _CONVENTIONAL and rest else path


def _module(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _resolved(path):
    """The object a full dotted path names (importing its modules as needed), or None where there is none."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        found = _module(".".join(parts[:cut]))
        if found is None:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute, None)
            if found is None:
                return None
        return found
    return None


class _AsFormula:
    """One Python expression as formula text, with the Python node behind each span of it."""

    def __init__(self, source, spelling):
        self.source = source
        self.spelling = spelling
        self.pieces = []
        self.length = 0
        self.nodes = {}  # (start, end) in the text -> the Python node written there
        self.placeholders = {}  # ast.dump of a node -> placeholder name
        self.opaque = {}  # placeholder name -> the Python node it stands for
        self.nested = []  # expressions inside placeholders: read as formulas of their own
        # How the expression writes powers: the namespace's function it calls (np.power) and whether it uses ** too;
        # a rewrite of an expression that only calls the function writes its powers so (`_python_text`).
        self.power_function, self.power_operator = None, False

    @property
    def text(self):
        return "".join(self.pieces)

    def emit(self, text):
        self.pieces.append(text)
        self.length += len(text)

    def read(self, node):
        start = self.length
        if isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value < float("inf"):
            self.emit(repr(node.value))
        elif isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            self.power_operator |= isinstance(node.op, ast.Pow) and hasattr(node, "lineno")  # the user's own **
            self.emit("(")
            self.read(node.left)
            self.emit(f" {_OPERATORS[type(node.op)]} ")
            self.read(node.right)
            self.emit(")")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            self.emit("(-" if isinstance(node.op, ast.USub) else "(+")
            self.read(node.operand)
            self.emit(")")
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARISONS:
            self.read(node.left)
            self.emit(f" {_COMPARISONS[type(node.ops[0])]} ")
            self.read(node.comparators[0])
        elif self._plain_call(node) and len(node.args) == 2 and self.spelling.names(node.func, "power"):
            # np.power(b, y) is b ** y, one rule reading both; its spans are the call's (below)
            self.power_function = node.func
            self.read(ast.BinOp(node.args[0], ast.Pow(), node.args[1]))
        elif isinstance(node, ast.Attribute) and any(self.spelling.names(node, name) for name in _CONSTANTS):
            self.emit(node.attr)
        elif self._plain_call(node) and self.spelling.read(node.func) is not None:
            self.emit(f"{self.spelling.read(node.func)}(")
            for i, arg in enumerate(node.args):
                self.emit(", " if i else "")
                self.read(arg)
            self.emit(")")
        else:
            self.emit(self._placeholder(node))
        end = self.length
        self.nodes[(start, end)] = node
        if self.pieces[-1] == ")" and self.text[start] == "(":
            self.nodes[(start + 1, end - 1)] = node  # the parser's span leaves the parentheses out

    @staticmethod
    def _plain_call(node):
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and not node.keywords
            and not any(isinstance(a, ast.Starred) for a in node.args)
        )

    def _placeholder(self, node):
        key = ast.dump(node)
        if key not in self.placeholders:
            name = _PLACEHOLDER.format(len(self.placeholders))
            self.placeholders[key] = name
            self.opaque[name] = node
            self.nested += [child for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr)]
        return self.placeholders[key]


def _to_python(node, spelling, opaque):
    """A Python AST for a formula IR node: calls as ``spelling`` writes them, placeholders kept as names."""
    if isinstance(node, Num):
        return ast.Constant(int(node.exact) if node.exact.denominator == 1 and node.is_integer else float(node.exact))
    if isinstance(node, Var) and node.name in opaque:
        return ast.Name(node.name, ast.Load())
    if isinstance(node, Call) and spelling.constants and node.args and all(isinstance(a, Num) for a in node.args) \
            and callable(getattr(_module(spelling.constants), node.name, None)):
        dotted = spelling._local(f"{spelling.constants}.{node.name}")  # a constant: log(10) as math.log(10)
        return ast.Call(_dotted_name(dotted), [_to_python(a, spelling, opaque) for a in node.args], [])
    if isinstance(node, (Call, Const)):
        dotted = spelling.write(node.name)
        if dotted is None:
            raise ValueError(f"no spelling of {node.name} in {spelling.namespace}")
        func = _dotted_name(dotted)
        if isinstance(node, Const):
            return func
        return ast.Call(func, [_argument(a, spelling, opaque) for a in node.args], [])
    if isinstance(node, Unary):
        return ast.UnaryOp(ast.USub() if node.op == "-" else ast.UAdd(), _to_python(node.operand, spelling, opaque))
    if isinstance(node, Binary):
        op = next(k for k, v in _OPERATORS.items() if v == node.op)
        return ast.BinOp(_to_python(node.left, spelling, opaque), op(), _to_python(node.right, spelling, opaque))
    if isinstance(node, Compare):
        op = next(k for k, v in _COMPARISONS.items() if v == node.op)
        return ast.Compare(_to_python(node.left, spelling, opaque), [op()], [_to_python(node.right, spelling, opaque)])
    raise ValueError(f"no Python spelling for {type(node).__name__}")


def _dotted_name(dotted):
    """The Python AST that reads the dotted name ``dotted`` (``math.log``)."""
    first, *rest = dotted.split(".")
    func = ast.Name(first, ast.Load())
    for attribute in rest:
        func = ast.Attribute(func, attribute, ast.Load())
    return func


def _argument(node, spelling, opaque):
    """An argument of a call: a number through the framework's own constructor where it needs one."""
    if isinstance(node, Num) and spelling.floats:
        return ast.Constant(float(node.exact))
    python = _to_python(node, spelling, opaque)
    wrap = spelling.number_call() if isinstance(node, Num) else None
    if wrap is None:
        return python
    return ast.Call(_dotted_name(wrap), [ast.Constant(float(node.exact))], [])


def _python_text(formula_text, reader, spelling, replaced):
    """The Python text of a rewritten formula, each placeholder back as its own source text."""
    names = tuple(reader.opaque)
    tree = _to_python(parse(formula_text, treat_as_variables=names).root, spelling, reader.opaque)
    if reader.power_function is not None and not reader.power_operator:
        tree = _PowersAsCalls(reader.power_function).visit(tree)
    text = ast.unparse(tree)
    if isinstance(tree, ast.BinOp) and _PRECEDENCE[_OPERATORS[type(tree.op)]] < _precedence(replaced):
        text = f"({text})"

    def original(match):
        node = reader.opaque[match.group(0)]
        segment = ast.get_source_segment(reader.source, node)
        atomic = isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Call, ast.Constant))
        alone = text[: match.start()].endswith(("(", ", ")) and text[match.end() :].startswith((")", ","))
        return segment if atomic or alone else f"({segment})"

    return re.sub(r"\b_gradcli_\d+\b", original, text)


class _PowersAsCalls(ast.NodeTransformer):
    """Each ``a ** b`` of a rewrite as a call of the user's power function (``np.power(a, b)``)."""

    def __init__(self, function):
        self.function = function

    def visit_BinOp(self, node):
        node = self.generic_visit(node)
        if isinstance(node.op, ast.Pow):
            return ast.Call(self.function, [node.left, node.right], [])
        return node


def _precedence(node):
    if isinstance(node, ast.BinOp):
        return _PRECEDENCE.get(_OPERATORS.get(type(node.op)), 0)
    if isinstance(node, (ast.UnaryOp, ast.Compare)):
        return 3 if isinstance(node, ast.UnaryOp) else 0
    return 5  # a call, a name, a subscript: nothing binds tighter


def _expressions(tree):
    """The outermost expressions of a module: those whose parent is not an expression."""
    for parent in ast.walk(tree):
        if not isinstance(parent, ast.expr):
            yield from (child for child in ast.iter_child_nodes(parent) if isinstance(child, ast.expr))


def _on_lines(node, lines):
    return any(node.lineno <= line <= node.end_lineno for line in lines)


def source_rewrites(source, lines, namespace="gradcli.numpy", spellings=None, ranks=None, declined=None):
    """Per catalogue rewrite: (name, description, [((line, col), (end line, end col)), new Python text]).

    Only expressions that cover one of ``lines`` (1-based) are rewritten;
    columns are UTF-8 byte offsets, as in the AST. ``namespace`` is the module
    the code is written against (``gradcli.numpy``, ``numpy`` for plain NumPy
    code, ``jax.numpy``...), and ``spellings`` a framework's own names for
    formula functions (see `Spelling`). Empty where the module reaches neither;
    a rewrite calling a function the module has no spelling of is left out. A
    rewrite that needs a package the file does not import yet gets that import
    as one more edit, after the file's first imports. ``ranks`` gives the
    number of dimensions of the function's parameters at the points checked
    (a hand-written softmax of a vector is the framework's softmax over axis 0). ``declined``, a list, gets the
    rewrites that match but are known not to help there (`fixes.declined_rewrites`).
    """
    tree = ast.parse(source)
    spelling = Spelling(tree, namespace, spellings)
    if not spelling:
        return []
    found = {}  # name -> (description, [(span, text)], imports needed)
    pending = [node for node in _expressions(tree) if _on_lines(node, lines)]
    while pending:
        reader = _AsFormula(source, spelling)
        root = pending.pop()
        reader.read(root)
        pending += [node for node in reader.nested if _on_lines(node, lines)]
        try:
            formula = parse(reader.text, treat_as_variables=tuple(reader.opaque))
        except (InputError, RecursionError):  # not a formula we can read: leave it as written
            continue
        if declined is not None:
            declined += declined_rewrites(formula)
        # `array_rewrites` writes the sigmoid complement and log_sigmoid in the module's own spelling.
        for name, description, matches in catalogue_matches(formula, skip=("sigmoid complement", "log sigmoid")):
            for span, new in matches:
                node = reader.nodes.get(span)
                if node is None or not _on_lines(node, lines):
                    continue
                spelling.imports_needed = set()
                try:
                    text = _python_text(new, reader, spelling, node)
                except (InputError, ValueError, RecursionError):
                    continue
                place = ((node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset))
                entry = found.setdefault(name, (description, [], set()))
                entry[1].append((place, text))
                entry[2].update(spelling.imports_needed)
    framework_named = set()
    for name, description, edits, needed in array_rewrites(source, tree, lines, spelling, _resolved, ranks):
        entry = found.setdefault(name, (description, [], set()))
        entry[1].extend(edits)
        entry[2].update(needed)
        framework_named.add(name)
    finals = {name: _with_imports(tree, [_unbracketed(source, edit) for edit in outermost(edits)], needed)
              for name, (description, edits, needed) in found.items()}
    # Two rewrites reaching the same code are one fix (log(1 + exp(u)): logaddexp). It goes by the name of the
    # framework's own function where one of them is that (log_sigmoid, not the catalogue's log-logistic in base e),
    # else by the first in order.
    kept, seen = set(), set()
    for name in sorted(finals, key=lambda name: name not in framework_named):
        if tuple(finals[name]) not in seen:
            seen.add(tuple(finals[name]))
            kept.add(name)
    return [(name, description, finals[name]) for name, (description, _, _) in found.items() if name in kept]


def _unbracketed(source, edit):
    """``edit`` widened over the brackets right around its region where the code means the same without them
    (``(1 - p) ** 2`` rewritten is ``sigmoid(-z) ** 2``, not ``(sigmoid(-z)) ** 2``): the same syntax tree."""
    ((line, col), (end_line, end_col)), text = edit
    lines = source.splitlines(keepends=True)
    head, tail = lines[line - 1].encode("utf-8")[:col], lines[end_line - 1].encode("utf-8")[end_col:]
    if not (head.endswith(b"(") and tail.startswith(b")")):
        return edit
    wider = (((line, col - 1), (end_line, end_col + 1)), text)
    try:
        same = ast.dump(ast.parse(splice(source, [wider]))) == ast.dump(ast.parse(splice(source, [edit])))
    except SyntaxError:
        return edit
    return wider if same else edit


def _with_imports(tree, edits, packages):
    """``edits`` and, first, one inserting ``import package`` for each package, after the file's leading imports."""
    if not packages:
        return edits
    leading = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    line = (leading[0].end_lineno if leading else 0) + 1
    insertion = (((line, 0), (line, 0)), "".join(f"import {package}\n" for package in sorted(packages)))
    return [insertion, *edits]


def splice(source, edits):
    """``source`` with each ((line, col), (end line, end col)) region replaced by its text."""
    lines = source.splitlines(keepends=True)
    for ((line, col), (end_line, end_col)), text in reversed(edits):
        head = lines[line - 1].encode("utf-8")[:col].decode("utf-8")
        tail = lines[end_line - 1].encode("utf-8")[end_col:].decode("utf-8")
        lines[line - 1 : end_line] = [head + text + tail]
    return "".join(lines)


@functools.cache
def _in_memory_loader_class():
    """`importlib.abc.SourceLoader` for source text held in memory; made on first use (importlib.abc costs ~10 ms)."""
    import importlib.abc  # lazy: it imports importlib.resources, tempfile and shutil, which only a fix's re-check needs

    class InMemoryLoader(importlib.abc.SourceLoader):
        """Loads a module from source text held in memory, its code named ``shown`` (the user's file, marked rewritten).

        `importlib.abc.SourceLoader` has no ``path_stats``, so no bytecode is read
        or written: nothing on disk changes. The code's file name is not the
        user's: frameworks that read a function's source again when they trace
        it (TensorFlow's autograph converts a ``tf.function`` from its file's
        lines, and refreshes them from the disk when a loaded module has that
        file) must read the rewritten text, which `linecache` holds under ``shown``.
        """

        def __init__(self, path, data, shown):
            self.path, self.data, self.shown = path, data, shown

        def source_to_code(self, data, path, *, _optimize=-1):
            return compile(data, self.shown, "exec", dont_inherit=True, optimize=_optimize)

        def get_filename(self, fullname):
            return self.path

        def get_data(self, path):
            if path != self.path:
                raise OSError(f"only {self.path} is held in memory")
            return self.data

    return InMemoryLoader


def load_rewritten(path, source, encoding, qualname):
    """The function ``qualname`` of ``source`` (the user's file, rewritten), run as a fresh module."""
    name = fresh_module_name("fix", path)
    shown = f"{path} (rewritten: {name})"
    linecache.cache[shown] = (len(source), None, source.splitlines(keepends=True), shown)  # no time: checkcache keeps it
    loader = _in_memory_loader_class()(path, source.encode(encoding), shown)
    spec = importlib.util.spec_from_loader(name, loader, origin=path)
    module = importlib.util.module_from_spec(spec)
    with running_as_module(module, path):
        spec.loader.exec_module(module)
    found = module
    for part in qualname.split("."):
        found = getattr(found, part)
    try:
        found.rewritten_file = (path, module)  # read by `with_rewritten_classes`
    except AttributeError:  # a callable that takes no attributes: its points' objects stay the file's own
        pass
    return found


def with_rewritten_classes(given, fixed):
    """``given`` (a check's points) for the re-check of ``fixed``, a function of a rewritten copy of the user's file
    (`load_rewritten`): each object an argument holds whose class the file defines (a module whose forward a rewrite
    changed, or one inside a model, as register_parametrization nests it) a copy turned to the copy's class of the
    same name, so the rewritten method is the code that runs; ``given`` itself where no argument holds one. The
    user's own objects are never changed."""
    path, module = getattr(fixed, "rewritten_file", (None, None))
    if path is None or not any(_rewritten_class(obj, path, module) for obj in _objects_in(given)):
        return given
    given = copy.deepcopy(given)
    for obj in _objects_in(given):
        new = _rewritten_class(obj, path, module)
        if new is not None:
            obj.__class__ = new
    return given


def _objects_in(value, depth=0):
    """The objects ``value`` holds: itself, the entries of its lists, tuples and dicts, and a model's submodules
    (anything with a ``modules()`` walk: PyTorch's and Keras' layers)."""
    if depth > 20:
        return
    if isinstance(value, dict):
        for entry in value.values():
            yield from _objects_in(entry, depth + 1)
    elif isinstance(value, (list, tuple)):
        for entry in value:
            yield from _objects_in(entry, depth + 1)
    else:
        yield value
        walk = getattr(value, "modules", None)
        if callable(walk) and not inspect.ismodule(value):
            try:
                yield from (inner for inner in walk() if inner is not value)
            except TypeError:  # a ``modules`` that is no walk of submodules
                return


def _rewritten_class(obj, path, module):
    """The class of the rewritten ``module`` standing for ``obj``'s class where the file ``path`` defines that
    class, else None."""
    cls = type(obj)
    defined_in = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if defined_in is None or os.path.abspath(defined_in) != path:
        return None
    new = module
    for part in cls.__qualname__.split("."):
        new = getattr(new, part, None)
    return new if isinstance(new, type) and new is not cls else None


def _user_source(function):
    """(path, text, encoding, qualname) of a function defined at the top level of a file; else None."""
    function = inspect.unwrap(function)
    qualname = getattr(function, "__qualname__", "")
    if not qualname or "<" in qualname:  # a lambda or a nested function: no name to find it by again
        return None
    try:
        path = os.path.abspath(inspect.getsourcefile(function))
        with tokenize.open(path) as handle:
            return path, handle.read(), handle.encoding, qualname
    except (TypeError, OSError, SyntaxError):
        return None


def finding_lines(report, path):
    """The lines of ``path`` where findings of failing results point."""
    lines = set()
    for result in report.results:
        if result.status not in report.fail_on:
            continue
        for finding in result.findings:
            where, _, line = (finding.location or "").rpartition(":")
            if line.isdigit() and where and os.path.abspath(where) == path:
                lines.add(int(line))
    return sorted(lines)


def unified_diff(path, before, after):
    """A unified diff of the user's lines (one line of context), named as the user would name the file."""
    shown = os.path.relpath(path)
    shown = path if shown.startswith("..") else shown
    lines = difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True), fromfile=shown, tofile=shown, n=1
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _ranks(report):
    """``{variable: its number of dimensions}`` for the variables of the same rank at every checked point."""
    seen = {}
    for result in report.results:
        for name, value in result.point.items():
            seen.setdefault(name, set()).add(len(_shape(value)))
    return {name: ranks.pop() for name, ranks in seen.items() if len(ranks) == 1}


def _shape(value):
    """The shape of a point's value (a number, nested lists, an array)."""
    shape = getattr(value, "shape", None)
    if shape is not None:
        return tuple(shape)
    return (len(value), *_shape(value[0])) if isinstance(value, (list, tuple)) and value else ()


def _across_the_functions(rewrites, source, lines, namespace, spellings, ranks):
    """``rewrites`` (`source_rewrites` at the findings' ``lines``), each applied wherever it matches in the functions
    those lines lie in: the same loss twice in one function (an EKV transistor's forward and reverse currents, each
    log(1 + e^x)^2) is lost twice, though only the one whose 0 reached a log was named."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return rewrites
    spans = [(node.lineno, node.end_lineno) for node in ast.walk(tree)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
             and any(node.lineno <= line <= node.end_lineno for line in lines)]
    wide = sorted({line for start, end in spans for line in range(start, end + 1)} | set(lines))
    if not rewrites or wide == sorted(lines):
        return rewrites
    across = {name: edits for name, _, edits in source_rewrites(source, wide, namespace, spellings, ranks)}
    return [(name, description, across.get(name, edits)) for name, description, edits in rewrites]


def find_source_fixes(target, report, recheck, limit=3):
    """Catalogue rewrites of a Python function's own source that re-check better, as diffs.

    The expressions at the findings' lines in the function's file are
    rewritten in memory; each rewrite loads the whole file again as a fresh
    module and re-checks its function with ``recheck(fixed function)`` (the
    original check, without fixes). The file on disk is never written.
    """
    found = _user_source(target.function)
    if found is None:
        return []
    path, source, encoding, qualname = found
    lines = finding_lines(report, path)
    try:
        spellings = target.bridge.spellings if target.bridge is not None else None
        declined = []
        rewrites = source_rewrites(source, lines, target.namespace, spellings, _ranks(report), declined) if lines else []
        rewrites = _across_the_functions(rewrites, source, lines, target.namespace, spellings, _ranks(report))
    except (SyntaxError, ValueError):  # the file changed since it was imported: leave it alone
        return []

    def candidates():
        for name, description, edits in rewrites:
            rewritten = splice(source, edits)

            def make_target(rewritten=rewritten):
                return load_rewritten(path, rewritten, encoding, qualname)

            yield name, description, None, make_target, unified_diff(path, source, rewritten)

    def union(names):
        chosen = [(name, description, edits) for name, description, edits in rewrites if name in names]
        edits = outermost(list(dict.fromkeys(edit for _, _, each in chosen for edit in each)))
        rewritten = splice(source, edits)
        if rewritten == source:
            return None
        # Named: the rewrites with an edit of the code applied (not only an import; not one inside another's edit).
        applied = [(name, description) for name, description, each in chosen if any(e in edits and e[0][0] != e[0][1] for e in each)]
        return (
            union_name(name for name, _ in applied),
            union_description(description for _, description in applied),
            None,
            lambda: load_rewritten(path, rewritten, encoding, qualname),
            unified_diff(path, source, rewritten),
        )

    fixes, rejected = judged_rewrites(verdict_parts(report), candidates(), limit, recheck, union)
    report.notes.extend(rejection_notes(rejected + declined))
    return fixes
