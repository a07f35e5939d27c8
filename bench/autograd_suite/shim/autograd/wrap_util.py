"""autograd.wrap_util's unary_to_nary: an operator on a one-argument function made to take any argument(s)."""

import functools


def _substituted(args, argnum, x):
    args = list(args)
    if isinstance(argnum, int):
        args[argnum] = x
    else:
        for n, value in zip(argnum, x):
            args[n] = value
    return tuple(args)


def unary_to_nary(unary_operator):
    """``op(f, x, ...)`` as ``op(f, argnum=0, ...)(*args)``; ``argnum`` a tuple makes ``x`` a tuple of arguments."""

    @functools.wraps(unary_operator)
    def nary_operator(fun, argnum=0, *op_args, **op_kwargs):
        def nary_f(*args, **kwargs):
            def unary_f(x):
                return fun(*_substituted(args, argnum, x), **kwargs)

            unary_f.__name__ = getattr(fun, "__name__", "f")
            x = args[argnum] if isinstance(argnum, int) else tuple(args[n] for n in argnum)
            return unary_operator(unary_f, x, *op_args, **op_kwargs)

        return nary_f

    return nary_operator
