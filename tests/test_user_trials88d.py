"""The eighty-eighth round (d) of user trials (tests/trials/cases88d.py): variational quantum circuits of one and two
qubits simulated with complex state vectors, as JAX (jax_lib88d), PyTorch (torch_lib88d), TensorFlow (tf_lib88d) and
plain NumPy (np_lib88d) code writes them: RX, RY, RZ from cos(theta/2), sin(theta/2) and exp(-i theta/2) (jnp.exp(1j
x), torch.complex / torch.polar, tf.complex), CNOT by a permutation, <psi|O|psi> by vdot / adjoint, the fidelity, the
infidelity near 1, the Fubini-Study angle arccos(sqrt(F)) at and near F = 1, a normalised state at the zero vector,
the entanglement entropy by eigvalsh at a product state, the parameter-shift rule as a custom rule (pi/2 right, pi/4
wrong), the Born log-likelihood at a probability 0 (log and xlogy), and the global phase angle(psi_0) at 0 and on its
branch cut; float64 and float32.

Chosen here, cheap cases: JAX's state angle arccos(sqrt(F)) 1e-9 from its twin (F = 1 - 2.5e-19 rounds to 1: the
slope 1/2 comes out NaN: unstable); its infidelity 1 - F 1e-8 from its twin (the value 2.5e-17 lost: unstable); the
Born log-likelihood with 3 shots of an outcome of probability 0 (+inf: domain); the same with no shot of it by xlogy
(JAX's rule 0 / 0 times p_1's slope 0 leaks NaN into the slope 0: wrong); the parameter-shift rule with a pi/4 shift
(the slope scaled by sin(pi/4): wrong, at the rule); the global phase on angle's branch cut (Im(psi_0) jumps the
angle by 2 pi, Re keeps 0: domain); NumPy's normalised state at the zero vector (0 / 0: domain); JAX's de-phased
amplitude at psi_0 = 0 (angle(0) = 0: psi_1's entries keep their slopes 1, 0; psi_0's jump: domain).
Mended: F1, no verdict where the mathematics gives one: the entropy by xlogy at a product state (error "not proven
0", truth wrong for JAX and PyTorch, ok for TensorFlow), now proven through the complex Hermitian matrix's
characteristic polynomial (its eigenvalue 0 the zero polynomial's root for every theta). Known before: F2, the state
angle at F = 1 exactly (1 - |<a|a>|^2 = 0 by cos^2 + sin^2 = 1, no identity gradcli proves: error "not proven 0",
truth domain, a cone). Both were of the class the README documents ("a 0 no identity proves"); cases88d says why.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases88d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib88d:state_angle@theta=[1.000000001,-0.5],phi=[1.0,-0.5]:float64":
        "the Fubini-Study angle arccos(sqrt(F)) 1e-9 from its twin: F = 1 - 2.5e-19 rounds to 1, arccos' -1 / 0 "
        "makes the slopes +-1/2 NaN: unstable",
    "jax_lib88d:infidelity@theta=[1.00000001,-0.5],phi=[1.0,-0.5]:float64":
        "the infidelity 1 - F 1e-8 from its twin: the value 2.5e-17 is lost to 1 - 0.99999999999999997: unstable",
    "jax_lib88d:born_nll@theta=0.0:float64":
        "-sum(counts log |psi_k|^2) with 3 shots of an outcome of probability 0: +inf, no slope: domain",
    "jax_lib88d:born_nll_xlogy@theta=0.0:float64":
        "-sum(xlogy(counts, p)) with no shot of the outcome of probability 0: -10 log cos^2(t/2), slope 0; xlogy's "
        "rule 0 / 0 times p_1's slope 0 leaks NaN: wrong",
    "jax_lib88d:expect_z_shift_bad@theta=[0.3,0.7]:float64":
        "the parameter-shift rule as a custom_vjp with a pi/4 shift: every slope scaled by sin(pi/4): wrong, at the "
        "rule",
    "jax_lib88d:global_phase@amp=[-1.0,0.0]:float64":
        "angle(psi_0) on the negative real axis: Im(psi_0) jumps the angle from pi to -pi, Re(psi_0) keeps 0: domain",
    "np_lib88d:normalized_z@amp=[0.0,0.0,0.0,0.0]:float64":
        "<Z> of psi / |psi| at the zero vector: 0 / 0, no value, no slope: domain",
    "jax_lib88d:dephased_overlap@amp=[0.0,0.0,0.3,-0.4]:float64":
        "Re(psi_1 exp(-i angle(psi_0))) at psi_0 = 0: angle(0) = 0 keeps psi_1's slopes 1 and 0, psi_0's entries "
        "jump: domain",
}

KNOWN_WRONG = {}  # case id -> the finding, open
for _file, _verdict in (("jax_lib88d", "wrong"), ("torch_lib88d", "wrong"), ("tf_lib88d", "ok")):
    CHOSEN[f"{_file}:entropy_xlogy@theta=[0.0,0.5]:float64"] = (
        "F1 (mended): the entropy by xlogy of eigvalsh of a complex a a^H at a product state: the eigenvalue 0 of the "
        "rank-one matrix is its characteristic polynomial's root 0 for every theta, proven with its slope 0, so the "
        f"entropy's slopes are 0 and the program a number all about the point: {_verdict}")
CHOSEN["jax_lib88d:state_angle@theta=[1.0,-0.5],phi=[1.0,-0.5]:float64"] = (
    "F2 (mended): at F = 1 exactly arccos(sqrt(F)) is a cone: the kink test starts from the value's proven 0: domain")
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases88d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
