"""A value JAX's compiled program rounds otherwise than its operations one by one is a precision matter, not a
framework computing another function.

The angle between x and y by arccos of their normalised dot product, at x = y: XLA fuses the dot product's
multiplies into its adds, rounded once, so the cosine is 1 - 2^-53 where the operations one by one make it exactly
1, and arccos turns that one rounding into 1.5e-8 where the exact value is 0. The point has no derivative in any
input (a cone's tip), and its value is lost in float64: ``unstable``, the kinks named, the note naming XLA's rewrite.
``wrong`` is kept for a framework whose operations compute another function at any precision (JAX's expn(n, 0)).
"""

import json
import subprocess
import sys


MODULE = '''
import jax.numpy as jnp


def angle(x, y):
    c = jnp.sum(x / jnp.linalg.norm(x) * (y / jnp.linalg.norm(y)))
    return jnp.arccos(jnp.clip(c, -1.0, 1.0))


def lift(v):
    return jnp.concatenate([jnp.sqrt(1.0 + jnp.sum(v * v))[None], v])


def lorentz(a, b):
    x, y = lift(a), lift(b)
    return jnp.arccosh(x[0] * y[0] - jnp.sum(x[1:] * y[1:]))
'''


def _checked(tmp_path, function, at):
    path = tmp_path / "angles.py"
    path.write_text(MODULE)
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:{function}", "--at", at, "--dtype",
                           "float64", "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["results"][0]


def test_a_fused_cosine_at_a_cone_is_a_lost_value(tmp_path):
    result = _checked(tmp_path, "angle", "x=[1.0,2.0,2.0],y=[1.0,2.0,2.0]")
    assert not any(f["kind"] == "wrong-value" for f in result["findings"])
    assert sum(f["kind"] == "kink" for f in result["findings"]) == 6
    assert all(e == "nan" for name in ("x", "y") for e in result["exact_gradient"][name])
    if result["value"] == 0.0:  # an XLA build (a CPU) that does not fuse here: the value exact, the point a cone's tip
        assert result["status"] == "domain", result
        return
    assert result["status"] == "unstable", result
    assert any("XLA's compiled program computes otherwise" in note for note in result["notes"])


def test_a_fused_inner_product_under_arccosh_is_a_lost_value_too(tmp_path):
    # the Lorentz distance at a = b: XLA's product 1 - 2^-53 makes arccosh NaN where the exact value is 0
    result = _checked(tmp_path, "lorentz", "a=[0.5,-0.25],b=[0.5,-0.25]")
    assert not any(f["kind"] == "wrong-value" for f in result["findings"])
    assert all(e == "nan" for name in ("a", "b") for e in result["exact_gradient"][name])
    assert result["status"] == ("domain" if result["value"] == 0.0 else "unstable"), result
