"""Where the checker looks first: segments of equal bands in the samples, their anchors, a grid's choice.

Work grows with the segments of the vectorised run, not with the points or
with the noise at a tolerance's edge.
"""

from __future__ import annotations

import numpy as np

from ..checker.verdict import Verdict
from .classes import severity
from .results import NOT_CHECKED, OUT_OF_TIME


SUBSAMPLE = 8  # checked points spread over the range, besides both sides of every change of band
MAX_SEGMENTS = 32  # runs of one band in the samples; more (noise at a tolerance's edge) merge into mixed segments
MIXED_ANCHORS = 5  # checked points spread over a mixed segment
GRID_SUBSAMPLE = 6  # per axis of a 2-D grid, besides a few points of every band


def counts_by_status(intervals, held_by, checked):
    """Sampled points per status, from the index of the interval holding each (``checked``: judged by the checker).

    An interval out of time has no verdict to lend its points: the ones the
    checker tried count as "out of time", the others as "not checked".
    """
    held_by, checked = held_by.ravel(), np.asarray(checked, dtype=bool).ravel()
    per_interval = np.bincount(held_by, minlength=len(intervals))
    tried = np.bincount(held_by, weights=checked, minlength=len(intervals)).astype(int)
    found = {}
    for interval, count, timed_out in zip(intervals, per_interval.tolist(), tried.tolist()):
        if interval.kind == "out of time":
            found[OUT_OF_TIME] = found.get(OUT_OF_TIME, 0) + timed_out
            found[NOT_CHECKED] = found.get(NOT_CHECKED, 0) + count - timed_out
        else:
            found[interval.status] = found.get(interval.status, 0) + count
    return {s: found[s] for s in (*Verdict, OUT_OF_TIME, NOT_CHECKED) if found.get(s)}


def count_points(intervals, held_by):
    """Set each interval's ``points``: the sampled points it holds (``held_by``: the index of each one's interval)."""
    for interval, held in zip(intervals, np.bincount(held_by.ravel(), minlength=len(intervals)).tolist()):
        interval.points = held


def band_segments(bands):
    """The sampled points split where their band changes, as ``[first, last, mixed]`` index ranges.

    Near a tolerance the band alternates point by point; so runs shorter
    than a length are merged into mixed segments, the length doubling until
    at most MAX_SEGMENTS remain. Work then grows with the segments, not with
    the noise.
    """
    n = len(bands)
    changes = np.flatnonzero(bands[1:] != bands[:-1]) + 1
    starts, ends = np.r_[0, changes], np.r_[changes, n] - 1
    shortest = 1
    while True:
        segments = []
        for first, last in zip(starts.tolist(), ends.tolist()):
            short = last - first + 1 < shortest
            if short and segments and segments[-1][2]:
                segments[-1][1] = last
            else:
                segments.append([first, last, short])
        if len(segments) <= MAX_SEGMENTS:
            return segments
        shortest *= 2


def anchors(segments, n):
    """The points the checker judges first: the ends of every segment, inside mixed ones a few more, and a subsample."""
    chosen = set(np.linspace(0, n - 1, min(n, SUBSAMPLE)).round().astype(int).tolist())
    for first, last, mixed in segments:
        chosen.update(np.linspace(first, last, MIXED_ANCHORS if mixed else 2).round().astype(int).tolist())
    return sorted(chosen)


def grid_choice(bands, shape):
    """Grid points (flat indices) the checker judges: a regular subgrid and up to three points of every band."""
    rows = np.linspace(0, shape[0] - 1, min(shape[0], GRID_SUBSAMPLE)).round().astype(int)
    cols = np.linspace(0, shape[1] - 1, min(shape[1], GRID_SUBSAMPLE)).round().astype(int)
    chosen = {int(r * shape[1] + c) for r in rows for c in cols}
    for band in np.unique(bands):
        members = np.flatnonzero(bands == band)
        chosen.update(int(members[i]) for i in {0, len(members) // 2, len(members) - 1})
    return sorted(chosen)


def classes_by_band(bands, classes):
    """The classes of a grid, worst first, and each point's index among them.

    A point the checker judged has its own class; any other point the class
    the checker gave most often to points of its band (every band has some;
    on a tie, the worse).
    """
    votes = {}
    for index, point_class in classes.items():
        band = votes.setdefault(int(bands[index]), {})
        band[point_class] = band.get(point_class, 0) + 1
    by_band = {band: max(found, key=lambda c: (found[c], severity(c))) for band, found in votes.items()}
    found = sorted(set(by_band.values()) | set(classes.values()), key=lambda c: (severity(c), str(c[1]), c[2]), reverse=True)
    position = {c: i for i, c in enumerate(found)}
    unique_bands, inverse = np.unique(bands, return_inverse=True)
    held_by = np.array([position[by_band[int(b)]] for b in unique_bands])[inverse.ravel()]
    for index, point_class in classes.items():
        held_by[index] = position[point_class]
    return found, held_by
