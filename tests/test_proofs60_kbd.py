"""SciPy's Kaiser-Bessel-derived window in gradcli.scipy: SciPy's floats in a dtype, and in an exact run the square
roots of a Kaiser window's running sums over its whole, mirrored, so entries n and n + M/2 square to 1 together
(Princen-Bradley, an MDCT's perfect reconstruction) by algebra, not by balls."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.scipy.signal import windows as gwindows

MODULE = """
import numpy as np
from scipy.signal import get_window, windows


def overlap(x, y):
    w = windows.kaiser_bessel_derived(16, 4.0)
    named = get_window(("kbd", 3.0), 12, fftbins=False)
    return x * (w[3] ** 2 + w[11] ** 2 - 1 + np.sum(named[:6] ** 2 + named[6:] ** 2 - 1)) + y * w[2]
"""


def _kbd_entry(k, m, beta):
    """Entry k < m/2 of the KBD window of m entries, from its definition in mpmath at 40 digits."""
    with mpmath.workdps(40):
        half = m // 2
        kaiser = [mpmath.besseli(0, beta * mpmath.sqrt(1 - (mpmath.mpf(2 * j) / half - 1) ** 2)) for j in range(half + 1)]
        return float(mpmath.sqrt(mpmath.fsum(kaiser[:k + 1]) / mpmath.fsum(kaiser)))


def test_scipys_floats_in_a_dtype():
    import scipy.signal.windows

    assert np.array_equal(gwindows.kaiser_bessel_derived(10, 3.0), scipy.signal.windows.kaiser_bessel_derived(10, 3.0))
    with pytest.raises(ValueError):  # SciPy's own refusal of an odd length
        gwindows.kaiser_bessel_derived(9, 3.0)


def test_the_overlapping_halves_square_to_1(tmp_path):
    path = tmp_path / "kbd.py"
    path.write_text(MODULE)
    # before: exit 2, "a SciPy function gradcli.scipy does not have"; get_window's "kbd" too
    (result,) = gradcli.check(f"{path}:overlap", [{"x": 1.5, "y": -0.5}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_gradient["x"] == 0.0
    assert result.exact_gradient["y"] == pytest.approx(_kbd_entry(2, 16, 4.0), rel=1e-14)
