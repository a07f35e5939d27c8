"""A user's JAX code, sixty-ninth round (d): scientific ML as users write it in JAX. Explicit Euler for a stiff decay in
lax.fori_loop, RK4 for the logistic equation in lax.scan, a harmonic oscillator's energy after explicit and
symplectic Euler, leapfrog in lax.scan, jax.experimental.ode.odeint, a fixed point x = tanh(W x + b) unrolled and by
implicit differentiation in a jax.custom_vjp (right, transposed, sign slipped), Newton's cube root unrolled and with
the implicit-function rule, a steady heat equation by jnp.linalg.solve, and a tiny neural ODE."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.ode import odeint

DT = 0.05
STEPS = 40


# --- time stepping ------------------------------------------------------------------------------------------------------

def euler_decay(k):
    """y' = -k y, y(0) = 1: explicit Euler, dt = 0.05, 40 steps (t = 2)."""
    def body(i, y):
        return y + DT * (-k * y)
    return lax.fori_loop(0, STEPS, body, jnp.ones_like(k))


def rk4_logistic(r):
    """y' = r y (1 - y), y(0) = 0.1: classical RK4, dt = 0.1, 50 steps in lax.scan."""
    dt = 0.1

    def f(y):
        return r * y * (1.0 - y)

    def step(y, _):
        k1 = f(y)
        k2 = f(y + 0.5 * dt * k1)
        k3 = f(y + 0.5 * dt * k2)
        k4 = f(y + dt * k3)
        return y + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4), None

    y, _ = lax.scan(step, 0.1 * jnp.ones_like(r), None, length=50)
    return y


def oscillator_euler(w):
    """x'' = -w^2 x from x = 1, v = 0: explicit Euler, dt = 0.1, 100 steps; the energy at the end."""
    dt = 0.1

    def body(i, state):
        x, v = state
        return x + dt * v, v - dt * w ** 2 * x

    x, v = lax.fori_loop(0, 100, body, (jnp.ones_like(w), jnp.zeros_like(w)))
    return 0.5 * v ** 2 + 0.5 * w ** 2 * x ** 2


def oscillator_symplectic(w):
    """The same with symplectic Euler (v first, then x with the new v)."""
    dt = 0.1

    def body(i, state):
        x, v = state
        v = v - dt * w ** 2 * x
        return x + dt * v, v

    x, v = lax.fori_loop(0, 100, body, (jnp.ones_like(w), jnp.zeros_like(w)))
    return 0.5 * v ** 2 + 0.5 * w ** 2 * x ** 2


def leapfrog(w):
    """Velocity Verlet (kick-drift-kick), dt = 0.25, 40 steps in lax.scan: the final position."""
    dt = 0.25

    def step(state, _):
        x, v = state
        v = v - 0.5 * dt * w ** 2 * x
        x = x + dt * v
        v = v - 0.5 * dt * w ** 2 * x
        return (x, v), None

    (x, v), _ = lax.scan(step, (jnp.ones_like(w), jnp.zeros_like(w)), None, length=40)
    return x


def odeint_decay(k):
    """jax.experimental.ode.odeint of y' = -k y from 1 to t = 1 (its adjoint custom_vjp)."""
    ys = odeint(lambda y, t, k: -k * y, jnp.ones_like(k), jnp.array([0.0, 1.0], dtype=k.dtype), k)
    return ys[-1]


# --- fixed points -----------------------------------------------------------------------------------------------------

W = jnp.array([[0.1, -0.15, 0.05], [0.2, 0.05, -0.1], [-0.05, 0.15, 0.1]])
C = jnp.array([1.0, -2.0, 0.5])


def fp_unrolled(b):
    """The equilibrium of x = tanh(W x + b), 30 iterations from 0, read out by C."""
    x = lax.fori_loop(0, 30, lambda i, x: jnp.tanh(W @ x + b), jnp.zeros_like(b))
    return C @ x


@jax.custom_vjp
def fixed_point(b):
    return lax.fori_loop(0, 30, lambda i, x: jnp.tanh(W @ x + b), jnp.zeros_like(b))


def _fp_fwd(b):
    x = fixed_point(b)
    return x, x


def _fp_bwd(x, g):
    """Implicit function theorem: (I - J)^T v = g with J = diag(1 - x^2) W; the slope in b is diag(1 - x^2) v."""
    d = 1 - x ** 2
    J = d[:, None] * W
    v = jnp.linalg.solve((jnp.eye(3) - J).T, g)
    return (d * v,)


