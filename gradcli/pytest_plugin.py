"""gradcli's pytest plugin: the ``gradcheck`` fixture, gradient checks as one line of a test.

Installed with gradcli as a ``pytest11`` entry point, so any test can ask for
the fixture without a conftest::

    def test_softplus(gradcheck):
        gradcheck("log(1+exp(x))", [1.0, 100.0], dtypes=("float32",))

``gradcheck`` is `gradcli.testing.assert_gradients_ok` (same arguments, same
`CheckOptions` and defaults); a failing check raises `GradientCheckError`, whose
message pytest prints: each finding's op, its message and the formula (or the
Python source line) with the op underlined, then the notes a terminal check
prints (a dtype the program refuses to run in, a solver's or XLA's note).

pytest imports this module in every run of every project where gradcli is
installed, so it imports nothing but pytest: NumPy and SymPy load only when a
test uses the fixture. Nor does it have pytest rewrite gradcli's modules'
assert statements (`not_assertion_rewritten`): there are none to rewrite.
"""

from __future__ import annotations

import sys

import pytest


def not_assertion_rewritten(package):
    """Take ``package`` off what pytest's import hook rewrites the assert statements of, as if they were tests'.

    pytest marks the whole package of every installed plugin for rewriting, and
    rewriting is done afresh on each run wherever bytecode is not cached (every
    run of a fresh checkout, or with PYTHONDONTWRITEBYTECODE): for gradcli,
    ~2 s of CPU per pytest process for modules that hold no assert statement.
    pytest offers no public way to take a package off; where its hook does not
    keep the marks as this reads them, nothing changes and the package is only
    rewritten as before.
    """
    for finder in sys.meta_path:
        marked, decided = getattr(finder, "_must_rewrite", None), getattr(finder, "_marked_for_rewrite_cache", None)
        if type(finder).__name__ == "AssertionRewritingHook" and isinstance(marked, set) and isinstance(decided, dict):
            marked.discard(package)
            decided.clear()


not_assertion_rewritten(__package__)


@pytest.fixture
def gradcheck():
    """`gradcli.testing.assert_gradients_ok`: check ``target`` at ``points``, fail the test with the findings."""
    from .testing import assert_gradients_ok

    return assert_gradients_ok
