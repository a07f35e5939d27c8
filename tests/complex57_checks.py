"""The checks shared by the tests of real losses through complex tensors (tests/test_complex57_torch.py,
test_complex57_tf.py, test_loops58_complex_torch.py, test_loops58_complex_tf.py), and the frameworks' own numbers."""

import pytest


def assert_ok_and_as_the_framework(results, value, gradient):
    """Both dtypes' verdicts are ok, and float64's exact value and gradient are the framework's own float64 ones
    (``value``, ``gradient``: {argument: its slopes}) at a well-conditioned point, within 1e-12."""
    assert [result.status for result in results] == ["ok", "ok"]
    # float64's, whose program is the framework's own float64 one (float32's holds its constants so)
    assert_float64_ok_as_the_framework(results[-1], value, gradient)


def assert_float64_ok_as_the_framework(result, value, gradient):
    """The float64 ``result`` is ok, its exact value and gradient the framework's own float64 ones within 1e-12."""
    assert result.status == "ok", result.findings
    assert float(result.exact_value) == pytest.approx(value, rel=1e-12, abs=1e-12)
    for argument, slope in gradient.items():
        assert [float(g) for g in result.exact_gradient[argument]] == pytest.approx(slope, rel=1e-12, abs=1e-12)


def pytorchs_own(torch, function, point):
    """PyTorch's float64 value and gradient of ``function`` at ``point``."""
    tensors = {name: torch.tensor(v, dtype=torch.float64, requires_grad=True) for name, v in point.items()}
    value = function(**tensors)
    value.backward()
    return value.item(), {name: t.grad.tolist() for name, t in tensors.items()}


def tensorflows_own(tf, function, point):
    """TensorFlow's float64 value and gradient of ``function`` at ``point``."""
    variables = {name: tf.Variable(v, dtype=tf.float64) for name, v in point.items()}
    with tf.GradientTape() as tape:
        value = function(**variables)
    slopes = tape.gradient(value, list(variables.values()))
    return float(value), {name: g.numpy().tolist() for name, g in zip(variables, slopes)}
