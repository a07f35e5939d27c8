"""PyTorch's edges of the bridge: a module built inside the user's function, beside a mask made there.

A module built in the function fills its weights in place (``copy_`` under ``no_grad``), so its graph is
functionalized; a key-padding mask made there is written into a tensor made from it alone (``zeros_like(mask)``
then ``masked_fill_``): both are constants of the graph, handed in to functionalization as inputs are, so no write
mixes a tensor it wraps with one it does not. A row all padding makes softmax's 0 / 0, a NaN made of constants alone:
in a proof, an unknown that only a pick leaving it out lets pass.
"""

import math

import numpy as np
import pytest

import gradcli

KEYS = np.array([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]])
VALUES = np.array([[1.0, 2.0], [0.0, -1.0], [3.0, 0.5]])
WEIGHT = np.array([[1.0, -0.5], [0.25, 0.75]])

USER_CODE = f'''import torch


def first_row(q):
    values = torch.nn.Linear(2, 2, bias=False, dtype=q.dtype)
    with torch.no_grad():
        values.weight.copy_(torch.tensor({WEIGHT.tolist()}, dtype=q.dtype))
    mask = torch.tensor([[False, False, True], [True, True, True]])
    bias = torch.zeros_like(mask, dtype=q.dtype).masked_fill_(mask, float("-inf"))
    scores = q @ torch.tensor({KEYS.tolist()}, dtype=q.dtype).T + bias
    out = torch.softmax(scores, dim=-1) @ values(torch.tensor({VALUES.tolist()}, dtype=q.dtype))
    return (out[0] ** 2).sum()
'''


def _first_rows_slope(q0):
    """d/dq0 of |softmax(q0 . k over the first two keys) V W^T|^2: the chain rule written out."""
    projected = (VALUES @ WEIGHT.T)[:2]
    scores = KEYS[:2] @ q0
    p = np.exp(scores - scores.max())
    p /= p.sum()
    out = p @ projected
    d_p = 2 * projected @ out
    d_scores = p * (d_p - p @ d_p)
    return d_scores @ KEYS[:2]


def test_a_module_built_inside_the_function_beside_a_mask_made_there_is_judged(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "built_inside.py"
    path.write_text(USER_CODE)
    q = np.array([[0.5, 1.0], [-1.0, 0.25]])
    (result,) = gradcli.check(f"{path}:first_row", [{"q": q}], dtypes=("float64",), fixes=False).results
    # the second query sees no key: its row is NaN, which PyTorch's backward multiplies by the 0 the pick hands it
    assert result.status == "wrong", [f.message for f in result.findings]
    got = np.array([[float(v) for v in row] for row in result.exact_gradient["q"]])
    assert np.allclose(got[0], _first_rows_slope(q[0]), rtol=1e-12, atol=0)
    assert got[1].tolist() == [0.0, 0.0]  # proven 0: the row no sum reads


def test_a_nan_made_of_constants_is_an_unknown_a_pick_leaves_out_of_a_proof():
    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    nan_row = np.array([1.0, math.nan])  # softmax's 0 / 0 over a row all masked

    def picked(*t):
        return _traced(lambda x: (nan_row * x)[0] ** 2, t)

    def kept(*t):
        return _traced(lambda x: gnp.sum(nan_row * x), t)

    x = [np.array([0.5, 2.0])]
    assert python_zero.proven(picked, x, coordinate=1)[1] == [True]  # the NaN's term left out: no slope in x1
    assert python_zero.proven(picked, x, coordinate=0)[1] == [False]  # slope 2 x0
    assert python_zero.proven(kept, x, coordinate=1)[1] == [False]  # the NaN's term summed: no number, no proof


IMPLICIT_CODE = '''import torch

W = [[0.3, -0.2], [0.1, 0.4]]


def _residual(z, x):
    return z - torch.tanh(torch.tensor(W, dtype=x.dtype) @ z + x)


def _jacobian(z, x):
    w = torch.tensor(W, dtype=x.dtype)
    s = 1.0 - torch.tanh(w @ z + x) ** 2
    return torch.eye(2, dtype=x.dtype) - s[:, None] * w


def implicit(x):
    z = torch.zeros_like(x)
    with torch.no_grad():
        for _ in range(30):
            z = z - torch.linalg.solve(_jacobian(z, x), _residual(z, x))
    z = z - torch.linalg.solve(_jacobian(z, x).detach(), _residual(z, x))
    return (z * torch.tensor([1.0, -0.5], dtype=x.dtype)).sum()
'''


def test_the_one_step_implicit_trick_through_torch_linalg_solve_is_judged(tmp_path):
    pytest.importorskip("torch")
    from test_linear_solves69 import assert_the_implicit_trick_is_judged

    assert_the_implicit_trick_is_judged(tmp_path / "implicit.py", IMPLICIT_CODE)


FAKE_QUANT_CODE = '''import torch


def fake_quant(x):
    q = torch.fake_quantize_per_tensor_affine(x, 0.25, 0, -128, 127)
    return (q * torch.tensor([1.0, -0.5, 2.0], dtype=x.dtype)).sum()
'''


def test_a_fake_quantize_is_named_as_the_user_wrote_it_not_as_the_ops_it_is_replayed_by(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "quantized.py"
    path.write_text(FAKE_QUANT_CODE)
    (result,) = gradcli.check(f"{path}:fake_quant", [{"x": np.array([0.3, -0.7, 40.0])}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "wrong"  # a straight-through estimator: the step's own derivative is 0
    (rule,) = [f for f in result.findings if "straight-through estimator" in f.message]
    assert rule.op.startswith("gradient rule of torch.fake_quantize_per_tensor_affine ("), rule.op
    assert "the call whose built-in rule is off is torch.fake_quantize_per_tensor_affine (" in rule.message
    assert "one of " not in rule.message


HELD_READ_CODE = '''import torch


def loss(w, y):
    keep = y[y > 0]  # a shape the held targets' values decide
    return (torch.tanh(w).sum() * keep).sum() + (w ** 2).sum()
'''


def test_a_graph_that_reads_held_floats_keeps_the_quick_cache_keyed_by_their_values(tmp_path, monkeypatch):
    pytest.importorskip("torch")
    from gradcli.capture import torch_bridge

    path = tmp_path / "held_read.py"
    path.write_text(HELD_READ_CODE)
    layouts, layout = [], torch_bridge._layout
    monkeypatch.setattr(torch_bridge, "_layout", lambda *a, **k: layouts.append(1) or layout(*a, **k))
    w = np.array([0.5, -1.0, 0.25])
    points = [{"w": w, "y": np.array([0.5, -1.0, 2.0])}, {"w": w, "y": np.array([0.5, 1.0, 2.0])}]
    results = gradcli.check(f"{path}:loss", points, dtypes=("float64",), wrt=("w",), fixes=False).results
    # each point's graph is its own (the second keeps three targets, not two), found again by the quick key
    for result, y in zip(results, (points[0]["y"], points[1]["y"])):
        want = (1 - np.tanh(w) ** 2) * y[y > 0].sum() + 2 * w
        assert result.status == "ok"
        assert np.allclose([float(v) for v in result.exact_gradient["w"]], want, rtol=1e-12, atol=0)
    assert len(layouts) <= 20, len(layouts)  # a few per graph traced, not one per call of the checker's hundreds

