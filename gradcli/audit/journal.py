"""The journal of an audit run: every finished case, kept as the run goes, so a stopped run loses none.

An audit writes one JSON line per finished case to
``.gradcli/journal-<key>.jsonl`` in the folder it runs in, the key a hash of
the cases as loaded (targets, points, options, timeouts) and the shard, so a
changed spec or other flags never pick up another run's results. Each line
goes to the file in one ``write`` on a file opened for appending, as the case
finishes: a run stopped at any moment (Ctrl-C, a killed CI job, a lost Dask
worker) leaves every finished case readable and at worst a last line cut
short, which is ignored. A thread of the journal's own then takes the lines
to the disk (``fsync``, against a crash of the machine itself): on a busy
disk that took 10-35 ms a case, during which the run could neither read a
worker's answer nor send it its next case. Closing the journal waits for it, except
for a run that finished, whose journal is removed at once: its last lines need no sync. ``gradcli audit --resume`` reads the journal and runs
only the cases it lacks; a run that finishes removes its journal.
"""

from __future__ import annotations

import hashlib
import json
import errno
import os
import threading

from .._version import __version__
from .baseline import case_from_dict

FOLDER = ".gradcli"


def journal_path(cases, shard, folder=".") -> str:
    """Where the journal of a run of ``cases`` (shard ``(i, n)`` or None) is kept."""
    key = hashlib.sha256(repr((__version__, list(cases), shard)).encode("utf-8")).hexdigest()[:16]
    return os.path.join(folder, FOLDER, f"journal-{key}.jsonl")


_NO_FSYNC = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP}  # file systems (pipes, some FUSE) that cannot sync


class Journal:
    """The finished cases of one run, read back (``resume``) or started afresh, and appended to as cases finish."""

    def __init__(self, path, resume=False):
        self.path = path
        self.finished, self.seconds = ({}, 0.0) if not resume else _read(path)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | (0 if resume else os.O_TRUNC)
        self.descriptor = os.open(path, flags, 0o666)
        self._written = threading.Condition()  # lines written since the last fsync, or the journal closing
        self._unsynced = self._closing = self._removing = False
        self._syncer = None
        self._failed = None  # an fsync's error other than "not supported here", raised at close

    def record(self, result, elapsed):
        """Keep ``result`` (its ``index`` set), finished ``elapsed`` seconds into the whole run, resumed runs included."""
        line = json.dumps({"index": result.index, "elapsed": elapsed, "case": result.to_dict()}) + "\n"
        os.write(self.descriptor, line.encode("utf-8"))  # one write: a line is whole or cut short, never mixed
        with self._written:
            self._unsynced = True
            self._written.notify()
        if self._syncer is None:
            self._syncer = threading.Thread(target=self._sync, name="gradcli journal", daemon=True)
            self._syncer.start()

    def _sync(self):
        """The syncing thread: ``fsync`` whenever lines were written since the last, until the journal closes."""
        while True:
            with self._written:
                while not (self._unsynced or self._closing):
                    self._written.wait()
                if not self._unsynced or self._removing:
                    return  # nothing left to sync, or a finished run's journal, removed next: no disk write to wait for
                self._unsynced = False
            try:
                os.fsync(self.descriptor)
            except OSError as error:
                if error.errno not in _NO_FSYNC:  # a failing disk is the run's to report, at close
                    self._failed = error
                    return
                # A file system without fsync: every line is in the file already, as a stopped run needs.

    def close(self, finished_run=False):
        """Stop writing (once; later calls do nothing); a run that finished removes its journal, since nothing is left to resume."""
        if self.descriptor is None:
            return
        if self._syncer is not None:
            with self._written:
                self._closing, self._removing = True, finished_run
                self._written.notify()
            self._syncer.join()  # the last lines on the disk (a stopped run's), and no thread left to keep the process from its exit
        os.close(self.descriptor)
        self.descriptor = None
        if self._failed is not None:
            raise self._failed
        if finished_run:
            os.remove(self.path)
            try:
                os.rmdir(os.path.dirname(os.path.abspath(self.path)))  # no litter after a run that finished
            except OSError:
                pass  # other journals (other specs or shards, stopped) are still in it


def _read(path):
    """The cases a journal holds by index, and the seconds the run had taken when the last finished."""
    finished, seconds = {}, 0.0
    try:
        with open(path, encoding="utf-8") as stream:
            lines = stream.read().split("\n")
    except FileNotFoundError:
        return finished, seconds
    for line in lines:
        try:
            entry = json.loads(line)
            result = case_from_dict(entry["case"])
        except (KeyError, TypeError, ValueError):
            continue  # a line cut short by the stop, or the empty one after the last newline
        result.index = entry["index"]
        finished[result.index] = result
        seconds = max(seconds, float(entry.get("elapsed", 0.0)))
    return finished, seconds
