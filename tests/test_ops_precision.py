"""Every op's high-precision path, judged op by op against mpmath at 2,000 digits.

For each row of `ops_precision_table` (every op of the catalogue with a derivative, and
``gradcli.scipy``'s cheap ones), a tiny Python function calling the op is handed to the exact
reference at adversarial points (0, +-5e-324, +-1e-310, 1e-300, 1e-30, 1 +- 1e-15, +-800,
+-1e5, +-1e300, vectors mixing them, ties), on each of its paths: ``reference`` (what
``gradcli check`` runs: balls and their jets first) and ``mpmath`` (the same program replayed
on mpmath numbers, the path taken where balls cannot answer). The reference's value and each
partial derivative must be the oracle's to 1e-12 relative; a 0 only where the oracle's is 0;
where it has no answer it must say so (unsettled, out of time, a reason), never give a stand-in.

`make test` judges a bounded sample; the whole audit is

    python tests/test_ops_precision.py [--path reference|mpmath] [--only NAME] [--seconds 20]

which prints every disagreement and how many ops, points and paths it judged.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np
import pytest

if __name__ == "__main__":  # run as a script: this checkout's gradcli, not whichever one is installed
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

mpmath = pytest.importorskip("mpmath") if __name__ != "__main__" else __import__("mpmath")

import ops_precision_table as table  # noqa: E402

ORACLE_DIGITS = 2000
RELATIVE = 1e-12
PATHS = ("reference", "mpmath")


def oracle(row, point):
    """The oracle's (value, flat partials) at ``point``, at ORACLE_DIGITS; raises `table.Undefined`."""
    with mpmath.workdps(ORACLE_DIGITS):
        args = [[mpmath.mpf(float(e)) for e in a] if isinstance(a, np.ndarray) else mpmath.mpf(float(a)) for a in point]
        try:
            value, partials = row.oracle(*args)
        except (ZeroDivisionError, ValueError, OverflowError) as error:  # OverflowError: mpmath cannot there
            raise table.Undefined(str(error)) from None
        flat = [e for p in partials for e in (p if isinstance(p, list) else [p])]
        for number in [value, *flat]:
            table._real(number)
        return +value, [+e for e in flat]


def exact_reference(row, point, path, seconds):
    """The exact reference of ``row.function`` at ``point`` on ``path`` (an `Exact`)."""
    from gradcli.checker import balls, exact_python, reference
    from gradcli.checker.targets import resolve

    target = resolve(row.function)
    budget = balls.Budget(seconds)
    if path == "mpmath":  # the replay on mpmath numbers: what runs where balls cannot answer
        original = exact_python.compute
        exact_python.compute = lambda *args, **kwargs: False
        try:
            return reference.compute(target, list(point), budget=budget)
        finally:
            exact_python.compute = original
    return reference.compute(target, list(point), budget=budget)


def _entries(exact):
    from gradcli.checker.precision import flat_entries

    return [exact.value] + [e for g in exact.gradient for e in flat_entries(g)]


def _close(got, want):
    if got is None:
        return False
    got = mpmath.mpf(got)
    if not mpmath.isfinite(got):
        return False
    if want == 0 or got == 0:
        return got == want  # a 0 only where the truth is 0, and a tiny truth is a number, not 0
    return abs(got - want) <= RELATIVE * abs(want)


def judge(row, point, path, seconds=20.0):
    """What the reference gets wrong at ``point``: a list of messages (empty: right), or None when it says it
    has no answer. Raises `table.Undefined` where the mathematics has no derivative there."""
    value, partials = oracle(row, point)
    exact = exact_reference(row, point, path, seconds)
    if exact.unsettled or exact.out_of_time or not exact.determined:
        return None
    if exact.error:
        return [f"an error where the oracle has an answer: {exact.error}"]
    problems = []
    if exact.kinks or exact.singular:
        problems.append(f"a kink or singularity reported where the op is smooth: {exact.kinks or exact.singular}")
    got = _entries(exact)
    names = ["value"] + [f"d/d{i}" for i in range(len(partials))]
    if len(got) != len(names):
        return problems + [f"{len(got)} numbers where the oracle has {len(names)}"]
    for name, g, want in zip(names, got, [value, *partials]):
        if not _close(g, want):
            shown = None if g is None else mpmath.nstr(mpmath.mpf(g), 15)
            problems.append(f"{name}: the reference says {shown}, the truth is {mpmath.nstr(want, 15)}")
    return problems


def audit(rows, paths=PATHS, seconds=20.0, report=print, keep=None, progress=None):
    """Judge every row at every point on every path; returns (counts, findings), counts of the points judged,
    without a reference and where the op has no derivative."""
    counts = {"judged": 0, "unanswered": 0, "undefined": 0}
    findings = []
    for row in rows:
        if progress is not None:
            progress(row.name)
        for point in row.points:
            if keep is not None and not keep(row, point):
                continue
            for path in paths:
                try:
                    problems = judge(row, point, path, seconds)
                except table.Undefined:
                    counts["undefined"] += 1
                    break
                if problems is None:
                    counts["unanswered"] += 1
                    continue
                counts["judged"] += 1
                if problems:
                    findings.append((row.name, _shown(point), path, problems))
                    report(f"{row.name} at {_shown(point)} [{path}]: " + "; ".join(problems))
    return counts, findings


def _shown(point):
    return "(" + ", ".join(repr(list(map(float, a))) if isinstance(a, np.ndarray) else repr(float(a)) for a in point) + ")"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--path", choices=PATHS, action="append")
    parser.add_argument("--only", action="append", help="a row's name (repeatable)")
    parser.add_argument("--kind", action="append", help="unary, binary, vector, linear or matrix (repeatable)")
    parser.add_argument("--seconds", type=float, default=20.0)
    options = parser.parse_args()
    rows = [r for r in table.rows() if (not options.only or r.name in options.only)
            and (not options.kind or r.kind in options.kind)]
    start = time.monotonic()
    def progress(name):
        print(f"# {time.monotonic() - start:6.0f} s: {name}", flush=True)

    counts, findings = audit(rows, tuple(options.path or PATHS), options.seconds,
                             report=lambda line: print(line, flush=True), progress=progress)
    print(f"{len(rows)} ops, {sum(len(r.points) for r in rows)} points: {counts['judged']} judged, "
          f"{counts['unanswered']} without a reference, {counts['undefined']} where the op has no derivative; "
          f"{len(findings)} disagreements in {time.monotonic() - start:.0f} s")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
