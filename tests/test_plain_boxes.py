"""Plain boxes (`autodiff.plain`) answering NumPy's functions: which spelling answers, in which thread.

A NumPy function called on a plain box is answered by gradcli's spelling of it
when that spelling takes the arguments, else by NumPy's own on the numbers
boxed one by one. The choice is made before anything runs: a spelling that
ran part way would leave its branch decisions (`arb.decisions`) behind for a
run that NumPy's own then makes, and a TypeError raised inside gradcli is a
bug to see, not a signal. The guard that lets a spelling call NumPy's own on
the values belongs to one thread: another thread's call of the same function
is still answered by gradcli's spelling.
"""

import threading

import numpy as np
import pytest

from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import plain
from gradcli.autodiff.values import raw


@pytest.fixture
def numbers():
    """Three balls in a plain box, as a custom gradient's forward sees them."""
    arb_core.enable()
    from flint import arb

    values = np.empty(3, dtype=object)
    values[:] = [arb(3), arb(1), arb(2)]
    return plain.kept(values)


@pytest.fixture
def decisions():
    saved = arb_core.decisions
    arb_core.decisions = []
    yield arb_core.decisions
    arb_core.decisions = saved


def _spelling_for(monkeypatch, spelling):
    """Make ``spelling`` gradcli's spelling of every NumPy function (as `plain._by_name` finds it)."""
    monkeypatch.setattr(plain, "_by_name", lambda fun: spelling)


def test_a_type_error_inside_gradcli_spelling_is_raised_not_answered_by_numpy(monkeypatch, numbers, decisions):
    def broken(a, axis=-1):
        arb_core._decide(True, False)  # a branch taken before the bug: recorded
        raise TypeError("a bug inside gradcli's spelling")

    _spelling_for(monkeypatch, broken)
    with pytest.raises(TypeError, match="a bug inside"):
        np.sort(numbers)


def test_arguments_the_spelling_has_no_name_for_go_to_numpy_before_it_runs(monkeypatch, numbers, decisions):
    ran = []

    def spelled(a, axis=-1):
        ran.append(a)
        arb_core._decide(True, False)
        return a

    _spelling_for(monkeypatch, spelled)
    out = np.sort(numbers, kind="stable")  # `kind`: NumPy's own sort, on the numbers boxed one by one
    assert ran == []
    assert [float(v.mid()) for v in raw(out)] == [1.0, 2.0, 3.0]
    # Only NumPy's comparisons are recorded: as many as its sort of three made, each a real decision.
    assert decisions and all(type(d) is bool for d in decisions)
    sorted_alone = list(decisions)
    decisions.clear()
    np.sort(numbers, kind="stable")
    assert decisions == sorted_alone


def test_the_spelling_answers_when_it_takes_the_arguments(monkeypatch, numbers, decisions):
    _spelling_for(monkeypatch, lambda a, axis=-1: "gradcli's answer")
    assert np.sort(numbers) == "gradcli's answer"
    assert np.sort(numbers, axis=0) == "gradcli's answer"


def test_one_thread_inside_a_spelling_leaves_another_thread_answered_by_gradcli(monkeypatch, numbers):
    inside, done = threading.Event(), threading.Event()
    answers = {}

    def spelled(a, axis=-1):
        if threading.current_thread().name == "first":
            inside.set()  # the first thread is now inside gradcli's spelling of np.sort ...
            assert done.wait(30)  # ... and stays there while the second calls np.sort
        return f"gradcli's answer in {threading.current_thread().name}"

    _spelling_for(monkeypatch, spelled)

    def call(name):
        try:
            answers[name] = np.sort(numbers)
        except Exception as error:  # noqa: BLE001 - reported below, in the test's own thread
            answers[name] = error

    first = threading.Thread(target=call, args=("first",), name="first")
    first.start()
    assert inside.wait(30)
    second = threading.Thread(target=call, args=("second",), name="second")
    second.start()
    second.join(30)
    done.set()
    first.join(30)
    assert answers == {"first": "gradcli's answer in first", "second": "gradcli's answer in second"}
