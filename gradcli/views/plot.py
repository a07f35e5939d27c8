"""Plots of a sweep (``--plot FILE.png|FILE.svg``): bits lost against the input, or a 2-D verdict map.

matplotlib is the ``plot`` extra and is imported only when a plot is made;
`check_path` refuses a bad path (or a missing matplotlib) before a sweep runs.
"""

from __future__ import annotations

import os

from ..checker.dtypes import mantissa_bits
from ..checker.verdict import SEVERITY, Verdict
from ..errors import InputError
from ..files import check_writable, replace_atomically
from ..sweep.results import OUT_OF_TIME
from .formatting import COLOURS, float_text, number

FORMATS = ("png", "svg")
# How the sweep spaced its points is how the axis is drawn (float: bit patterns, closest to symlog).
AXIS_SCALE = {"linear": "linear", "log": "log", "symlog": "symlog", "float": "symlog"}


def check_path(path):
    """The format of a plot file (``png`` or ``svg``); InputError for another extension, a folder that cannot be written (a missing one is made) or no matplotlib."""
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    if extension not in FORMATS:
        raise InputError(f"--plot {path}: the file name ends in .png or .svg (the format)", text=path, span=(len(path) - len(extension), len(path)))
    check_writable(path, "--plot")
    try:
        import matplotlib  # noqa: F401 - the plot extra, loaded only to see that it is installed
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install 'gradcli[plot]'") from None
    return extension


def plot_sweep(result, path):
    """Draw ``result`` into ``path`` (format from its extension), written whole or not at all."""
    extension = check_path(path)
    import matplotlib  # the plot extra, heavy: loaded only when a plot is drawn

    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt  # the plot extra: loaded only when a plot is drawn

    figure = _map_figure(plt, result) if len(result.ranges) == 2 else _bits_figure(plt, result)
    try:
        replace_atomically(path, lambda temporary: figure.savefig(temporary, format=extension, dpi=100), suffix="." + extension)
    finally:
        plt.close(figure)


def _bits_figure(plt, result):
    """1-D: per dtype, bits lost in the value and the gradient against the input, NaN/Inf shaded, thresholds marked.

    Points out of time (the checker gave them no verdict) draw no bits: their span is shaded and labelled instead,
    as the table lists them without a verdict.
    """
    (name, swept), = result.ranges.items()
    figure, axes = plt.subplots(len(result.dtypes), 1, figsize=(9, 2.8 * len(result.dtypes) + 0.6), sharex=True, squeeze=False)
    for ax, (dtype, d) in zip(axes[:, 0], result.dtypes.items()):
        # The scale of the check's "52 of 53 bits lost": 100% relative error is the stored bits, one fewer than all.
        bits = mantissa_bits(dtype)
        if d.samples is not None:
            x = d.samples.axes[name]
            judged = _judged(d.samples)
            _shade_nonfinite(ax, x, d.samples, judged)
            _shade(ax, x, ~judged, "#e0e0e0", f"{OUT_OF_TIME}: no verdict")
            ax.plot(x, _drawn(d.samples.value_bits, judged), ".-", ms=3, lw=1, color="#1f77b4", label="value")
            ax.plot(x, _drawn(d.samples.gradient_bits, judged), ".-", ms=3, lw=1, color="#d62728", label="gradient")
        else:
            ax.text(0.5, 0.5, "per-point errors not recorded", transform=ax.transAxes, ha="center", color="grey")
        ax.set_xscale(AXIS_SCALE[swept.scale])
        ax.set_xlim(swept.lo, swept.hi)
        _mark_thresholds(ax, d.thresholds, dtype, bits)
        ax.set_ylim(-0.5, bits + 0.5)
        ax.set_ylabel(f"{dtype}\nbits lost (of {bits})")
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(loc="best", fontsize=8)
    axes[-1, 0].set_xlabel(name + _held(result))
    figure.suptitle(f"gradcli sweep {result.target}: error in bits against the exact result")
    figure.tight_layout()
    return figure


def _judged(samples):
    """Per point, whether the checker gave the interval holding it a verdict (not out of time)."""
    import numpy as np  # NumPy loads only when a plot is drawn

    return np.asarray(samples.kind, dtype=object) != OUT_OF_TIME


def _drawn(bits, judged):
    """Bits lost where they are drawn: points out of time and non-finite results (the shaded bands) left out."""
    import numpy as np  # NumPy loads only when a plot is drawn

    bits = np.asarray(bits, dtype=float)
    return np.where(np.isfinite(bits) & judged, bits, np.nan)


