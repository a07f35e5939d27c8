"""gradcli's own work that runs the user's Python in its own thread (its trace of a PyTorch function) bounded by
--max-time as the framework's own calls are (`capture.own_time.bounded_here`): past its time a stop is raised at the
user's next line, and the block raises the caller's exception naming that line. No framework is imported here."""

import threading
import time

import pytest

from gradcli.capture import own_time
from own_calls_held import users_functions

SOURCE = '''
def endless(box):
    while True:
        box[0] += 1
        try:
            box[0] -= 1
        except Exception:
            pass


def quick(box):
    box[0] += 1
    return box[0]
'''


class _Stopped(Exception):
    pass


def _stopped(after, where):
    return _Stopped(f"stopped after {after} at {where}")


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("tracer59"), SOURCE, "tracer59_user.py")


@pytest.fixture
def no_floor(monkeypatch):
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)


def test_a_loop_of_the_users_in_this_thread_is_stopped_at_its_line(names, no_floor):
    path = names["__file__"]
    with own_time.bounding(0.2), pytest.raises(_Stopped) as stopped:
        with own_time.bounded_here(_stopped):
            names["endless"]([0])
    assert str(stopped.value).split(" at ")[0] == "stopped after 0.2 seconds (--max-time 0.2)"
    assert str(stopped.value).split(" at ")[1] in {f"{path}:{line}" for line in range(3, 9)}, str(stopped.value)


def test_a_block_that_ends_in_time_is_never_stopped_later(names, no_floor):
    with own_time.bounding(0.1):
        with own_time.bounded_here(_stopped):
            assert names["quick"]([0]) == 1
        until = time.perf_counter() + 0.3  # past the block's time, in the user's code again: nothing lands
        box = [0]
        while time.perf_counter() < until:
            names["quick"](box)
    assert [t for t in threading.enumerate() if t.name == "gradcli-own-watch"] == []  # its watcher ended with it


def test_only_the_outermost_block_is_bounded_and_none_outside_a_bound(names, no_floor):
    with own_time.bounded_here(_stopped):  # no bound: no watcher
        assert [t for t in threading.enumerate() if t.name == "gradcli-own-watch"] == []
    with own_time.bounding(0.2), pytest.raises(_Stopped, match="after 0.2 seconds"):
        with own_time.bounded_here(_stopped), own_time.bounded_here(lambda *_: AssertionError("the inner block's")):
            names["endless"]([0])
