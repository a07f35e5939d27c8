"""TensorFlow's polygamma(a, x): the order a is a float tensor, read entry by entry, NaN where an entry is no whole
number >= 0 (as TensorFlow computes it), never cut down to the whole number below; its slope in a is NaN, since the
function is NaN beside a whole order, and TensorFlow's gradient gives none there, which the check says (as JAX's does).
Truths are mpmath's psi(n, x) and TensorFlow's own values."""

import numpy as np
import pytest

from polygamma_checks import checked, psi, users_file

USERS = '''\
import tensorflow as tf

ORDERS = tf.constant([1.0, 2.0], dtype=tf.float64)


def orders_array(x):
    return tf.reduce_sum(tf.math.polygamma(ORDERS, x))


def in_its_order(a, x):
    return tf.reduce_sum(tf.math.polygamma(a, x))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    return users_file(tmp_path_factory, "poly63_tf", USERS)


def test_an_array_of_orders_is_replayed_entry_by_entry(users):
    point = checked(f"{users}:orders_array", ["x=[1.7,2.5]"])
    assert point["status"] == "ok"
    assert point["exact_value"] == pytest.approx(psi(1, 1.7) + psi(2, 2.5), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx([psi(2, 1.7), psi(3, 2.5)], rel=1e-12)


def test_an_order_off_whole_numbers_is_nan_as_tensorflow_computes_it(users):
    """a = 2.5: TensorFlow's value is NaN, and so is the exact reference's (not psi(2, x), the order cut down)."""
    import tensorflow as tf  # the framework's own number is the truth of what it computes

    theirs = tf.math.polygamma(tf.constant(2.5, tf.float64), tf.constant(0.5, tf.float64)).numpy()
    assert np.isnan(theirs)
    point = checked(f"{users}:in_its_order", ["a=2.5,x=0.5"])
    assert point["value"] == "nan" and point["exact_value"] == "nan"
    assert point["status"] == "error" and [f["kind"] for f in point["findings"]] == ["no-derivative"]


def test_the_slope_in_the_order_is_nan_and_in_x_psi_of_the_next_order(users):
    """At a = 3 the function is NaN on either side of the order: no derivative in a (TensorFlow gives none, and the
    check says so rather than show a 0), and in x psi(4, x)."""
    point = checked(f"{users}:in_its_order", ["a=3,x=0.5"])
    assert point["exact_value"] == pytest.approx(psi(3, 0.5), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx(psi(4, 0.5), rel=1e-12)
    assert point["exact_gradient"]["a"] == "nan"
    assert point["status"] == "error" and point["gradient"] == {"a": None, "x": None}
    (finding,) = point["findings"]
    assert finding["kind"] == "no-derivative" and finding["op"] == "tf.math.polygamma"

