"""A tuple of Python ints among a framework function's arguments (a pair of indices, a shape) is data, held as the
very tuple given, as a Python int is: a point given as the function's arguments (``--args``, or a tuple handed to
`gradcli.check`) hands it over unchanged, never as floats to differentiate."""

import numpy as np
import pytest

import gradcli

jnp = pytest.importorskip("jax.numpy")
torch = pytest.importorskip("torch")


def _ranked_pair(params, pair):
    # BPR's pairwise loss: the user's score of item pair[0] against item pair[1]
    user, items = params["user"], params["items"]
    return -jnp.log(1 / (1 + jnp.exp(-(jnp.dot(user, items[pair[0]]) - jnp.dot(user, items[pair[1]])))))


def _reshaped_trace(x, shape):
    return torch.trace(torch.reshape(x, shape) ** 2)


def _scaled(x, scale):
    return torch.sum(x * scale[0] - scale[1])


PARAMS = {"user": np.array([1.0, -2.0]), "items": np.array([[0.5, 0.25], [-1.0, 2.0]])}


def _margin_slope():
    user, items = PARAMS["user"], PARAMS["items"]
    margin = user @ (items[0] - items[1])
    weight = -1 / (1 + np.exp(margin))  # d/dmargin of -log(sigmoid(margin))
    return weight * (items[0] - items[1]), weight


@pytest.mark.parametrize("wrt", [None, ["params.user"]])
def test_a_pair_of_indices_reaches_jax_as_the_tuple_given(wrt):
    report = gradcli.check(_ranked_pair, [(PARAMS, (0, 1))], dtypes=("float64",), wrt=wrt, fixes=False)
    (result,) = report.results
    assert result.status == "ok", [f.message for f in result.findings]
    along_user, weight = _margin_slope()
    assert np.allclose(result.gradient["params.user"], along_user, rtol=1e-12)
    assert "pair" not in result.gradient and "pair.0" not in result.gradient


def test_a_shape_reaches_pytorch_as_the_tuple_given():
    x = np.arange(1.0, 7.0)
    (result,) = gradcli.check(_reshaped_trace, [(x, (2, 3))], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    # trace of the 2x3 reshape squared: entries (0,0) and (1,1) of x.reshape(2,3), i.e. x[0] and x[4]
    assert np.allclose(result.gradient["x"], [2.0, 0, 0, 0, 10.0, 0], rtol=1e-12)


def test_a_tuple_of_floats_is_still_differentiated():
    (result,) = gradcli.check(_scaled, [(np.array([1.0, 2.0]), (3.0, 0.5))], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(result.gradient["scale"], [3.0, -2.0], rtol=1e-12)


def _nll_jax(logits, labels):
    logp = logits - jnp.log(jnp.sum(jnp.exp(logits), axis=-1, keepdims=True))
    return -jnp.sum(logp[jnp.arange(len(labels)), jnp.asarray(labels)])


def _nll_torch(logits, labels):
    return torch.nn.functional.cross_entropy(logits, torch.as_tensor(labels), reduction="sum")


LOGITS = np.array([[1.0, 2.0], [0.5, 0.0], [-3.0, 0.5]])


def _nll_slope(labels):
    # d/dlogits of the summed cross-entropy: softmax - one_hot
    soft = np.exp(LOGITS) / np.exp(LOGITS).sum(axis=1, keepdims=True)
    return soft - np.eye(2)[labels]


@pytest.mark.parametrize("loss", [_nll_jax, _nll_torch], ids=["jax", "torch"])
def test_labels_the_users_code_gives_as_a_list_of_ints_are_data(loss):
    labels = [0, 1, 1]
    (result,) = gradcli.check(loss, [(LOGITS, labels)], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert list(result.gradient) == ["logits"]
    assert np.allclose(result.gradient["logits"], _nll_slope(labels), rtol=1e-12)


def test_a_list_of_ints_typed_as_a_point_is_still_differentiated():
    # {"x": [1, 2]} types numbers (as --at does): x is the variable, not data
    (result,) = gradcli.check(lambda x: jnp.sum(jnp.asarray(x) ** 2), [{"x": [1, 2]}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(result.gradient["x"], [2.0, 4.0], rtol=1e-12)
