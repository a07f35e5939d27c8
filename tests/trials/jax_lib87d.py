"""A user's JAX code, eighty-seventh round (d): differentiable physics with contact, the losses a differentiable
simulator backpropagates through for a ball or a few particles over a few unrolled time steps (dt = 1/64): a penalty
contact force k max(0, -y)^p (p = 1, 2, 1.5) in a jax.lax.fori_loop drop, a soft contact eps softplus(-d / eps),
Coulomb friction mu |F_n| sign(v) and its tanh(v / eps) smoothing, a restitution bounce by jnp.where, the time of
impact -y / v, symplectic and explicit Euler springs by jax.lax.scan, a pendulum by sin and by its small-angle form,
the energy drift of an explicit Euler pendulum on a high pivot, a damped spring's closed form, a rope of springs, and
the contact force with a hand-written custom_vjp."""

import jax
import jax.numpy as jnp

DT = 0.015625  # 1/64 s
G = 9.81
K_CONTACT = 1000.0
STEPS = 4
EPS = 1e-3
MU = 0.5
E_REST = 0.8
T_MAX = 10.0
K_SPRING = 100.0
L = 0.5
K_ROPE = 50.0
REST = 0.25


# ----------------------------------------------------------------------------------------- penalty contact
def _drop(y0, v0, p):
    def body(i, state):
        y, v = state
        force = -G + K_CONTACT * jnp.maximum(-y, 0.0) ** p
        v = v + DT * force
        y = y + DT * v
        return (y, v)

    y, v = jax.lax.fori_loop(0, STEPS, body, (y0, v0))
    return jnp.sum(y)


def drop_linear(y0, v0):
    return _drop(y0, v0, 1)


def drop_quadratic(y0, v0):
    return _drop(y0, v0, 2)


def drop_hertz(y0, v0):
    return _drop(y0, v0, 1.5)


def contact_where(y):
    """Hertzian contact written with a where: the force only where the ball is in the floor."""
    force = jnp.where(y < 0.0, K_CONTACT * (-y) ** 1.5, 0.0)
    return jnp.sum(force)


# ----------------------------------------------------------------------------------------- soft contact
def soft_contact_naive(d):
    return jnp.sum(EPS * jnp.log(1.0 + jnp.exp(-d / EPS)))


def soft_contact(d):
    return jnp.sum(EPS * jax.nn.softplus(-d / EPS))


# ----------------------------------------------------------------------------------------- friction
def coulomb(v, fn):
    return jnp.sum(MU * jnp.abs(fn) * jnp.sign(v))


def coulomb_smooth(v, fn):
    return jnp.sum(MU * jnp.abs(fn) * jnp.tanh(v / EPS))


# ----------------------------------------------------------------------------------------- bounce, time of impact
def bounce(y, v):
    v = jnp.where(y <= 0.0, -E_REST * v, v)
    return jnp.sum(y + DT * v)


def toi(y, v):
    return jnp.sum(-y / v)


def toi_capped(y, v):
    t = jnp.where(v < 0.0, -y / v, T_MAX)
    return jnp.sum(t)


def toi_safe(y, v):
    safe_v = jnp.where(v < 0.0, v, -1.0)
    t = jnp.where(v < 0.0, -y / safe_v, T_MAX)
    return jnp.sum(t)


# ----------------------------------------------------------------------------------------- integrators
def spring_symplectic(x0, v0):
    def step(state, _):
        x, v = state
        v = v - DT * K_SPRING * x
        x = x + DT * v
        return (x, v), None

    (x, v), _ = jax.lax.scan(step, (x0, v0), None, length=STEPS)
    return 0.5 * K_SPRING * x * x + 0.5 * v * v


def spring_explicit(x0, v0):
    def step(state, _):
        x, v = state
        return (x + DT * v, v - DT * K_SPRING * x), None

    (x, v), _ = jax.lax.scan(step, (x0, v0), None, length=STEPS)
    return 0.5 * K_SPRING * x * x + 0.5 * v * v


