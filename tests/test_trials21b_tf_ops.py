"""Finding M3 of the twenty-first trials (b): TensorFlow's TridiagonalSolve had no replay (tf.linalg.tridiagonal_solve
was exit 2); it replays as the dense solve of the matrix its diagonals make, a batch matrix by matrix, in the forward
graph and in its gradient's (which solves the transposed system). Its Svd had none either (tf.linalg.svd, the nuclear
norm of tf_lib21b): it replays as gradcli's svd, below."""

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


# Finding M3's Svd: tf.linalg.svd had no replay (exit 2). It replays as gradcli's svd, (s, u, v) in TensorFlow's
# order (a loss reading the factors back, and each factor's signs, are held to TensorFlow's own numbers in
# test_tf58_svd.py); without compute_uv as the singular values alone, whose rule holds at a repeated or zero singular
# value.


def nuclear(a):
    return tf.reduce_sum(tf.linalg.svd(a, compute_uv=False))


def test_the_nuclear_norm_at_a_rank_one_matrix_is_the_cone_in_one_entry():
    """[[1, 0], [0, t]]: 1 + |t|; [[1, t], [0, 0]] and [[1, 0], [t, 0]] keep the rank: sqrt(1 + t^2), slope 0."""
    (result,) = gradcli.check(nuclear, [{"a": [[1.0, 0.0], [0.0, 0.0]]}], dtypes=("float64",),
                              framework="tensorflow", fixes=False).results
    assert result.status == "domain"
    exact = np.ravel(result.exact_gradient["a"]).astype(float)
    assert exact[:3].tolist() == [1.0, 0.0, 0.0] and np.isnan(exact[3])

