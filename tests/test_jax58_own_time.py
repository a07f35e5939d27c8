"""JAX's own run bounded by --max-time (issue 28, J1): a compiled program that never returns (JAX's own
``jax.scipy.special.exp1`` on an array holding 1e-300 beside 3 runs a continued fraction whose loop never ends)
gives the point no verdict, naming the call, the user's function and the loops it runs, within about --max-time;
a call compiled code holds runs on in a daemon thread. The hang here is a program held on an event the test releases,
so no thread is left running."""

import contextvars
import functools
import threading

import pytest

import gradcli
from gradcli.capture import own_time
from own_calls_held import ended_all, held_in_python, in_a_check_of_its_own

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp
from jax.scipy.special import exp1


def smooth(x):
    return jnp.sin(x) * 2.0


def exp1_sum(x):
    return jnp.sum(exp1(x))


def halvings(x):
    return jax.lax.while_loop(lambda v: v > 1.0, lambda v: v / 2.0, x)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax58") / "own58.py").write_text(SOURCE)
    return str(path)


@pytest.fixture
def release(monkeypatch):
    """An event every held call waits on (set at the end, so that no worker is left waiting), the floor of the wait
    taken away so that a short --max-time is the wait."""
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 0.1)
    event = threading.Event()
    yield event
    event.set()
    ended_all()


def _named():
    return "the held call", " (more)"


def test_outside_a_bound_the_call_runs_in_the_callers_thread():
    assert own_time.run_bounded(lambda: threading.current_thread().name, _named) == threading.current_thread().name


def test_a_call_that_returns_gives_its_value_from_the_worker_with_the_callers_context(release):
    marker = contextvars.ContextVar("marker", default="unset")
    marker.set("the caller's")
    with own_time.bounding(5.0):
        where, seen = own_time.run_bounded(lambda: (threading.current_thread().name, marker.get()), _named)
        with pytest.raises(ZeroDivisionError):  # the call's own error is the caller's to see
            own_time.run_bounded(lambda: 1 / 0, _named)
    assert where == "gradcli-own-call" and seen == "the caller's"


def test_a_call_past_the_budget_is_stopped_and_the_next_waits_a_tenth(release):
    with own_time.bounding(0.2):
        with pytest.raises(own_time.OwnCallStopped) as stopped:
            own_time.run_bounded(functools.partial(held_in_python, release), _named)
        message = str(stopped.value)
        assert message.startswith("the held call was still running after 0.2 seconds (--max-time 0.2) (more)")
        assert "gradcli stopped it" in message and "no verdict (raise --max-time to wait longer)" in message
        with pytest.raises(own_time.OwnCallStopped, match="after 0.02 seconds"):  # the budget was spent once
            own_time.run_bounded(functools.partial(held_in_python, release), _named)
        assert in_a_check_of_its_own(lambda: 7, _named) == 7  # a fresh worker: the stopped ones are retired


def test_a_jax_check_whose_own_run_hangs_has_no_verdict_naming_the_call(module, release, monkeypatch):
    from gradcli.capture import jax_bridge

    real = jax_bridge.run_bounded

    def held(call, what):  # held in C, which nothing stops, as XLA's compiled code is
        return real(lambda: (release.wait(30), call())[1], what)

    monkeypatch.setattr(jax_bridge, "run_bounded", held)
    (result,) = gradcli.check(f"{module}:smooth", [{"x": 0.5}], dtypes=("float64",), fixes=False, max_time=0.3).results
    assert result.status.value == "error" and result.value is None
    (finding,) = [f for f in result.findings if f.op == "framework's own call"]
    assert finding.message.startswith(
        f"JAX's own run of {module}:smooth (jax.value_and_grad, jitted, defined at {module}:7) was still running after "
        "0.3 seconds (--max-time 0.3)"), finding.message
    assert "gradcli could not stop it" in finding.message  # after the held call's line in this file


def test_the_loops_a_program_runs_are_named_at_the_users_lines(module):
    from gradcli.capture.jax_bridge import _loops_called

    names = {}
    exec(compile(SOURCE, module, "exec"), names)  # noqa: S102 - the test's own source, under its file's name
    x = jax.numpy.array([0.5, 3.0])
    assert _loops_called(jax.make_jaxpr(names["exp1_sum"])(x)) == [f"{module}:12 (jax.scipy.special.exp1)"]
    assert _loops_called(jax.make_jaxpr(names["halvings"])(3.0)) == [f"{module}:16"]
    assert _loops_called(jax.make_jaxpr(names["smooth"])(3.0)) == []
