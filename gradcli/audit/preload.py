"""What an audit's worker processes import before their first case, and starting them before the spec is read.

Workers fork from a forkserver that has imported these (`gradcli.isolation`):
the checker, and the decorator a target module marked ``@gradcli.audit``
imports. Its imports are the audit's longest wait: nothing runs a case until
they are done. So it leaves out what only some cases need, which the worker
that first needs it imports: sympy (0.45 s; a conjugate or similar rewrite
among a failing case's fixes is simplified with it) and scipy.special (0.3 s;
erf and its kin in floats). Three of the issue-31 benchmark's 103 formula
cases need each; imported here, every audit would wait for both.
This module imports neither NumPy nor the checker, so ``gradcli audit`` can
start the forkserver's imports before its own.
"""

from __future__ import annotations

from ..isolation import PRELOAD as CHECK_PRELOAD
from ..isolation import start_forkserver

PRELOAD = ("gradcli.audit.run", "gradcli.audit.decorator", *CHECK_PRELOAD)


def start_workers_early():
    """Start the audit workers' forkserver now (its imports run meanwhile); returns a function that stops it if unused."""
    return start_forkserver(PRELOAD)
