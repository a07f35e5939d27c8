"""Finding M3 of the twenty-first trials (b): TensorFlow's TridiagonalSolve had no replay (tf.linalg.tridiagonal_solve
was exit 2); it replays as the dense solve of the matrix its diagonals make, a batch matrix by matrix, in the forward
graph and in its gradient's (which solves the transposed system)."""

import mpmath
import numpy as np
import tensorflow as tf

import gradcli

RHS = [[[1.0], [0.0], [2.0]], [[-1.0], [0.5], [0.25]]]


def batched_energy(d):
    """Two tridiagonal systems (not symmetric) in the compact form, their diagonals d, the solutions' squared norms summed."""
    off = tf.constant([[-1.0, -1.0, 0.0], [0.5, -0.25, 0.0]], dtype=d.dtype)
    low = tf.constant([[0.0, -0.5, 2.0], [0.0, 1.0, 0.75]], dtype=d.dtype)
    diagonals = tf.stack([off, d, low], axis=1)
    u = tf.linalg.tridiagonal_solve(diagonals, tf.constant(RHS, dtype=d.dtype))
    return tf.reduce_sum(u ** 2)


def _energy(d):
    total = 0
    for k, (up, lo, rhs) in enumerate(zip([[-1, -1], ["0.5", "-0.25"]], [["-0.5", 2], [1, "0.75"]], RHS)):
        up, lo = [mpmath.mpf(v) for v in up], [mpmath.mpf(v) for v in lo]
        m = mpmath.matrix([[d[k][0], up[0], 0], [lo[0], d[k][1], up[1]], [0, lo[1], d[k][2]]])
        total += sum(v ** 2 for v in mpmath.lu_solve(m, mpmath.matrix([r[0] for r in rhs])))
    return total


def test_a_batch_of_tridiagonal_systems_replays_with_its_gradient():
    at = [[2.0, 2.0, 2.0], [1.5, -3.0, 2.5]]
    (result,) = gradcli.check(batched_energy, [{"d": at}], dtypes=("float64",), framework="tensorflow").results
    with mpmath.workdps(40):
        flat = [mpmath.mpf(v) for row in at for v in row]
        truth = []
        for i in range(6):
            def along(t, i=i):
                moved = list(flat)
                moved[i] = t
                return _energy([moved[:3], moved[3:]])
            truth.append(float(mpmath.diff(along, flat[i])))
    assert result.status == "ok"
    np.testing.assert_allclose(np.ravel(result.exact_gradient["d"]), truth, rtol=1e-12, atol=0)
