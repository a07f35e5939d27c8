"""A module constant read inside a lambda or a nested function (a fori_loop's body, a vmap's function, a helper
defined in the loss) is widened to float64 in the float64 check as one read by the loss's own lines is.

JAX holds ``C = jnp.array([0.1, 0.2])`` as float32 unless x64 was on when
the module ran: a user who runs the loss with x64 on gets 0.1 + 0.2 in
float64, 0.30000000000000004; read only from inside a lambda, the constant
stayed float32 in the float64 check, and both JAX's gradient and the exact
one came out 0.30000000447034836 (float32's 0.1 + 0.2).
"""

import textwrap

import pytest

import gradcli

SOURCE = """
import jax
import jax.numpy as jnp
from jax import lax

C = jnp.array([0.1, 0.2])


def loop_index(w):
    return lax.fori_loop(0, 2, lambda t, acc: acc + w * C[t], 0.0)


def vmap_reads(w):
    return jnp.sum(jax.vmap(lambda x: x * C[0] + x * C[1])(w))


def nested_helper(w):
    def scale(x):
        return x * C[0] + x * C[1]
    return jnp.sum(scale(w))


def own_lines(w):
    return w * C[0] + w * C[1]
"""

SUM = 0.1 + 0.2  # float64's sum of float64's 0.1 and 0.2: 0.30000000000000004


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("constants") / "loop.py"
    path.write_text(textwrap.dedent(SOURCE))
    return str(path)


@pytest.mark.parametrize("function, point", [
    ("loop_index", {"w": 1.0}), ("vmap_reads", {"w": [1.0, 2.0]}), ("nested_helper", {"w": [1.0, 2.0]}),
    ("own_lines", {"w": 1.0}),
])
def test_the_float64_check_reads_the_constant_at_float64(user_file, function, point):
    result, = gradcli.check(f"{user_file}:{function}", [point], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok"
    for got in (result.gradient["w"], result.exact_gradient["w"]):
        for entry in (got if isinstance(got, list) else [got]):
            assert entry == SUM, (function, got)
