"""The twenty-seventh round of user trials, first half (tests/trials/cases27a.py): in JAX reinforcement learning (GAE by a
reversed scan, PPO's clip, entropy bonuses, a vmapped softmax policy over a pytree), Cox's likelihood with Breslow's
ties, Black-Scholes deep out of the money, log-return volatility, Gaussian tails, quaternions and the SO(3) log map at
the identity and at pi, Fermi-Dirac entropies at +-800, STFT magnitudes and log-mel energies at silence, implicit Euler
and fixed points in lax loops, RankNet, ListNet and top_k at ties, custom_jvp and custom_vjp rules and a bfloat16 value
head; in plain NumPy Cox's likelihood with Efron's ties, GARCH(1,1), discounted returns, a digital option, the radio
brightness temperature, quaternion angles, spectral convergence, a log-mel in decibels, stiff implicit Euler, Colebrook's
friction factor, rank losses, xlogy soft labels, and np.ma and scipy.linalg.expm (input errors).

The whole set runs with ``python tests/trials/run.py jax_lib27a numpy_lib27a``; here, a few cheap NumPy ones, in
the long mode (`make trials`). The findings' classes (C1, F1, M1, P1) are tested in every run by
tests/test_trial_findings27a.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases27a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # F1: a frozen scipy.stats.norm(loc, scale)
    "numpy_lib27a:frozen_normal_nll@mu=0.3,log_sigma=-0.5:float64",
    # min(r A, clip(r) A) at the clip's edge with A < 0: smooth, slope A (gradcli's own min and clip at their ties)
    "numpy_lib27a:ppo_ratio_np@ratio=[1.2],adv=[-1]:float64",
    # 1e-9 from the identity: |w| / |q| rounds to 1, arccos's slope there is infinite
    "numpy_lib27a:quaternion_angle_sq@q=[1,1e-9,0,0]:float64",
]
test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases27a, CHOSEN)
