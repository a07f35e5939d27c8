"""np.nan_to_num over a NaN-making op in a plain NumPy module: judged as the where it stands for, its leak named."""

import gradcli

NAN_TO_NUM = "import numpy as np\n\n\ndef loss(x):\n    return np.nan_to_num(np.sqrt(x))\n"
WHERE = "import numpy as np\n\n\ndef loss(x):\n    return np.where(np.isnan(np.sqrt(x)), 0.0, np.sqrt(x))\n"


def _results(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(body)
    return gradcli.check(f"{path}:loss", [-2.0], dtypes=("float64",)).results[0]


def test_nan_to_num_of_a_nan_slope_is_judged_as_the_where_it_stands_for(tmp_path):
    masked, selected = _results(tmp_path, "masked.py", NAN_TO_NUM), _results(tmp_path, "selected.py", WHERE)
    for result in (masked, selected):
        # sqrt(x) is NaN for every x near -2, so the program is the constant 0 there: its derivative is 0
        assert result.exact_value == 0 and result.exact_gradient["x"] == 0
        assert result.gradient["x"] != result.gradient["x"]  # 0 times sqrt's NaN slope: the leak
        assert "where-nan" in {finding.kind for finding in result.findings}
    assert masked.status == selected.status
