"""What a check of a JAX function pays in Python before XLA: each trace and lowering once per dtype at most.

A check of two points in float32 and float64 runs the user's Python once
per dtype (``jax.make_jaxpr``: float64's graphs are the exact reference's
whatever the dtypes asked), traces ``jax.value_and_grad`` of the captured
graph once per dtype (the same trace gives the replayed backward graph and
the program XLA compiles), and lowers the programs once, together
(`jax_compile._join`). The same file resolved again runs none of the user's
Python (JAX's trace cache answers) and lowers nothing: its programs are XLA's already. JAX's compiled program runs once per point and dtype, whatever asks for its numbers.
"""

import threading

import pytest
from jax._src import stages

import gradcli
from gradcli.capture import jax_bridge
from gradcli.checker.targets import resolve

LOSS = '''\
import jax.numpy as jnp

RUNS = []


def loss(x, w):
    RUNS.append(w.dtype.name)
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)
'''
POINTS = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}, {"x": 60.0, "w": [0.5, -1.0, 2.0]}]


@pytest.fixture
def counted(tmp_path, monkeypatch):
    """``(target text, counts)``: the user's file, and a dict counting the lowerings and value-and-grad traces."""
    for thread in threading.enumerate():
        if thread.name == "gradcli-xla-compile":  # another test's compilation is not this one's
            thread.join()
    jax_bridge._EXECUTABLES.clear()
    counts = {"lowered": 0, "value_and_grad": []}
    lower, traced = stages.Traced.lower, jax_bridge._Captured._traced

    def lowering(self, *args, **kwargs):
        counts["lowered"] += 1
        return lower(self, *args, **kwargs)

    def tracing(self, key, *args):
        counts["value_and_grad"].append(key[1][0][1].name)
        return traced(self, key, *args)

    monkeypatch.setattr(stages.Traced, "lower", lowering)
    monkeypatch.setattr(jax_bridge._Captured, "_traced", tracing)
    path = tmp_path / "model.py"
    path.write_text(LOSS)
    yield f"{path}:loss", counts
    jax_bridge._EXECUTABLES.clear()


def _runs(target):
    return target.bridge.own.__self__.fun.__globals__["RUNS"]


def test_a_check_traces_and_lowers_once_per_dtype(counted):
    text, counts = counted
    target = resolve(text)
    report = gradcli.check(target, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(report.results) == 4
    assert sorted(_runs(target)) == ["float32", "float64"]
    assert sorted(counts["value_and_grad"]) == ["float32", "float64"]
    assert counts["lowered"] == 1


def test_a_float32_check_traces_float64_for_the_reference_and_lowers_float32_alone(counted):
    text, counts = counted
    target = resolve(text)
    gradcli.check(target, POINTS, dtypes=("float32",), fixes=False)
    assert sorted(_runs(target)) == ["float32", "float64"]
    assert sorted(counts["value_and_grad"]) == ["float32", "float64"]
    assert counts["lowered"] == 1


def test_a_file_resolved_again_runs_no_user_python_and_lowers_nothing(counted):
    """The same file resolved again is the same module (a file runs once per process and text) and the same
    function, but a new target: JAX's own trace cache, kept across checks, answers the capture without running the
    user's Python again; gradcli traces value-and-grad of the captured graph once per dtype and finds XLA's
    programs already lowered."""
    text, counts = counted
    gradcli.check(resolve(text), POINTS, dtypes=("float32", "float64"), fixes=False)
    counts["lowered"], counts["value_and_grad"] = 0, []
    again = resolve(text)
    del _runs(again)[:]
    report = gradcli.check(again, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(report.results) == 4
    assert _runs(again) == []
    assert sorted(counts["value_and_grad"]) == ["float32", "float64"]
    assert counts["lowered"] == 0


def test_a_check_runs_jaxs_program_once_per_point_and_dtype(counted, monkeypatch):
    """The point's value, its gradient, its note on XLA's rewrites and an inaccurate point's explanation all read one
    run of ``value_and_grad``'s program (`_Captured.seeded_runs`): each run is a hand-off to another thread."""
    text, _ = counted
    ran = []
    run = jax_bridge._Captured._ran
    monkeypatch.setattr(jax_bridge._Captured, "_ran", lambda self, key, *rest: ran.append(key[1][0][1].name) or run(self, key, *rest))
    report = gradcli.check(resolve(text), POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(report.results) == 4
    assert any(result.notes or result.findings for result in report.results)  # an explanation asked JAX's numbers too
    assert sorted(ran) == ["float32", "float32", "float64", "float64"]
