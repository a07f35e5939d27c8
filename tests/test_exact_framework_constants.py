"""A function of a framework's constants alone is a constant of the proof of 0, computed as exactly as on balls.

PyTorch's ``F.cosine_similarity(x, Y)`` at collinear x is at its maximum: the exact gradient is [0, 0, 0].
Its norm of the constant Y goes through ``clamp_min(1e-8)``, JAX spellings through ``maximum(norm(Y), 1e-8)``
and TensorFlow's ``l2_normalize`` through a folded ``maximum(sum(Y^2), 1e-12)``. The balls compute such an op
on constants alone exactly, deciding its branch; the proof of 0 must do the same on its own numbers, or it
meets a float computed aside (each Y_i / m rounded on its own) and cannot cancel. Where a replay then builds
a zero of the kind of its numbers (a triangle of a constant Cholesky factor), the proof number is made from
a plain number. A point just off the collinear line keeps its tiny nonzero exact gradient: a proof is never
a 0 the mathematics lacks.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core, arb_proof, values
from gradcli.capture import exact_constants

pytest.importorskip("torch")
pytest.importorskip("jax")

TORCH = '''\
import torch
import torch.nn.functional as F

Y = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
ROWS = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], dtype=torch.float64)


def cosine(x):
    return F.cosine_similarity(x, Y, dim=0)


def clamped(x):
    m = torch.linalg.vector_norm(Y).clamp_min(1e-8)
    return torch.sum(x / torch.linalg.vector_norm(x) * (Y / m))


def mixed(x):
    m = torch.clamp(torch.linalg.vector_norm(torch.where(Y > 0, Y, -Y).abs()), min=1e-8, max=1e8)
    return torch.sum(x / torch.linalg.vector_norm(x) * (Y / m)) * torch.sign(Y).sum()


def normalized(x):
    return torch.dot(F.normalize(x, dim=0), F.normalize(Y, dim=0))


def rows(x):
    return F.cosine_similarity(x.reshape(2, 3), ROWS, dim=1).sum()
'''

JAX = '''\
import jax.numpy as jnp
import numpy as np

Y = np.array([1.0, 2.0, 3.0])


def cosine(x):
    nx = jnp.maximum(jnp.linalg.norm(x), 1e-8)
    ny = jnp.maximum(jnp.linalg.norm(Y), 1e-8)
    return jnp.dot(x, Y) / (nx * ny)


def mixed(x):
    ny = jnp.clip(jnp.minimum(jnp.linalg.norm(jnp.abs(jnp.where(Y > 0, Y, -Y))), 1e8), 1e-8)
    return jnp.dot(x, Y) / (jnp.linalg.norm(x) * ny) * jnp.sum(jnp.sign(Y))
'''

TF = '''\
import tensorflow as tf

Y = tf.constant([1.0, 2.0, 3.0], dtype=tf.float64)


def normalized(x):
    return tf.reduce_sum(tf.math.l2_normalize(x) * tf.math.l2_normalize(Y))
'''

COLLINEAR = np.array([2.0, 4.0, 6.0])
NEAR = np.array([2.0, 4.0, 6.000001])
CASES = [("torch", "cosine"), ("torch", "clamped"), ("torch", "mixed"), ("torch", "normalized"), ("torch", "rows"),
         ("jax", "cosine"), ("jax", "mixed"), ("tensorflow", "normalized")]


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("constants")
    paths = {}
    for name, text in (("torch", TORCH), ("jax", JAX), ("tensorflow", TF)):
        paths[name] = folder / f"{name}_model.py"
        paths[name].write_text(text)
    return paths


def only(target, x):
    (result,) = gradcli.check(target, [{"x": x}], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("framework, name", CASES, ids=[f"{f}:{n}" for f, n in CASES])
def test_a_constants_clamped_norm_at_collinear_vectors_is_proven_exactly_0(models, framework, name):
    if framework == "tensorflow":
        pytest.importorskip("tensorflow")
    x = np.concatenate([COLLINEAR, [1.0, -2.0, 4.0]]) if name == "rows" else COLLINEAR  # rows: each collinear
    result = only(f"{models[framework]}:{name}", x)
    assert result.status == "ok", [f.message for f in result.findings]
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    assert exact.shape == x.shape and not np.any(exact)  # exactly 0, not a tiny number called 0


@pytest.mark.parametrize("framework", ["torch", "jax"])
def test_near_collinear_vectors_keep_their_tiny_nonzero_exact_gradient(models, framework):
    exact = np.asarray(only(f"{models[framework]}:cosine", NEAR).exact_gradient["x"], dtype=float)
    # the mathematics' gradient y/(|x||y|) - (x.y) x/(|x|^3 |y|), about 1e-8 here: float64 keeps 7 digits of it
    y = np.array([1.0, 2.0, 3.0])
    nx, ny = np.linalg.norm(NEAR), np.linalg.norm(y)
    want = y / (nx * ny) - np.dot(NEAR, y) * NEAR / (nx**3 * ny)
    assert np.all(exact != 0)
    assert np.allclose(exact, want, rtol=1e-6, atol=0)


def test_a_proof_number_replay_lifts_constants_to_proof_constants():
    arb_core.enable()  # the ball type the proof numbers are made of, whichever test of the worker ran first
    with arb_proof.session():
        (number,) = arb_proof.seeded([2.0], [[1.0]])
        assert exact_constants.kind_of([np.array([number], dtype=object)]) == exact_constants.PROOF
        lifted = exact_constants.lift(np.array([1.0, 3.5]), exact_constants.PROOF)
        assert all(type(e) is arb_proof.Sym and e.d is None for e in lifted)
        assert [float(e.b.mid()) for e in lifted] == [1.0, 3.5]
        assert not exact_constants.reusable(exact_constants.PROOF)
        assert exact_constants.lift(2, exact_constants.PROOF) == 2  # an integer is no float constant: as it is


def test_zeros_like_an_array_of_proof_numbers_is_an_exact_constant_0():
    arb_core.enable()
    with arb_proof.session():
        numbers = np.empty(2, dtype=object)
        numbers[:] = arb_proof.seeded([1.5, -2.0], [[1.0], [0.0]])
        zeros = values.zeros_like(numbers)
        assert all(type(z) is arb_proof.Sym and z.d is None and arb_proof.is_zero(z.q) for z in zeros)
        assert arb_proof.zeros_of(numbers[0] * zeros[0] + zeros[1]) == (True, [True])


def test_a_fold_of_constants_decides_its_branches_off_the_programs_path():
    arb_core.enable()
    arb_core.decisions, arb_core.ties = [True], []
    folds = exact_constants.Folds()
    folds.add(lambda args: arb_core.ELEMENTWISE["maximum"](*args), ["y", "eps"], ["m"], [2.0, 1e-12])
    ball = arb_core.anchored.exact_ball(0.5)
    exact = folds.exact({"y": 2.0, "eps": 1e-12, "m": 2.0}, [np.array([ball], dtype=object)])
    assert float(exact["m"].mid()) == 2.0
    assert arb_core.decisions == [True]  # the program's own path, untouched by the fold's maximum



@pytest.mark.parametrize("kind", [exact_constants.BALL, exact_constants.MP])
def test_an_infinity_among_the_constants_keeps_its_sign_when_lifted(kind):
    # A ball of -inf is [+/- inf]: a key padding mask of -inf lifted so would no longer mask (attention over a fully
    # masked row got a finite exact value); an infinity is exact as the float it is.
    arb_core.enable()
    lifted = exact_constants.lift(np.array([-np.inf, 1.5, np.inf]), kind)
    assert [type(lifted[0]), lifted[0], type(lifted[2]), lifted[2]] == [float, -np.inf, float, np.inf]
    assert exact_constants.kind_of([lifted[1:2]]) == kind and float(lifted[1]) == 1.5
    single = exact_constants.lift(-np.inf, kind)
    assert type(single) is float and single == -np.inf
