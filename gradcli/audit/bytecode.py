"""gradcli's own modules compiled once and kept in the user's cache folder where Python is told to write no bytecode.

``PYTHONDONTWRITEBYTECODE`` (``python -B``) keeps ``__pycache__`` folders out
of source trees, and Python then compiles every module it finds no bytecode
for, in every process: an installed package has its bytecode from the
install, but gradcli run from its source (a checkout, an editable install)
compiled about 90 modules in each audit's forkserver, a quarter of what that
process does before any case can run. `install` (called by ``python -m
gradcli`` and by `preload_begins`, first in the audit forkserver's preload
list; importing this module alone changes nothing, so that gradcli used as a
library never writes to the user's cache) keeps the
bytecode of gradcli's own modules, and only of them, under the user's cache
folder (`gradcli.caches.user_cache_folder`: ``gradcli/bytecode/`` then the
source's absolute path), never beside the source: no ``__pycache__`` appears
anywhere, the user's modules and every other package still get none, and
nothing changes where the flag is not set. A cached file is read only when
its header names this Python and the source's modification time and size,
as Python's own ``__pycache__`` files are; one that cannot be read or
written is compiled from source as before. The first process of a new copy
of gradcli (a fresh clone, a moved checkout) also removes the bytecode kept
for copies whose sources are gone, so the folder holds the copies that exist.
"""

from __future__ import annotations

import _imp
import marshal
import os
import shutil
import sys
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    ExtensionFileLoader,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from importlib.util import MAGIC_NUMBER

from ..caches import CacheUsage, folder_usage, user_cache_folder
from ..folders import GRADCLI_FOLDER

PACKAGE = os.path.dirname(GRADCLI_FOLDER)  # the gradcli folder as a path, without its separator (as sys.path names it)


def cache_folder(paths=os.path):
    """Where gradcli's bytecode is kept when Python writes none beside the sources (``paths``: this system's `os.path`)."""
    return paths.join(user_cache_folder(paths), "gradcli", "bytecode")


def cached_path(source_path, paths=os.path):
    """The cache file of ``source_path`` for this Python and its optimization level (``paths``: this system's `os.path`).

    The source's absolute path, made relative, goes under `cache_folder`: a
    Windows drive (``C:``, or ``\\\\server\\share``) becomes a folder of its own,
    since joined as it is it would replace the cache folder and put the
    bytecode beside the sources.
    """
    drive, rest = paths.splitdrive(paths.splitext(paths.abspath(source_path))[0])
    separators = paths.sep + (paths.altsep or "")
    parts = [part for part in (drive.replace(":", "").strip(separators), rest.lstrip(separators)) if part]
    level = sys.flags.optimize
    name = f"{parts.pop()}.{sys.implementation.cache_tag}{f'.opt-{level}' if level else ''}.pyc"
    return paths.join(cache_folder(paths), *parts, name)


class CachedSourceLoader(SourceFileLoader):
    """A source loader that reads and writes the module's bytecode in `cache_folder`, whatever ``sys.dont_write_bytecode``."""

    def get_code(self, fullname):
        source_path = self.get_filename(fullname)
        try:
            stat = os.stat(source_path)
        except OSError:
            return super().get_code(fullname)
        # Python's own header of a timestamp-checked file: magic, flags 0, mtime and size (each 32 bits).
        header = MAGIC_NUMBER + bytes(4) + _u32(int(stat.st_mtime)) + _u32(stat.st_size)
        path = cached_path(source_path)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
            if data[:16] == header:
                code = marshal.loads(memoryview(data)[16:])
                # As Python's own loader does: the file may have been compiled from another path to the same source
                # (a moved checkout), and tracebacks must name this one.
                _imp._fix_co_filename(code, source_path)
                return code
        except (OSError, ValueError, EOFError, TypeError):
            pass  # none yet, or unreadable: compiled from source below
        code = self.source_to_code(self.get_data(source_path), source_path)
        _write(path, header + marshal.dumps(code))
        return code


def _u32(number):
    return (number & 0xFFFFFFFF).to_bytes(4, "little")


