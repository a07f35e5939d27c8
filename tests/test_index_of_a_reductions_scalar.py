"""A reduction's scalar indexed as NumPy indexes its scalars (``s[None]``, ``s[()]``) in the exact reference too.

np.sum returns a NumPy scalar, which takes ``[None]`` (a 1-vector) and ``[()]`` (itself); the exact reference's sum
returns a bare mpmath number or ball, which took neither ("'mpf' object is not subscriptable": no verdict).
"""

import numpy

import gradcli
import gradcli.numpy as np


def leading_axis(x):
    return np.sum(np.sum(x * x)[None] * 2.0)


def scalar_index(x):
    s = np.sum(x * x)
    return (s[None] + s[()])[0]


def test_a_reductions_scalar_takes_a_new_axis_and_the_empty_index_at_high_precision():
    for fun in (leading_axis, scalar_index):
        (result,) = gradcli.check(fun, [dict(x=numpy.array([1.0, 2.0]))], dtypes=["float64"]).results
        assert result.status == "ok", (fun.__name__, result.notes)
        assert result.exact_value == 10.0
        assert [float(v) for v in result.exact_gradient["x"]] == [4.0, 8.0]
