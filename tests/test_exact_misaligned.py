"""A replay of the proof numbers' decisions on balls must meet them in the order they were made.

`python_zero.decided` runs a program on proof numbers where balls cannot decide
a comparison, then replays the decisions it made on balls and jets (`arb.forced`).
A program (an op) that makes its comparisons in another order on proof numbers
than on balls would have the replay take each decision for the wrong comparison:
the same count, another piece. Each decision the balls can take themselves must
then agree with the one replayed, or the point has no piece to follow.
"""

import pytest

from gradcli.autodiff import arb, arb_proof, ops
from gradcli.checker import python_zero


def _program(order_on_proof_numbers):
    """A program comparing a and b with 0 (a first on balls), undecided on its first run on balls."""
    calls = []

    def run(a, b):
        calls.append(type(a))
        if len(calls) == 1:
            raise arb.Undecided("the balls overlap at the first run")  # as a tie beyond the precision would
        first, second = (b, a) if type(a) is arb_proof.Sym and order_on_proof_numbers == "swapped" else (a, b)
        return [bool(ops.greater(first, 0)), bool(ops.greater(second, 0))]

    return run


def test_decisions_swapped_between_the_proof_run_and_the_balls_are_misaligned():
    arb.enable()
    with pytest.raises(python_zero.Misaligned, match="decided otherwise"):
        python_zero.decided(_program("swapped"), [arb.ARB(-1), arb.ARB(2)])


def test_decisions_in_the_same_order_replay():
    arb.enable()
    python_zero.decided(_program("same"), [arb.ARB(-1), arb.ARB(2)])
    assert arb.decisions == [False, True]
