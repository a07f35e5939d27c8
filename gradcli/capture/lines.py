"""Where a user's code is written: the line of a function's ``def``, the user's innermost line on a stack or in a
traceback, and a ``math`` call that met a traced value; the lines read as the files hold them at each check's start
(`sources_as_edited`).

A code object's first line is its first decorator's (``@staticmethod``,
``@tf.RegisterGradient("Name")``, ``@f.defjvp``); a finding names the ``def``,
the line a reader looks for.
"""

import ast
import linecache
import math
import operator
import os
import re
import sys
import threading
import types
import weakref
from functools import lru_cache

from ..folders import GRADCLI_FOLDER, installed_package_file, python_folders

_MATH_CALL = re.compile(r"(?<![\w.])math\.(\w+)\s*\(")  # math.exp(, not tf.math.exp(
STDLIB_FOLDER = python_folders("stdlib")[0]
_FLOAT_LITERAL = re.compile(r"(?<![\w.])(?:\d[\d_]*\.[\d_]*(?:[eE][-+]?\d+)?|\.\d[\d_]*(?:[eE][-+]?\d+)?|\d[\d_]*[eE][-+]?\d+)")


def sources_as_edited():
    """Forget what was read of source files that changed on disk since (linecache's lines, `handed_numbers`' numbers),
    so that a check names the lines its files hold now, where a file was edited between two checks in one process (a
    notebook, the pytest plugin). Asked once per check: a stat of each file read so far, never one per line read, and
    none of Python's library, an installed package's or gradcli's own (a framework's trace reads the lines of hundreds
    of its own files, gradcli's frames are read for their callers, and no one edits those while a process runs)."""
    for path in list(linecache.cache):
        if not _unedited_file(path):
            linecache.checkcache(path)
    handed_numbers.cache_clear()


@lru_cache(maxsize=None)  # asked of every file read so far, at every check
def _unedited_file(path):
    """Whether ``path`` is a file of Python's own library, of an installed package or of gradcli."""
    return path.startswith((STDLIB_FOLDER, GRADCLI_FOLDER)) or installed_package_file(path)


def return_line(site):
    """``file:line`` of the one ``return`` of the function defined at ``site`` (``file:line`` of its def), where it
    has exactly one; else ``site``: the line a rule's arithmetic that no op recorded is placed at."""
    path, _, line = site.rpartition(":")
    try:
        tree = ast.parse("".join(linecache.getlines(path)))
    except (SyntaxError, ValueError):
        return site
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and str(node.lineno) == line:
            returns = [r for r in ast.walk(node) if isinstance(r, ast.Return)]
            return f"{path}:{returns[0].lineno}" if len(returns) == 1 else site
    return site


def def_line(path, first_line):
    """The line of the ``def`` of a function whose code starts at ``first_line`` of ``path``.

    Only a decorated function moves: a lambda or a plain ``def`` keeps its
    own line (a later ``def`` in the file is another function).
    """
    if not linecache.getline(path, first_line).lstrip().startswith("@"):
        return first_line
    for number in range(first_line + 1, first_line + 50):
        text = linecache.getline(path, number).lstrip()
        if not text:
            break
        if text.startswith(("def ", "async def ")):
            return number
    return first_line


def literal_numbers(line):
    """The float literals written on a line of source (``1e-6``, ``0.1``, ``3.``), as floats."""
    return {float(text.replace("_", "")) for text in _FLOAT_LITERAL.findall(line)}


def numbers_on_line(path, line):
    """The floats line ``line`` of ``path`` writes: its float literals (`literal_numbers`) and the numbers its
    expressions of literals alone compute (``scale=1 / 1.5``, ``loc=2 * 0.1``: `_folded`), negated too."""
    return literal_numbers(linecache.getline(path, int(line))) | _computed_on_lines(path).get(int(line), frozenset())


@lru_cache(maxsize=64)
def _computed_on_lines(path):
    """{line: the floats the expressions of numeric literals alone on it compute, negated too} for a source file."""
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
    except (OSError, SyntaxError, ValueError):
        return {}
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and type(folded := _folded(node)) is float:
            for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                found.setdefault(line, set()).update((folded, -folded))
    return {line: frozenset(numbers) for line, numbers in found.items()}


