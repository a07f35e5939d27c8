"""Every way a gradcli.numpy function picks a float constant holds it exact in an exact run, on balls and mpmath.

A constant joined to the run's numbers (a concatenation, a stack of a list, an append) is made exact where it is
joined; a constant a function makes or moves on constants alone (a where of constants, a list made an array, a
fill, a clip) is held exact where the user's code receives it, so NumPy's own ``c * c`` on a pick of it cannot
round inside the run. Each spelling squares the pick of 0.3: the exact square of the float 0.3, not float64's 0.09.
"""

from __future__ import annotations

import contextlib

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp

W = (1e200, 2.2250738585072014e-308, 5e199)


def by_where_of_constants(w):
    c = gnp.where(w > 1, 0.2, 0.3)[1]
    return c * c


def by_concatenate_beside(w):
    return (gnp.concatenate([w, np.array([0.3])]) ** 2)[3]


def by_concatenate_of_constants(w):
    return (gnp.concatenate([np.array([0.2]), np.array([0.3])]) ** 2)[1]


def by_a_list_beside(w):
    return (gnp.array([w[0], 0.3]) ** 2)[1]


def by_a_list_of_constants(w):
    c = gnp.array([0.2, 0.3])[1]
    return c * c


def by_stack_of_constants(w):
    c = gnp.stack([0.2, 0.3])[1]
    return c * c


def by_append(w):
    return (gnp.append(w, 0.3) ** 2)[3]


def by_hstack(w):
    return (gnp.hstack([w, [0.3]]) ** 2)[3]


def by_full(w):
    c = gnp.full(3, 0.3)[1]
    return c * c


def by_clip_of_a_constant(w):
    c = gnp.clip(0.3, 0.0, 1.0)
    return c * c


def by_pad(w):
    return (gnp.pad(w, (0, 1), constant_values=0.3) ** 2)[3]


def by_product_of_joined_constants(w):
    return gnp.prod(gnp.concatenate([w[:1] * 0 + 1, np.array([0.3, 0.3])]))


SPELLINGS = [by_where_of_constants, by_concatenate_beside, by_concatenate_of_constants, by_a_list_beside,
             by_a_list_of_constants, by_stack_of_constants, by_append, by_hstack, by_full, by_clip_of_a_constant,
             by_pad, by_product_of_joined_constants]


def _numbers(kind):
    """W as the run's numbers of ``kind`` (the precision is the caller's: `_at_400_bits`)."""
    from flint import arb

    return np.array([arb(v) if kind == "balls" else mpmath.mpf(v) for v in W], dtype=object)


@contextlib.contextmanager
def _at_400_bits(kind):
    """The run's precision 400 bits: flint's for balls (mpmath's stays as a ball run leaves it), mpmath's for mpmath."""
    from flint import ctx

    saved = ctx.prec
    ctx.prec = 400 if kind == "balls" else saved
    try:
        with mpmath.workprec(400 if kind == "mpmath" else mpmath.mp.prec):
            yield
    finally:
        ctx.prec = saved


def _as_mpf(value):
    from flint import arb

    from gradcli.autodiff.values import raw

    value = raw(value)
    value = value.item() if isinstance(value, np.ndarray) else value
    return mpmath.mpf(value.mid().str(130, radius=False)) if isinstance(value, arb) else mpmath.mpf(value)


@pytest.fixture(scope="module")
def exact_runs():
    from gradcli.autodiff import arb

    arb.enable()


@pytest.mark.parametrize("kind", ["balls", "mpmath"])
@pytest.mark.parametrize("spelling", SPELLINGS, ids=lambda f: f.__name__)
def test_the_square_of_a_picked_constant_is_the_exact_square(exact_runs, spelling, kind):
    from gradcli.checker.targets import resolve

    with _at_400_bits(kind):
        answer = resolve(spelling).mp_function(_numbers(kind))
    with mpmath.workprec(400):
        got = _as_mpf(answer)
        truth = mpmath.mpf(0.3) ** 2
        assert abs(got - truth) <= truth * mpmath.mpf(2) ** -300, (spelling.__name__, kind, got - truth)


def test_a_float_run_keeps_numpy_s_floats(exact_runs):
    # Outside an exact run the same calls answer NumPy's float64 numbers, bit for bit what NumPy gives.
    assert by_where_of_constants(np.array(W)) == np.float64(0.3) * np.float64(0.3)
    assert type(gnp.array([0.2, 0.3])) is np.ndarray and gnp.array([0.2, 0.3]).dtype == np.float64
    assert gnp.full(2, 0.3).dtype == np.float64
