"""What the eigh-group tests of JAX and PyTorch (tests/test_eig60b_*_eigh_group.py) hold of a framework's NaN rule."""

import inspect

import numpy as np

B = [[1.0, 2.0, 0.5], [2.0, -1.0, 0.3], [0.5, 0.3, 4.0]]
PAIR_BESIDE_FIVE = np.diag([2.0, 2.0, 5.0])  # 2 twice on the first two axes, 5 beside it


def assert_the_rule_is_wrong_at_the_eigh_line(result, function, exact_gradient):
    """`wrong`, the exact gradient ``exact_gradient``, a NaN gradient, and both findings (the rule's NaN at high
    precision, the framework's backward pass's first NaN) at the function's first line, where it calls eigh; no
    forward op made a NaN."""
    messages = [f.message for f in result.findings]
    assert result.status == "wrong", (result.status, messages)
    exact = np.asarray(result.exact_gradient["a"], dtype=object).astype(float)
    np.testing.assert_allclose(exact, exact_gradient, rtol=1e-14, atol=1e-300)
    assert np.all(np.isnan(np.asarray(result.gradient["a"], dtype=float)))
    code = function.__code__
    line = f"{inspect.getsourcefile(function).rsplit('/', 1)[-1]}:{code.co_firstlineno + 1}"
    rule = next(f for f in result.findings if f.kind == "nonfinite-rule")
    assert rule.location.endswith(line) and "even at high precision" in rule.message, (rule.location, line)
    backward = next(f for f in result.findings if f.kind == "nonfinite" and f.phase == "backward")
    assert backward.location.endswith(line) and "framework's backward pass" in backward.message
    assert not any(f.phase == "forward" and f.kind == "nonfinite" for f in result.findings), messages