def pendulum(theta0, w0):
    def body(i, state):
        th, w = state
        w = w - G / L * jnp.sin(th) * DT
        th = th + w * DT
        return (th, w)

    th, w = jax.lax.fori_loop(0, STEPS, body, (theta0, w0))
    return th


def pendulum_small(theta0, w0):
    def body(i, state):
        th, w = state
        w = w - G / L * th * DT
        th = th + w * DT
        return (th, w)

    th, w = jax.lax.fori_loop(0, STEPS, body, (theta0, w0))
    return th


def _energy(th, w, h):
    return 0.5 * L * L * w * w + G * (h - L * jnp.cos(th))


def energy_drift(theta0, w0, h):
    """Explicit Euler's energy error on a pendulum whose pivot is at altitude h."""
    th, w = theta0, w0
    for _ in range(STEPS):
        th, w = th + DT * w, w - DT * G / L * jnp.sin(th)
    return (_energy(th, w, h) - _energy(theta0, w0, h)) ** 2


# ----------------------------------------------------------------------------------------- damped spring
M, KD, T_OBS, X0, V0 = 1.0, 4.0, 0.5, 1.0, 0.0


def damped(c):
    """The underdamped closed form x(T_OBS) of m x'' + c x' + k x = 0."""
    w = jnp.sqrt(4.0 * M * KD - c * c) / (2.0 * M)
    a = c / (2.0 * M)
    return jnp.exp(-a * T_OBS) * (X0 * jnp.cos(w * T_OBS) + (V0 + a * X0) * jnp.sin(w * T_OBS) / w)


def damped_cases(c):
    """All three regimes, chosen by the discriminant."""
    disc = c * c - 4.0 * M * KD
    a = c / (2.0 * M)
    w = jnp.sqrt(-disc) / (2.0 * M)
    r = jnp.sqrt(disc) / (2.0 * M)
    under = X0 * jnp.cos(w * T_OBS) + (V0 + a * X0) * jnp.sin(w * T_OBS) / w
    over = X0 * jnp.cosh(r * T_OBS) + (V0 + a * X0) * jnp.sinh(r * T_OBS) / r
    crit = X0 + (V0 + a * X0) * T_OBS
    return jnp.exp(-a * T_OBS) * jnp.where(disc < 0.0, under, jnp.where(disc > 0.0, over, crit))


# ----------------------------------------------------------------------------------------- rope
def rope(x):
    seg = x[1:] - x[:-1]
    length = jnp.linalg.norm(seg, axis=-1)
    return jnp.sum(0.5 * K_ROPE * (length - REST) ** 2)


def rope_zero_rest(x):
    seg = x[1:] - x[:-1]
    length = jnp.linalg.norm(seg, axis=-1)
    return jnp.sum(0.5 * K_ROPE * length ** 2)


# ----------------------------------------------------------------------------------------- a hand-written contact rule
@jax.custom_vjp
def contact_force(y):
    return K_CONTACT * jnp.maximum(-y, 0.0)


def contact_fwd(y):
    return contact_force(y), y


def contact_bwd(y, g):
    return (-K_CONTACT * g * (y < 0.0).astype(g.dtype),)


contact_force.defvjp(contact_fwd, contact_bwd)


@jax.custom_vjp
def contact_force_bad(y):
    return K_CONTACT * jnp.maximum(-y, 0.0)


def contact_bad_fwd(y):
    return contact_force_bad(y), y


def contact_bad_bwd(y, g):
    return (-K_CONTACT * g,)


contact_force_bad.defvjp(contact_bad_fwd, contact_bad_bwd)


def step_custom(y, v):
    v = v + DT * (-G + contact_force(y))
    return jnp.sum(y + DT * v)


def step_custom_bad(y, v):
    v = v + DT * (-G + contact_force_bad(y))
    return jnp.sum(y + DT * v)


