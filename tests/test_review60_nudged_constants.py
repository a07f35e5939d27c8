"""The constants a nudged exact run moves (`data_rounding._Nudged`) answer as one mapping: listing, counting and
looking up name the same floats, the roundings met so far."""

import numpy as np

from gradcli.checker import data_rounding


def test_the_nudged_constants_list_only_the_floats_they_move():
    moved = data_rounding._Nudged({}, np.dtype(np.float64), 0)
    assert 0.08 in moved and 0.5 not in moved  # 0.08 is a rounding, 0.5 a number meant exactly
    assert list(moved) == [0.08] and len(moved) == 1 and dict(moved.items()) == {0.08: moved[0.08]}
