"""A user's JAX code, eighty-eighth round (d): small variational quantum circuits simulated with complex state
vectors (one and two qubits): rotation gates RX, RY, RZ from cos(theta/2), sin(theta/2) and exp(-i theta/2), CNOT by a
permutation, expectations <psi|O|psi> by jnp.vdot, the fidelity |<a|b>|^2, the infidelity and the angle
arccos(sqrt(F)) between two states, a state normalised by its norm, the von Neumann entropy of a reduced density
matrix by eigvalsh, the parameter-shift rule as a custom_vjp (right, and with a wrong shift), the Born probabilities'
log-likelihood, and the global phase angle(psi_0)."""

import jax
import jax.numpy as jnp
from jax.scipy.linalg import expm
from jax.scipy.special import xlogy

COUNTS = jnp.array([7.0, 3.0])  # shots of outcome 0 and 1
COUNTS_PURE = jnp.array([10.0, 0.0])  # every shot gave 0


# ----------------------------------------------------------------------------------------- gates
def rx(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -1j * s], [-1j * s, c]])


def ry(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -s], [s, c]]) + 0j


def rz(theta):
    return jnp.array([[jnp.exp(-1j * theta / 2), 0.0], [0.0, jnp.exp(1j * theta / 2)]])


def ket0(like):
    return jnp.array([1.0, 0.0], dtype=like.dtype) + 0j


PAULI_Z = jnp.array([[1.0, 0.0], [0.0, -1.0]])
PAULI_X = jnp.array([[0.0, 1.0], [1.0, 0.0]])
CNOT_PERM = jnp.array([0, 1, 3, 2])


def expval(psi, op):
    return jnp.real(jnp.vdot(psi, op @ psi))


def cnot(psi):
    return psi[CNOT_PERM]


# ----------------------------------------------------------------------------------------- expectations
def circuit(theta):
    """<Z> after RX(theta[0]) then RY(theta[1]) on |0>."""
    psi = ry(theta[1]) @ (rx(theta[0]) @ ket0(theta))
    return expval(psi, PAULI_Z)


def expect_z(theta):
    return circuit(theta)


def expect_x(theta):
    """<X> after RY(theta[0]) then RZ(theta[1])."""
    psi = rz(theta[1]) @ (ry(theta[0]) @ ket0(theta))
    return expval(psi, PAULI_X)


def ansatz(theta):
    """Two qubits: RY on each, then CNOT (control 0)."""
    k = ket0(theta)
    return cnot(jnp.kron(ry(theta[0]) @ k, ry(theta[1]) @ k))


def vqe_energy(theta):
    """<Z0> + <Z1> + 0.5 <X0 X1>."""
    psi = ansatz(theta)
    eye = jnp.eye(2)
    ham = jnp.kron(PAULI_Z, eye) + jnp.kron(eye, PAULI_Z) + 0.5 * jnp.kron(PAULI_X, PAULI_X)
    return expval(psi, ham)


def expm_gate(theta):
    """RX as the exponential exp(-i theta X / 2), then <Z>."""
    u = expm(-0.5j * theta * PAULI_X)
    psi = u @ ket0(theta)
    return expval(psi, PAULI_Z)


# ----------------------------------------------------------------------------------------- fidelity
def state(p):
    return rz(p[1]) @ (ry(p[0]) @ ket0(p))


def fidelity(theta, phi):
    return jnp.abs(jnp.vdot(state(phi), state(theta))) ** 2


def infidelity(theta, phi):
    return 1.0 - fidelity(theta, phi)


def state_angle(theta, phi):
    """The Fubini-Study angle between the two states."""
    return jnp.arccos(jnp.sqrt(fidelity(theta, phi)))


def normalized_z(amp):
    """A state from raw amplitudes [re0, im0, re1, im1], normalised, then <Z>."""
    psi = jnp.array([amp[0] + 1j * amp[1], amp[2] + 1j * amp[3]])
    psi = psi / jnp.linalg.norm(psi)
    return expval(psi, PAULI_Z)


# ----------------------------------------------------------------------------------------- entanglement entropy
def reduced_rho(theta):
    psi = ansatz(theta).reshape(2, 2)
    return psi @ psi.conj().T  # trace out qubit 1


def entropy(theta):
    lam = jnp.linalg.eigvalsh(reduced_rho(theta))
    return -jnp.sum(lam * jnp.log(lam))


def entropy_xlogy(theta):
    lam = jnp.linalg.eigvalsh(reduced_rho(theta))
    return -jnp.sum(xlogy(lam, lam))


# ----------------------------------------------------------------------------------------- parameter shift
def _shift_grad(f, theta, shift):
    basis = jnp.eye(theta.shape[0], dtype=theta.dtype)
    return jnp.stack([(f(theta + shift * e) - f(theta - shift * e)) / 2 for e in basis])


@jax.custom_vjp
def ps_circuit(theta):
    return circuit(theta)


def ps_circuit_fwd(theta):
    return circuit(theta), theta


def ps_circuit_bwd(theta, g):
    return (g * _shift_grad(circuit, theta, jnp.pi / 2),)


ps_circuit.defvjp(ps_circuit_fwd, ps_circuit_bwd)


@jax.custom_vjp
def ps_circuit_bad(theta):
    return circuit(theta)


def ps_bad_fwd(theta):
    return circuit(theta), theta


def ps_bad_bwd(theta, g):
    return (g * _shift_grad(circuit, theta, jnp.pi / 4),)


ps_circuit_bad.defvjp(ps_bad_fwd, ps_bad_bwd)


@jax.custom_vjp
def ps_energy(theta):
    return vqe_energy(theta)


def ps_energy_fwd(theta):
    return vqe_energy(theta), theta


def ps_energy_bwd(theta, g):
    return (g * _shift_grad(vqe_energy, theta, jnp.pi / 2),)


ps_energy.defvjp(ps_energy_fwd, ps_energy_bwd)


def expect_z_shift(theta):
    return ps_circuit(theta)


def expect_z_shift_bad(theta):
    return ps_circuit_bad(theta)


def energy_shift(theta):
    return ps_energy(theta)


# ----------------------------------------------------------------------------------------- Born probabilities
def probs(theta):
    psi = rx(theta) @ ket0(theta)
    return jnp.abs(psi) ** 2


def born_nll(theta):
    return -jnp.sum(COUNTS * jnp.log(probs(theta)))


def born_nll_xlogy(theta):
    return -jnp.sum(xlogy(COUNTS_PURE, probs(theta)))


# ----------------------------------------------------------------------------------------- global phase
def global_phase(amp):
    psi0 = jax.lax.complex(amp[0], amp[1])
    return jnp.angle(psi0)


def dephased_overlap(amp):
    """Remove the global phase (make psi_0 real and positive), then take Re(psi_1)."""
    psi = jnp.array([amp[0] + 1j * amp[1], amp[2] + 1j * amp[3]])
    psi = psi * jnp.exp(-1j * jnp.angle(psi[0]))
    return jnp.real(psi[1])
