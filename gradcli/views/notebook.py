"""Results in a notebook: the HTML Jupyter shows for a check, a sweep or an audit (their ``_repr_html_``).

The result classes know no view: ``gradcli/__init__.py`` registers a callable
that calls `html` (`gradcli.display.register_html_view`), so this module is
first loaded when a notebook first shows a result.
"""

from __future__ import annotations

from .html import STYLE, render_audit, render_check, render_sweep


def html(result) -> str:
    """A result as a styled HTML fragment for a notebook cell: no page around it and no script to run."""
    if hasattr(result, "cases"):
        body = render_audit(result)
    else:
        data = result.to_dict()
        body = render_sweep(data) if data["schema"] == "gradcli.sweep/1" else render_check(data)
    return f'<div class="gradcli"><style>{STYLE}</style>{body}</div>'
