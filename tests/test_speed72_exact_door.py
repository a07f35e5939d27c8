"""A call on exact numbers alone goes straight to the op's mpmath implementation: the same answer and the same forward
hook as the general path, which still takes every call with anything else among its arguments."""

import mpmath

import gradcli.numpy as gnp
from gradcli.autodiff import hooks
from gradcli.autodiff import mp as mp_core
from gradcli.autodiff.tracer import primitive_of


def _seen_by_the_hook(call):
    """``call()``'s answer and the (op name, argument types) the forward hook saw while it ran."""
    seen, saved = [], hooks.forward

    def watch(prim, args, kwargs, ans):
        seen.append((prim.name, tuple(type(a).__name__ for a in args)))

    hooks.forward = watch
    try:
        return call(), seen
    finally:
        hooks.forward = saved


def test_exact_numbers_alone_give_the_op_s_mpmath_answer_and_fire_the_hook():
    mp_core.enable()
    with mpmath.workdps(40):
        x, y = mpmath.mpf(1) / 3, mpmath.mpf(2) / 7
        for op, args in ((gnp.exp, (x,)), (gnp.log1p, (y,)), (gnp.multiply, (x, y)), (gnp.arctan2, (x, y)),
                         (gnp.subtract, (mpmath.mpc(1, 2), x))):
            answer, seen = _seen_by_the_hook(lambda: op(*args))
            assert answer == primitive_of(op).mp(*args)  # one code path: the implementation itself, once more
            assert seen == [(primitive_of(op).name, tuple(type(a).__name__ for a in args))]


def test_a_hook_s_answer_replaces_the_op_s_on_exact_numbers():
    mp_core.enable()
    saved = hooks.forward
    hooks.forward = lambda prim, args, kwargs, ans: mpmath.mpf(5)
    try:
        assert gnp.exp(mpmath.mpf(1) / 3) == 5
    finally:
        hooks.forward = saved


def test_a_float_beside_an_exact_number_still_takes_the_general_path():
    mp_core.enable()
    with mpmath.workdps(40):
        x = mpmath.mpf(1) / 3
        answer, seen = _seen_by_the_hook(lambda: gnp.multiply(x, 0.1))
        assert answer == x * mpmath.mpf(0.1)
        assert seen == [("multiply", ("mpf", "float"))]
        squares, seen = _seen_by_the_hook(lambda: gnp.square(gnp.array([x, x])))
        assert list(squares) == [x * x, x * x] and seen[-1][0] == "square"
