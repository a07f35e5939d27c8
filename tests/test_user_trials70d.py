"""The seventieth round (d) of user trials (tests/trials/cases70d.py): reinforcement-learning objectives as users write
them in JAX (jax_lib70d), PyTorch (torch_lib70d), TensorFlow (tf_lib70d) and plain NumPy (np_lib70d): PPO's clipped
surrogate at and beside its clip edges, tanh-squashed Gaussian log-probabilities, a clamped log_std, categorical
entropies with -inf action masks, KL between old and new policies, GAE by scans and loops, soft values alpha *
logsumexp(Q / alpha) at tiny alpha, clipped value losses, Huber TD losses, advantage normalisation at a constant batch
(cases70d.ALL: 89 cases, 87 agreeing with gradcli when written; F1 mended since).
Here, cheap cases: PPO's ratio p / p_old exactly on the upper bound with A > 0 (a kink: domain), the same with A < 0 in
PyTorch (a smooth tie its rules get right: ok), a where-guarded entropy with a -inf mask in JAX (NaN leak: wrong),
Categorical(logits=masked).entropy() (ok), the soft value's slope in alpha at alpha = 0.01 (cancels: unstable), NumPy's
advantage normalisation at a constant batch (differentiable; np.std's sqrt rule at 0 gives NaN: wrong).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases70d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases70d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "jax_lib70d:ppo_prob_ratio@p=0.6,p_old=0.5,adv=1.0:float64":
        "r = 0.6 / 0.5 = 1.2 exactly, the clip's upper bound, with A > 0: min(r A, 1.2 A) bends there (slope -2 / 0 in "
        "p): domain in p and p_old, adv keeps its slope -1.2",
    "torch_lib70d:ppo_prob_ratio@p=0.6,p_old=0.5,adv=-1.0:float64":
        "the same bound with A < 0: r A on both sides (smooth); torch.clamp passes 1 on its bound and torch.min halves "
        "the tie: the full slope, ok",
    "jax_lib70d:masked_entropy@logits=[0.5,-0.3,1.0]:float64":
        "-sum(where(mask, p * logp, 0)) with a -inf logit: the untaken branch's 0 * -inf leaks NaN into every slope "
        "(exact [-0.1711, 0.1711, 0]): wrong at the where's line",
    "torch_lib70d:masked_entropy@logits=[0.5,-0.3,1.0]:float64":
        "Categorical(logits=masked_fill(-inf)).entropy(): PyTorch clamps the logits to finfo.min first: ok",
    "jax_lib70d:soft_value@q=[10.0,9.5],alpha=0.01:float64":
        "alpha * jax.nn.logsumexp(q / alpha): the slope in alpha is the policy's entropy 9.8e-21, computed as "
        "1000 - 1000 = 0: unstable at the line",
    "np_lib70d:normalized_pg_loss@logp=[0.1,-0.2,0.3],adv=[0.5,0.5,0.5]:float64":
        "(A - mean) / (std + 1e-8) at a constant batch: the loss is differentiable (the std enters at second order), "
        "np.std's sqrt rule at 0 gives NaN: wrong",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases70d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
