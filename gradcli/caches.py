"""Where gradcli keeps its caches (the user's cache folder), and what ``gradcli cache`` shows of each.

Kept apart from `gradcli.files`: the bytecode cache reads its folder first
thing in every process, before anything else of gradcli is imported.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


def user_cache_folder(paths=os.path):
    """The user's cache folder, under which gradcli keeps its caches (``paths``: this system's `os.path`).

    ``$XDG_CACHE_HOME`` where it is an absolute path, else ``~/.cache``: the
    XDG rule ignores a relative value, which would put the cache wherever the
    command happens to run.
    """
    base = os.environ.get("XDG_CACHE_HOME", "")
    return base if paths.isabs(base) else paths.join(paths.expanduser("~"), ".cache")


@dataclass(frozen=True)
class CacheUsage:
    """One of gradcli's caches as ``gradcli cache`` shows it: what it keeps, where, how many files and bytes."""

    name: str  # what the cache keeps, in words
    folder: str | None  # None: the cache is off
    files: int
    bytes: int
    note: str = ""  # why it is off, or what clearing it did


def folder_usage(folder, counted):
    """The number and total size of the files under ``folder`` whose name ``counted`` accepts (0, 0 if none)."""
    files = size = 0
    for root, _, names in os.walk(folder):
        for name in names:
            if counted(name):
                try:
                    size += os.stat(os.path.join(root, name)).st_size
                except OSError:
                    continue  # removed by another process meanwhile
                files += 1
    return files, size
