"""The views package: results know no view, a notebook's view loads on first display, verdicts look one way everywhere."""

import ast
import pathlib
import subprocess
import sys

import gradcli
from gradcli import display
from gradcli.checker.verdict import SEVERITY
from gradcli.views.formatting import COLOURS, STATUS_STYLE, VERDICT_LOOKS, styled

import package_sources

PACKAGE = pathlib.Path(gradcli.__file__).parent
BELOW_THE_VIEWS = ("autodiff", "expr", "checker")


def _imported_modules(path):
    """Every module ``path`` imports, top level or inside a function, as written (``..views.html``, ``gradcli.views``)."""
    found = []
    for node in (statement.node for statement in package_sources.module(path).imports):
        if isinstance(node, ast.ImportFrom):
            found += ["." * node.level + (node.module or "") + "." + alias.name for alias in node.names]
        else:
            found += [alias.name for alias in node.names]
    return found


def test_no_layer_below_the_views_imports_one():
    upward = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for package in BELOW_THE_VIEWS
        for path in package_sources.files(PACKAGE / package)
        for name in _imported_modules(path)
        if ".views" in name or name.startswith("gradcli.views")
    ]
    assert upward == []


def test_no_private_name_of_the_views_is_imported_elsewhere():
    private = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in package_sources.files(PACKAGE)
        if path.parent.name != "views"
        for name in _imported_modules(path)
        if "views" in name and name.rsplit(".", 1)[-1].startswith("_")
    ]
    assert private == []


def test_import_gradcli_loads_no_view():
    probe = "import sys, gradcli; print(sorted(m for m in sys.modules if m.startswith(('gradcli.views', 'gradcli.checker'))))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_a_result_without_a_registered_view_has_no_html(monkeypatch):
    monkeypatch.setattr(display, "_HTML_VIEW", {})
    report = gradcli.check("x*x", [{"x": 1.0}], dtypes=("float64",), fixes=False)
    assert report._repr_html_() is None
    display.register_html_view(lambda result: f"<p>{result.target}</p>")
    assert report._repr_html_() == "<p>x*x</p>"


def test_every_verdict_has_one_look_in_every_format():
    assert set(VERDICT_LOOKS) == set(STATUS_STYLE) == set(COLOURS) == {str(v) for v in SEVERITY}
    assert styled(SEVERITY[2]) == "[yellow]unstable[/]" and styled("unknown") == "[white]unknown[/]"
