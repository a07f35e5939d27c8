"""Round 37b's findings, each as a class.

B1: an op PyTorch has no derivative formula for at all was an error without its op, its line or the exact gradient.
PyTorch gives such an op (torch.heaviside) a backward node of the type NotImplemented, which raises a RuntimeError,
"derivative for aten::heaviside is not implemented"; the bridge knew only the NotImplementedError of an op without a
derivative in one argument ("the derivative for 'zeta' is not implemented"), so a pump switched on by torch.heaviside
came out as a bare error with no exact gradient beside it. Both messages now mark the op and the user's line, and the
check gives the exact gradient in the framework's place. Truth: at h = 3 the step is flat and the draw 750 h has slope
750.
"""

import pytest

import gradcli

torch = pytest.importorskip("torch")


def _pump_power(h):
    return 750.0 * torch.heaviside(h - 2.0, torch.tensor(0.5, dtype=h.dtype)) * h


def test_an_op_without_a_derivative_formula_is_named_at_its_line_with_the_exact_gradient():
    (result,) = gradcli.check(_pump_power, [{"h": 3.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "error"
    (finding,) = [f for f in result.findings if f.kind == "no-derivative"]
    assert finding.op == "torch.heaviside"
    line = _pump_power.__code__.co_firstlineno + 1
    assert finding.location.endswith(f"test_trial_findings37b.py:{line}"), finding.location
    assert result.exact_gradient["h"] == 750  # 750 * 1 + 0 * h: exact in the replay's arithmetic
