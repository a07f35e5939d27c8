"""gradcli's pytest plugin: the ``gradcheck`` fixture, gradient checks as one line of a test.

Installed with gradcli as a ``pytest11`` entry point, so any test can ask for
the fixture without a conftest::

    def test_softplus(gradcheck):
        gradcheck("log(1+exp(x))", [1.0, 100.0], dtypes=("float32",))

``gradcheck`` is `gradcli.testing.assert_gradients_ok` (same arguments, same
`CheckOptions` and defaults); a failing check raises `GradientCheckError`, whose
message pytest prints: each finding's op, its message and the formula (or the
Python source line) with the op underlined.

pytest imports this module in every run of every project where gradcli is
installed, so it imports nothing but pytest: NumPy and SymPy load only when a
test uses the fixture.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def gradcheck():
    """`gradcli.testing.assert_gradients_ok`: check ``target`` at ``points``, fail the test with the findings."""
    from .testing import assert_gradients_ok

    return assert_gradients_ok
