"""How results show themselves in a notebook: the HTML view a higher layer registers, asked for by ``_repr_html_``.

The checker, sweeps and audits know no view: their results call `html_view`,
and ``gradcli/__init__.py`` registers one that loads `gradcli.views` on the
first display. This module imports nothing, so ``import gradcli`` stays light.
"""

from __future__ import annotations

_HTML_VIEW = {}  # "render": the registered view, render(result) -> str


def register_html_view(render) -> None:
    """Set how notebooks show a check, sweep or audit result: ``render(result)`` returns its HTML."""
    _HTML_VIEW["render"] = render


def html_view(result):
    """``result`` as HTML by the registered view, for ``_repr_html_``; None when none is (Jupyter then shows its repr)."""
    render = _HTML_VIEW.get("render")
    return render(result) if render is not None else None
