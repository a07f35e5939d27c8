"""A user's PyTorch code, eighty-eighth round (d): small variational quantum circuits simulated with complex state
vectors: rotation gates from torch.complex and torch.polar, CNOT by a permutation, expectations by torch.vdot, the
fidelity and infidelity, the angle arccos(sqrt(F)), a normalised state, the entanglement entropy by
torch.linalg.eigvalsh, the parameter-shift rule as an autograd.Function (right, and with a wrong shift), the Born
probabilities' log-likelihood, and the global phase torch.angle(psi_0)."""

import math

import torch

COUNTS = torch.tensor([7.0, 3.0])
COUNTS_PURE = torch.tensor([10.0, 0.0])
CNOT_PERM = [0, 1, 3, 2]


def _c(re, im=None):
    return torch.complex(re, torch.zeros_like(re) if im is None else im)


def rx(theta):
    c, s = torch.cos(theta / 2), torch.sin(theta / 2)
    z = torch.zeros_like(c)
    return torch.stack([torch.stack([_c(c), torch.complex(z, -s)]), torch.stack([torch.complex(z, -s), _c(c)])])


def ry(theta):
    c, s = torch.cos(theta / 2), torch.sin(theta / 2)
    return _c(torch.stack([torch.stack([c, -s]), torch.stack([s, c])]))


def rz(theta):
    one, zero = torch.ones_like(theta), torch.zeros_like(theta)
    return torch.stack([torch.stack([torch.polar(one, -theta / 2), _c(zero)]),
                        torch.stack([_c(zero), torch.polar(one, theta / 2)])])


def ket0(like):
    return _c(torch.tensor([1.0, 0.0], dtype=like.dtype))


def pauli_z(like):
    return _c(torch.tensor([[1.0, 0.0], [0.0, -1.0]], dtype=like.dtype))


def pauli_x(like):
    return _c(torch.tensor([[0.0, 1.0], [1.0, 0.0]], dtype=like.dtype))


def expval(psi, op):
    return torch.vdot(psi, op @ psi).real


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
    psi = (a[:, None] * b[None, :]).reshape(4)
    return psi[CNOT_PERM]


def vqe_energy(theta):
    psi = ansatz(theta)
    z, x = pauli_z(theta), pauli_x(theta)
    eye = _c(torch.eye(2, dtype=theta.dtype))
    ham = torch.kron(z, eye) + torch.kron(eye, z) + 0.5 * torch.kron(x, x)
    return expval(psi, ham)


def state(p):
    return rz(p[1]) @ (ry(p[0]) @ ket0(p))


def fidelity(theta, phi):
    return torch.abs(torch.vdot(state(phi), state(theta))) ** 2


def infidelity(theta, phi):
    return 1.0 - fidelity(theta, phi)


def state_angle(theta, phi):
    return torch.arccos(torch.sqrt(fidelity(theta, phi)))


def normalized_z(amp):
    psi = torch.complex(amp[0::2], amp[1::2])
    psi = psi / torch.linalg.vector_norm(psi)
    return expval(psi, pauli_z(amp))


def reduced_rho(theta):
    psi = ansatz(theta).reshape(2, 2)
    return psi @ psi.conj().T


def entropy(theta):
    lam = torch.linalg.eigvalsh(reduced_rho(theta))
    return -(lam * torch.log(lam)).sum()


def entropy_xlogy(theta):
    lam = torch.linalg.eigvalsh(reduced_rho(theta))
    return -torch.special.xlogy(lam, lam).sum()


class ParameterShift(torch.autograd.Function):
    """<Z> of the circuit, its gradient by the parameter-shift rule (as on hardware)."""

    SHIFT = math.pi / 2

    @staticmethod
    def forward(ctx, theta):
        ctx.save_for_backward(theta)
        return circuit(theta)

    @staticmethod
    def backward(ctx, g):
        (theta,) = ctx.saved_tensors
        grads = []
        for k in range(theta.shape[0]):
            e = torch.zeros_like(theta)
            e[k] = ParameterShift.SHIFT
            grads.append((circuit(theta + e) - circuit(theta - e)) / 2)
        return g * torch.stack(grads)


class ParameterShiftBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, theta):
        ctx.save_for_backward(theta)
        return circuit(theta)

    @staticmethod
    def backward(ctx, g):
        (theta,) = ctx.saved_tensors
        grads = []
        for k in range(theta.shape[0]):
            e = torch.zeros_like(theta)
            e[k] = math.pi / 4
            grads.append((circuit(theta + e) - circuit(theta - e)) / 2)
        return g * torch.stack(grads)


def expect_z_shift(theta):
    return ParameterShift.apply(theta)


def expect_z_shift_bad(theta):
    return ParameterShiftBad.apply(theta)


def probs(theta):
    psi = rx(theta) @ ket0(theta)
    return torch.abs(psi) ** 2


def born_nll(theta):
    return -(COUNTS.to(theta.dtype) * torch.log(probs(theta))).sum()


def born_nll_xlogy(theta):
    return -torch.special.xlogy(COUNTS_PURE.to(theta.dtype), probs(theta)).sum()


def global_phase(amp):
    return torch.angle(torch.complex(amp[0], amp[1]))


def dephased_overlap(amp):
    psi = torch.complex(amp[0::2], amp[1::2])
    psi = psi * torch.polar(torch.ones_like(amp[0]), -torch.angle(psi[0]))
    return psi[1].real
