"""A rule's number that a tiny number of the user's leaves unchanged is not read as derived from it.

PyTorch's backward of y ** 3 takes y ** 2.0 and, differentiated again (a
``torch.func.grad`` inside the function), y ** 1.0. An exact replay computes
such a rule number from the user's number it stands for (``exponent - 1``,
``1 - eps``: `derived_numbers.derived_numbers`); a file that also hands torch 1e-200
made 1.0 read as 1 - 1e-200, a power of a negative base to a non-integer, NaN
at any precision, and a right gradient was called `wrong`. A derivation whose
float is the one it gives for 0 keeps no trace of the number, and is not taken.
"""

import textwrap

import pytest

import gradcli

SOURCE = '''
    import torch

    FLOOR = 1e-200


    def floored(x):
        return torch.clamp(x, min=FLOOR).sum()


    def cubes_slope(x):
        return torch.func.grad(lambda y: (y ** 3).sum())(x).sum()
'''


def test_a_slope_of_cubes_beside_a_tiny_constant_is_right(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "tiny.py"
    path.write_text(textwrap.dedent(SOURCE))
    result, = gradcli.check(f"{path}:cubes_slope", [{"x": [0.5, -2.0]}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(g) for g in result.exact_gradient["x"]] == [3.0, -12.0]  # d/dx 3 x^2 = 6 x
