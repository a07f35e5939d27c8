"""The exact FFT's kept roots of unity and chirp filters are the same numbers whichever run at a precision made them
first: a noise run rounding every op up must not leave its roots for the run that rounds to nearest."""

import mpmath
import numpy as np
import pytest

from gradcli.autodiff import fft_steps, ops_fft


def _fresh():
    ops_fft._roots_at.cache_clear()
    ops_fft._root_of_unity.cache_clear()
    fft_steps._FILTERS.clear()


def _signal(n):
    with mpmath.workprec(53):
        return np.array([mpmath.mpf(k) / 7 + mpmath.sin(k) for k in range(n)], dtype=object)


def _bins(n, mode):
    saved = mpmath.mp._prec_rounding[1]
    with mpmath.workprec(53):
        mpmath.mp._prec_rounding[1] = mode
        try:
            return list(ops_fft._dft_along(_signal(n), 0, False, None))
        finally:
            mpmath.mp._prec_rounding[1] = saved


@pytest.fixture(autouse=True)
def fresh_caches():
    _fresh()
    yield
    _fresh()


def test_roots_kept_by_a_run_rounding_up_leave_the_nearest_bins_as_they_are():
    alone = _bins(64, "n")
    _fresh()
    _bins(64, "c")
    after = _bins(64, "n")
    assert after == alone  # the same op on the same numbers: exact equality
    with mpmath.workprec(200):  # and they are the DFT: the defining sum, written from its definition
        x = _signal(64)
        truth = [mpmath.fsum(x[j] * mpmath.expjpi(mpmath.mpf(-2 * j * k) / 64) for j in range(64)) for k in range(64)]
        assert max(abs(a - t) for a, t in zip(after, truth)) < 1e-12 * max(abs(t) for t in truth)


def test_a_chirp_filter_kept_by_a_run_rounding_up_is_the_nearest_one():
    _bins(37, "n")
    alone = [list(made[37]) for made in fft_steps._FILTERS.values()]
    _fresh()
    _bins(37, "c")
    kept = [list(made[37]) for made in fft_steps._FILTERS.values()]
    assert len(alone) == len(kept) == 1
    assert kept == alone
