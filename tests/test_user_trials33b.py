"""The thirty-third round (b) of user trials (tests/trials/cases33b.py), PyTorch and TensorFlow in variational
autoencoders, normalising flows, contrastive image-text training, recurrent cells, attention over padded batches,
gradient clipping rules, count models and robust regression: a VAE's KL through log(std ** 2) at logvar = -800, a
beta-VAE's capacity term at its kink, a radial flow at its centre, Glow's 1x1 convolution by its weight's name, and
a gradient clip written as an autograd.Function.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases33b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), N1 among them, settled: a library's float constant is part of the
library's mathematics, taken by the exact reference as the library writes it whatever the program's dtype, so
F.normalize's eps is 1e-12 in a float32 program too (where PyTorch holds float32's 9.99999996e-13) and at a zero
embedding, where the slope is w / eps, the exact gradient is w / 1e-12; the float32 program's rounding of the
constant is its own rounding, judged as any other. D1 (TensorFlow) is in test_trial_findings33b.py.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases33b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib33b:vae_kl_std@mu=[0.5,-1],logvar=[0.3,-800]:float64":
        "a VAE's KL through log(std ** 2): std ** 2 = e^-800 underflows to 0, log gives -inf, where the KL and its "
        "slope (e^logvar - 1) / 2 hold: unstable, at the line of the log",
    "torch_lib33b:beta_vae_capacity@mu=[1,0],logvar=[0,0]:float64":
        "a beta-VAE's gamma |KL - C| at KL = C exactly: a kink, domain, each side's slope where they agree",
    "torch_lib33b:clipped_gradient@x=[0.3,0.4]:float64":
        "gradient clipping as an autograd.Function: the identity's backward scaling its upstream to norm 1 is no "
        "derivative: wrong, at the backward's line",
    # the module and the mask are constants of the graph, a write of the mask's -inf into a tensor made from it among
    # them: functionalized with the constants handed in, and the masked row's NaN an unknown the sum leaves out
    "torch_lib33b:attention_query@query=[[[0.5,1]],[[-1,0.25]]]:float64":
        "an nn.MultiheadAttention built inside the function, called with a key_padding_mask made there, the second "
        "sequence all padding: the NaN row PyTorch's backward multiplies by 0 is wrong, at the module's call",
    "torch_lib33b:siglip_loss@images=[[0,0],[1,-0.25]]:float32":
        "N1: F.normalize's eps (1e-12, PyTorch's own default) in a float32 program is the 1e-12 PyTorch writes, not "
        "the float32 PyTorch holds: at a zero embedding, where SigLIP's slope is w / eps, the exact gradient is "
        "w / 1e-12, and the float32 program's rounding of eps is within its own rounding (ok)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases33b, CHOSEN)
