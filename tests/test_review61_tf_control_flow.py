"""`tf_control_flow.eager_reads_passed_on` puts TensorFlow's own private functions back when the last trace leaves it,
an exception's exit included, and on overlapping traces only then; a TensorFlow stand-in holds the doors it replaces
(no TensorFlow is imported here)."""

import sys
import threading
import types

import pytest

from gradcli.capture import tf_control_flow


class _EagerTensor:
    pass


def _own_resolver(forward, gradient, *rest):
    return list(gradient.external_captures)


class _WhileBodyGradFuncGraph:
    def capture(self, tensor, name=None, shape=None):
        return tensor


@pytest.fixture
def stand_in(monkeypatch):
    """The modules `_install` reads, as plain modules whose doors are the functions above."""
    ops = types.ModuleType("tensorflow.python.framework.ops")
    ops.EagerTensor, ops.tensor_id = _EagerTensor, id
    cond_v2 = types.ModuleType("cond_v2")
    cond_v2._resolve_grad_inputs = _own_resolver
    while_v2 = types.ModuleType("while_v2")
    while_v2._resolve_grad_captures = _own_resolver
    while_v2._WhileBodyGradFuncGraph = _WhileBodyGradFuncGraph
    graph_ops = types.ModuleType("tensorflow.python.ops")
    graph_ops.cond_v2, graph_ops.while_v2 = cond_v2, while_v2
    for name, module in (("tensorflow", types.ModuleType("tensorflow")),
                         ("tensorflow.python", types.ModuleType("tensorflow.python")),
                         ("tensorflow.python.framework", types.ModuleType("tensorflow.python.framework")),
                         ("tensorflow.python.framework.ops", ops), ("tensorflow.python.ops", graph_ops)):
        monkeypatch.setitem(sys.modules, name, module)
    return cond_v2, while_v2


def _theirs(cond_v2, while_v2):
    return (cond_v2._resolve_grad_inputs is _own_resolver and while_v2._resolve_grad_captures is _own_resolver
            and "capture" in _WhileBodyGradFuncGraph.__dict__ and _WhileBodyGradFuncGraph.capture.__name__ == "capture"
            and _WhileBodyGradFuncGraph.capture.__qualname__.startswith("_WhileBodyGradFuncGraph"))


def test_the_doors_are_replaced_inside_and_put_back_after_an_exception(stand_in):
    cond_v2, while_v2 = stand_in
    with pytest.raises(RuntimeError, match="the trace failed"):
        with tf_control_flow.eager_reads_passed_on():
            assert cond_v2._resolve_grad_inputs is not _own_resolver
            assert while_v2._resolve_grad_captures is not _own_resolver
            assert not _WhileBodyGradFuncGraph.capture.__qualname__.startswith("_WhileBodyGradFuncGraph")
            raise RuntimeError("the trace failed")
    assert _theirs(cond_v2, while_v2)


def test_overlapping_traces_in_two_threads_put_the_doors_back_when_the_last_one_leaves(stand_in):
    cond_v2, while_v2 = stand_in
    entered, leave = threading.Event(), threading.Event()
    seen = []

    def other_trace():
        with tf_control_flow.eager_reads_passed_on():
            entered.set()
            leave.wait(timeout=30)
        seen.append(_theirs(cond_v2, while_v2))

    thread = threading.Thread(target=other_trace)
    with tf_control_flow.eager_reads_passed_on():
        thread.start()
        assert entered.wait(timeout=30)
    replaced_while_the_other_runs = not _theirs(cond_v2, while_v2)
    leave.set()
    thread.join(timeout=30)
    assert replaced_while_the_other_runs and seen == [True] and _theirs(cond_v2, while_v2)
