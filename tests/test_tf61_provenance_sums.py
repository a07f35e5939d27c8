"""The recorder's running sums of a node's gradients belong to that node alone.

A recorded run can hold many backward passes (a framework replay pulls back
through each convolution's backward kernel inside the checker's recorded
pass: PyTorch's complex ``F.conv1d`` makes three), and a node of a later pass
may take the id of a freed node of an earlier one. Its gradients' sum must
start from its own first gradient, never from the freed node's sum (a
signal's and a kernel's gradients added: a ValueError, the point left
without a verdict).
"""

import numpy as np

import gradcli.numpy as gnp
from gradcli import grad
from gradcli.checker import provenance


def _used_twice(v):
    u = gnp.sin(v)
    return gnp.sum(u * u)  # u reaches the product twice: its two gradients added, then its node freed


def test_each_pass_adds_its_own_nodes_gradients():
    recorder = provenance.Recorder()
    with recorder:
        for n in range(60):  # passes whose nodes are freed and made again, of three sizes in turn
            grad(_used_twice)(np.linspace(0.1, 1.0, 2 + n % 3))
    sums = [op for op in recorder.recording.ops if op.accumulating and op.name == "add"]
    assert len(sums) == 60
    for op in sums:
        first, second = (np.asarray(a) for a in op.args)
        assert first.shape == second.shape == np.shape(op.output)
        assert np.array_equal(op.output, first + second)
