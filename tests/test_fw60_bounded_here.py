"""gradcli's own work that runs the user's Python (`capture.own_time.bounded_here`) bounded by --max-time in a thread
other than the main one (a check started from a thread pool), where no signal can interrupt it: past its time the
stop is raised at the user's next line, and the thread is left untraced after the block; and, in any thread, a loop in
a library's Python code (an installed package's, never reaching a line of the user's) is stopped at its own line, the
user's call into it named. No framework is imported."""

import sys
import textwrap
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from gradcli.capture import own_time
from own_calls_held import users_functions

SOURCE = '''
def endless(box):
    while box[1]:
        box[0] += 1
        try:
            box[0] -= 1
        except Exception:
            pass


def calls_around(box, helper):
    while box[1]:
        box[0] = helper("  the library's lines")


def into_the_library(box, library):
    box[0] = library.spin(box)
    return box[0]


def quick(box):
    box[0] += 1
    return box[0]
'''


class _Stopped(Exception):
    """What a stopped block raises here: its message says after how long and at which line."""


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("fw60"), SOURCE, "fw60_user.py")


LIBRARY = '''
def spin(box):
    total = 0
    while box[1]:
        total += 1
    return total
'''


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    """A module of an installed package's (its file in a ``site-packages`` folder) whose loop never ends."""
    folder = tmp_path_factory.mktemp("fw60") / "site-packages"
    folder.mkdir()
    found = users_functions(folder, LIBRARY, "fw60_library.py")
    return type("Library", (), {"spin": staticmethod(found["spin"]), "__file__": found["__file__"]})


@pytest.fixture(autouse=True)
def _no_floor(monkeypatch):
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)


def _in_a_worker_thread(work, box=None):
    """``work()``'s answer, or the exception it raised, run in a thread of a pool, and the trace function that thread
    is left with after it; a loop on ``box`` still running after 10 seconds (no bound) is ended by ``box[1]``."""
    def run():
        try:
            found = work()
        except BaseException as error:  # noqa: BLE001 - handed back to the test, which reads it
            found = error
        return found, sys.gettrace()

    with ThreadPoolExecutor(1) as pool:
        done = pool.submit(run)
        try:
            return done.result(timeout=10)
        finally:
            if box is not None:
                box[1] = False  # a loop the bound missed ends, and the pool with it


def _bounded(seconds, work):
    stopped = lambda after, at: _Stopped(f"stopped after {after} at {at}")  # noqa: E731 - the block's exception
    with own_time.bounding(seconds), own_time.bounded_here(stopped):
        return work()


@pytest.mark.parametrize("function, lines", [("endless", range(3, 9)), ("calls_around", (12, 13))])
def test_a_loop_of_the_users_in_a_worker_thread_is_stopped_at_its_line(names, function, lines):
    """A pure-Python loop, and one whose every line calls Python's library (textwrap's lines, never the stop's):
    stopped at one of the user's lines, the thread untraced after."""
    path = names["__file__"]
    box = [0, True]
    args = (box,) if function == "endless" else (box, textwrap.dedent)
    found, tracing = _in_a_worker_thread(lambda: _bounded(0.2, lambda: names[function](*args)), box)
    assert isinstance(found, _Stopped), found
    assert str(found).split(" at ")[0] == "stopped after 0.2 seconds (--max-time 0.2)"
    assert str(found).split(" at ")[1] in {f"{path}:{line}" for line in lines}, str(found)
    assert tracing is None


def test_a_block_in_a_worker_thread_that_ends_in_time_is_never_stopped_later(names):
    def work():
        assert _bounded(0.1, lambda: names["quick"]([0])) == 1
        box, ended = [0], threading.Event()
        threading.Timer(0.3, ended.set).start()
        while not ended.is_set():  # past the block's time, in the user's code again: nothing lands
            names["quick"](box)
        return box[0] > 0

    assert _in_a_worker_thread(work) == (True, None)


def test_a_worker_threads_own_trace_function_is_kept(names):
    """A debugger's or coverage's trace function in the thread stays the thread's: the block is not bounded, and the
    trace function still sees the user's calls."""
    seen = []

    def tracer(frame, event, _arg):
        if event == "call" and frame.f_code.co_name == "quick":
            seen.append(frame.f_code.co_name)

    def work():
        sys.settrace(tracer)
        try:
            return _bounded(0.1, lambda: names["quick"]([0]))
        finally:
            sys.settrace(None)

    assert _in_a_worker_thread(work) == (1, None)
    assert seen == ["quick"]


@pytest.mark.parametrize("in_a_worker", [False, True])
def test_a_librarys_own_loop_is_stopped_at_its_line_naming_the_users_call(names, library, in_a_worker):
    box = [0, True]

    def work():
        return _bounded(0.2, lambda: names["into_the_library"](box, library))

    if in_a_worker:
        found, tracing = _in_a_worker_thread(work, box)
    else:
        ending = threading.Timer(10, lambda: box.__setitem__(1, False))  # a loop no bound stopped ends
        ending.start()
        try:
            found = work()
        except _Stopped as error:
            found = error
        finally:
            ending.cancel()
        tracing = sys.gettrace()
    assert isinstance(found, _Stopped), found
    assert str(found).split(" at ")[1] == f"{names['__file__']}:17", str(found)  # the user's call into the library
    assert tracing is None
