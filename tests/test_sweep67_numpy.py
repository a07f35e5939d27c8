"""A plain NumPy function on gradcli.numpy whose rule is wrong exactly on a grid point (sign and abs at 0 inside a
smooth mu-law, weighted) is found wrong there by a sweep, whether it evaluates the whole range in one call or each
point alone."""

import textwrap

from tests.sweep67_paths import assert_same_verdicts

SOURCE = '''
import numpy as np


def mu_law(x):
    y = np.sign(x) * np.log1p(255.0 * np.abs(x)) / np.log1p(255.0)
    return y * 1.0 + y * -2.0 + y * 0.5
'''


def test_a_switch_on_the_grid_is_wrong_by_both_paths(tmp_path, monkeypatch):
    path = tmp_path / "numpy_mu_law.py"
    path.write_text(textwrap.dedent(SOURCE))
    # gradcli's own rules for sign and abs give slope 0 at 0, as every framework's do: the product's slope is 0 there
    assert_same_verdicts(f"{path}:mu_law", (-0.5, 1.75, 10), monkeypatch, 0.0)
