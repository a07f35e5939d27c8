"""A user's JAX code, ninetieth round (d): state-space models and linear recurrences: the zero-order-hold
discretisation of a diagonal state matrix (A_bar = exp(A dt), B_bar = (exp(A dt) - 1) / A * B, its expm1 spelling and
a guard at A = 0), dt = softplus(raw) as Mamba takes it (the library's and the textbook's), a selective scan
h_t = a_t h_{t-1} + b_t x_t over a short sequence (a Python loop, lax.scan, associative_scan, exp(cumsum(log a)),
cumprod / cumprod[s], and the log-space parallel scan by cumlogsumexp), LSTM and GRU gates, and a minimal linear
recurrent unit with lambda = exp(-exp(nu) + i theta) and its normaliser sqrt(1 - |lambda|^2)."""

import jax
import jax.numpy as jnp

B = jnp.array([1.0, 0.5, -2.0])  # input matrix (diagonal SSM, one channel)
C = jnp.array([0.25, 1.0, -1.0])  # output matrix
B_SEQ = jnp.array([0.5, 1.0, 2.0, 0.25])  # input gains b_t of the selective scan
TARGET = 0.25
A_DIAG = jnp.array([-1.0, -0.5])
BX = jnp.array([0.5, 2.0])
X_LRU = jnp.array([1.0, -0.5, 0.25])


# ----------------------------------------------------------------------------------------- discretisation
def zoh(a, dt):
    """sum(A_bar + C * B_bar) with the zero-order hold, as the S4 paper writes it."""
    a_bar = jnp.exp(a * dt)
    b_bar = (a_bar - 1.0) / a * B
    return jnp.sum(a_bar + C * b_bar)


def zoh_expm1(a, dt):
    a_bar = jnp.exp(a * dt)
    b_bar = jnp.expm1(a * dt) / a * B
    return jnp.sum(a_bar + C * b_bar)


def zoh_guarded(a, dt):
    """The limit dt * B where |A| is tiny."""
    a_bar = jnp.exp(a * dt)
    small = jnp.abs(a) < 1e-6
    b_bar = jnp.where(small, dt, jnp.expm1(a * dt) / a) * B
    return jnp.sum(a_bar + C * b_bar)


def softplus_dt(raw):
    """Mamba's step size dt = softplus(raw); sum(exp(A dt) + dt * B x)."""
    dt = jax.nn.softplus(raw)
    return jnp.sum(jnp.exp(A_DIAG * dt) + dt * BX)


def softplus_dt_naive(raw):
    dt = jnp.log(1.0 + jnp.exp(raw))
    return jnp.sum(jnp.exp(A_DIAG * dt) + dt * BX)


# ----------------------------------------------------------------------------------------- selective scan
def _loss(h_last):
    return (h_last - TARGET) ** 2


def scan_loop(a, x):
    h = 0.0
    for t in range(a.shape[0]):
        h = a[t] * h + B_SEQ[t] * x[t]
    return _loss(h)


def scan_lax(a, x):
    def step(h, inputs):
        a_t, bx_t = inputs
        h = a_t * h + bx_t
        return h, h

    h_last, _ = jax.lax.scan(step, jnp.zeros((), a.dtype), (a, B_SEQ * x))
    return _loss(h_last)


def scan_assoc(a, x):
    def combine(left, right):
        a1, b1 = left
        a2, b2 = right
        return a1 * a2, a2 * b1 + b2

    _, h = jax.lax.associative_scan(combine, (a, B_SEQ * x))
    return _loss(h[-1])


def scan_logcumsum(a, x):
    """h_T = sum_s exp(L_T - L_s) b_s x_s with L = cumsum(log a)."""
    log_a = jnp.cumsum(jnp.log(a))
    h = jnp.sum(jnp.exp(log_a[-1] - log_a) * B_SEQ * x)
    return _loss(h)


def scan_cumprod(a, x):
    p = jnp.cumprod(a)
    h = jnp.sum(p[-1] / p * B_SEQ * x)
    return _loss(h)


def scan_heinsen(a, x):
    """The log-space parallel scan (Heinsen 2023): log h_t = a*_t + logcumsumexp(log(b x) - a*)."""
    a_star = jnp.cumsum(jnp.log(a))
    log_h = a_star + jax.lax.cumlogsumexp(jnp.log(B_SEQ * x) - a_star)
    return _loss(jnp.exp(log_h[-1]))


# ----------------------------------------------------------------------------------------- gated cells
def lstm_cell(u, c):
    """The new cell state f c + i g from the pre-activations u = [u_f, u_i, u_g]."""
    f = jax.nn.sigmoid(u[0])
    i = jax.nn.sigmoid(u[1])
    g = jnp.tanh(u[2])
    return f * c + i * g


def gru_step(u, h, hc):
    z = jax.nn.sigmoid(u)
    return (1.0 - z) * h + z * hc


def gru_step_stable(u, h, hc):
    """(1 - z) as sigmoid(-u): h = hc + sigmoid(-u) (h - hc)."""
    return hc + jax.nn.sigmoid(-u) * (h - hc)


# ----------------------------------------------------------------------------------------- linear recurrent unit
def lru(nu, theta):
    """|h_T|^2 for h_t = lambda h_{t-1} + gamma x_t, lambda = exp(-exp(nu) + i theta), gamma = sqrt(1 - |lambda|^2)."""
    lam = jnp.exp(-jnp.exp(nu) + 1j * theta)
    gamma = jnp.sqrt(1.0 - jnp.abs(lam) ** 2)
    h = 0.0 + 0.0j
    for t in range(X_LRU.shape[0]):
        h = lam * h + gamma * X_LRU[t]
    return jnp.abs(h) ** 2


def lru_stable(nu, theta):
    """The normaliser from nu directly: 1 - |lambda|^2 = -expm1(-2 exp(nu))."""
    lam = jnp.exp(-jnp.exp(nu) + 1j * theta)
    gamma = jnp.sqrt(-jnp.expm1(-2.0 * jnp.exp(nu)))
    h = 0.0 + 0.0j
    for t in range(X_LRU.shape[0]):
        h = lam * h + gamma * X_LRU[t]
    return jnp.real(h * jnp.conj(h))
