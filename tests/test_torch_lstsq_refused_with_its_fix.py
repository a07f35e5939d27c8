"""torch.linalg.lstsq is refused with advice that fits it: its rank, residuals and singular values are shaped by the
rank, which gradcli's capture (one graph per argument shape) cannot record, and the solution alone is pinv(A) @ B.

The refusal used to give a boolean selection's advice (torch.where), which does not apply to least squares.
"""

from __future__ import annotations

import textwrap

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("torch")

SOURCE = textwrap.dedent(
    """
    import torch


    def fit(q):
        A = torch.stack([q, q * q + 1.0, torch.ones_like(q)], dim=1)
        b = torch.tensor([1.0, 2.0, 0.5], dtype=q.dtype)
        return torch.linalg.lstsq(A, b.unsqueeze(1)).solution.sum()


    def masked(q):
        return q[q > 0].sum()
    """
)


def _refusal(tmp_path, name):
    path = tmp_path / "fits.py"
    path.write_text(SOURCE)
    result = CliRunner().invoke(cli, ["check", f"{path}:{name}", "--at", "q=[0.3,0.4,-0.2]", "--dtype", "float64"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def test_lstsq_is_refused_with_the_solution_alone(tmp_path):
    said = _refusal(tmp_path, "fit")
    assert "aten.linalg_lstsq" in said and "torch.linalg.pinv(A) @ B" in said and "torch.where" not in said
    assert "fits.py:8" in said


def test_a_boolean_selection_keeps_its_own_advice(tmp_path):
    said = _refusal(tmp_path, "masked")
    assert "torch.where(mask, x, 0.0)" in said and "pinv" not in said
