"""A user's JAX code, hundred-and-second round (d): GAN and energy-based model losses on a tiny discriminator (its
logits d given as inputs, or a 2x2 linear layer W on fixed samples): the minimax generator loss log(1 - sigmoid(d))
written naively and by jax.nn.log_sigmoid(-d); the non-saturating -log(sigmoid(d)) naive and by jax.nn.log_sigmoid;
optax's sigmoid_binary_cross_entropy reproduced inline (optax is not installed here); BCE of probabilities with the
log clamped at -100 as PyTorch's BCELoss does; least squares GAN; the WGAN critic; the hinge loss relu(1 - d); the
relativistic average loss; a gradient penalty (||w||_2 - 1)^2 with the norm bare and with an eps; spectral
normalisation by two power-iteration steps; a Boltzmann log-partition logsumexp(-E) naive and by
jax.nn.logsumexp; contrastive divergence's free-energy difference (softplus naive and jax.nn.softplus); label
smoothing with its amount an input; and custom_vjp rules: a gradient reversal layer (identity forward, -lambda
backward: wrong as a derivative, on purpose), a straight-through clamp, and the stop_gradient spelling of it."""

import jax
import jax.numpy as jnp

X_REAL = jnp.array([1.0, -0.5])  # a real sample the 2x2 layer sees
X_FAKE = jnp.array([0.25, 2.0])  # a generated one
A = jnp.array([1.0, -1.0])  # the critic's read-out
LAMBDA = 1.0  # the gradient reversal strength
U0 = jnp.array([1.0, 0.0])  # spectral norm's stored u


# ------------------------------------------------------------------------------------------------- minimax / NS
def minimax_naive(d):
    """The generator's minimax loss, as the GAN paper writes it: log(1 - D(G(z)))."""
    return jnp.sum(jnp.log(1 - jax.nn.sigmoid(d)))


def minimax_stable(d):
    return jnp.sum(jax.nn.log_sigmoid(-d))


def nonsat_naive(d):
    """The non-saturating generator loss -log D(G(z))."""
    return -jnp.sum(jnp.log(jax.nn.sigmoid(d)))


def nonsat_stable(d):
    return -jnp.sum(jax.nn.log_sigmoid(d))


def bce_logits(d, y):
    """optax.sigmoid_binary_cross_entropy(d, y), summed (its source, inline)."""
    log_p = jax.nn.log_sigmoid(d)
    log_not_p = jax.nn.log_sigmoid(-d)
    return jnp.sum(-y * log_p - (1.0 - y) * log_not_p)


def bce_probs_clamped(p, y):
    """PyTorch's BCELoss as a JAX user reproduces it: each log clamped below at -100."""
    log_p = jnp.maximum(jnp.log(p), -100.0)
    log_1mp = jnp.maximum(jnp.log(1 - p), -100.0)
    return -jnp.sum(y * log_p + (1 - y) * log_1mp)


# ------------------------------------------------------------------------------------------------- other GAN losses
def lsgan_g(d):
    return 0.5 * jnp.sum((d - 1.0) ** 2)


def lsgan_d_sigmoid(d_real, d_fake):
    """LSGAN on a sigmoid output, as some ports write it."""
    return 0.5 * jnp.mean((jax.nn.sigmoid(d_real) - 1.0) ** 2) + 0.5 * jnp.mean(jax.nn.sigmoid(d_fake) ** 2)


def wgan_critic(W):
    """The WGAN critic loss of a linear critic a . (W x): mean D(fake) - mean D(real)."""
    return A @ (W @ X_FAKE) - A @ (W @ X_REAL)


def hinge_d(d_real, d_fake):
    """SAGAN / BigGAN's discriminator hinge loss."""
    return jnp.mean(jax.nn.relu(1.0 - d_real)) + jnp.mean(jax.nn.relu(1.0 + d_fake))


def relativistic_d(d_real, d_fake):
    """RaGAN's discriminator loss, by softplus: BCE(d_r - mean d_f, 1) + BCE(d_f - mean d_r, 0)."""
    r = d_real - jnp.mean(d_fake)
    f = d_fake - jnp.mean(d_real)
    return jnp.mean(jax.nn.softplus(-r)) + jnp.mean(jax.nn.softplus(f))


def relativistic_d_naive(d_real, d_fake):
    r = d_real - jnp.mean(d_fake)
    f = d_fake - jnp.mean(d_real)
    return -jnp.mean(jnp.log(jax.nn.sigmoid(r))) - jnp.mean(jnp.log(1 - jax.nn.sigmoid(f)))


