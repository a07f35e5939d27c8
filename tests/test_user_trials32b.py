"""The thirty-second round (b) of user trials (tests/trials/cases32b.py), PyTorch and TensorFlow in speech and audio
front ends, language-model heads, vector quantisation, quantisation-aware training, reinforcement learning,
hyperbolic embeddings, buffers and Jacobian penalties: mu-law companding at 0 (smooth, where sign's and abs's rules
give 0), decibels at the amplitude clamp and the top_db floor, CTC for a repeated label at the only length that fits
it, nn.AdaptiveLogSoftmaxWithLoss, a VQ-VAE's straight-through detach at and away from a tie between codes, rounding
and fake_quantize straight-through estimators, BinaryConnect's tf.custom_gradient, PPO's clip, the soft value at
alpha = 0.01, the Lorentz distance at its anchor, an observation normaliser with buffers, Keras' Normalization under
a Dense head, and contractive penalties by jacrev and by a tape's jacobian.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases32b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Findings: M1, a slope lost where sign and abs sit at 0 inside a smooth
function was named at the function's last line (fixed, tested for its class in test_trial_findings32b.py); V1, at a
tie between codes, where the value a detach holds jumps, the other gradient entries were one-sided slopes that move
what the detach holds (fixed: no entry is a derivative there, as the documented reading of a held jump says; tested
there); F1, torch.fake_quantize_per_tensor_affine had no replay (fixed, tested there); A1,
nn.AdaptiveLogSoftmaxWithLoss's selection by nonzero of the held target was refused (fixed: the held data's values are
known while the capture traces; tested for its class in test_torch_known_values68.py).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases32b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib32b:mu_law@x=[0,0.5,0.75]:float64":
        "M1: mu-law companding at 0, smooth with slope mu / log1p(mu) there, where sign's and abs's rules give 0: "
        "wrong, named at the line where sign and abs meet",
    "torch_lib32b:vq_loss@z=[[0.5,0.1],[0.9,0.6]]:float64":
        "V1: a VQ-VAE's straight-through z + (q - z).detach() at a tie between two codes: the value jumps, so no "
        "entry is a derivative (a slope along any coordinate would move what the detach holds): domain, all NaN",
    "torch_lib32b:fake_quant@x=[0.3,-0.7,40]:float32":
        "F1: torch.fake_quantize_per_tensor_affine replayed: PyTorch's straight-through gradient against the step "
        "function's 0, wrong, at the call's line",
    "torch_lib32b:adaptive_loss@adaptive_args:float64":
        "A1: nn.AdaptiveLogSoftmaxWithLoss selects each cluster's rows by nonzero of a mask of the held target: the "
        "selection traced from the target's values, ok in the head's weight",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases32b, CHOSEN)
