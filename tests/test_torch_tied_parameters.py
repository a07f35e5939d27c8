"""A tied weight (one ``nn.Parameter`` reachable under two module paths, as a language model's embedding and output
layer share theirs): either path names it under ``--wrt``, it is one variable, and its gradient is both uses' sum."""

import os
import sys

import numpy as np
import pytest
import torch

import gradcli
from gradcli.errors import InputError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import torch_lib11b  # noqa: E402


def _untied_gradient(model, tokens):
    """The tied matrix's gradient as the sum of its two uses' gradients, from an untied copy of the model."""
    weight = model.emb.weight.detach()
    as_embedding = weight.clone().requires_grad_(True)
    as_output = weight.clone().requires_grad_(True)
    logits = torch.nn.functional.embedding(tokens, as_embedding) @ as_output.T
    loss = torch.nn.functional.cross_entropy(logits, torch_lib11b.TIED_TARGETS)
    first, second = torch.autograd.grad(loss, [as_embedding, as_output])
    return (first + second).numpy()


@pytest.mark.parametrize("name", ["model.out.weight", "model.emb.weight"])
def test_either_path_of_a_tied_weight_is_one_variable_with_both_uses_summed(name):
    model, tokens = torch_lib11b.tied_args()
    report = gradcli.check(torch_lib11b.tied_loss, [{"model": model, "tokens": tokens}], dtypes=("float64",), wrt=(name,))
    [result] = report.results
    assert result.status == "ok"
    assert list(result.exact_gradient) == ["model.emb.weight"]  # one leaf, named by its first path
    exact = np.asarray(result.exact_gradient["model.emb.weight"], dtype=float).reshape(3, 2)
    np.testing.assert_allclose(exact, _untied_gradient(model, tokens), rtol=1e-10, atol=1e-14)


def test_a_path_that_is_no_parameter_still_lists_the_variables():
    model, tokens = torch_lib11b.tied_args()
    with pytest.raises(InputError, match=r"--wrt model\.out\.bias: not a variable of the target \(model\.emb\.weight"):
        gradcli.check(torch_lib11b.tied_loss, [{"model": model, "tokens": tokens}], dtypes=("float64",), wrt=("model.out.bias",))
