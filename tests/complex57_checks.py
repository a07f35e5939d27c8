"""The check shared by tests/test_complex57_torch.py and test_complex57_tf.py: a real loss through complex tensors."""

import pytest


def assert_ok_and_as_the_framework(results, value, gradient):
    """Both dtypes' verdicts are ok, and float64's exact value and gradient are the framework's own float64 ones
    (``value``, ``gradient``: {argument: its slopes}) at a well-conditioned point, within 1e-12."""
    assert [result.status for result in results] == ["ok", "ok"]
    result = results[-1]  # float64's, whose program is the framework's own float64 one (float32's holds its constants so)
    assert float(result.exact_value) == pytest.approx(value, rel=1e-12, abs=1e-12)
    for argument, slope in gradient.items():
        assert [float(g) for g in result.exact_gradient[argument]] == pytest.approx(slope, rel=1e-12, abs=1e-12)
