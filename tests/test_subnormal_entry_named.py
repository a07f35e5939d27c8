"""Where an op's result holds a subnormal entry that lost digits beside an entry below the dtype, the subnormal one
is named.

GC-Net's soft-argmin by F.softmin at costs [100, -100, -99, 0] in float32:
its weights e^-200, 1, e^-1, e^-100. e^-200 is below float32, and 0 is its
nearest float, harmless; e^-100 = 3.8e-44 is a subnormal holding 5 bits, and
its slope comes out 4% off. The explanation quoted the harmless entry ("the
exact result 1.38e-87 (entry 0) is below the smallest float32") rather than
the one that lost the digits.
"""

import textwrap

import pytest

import gradcli

torch = pytest.importorskip("torch")

SOURCE = textwrap.dedent('''
    import torch
    import torch.nn.functional as F


    def soft_argmin(cost):
        p = F.softmin(cost, dim=0)
        return (p * torch.arange(4, dtype=cost.dtype)).sum()
''')


def test_the_subnormal_entry_is_the_one_explained(tmp_path):
    path = tmp_path / "stereo.py"
    path.write_text(SOURCE)
    result, = gradcli.check(f"{path}:soft_argmin", [{"cost": [100.0, -100.0, -99.0, 0.0]}], dtypes=["float32"],
                            fixes=False).results
    assert result.status == "unstable"
    first = result.findings[0]
    assert first.kind == "underflow", first.message
    assert "3.783506e-44] (entry 3) is a subnormal float32" in first.message, first.message
    assert "which holds 5 of its 24 bits there: its rounding is" in first.message and "of that entry" in first.message
    assert "1.38" not in first.message  # e^-200's 0, its nearest float32, explains nothing