# ------------------------------------------------------------------------------------------------- penalties
def gradient_penalty(w):
    """WGAN-GP's (||grad||_2 - 1)^2, the gradient w given; the norm as sqrt(sum(w^2))."""
    return (jnp.sqrt(jnp.sum(w ** 2)) - 1.0) ** 2


def gradient_penalty_eps(w):
    return (jnp.sqrt(jnp.sum(w ** 2) + 1e-12) - 1.0) ** 2


def _l2normalize(v):
    return v / jnp.maximum(jnp.linalg.norm(v), 1e-12)


def spectral_sigma(W):
    """Two power-iteration steps from U0, then sigma = u^T W v (Miyato's spectral normalisation)."""
    u = U0
    for _ in range(2):
        v = _l2normalize(W.T @ u)
        u = _l2normalize(W @ v)
    return u @ W @ v


def spectral_sigma_naive(W):
    u = U0
    for _ in range(2):
        v = W.T @ u / jnp.sqrt(jnp.sum((W.T @ u) ** 2))
        u = W @ v / jnp.sqrt(jnp.sum((W @ v) ** 2))
    return u @ W @ v


# ------------------------------------------------------------------------------------------------- energy-based
def log_partition_naive(E):
    return jnp.log(jnp.sum(jnp.exp(-E)))


def log_partition(E):
    return jax.nn.logsumexp(-E)


V_DATA = jnp.array([1.0, 0.0])
V_MODEL = jnp.array([0.0, 1.0])
W_RBM = jnp.array([[1.0, -1.0], [0.5, 2.0]])  # hidden x visible


def cd_naive(c):
    """Contrastive divergence's F(v_data) - F(v_model), F(v) = -sum softplus(c + W v), softplus as log(1 + exp)."""
    f_data = -jnp.sum(jnp.log(1 + jnp.exp(c + W_RBM @ V_DATA)))
    f_model = -jnp.sum(jnp.log(1 + jnp.exp(c + W_RBM @ V_MODEL)))
    return f_data - f_model


def cd(c):
    f_data = -jnp.sum(jax.nn.softplus(c + W_RBM @ V_DATA))
    f_model = -jnp.sum(jax.nn.softplus(c + W_RBM @ V_MODEL))
    return f_data - f_model


# ------------------------------------------------------------------------------------------------- label smoothing
Y = jnp.array([1.0, 0.0])


def smoothed_bce(d, ls):
    """BCE with logits against labels smoothed toward 1/2 by ls."""
    y = Y * (1 - ls) + 0.5 * ls
    return jnp.sum(jax.nn.softplus(d) - y * d)


def smoothed_bce_naive(d, ls):
    y = Y * (1 - ls) + 0.5 * ls
    p = jax.nn.sigmoid(d)
    return -jnp.sum(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))


# ------------------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def grad_reverse(x):
    return x


def _grad_reverse_fwd(x):
    return x, None


def _grad_reverse_bwd(_, g):
    return (-LAMBDA * g,)


grad_reverse.defvjp(_grad_reverse_fwd, _grad_reverse_bwd)


def dann_loss(x):
    """A domain-adversarial head behind a gradient reversal layer: softplus(a . grl(x))."""
    return jax.nn.softplus(A @ grad_reverse(x))


@jax.custom_vjp
def ste_clamp(x):
    return jnp.clip(x, -1.0, 1.0)


def _ste_fwd(x):
    return ste_clamp(x), None


def _ste_bwd(_, g):
    return (g,)


ste_clamp.defvjp(_ste_fwd, _ste_bwd)


def ste_loss(x):
    return jnp.sum(A * ste_clamp(x))


def ste_stop_gradient(x):
    """The straight-through clamp by stop_gradient: clamp's value, identity's gradient."""
    return jnp.sum(A * (x + jax.lax.stop_gradient(jnp.clip(x, -1.0, 1.0) - x)))


X_HAT = jnp.array([0.5, -1.0])  # an interpolate between a real and a fake sample


def wgan_gp(W):
    """WGAN-GP as written: the critic a . tanh(W x) differentiated in x by jax.grad at the interpolate, then
    (||grad||_2 - 1)^2."""
    g = jax.grad(lambda x: A @ jnp.tanh(W @ x))(X_HAT)
    return (jnp.sqrt(jnp.sum(g ** 2)) - 1.0) ** 2
