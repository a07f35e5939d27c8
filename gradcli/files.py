"""Files gradcli writes (reports, plots): written whole or not at all, never half."""

from __future__ import annotations

import os
import tempfile

from .errors import InputError


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
