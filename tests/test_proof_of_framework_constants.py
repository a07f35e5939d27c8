"""A function of a framework's constants alone is a constant of the proof of 0 (trial finding T35).

PyTorch's ``F.cosine_similarity(x, Y)`` at collinear x is at its maximum: the exact gradient is [0, 0, 0].
Its norm of the constant Y goes through ``clamp_min(1e-8)``, an optax-style JAX spelling through
``maximum(norm(Y), 1e-8)``. The balls compute such an op on constants alone exactly, deciding its
branch; the proof of 0 must do the same on its own numbers, or it meets a float computed aside (each
Y_i / m rounded on its own, a branch the balls decided and it did not) and cannot cancel. A point just
off the collinear line keeps its tiny nonzero exact gradient: a proof is never a 0 the mathematics lacks.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb_proof
from gradcli.capture import exact_constants

pytest.importorskip("torch")
pytest.importorskip("jax")

MODEL = '''\
import numpy as np
import torch
import torch.nn.functional as F
import jax.numpy as jnp

Y = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
YN = np.array([1.0, 2.0, 3.0])


def torch_cosine(x):
    return F.cosine_similarity(x, Y, dim=0)


def torch_clamped(x):
    m = torch.linalg.vector_norm(Y).clamp_min(1e-8)
    return torch.sum(x / torch.linalg.vector_norm(x) * (Y / m))


def torch_mixed(x):
    m = torch.clamp(torch.linalg.vector_norm(torch.where(Y > 0, Y, -Y).abs()), min=1e-8, max=1e8)
    return torch.sum(x / torch.linalg.vector_norm(x) * (Y / m)) * torch.sign(Y).sum()


def jax_cosine(x):
    nx = jnp.maximum(jnp.linalg.norm(x), 1e-8)
    ny = jnp.maximum(jnp.linalg.norm(YN), 1e-8)
    return jnp.dot(x, YN) / (nx * ny)


def jax_mixed(x):
    ny = jnp.clip(jnp.minimum(jnp.linalg.norm(jnp.abs(jnp.where(YN > 0, YN, -YN))), 1e8), 1e-8)
    return jnp.dot(x, YN) / (jnp.linalg.norm(x) * ny) * jnp.sum(jnp.sign(YN))
'''

COLLINEAR = {"x": np.array([2.0, 4.0, 6.0])}
NEAR = {"x": np.array([2.0, 4.0, 6.000001])}


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("t35") / "model.py"
    path.write_text(MODEL)
    return str(path)


def only(target, point):
    (result,) = gradcli.check(target, [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("name", ["torch_cosine", "torch_clamped", "torch_mixed", "jax_cosine", "jax_mixed"])
def test_a_constants_clamped_norm_at_collinear_vectors_is_proven_exactly_0(model, name):
    result = only(f"{model}:{name}", COLLINEAR)
    assert result.status == "ok", [f.message for f in result.findings]
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    assert exact.shape == (3,) and not np.any(exact)  # exactly 0, not a tiny number called 0


@pytest.mark.parametrize("name", ["torch_cosine", "jax_cosine"])
def test_near_collinear_vectors_keep_their_tiny_nonzero_exact_gradient(model, name):
    result = only(f"{model}:{name}", NEAR)
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    # the mathematics' gradient y/(|x||y|) - (x.y) x/(|x|^3 |y|), about 1e-8 here: float64 keeps 7 digits of it
    y = np.array([1.0, 2.0, 3.0])
    x = NEAR["x"]
    nx, ny = np.linalg.norm(x), np.linalg.norm(y)
    want = y / (nx * ny) - np.dot(x, y) * x / (nx ** 3 * ny)
    assert np.all(exact != 0)
    assert np.allclose(exact, want, rtol=1e-6, atol=0)


def test_a_proof_number_replay_lifts_constants_to_proof_constants():
    with arb_proof.session():
        (number,) = arb_proof.seeded([2.0], [[1.0]])
        assert exact_constants.kind_of([np.array([number], dtype=object)]) == exact_constants.PROOF
        lifted = exact_constants.lift(np.array([1.0, 3.5]), exact_constants.PROOF)
        assert all(type(e) is arb_proof.Sym and e.d is None for e in lifted)
        assert not exact_constants.reusable(exact_constants.PROOF)
        assert exact_constants.lift(2, exact_constants.PROOF) == 2  # an integer is no float constant: as it is
