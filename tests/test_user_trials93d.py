"""The ninety-third round (d) of user trials (tests/trials/cases93d.py): the losses robotics people differentiate for
planning and control, as JAX (jax_lib93d), PyTorch (torch_lib93d), TensorFlow (tf_lib93d) and plain NumPy (np_lib93d)
code writes them on a planar 2-link arm: inverse kinematics by the law of cosines at full reach (arccos at 1) and just
out of reach (raw, clipped to [-1, 1], clipped below 1, through a custom "safe" arccos that passes the gradient
through its clamp, and a wrong rule), the end-effector error, quaternion slerp at q0 = q1 (0 / 0) and its guards,
the manipulability sqrt(det(J J^T)) at a singular configuration, damped least squares at lambda = 0, a potential
field, a collision penalty, an unrolled LQR cost with tanh / clip saturation, a PD controller with a deadband.

Chosen here, cheap cases: the elbow angle arccos(c) at full reach (infinite slope from inside, no value outside:
domain); the same clipped to [-1, 1] just out of reach in JAX (clip's 0 times arccos'(1) = -inf: NaN where the exact
slope is 0: wrong) and in PyTorch (torch.clamp's rule selects 0: ok); slerp guarded by where(theta < 1e-6, lerp,
slerp) at q0 = q1 (the unselected 0 / 0 leaks NaN into slopes the lerp defines: wrong); the manipulability at the
stretched arm (q2 a cone, q1's exact slope 0 made NaN by sqrt'(0) = inf: wrong); an LQR cost with tanh saturation at
u = 20 (tanh's rule 1 - t^2 gives 0 where sech^2 = 1.7e-17: unstable); the custom_vjp "safe" arccos at full reach
(the rule passes -1 / sqrt(1 - c^2) where the clamped primal is flat: wrong, at the rule's def); scipy's Rotation
refused with its name and line.
Known wrong: F1, PyTorch's torch.linalg.det of J J^T at the stretched arm gets no exact reference ("rounding decides
whether the function is a number") where JAX's and NumPy's same program settle; F2, slerp from q0 to -q0 (theta = pi,
0 / 0 for every t) gets no exact reference ("did not settle") where it is domain.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases93d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib93d:elbow_angle@p=[1.5,0.0]:float64":
        "the elbow angle arccos((x^2 + y^2 - l1^2 - l2^2) / (2 l1 l2)) at full reach, the cosine exactly 1: an "
        "infinite slope from inside, no value outside (and none along y): domain",
    "jax_lib93d:elbow_clipped@p=[1.5,0.001]:float64":
        "the cosine clipped to [-1, 1] just out of reach: the stretched arm, flat (slopes 0), but jnp.clip's 0 "
        "times arccos'(1) = -inf is NaN: wrong",
    "torch_lib93d:elbow_clipped@p=[1.5,0.001]:float64":
        "the same in PyTorch: torch.clamp's rule selects 0 where it clamps: ok",
    "jax_lib93d:slerp_where@q1=[1.0,0.0,0.0,0.0],t=0.25:float64":
        "slerp guarded by where(theta < 1e-6, lerp, slerp) at q1 = q0: the unselected 0 / 0 leaks NaN into the "
        "lerp's slopes (t W, and 0 for t): wrong",
    "jax_lib93d:manipulability@q=[0.0,0.0]:float64":
        "sqrt(det(J J^T)) = l1 l2 |sin q2| at the stretched arm: q2 a cone's tip, q1's exact slope 0 made NaN by "
        "sqrt'(0) = inf: wrong",
    "jax_lib93d:lqr_tanh@u=[0.5,20.0,-0.25]:float64":
        "an unrolled LQR cost with tanh saturation at u = 20: tanh rounds to 1 and its rule 1 - t^2 gives 0 where "
        "the slope holds sech^2(20) = 1.7e-17: unstable",
    "jax_lib93d:elbow_safe@p=[1.5,0.0]:float64":
        "a custom_vjp 'safe' arccos clamping to 1 - 1e-6 and passing the gradient through the clamp, at full "
        "reach: the primal is flat there, the rule gives -2121: wrong, at the rule's def",
    "np_lib93d:rotation_angle@q1=[0.0,0.0,0.6,0.8]:float64":
        "scipy.spatial.transform.Rotation.from_quat refused (exit 2), naming it and np_lib93d.py's line",
}

KNOWN_WRONG = {  # case id -> the finding it shows (cases93d says how)
    "torch_lib93d:manipulability@q=[0.0,0.0]:float64":
        "F1: torch.linalg.det of J J^T, exactly singular along q1 at q2 = 0, gets no exact reference (error) where "
        "JAX's and NumPy's same program settle (wrong, exact slopes [0, nan])",
    "torch_lib93d:manipulability@q=[0.0,0.0]:float32": "F1 in float32",
    "jax_lib93d:slerp_antipodal@t=0.25:float64":
        "F2 (narrowed): slerp from q0 to -q0: theta = arccos(-1) = pi, so sin((1 - t) pi) / sin(pi) and sin(t pi) / "
        "sin(pi) are each x / 0 and their difference inf - inf for every t (domain), reported as error: the "
        "reference did not settle (the single quotient (sin((1 - t) pi) - sin(t pi)) / sin(pi) is domain now)",
}
SYMPTOMS = {
    "torch_lib93d:manipulability@q=[0.0,0.0]:float64": "rounding decides whether the function is a number",
    "torch_lib93d:manipulability@q=[0.0,0.0]:float32": "rounding decides whether the function is a number",
    "jax_lib93d:slerp_antipodal@t=0.25:float64": "did not settle",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases93d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
