"""A framework's own special-function kernel that is off by more than its inputs explain is named as the cause.

A bridge replays PyTorch's and TensorFlow's digamma, polygamma, lgamma and
the other approximated special functions by gradcli's own accurate functions,
so the replay in the dtype did not carry the kernel's error: PyTorch's float64
trigamma (polygamma(1, x), DigammaBackward0's rule) is 4.8e-10 off at 1, and a
Dirichlet loss's gradient with it. The report blamed a forward cancellation in
an entry multiplied by 0 (one that feeds no slope), or "the gradient rule" of
the whole function. Each replayed call now carries the framework's kernel on
the very numbers handed to it; where that kernel alone is off, it is named.
"""

import textwrap

import pytest

import gradcli

pytest.importorskip("torch")

TORCH_SOURCE = textwrap.dedent('''
    import torch

    LABEL = [1.0, 0.0, 0.0]


    def dirichlet_loss(evidence):
        y = torch.tensor(LABEL, dtype=evidence.dtype)
        alpha = evidence + 1
        return (y * (torch.digamma(alpha.sum()) - torch.digamma(alpha))).sum()


    def log_gamma_squared(x):
        return (torch.lgamma(x) ** 2).sum()


    def log_gamma_step(x):
        return torch.lgamma(x + 1e-9) - torch.lgamma(x)
''')

TF_SOURCE = textwrap.dedent('''
    import tensorflow as tf


    def digamma_squared(x):
        return tf.reduce_sum(tf.math.digamma(x) ** 2)
''')


@pytest.fixture(scope="module")
def user_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kernels")
    (folder / "torch_kernels.py").write_text(TORCH_SOURCE)
    (folder / "tf_kernels.py").write_text(TF_SOURCE)
    return folder


def _check(path, point, dtype):
    result, = gradcli.check(path, [point], dtypes=[dtype], fixes=False).results
    return result


def _kernel_findings(result):
    return [f for f in result.findings if "own approximation" in f.message]


@pytest.mark.parametrize("evidence", [[0.0, 1e30, 0.0], [0.0, 0.0, 0.0]])
def test_pytorch_trigamma_in_the_backward_is_named(user_files, evidence):
    result = _check(f"{user_files / 'torch_kernels.py'}:dirichlet_loss", {"evidence": evidence}, "float64")
    assert result.status == "unstable"
    named = _kernel_findings(result)
    assert named, [f.message for f in result.findings]
    first = result.findings[0]
    assert first is named[0] and first.phase == "backward", [f.message for f in result.findings]
    assert "PyTorch's polygamma(1, " in first.message and "(aten.polygamma)" in first.message
    assert "1.6449340676" in first.message and "1.644934066848" in first.message  # PyTorch's digits, then the truth's
    assert first.location.endswith("torch_kernels.py:10")
    assert not any("aten.sub" in f.message for f in result.findings), [f.message for f in result.findings]


def test_pytorch_lgamma_near_a_negative_root_is_named_in_the_forward(user_files):
    result = _check(f"{user_files / 'torch_kernels.py'}:log_gamma_squared", {"x": -2.747682571411133}, "float32")
    assert result.status == "unstable"
    first = result.findings[0]
    assert first.phase == "forward" and "PyTorch's lgamma(-2.747682571411133)" in first.message, first.message
    assert "(aten.lgamma)" in first.message and first.location.endswith("torch_kernels.py:14")


def test_a_kernel_within_its_rounding_is_not_named(user_files):
    # the two lgammas are right to their last bits: the subtraction lost the digits, and is the one named
    result = _check(f"{user_files / 'torch_kernels.py'}:log_gamma_step", {"x": 3.0}, "float64")
    assert result.status == "unstable"
    assert not _kernel_findings(result), [f.message for f in result.findings]
    assert (result.findings[0].op, result.findings[0].kind) == ("- (aten.sub)", "cancellation")


def test_tensorflow_digamma_at_its_root_is_named(user_files):
    pytest.importorskip("tensorflow")
    result = _check(f"{user_files / 'tf_kernels.py'}:digamma_squared", {"x": 1.4616321325302124}, "float32")
    assert result.status == "unstable"
    first = result.findings[0]
    assert "TensorFlow's Digamma(1.4616321325302124) = 0.0" in first.message, first.message
    assert "(tf.raw_ops.Digamma)" in first.message and first.location.endswith("tf_kernels.py:6")
