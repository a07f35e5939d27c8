"""The twenty-eighth round (b) of user trials (tests/trials/cases28b.py), PyTorch and TensorFlow: torch.distributions
at their edges (von Mises, a low-rank normal nearly singular along the point, a relaxed one-hot categorical in its
logits and temperature, a logistic normal near a vertex of the simplex, a TransformedDistribution log-normal, Beta and
Dirichlet), nn.Modules by parameter name (RMSNorm at zero input, LayerNorm with a tiny epsilon, SwiGLU, a top-2
mixture-of-experts gate at a tie, causal scaled_dot_product_attention with a -inf mask and an ALiBi bias),
custom autograd.Functions (straight-through round, gradient reversal, a clamp passing its gradient, a two-input rule
right and swapped), losses (Dice at an empty mask, Poisson NLL on rates at 0, xlogy at a zero count, F.ctc_loss far
out, Huber at its delta, smooth L1 with beta 0, margin ranking at its margin), torch.linalg.eigh at a double
eigenvalue and torch.cond; in TensorFlow, Keras' Huber, LogCosh, KLDivergence and RMSNormalization, a Keras model by
its weights' names, tf.custom_gradient's documented forms, softplus_inverse and log1mexp at tiny x, autograph's if in a
tf.range loop, tf.while_loop recursions (Newton, an HMM forward pass in logs and in probabilities), tf.scan,
tf.linalg.norm at 0, tf.linalg.eigh, a ragged logsumexp, tf.py_function and tf.case.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases28b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), in the long mode (`make trials`). Findings: V1, a conditional inside a TensorFlow loop (autograph's if in
a tf.range loop) ended in an error verdict, ``KeyError: 21``, its gradient's tensor lists of variants read as a NumPy
dtype (fixed, tested for its class in test_trial_findings28b.py); T1, torch.cond stopped gradcli's trace with PyTorch's
"expected b_val == 1 when a_val == 1" (fixed: the branch its predicate takes is traced, the predicate a guard; tested
for its class in test_torch63_cond.py); E1, tr(S^3) rebuilt from eigh at a double eigenvalue had no exact reference
(its zero slopes unproven where the pair's vectors were unknowns of unknown length; fixed: a pair's vectors are one
turn of an orthonormal basis; tested for its class in test_linalg64_*.py).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases28b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib28b:reversed_features@x=[0.3,0.9]:float64":
        "gradient reversal, an autograd.Function whose backward is -lambda times the identity's: wrong, named at its "
        "backward",
    "torch_lib28b:energy_or_mass@x=[1,2]:float64":
        "T1: torch.cond (sum(x^2) where the total is positive, else -sum(x)), its true branch's slope (2, 4)",
    "torch_lib28b:eig_cubed_trace@a=[[1,0],[0,1]]:float64":
        "E1: tr(S^3) rebuilt from torch.linalg.eigh at a double eigenvalue is smooth (3 S^2 = 3 I) and PyTorch's eigh "
        "rule divides by the eigenvalues' gap, 0: wrong, against the exact gradient 3 I",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases28b, CHOSEN)