def _write(path, data):
    """Write ``data`` at ``path`` whole or not at all (processes that compile the same module at once each replace it whole)."""
    partial = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(partial, "wb") as handle:
            handle.write(data)
        os.replace(partial, path)
    except OSError:
        try:
            os.unlink(partial)
        except OSError:
            pass  # never written: nothing to remove


def _inside_package(path):
    full = os.path.abspath(path or ".")
    return full == PACKAGE or full.startswith(PACKAGE + os.sep)


def _finder_for(path):
    """The path hook: a finder of gradcli's folders whose sources use `CachedSourceLoader`; other folders are not ours."""
    if not _inside_package(path):
        raise ImportError("not a folder of gradcli")
    return FileFinder(
        path,
        (ExtensionFileLoader, EXTENSION_SUFFIXES),
        (CachedSourceLoader, SOURCE_SUFFIXES),
        (SourcelessFileLoader, BYTECODE_SUFFIXES),
    )


def install():
    """Keep gradcli's bytecode in `cache_folder` from now on in this process, if Python is told to write none."""
    if not sys.dont_write_bytecode or _finder_for in sys.path_hooks:
        return
    if not os.path.isdir(_kept_folder_of(PACKAGE)):
        prune_gone_copies()
    sys.path_hooks.insert(0, _finder_for)
    for path in [p for p in sys.path_importer_cache if isinstance(p, str) and _inside_package(p)]:
        del sys.path_importer_cache[path]  # found by the plain finder: asked again, the hook answers


def _kept_folder_of(package, paths=os.path):
    """The folder under `cache_folder` that mirrors the gradcli source folder ``package``."""
    return paths.dirname(cached_path(paths.join(package, "__init__.py"), paths))


def _source_of(kept, paths=os.path):
    """The source folder whose bytecode ``kept`` (a folder under `cache_folder`) holds, or None where not one.

    The mirror is read back (a POSIX root, or a Windows drive's folder) and
    accepted only where `cached_path` maps it to ``kept`` again.
    """
    parts = paths.relpath(kept, cache_folder(paths)).split(paths.sep)
    candidates = [paths.sep + paths.join(*parts)]
    if len(parts) > 1:
        candidates.append(parts[0] + ":" + paths.sep + paths.join(*parts[1:]))
    return next((c for c in candidates if _kept_folder_of(c, paths) == kept), None)


def prune_gone_copies(paths=os.path):
    """Remove the bytecode kept for copies of gradcli whose source folder no longer exists; the number removed.

    A copy's bytecode is a folder named ``gradcli`` under `cache_folder`
    holding gradcli's own subpackages; one whose source cannot be read back,
    or still exists, is kept.
    """
    root, removed = cache_folder(paths), 0
    for here, folders, _ in os.walk(root):
        if paths.basename(here) == "gradcli" and {"checker", "autodiff"} & set(folders):
            folders[:] = []  # a copy's own subfolders hold no other copy
            source = _source_of(here, paths)
            if source is not None and not paths.isdir(source):
                shutil.rmtree(here, ignore_errors=True)  # another process pruning at once: harmless
                removed += 1
                _remove_empty_parents(paths.dirname(here), root, paths)
    return removed


def _remove_empty_parents(folder, root, paths=os.path):
    """Remove ``folder`` and its parents below ``root`` while each is empty: a pruned copy leaves no bare folders."""
    while folder.startswith(root + paths.sep):
        try:
            os.rmdir(folder)
        except OSError:
            return  # not empty: it holds another copy or another process's file
        folder = paths.dirname(folder)


def usage(clear=False):
    """The bytecode cache as ``gradcli cache`` shows it, emptied first if ``clear`` (the folder is gradcli's alone)."""
    where = cache_folder()
    note = ""
    if clear:
        removed = folder_usage(where, _counted)[0]
        shutil.rmtree(where, ignore_errors=True)  # a file another process writes meanwhile stays: harmless
        note = f"removed {removed} files"
    return CacheUsage("bytecode of gradcli's own modules", where, *folder_usage(where, _counted), note)


def _counted(name):
    return name.endswith(".pyc")
