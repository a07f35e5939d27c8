"""Index tensors that hold flint balls in the exact replay: an exact integer ball is the position it is, any other ball stays for NumPy to refuse."""

import flint
import numpy as np

from gradcli.capture.torch_ops import index_array


def test_exact_integer_balls_become_integer_positions():
    positions = index_array(np.array([flint.arb(2), flint.arb(0), flint.arb(-1)], dtype=object))
    assert positions.dtype == np.int64
    assert positions.tolist() == [2, 0, -1]
    assert np.arange(5.0)[positions].tolist() == [2.0, 0.0, 4.0]


def test_a_ball_that_is_not_one_exact_integer_stays_as_it_is():
    for ball in (flint.arb(2, 1e-10), flint.arb("2.5"), flint.arb(1) / 3):
        value = index_array(np.array([flint.arb(1), ball], dtype=object))
        assert value.dtype == object
        assert value[1] is ball
