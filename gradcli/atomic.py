"""Files written whole or not at all: reports and plots never left half-written by a crash."""

from __future__ import annotations

import os
import tempfile

from .errors import InputError


def write_atomically(path, write, suffix=".tmp"):
    """Call ``write(temporary_path)`` on a file beside ``path``, then move it onto ``path``.

    The temporary file sits in the same folder, so ``os.replace`` is one rename;
    on failure it is removed and an `InputError` (exit 2) names the path.
    """
    directory = os.path.dirname(os.path.abspath(path))
    temporary = None
    try:
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


def _umask():
    """The process's umask (read by setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
