"""A backward op that makes NaN or inf in a large array is described at its first broken entry.

The finding wrote arrays of more than four entries by their shape alone: "at sqrt(array(3, 3)) = array(3, 3) turned the
finite upstream gradient array(3, 3) into array(3, 3)" for the sqrt of a pairwise distance matrix, whose zero diagonal
makes the infinite slopes; it said neither where nor what (round 62c's F2). It now counts the entries made NaN or inf
from a finite upstream gradient and shows the first with the op's operands there (`provenance._first_broken_entry`).
"""

import numpy as np

import gradcli

SOURCE = '''import gradcli.numpy as np


def pair_sum(x):
    diff = x[:, None, :] - x[None, :, :]
    return np.sum(np.sqrt(np.sum(diff * diff, axis=-1)))
'''


def _findings(tmp_path, function, point):
    path = tmp_path / "pairs.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=["float64"]).results
    return result, [f.message for f in result.findings if f.phase == "backward" and f.op == "sqrt"]


def test_the_first_broken_entry_of_a_distance_matrix_is_named(tmp_path):
    result, messages = _findings(tmp_path, "pair_sum", {"x": np.array([[0.0, 0.0], [3.0, 4.0], [1.0, 0.0]])})
    assert result.status == "wrong"
    (message,) = messages
    assert "into inf in 3 of 9 entries, the first [0, 0]: there sqrt(0.0) = 0.0" in message, message
    assert "array(3, 3)" not in message


def test_a_small_array_is_still_written_whole(tmp_path):
    _, messages = _findings(tmp_path, "pair_sum", {"x": np.array([[0.0], [3.0]])})  # a 2 x 2 matrix
    (message,) = messages
    assert "sqrt([[0, 9],\n [9, 0]])" in message, message