@lru_cache(maxsize=64)
def handed_numbers(path):
    """The float literals a source file hands to a call as an argument or gives a parameter as its default, negated
    too: numbers a library keeps and writes into the graph later, on another line (``LayerNormalization(epsilon=1e-3)``
    built on one line, called on the next), or that reach a library through a parameter. A literal inside an
    expression (``0.044715 * x ** 3``) is the user's only on its own line, so a library's same constant stays the
    library's. A name the module binds to a float at its top (``EPS = 1e-6``) and hands on by that name
    (``eps=EPS``) hands its number. A literal handed to a framework's function that computes at once
    (``tf.clip_by_value(x, 1e-7, 1.0)``, ``torch.clamp``, ``jnp.maximum``) makes its constant on that line and no
    other, so it is the user's there alone (`literal_numbers`): Keras' own 1e-7 clip elsewhere stays Keras'. A
    module's name handed to one (``torch.clamp(x, EPS, 1.0)``) still hands its number: that line does not write it.
    An argument of literals and arithmetic alone (``scale=1 / 1.5``) hands the float Python computes of it."""
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
    except (OSError, SyntaxError, ValueError):
        return frozenset()
    bound = _module_floats(tree)
    modules = imported_names(tree)
    handed = []  # (argument, whether a literal there is handed on)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            kept = not _computes_at_once(node.func, modules)
            handed += [(argument, kept) for argument in node.args + [keyword.value for keyword in node.keywords]]
        elif isinstance(node, ast.arguments):
            handed += [(default, True) for default in node.defaults + [d for d in node.kw_defaults if d is not None]]
    numbers = set()
    for node, kept in handed:
        for item in node.elts if isinstance(node, (ast.List, ast.Tuple)) else (node,):
            if isinstance(item, ast.UnaryOp) and isinstance(item.op, (ast.USub, ast.UAdd)):
                item = item.operand
            if isinstance(item, ast.Name) and item.id in bound:
                numbers.update((bound[item.id], -bound[item.id]))
                continue
            folded = _folded(item) if kept else None
            if type(folded) is float:
                numbers.update((folded, -folded))
    return frozenset(numbers)


def _folded(node):
    """The number an expression of numeric literals alone computes as Python computes it (``1 / 1.5``, ``2 * 0.1``,
    ``1e-3 ** 2``), or None: the float a call is handed though no literal writes it. Only literals and arithmetic
    are read; nothing is evaluated."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) in (int, float) else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _folded(node.operand)
        return None if operand is None else (-operand if isinstance(node.op, ast.USub) else operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _folded(node.left), _folded(node.right)
        if left is None or right is None or (type(node.op) is ast.Pow and abs(right) > 64):
            return None
        try:
            return _ARITHMETIC[type(node.op)](left, right)
        except (ArithmeticError, ValueError):
            return None
    return None


_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
               ast.Pow: operator.pow}


# The modules whose lowercase functions compute on the spot, keeping no number for later (Keras' lowercase factories,
# ``keras.regularizers.l2(1e-4)``, keep theirs, and so are not among them; nor is torch.nn, whose modules keep theirs).
_COMPUTING = ("tensorflow", "torch", "jax", "numpy", "scipy")
_KEEPING = ("tensorflow.keras", "torch.nn", "torch.optim", "jax.example_libraries")


def imported_names(tree):
    """``{name an import binds: the full dotted name it stands for}``, from every import of a module's AST (``tf`` ->
    tensorflow, ``F`` -> torch.nn.functional, ``jnp`` -> jax.numpy)."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    root = alias.name.split(".")[0]
                    aliases[root] = root
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            aliases.update((alias.asname or alias.name, f"{node.module}.{alias.name}") for alias in node.names)
    return aliases


def _computes_at_once(func, modules):
    """Whether a call of ``func`` (a call's callee node) is a framework's function computing at once (`_COMPUTING`):
    a lowercase name reached from a module the file imports (``tf.clip_by_value``, ``F.softplus``, an imported
    ``clip``)."""
    parts = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name) or func.id not in modules:
        return False
    dotted = ".".join([modules[func.id], *reversed(parts)])
    if not dotted.rpartition(".")[2][:1].islower():
        return False  # a class: its instance keeps what it is handed
    if dotted.startswith("torch.nn.functional."):
        return True
    keeps = any(dotted == kept or dotted.startswith(kept + ".") for kept in _KEEPING)
    return dotted.partition(".")[0] in _COMPUTING and not keeps


def _module_floats(tree):
    """name -> float for each name the module's top level binds to a float literal alone (``EPS = 1e-6``,
    ``EPS: float = -1e-6``); a name bound twice keeps neither number, since which one a call reads is the run's."""
    floats, seen = {}, set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        value = node.value if targets else None
        sign = 1.0
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
            sign, value = (-1.0 if isinstance(value.op, ast.USub) else 1.0), value.operand
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            if target.id in seen:
                floats.pop(target.id, None)
            elif isinstance(value, ast.Constant) and type(value.value) is float:
                floats[target.id] = sign * value.value
            seen.add(target.id)
    return floats


