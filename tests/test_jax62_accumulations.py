"""JAX's own adds in a backward pass (``add_any``: a value's cotangents from its several uses) are named by the value
and the lines of its uses, placed at the value's line, as PyTorch's bridge names its engine's: the graph of
``jax.value_and_grad`` is compiled once per function and its add steps read."""

import textwrap

import numpy as np
import pytest

jax = pytest.importorskip("jax")

SOURCE = '''
import jax.numpy as jnp


def loss(x):
    y = jnp.exp(x)
    a = y * 3.0
    b = jnp.log(y)
    return jnp.sum(a + b * y)


def reused_input(x):
    return jnp.sum(jnp.sin(x) + x ** 2)


def tree_loss(params, data):
    w = params["w"]
    return jnp.sum(jnp.tanh(w * data) * w)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    import importlib.util

    path = tmp_path_factory.mktemp("jax62") / "sums62.py"
    path.write_text(textwrap.dedent(SOURCE))
    spec = importlib.util.spec_from_file_location("sums62", path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded, str(path)


def _accumulations(module, name, *args):
    from gradcli.capture.jax_bridge import _Captured

    loaded, path = module
    captured = _Captured(getattr(loaded, name), f"{path}:{name}")
    key, _ = captured.key(list(args))
    steps = captured.seeded(key)[0].steps
    return path, [(step.location, step.by_the_pass) for step in steps if step.name == "add_any"]


def test_a_value_used_three_times_is_named_with_its_uses_lines(module):
    path, found = _accumulations(module, "loss", np.array([1.0, 2.0]))
    # y = exp(x) on line 6 is used on lines 7, 8 and 9: two adds, the first of two uses' cotangents, then the third's
    assert sorted(found) == [(f"{path}:6", ("accumulation", "the gradient accumulation of exp's uses at lines 7, 8 and 9")),
                             (f"{path}:6", ("accumulation", "the gradient accumulation of exp's uses at lines 8 and 9"))]


def test_an_input_is_named_by_its_parameter(module):
    path, found = _accumulations(module, "reused_input", np.array([1.0, 2.0]))
    assert found == [(f"{path}:13", ("accumulation", "the gradient accumulation of the input x's 2 uses on line 13"))]


def test_a_leaf_of_a_tree_is_named_by_its_path(module):
    path, found = _accumulations(module, "tree_loss", {"w": np.array([0.5, 1.5])}, np.array([1.0, 2.0]))
    # JAX's tanh rule adds g + g tanh(x) (its linear part read twice), on line 18 too, where several equations stand
    assert found == [(f"{path}:18", ("accumulation", "the gradient accumulation of the value's 2 uses on line 18")),
                     (f"{path}:18", ("accumulation", "the gradient accumulation of the input params.w's 2 uses on line 18"))]
