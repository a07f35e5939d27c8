"""Audits: many gradient checks and sweeps in one run, for CI and for reports (README, "Audits").

A case comes from a TOML spec (`spec`), from a function decorated with
``@gradcli.audit(...)`` (`decorator`), or from a test; the runner (`run`)
checks each in a worker process of its own and gathers an `AuditReport`, of
which every report format is a view.

This package is itself the decorator: ``gradcli.audit`` is the package once
any of its modules is imported (Python sets the attribute), so the package
object is made callable and ``@gradcli.audit(at=[...])`` works either way, as
does the bare ``@gradcli.audit``.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    """A module that, called, is the `gradcli.audit.decorator.audit` decorator."""

    def __call__(self, *function, **settings):
        from .decorator import audit  # lazy: the checker and NumPy, which `gradcli audit` loads after starting its workers

        return audit(*function, **settings)


sys.modules[__name__].__class__ = _CallablePackage