def package_folder(module):
    """A package's own folder, ending in a separator so that a sibling whose name starts alike (torchvision beside
    torch) is not taken for it."""
    return os.path.join(os.path.dirname(os.path.abspath(module.__file__)), "")


def is_user_file(filename, folder):
    """Whether ``filename`` is the user's code: a file outside ``folder`` (a framework's), gradcli and Python's library."""
    if filename.startswith("<") or not filename:
        return False
    path = os.path.abspath(filename)
    return not path.startswith((folder, GRADCLI_FOLDER, STDLIB_FOLDER))


def user_line(start, folder):
    """``file:line`` of the innermost frame of the user's code (`is_user_file`: outside ``folder``, a framework's) from
    ``start``: a traceback, or a live frame read outward from it; None where there is none."""
    found = innermost_users(start, lambda path: is_user_file(path, folder))
    return None if found is None else f"{found[0].f_code.co_filename}:{found[1]}"


def innermost_users(start, is_users_file):
    """``(frame, line)`` of the innermost frame of the user's code from ``start`` (see `user_line`), else None."""
    return innermost_reading(start, lambda frame, line: (frame, line) if is_users_file(frame.f_code.co_filename) else None)


def innermost_reading(start, read):
    """The innermost of the frames' readings from ``start`` (a traceback, or a live frame read outward from it), else
    None: ``read(frame, line)`` of a frame is what it says of the user's code (a place), None where it says nothing."""
    if isinstance(start, types.TracebackType):
        found = None
        while start is not None:  # a traceback runs from the outermost call in
            reading = read(start.tb_frame, start.tb_lineno)
            found = found if reading is None else reading
            start = start.tb_next
        return found
    while start is not None:
        reading = read(start, start.f_lineno)
        if reading is not None:
            return reading
        start = start.f_back
    return None


def math_call_advice(tb, is_users_file, module_name, fallback, inside=""):
    """``(file:line, advice)`` when the innermost line of the user's code in ``tb`` calls a ``math`` function, else None.

    The advice names the framework's function (``module_name``, ``jax.numpy``)
    under the file's own name for that module, else under ``fallback`` (``jnp``),
    in its submodule ``inside`` (``.math`` for ``tf.math.exp``).
    """
    users = innermost_users(tb, is_users_file)
    if users is None:
        return None
    path, number = users[0].f_code.co_filename, users[1]
    match = _MATH_CALL.search(linecache.getline(path, number))
    if match is None or not callable(getattr(math, match.group(1), None)):
        return None
    names = [n for n, v in list(users[0].f_globals.items()) if isinstance(v, type(sys)) and v.__name__ == module_name]
    spelled = min(names, key=len) if names else fallback
    return f"{path}:{number}", (
        f"math.{match.group(1)} turns a traced value into a Python number, which cannot be differentiated: "
        f"use {spelled}{inside}.{match.group(1)} instead"
    )


def assignment_line(path, name):
    """The line of the last statement at the top of the module in ``path`` that binds ``name`` (``C = ...``,
    ``C: float = ...``, ``A, C = ...``), or None: where a module's constant is written."""
    try:
        tree = ast.parse("".join(linecache.getlines(path)))
    except (SyntaxError, ValueError):
        return None
    found = None
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
        if any(isinstance(node, ast.Name) and node.id == name for target in targets if target is not None
               for node in ast.walk(target)):
            found = statement.lineno
    return found


def assigned_name(location, read_at=None):
    """The variable the statement at ``location`` (``file:line``) of the user's source assigns, as written there
    (``radius`` of ``radius = WIDTH * depth / (WIDTH + 2.0 * depth)``), where the statement at ``read_at`` reads it
    (given); None where that statement binds no one plain name (an expression, an unpacking, ``x[i] = v``)."""
    path, _, line = (location or "").rpartition(":")
    tree = _tree_of(path) if line.isdigit() else None
    statement = _statement_at(tree, int(line)) if tree is not None else None
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)) and statement.value is not None:
        target = statement.target
    else:
        return None
    if not isinstance(target, ast.Name):
        return None
    if read_at is not None:
        reader_path, _, reader_line = read_at.rpartition(":")
        reader = _statement_at(_tree_of(reader_path), int(reader_line)) if reader_line.isdigit() else None
        if reader is None or not any(isinstance(node, ast.Name) and node.id == target.id and isinstance(node.ctx, ast.Load)
                                     for node in ast.walk(reader)):
            return None
    return target.id


