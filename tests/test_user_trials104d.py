"""The hundred-and-fourth round (d) of user trials (tests/trials/cases104d.py): hypergradients, unrolled optimisers and
learned-optimiser steps as JAX (jax_lib104d), PyTorch (torch_lib104d), TensorFlow (tf_lib104d) and plain NumPy
(np_lib104d) code writes them, on a tiny quadratic and a tiny logistic loss: three unrolled heavy-ball and Nesterov
steps (the inner gradient by jax.grad, torch.autograd.grad(create_graph=True) and a nested tf.GradientTape),
hypergradients in lr, mu, w0 and the weight decay, MAML's inner steps (softplus, and log(1 + exp) by hand at margins of
800), Adam's first update with bias correction (eps 1e-8 and 0, beta2 = 1), AMSGrad's max at its tie, RMSprop and
Adagrad from a zero accumulator (at g = 0: sqrt'(0) = inf times 0), signSGD and Lion at g = 0, clipping by the global
norm (at ||g|| = c, at g = 0, bare and with + 1e-6; tf.clip_by_global_norm and tf.clip_by_norm), AdamW and coupled L2
decay, warmup-cosine / step / exponential / Noam schedules at their switches, Polyak and a debiased EMA, a learned
optimiser's MLP on (log(|g| + eps), sign(g), m), and custom rules (a masked clip, a straight-through global-norm clip,
a straight-through sign, TensorFlow's global-norm clip with the full rule and one forgetting the norm's slope).

Chosen here, cheap cases: Adam's first update at g = 0 (wrong: 0 * sqrt'(0) = NaN where the slope is lr / eps) and at
g = 0 with eps = 0 (domain: g / |g| jumps), beta2 = 1 (domain: 0 / 0 everywhere), AMSGrad's tie (domain), RMSprop at a
stationary point (wrong), signSGD at g[0] = 0 (domain), the bare global-norm clip at g = 0 (wrong) and the custom_vjp
straight-through clip past c (wrong, at its bwd), warmup-cosine at the switch step (domain), the debiased EMA in
float32 at decay 0.9999 (unstable) and at decay 1 (domain), the learned optimiser at g = 0 (domain); NumPy's unrolled
momentum (ok), Adam's cancelling slope eps / (|g| + eps)^2 (unstable), clip at ||g|| = c (domain) and with + 1e-6
(ok), Lion (ok), Polyak averaging (ok) and the learned optimiser (ok).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases104d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib104d:adam_step@g=[0.0,0.0]:float64":
        "Adam's first update at g = 0: sqrt'(0) = inf times a 0 cotangent is NaN where the slope is lr / eps: wrong",
    "jax_lib104d:adam_step_eps0@g=[0.0,0.0]:float64":
        "the same with eps = 0: g / |g| is 0 / 0 and jumps from -1 to 1: domain",
    "jax_lib104d:adam_b2_one@g=[0.5,-0.25]:float64":
        "beta2 = 1 exactly: v_hat = 0 / (1 - 1^t) at every g: domain",
    "jax_lib104d:amsgrad@g=0.5,v=0.04,vhat=0.04:float64":
        "AMSGrad's maximum at its tie: v and vhat have no slope, g keeps lr / (0.2 + eps): domain",
    "jax_lib104d:rmsprop_step@w=[1.0,-1.0]:float64":
        "RMSprop from a zero accumulator at a stationary point: 0 * sqrt'(0): wrong",
    "jax_lib104d:sign_sgd@w=[1.0,-0.2],lr=0.1:float64":
        "signSGD with g[0] = 0: sign jumps in w[0]; w[1] and lr keep their slopes: domain",
    "jax_lib104d:clip_global@g=[0.0,0.0]:float64":
        "g * min(1, c / ||g||) at g = 0: min(1, inf) = 1, slopes CW; the rule's 0 * -inf is NaN: wrong",
    "jax_lib104d:clip_st_sum@g=[6.0,8.0]:float64":
        "a custom_vjp global-norm clip with a straight-through bwd, clipping active: wrong at its bwd",
    "jax_lib104d:warmup_cosine@step=10.0,base=0.1:float64":
        "linear warmup then cosine decay at the switch step: slopes base / 10 and 0: domain",
    "jax_lib104d:ema_debiased@w0=[0.3,-0.2],decay=0.9999:float32":
        "an EMA of the iterates debiased by 1 - decay^3 = 3e-4 in float32: the two paths cancel: unstable",
    "jax_lib104d:ema_debiased@w0=[0.3,-0.2],decay=1.0:float64":
        "the same at decay = 1: 0 / 0: domain",
    "jax_lib104d:learned_opt@w=1.0,m=0.3,W2=[0.5,-1.0]:float64":
        "a learned optimiser's MLP on (log(|g| + eps), sign(g), m) at g = 0: sign jumps in w: domain",
    "np_lib104d:momentum_unroll@lr=0.1,mu=0.9,w0=[0.3,-0.2]:float64":
        "three heavy-ball steps with a hand-written gradient: hypergradients in lr, mu, w0: ok",
    "np_lib104d:adam_step@g=[0.5,-0.25]:float64":
        "Adam's eps / (|g| + eps)^2 = 4e-11 as the difference of two paths of 2e-3: unstable",
    "np_lib104d:clip_global@g=[3.0,4.0]:float64":
        "clipping at ||g|| = c exactly: np.minimum's tie, a kink in every entry: domain",
    "np_lib104d:clip_global_eps@g=[3.0,4.0]:float64":
        "the same with + 1e-6: c / (5 + 1e-6) < 1, on the clipped side: ok",
    "np_lib104d:lion_step@w=[0.3,-0.2],m=[0.5,-0.5],lr=0.1:float64":
        "Lion's sign(0.9 m + 0.1 g): sign's slope 0 off its jump: ok",
    "np_lib104d:polyak@lr=0.1,w0=[0.3,-0.2]:float64":
        "Polyak averaging of three SGD iterates: ok",
    "np_lib104d:learned_opt@w=2.0,m=0.3,W2=[0.5,-1.0]:float64":
        "the learned optimiser at an ordinary point: ok",
    "jax_lib104d:noam@step=0.0,base=0.1:float64":
        "Noam's min(step ** -0.5, step w) at step 0: below 0 the power is NaN and min hands it on, so the schedule "
        "ends there: domain (F1, mended)",
}

KNOWN_WRONG = {}  # F1 (Noam's schedule at step 0 given the right side's slope) is mended (cases104d says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases104d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
