"""Whose code a file is, by the folder it lives in: gradcli's own, Python's standard library, the installed packages.

Each folder ends in its separator, so that a prefix test is a folder test: a user's ``gradcli_examples/`` beside
the package, or ``python3.11-extras/`` beside the standard library, is inside neither.
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