def _mark_thresholds(ax, thresholds, dtype, top):
    """A dashed line at each change of verdict, labelled with it and its first float; a dotted one where the verdict stays (the kind, the failing part or the loss of every bit changes).

    Labels stay inside the axes and are staggered over three heights, so that near thresholds stay readable.
    """
    changes = [t for t in thresholds if t.before != t.after]
    for t in thresholds:
        if t.before == t.after:
            ax.axvline(t.next, color="grey", lw=0.6, ls=":")
    for i, t in enumerate(changes):
        ax.axvline(t.next, color="black", lw=0.8, ls="--")
        right_half = ax.transAxes.inverted().transform(ax.transData.transform((t.next, 0)))[0] > 0.6
        ax.annotate(
            f"{t.before}→{t.after}\n{t.variable}={float_text(t.next, dtype)}",
            (t.next, top),
            xytext=(-3 if right_half else 3, -2 - 22 * (i % 3)),
            textcoords="offset points",
            ha="right" if right_half else "left",
            va="top",
            fontsize=7,
            bbox={"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.8},
        )


def _shade_nonfinite(ax, x, samples, judged):
    """Shade each run of judged points where the value or a partial derivative is NaN or infinite."""
    import numpy as np  # NumPy loads only when a plot is drawn

    values = [np.asarray(samples.value, dtype=float), *(np.asarray(g, dtype=float) for g in samples.gradient.values())]
    nan = np.zeros(len(x), bool)
    inf = np.zeros(len(x), bool)
    for v in values:
        nan |= np.isnan(v)
        inf |= np.isinf(v)
    _shade(ax, x, nan & judged, "#ffcdd2", "NaN")
    _shade(ax, x, inf & ~nan & judged, "#ffe0b2", "Inf")


def _shade(ax, x, mask, colour, label):
    """Shade each run of points in ``mask`` out to halfway to its neighbours, the legend naming it once."""
    for k, (start, stop) in enumerate(_runs(mask)):
        lo = x[start] if start == 0 else (x[start - 1] + x[start]) / 2
        hi = x[stop - 1] if stop == len(x) else (x[stop - 1] + x[stop]) / 2
        ax.axvspan(lo, hi, color=colour, alpha=0.8, lw=0, label=label if k == 0 else None)


def _runs(mask):
    """(start, stop) of every run of True in a boolean array."""
    import numpy as np  # NumPy loads only when a plot is drawn

    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(int), [0]])))
    return list(zip(edges[::2], edges[1::2]))


def _held(result):
    return "".join(f"   ({v} = {number(x, 6)})" for v, x in result.fixed.items())


def _map_figure(plt, result):
    """2-D: per dtype, each grid point coloured by its verdict; the axes are the two swept variables."""
    import numpy as np  # NumPy loads only when a plot is drawn
    from matplotlib.colors import BoundaryNorm, ListedColormap  # matplotlib loads only when a plot is drawn
    from matplotlib.patches import Patch

    (first, r1), (second, r2) = result.ranges.items()
    order = [str(v) for v in SEVERITY]
    colours = ListedColormap([COLOURS[s] for s in order])
    norm = BoundaryNorm(np.arange(len(order) + 1) - 0.5, len(order))
    figure, axes = plt.subplots(1, len(result.dtypes), figsize=(4.8 * len(result.dtypes) + 0.6, 4.6), squeeze=False)
    seen = set()
    for ax, (dtype, d) in zip(axes[0], result.dtypes.items()):
        if d.samples is None:
            ax.text(0.5, 0.5, "per-point verdicts not recorded", transform=ax.transAxes, ha="center", color="grey")
        else:
            status = np.asarray(d.samples.status, dtype=object)
            codes = np.vectorize(lambda s: order.index(str(Verdict(s))), otypes=[int])(status)
            seen.update(status.ravel().tolist())
            ax.pcolormesh(d.samples.axes[first], d.samples.axes[second], codes.T, cmap=colours, norm=norm, shading="nearest")
        ax.set_xscale(AXIS_SCALE[r1.scale])
        ax.set_yscale(AXIS_SCALE[r2.scale])
        ax.set_xlabel(first)
        ax.set_ylabel(second)
        ax.set_title(dtype)
    handles = [Patch(color=COLOURS[s], label=s) for s in order if s in seen]
    if handles:
        figure.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False)
    figure.suptitle(f"gradcli sweep {result.target}: verdict per point" + _held(result))
    figure.tight_layout(rect=(0, 0.08, 1, 1))
    return figure
