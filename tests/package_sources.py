"""What the tests of gradcli's own code read from its modules, parsed once per test process and shared.

The tests of the code's shape (`test_code_shape.py`), its layers (`test_package_layers.py`, `test_core_layers.py`,
`test_views_package.py`) and its asserts (`test_pytest_plugin.py`) each read every module of the package; parsing
them costs seconds of CPU. Each file's tree is read here once and kept as a small summary (its import statements,
its functions' spans, its asserts), so a worker that runs several of those tests parses the package once and does
not keep the whole trees alive.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gradcli"
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_IMPORTS = (ast.Import, ast.ImportFrom)


@dataclass(frozen=True)
class Import:
    """One import statement of a module: the node, where it stands, and its source line."""

    node: ast.Import | ast.ImportFrom
    top_level: bool  # a statement of the module's own body (not inside an if, a try, a class or a function)
    in_function: bool  # inside a function (at any depth)
    line: str  # the source line it starts on


@dataclass(frozen=True)
class Function:
    """One function (nested ones too): its name and the lines from ``def`` to the end of its body."""

    name: str
    lineno: int
    end_lineno: int


@dataclass(frozen=True)
class Module:
    """A summary of one source file's tree."""

    path: Path
    imports: tuple[Import, ...]
    functions: tuple[Function, ...]
    asserts: int  # assert statements anywhere in the file


def files(under: Path = PACKAGE, recursive: bool = True) -> list[Path]:
    """The Python files under ``under`` (its subfolders too where ``recursive``), sorted."""
    return sorted(under.rglob("*.py") if recursive else under.glob("*.py"))


@functools.lru_cache(maxsize=None)
def module(path: Path) -> Module:
    """The summary of the file at ``path``, read and parsed on the first call for it."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, str(path))
    lines = text.splitlines()
    functions, imports, asserts = [], [], 0
    for node in _statements(tree.body):
        if isinstance(node, _FUNCTIONS):
            functions.append(Function(node.name, node.lineno, node.end_lineno))
        elif isinstance(node, _IMPORTS):
            imports.append(node)
        elif isinstance(node, ast.Assert):
            asserts += 1
    top = {id(node) for node in tree.body}
    # A statement between a function's `def` line and its last line is in its body.
    return Module(
        path=path,
        imports=tuple(Import(node, id(node) in top, any(f.lineno <= node.lineno <= f.end_lineno for f in functions),
                             lines[node.lineno - 1]) for node in imports),
        functions=tuple(functions),
        asserts=asserts,
    )


def _statements(body):
    """Every statement in ``body`` and in the blocks nested in it, each before its own (imports, functions and asserts
    are statements: the expressions, most of a tree's nodes, are never visited)."""
    for node in body:
        yield node
        for block in ("body", "orelse", "finalbody", "handlers", "cases"):
            yield from _statements(getattr(node, block, ()))
