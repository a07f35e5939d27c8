"""The trips a loop may take on exact numbers scale with their precision (`capture.loop_trips.allowed_beyond`): a
series summed until its terms stop changing the sum runs about as many more trips as the exact numbers have more bits,
and is not stopped (it was, past 10x + 1,000 of its float64 trips); a loop that never ends is still stopped."""

import mpmath
import pytest

from gradcli.capture import loop_trips
from gradcli.capture.loop_trips import LoopStopped

NAME = "the series loop at f.py:3"


class _Loop:
    """A replayed loop's key (its condition, in a bridge), and its trips run to an end or for ever."""

    def run(self, trips=None):
        """Run the loop ``trips`` trips and end it (None: its condition never turns false); the trips it ran."""
        ran = 0
        for ran in loop_trips.turns(self, NAME):
            if ran == trips:
                break
        return ran


def _summed_to_convergence(bits, ratio=0.9):
    """The trips of sum(ratio**k) until a term no longer moves the sum at ``bits`` bits: about bits / log2(1/ratio)."""
    with mpmath.workprec(bits):
        total, term, trips = mpmath.mpf(0), mpmath.mpf(1), 0
        while total + term != total:
            total, term, trips = total + term, term * ratio, trips + 1
    return trips


def test_a_series_to_convergence_runs_its_trips_at_the_exact_precision():
    at_float64, at_2000_bits = _summed_to_convergence(53), _summed_to_convergence(2000)
    assert at_2000_bits > 10 * at_float64 + 1000  # past the rule that scaled nothing
    loop, stopped = _Loop(), {}
    with loop_trips.one_point(stopped):  # the point's first run, in float64
        assert loop.run(at_float64) == at_float64
        with mpmath.workprec(2000):  # the exact reference's run of the same loop
            assert loop.run(at_2000_bits) == at_2000_bits


def test_a_loop_that_never_ends_is_still_stopped_and_named_with_its_precisions():
    loop, stopped = _Loop(), {}
    with loop_trips.one_point(stopped, bits=24):  # the point's first run, in float32
        loop.run(11)
        with mpmath.workprec(240), pytest.raises(LoopStopped) as raised:
            loop.run()
    assert raised.value.trips == 16 * ((10 * 11 * 10 + 1000) // 16 + 1)  # asked every 16 trips: 240 / 24 = 10 times
    assert str(raised.value).startswith(f"{NAME} ran {raised.value.trips} trips here at 240 bits, where it took 11 in "
                                        "the first run at the point at 24: its float run may end only by rounding")
    with pytest.raises(LoopStopped):  # the point's later passes meet the same stop at once
        with loop_trips.one_point(stopped):
            loop.run()


def test_the_working_precision_is_the_exact_numbers_in_use():
    assert loop_trips.working_bits() == 53
    with mpmath.workprec(300):
        assert loop_trips.working_bits() == 300
    flint = pytest.importorskip("flint")
    saved, flint.ctx.prec = flint.ctx.prec, 500
    try:
        assert loop_trips.working_bits() == 500
    finally:
        flint.ctx.prec = saved
