"""What a JAX finding names: a wrong built-in rule where the user's line keeps a slice of the call's result, and the
add of a value's gradients JAX's backward pass makes itself (``add_any``).

JAX's eigh rule at a repeated eigenvalue group, on the group's projector (``eigh(a)[1][:, :2]``), whose backward graph
holds the eigenvectors whole: the search compares the values passed from line to line with the framework's backward
numbers (`rule_blame._present`); the 3x2 slice is in no backward number of its shape, but it is the first two columns
of the 3x3 eigenvectors the backward graph holds, so the eigh call's value is the function's and its rule is the one
off. A value used on two lines gets a gradient from each, which JAX's backward pass adds up with no operator of the
user's: that add is named as the accumulation, with no caret under the line's own operators.
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.views.formatting import finding_underline
from eig60b_group import B, PAIR_BESIDE_FIVE
from gradcli.checker.rule_blame import _by_shape, _present


def _exact(rows):
    return np.array([[mpmath.mpf(v) for v in row] for row in rows], dtype=object)


EIGENVECTORS = _exact([[0.6, -0.8, 0.0], [0.8, 0.6, 0.0], [0.0, 0.0, 1.0]])


def test_a_slice_of_a_backward_number_is_present():
    numbers = _by_shape([EIGENVECTORS])
    assert _present(EIGENVECTORS[:, :2], numbers)
    assert _present(EIGENVECTORS[1], numbers)
    assert _present(EIGENVECTORS[[0, 2]][:, [0, 2]], numbers)  # a gather by increasing indices


def test_a_part_of_no_backward_number_is_not_present():
    numbers = _by_shape([EIGENVECTORS])
    moved = EIGENVECTORS[:, :2].copy()
    moved[2, 1] = mpmath.mpf("1e-9")
    assert not _present(moved, numbers)
    assert not _present(EIGENVECTORS[:, ::-1][:, :2], numbers)  # the columns out of the order they are held in


def test_jaxs_eigh_rule_is_named_at_the_line_that_slices_its_vectors():
    jnp = pytest.importorskip("jax.numpy")

    def projected_b(a):
        v = jnp.linalg.eigh(a)[1][:, :2]
        return jnp.sum((v @ v.T) * jnp.array(B))

    result = gradcli.check(projected_b, [{"a": PAIR_BESIDE_FIVE}], dtypes=("float64",), fixes=False).results[0]
    rule = next(f for f in result.findings if f.kind == "nonfinite-rule")
    assert rule.op == "gradient rule of jax.numpy.linalg.eigh (eigh)", rule.op
    assert "the first call whose built-in rule is off is jax.numpy.linalg.eigh (eigh) on this line: its result's gradient is right" \
        in rule.message, rule.message
    assert "computes its value otherwise" not in rule.message


class _Python:
    kind = "function"


def test_jaxs_own_add_of_a_values_gradients_is_named_as_their_accumulation():
    jnp = pytest.importorskip("jax.numpy")

    def contrast(x):
        e = jnp.exp(x)
        return jnp.log(e.sum()) - jnp.log(e[0])

    (result,) = gradcli.check(contrast, [{"x": np.array([40.0, 0.0, 1.0])}], dtypes=("float64",), fixes=False).results
    finding = next(f for f in result.findings if f.phase == "backward")
    assert finding.kind == "cancellation" and "adds up the gradients of 2 paths from one value" in finding.message
    uses = contrast.__code__.co_firstlineno + 2  # exp's value is summed and picked on the return line
    assert finding.op == f"add (the gradient accumulation of jnp.exp (exp)'s 2 uses on line {uses})", finding.op
    assert finding.location.endswith(f":{uses - 1}")  # placed at the value's own line, as PyTorch's bridge places it
    assert "^" not in finding_underline(_Python(), finding)  # before: a plain add, as if the line's
