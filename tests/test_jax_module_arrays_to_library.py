"""A module's float32 array handed to a JAX library function (logsumexp's ``b``) is the user's: the float32 check's
exact reference reads it as float32 holds it, as it does where the user's own line multiplies by it.

``FRACTIONS = jnp.array([0.5, 0.3, 0.2, 0.0])`` is float32 in a float32 run;
logsumexp multiplies by it on JAX's own lines, where a literal would be the
library's own constant: the exact gradient came out as for the decimals 0.3
and 0.2 (0.5027063795 where the program's own numbers give 0.5027063696).
Truths in mpmath from the float32 fractions.
"""

import textwrap

import mpmath
import numpy as np
import pytest

import gradcli

SOURCE = """
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp

FRACTIONS = jnp.array([0.5, 0.3, 0.2, 0.0])


def by_library(mu):
    return logsumexp(mu, b=FRACTIONS)


def by_hand(mu):
    return jnp.log(jnp.sum(FRACTIONS * jnp.exp(mu)))


DTYPE = np.float64  # a class with a shape and a dtype of its own: no array


def with_a_dtype_global(mu):
    return jnp.sum(jnp.asarray(mu, DTYPE) * FRACTIONS)
"""

MU = [80.0, 80.5, -80.0, 3.0]


def _truth():
    b = [mpmath.mpf(float(v)) for v in np.array([0.5, 0.3, 0.2, 0.0], dtype=np.float32)]
    with mpmath.workdps(50):
        weights = [w * mpmath.exp(m) for w, m in zip(b, MU)]
        return [w / sum(weights) for w in weights]


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("mixture") / "mixture.py"
    path.write_text(textwrap.dedent(SOURCE))
    return str(path)


@pytest.mark.parametrize("function", ["by_library", "by_hand"])
def test_the_exact_gradient_reads_the_float32_array_as_float32_holds_it(user_file, function):
    result, = gradcli.check(f"{user_file}:{function}", [{"mu": MU}], dtypes=("float32",), fixes=False).results
    truth = _truth()
    for got, want in zip(result.exact_gradient["mu"][:2], truth[:2]):
        assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want), (function, got, want)
    assert result.status.value == "ok"


def test_a_global_that_is_a_numpy_type_is_no_array(user_file):
    result, = gradcli.check(f"{user_file}:with_a_dtype_global", [{"mu": MU}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "ok", [f.message for f in result.findings]
