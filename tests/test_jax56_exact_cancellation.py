"""A cancellation is named as the root cause of a 0 only where an operand carried rounding (trials20a P1): a 0 that
``max(x) - x`` or ``2 x - (x + x)`` makes from exact numbers is the difference itself, no digit lost, and naming it
"the root cause" contradicted the finding beside it (the rule's NaN at high precision too)."""

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.provenance import OpRecord, _exact_op


def _findings(function, point):
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False).results
    return result.findings


def spread(x):
    return gnp.sum(gnp.sqrt(gnp.max(x) - x))


def doubled(x):
    return gnp.sqrt(2.0 * x - (x + x))


def shifted(x):
    return gnp.log((1.0 + x) - 1.0)


def test_a_0_made_exactly_from_exact_operands_is_no_cancellation():
    for function, point in ((spread, {"x": [0.3, 0.1]}), (doubled, {"x": 0.3})):
        findings = _findings(function, point)
        assert [f for f in findings if f.kind == "cancellation"] == [], findings
        assert any(f.op == "sqrt" and f.phase == "backward" for f in findings), findings  # sqrt's slope at 0 is named


def test_a_0_an_earlier_rounding_made_is_still_the_cancellation():
    # 1 + 1e-100 rounds to 1: the subtraction then leaves 0 where the difference is 1e-100
    (finding,) = [f for f in _findings(shifted, {"x": 1e-100}) if f.kind == "cancellation"]
    assert finding.op == "subtract" and "an operand carries the rounding of an op before it" in finding.message


def _op(name, args, output):
    return OpRecord(0, name, "forward", tuple(np.asarray(a) for a in args), np.asarray(output))


def test_exact_arithmetic_is_told_from_rounded_in_rational_numbers():
    assert _exact_op(_op("multiply", [1.5, 2.0], 3.0)) and _exact_op(_op("add", [[0.5, 0.25], 1.0], [1.5, 1.25]))
    assert not _exact_op(_op("add", [0.1, 0.2], 0.1 + 0.2)) and not _exact_op(_op("add", [1.0, 1e-100], 1.0))
    assert not _exact_op(_op("divide", [1.0, 3.0], 1 / 3)) and _exact_op(_op("divide", [1.0, 4.0], 0.25))
    assert not _exact_op(_op("exp", [0.0], 1.0)) and not _exact_op(_op("add", [np.inf, 1.0], np.inf))
    assert _exact_op(_op("getitem", [[0.1, 0.2], 0], 0.1)) and not _exact_op(_op("astype", [0.1], np.float32(0.1)))
    assert _exact_op(_op("abs", [-0.1], 0.1)) and not _exact_op(_op("abs", [0.1 + 0.2j], abs(0.1 + 0.2j)))
