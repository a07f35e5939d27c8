"""A NumPy ufunc given ``where=`` without ``out=`` in plain NumPy code, which leaves the unpicked entries unset, is an
error that says so and what to write instead, not a TypeError about a keyword gradcli's op does not take."""

import numpy as np

import gradcli

WHERE_ALONE = '''
import numpy as np


def logs(x):
    return np.sum(np.log(x, where=x > 0))
'''


def test_a_ufuncs_where_without_out_says_to_give_out_or_use_np_where(tmp_path):
    path = tmp_path / "where_alone.py"
    path.write_text(WHERE_ALONE)
    (r,) = gradcli.check(f"{path}:logs", [{"x": np.array([0.5, 2.0])}], dtypes=["float64"], fixes=False).results
    assert r.status == "error", r.error
    assert "np.log(..., where=...) without out= leaves the other entries unset" in r.error, r.error
    assert "out=np.zeros_like(x)" in r.error and "np.where" in r.error and "keyword argument" not in r.error