def _tree_of(path):
    """The syntax tree of the user's file ``path`` as linecache holds it, or None."""
    return _parsed("".join(linecache.getlines(path))) if path else None


@lru_cache(maxsize=32)  # asked once per finding; a file's findings share its tree
def _parsed(text):
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _statement_at(tree, line):
    """The innermost statement of ``tree`` whose lines hold ``line`` (a simple one, not the ``def`` around it)."""
    if tree is None:
        return None
    found = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno) and (
                found is None or node.lineno >= found.lineno and (node.end_lineno or 0) <= (found.end_lineno or 0)):
            found = node
    return found


def uses_at(uses, at):
    """"uses at lines 29 and 30", "2 uses on line 11": the lines of ``uses`` (``file:line``), a file named where it
    is not ``at``'s; the words a backward pass's accumulation of a value's gradients is named by."""
    home = (at or "").rpartition(":")[0]
    here = sorted({int(line.rpartition(":")[2]) for line in uses if line.rpartition(":")[0] == home})
    shown = [str(n) for n in here] + list(dict.fromkeys(
        os.path.basename(line) for line in uses if line.rpartition(":")[0] != home))
    if not shown:
        return "uses"
    if len(shown) == 1:
        return f"{len(uses)} uses on line {shown[0]}" if len(uses) > 1 else f"uses, one on line {shown[0]}"
    return f"uses at lines {', '.join(shown[:-1])} and {shown[-1]}"


# Python's operators as a line writes them, by their node in the line's syntax tree.
_OPERATOR_SYMBOLS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**", ast.MatMult: "@",
                     ast.Mod: "%", ast.FloorDiv: "//", ast.USub: "-"}


def written_call(code, lasti):
    """The call or operator the instruction at byte offset ``lasti`` of the user's ``code`` runs, as its line writes it:
    "jax.numpy.exp" for ``jnp.exp(x)`` (a name the module binds to a module written as that module's name), "**" for
    ``x ** 3``; None where that instruction is neither, or spans several lines."""
    node = _written_node(code, lasti)[0]
    if isinstance(node, (ast.BinOp, ast.UnaryOp)):
        return _OPERATOR_SYMBOLS.get(type(node.op))
    if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Name, ast.Attribute)):
        return None
    written = ast.unparse(node.func)
    head, _, rest = written.partition(".")
    bound = getattr(_module_of_file(code.co_filename), head, None)
    return f"{bound.__name__}.{rest}" if rest and isinstance(bound, types.ModuleType) else written


def written_operation(code, lasti):
    """The operator expression the instruction at byte offset ``lasti`` of the user's ``code`` runs, as its line writes
    it: "grad_output / u"; None where that instruction runs no operator of `_OPERATOR_SYMBOLS`, or spans several lines."""
    node, text = _written_node(code, lasti)
    if isinstance(node, (ast.BinOp, ast.UnaryOp)) and type(node.op) in _OPERATOR_SYMBOLS:
        return text
    return None


def operator_span(text):
    """``(start, end)`` of the operator symbol of the operator expression ``text`` (`written_operation`'s), within it:
    the "-" of "1 - 1 / (1 + e)"; None where ``text`` is no such expression."""
    node = _operation_node(text)
    if node is None:
        return None
    symbol = _OPERATOR_SYMBOLS[type(node.op)]
    start, end = (node.left.end_col_offset, node.right.col_offset) if isinstance(node, ast.BinOp) else (
        node.col_offset, node.operand.col_offset)
    at = text.find(symbol, start, end)
    return None if at < 0 else (at, at + len(symbol))


