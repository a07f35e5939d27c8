"""A user's plain NumPy code, eighty-eighth round (d): a small state-vector simulator of one and two qubits: rotation
gates from np.cos, np.sin and np.exp(1j * x), CNOT by a permutation, expectations by np.vdot, the fidelity and the
angle arccos(sqrt(F)), a normalised state, the entanglement entropy by np.linalg.eigvalsh, the Born probabilities'
log-likelihood, and the global phase np.angle(psi_0)."""

import numpy as np

Z = np.array([[1.0, 0.0], [0.0, -1.0]])
X = np.array([[0.0, 1.0], [1.0, 0.0]])
COUNTS = np.array([7.0, 3.0])


def rx(theta):
    c, s = np.cos(theta / 2), np.sin(theta / 2)
    return np.array([[c, -1j * s], [-1j * s, c]])


def ry(theta):
    c, s = np.cos(theta / 2), np.sin(theta / 2)
    return np.array([[c, -s], [s, c]]) + 0j


def rz(theta):
    return np.array([[np.exp(-1j * theta / 2), 0.0], [0.0, np.exp(1j * theta / 2)]])


KET0 = np.array([1.0, 0.0])


def expval(psi, op):
    return np.real(np.vdot(psi, op @ psi))


def expect_z(theta):
    psi = ry(theta[1]) @ (rx(theta[0]) @ KET0)
    return expval(psi, Z)


def expect_x(theta):
    psi = rz(theta[1]) @ (ry(theta[0]) @ KET0)
    return expval(psi, X)


def ansatz(theta):
    psi = np.kron(ry(theta[0]) @ KET0, ry(theta[1]) @ KET0)
    return psi[[0, 1, 3, 2]]


def state(p):
    return rz(p[1]) @ (ry(p[0]) @ KET0)


def fidelity(theta, phi):
    return np.abs(np.vdot(state(phi), state(theta))) ** 2


def state_angle(theta, phi):
    return np.arccos(np.sqrt(fidelity(theta, phi)))


def normalized_z(amp):
    psi = amp[0::2] + 1j * amp[1::2]
    psi = psi / np.linalg.norm(psi)
    return expval(psi, Z)


def entropy(theta):
    psi = ansatz(theta).reshape(2, 2)
    lam = np.linalg.eigvalsh(psi @ psi.conj().T)
    return -np.sum(lam * np.log(lam))


def born_nll(theta):
    psi = rx(theta) @ KET0
    return -np.sum(COUNTS * np.log(np.abs(psi) ** 2))


def global_phase(amp):
    return np.angle(amp[0] + 1j * amp[1])
