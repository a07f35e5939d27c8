"""A module's other names for a tied parameter (``--wrt model.out.weight`` naming ``model.emb.weight``) are that
module's alone: a later check of the same function handed another module, whose ``out.weight`` is a parameter of its
own, chooses that parameter, not the first module's tie."""

import os
import sys

import numpy as np
import torch

import gradcli

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import torch_lib11b  # noqa: E402


def _untied_args():
    """The trials' tied language model with its output layer given a weight of its own (same numbers, no tie)."""
    model, tokens = torch_lib11b.tied_args()
    model.out.weight = torch.nn.Parameter(model.emb.weight.detach().clone())
    return model, tokens


def _check(model, tokens, wrt):
    report = gradcli.check(torch_lib11b.tied_loss, [{"model": model, "tokens": tokens}], dtypes=("float64",), wrt=wrt)
    [result] = report.results
    return result


def test_a_second_module_without_the_tie_has_its_own_output_weight_chosen():
    tied, tokens = torch_lib11b.tied_args()
    assert list(_check(tied, tokens, ("model.out.weight",)).exact_gradient) == ["model.emb.weight"]
    untied, tokens = _untied_args()
    result = _check(untied, tokens, ("model.out.weight",))
    assert result.status == "ok"
    assert list(result.exact_gradient) == ["model.out.weight"]
    logits = torch.nn.functional.embedding(tokens, untied.emb.weight.detach()) @ untied.out.weight.detach().T
    probabilities = torch.softmax(logits, dim=-1)
    hidden = torch.nn.functional.embedding(tokens, untied.emb.weight.detach())
    expected = ((probabilities - torch.nn.functional.one_hot(torch_lib11b.TIED_TARGETS, 3)).T @ hidden / 2).numpy()
    exact = np.asarray(result.exact_gradient["model.out.weight"], dtype=float).reshape(3, 2)
    np.testing.assert_allclose(exact, expected, rtol=1e-10, atol=1e-14)


def test_the_tie_named_again_after_an_untied_module():
    untied, tokens = _untied_args()
    assert list(_check(untied, tokens, ("model.emb.weight",)).exact_gradient) == ["model.emb.weight"]
    tied, tokens = torch_lib11b.tied_args()
    assert list(_check(tied, tokens, ("model.out.weight",)).exact_gradient) == ["model.emb.weight"]


def test_a_keras_models_other_names_are_that_models_alone(monkeypatch):
    """The same bookkeeping for Keras models and tf.Modules (`tf_models.ModelArguments`), TensorFlow itself left out:
    its reading of a model's variables stands in as each model's (named variables, places, Keras paths)."""
    from gradcli.capture import tf_models

    named_by_keras, plain = object(), object()
    variables = {id(named_by_keras): ({("hidden", "kernel"): None}, {}, {("dense", "kernel"): ("hidden", "kernel")}),
                 id(plain): ({("dense", "kernel"): None}, {}, {})}
    monkeypatch.setattr(tf_models, "_is_model", lambda value: id(value) in variables)
    monkeypatch.setattr(tf_models, "_variables_by_path", lambda model: variables[id(model)])
    monkeypatch.setattr(tf_models, "variable_tree", lambda model: {})

    def loss(model, x):
        return x

    arguments = tf_models.ModelArguments(loss)
    arguments.point({"model": named_by_keras, "x": 1.0})
    assert arguments.aliases == {"model.dense.kernel": "model.hidden.kernel"}
    arguments.point({"model": plain, "x": 1.0})
    assert arguments.aliases == {}
