"""What every framework bridge's coverage tests assert of a mapped operation: its replay computes as the framework does."""

import mpmath
import numpy as np
import pytest

from gradcli.autodiff import mp as mp_core


def assert_replays_as_the_framework_computes(capture, fun, args, name, rtol=1e-10):
    """The bridge's replayed forward and backward graphs give the framework's own value and gradient in float64."""
    bridge = capture(fun, name)
    value, grads = bridge.own(args, np.float64(1.0))
    np.testing.assert_allclose(np.asarray(bridge.forward(*args), dtype=np.float64), value, rtol=1e-12, atol=1e-14)
    for replayed, own in zip(bridge.backward(args, np.float64(1.0)), grads):
        np.testing.assert_allclose(np.asarray(replayed, dtype=np.float64), own, rtol=rtol, atol=1e-13)


def assert_forward_replays_on_mpmath(capture, fun, args, name):
    """The replayed forward graph runs on mpmath numbers (as the exact reference runs it) and agrees with the framework; its answer."""
    mp_core.enable()
    bridge = capture(fun, name)
    value, _ = bridge.own(args, None)
    with mpmath.workdps(40):
        replayed = bridge.forward(*[np.vectorize(mpmath.mpf, otypes=[object])(a) for a in args])
    assert float(replayed) == pytest.approx(float(value), rel=1e-13)
    return replayed
