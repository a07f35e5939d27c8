"""tf.linalg.diag, set_diag and diag_part off the main diagonal (k != 0), with num_rows, num_cols and padding_value,
replayed as TensorFlow computes them (round 69d's F5: diag(off, k=1) was replayed as the main diagonal's 4 x 4, and the
check was an error where TensorFlow ran the function). A band of diagonals (a pair k) is refused by name."""

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")


def diagonals(x):
    a = tf.linalg.diag(x[:3], k=1) + tf.linalg.diag(x[:3], k=-1)
    c = tf.linalg.diag(x[:3], k=-2, num_rows=5, num_cols=4, padding_value=0.5)
    b = tf.linalg.set_diag(tf.reshape(tf.range(16, dtype=x.dtype), (4, 4)), x[1:4] * 2, k=1)
    weights = tf.reshape(tf.range(16, dtype=x.dtype), (4, 4))
    return (tf.reduce_sum(a * a * weights) + tf.reduce_sum(c * c * tf.range(4, dtype=x.dtype))
            + tf.reduce_sum(tf.linalg.diag_part(b, k=1) * b[0, 1:]) + tf.reduce_sum(tf.linalg.diag_part(a, k=-1) ** 3))


def heat(kappa):
    main = kappa[:-1] + kappa[1:]
    off = -kappa[1:-1]
    a = tf.linalg.diag(main) + tf.linalg.diag(off, k=1) + tf.linalg.diag(off, k=-1)
    return tf.reduce_sum(tf.linalg.solve(a, tf.ones((4, 1), dtype=kappa.dtype)))


@pytest.mark.parametrize("fun, point", [(diagonals, [0.5, -1.0, 2.0, 3.0]), (heat, [1.0, 2.0, 0.5, 1.0, 3.0])])
def test_diagonals_off_the_main_one_are_tensorflows(fun, point):
    x = tf.constant(point, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = fun(x)
    slope = tape.gradient(value, x).numpy()
    [result] = gradcli.check(fun, [{"x" if fun is diagonals else "kappa": np.array(point)}], dtypes=["float64"],
                             fixes=False).results
    assert result.status == "ok", (result.status, result.notes, [f.message for f in result.findings])
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-13)
    np.testing.assert_allclose(np.asarray(list(result.exact_gradient.values())[0], dtype=float), slope, rtol=1e-12)


def band(x):
    return tf.reduce_sum(tf.linalg.diag_part(tf.reshape(x, (2, 2)), k=(-1, 1)))


def test_a_band_of_diagonals_is_refused_by_name():
    [result] = gradcli.check(band, [{"x": np.array([1.0, 2.0, 3.0, 4.0])}], dtypes=["float64"], fixes=False).results
    assert result.status == "error"
    assert "band" in str(result.error) or "band" in " ".join(result.notes), (result.error, result.notes)
