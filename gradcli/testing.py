"""Gradient assertions for your own tests: ``assert_gradients_ok`` fails with gradcli's diagnosis.

>>> from gradcli.testing import assert_gradients_ok
>>> assert_gradients_ok("log(1+exp(x))", [1.0, 50.0], dtypes=("float64",))
"""

from __future__ import annotations

from dataclasses import fields

from .checker import check
from .checker.options import build_options
from .errors import InputError
from .views.formatting import beyond_float, exact_gradient_shown, finding_underline

__all__ = ["assert_gradients_ok", "GradientCheckError"]


class GradientCheckError(AssertionError):
    """A gradient check failed; the message lists every failing point with its findings."""

    def __init__(self, message, report):
        super().__init__(message)
        self.report = report


def assert_gradients_ok(target, points, options=None, **changes):
    """Check ``target`` at ``points`` and raise `GradientCheckError` unless every result passes.

    It is `gradcli.check` without the search for fixes, with the same options
    and defaults, so an assertion passes exactly when the check does.

    ``target`` is a formula, ``"module:function"`` or a callable written with
    ``gradcli.numpy``; ``points`` are numbers (one variable) or
    ``{variable: value}`` dicts. ``options`` (a `gradcli.CheckOptions`) and
    keyword ``changes`` to it (``dtypes``, ``wrt``, ``rtol``, ``atol``, ``fail_on``,
    ...) are `gradcli.check`'s, merged as every entry point merges them (`build_options`:
    a change of None leaves the option as it was; an unknown name is an
    `InputError`). Returns the report when it passes. The error's
    message names each finding's op (and file:line, for a Python target),
    underlines it in the formula or source line and ends with each failing
    result's notes and the report's, as a terminal check prints them: the pytest fixture
    ``gradcheck`` shows this message as it is.
    """
    __tracebackhide__ = True  # pytest reports the failure at the test's line, not in here
    # The one merge every entry point uses (spec, decorator, CLI): the options, then the changes.
    defaults = {f.name: getattr(options, f.name) for f in fields(options)} if options is not None else {}
    try:
        report = check(target, points, build_options(defaults, changes, {"fixes": False}))
    except InputError as error:
        # Bad input is the caller's to mend: its one-paragraph message at their call, without the frames of
        # gradcli's parser or checker that found it (this frame is hidden too).
        raise error.with_traceback(None) from None
    failing = report.failing
    if not failing:
        return report
    lines = [f"gradient check of {report.target} failed at {len(failing)} of {len(report.results)} results:"]
    for r in failing:
        point = ", ".join(f"{k}={v}" for k, v in r.point.items())
        lines.append(
            f"  {point} [{r.dtype}]: {r.status}; value {r.value} (exact {beyond_float(r.exact_value, r.exact_value_text, 10)}), "
            f"gradient {r.gradient} (exact {exact_gradient_shown(r.exact_gradient, r.exact_gradient_text)})"
        )
        for f in r.findings:
            where = f" at {f.location}" if f.location else ""
            lines.append(f"    {f.phase} {f.op}{where}: {f.message}")
            shown = finding_underline(report, f, indent="      ")
            if shown:
                lines.append(shown)
        if r.error:
            lines.append(f"    raised {r.error}")
        lines.extend(f"    note: {note}" for note in r.notes)
    # The report's own notes (a dtype the program refuses, a narrowed constant) as a terminal check prints them.
    lines.extend(f"note: {note}" for note in report.notes)
    raise GradientCheckError("\n".join(lines), report)
