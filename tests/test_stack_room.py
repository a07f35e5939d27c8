"""A check, a sweep and an audit's case run their calls in a room of CPython's frame stack (`gradcli.stack_room`):
a call that would map a chunk of the stack afresh at every call maps none there.

Each test runs its calls in a thread of its own: this suite calls every test in the room already (conftest.py), and
a new thread's frame stack starts with no room, as a user's program does.
"""

import inspect
import resource
import sys
import threading

import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import stack_room
from gradcli.sweep import run as sweep_run

CALLS = 2000

pytestmark = pytest.mark.skipif(
    sys.implementation.name != "cpython" or sys.version_info < (3, 11) or not hasattr(resource, "RUSAGE_THREAD"),
    reason="the frame stack in chunks is CPython's from 3.11 on; a thread's page faults are counted on Linux",
)


def _wide():
    """A function whose frame (20 KB of value stack) never fits in what a fresh thread's first chunk has left."""
    return None


_wide.__code__ = _wide.__code__.replace(co_stacksize=20 * 1024 // 8)


def _faults_of_calls():
    """The page faults of `CALLS` calls of `_wide` in a row."""
    before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
    for _ in range(CALLS):
        _wide()
    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before


def _in_a_thread(fun):
    answer = []
    thread = threading.Thread(target=lambda: answer.append(fun()))
    thread.start()
    thread.join()
    return answer[0]


def test_outside_the_room_each_call_maps_a_chunk_afresh():
    # The cost the room removes, seen: each call's frame lands in a chunk mapped for it and unmapped as it returns.
    assert _in_a_thread(_faults_of_calls) >= CALLS


def test_inside_the_room_the_calls_map_no_chunk():
    faults = _in_a_thread(lambda: stack_room.in_room(_faults_of_calls))
    assert faults < CALLS / 20


def test_the_room_is_taken_once_per_thread_and_given_back():
    def nested():
        inner = stack_room.in_room(stack_room.inside_room)
        return inner, stack_room.inside_room()

    assert _in_a_thread(lambda: (stack_room.inside_room(), stack_room.in_room(nested), stack_room.inside_room())) == (
        False, (True, True), False)


def test_a_raise_inside_the_room_gives_it_back():
    def raising():
        raise ValueError("inside")

    def run():
        with pytest.raises(ValueError, match="inside"):
            stack_room.in_room(raising)
        return stack_room.inside_room()

    assert _in_a_thread(run) is False


def test_a_check_and_a_sweep_run_their_target_in_the_room():
    seen = []

    def target(x):
        seen.append(stack_room.inside_room())
        return gnp.exp(x)

    _in_a_thread(lambda: gradcli.check(target, [0.5], dtypes=("float64",), fixes=False))
    assert seen and all(seen)
    seen.clear()
    _in_a_thread(lambda: gradcli.sweep(target, {"x": (0.0, 1.0, 3)}, dtypes=("float64",), fixes=False))
    assert seen and all(seen)


def test_the_entry_points_keep_their_signature_and_docstring():
    assert list(inspect.signature(gradcli.check).parameters) == ["target", "points", "options", "changes"]
    assert gradcli.check.__doc__.startswith("Check the gradient of")
    assert list(inspect.signature(sweep_run.sweep).parameters)[:3] == ["target", "ranges", "options"]
