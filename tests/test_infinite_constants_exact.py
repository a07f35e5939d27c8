"""An op on the user's constants alone whose arguments are infinities or NaN (np.minimum(np.inf, np.inf), soft-DTW's
padding) runs as NumPy's in the exact reference: there is no exact number to lift them to, and NumPy's answer is
exact (round 67c: the replay lifted them again and again, RecursionError, and the check had no exact reference)."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def soft_dtw_row(x):
    row = [0.0] + [np.inf] * 3
    for v in x:  # one column of Cuturi's table, the soft-min shifted by its minimum
        new = [np.inf]
        for j in range(1, 4):
            m = gnp.minimum(gnp.minimum(row[j - 1], row[j]), new[j - 1])
            s = gnp.exp(-(row[j - 1] - m)) + gnp.exp(-(row[j] - m)) + gnp.exp(-(new[j - 1] - m))
            new.append((v - j) ** 2 + m - gnp.log(s))
        row = new
    return row[-1]


def test_infinite_constants_alone_stay_numpys():
    [result] = gradcli.check(lambda x: gnp.minimum(gnp.minimum(np.inf, np.inf), x), [{"x": 0.5}],
                             dtypes=["float64"], fixes=False).results
    assert result.status == "ok" and float(result.exact_gradient["x"]) == 1.0, (result.status, result.notes)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_table_padded_with_inf_has_its_exact_reference(dtype):
    [result] = gradcli.check(soft_dtw_row, [{"x": np.array([0.5, 2.5])}], dtypes=[dtype], fixes=False).results
    assert result.status == "ok", (result.status, result.notes)
    assert result.exact_gradient is not None and np.all(np.isfinite(np.asarray(result.exact_gradient["x"], float)))
