"""The truths of the tests/test_linalg64_*.py files: spectral functions of S = (a + a^T) / 2 at a repeated eigenvalue,
their gradients in a computed by mpmath at 40 digits from expressions of the mathematics that never decompose S:
tr(S^3)'s 3 S^2, log det's S^-1, and sum(C * f(S)) for f = expm or sqrtm differentiated along each entry of a
(mpmath's expm is a Taylor series, its sqrtm Denman and Beavers' iteration); and what a framework's NaN rule there
is held to (`assert_a_nan_rule_is_wrong`)."""

import inspect

import mpmath
import numpy as np

PAIR_AT_ONE = [[1.0, 0.0], [0.0, 1.0]]  # 1 twice: every basis of the plane is eigh's
PAIR_AT_TWO = [[2.0, 0.0], [0.0, 2.0]]
TRIPLE_AT_TWO = [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 2.0]]
# 2 twice, its space spanned by (1, -1, 0) / sqrt 2 and e_2, no pair of axes, and 5 on (1, 1, 0) / sqrt 2
TURNED = [[3.5, 1.5, 0.0], [1.5, 3.5, 0.0], [0.0, 0.0, 2.0]]
WEIGHTS = [[0.3, -1.2, 0.5], [0.7, 2.0, -0.4], [0.1, 0.2, 1.5]]


def _symmetric_part(a):
    m = mpmath.matrix(a)
    return (m + m.T) / 2


def _as_floats(m):
    return np.array([[float(m[i, j]) for j in range(m.cols)] for i in range(m.rows)])


def cubed_trace_slope(a):
    """d tr(S^3) / da = 3 S^2."""
    with mpmath.workdps(40):
        s = _symmetric_part(a)
        return _as_floats(3 * s * s)


def log_det_slope(a):
    """d log det S / da = S^-1 (S symmetric)."""
    with mpmath.workdps(40):
        return _as_floats(mpmath.inverse(_symmetric_part(a)))


def weighted_slope(a, function, weights, symmetric=True):
    """d sum(C * f(S)) / da_ij, each along a_ij alone, by mpmath's differentiation at 40 digits (S = a itself where
    not ``symmetric``). Where S is a's symmetric part, a_ij and a_ji move S alike: their slopes are one, asked once."""
    n = len(a)
    out = np.zeros((n, n))
    with mpmath.workdps(40):
        c = mpmath.matrix([row[:n] for row in weights[:n]])
        for i in range(n):
            for j in range(i if symmetric else 0, n):

                def along(t, i=i, j=j):
                    moved = mpmath.matrix(a)
                    moved[i, j] += t
                    f = function(_symmetric_part(moved) if symmetric else moved)
                    return mpmath.fsum(c[r, k] * f[r, k] for r in range(n) for k in range(n))

                out[i, j] = float(mpmath.diff(along, 0))
                if symmetric:
                    out[j, i] = out[i, j]
    return out


def assert_a_nan_rule_is_wrong(result, function, exact_gradient):
    """`wrong` against the exact gradient ``exact_gradient`` (its zeros proven: exact 0s), the rule's NaN at high
    precision named at the function's first line, where it calls eigh (in float64 a pair the kernel's rounding split
    may give a finite gradient, a NaN only at the exact tie)."""
    messages = [f.message for f in result.findings]
    assert result.status == "wrong", (result.status, messages)
    exact = np.asarray(result.exact_gradient["a"], dtype=object).astype(float)
    np.testing.assert_allclose(exact, exact_gradient, rtol=1e-12, atol=1e-300)
    assert np.all(exact[np.asarray(exact_gradient) == 0] == 0)
    line = f"{inspect.getsourcefile(function).rsplit('/', 1)[-1]}:{function.__code__.co_firstlineno + 1}"
    rule = next(f for f in result.findings if f.kind == "nonfinite-rule")
    assert rule.location.endswith(line) and "even at high precision" in rule.message, (rule.location, line)
