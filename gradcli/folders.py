"""Whose code a file is, by the folder it lives in: gradcli's own, Python's standard library, the installed packages.

Each folder ends in its separator, so that a prefix test is a folder test: a user's ``gradcli_examples/`` beside
the package, or ``python3.11-extras/`` beside the standard library, is inside neither. An installed package's
file is told by its folder's name wherever it lies (a virtual environment's, a user's, Debian's), the same in
every caller.
"""

from __future__ import annotations

import os
from functools import lru_cache

GRADCLI_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "")


@lru_cache(maxsize=None)
def python_folders(*kinds):
    """The folders sysconfig calls ``kinds`` ("stdlib", "platstdlib", "purelib", "platlib"), absolute, with their
    separators."""
    import sysconfig  # lazy: ``import gradcli`` needs only gradcli's own folder

    paths = sysconfig.get_paths()
    return tuple(os.path.join(os.path.abspath(paths[kind]), "") for kind in kinds)


def outside_python_and_gradcli(filename):
    """Whether ``filename`` is a real file (not ``<stdin>``) outside gradcli, Python's library and the installed
    packages."""
    skipped = (GRADCLI_FOLDER, *python_folders("stdlib", "purelib", "platlib"))
    return not filename.startswith("<") and not os.path.abspath(filename).startswith(skipped)


# The folders packages are installed into: pip's, and Debian's for the system's Python (its python3-* packages).
INSTALLED_FOLDER_NAMES = ("site-packages", "dist-packages")
_INSTALLED = tuple(os.sep + name + os.sep for name in INSTALLED_FOLDER_NAMES)


def in_installed_package(path):
    """The part of ``path`` inside the last installed-packages folder it passes through (``jax/_src/lax/lax.py``),
    or None where it passes through none: a user's ``my-site-packages-notes/`` is no such folder."""
    cut = max(path.rfind(folder) for folder in _INSTALLED)
    if cut < 0:
        return None
    return path[path.index(os.sep, cut + 1) + 1:]


def installed_package_file(path):
    """Whether ``path`` lies inside an installed-packages folder (``site-packages`` or ``dist-packages``): where
    `in_installed_package` finds one, without cutting the path (`tracer` asks it op by op of each caller's file)."""
    return any(folder in path for folder in _INSTALLED)
