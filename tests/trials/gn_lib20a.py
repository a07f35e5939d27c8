"""A user's code on gradcli.numpy, twentieth round: the Langevin function L(x) = coth(x) - 1/x with custom
gradients (the textbook slope 1/x^2 - 1/sinh^2 x, the same in expm1 form, and with a sign slipped), a spectrum's L1 norm
and its sine parts' energy, and a Gumbel softmax's expected score at a low temperature."""

import gradcli
import gradcli.numpy as gnp


def _langevin_value(x):
    # the series near 0 keeps digits the difference of coth and 1/x loses
    small = gnp.abs(x) < 1e-3
    safe = gnp.where(small, 1.0, x)
    return gnp.where(small, x / 3 - x ** 3 / 45, 1.0 / gnp.tanh(safe) - 1.0 / safe)


@gradcli.custom_gradient
def langevin_textbook(x):
    def grad_fn(upstream):
        return upstream * (1.0 / x ** 2 - 1.0 / gnp.sinh(x) ** 2)
    return _langevin_value(x), grad_fn


@gradcli.custom_gradient
def langevin_slip(x):
    def grad_fn(upstream):
        return upstream * (1.0 / gnp.sinh(x) ** 2 - 1.0 / x ** 2)
    return _langevin_value(x), grad_fn


def langevin_textbook_sum(x):
    return gnp.sum(langevin_textbook(x))


def langevin_slip_sum(x):
    return gnp.sum(langevin_slip(x))


def spectral_magnitude(x):
    """The L1 norm of the full spectrum, sum |X_k|."""
    return gnp.sum(gnp.abs(gnp.fft.fft(x)))


def quadrature_energy(x):
    return gnp.sum(gnp.imag(gnp.fft.fft(x)) ** 2)


NOISE = gnp.array([0.3, -1.2, 0.7])  # a fixed Gumbel draw
SCORES = gnp.array([1.0, 2.0, 3.0])


def gumbel_softmax_score(logits):
    """Expected score under a Gumbel-softmax sample at temperature 0.005."""
    z = (logits + NOISE) / 0.005
    weights = gnp.exp(z - gnp.max(z))
    weights = weights / gnp.sum(weights)
    return gnp.sum(weights * SCORES)
