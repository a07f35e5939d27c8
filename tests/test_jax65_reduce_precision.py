"""``jax.lax.reduce_precision`` named where its rounding costs the digits, in JAX's spelling, as every op the user's
line wrote: the exact run records it too (the identity on exact numbers), so its step pairs with the working run's."""

import json

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("jax")

USERS = '''\
import jax
import jax.numpy as jnp


def rounded_then_cancelled(x):
    y = jax.lax.reduce_precision(x * x, exponent_bits=8, mantissa_bits=7)
    return y - 1.0


def rounded_under_a_root(x):
    return jnp.sqrt(jax.lax.reduce_precision(x, 8, 7) + 1e-3)
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax65_reduce_precision") / "users.py"
    path.write_text(USERS)
    return str(path)


@pytest.mark.parametrize("name, line, exact", [
    ("rounded_then_cancelled", 6, lambda x: (x * x - 1, 2 * x)),
    ("rounded_under_a_root", 11, lambda x: (mpmath.sqrt(x + mpmath.mpf(1e-3)), 1 / (2 * mpmath.sqrt(x + mpmath.mpf(1e-3))))),
])
def test_the_rounding_is_named_at_its_line(users, name, line, exact):
    ran = CliRunner().invoke(cli, ["check", f"{users}:{name}", "--at", "x=1.001", "--dtype", "float32", "--json"])
    assert ran.exit_code == 1, ran.output
    (result,) = json.loads(ran.stdout)["results"]
    with mpmath.workdps(40):
        value, slope = exact(mpmath.mpf(float(np.float32(1.001))))  # the point as float32 holds it
    assert result["status"] == "unstable"
    assert result["exact_value"] == pytest.approx(float(value), rel=1e-6)
    assert result["exact_gradient"]["x"] == pytest.approx(float(slope), rel=1e-6)
    (first, *_) = result["findings"]
    assert first["op"] == "jax.lax.reduce_precision (reduce_precision)" and first["phase"] == "forward"
    assert first["location"].endswith(f"users.py:{line}")
    assert first["message"].startswith("jax.lax.reduce_precision(")
    assert "rounds to fewer bits than the dtype holds" in first["message"]  # its own rounding, nothing amplified