# ----------------------------------------------------------------------------------------- contacts by a mask
def contact_energy_masked(y):
    pen = y[y < 0.0]
    return 0.5 * K_CONTACT * jnp.sum(pen ** 2)


# ----------------------------------------------------------------------------------------- learned exponent, pairs
def penalty_energy(y, p):
    """The floor's penalty energy with a learned exponent (system identification)."""
    return jnp.sum(K_CONTACT * jnp.maximum(-y, 0.0) ** p)


RADIUS = 0.1


def pair_penalty(x):
    """Particle-particle contact: k max(0, 2r - |x_i - x_j|) over the pairs i != j."""
    diff = x[:, None, :] - x[None, :, :]
    dist = jnp.linalg.norm(diff, axis=-1)
    mask = 1.0 - jnp.eye(x.shape[0], dtype=x.dtype)
    return jnp.sum(mask * K_CONTACT * jnp.maximum(2.0 * RADIUS - dist, 0.0))


@jax.custom_jvp
def smooth_sign(v):
    return jnp.sign(v)


@smooth_sign.defjvp
def smooth_sign_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    return jnp.sign(v), dv / EPS / jnp.cosh(v / EPS) ** 2


def coulomb_surrogate(v, fn):
    return jnp.sum(MU * jnp.abs(fn) * smooth_sign(v))


def toi_bisect(y, v):
    """The time the ball reaches the floor, by bisection on y + v t - g t^2 / 2 in a lax.while_loop."""
    def cond(state):
        lo, hi = state
        return hi - lo > 1e-12

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        above = y + v * mid - 0.5 * G * mid * mid > 0.0
        return jnp.where(above, mid, lo), jnp.where(above, hi, mid)

    lo, hi = jax.lax.while_loop(cond, body, (jnp.zeros_like(y), jnp.ones_like(y)))
    return 0.5 * (lo + hi)


def soft_contact_eps(d, eps):
    """The soft contact with a learned softness eps."""
    return jnp.sum(eps * jax.nn.softplus(-d / eps))


def _potential(y):
    """Gravity and the floor's quadratic penalty: the force is minus its gradient."""
    return jnp.sum(G * y + 0.5 * K_CONTACT * jnp.maximum(-y, 0.0) ** 2)


def drop_potential(y0, v0):
    force_of = jax.grad(_potential)

    def body(i, state):
        y, v = state
        v = v - DT * force_of(y)
        return (y + DT * v, v)

    y, v = jax.lax.fori_loop(0, STEPS, body, (y0, v0))
    return jnp.sum(y)


def bounce_cond(y, v):
    v = jax.lax.cond(y <= 0.0, lambda: -E_REST * v, lambda: v)
    return y + DT * v


def forced(y0, forces):
    """A ball driven by a sequence of vertical forces (the controls an optimiser learns), one per step."""
    def step(state, f):
        y, v = state
        v = v + DT * (-G + f + K_CONTACT * jnp.maximum(-y, 0.0) ** 2)
        y = y + DT * v
        return (y, v), y

    (y, v), ys = jax.lax.scan(step, (y0, jnp.zeros_like(y0)), forces)
    return jnp.sum(ys)


def drop_custom_scan(y0, v0):
    """The drop with the custom_vjp contact force inside a lax.scan."""
    def step(state, _):
        y, v = state
        v = v + DT * (-G + contact_force(y))
        return (y + DT * v, v), None

    (y, v), _ = jax.lax.scan(step, (y0, v0), None, length=STEPS)
    return jnp.sum(y)


def drop_custom_scan_bad(y0, v0):
    def step(state, _):
        y, v = state
        v = v + DT * (-G + contact_force_bad(y))
        return (y + DT * v, v), None

    (y, v), _ = jax.lax.scan(step, (y0, v0), None, length=STEPS)
    return jnp.sum(y)
