"""The ninety-eighth round (d) of user trials (tests/trials/cases98d.py): physics-informed losses and differentiable
simulation as JAX (jax_lib98d), PyTorch (torch_lib98d), TensorFlow (tf_lib98d) and plain NumPy (np_lib98d) code writes
them: Euler and RK4 rollouts of stiff decay, logistic growth and Lotka-Volterra, a damped oscillator's energy, unit-
sphere renormalisation at 0 and at underflowing states, a heat-equation residual, PINN residuals of a tiny tanh MLP with
the inner derivative by the framework (jax.grad, create_graph=True, nested tapes) or a central difference, an adaptive
step factor clipped on an error estimate, a log-barrier at and near its boundary, and custom adjoints of one step.

Chosen here, cheap cases: Euler's amplification over exp(-k T) at k = 2000 (exp(-1000) = 0: unstable); the closed-form
logistic at y0 = 0 (K / 0 absorbed, JAX's NaN: wrong); the renormalised state at [1e-200, 1e-200] (squares underflow:
unstable); a PINN residual at a saturated tanh unit (1 - tanh^2 = 0: unstable); the adaptive controller at err = 0
(0 * inf in the clipped branch: wrong); the barrier at [0.6, 0.8] (just outside as doubles: domain); the adjoint with
dt forgotten (wrong, at its bwd's def); lax.while_loop refused with its name and line. No finding is open.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases98d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib98d:euler_log_error@k=2000.0:float64":
        "log(|(1 - k/8)^4| / exp(-k/2)) at k = 2000: exp(-1000) = 0, the quotient inf where the truth is 1022.0: unstable",
    "jax_lib98d:logistic_exact@y0=0.0,r=1.5:float64":
        "K / (1 + (K / y0 - 1) e^-r) at y0 = 0: K / 0 = inf absorbed into the value 0; slopes (e^1.5, 0), JAX's NaN "
        "(0 * inf backward): wrong",
    "jax_lib98d:unit_state@s=[1e-200,1e-200]:float64":
        "s / jnp.linalg.norm(s) with s^2 = 1e-400 underflowing to 0: x / 0: unstable (slopes +-2.65e199)",
    "jax_lib98d:pinn_loss@w=[80.0,-0.5],b=[0.0,0.25]:float64":
        "u' + u by jax.grad inside the loss with tanh(20..60) = 1: 1 - tanh^2 = 0 for sech^2 = 1e-17..1e-52: unstable",
    "jax_lib98d:adaptive_heun@k=0.0:float64":
        "jnp.clip(0.875 (tol / err)^0.2, 1/4, 4) at err = 0: tol / 0 = inf clipped to 4, flat; slope -0.625, JAX's "
        "NaN: wrong",
    "jax_lib98d:barrier@x=[0.6,0.8]:float64":
        "-mu log(1 - |x|^2) at the doubles 0.6, 0.8: 1 - |x|^2 = -4.4e-17 (computed 0): outside, domain",
    "jax_lib98d:adjoint_rollout_bad@y0=1.0,k=2.0:float64":
        "a custom_vjp Euler step whose bwd forgets dt in k's cotangent: wrong, at its bwd's def",
    "jax_lib98d:adaptive_while@y0=1.0,k=2.0:float64":
        "lax.while_loop: refused (exit 2), naming while_loop and jax_lib98d.py's line",
}

KNOWN_WRONG = {}  # no finding is open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases98d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
