"""NumPy's windows in an exact run: their first half computed, the rest its mirror image (`windows._entries_of`); and
SciPy's cosine sums, each cosine of the angles 2 pi j / (M - 1) computed once (`windows._cosines`)."""

import mpmath
import numpy as np
import pytest

from gradcli.autodiff import mp as mp_core, ops, scipy_windows, tracer, windows

COEFFICIENTS = {"hanning": (0.5, 0.5, 0), "hamming": (0.54, 0.46, 0), "blackman": (0.42, 0.5, 0.08)}


def _exactly(make):
    mp_core.enable()
    with mpmath.workprec(120), tracer.constants_exact(lambda v: np.vectorize(mpmath.mpf, otypes=[object])(v)):
        return make()


def _exact_window(name, M):
    return _exactly(lambda: windows._entries_of(getattr(windows, "_" + name), M))


@pytest.mark.parametrize("M", [2, 3, 4, 9, 10, 65])
@pytest.mark.parametrize("name", ["hanning", "hamming", "blackman", "bartlett"])
def test_each_entry_is_the_windows_mathematics(name, M):
    got = _exact_window(name, M)
    assert len(got) == M
    with mpmath.workprec(120):
        for k, entry in enumerate(got):
            if name == "bartlett":
                true = 1 - abs(mpmath.mpf(2 * k) / (M - 1) - 1)
            else:
                a, b, c = (mpmath.mpf(repr(v)) for v in COEFFICIENTS[name])  # the decimals written, not their floats
                angle = 2 * mpmath.pi * k / (M - 1)
                true = a - b * mpmath.cos(angle) + c * mpmath.cos(2 * angle)
            assert abs(entry - true) <= mpmath.mpf(2) ** -100
        assert got[0] == got[-1] and got[1] == got[-2]


def _cosines_counted(monkeypatch):
    angles = []
    cos = ops.cos

    def counted(x):
        angles.append(np.size(x))
        return cos(x)

    monkeypatch.setattr(ops, "cos", counted)
    return angles


@pytest.mark.parametrize("name, calls", [("hanning", 1), ("blackman", 2)])
def test_a_long_windows_cosines_are_its_first_halfs(monkeypatch, name, calls):
    angles = _cosines_counted(monkeypatch)
    _exact_window(name, 2001)
    assert angles == [1001] * calls  # 2001 entries: cos(2 pi j / 2000) for j = 0 .. 1000 (before: 2001 per term)


@pytest.mark.parametrize("name, terms", [("_blackman", 2), ("_flattop", 4)])
def test_a_cosine_sums_angles_are_each_computed_once(monkeypatch, name, terms):
    angles = _cosines_counted(monkeypatch)
    window = _exactly(lambda: scipy_windows._symmetric(getattr(scipy_windows, name), 2001, ()))
    assert angles == [1001] * terms  # cos(2 pi k n / 2000) for every n: angles 2 pi j / 2000, j = 0 .. 1000
    assert window[3] == window[-4] and abs(float(window[0]) - float(window[-1])) == 0
