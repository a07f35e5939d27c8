"""The numbers a framework's library computes from the user's own before an operation reads them.

``F.smooth_l1_loss(x, y, beta=0.3)`` multiplies by 0.5 * beta, ``F.cross_entropy(..., label_smoothing=0.1)`` by
1 - 0.1 and 0.1 / n_classes, Keras's functional cross-entropy by 1 - 0.1: doubles the library's code makes of the
user's number, which a program in a narrower dtype holds in that dtype as it holds the user's own. The bridges
(`torch_graph`, `tf_bridge`) ask whether a float constant of a graph is such a number, to hold it as the user's.
"""

from __future__ import annotations

import functools
import math

import numpy as np

import gradcli.numpy as gnp

from .exact_constants import angle_of_pi, standing_for


_LARGEST_COUNT = 1 << 20  # a count of classes, of a batch's entries: a library's shapes, far below this


def shared_among_a_count(number, written):
    """Whether the float ``number`` is one of the user's numbers ``written`` divided by a whole count n >= 2, as the
    library's double division makes it: cross_entropy's label smoothing multiplies the smoothing term by
    ``label_smoothing / n_classes`` (0.1 / 3), which the program in a narrower dtype holds as it holds the user's.
    A number that stands for a constant or an angle p pi / q (a window's 2 pi / n) is the library's, as is any
    made of one."""
    if not number or angle_of_pi(number) is not None or standing_for(number) is not None:
        return False
    for h in written:
        if type(h) is not float or not math.isfinite(h) or standing_for(h) is not None or angle_of_pi(h) is not None:
            continue
        count = round(h / number) if math.isfinite(h / number) else 0
        if 2 <= count <= _LARGEST_COUNT and h / count == number:
            return True
    return False


# How a library's code (PyTorch's, Keras's) makes a number from the user's (or its forward call's) number ``h`` before a kernel reads
# it: one step of arithmetic with an exact constant, the same on floats and on exact numbers. Alpha dropout's affine
# map is three numbers of its probability and SELU's constant (PyTorch's ``_dropout_impl``); the slope of a power of a
# number in its exponent, ``h ** x``, multiplies by ``log h``, which PyTorch's rule computes in double precision.
_SELU_ALPHA = 1.7580993408473766
DERIVATIONS = {
    "h": lambda h: h,
    "h/2": lambda h: 0.5 * h,
    "2h": lambda h: 2.0 * h,
    "1-h": lambda h: 1.0 - h,
    "h-1": lambda h: h - 1.0,
    "h+1": lambda h: h + 1.0,
    "h^2": lambda h: h * h,
    "1/h": lambda h: 1.0 / h,
    "1/(1-h)": lambda h: 1.0 / (1.0 - h),
    "alpha dropout's a": lambda h: 1.0 / ((_SELU_ALPHA * _SELU_ALPHA * h + 1.0) * (1.0 - h)) ** 0.5,
    "alpha dropout's alpha a": lambda h: _SELU_ALPHA * DERIVATIONS["alpha dropout's a"](h),
    "alpha dropout's alpha a p": lambda h: _SELU_ALPHA * DERIVATIONS["alpha dropout's a"](h) * h,
    "log h": lambda h: math.log(h) if type(h) is float else gnp.log(h),
}


RULES_ONLY = {"log h"}  # derivations only a built-in backward rule makes (`torch_graph._rules_numbers`)


@functools.lru_cache(maxsize=256)
def derived_numbers(numbers):
    """``{number: (derivation, h)}``: the numbers a library computes from the user's ``numbers`` before an op reads
    them (`DERIVATIONS`: ``smooth_l1_loss``'s 0.5 * beta, ``logit``'s 1 - eps, ``pow``'s backward exponent - 1 and
    log of its base, a dropout's 1 / (1 - p)), from each number as written and as PyTorch's C++ reads it in float32 first (celu's
    backward multiplies by ``1.0 / alpha.toFloat()``). PyTorch hands such a number to a kernel of the narrower dtype
    as a scalar, which holds it in float32 as it holds the user's own."""
    found = {}
    nothing = {name: _of_nothing(derivation) for name, derivation in DERIVATIONS.items()}
    for h in numbers:
        for base in (h, float(np.float32(h))):
            for name, derivation in DERIVATIONS.items():
                try:
                    number = derivation(base)
                    if number == nothing[name]:  # 1 - 1e-200 is 1.0: the float keeps no trace of h
                        continue
                    found.setdefault(number, (name, h))
                except (ZeroDivisionError, OverflowError, ValueError):
                    pass
    return found


def _of_nothing(derivation):
    """A derivation's number at h = 0 (None where it has none): a number it gives for a tiny h as well tells nothing."""
    try:
        return derivation(0.0)
    except (ZeroDivisionError, OverflowError, ValueError):
        return None
