"""XLA's compiled programs kept for the test session: JAX's compilation cache in a folder of the session's.

A pytest plugin (``tests/conftest.py`` names it). Many JAX tests compile a
program another test has compiled already: JAX's own trace caches are emptied
where the bridge needs a trace afresh (`jax_modes.afresh`), each load of a
user's file is a new function, the CLI run in a subprocess starts with nothing,
and the two pytest-xdist workers compile apart. JAX's persistent compilation
cache, pointed at one folder for the whole run (the controller makes it; the
workers and the subprocesses they start find it in their environment), hands
each such program back from that folder instead of compiling it again: the
same executable XLA made the first time, so every number is the one a fresh
compilation gives. The folder starts empty in every run (nothing is carried
from one run to the next) and is removed at the session's end.

Only the tests use it: gradcli itself never turns JAX's cache on. gradcli's
own folder of executables (``gradcli/capture/jax_cache.py``) is turned off for
the session (``GRADCLI_XLA_CACHE=off``): it would skip the compilations the
tests count and the failures they plant in ``Lowered.compile``, and the suite
writes nothing into the user's own cache folder; the tests of that folder
point it at folders of their own. JAX records its compilation event
(``backend_compile_duration``) for a program its cache hands back as for one
XLA compiles, so the tests counting compilations count what the bridge asked
for either way.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile

FOLDER = "JAX_COMPILATION_CACHE_DIR"
SIZE = "JAX_COMPILATION_CACHE_MAX_SIZE"
_NEVER_FULL = 1 << 40  # the session's size limit: bytes no run comes near
GRADCLI_FOLDER = "GRADCLI_XLA_CACHE"  # gradcli's own cache of executables (`jax_cache.VARIABLE`)
_SETTINGS = {  # every program is kept, however quick its compilation and small its executable
    "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
    "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "0",
}
_made = []  # the folder this process made (the controller's), removed at its end


def pytest_configure(config):
    """The session's folder made and named in the environment, before any process of the run imports JAX."""
    os.environ[GRADCLI_FOLDER] = "off"  # whatever the caller's shell says: the tests count and fail compilations
    if os.environ.get(FOLDER):  # a worker (the controller's folder) or a run the caller pointed elsewhere
        return
    folder = tempfile.mkdtemp(prefix="gradcli-xla-programs-")
    _made.append(folder)
    os.environ[FOLDER] = folder
    for name, value in _SETTINGS.items():
        os.environ.setdefault(name, value)
    if importlib.util.find_spec("filelock") is not None:
        # A size limit makes JAX hold a file lock around each read and write of the folder: without it, a process
        # can read a program another one is still writing (a warning, and a compilation after all).
        os.environ.setdefault(SIZE, str(_NEVER_FULL))


def pytest_runtest_setup(item):
    """Once JAX is loaded in this process, its cache's writes skip the search for entries to evict from a folder
    that never fills.

    With a size limit, JAX looks for entries to evict before each write: it
    reads the size and last use of every entry in the folder, under the lock,
    so a run's thousands of writes cost the square of its entries (~20 s of
    the workers' CPU in a whole run, and the other processes wait on the lock
    meanwhile). Below the session's limit nothing is ever evicted, so the
    search is skipped; a cache made with a smaller limit (a test's own) keeps
    JAX's search. Only the workers, which write nearly all the entries.
    """
    lru = sys.modules.get("jax._src.lru_cache")
    cache = getattr(lru, "LRUCache", None)
    if cache is None or getattr(cache, "_gradcli_session_never_full", False):
        return
    searched = cache._evict_if_needed

    def evicted_if_needed(self, *, additional_size=0):
        if getattr(self, "max_size", 0) >= _NEVER_FULL:
            return
        searched(self, additional_size=additional_size)

    cache._evict_if_needed, cache._gradcli_session_never_full = evicted_if_needed, True


def pytest_unconfigure(config):
    for folder in _made:
        shutil.rmtree(folder, ignore_errors=True)
        if os.environ.get(FOLDER) == folder:
            del os.environ[FOLDER]
    _made.clear()
