"""The mpmath path's kink test claims a kink only where it is the point's own: a switch that a smaller entry puts
closer than any step relative to |x| is beside the point (median_abs_deviation at [1e200, 2e200, 1] picks the smaller
of the gaps 1e200 - 1 and 1e200, which a step in x[0] longer than 1/2 swaps)."""

import textwrap

import numpy as np
import pytest

from gradcli.checker import balls, exact_python, reference
from gradcli.checker.targets import resolve

SOURCE = textwrap.dedent(
    """\
    import numpy as np
    from scipy.stats import median_abs_deviation


    def mad(x):
        return median_abs_deviation(x)


    def corner(x):
        return np.abs(x[0] - 1e200) + x[1]
    """
)


def _on_mpmath(monkeypatch, target, point):
    monkeypatch.setattr(exact_python, "compute", lambda *args, **kwargs: False)  # where balls cannot answer
    return reference.compute(target, [np.array(point)], budget=balls.Budget(60.0))


@pytest.fixture
def module(tmp_path):
    path = tmp_path / "kinks51.py"
    path.write_text(SOURCE)
    return path


def test_a_switch_beside_the_point_is_no_kink_of_it(module, monkeypatch):
    exact = _on_mpmath(monkeypatch, resolve(f"{module}:mad"), [1e200, 2e200, 1.0])
    assert exact.kinks == [] and exact.singular == []
    assert [float(g) for g in exact.gradient[0]] == [1.0, 0.0, -1.0]  # d(x0 - x2): the median's gap below


def test_a_kink_at_the_point_beside_a_small_entry_stands(module, monkeypatch):
    exact = _on_mpmath(monkeypatch, resolve(f"{module}:corner"), [1e200, 1.0])
    assert [(label, float(left), float(right)) for label, left, right in exact.kinks] == [("x[0]", -1.0, 1.0)]
