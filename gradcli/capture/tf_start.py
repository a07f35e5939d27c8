"""TensorFlow's import without its C++ start-up lines: what a check prints is gradcli's report, not TensorFlow's log.

TensorFlow honours ``TF_CPP_MIN_LOG_LEVEL`` for most of its C++ messages,
but some of its builds write a few lines through absl's logger before absl is
initialised (absl's notice that it writes to stderr, oneDNN's "custom
operations are on"), whatever the level. Those lines come from the shared
libraries' loading, during ``import tensorflow``, on file descriptor 2 and
not through Python's ``sys.stderr``: the import runs with that descriptor
pointed at a file, and what it wrote is written back to stderr without the
lines the chosen level would have dropped. Anything else (an error, a
Python warning) is kept, in its order.
"""

import os
import re
import sys
import tempfile

# absl's own notice, written once per shared library that logs before absl is initialised.
_ABSL_NOTICE = "WARNING: All log messages before absl::InitializeLog() is called are written to STDERR"
# absl's line prefix: severity letter, date, time, thread, file:line.
_ABSL_LINE = re.compile(r"^([IWEF])\d{4} [\d:.]+ +\d+ [^ \]]+:\d+\] ")
# TF_CPP_MIN_LOG_LEVEL's meaning: 1 drops info, 2 also warnings, 3 also errors.
_DROPPED_AT = {"I": 1, "W": 2, "E": 3}


def kept_lines(text, level):
    """The lines of ``text`` (what the import wrote to descriptor 2) that log level ``level`` keeps."""
    kept = []
    for line in text.splitlines(keepends=True):
        if level >= 1 and line.rstrip("\n") == _ABSL_NOTICE:
            continue
        severity = _ABSL_LINE.match(line)
        if severity and level >= _DROPPED_AT.get(severity.group(1), 99):
            continue
        kept.append(line)
    return "".join(kept)


def import_quietly():
    """Import TensorFlow (if it is not loaded yet and is installed), its start-up lines filtered by the level the
    environment's ``TF_CPP_MIN_LOG_LEVEL`` names; an import that fails is left to the user's own import to report."""
    if "tensorflow" in sys.modules:
        return
    try:
        level = int(os.environ.get("TF_CPP_MIN_LOG_LEVEL", "0"))
    except ValueError:
        level = 0
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as written:
        os.dup2(written.fileno(), 2)
        try:
            import tensorflow  # noqa: F401 - lazy: only a TensorFlow target loads it, and it takes seconds
        except Exception:  # noqa: BLE001 - the user's module imports it next and reports what is wrong, at its line
            pass
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        written.seek(0)
        text = written.read().decode("utf-8", errors="replace")
    kept = kept_lines(text, level)
    if kept:
        sys.stderr.write(kept)
        sys.stderr.flush()
