"""What an audit's worker processes import before their first case, and starting them before the spec is read.

Workers fork from a forkserver that has imported these (`gradcli.isolation`):
the checker, and what every case needs. Not scipy.special (digamma, polygamma
and gammaln's gradient in floats, 0.25-0.3 s of CPU, before any case could
start; erf, erfc, gammaln and xlogy take SciPy's ufuncs alone, see
`autodiff.ops_special`): the audit hands the cases that need it to one worker
(`run._next_for`), which imports it at the first. Nor sympy: a check needs it
only for the conjugate fix of radicands whose difference is not linear
(`gradcli.expr.like_terms` writes the others), a worker that meets such a case
imports it then, and every audit without one starts its cases 0.4 s of CPU
sooner. This module imports
neither NumPy nor the checker, so ``gradcli audit`` can start the
forkserver's imports before its own.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading

from ..isolation import PRELOAD as CHECK_PRELOAD
from ..isolation import start_forkserver, stop_resource_tracker

# gradcli.audit.decorator: what a target module marked @gradcli.audit imports; preload_begins first (it
# installs gradcli.audit.bytecode's hook, so that the rest of gradcli's modules are read from cached bytecode
# where Python is told to keep none beside them); between preload_begins and preload_ends, no garbage collection.
PRELOAD = (
    "gradcli.audit.preload_begins", "gradcli.audit.run", "gradcli.audit.decorator",
    *CHECK_PRELOAD, "gradcli.audit.preload_ends",
)


_started = []  # the stop of a forkserver `start_for_command_line` started, for `start_workers_early` to hand on


def start_workers_early():
    """Start the audit workers' forkserver now (its imports run meanwhile); returns a function that stops it if unused."""
    if _started:
        return _started.pop()
    return start_forkserver(PRELOAD)


def start_for_command_line(argv):
    """For ``python -m gradcli``: start the forkserver before the command line's own imports, if ``argv`` is a local audit of specs.

    The command line starts it anyway (`start_workers_early`), once its
    options are read; from here the forkserver starts 0.1-0.2 s sooner. Only
    where the command line would start it early too: no Python file or folder
    among the arguments (imported first, it may extend ``sys.path``), no Dask,
    no help. Read roughly, without the command's options: any argument that
    might be such a source is taken for one.
    """
    if not argv or argv[0] != "audit":
        return
    for arg in argv[1:]:
        if arg in ("--help", "-h", "dask", "--executor=dask") or arg.endswith(".py") or os.path.isdir(arg):
            return
    _started.append(start_forkserver(PRELOAD))


def stop_unused():
    """Stop a forkserver `start_for_command_line` started that the command line did not take (it read the arguments otherwise)."""
    while _started:
        _started.pop()()


def exit_now(code):
    """End ``gradcli audit`` with ``code`` once its exit handlers have run, without tearing down its interpreter.

    An audit's process holds its report's objects and the modules of its
    views; Python's teardown of them took 0.1 s after the last line was
    written, and whoever reads gradcli's output (a CI runner, a pipe) waited
    for it. Everything the audit writes is closed by then (reports, the
    journal), and its exit handlers (the forkserver's stop, multiprocessing's
    own) run here as at any exit; with a thread of its own still running
    (the Dask executor's), the exit is Python's usual one.
    """
    if not isinstance(code, int) or threading.active_count() > 1:
        return
    atexit._run_exitfuncs()
    stop_resource_tracker()  # it too holds gradcli's output open until its own exit, after gradcli's
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return  # a pipe gone or closed: Python's own exit reports it as it would have
    os._exit(code)
