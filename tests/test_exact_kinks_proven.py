"""A kink is a property of the point: found whatever the input count, and however small the change of slope.

Above 16 inputs the exact reference checks one random direction; at a tie (max(x, 0) at 0) the rule's
convention agrees with the central difference of the two one-sided slopes, so agreement alone says
nothing: the point's tie calls for the one-sided test along that direction. A change of slope far
below the slopes themselves (x + max(x, 0) 1e-300 at 0: 1 from the left, 1 + 1e-300 from the right)
is still a kink, parted on jets at the bits it needs; the same program with equal pieces (max(x, 0) -
max(-x, 0), which is x) keeps its gradient. Expected slopes are the pieces' closed forms.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core, arb_proof

BODY = """
import numpy as np


def relu_sum(x):
    return np.sum(np.maximum(x, 0))


def abs_sum(x):
    return np.sum(np.abs(x - 1.0))


def parts_sum(x):
    return np.sum(np.maximum(x, 0) - np.maximum(-x, 0))


def tiny_max(x):
    return x + np.maximum(x, 0) * 1e-300


def tiny_abs(x):
    return x + np.abs(x) * 1e-200


def tiny_shifted(x):
    return 3 * x + np.maximum(x - 2, 0) * 1e-300


def tiny_where(x):
    return np.where(x > 0, x + 1e-300 * x, x)


def tiny_below_squares(x):
    return np.exp(x) + np.abs(x) * 1e-300 * 1e-300


def tiny_in_a_vector(v):
    return np.sum(v + np.maximum(v, 0) * 1e-250)


def parts(x):
    return np.maximum(x, 0) - np.maximum(-x, 0)
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("kinks") / "kinky.py"
    path.write_text(textwrap.dedent(BODY))
    return path


def only(module, name, point):
    (result,) = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("n", [17, 32, 200])
@pytest.mark.parametrize("name, at", [("relu_sum", 0.0), ("abs_sum", 1.0)])
def test_a_kink_is_found_along_the_direction_whatever_the_input_count(module, name, at, n):
    result = only(module, name, {"x": np.full(n, at)})
    assert result.status == "domain", [f.message for f in result.findings]
    assert any(f.message.startswith("the function has a kink here: its derivative in the random direction")
               for f in result.findings)


@pytest.mark.parametrize("n", [17, 32])
def test_equal_pieces_at_a_tie_of_many_inputs_keep_their_gradient(module, n):
    result = only(module, "parts_sum", {"x": np.zeros(n)})
    assert result.status == "ok", [f.message for f in result.findings]


# name, point, right slope minus left slope from the closed form of each piece (the program's float constants exact)
TINY = [
    ("tiny_max", 0.0, lambda mp: mp.mpf(1e-300)),
    ("tiny_abs", 0.0, lambda mp: 2 * mp.mpf(1e-200)),
    ("tiny_shifted", 2.0, lambda mp: mp.mpf(1e-300)),
    ("tiny_where", 0.0, lambda mp: mp.mpf(1e-300)),
    ("tiny_below_squares", 0.0, lambda mp: 2 * mp.mpf(1e-300) * mp.mpf(1e-300)),
]


@pytest.mark.parametrize("name, at, gap", TINY, ids=[t[0] for t in TINY])
def test_a_change_of_slope_far_below_the_slopes_is_a_kink(module, name, at, gap):
    import mpmath

    result = only(module, name, {"x": at})
    assert result.status == "domain", [f.message for f in result.findings]
    (kink,) = [f.message for f in result.findings if f.kind == "kink"]
    with mpmath.workdps(50):
        expected = mpmath.nstr(gap(mpmath), 6)
    assert kink.endswith(f"(they differ by {expected})"), kink  # both slopes print alike: the gap is said


def test_a_tiny_kink_in_one_entry_of_a_vector_leaves_the_other_entries(module):
    result = only(module, "tiny_in_a_vector", {"v": np.array([0.0, 1.0, -2.0])})
    assert result.status == "domain"
    assert [f.op for f in result.findings if f.kind == "kink"] == ["v[0]"]
    exact = result.exact_gradient["v"]
    assert np.isnan(exact[0]) and list(exact[1:]) == [1.0 + 1e-250, 1.0]


def test_equal_pieces_at_a_switch_are_no_kink(module):
    result = only(module, "parts", {"x": 0.0})
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == 1.0


def test_where_between_two_numbers_of_one_ball_takes_the_branch_its_condition_chose():
    # x + 1e-300 x and x at x = 0 are one ball; the proof must follow the condition, not the ball's identity
    arb_core.enable()
    import gradcli.numpy as gnp

    for condition, slope in ((True, 1 + 1e-300), (False, 1.0)):
        with arb_proof.session():
            (x,) = arb_proof.seeded([0.0], [[1.0]])
            picked = gnp.where(condition, x + 1e-300 * x, x)
            exact = arb_proof.add(arb_proof.const(1.0), arb_proof.const(1e-300)) if condition else arb_proof.const(1.0)
            assert arb_proof.is_zero(arb_proof.sub(picked.d[0], exact))
