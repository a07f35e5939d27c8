"""What the twenty-fifth round (a) of user trials found (tests/test_user_trials25a.py, tests/trials/cases25a.py), for
the whole class of each finding: every float32 layer PyTorch refuses float64 inputs in its own words, each a refusal
to mix dtypes (D1), logs and ratios of modified Bessel functions written through the scaled ones (F1), and a softmax
weighted by a mask by hand rewritten as one of x + log(mask) (M1).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import textwrap

import pytest
import torch

from gradcli.capture import torch_bridge
from gradcli.checker.source_fixes import source_rewrites


# What the trials found, for the whole class (D1): a float32 model's layers refuse float64 inputs each in their own
# words, and every such refusal is PyTorch's refusal to mix dtypes (the program is then judged as float32's).


def _float64(*shape):
    return torch.ones(*shape, dtype=torch.float64)


FLOAT32_LAYERS = {  # a float32 layer (PyTorch's default) and a float64 input it refuses
    "Linear": lambda: torch.nn.Linear(3, 2)(_float64(4, 3)),
    "Conv1d": lambda: torch.nn.Conv1d(2, 2, 3)(_float64(1, 2, 5)),
    "Conv2d without bias": lambda: torch.nn.Conv2d(2, 2, 3, bias=False)(_float64(1, 2, 5, 5)),
    "ConvTranspose1d": lambda: torch.nn.ConvTranspose1d(2, 2, 3)(_float64(1, 2, 5)),
    "RNN": lambda: torch.nn.RNN(2, 3)(_float64(4, 1, 2)),
    "LSTM": lambda: torch.nn.LSTM(2, 3)(_float64(4, 1, 2)),
    "GRU": lambda: torch.nn.GRU(2, 3, batch_first=True)(_float64(1, 4, 2)),
    "GRUCell": lambda: torch.nn.GRUCell(2, 3)(_float64(1, 2)),
    "LayerNorm": lambda: torch.nn.LayerNorm(3)(_float64(2, 3)),
    "GroupNorm": lambda: torch.nn.GroupNorm(1, 2)(_float64(2, 2, 3)),
    "BatchNorm1d in inference": lambda: torch.nn.BatchNorm1d(3).eval()(_float64(2, 3)),
    "InstanceNorm1d": lambda: torch.nn.InstanceNorm1d(2, affine=True)(_float64(1, 2, 4)),
    "PReLU": lambda: torch.nn.PReLU()(_float64(3)),
    "Bilinear": lambda: torch.nn.Bilinear(3, 3, 2)(_float64(2, 3), _float64(2, 3)),
}


@pytest.mark.parametrize("layer", FLOAT32_LAYERS)
def test_a_float32_layer_refusing_a_float64_input_is_a_refusal_to_mix_dtypes(layer):
    with pytest.raises((RuntimeError, ValueError)) as refused:
        FLOAT32_LAYERS[layer]()
    assert torch_bridge._dtypes_mixed(refused.value), str(refused.value)


def test_other_errors_of_the_same_layers_are_not_read_as_mixed_dtypes():
    for wrong_shape in (lambda: torch.nn.Conv1d(2, 2, 3)(torch.ones(1, 3, 5)),
                        lambda: torch.nn.GRU(2, 3)(torch.ones(4, 1, 5)),
                        lambda: torch.nn.LayerNorm(3)(torch.ones(2, 4))):
        with pytest.raises((RuntimeError, ValueError)) as refused:
            wrong_shape()
        assert not torch_bridge._dtypes_mixed(refused.value), str(refused.value)


# F1: the log of a modified Bessel function, or a ratio of two, rewritten through their exponentially scaled twins
# (the TensorFlow spellings are tested in tests/test_tf_fixes.py).


BESSEL_CODE = """
import torch


def resultant(kappa):
    return (torch.special.i1(kappa) / torch.special.i0(kappa)).sum()


def log_normaliser(x):
    return torch.log(torch.i0(x + 1)).sum()


def log_first_kind(x):
    return torch.log(torch.special.i1(x))


def not_a_ratio_of_one_argument(x, y):
    return torch.special.i1(x) / torch.special.i0(y)


def not_a_log_of_one_argument(x):
    return torch.log(torch.special.i0(x) * 2)
"""


def _bessel_rewrites():
    source = textwrap.dedent(BESSEL_CODE)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), "torch", torch_bridge.SPELLINGS)
    return {name: [text for _, text in edits if not text.startswith("import ")] for name, _, edits in found}


def test_a_ratio_of_bessel_functions_and_their_logs_are_written_through_the_scaled_ones_in_torchs_spelling():
    found = _bessel_rewrites()
    assert found["scaled bessel ratio"] == ["(torch.special.i1e(kappa) / torch.special.i0e(kappa))"]
    assert found["scaled bessel"] == ["(torch.log(torch.special.i0e(x + 1)) + torch.abs(x + 1))",
                                      "torch.log(torch.special.i1e(x)) + torch.abs(x)"]


def test_the_scaled_rewrites_are_the_same_function():
    import numpy as np

    x = torch.tensor([0.5, 3.0, 40.0], dtype=torch.float64)
    np.testing.assert_allclose(torch.special.i1e(x) / torch.special.i0e(x), torch.special.i1(x) / torch.special.i0(x),
                               rtol=1e-14)
    np.testing.assert_allclose(torch.log(torch.special.i1e(x)) + torch.abs(x), torch.log(torch.special.i1(x)),
                               rtol=1e-14)


# M1: a softmax whose exponentials a mask (or any weight) multiplies is the softmax of u + log(w).

MASKED_CODE = """
import torch


def masked_nll(x):
    mask = torch.tensor([1.0, 1.0, 0.0, 1.0], dtype=x.dtype)
    e = torch.exp(x) * mask
    p = e / e.sum()
    return -torch.log(p[[0, 1, 3]]).sum()


def by_rows(x, m):
    return torch.exp(x) * m / (m * torch.exp(x)).sum(dim=-1, keepdim=True)


def two_weights(x, m, w):
    return torch.exp(x) * m / (w * torch.exp(x)).sum(dim=-1, keepdim=True)


def weighted_entry(x, m):
    return torch.exp(x[0]) * m / (torch.exp(x) * m).sum()
"""


def test_a_softmax_masked_by_hand_is_rewritten_as_the_softmax_of_x_plus_the_masks_log():
    source = textwrap.dedent(MASKED_CODE)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), "torch", torch_bridge.SPELLINGS,
                            ranks={"x": 1})
    texts = {name: [text for _, text in edits if text and not text.startswith("import ")] for name, _, edits in found}
    assert texts["log_softmax"] == ["torch.nn.functional.log_softmax(x + torch.log(mask), dim=0)[[0, 1, 3]]"]
    assert texts["softmax"] == ["torch.softmax(x + torch.log(mask), dim=0)", "torch.softmax(x + torch.log(m), dim=-1)"]


def test_numpy_code_gets_the_scaled_bessel_functions_from_scipy_special():
    source = textwrap.dedent("""
        import numpy as np
        import scipy.special as sc


        def resultant(k):
            return np.sum(sc.i1(k) / sc.i0(k))


        def log_k(x):
            return np.log(sc.k1(x))
        """)
    found = {name: [text for _, text in edits if not text.startswith("import ")]
             for name, _, edits in source_rewrites(source, list(range(1, 14)), "numpy", None)}
    assert found == {"scaled bessel": ["np.log(sc.k1e(x)) - x"], "scaled bessel ratio": ["sc.i1e(k) / sc.i0e(k)"]}
