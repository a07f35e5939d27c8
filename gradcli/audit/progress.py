"""An audit's progress on stderr: a rich bar on a terminal, one plain line per case in a CI log."""

from __future__ import annotations

import sys
import time


class Progress:
    """Called as each case finishes (``progress(result, done, total)``); a context manager around the run."""

    def __init__(self, stream=None):
        self.stream, self.failing = stream or sys.stderr, 0
        self.bar = None
        self.start = time.perf_counter()

    def __enter__(self):
        if _is_terminal(self.stream):
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn

            self.bar = Bar(
                TextColumn("audit"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[failing]} failing"),
                TimeElapsedColumn(), console=Console(file=self.stream, emoji=False), transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("audit", total=None, failing=0)
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()

    def __call__(self, result, done, total):
        self.failing += result.status != "pass"
        if self.bar is not None:
            self.bar.update(self.task, total=total, completed=done, failing=self.failing)
            return
        elapsed = time.perf_counter() - self.start
        detail = f": {result.error}" if result.error else ""
        self.stream.write(f"[{done}/{total}] {result.status:<5} {result.name} ({result.seconds:.1f} s, {elapsed:.0f} s elapsed){detail}\n")
        self.stream.flush()


def _is_terminal(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
