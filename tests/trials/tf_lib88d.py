"""A user's TensorFlow code, eighty-eighth round (d): small variational quantum circuits simulated with complex state
vectors: rotation gates from tf.complex, CNOT by tf.gather, expectations with tf.linalg.adjoint, the fidelity and
infidelity, the angle arccos(sqrt(F)), a normalised state, the entanglement entropy by tf.linalg.eigvalsh, the
parameter-shift rule as a tf.custom_gradient (right, and with a wrong shift), the Born probabilities'
log-likelihood, and the global phase tf.math.angle(psi_0)."""

import math

import tensorflow as tf

CNOT_PERM = [0, 1, 3, 2]


def _ctype(x):
    return tf.complex128 if x.dtype == tf.float64 else tf.complex64


def rx(theta):
    c, s = tf.cos(theta / 2), tf.sin(theta / 2)
    z = tf.zeros_like(c)
    return tf.stack([tf.stack([tf.complex(c, z), tf.complex(z, -s)]), tf.stack([tf.complex(z, -s), tf.complex(c, z)])])


def ry(theta):
    c, s = tf.cos(theta / 2), tf.sin(theta / 2)
    return tf.cast(tf.stack([tf.stack([c, -s]), tf.stack([s, c])]), _ctype(theta))


def rz(theta):
    z = tf.zeros_like(theta)
    e = tf.exp(tf.complex(z, -theta / 2))
    zero = tf.complex(z, z)
    return tf.stack([tf.stack([e, zero]), tf.stack([zero, tf.math.conj(e)])])


def ket0(like):
    return tf.constant([[1.0], [0.0]], dtype=_ctype(like))


def pauli_z(like):
    return tf.constant([[1.0, 0.0], [0.0, -1.0]], dtype=_ctype(like))


def pauli_x(like):
    return tf.constant([[0.0, 1.0], [1.0, 0.0]], dtype=_ctype(like))


def expval(psi, op):
    """psi a column vector: <psi|op|psi>."""
    return tf.math.real(tf.linalg.adjoint(psi) @ op @ psi)[0, 0]


def circuit(theta):
    psi = ry(theta[1]) @ (rx(theta[0]) @ ket0(theta))
    return expval(psi, pauli_z(theta))


def expect_z(theta):
    return circuit(theta)


def expect_x(theta):
    psi = rz(theta[1]) @ (ry(theta[0]) @ ket0(theta))
    return expval(psi, pauli_x(theta))


def ansatz(theta):
    k = ket0(theta)
    a, b = ry(theta[0]) @ k, ry(theta[1]) @ k
    psi = tf.reshape(a @ tf.transpose(b), [4, 1])
    return tf.gather(psi, CNOT_PERM)


def vqe_energy(theta):
    psi = ansatz(theta)
    z, x = pauli_z(theta), pauli_x(theta)
    eye = tf.eye(2, dtype=_ctype(theta))
    kron = lambda a, b: tf.reshape(a[:, None, :, None] * b[None, :, None, :], [4, 4])  # noqa: E731
    ham = kron(z, eye) + kron(eye, z) + 0.5 * kron(x, x)
    return expval(psi, ham)


def state(p):
    return rz(p[1]) @ (ry(p[0]) @ ket0(p))


def fidelity(theta, phi):
    overlap = tf.linalg.adjoint(state(phi)) @ state(theta)
    return tf.abs(overlap[0, 0]) ** 2


def infidelity(theta, phi):
    return 1.0 - fidelity(theta, phi)


def state_angle(theta, phi):
    return tf.acos(tf.sqrt(fidelity(theta, phi)))


def normalized_z(amp):
    psi = tf.reshape(tf.complex(amp[0::2], amp[1::2]), [2, 1])
    psi = psi / tf.cast(tf.norm(psi), psi.dtype)
    return expval(psi, pauli_z(amp))


def reduced_rho(theta):
    psi = tf.reshape(ansatz(theta), [2, 2])
    return psi @ tf.linalg.adjoint(psi)


def entropy(theta):
    lam = tf.math.real(tf.linalg.eigvalsh(reduced_rho(theta)))
    return -tf.reduce_sum(lam * tf.math.log(lam))


def entropy_xlogy(theta):
    lam = tf.math.real(tf.linalg.eigvalsh(reduced_rho(theta)))
    return -tf.reduce_sum(tf.math.xlogy(lam, lam))


def _shifted(theta, shift):
    grads = []
    for k in range(2):
        e = tf.one_hot(k, 2, dtype=theta.dtype) * shift
        grads.append((circuit(theta + e) - circuit(theta - e)) / 2)
    return tf.stack(grads)


@tf.custom_gradient
def ps_circuit(theta):
    def grad(g):
        return g * _shifted(theta, math.pi / 2)
    return circuit(theta), grad


@tf.custom_gradient
def ps_circuit_bad(theta):
    def grad(g):
        return g * _shifted(theta, math.pi / 4)
    return circuit(theta), grad


def expect_z_shift(theta):
    return ps_circuit(theta)


def expect_z_shift_bad(theta):
    return ps_circuit_bad(theta)


def probs(theta):
    psi = rx(theta) @ ket0(theta)
    return tf.abs(psi[:, 0]) ** 2


def born_nll(theta):
    counts = tf.constant([7.0, 3.0], dtype=theta.dtype)
    return -tf.reduce_sum(counts * tf.math.log(probs(theta)))


def born_nll_xlogy(theta):
    counts = tf.constant([10.0, 0.0], dtype=theta.dtype)
    return -tf.reduce_sum(tf.math.xlogy(counts, probs(theta)))


def global_phase(amp):
    return tf.math.angle(tf.complex(amp[0], amp[1]))


def dephased_overlap(amp):
    psi = tf.complex(amp[0::2], amp[1::2])
    phase = tf.math.angle(psi[0])
    psi = psi * tf.exp(tf.complex(tf.zeros_like(phase), -phase))
    return tf.math.real(psi[1])
