"""Files gradcli writes (reports, plots): written whole or not at all, never half."""

from __future__ import annotations

import os
import tempfile

from .errors import InputError


def shown_path(filename):
    """A file's path as the user would type it here: relative to the working folder when inside it."""
    path = os.path.abspath(filename)
    relative = os.path.relpath(path, os.getcwd())
    return path if relative.startswith("..") else relative


def write_atomically(path, text):
    """Write ``text`` to ``path`` so that a crash or an error never leaves it half-written.

    The text goes to a temporary file beside ``path``, which then replaces it
    in one step; an error (an unwritable folder, a full disk) raises
    `InputError` and leaves neither a partial file nor the temporary one.
    """

    def write(temporary):
        with open(temporary, "w", encoding="utf-8") as stream:
            stream.write(text)

    replace_atomically(path, write)


def replace_atomically(path, write, suffix=".tmp"):
    """Call ``write(temporary_path)`` on a new file beside ``path``, then put it in ``path``'s place in one step.

    For writers that want a file name, not text (matplotlib's savefig); errors
    as `write_atomically`. ``suffix`` ends the temporary file's name.
    """
    directory = os.path.dirname(os.path.abspath(path))
    temporary = None
    try:
        os.makedirs(directory, exist_ok=True)  # as pytest makes the folder of --junitxml
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".gradcli-", suffix=suffix)
        os.close(handle)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private; a report or plot is an ordinary file
        write(temporary)
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if temporary is not None and os.path.exists(temporary):
            os.remove(temporary)  # a failed write leaves neither a partial file nor litter


def check_writable(path, option):
    """Make sure a report can be written to ``path`` later: its folder made, a trial file created and removed.

    Called before a run starts, so a path that cannot be written fails at
    once (exit 2, naming ``option``), not after every case has run.
    """
    if os.path.isdir(path):
        raise InputError(f"{option} {path}: is a folder; give a file name")

    directory = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(directory, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".gradcli-", suffix=".check")
    except OSError as error:
        raise InputError(f"{option} {path}: cannot write there: {error.strerror or error}") from None
    os.close(handle)
    os.remove(temporary)  # creating it proved the folder takes files; the report replaces ``path`` the same way


def _umask():
    """The process's umask (read by setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
