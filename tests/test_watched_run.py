"""A formula's run in the working dtype is recorded only where the recording has something to report.

`point._run` runs a formula watched (`provenance.Watch`: is any op's output
NaN, inf or of another float dtype, is any cotangent NaN or inf?) and runs it
again recorded only then. The check must read exactly as when every run was
recorded: the same findings (forward, backward, the accumulation of a value
used twice, NaN leaking through where), the same notes, the same numbers.
"""

import json
import threading

import ml_dtypes  # noqa: F401 - bfloat16 below
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import point, provenance
from gradcli.checker.targets import resolve

CASES = [
    ("log(1 + exp(x))", [-800.0, 0.5, 100.0, 800.0], ("float32", "float64")),
    ("where(x > 0, sqrt(x), x*x)", [-0.5, 1e-9, 9.0], ("float64",)),
    ("sqrt(x) + x", [0.0, 2.0], ("float32", "float64")),
    ("where(x > 5, sqrt(x - 2), x)", [2.0, 3.0], ("float64",)),  # NaN in the backward pass alone, at 2
    ("x**0.5", [0.5, 100.0], ("bfloat16", "float32")),
    ("exp(x)*exp(-x)", [-300.0, 720.0], ("float64",)),
    ("x/(exp(x) - 1)", [1e-9, 800.0], ("float16", "float64")),
    ("log(x) + log(y)*x", [{"x": 0.0, "y": 2.0}, {"x": 1.0, "y": 1e-320}], ("float64",)),
]


class _AlwaysRecorded(provenance.Watch):
    """A watch that always asks for the recording: every run recorded, as before the watch."""

    @property
    def reportable(self):
        return True

    @reportable.setter
    def reportable(self, value):
        pass


def _report(text, points, dtypes):
    return json.dumps(gradcli.check(text, points, dtypes=dtypes).to_dict(), sort_keys=True)


@pytest.mark.parametrize("text, points, dtypes", CASES, ids=[c[0] for c in CASES])
def test_a_watched_run_reads_as_a_recorded_one(monkeypatch, text, points, dtypes):
    watched = _report(text, points, dtypes)
    monkeypatch.setattr(provenance, "Watch", _AlwaysRecorded)
    assert _report(text, points, dtypes) == watched


def _reportable(text, x, dtype):
    target = resolve(text)
    watch = provenance.Watch(np.dtype(dtype))
    point._run_with(target, [np.dtype(dtype).type(x)], (0,), np.dtype(dtype), watch)
    return watch.reportable


def _recorded(text, x, dtype):
    """The ops of a recorded run of ``text`` at ``x`` in ``dtype``: (name, phase, its answer as recorded)."""
    recorder = provenance.Recorder()
    point._run_with(resolve(text), [np.dtype(dtype).type(x)], (0,), np.dtype(dtype), recorder)
    return [(op.name, op.phase, op.output) for op in recorder.recording.ops]


def _a_recording_reports(text, x, dtype):
    """Whether a recorded run has an op answering a float of another dtype than ``dtype``, or a NaN or inf."""
    for _, _, output in _recorded(text, x, dtype):
        kind = getattr(output, "dtype", None)
        if kind is not None and kind.kind in "fcV" and kind != np.dtype(dtype):
            return True
        if not np.all(np.isfinite(np.asarray(output, dtype=np.float64))):
            return True
    return False


def _what_ran(text, x, dtype):
    """For a failing assertion: each op's name and answer type in a recorded run of the same point, and the core's
    process-wide state an earlier test could have left behind (hooks, exact-run constants, threads still running)."""
    from gradcli.autodiff import tracer

    ops = [(name, phase, type(output).__name__, str(getattr(output, "dtype", ""))) for name, phase, output in
           _recorded(text, x, dtype)]
    threads = sorted(t.name for t in threading.enumerate())
    return (f"ops {ops}; hooks {tracer.hooks.forward}, {tracer.hooks.backward}; exact_constant {tracer.exact_constant}; "
            f"held_numbers {tracer.held_numbers}; threads {threads}")


def _doubled_in_float64(x):
    return gnp.sqrt(x) * np.float64(2.0)  # a NumPy float64 scalar is no weak number: the product is float64


def test_the_watch_sees_what_a_recording_would_report():
    assert not _reportable("log(1 + exp(x))", 0.5, "float64")
    assert _reportable("log(1 + exp(x))", 800.0, "float64")  # exp overflows in the forward pass
    assert _reportable("sqrt(x) + x", 0.0, "float64")  # only the backward pass: 1/(2*0)
    assert _reportable(_doubled_in_float64, 2.0, "float32"), _what_ran(_doubled_in_float64, 2.0, "float32")
    assert not _reportable("x**0.5", 2.0, "float32")
    # bfloat16 ** a Python float answers float32 in a fresh process, and bfloat16 in some processes that ran much
    # before (seen on a CI worker, never reproduced alone): the watch says what the recording of the same run says.
    bfloat16 = ml_dtypes.bfloat16
    assert _reportable("x**0.5", 2.0, bfloat16) == _a_recording_reports("x**0.5", 2.0, bfloat16), _what_ran(
        "x**0.5", 2.0, bfloat16)


def test_a_run_with_nothing_to_report_is_not_run_again(monkeypatch):
    runs = []
    run_with = point._run_with
    monkeypatch.setattr(point, "_run_with", lambda *a: runs.append(type(a[-1]).__name__) or run_with(*a))
    gradcli.check("log(1 + exp(x))", [0.5, 800.0], dtypes=("float64",), fixes=False)
    assert runs == ["Watch", "Watch", "Recorder"]
