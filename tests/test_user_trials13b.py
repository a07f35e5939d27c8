"""The thirteenth round (b) of user trials (tests/trials/cases13b.py), PyTorch and TensorFlow/Keras: a Gaussian NLL
whose variance clamp runs under no_grad (PyTorch's slope where the loss is flat), a Keras model's Dense kernel named
by path, a parametrized weight named by its computed name, attention over a fully masked row, and linear upsampling,
whose backward is a kernel of its own.

The whole set runs case by case through the CLI as run.py does (cases13b.ALL); here, one of each kind, the file's CPU
time bounded (the two frameworks' imports are most of it). Finding G3 (a Keras Dense layer's bias gradient,
BiasAddGrad, had no replay), G1 (a fully masked row's -inf lifted as a ball without sign), G7 (linear
upsampling's backward kernel had no replay) and G6 (gumbel_softmax's seeded noise) are fixed: their cases are chosen.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases13b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # the variance is clamped to eps under no_grad: the loss is flat in var, PyTorch's slope -2e10; wrong at the call
    "torch_lib13b:gauss_nll@mean=[0.3,-1],var=[1e-8,2]:float64",
    # a Keras Dense + LayerNormalization model by its kernel's path: the bias's gradient op is replayed (G3)
    "tf_lib13b:head_loss@head_args:float32",
    # attention over a fully masked row is 0/0: the padding mask's -inf, lifted with the constants, keeps its sign (G1)
    "torch_lib13b:attention_all_masked@q=[[[0.2,-0.4]]]:float64",
    # a parametrized layer's weight is computed: the message names the parameters that are
    "torch_lib13b:wn_loss@wn_args:float32",
    # linear upsampling's backward kernel is replayed as the derivative of the upsampling's decomposition (G7)
    "torch_lib13b:upsampled@x=[0.5,-1,2,0.25]:float64",
    # gumbel_softmax's noise under a seed: exponential_'s own kernel draws it, not its decomposition's rand_like (G6)
    "torch_lib13b:gumbel@z=[0.1,0.5,-0.3]:float64",
]


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases13b, CHOSEN)
