"""The log records a logger handles inside a block: the suite runs without pytest's logging plugin (`-p no:logging`
in pyproject.toml), so a test that reads what was logged keeps its own handler on the logger it reads.

pytest's plugin walks every logger of the process at each set-up, call and teardown, to attach its handlers to those
that do not propagate; with JAX's, PyTorch's and TensorFlow's loggers loaded that walk cost ~18 s of the workers' CPU
in a whole run, for the three tests that read a log.
"""

from __future__ import annotations

import contextlib
import logging


class _Kept(logging.Handler):
    def __init__(self):
        super().__init__(logging.NOTSET)
        self.records = []

    def emit(self, record):
        self.records.append(record)


@contextlib.contextmanager
def logged(name, level=None):
    """The records the logger ``name`` handles at ``level`` and above inside the block (its own filters applied), as
    a list that grows while the block runs; the logger's level put back after (``level`` None: left as it is, so the
    block sees what the logger's other handlers see)."""
    logger, kept = logging.getLogger(name), _Kept()
    before = logger.level
    if level is not None:
        logger.setLevel(level)
    logger.addHandler(kept)
    try:
        yield kept.records
    finally:
        logger.removeHandler(kept)
        logger.setLevel(before)


def text(records):
    """The records' messages, a line each."""
    return "\n".join(record.getMessage() for record in records)