def _operation_node(text):
    """The parsed operator expression ``text`` (a binary or unary operator of `_OPERATOR_SYMBOLS`), or None."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, (ast.BinOp, ast.UnaryOp)) or type(node.op) not in _OPERATOR_SYMBOLS:
        return None
    return node


def written_with_values(text, values):
    """The operator expression ``text`` (`written_operation`'s "grad_output / u") with each operand's text replaced by
    the text of its value in ``values``, in order: "1.0 / 0.0"; None where ``text`` is no such expression or the
    operands and values differ in number."""
    node = _operation_node(text)
    if node is None:
        return None
    operands = [node.left, node.right] if isinstance(node, ast.BinOp) else [node.operand]
    if len(operands) != len(values):
        return None
    out, at = [], 0
    for operand, value in zip(operands, values):
        out += [text[at:operand.col_offset], value]
        at = operand.end_col_offset
    return "".join(out) + text[at:]


def _written_node(code, lasti):
    """``(expression node, its text)`` of the instruction at byte offset ``lasti`` of ``code``, read from its line;
    ``(None, None)`` where it spans several lines or its text is no expression."""
    positions = _positions(code)
    line, end_line, start, end = positions[lasti // 2] if 0 <= lasti // 2 < len(positions) else (None,) * 4
    if line is None or line != end_line or start is None or end is None:
        return None, None
    text = linecache.getline(code.co_filename, line)[start:end].strip()
    try:
        return ast.parse(text, mode="eval").body, text
    except SyntaxError:
        return None, None


@lru_cache(maxsize=256)  # asked for each operation a replay names; a program's operations share a few codes
def _positions(code):
    """Each instruction's (line, end line, column, end column) in ``code``, by its index (byte offset // 2)."""
    return list(code.co_positions())


def _module_of_file(path):
    """The loaded module whose file ``path`` is, or None (any loaded copy of one file binds the same names: the one
    `written_call` reads).

    Asked for every operation a trace records: the module found last for the file answers again while it is still
    loaded under its name, without a pass over ``sys.modules`` (`loaded_modules`)."""
    known = _MODULE_OF_FILE.get(path)
    if known is not None and sys.modules.get(known.__name__) is known:
        return known
    found = loaded_modules().by_file.get(path)
    module = next(iter(found.values())) if found else None
    if module is not None:
        _MODULE_OF_FILE[path] = module
    return module


_MODULE_OF_FILE = weakref.WeakValueDictionary()  # file -> the module `_module_of_file` found for it last


class _LoadedModules:
    """The modules loaded at one moment (``sys.modules``' values, in order), by file, and those whose file an asker
    picks (`picked`).

    Made from the last one where sys.modules changed: only the modules new to
    it are read (a read of ``__file__`` may run a lazy module's own
    ``__getattr__``), and only the ones gone are let go of; the rest is passes
    in C over the ids. The last one's modules are alive while this one is
    made, so an id in both is the same module.
    """

    def __init__(self, modules, previous):
        self.modules = modules
        self.by_id = dict(zip(map(id, modules), modules))
        if previous is None:
            self.files, self.by_file, self.pickers = {}, {}, {}
            gone, new = (), list(self.by_id)
        else:  # the last one is never asked again: its tables are taken over
            self.files, self.by_file, self.pickers = previous.files, previous.by_file, previous.pickers
            gone, new = previous.by_id.keys() - self.by_id.keys(), self.by_id.keys() - previous.by_id.keys()
        for key in gone:
            file = self.files.pop(key)
            if file:
                same = self.by_file[file]
                del same[key]
                if not same:
                    del self.by_file[file]
            for _, picked in self.pickers.values():
                picked.pop(key, None)
        for key in new:
            module = self.by_id[key]
            file = self.files[key] = _file_of(module)
            if file:
                self.by_file.setdefault(file, {})[key] = module
                for picks, picked in self.pickers.values():
                    if picks(file):
                        picked[key] = module

    def picked(self, name, picks):
        """The modules whose file ``picks(file)`` (never asked of a module without one), kept as modules come and go
        under ``name``, the asker's (``picks`` the same function for one name)."""
        found = self.pickers.get(name)
        if found is None:
            found = self.pickers[name] = (picks, {key: self.by_id[key] for key, file in self.files.items()
                                                  if file and picks(file)})
        return list(found[1].values())


def _file_of(module):
    """``module.__file__``, "" where it names none (a built-in module, a namespace package, any other value)."""
    try:
        file = getattr(module, "__file__", None)
    except Exception:  # noqa: BLE001 - a lazy module's __getattr__ may raise anything: it names no file
        return ""
    return file if isinstance(file, str) else ""


def loaded_modules():
    """The loaded modules and their files (`_LoadedModules`), read again only where ``sys.modules`` changed.

    A framework's process holds thousands of modules, and a replayed operation
    (`written_call`) or a trace (`torch_reads`) asks which of them holds a
    file: comparing the list of modules with the last one, object by object,
    is a pass in C, where reading each module's ``__file__`` is Python's.
    """
    global _LOADED
    modules = list(sys.modules.values())
    with _LOADED_LOCK:  # one thread at a time takes over the last one's tables
        loaded = _LOADED
        if loaded is None or len(loaded.modules) != len(modules) or not all(map(operator.is_, loaded.modules, modules)):
            loaded = _LOADED = _LoadedModules(modules, loaded)
    return loaded


# The modules last read (`loaded_modules`): replaced as soon as sys.modules differs, so that it holds no module the
# process has let go of for longer than until the next ask.
_LOADED = None
_LOADED_LOCK = threading.Lock()