fixed_point.defvjp(_fp_fwd, _fp_bwd)


def fp_implicit(b):
    return C @ fixed_point(b)


@jax.custom_vjp
def fixed_point_t(b):
    return lax.fori_loop(0, 30, lambda i, x: jnp.tanh(W @ x + b), jnp.zeros_like(b))


def _fpt_fwd(b):
    x = fixed_point_t(b)
    return x, x


def _fpt_bwd(x, g):
    d = 1 - x ** 2
    J = d[:, None] * W
    v = jnp.linalg.solve(jnp.eye(3) - J, g)  # the transpose forgotten
    return (d * v,)


fixed_point_t.defvjp(_fpt_fwd, _fpt_bwd)


def fp_implicit_transposed(b):
    return C @ fixed_point_t(b)


@jax.custom_vjp
def fixed_point_s(b):
    return lax.fori_loop(0, 30, lambda i, x: jnp.tanh(W @ x + b), jnp.zeros_like(b))


def _fps_fwd(b):
    x = fixed_point_s(b)
    return x, x


def _fps_bwd(x, g):
    d = 1 - x ** 2
    J = d[:, None] * W
    v = jnp.linalg.solve((jnp.eye(3) + J).T, g)  # the sign slipped
    return (d * v,)


fixed_point_s.defvjp(_fps_fwd, _fps_bwd)


def fp_implicit_sign(b):
    return C @ fixed_point_s(b)


def fp_scalar_unrolled(b):
    """x = tanh(x + b) (w = 1: I - J = x^2, singular at x = 0), 30 iterations from 0."""
    return lax.fori_loop(0, 30, lambda i, x: jnp.tanh(x + b), jnp.zeros_like(b))


@jax.custom_vjp
def fp_scalar(b):
    return lax.fori_loop(0, 30, lambda i, x: jnp.tanh(x + b), jnp.zeros_like(b))


def _fps1_fwd(b):
    x = fp_scalar(b)
    return x, x


def _fps1_bwd(x, g):
    d = 1 - x ** 2
    return (g * d / (1 - d),)


fp_scalar.defvjp(_fps1_fwd, _fps1_bwd)


def fp_scalar_implicit(b):
    return fp_scalar(b)


# --- Newton ---------------------------------------------------------------------------------------------------------

def cbrt_unrolled(a):
    """The root of x^3 - a by 30 Newton steps from 1, differentiated through the steps."""
    return lax.fori_loop(0, 30, lambda i, x: x - (x ** 3 - a) / (3.0 * x ** 2), jnp.ones_like(a))


@jax.custom_vjp
def cbrt_newton(a):
    return lax.fori_loop(0, 30, lambda i, x: x - (x ** 3 - a) / (3.0 * x ** 2), jnp.ones_like(a))


def _cbrt_fwd(a):
    x = cbrt_newton(a)
    return x, x


def _cbrt_bwd(x, g):
    return (g / (3.0 * x ** 2),)


cbrt_newton.defvjp(_cbrt_fwd, _cbrt_bwd)


def cbrt_implicit(a):
    return cbrt_newton(a)


# --- steady heat, neural ODE -----------------------------------------------------------------------------------------

def heat_mean(kappa):
    """-(kappa u')' = 1 on (0, 1), u(0) = u(1) = 0, five interior nodes, kappa on the six faces: the mean of u."""
    h = 1.0 / 6.0
    main = (kappa[:-1] + kappa[1:]) / h ** 2
    off = -kappa[1:-1] / h ** 2
    A = jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1)
    u = jnp.linalg.solve(A, jnp.ones(5, dtype=kappa.dtype))
    return jnp.mean(u)


Y0 = jnp.array([1.0, -0.5])
W2 = jnp.array([[0.5, -1.0, 0.25], [1.0, 0.5, -0.5]])
B1 = jnp.array([0.1, -0.2, 0.0])


def neural_ode(W1):
    """dy/dt = W2 tanh(W1 y + B1), Euler with dt = 0.1 over 20 steps from Y0; the loss |y(2)|^2."""
    def body(i, y):
        return y + 0.1 * (W2 @ jnp.tanh(W1 @ y + B1))
    y = lax.fori_loop(0, 20, body, Y0)
    return jnp.sum(y ** 2)
