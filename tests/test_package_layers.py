"""The whole package stands in layers: no import cycle, each layer imports only the ones below it.

Imports inside functions count as much as top-level ones: two modules that
need each other are one tangle wherever their import lines stand. The layers,
bottom to top, are in `LAYERS`; the autodiff core's own inner layers are
guarded by test_core_layers.py.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import gradcli

import package_sources

PACKAGE = Path(gradcli.__file__).parent

# Bottom to top, by the longest dotted prefix that names a module.
LAYERS = [
    {"gradcli._version", "gradcli.errors", "gradcli.files", "gradcli.caches", "gradcli.display", "gradcli.jsondata",
     "gradcli.folders", "gradcli.stack_room"},
    {"gradcli.autodiff", "gradcli.numpy", "gradcli.scipy"},
    {"gradcli.expr"},
    {"gradcli.capture"},
    {"gradcli.checker"},
    {"gradcli.sweep"},
    {"gradcli.isolation"},
    {"gradcli.audit"},
    {"gradcli.views"},
    {"gradcli.testing", "gradcli.pytest_plugin"},
    {"gradcli.cli", "gradcli.__main__"},
    {"gradcli.__init__"},
]
LAYER_OF = {prefix: i for i, layer in enumerate(LAYERS) for prefix in layer}

# Package-internal imports inside functions in these packages are few, each
# one keeping something heavy off a start-up path, said on its line.
LAZY_PACKAGES = ("gradcli.checker", "gradcli.audit")
MOST_LAZY_IMPORTS = 10
LAZY_MARK = "# lazy:"


def _module_name(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 2:  # gradcli/__init__.py keeps its name: the top layer
        parts = parts[:-1]
    return ".".join(parts)


def _sources():
    return {_module_name(path): path for path in package_sources.files(PACKAGE)}


SOURCES = _sources()


def _package_of(name, path):
    """The package whose code ``name`` is: itself for an ``__init__``, else its parent."""
    if name == "gradcli.__init__":
        return "gradcli"
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _resolve(importer, path, node):
    """The gradcli modules an import statement loads (a ``from`` of a submodule names the submodule)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == "gradcli"]
    if node.level:
        base = _package_of(importer, path).split(".")
        base = base[: len(base) - (node.level - 1)]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    if module.split(".")[0] != "gradcli":
        return []
    found = [f"{module}.{alias.name}" for alias in node.names if f"{module}.{alias.name}" in SOURCES]
    if len(found) < len(node.names):
        found.append(module)
    return found


@functools.cache  # made when a test first asks: collecting this file in every worker stays cheap
def _imports():
    """Every gradcli import of every module: ``(importer, imported, node, inside a function, source line)``."""
    found = []
    for name, path in SOURCES.items():
        for statement in package_sources.module(path).imports:
            for target in _resolve(name, path, statement.node):
                if target in SOURCES and target != name:
                    found.append((name, target, statement.node, statement.in_function, statement.line))
    return found


def _layer(name):
    prefix = name
    while prefix not in LAYER_OF:
        assert "." in prefix, f"{name} has no layer: add it to LAYERS"
        prefix = prefix.rpartition(".")[0]
    return LAYER_OF[prefix]


def _cycles(edges):
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return groups


def test_every_module_has_a_layer():
    for name in SOURCES:
        _layer(name)


def test_no_import_cycle_anywhere():
    assert _cycles({(a, b) for a, b, *_ in _imports()}) == []


def test_a_cycle_is_found():
    assert _cycles({("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}) == [["a", "b", "c"]]


def test_each_module_imports_only_its_own_layer_or_lower_ones():
    upward = {
        f"{a} (layer {_layer(a)}) imports {b} (layer {_layer(b)})"
        for a, b, *_ in _imports()
        if _layer(b) > _layer(a)
    }
    assert upward == set()


def test_few_package_imports_inside_functions_each_lazy_for_a_reason():
    nested = sorted({(a, node.lineno, line) for a, b, node, inside, line in _imports() if inside and a.startswith(LAZY_PACKAGES)})
    assert [f"{a}:{n}" for a, n, line in nested if LAZY_MARK not in line] == []
    assert len(nested) <= MOST_LAZY_IMPORTS, "\n".join(f"{a}:{n} {line.strip()}" for a, n, line in nested)


def test_no_private_name_is_imported_from_another_package():
    private = set()
    for a, b, node, _, _ in _imports():
        if not isinstance(node, ast.ImportFrom):
            continue
        if _package_of(a, SOURCES[a]) == _package_of(b, SOURCES[b]):
            continue
        names = [alias.name for alias in node.names if alias.name.startswith("_") and not alias.name.startswith("__")]
        private.update(f"{a} imports {b}.{n}" for n in names if f"{b}.{n}" not in SOURCES)
    assert private == set()
