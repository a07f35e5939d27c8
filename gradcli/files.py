"""Files gradcli writes (reports): written whole or not at all, never half."""

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
    directory = os.path.dirname(os.path.abspath(path))
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".gradcli-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if temporary is not None and os.path.exists(temporary):
            os.remove(temporary)  # a failed write leaves neither a partial report nor litter
