"""A user's JAX code, ninety-eighth round (d): physics-informed losses and differentiable simulation: explicit and
implicit Euler on the stiff decay y' = -k y (unrolled 4 steps) and Euler's amplification over the exact decay, RK4 on
logistic growth and logistic growth's closed form, Lotka-Volterra by Euler, a damped oscillator's energy by
symplectic Euler, a state normalised to the unit sphere (jnp.linalg.norm, and smoothed), a heat-equation
finite-difference residual on 5 grid points (its mean square and its norm), a PINN residual u' + u of a tiny tanh MLP
(u' by jax.grad inside the loss, by a hand-written central difference, and u'' by jax.grad twice), an adaptive
Heun step whose step factor is clipped on an error estimate (jnp.clip and jnp.where), a log-barrier for the unit disc,
and a custom_vjp adjoint of one Euler step (right, and with dt forgotten)."""

import jax
import jax.numpy as jnp

DT = 0.125  # time step
T_END = 4 * DT
KCAP = 2.0  # logistic carrying capacity
XC = jnp.array([0.25, 0.5, 0.75])  # PINN collocation points
V_OUT = jnp.array([0.5, -0.25])  # the MLP's output weights
DX = 0.25  # heat grid spacing
U_PREV = jnp.array([0.0, 0.25, 0.5, 0.75, 1.0])  # the heat solution at the previous time
TOL = 2.0 ** -10  # adaptive step tolerance
MU = 0.125  # barrier weight
TARGET = jnp.array([1.0, 1.0])
W_OBS = jnp.array([0.5, -0.25])


# ----------------------------------------------------------------------------------------- stiff decay
def euler_decay(y0, k):
    """Four explicit Euler steps of y' = -k y: blows up for dt k > 2."""
    y = y0
    for _ in range(4):
        y = y + DT * (-k * y)
    return y


def implicit_decay(y0, k):
    """Four implicit (backward) Euler steps of y' = -k y."""
    y = y0
    for _ in range(4):
        y = y / (1.0 + DT * k)
    return y


def euler_log_error(k):
    """log of Euler's amplification over the exact decay exp(-k T)."""
    y = euler_decay(1.0, k)
    return jnp.log(jnp.abs(y) / jnp.exp(-k * T_END))


def euler_log_error_stable(k):
    y = euler_decay(1.0, k)
    return jnp.log(jnp.abs(y)) + k * T_END


# ----------------------------------------------------------------------------------------- population models
def rk4_logistic(y0, r):
    """Two RK4 steps of y' = r y (1 - y / K), dt = 0.25."""
    f = lambda y: r * y * (1.0 - y / KCAP)
    h = 0.25
    y = y0
    for _ in range(2):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def logistic_exact(y0, r):
    """The closed form K / (1 + (K / y0 - 1) e^{-r t}) at t = 1."""
    return KCAP / (1.0 + (KCAP / y0 - 1.0) * jnp.exp(-r))


def lotka_volterra(x, p):
    """Four Euler steps of prey' = a prey - b prey pred, pred' = d prey pred - g pred; the log-populations' sum."""
    a, b, d, g = p[0], p[1], p[2], p[3]
    prey, pred = x[0], x[1]
    for _ in range(4):
        prey, pred = prey + DT * (a * prey - b * prey * pred), pred + DT * (d * prey * pred - g * pred)
    return jnp.log(prey) + jnp.log(pred)


# ----------------------------------------------------------------------------------------- oscillator and normalisation
def oscillator_energy(x0, v0, c):
    """Symplectic Euler on x'' + c x' + 4 x = 0, four steps; the final energy."""
    x, v = x0, v0
    for _ in range(4):
        v = v + DT * (-4.0 * x - c * v)
        x = x + DT * v
    return 0.5 * v ** 2 + 2.0 * x ** 2


def unit_state(s):
    """Project the state onto the unit sphere (energy-conserving renormalisation), read out by fixed weights."""
    return jnp.sum(W_OBS * s / jnp.linalg.norm(s))


def unit_state_smooth(s):
    return jnp.sum(W_OBS * s / jnp.sqrt(jnp.sum(s ** 2) + 1e-12))


# ----------------------------------------------------------------------------------------- heat equation
def _heat_residual(u):
    lap = (u[2:] - 2 * u[1:-1] + u[:-2]) / DX ** 2
    return (u[1:-1] - U_PREV[1:-1]) / DT - lap


def heat_loss(u):
    return jnp.mean(_heat_residual(u) ** 2)


def heat_norm(u):
    return jnp.linalg.norm(_heat_residual(u))


# ----------------------------------------------------------------------------------------- PINN
def _mlp(w, b, x):
    return jnp.sum(V_OUT * jnp.tanh(w * x + b))


def pinn_loss(w, b):
    """The residual of u' + u = 0 at the collocation points, u' by jax.grad inside the loss."""
    du = jax.vmap(jax.grad(lambda x: _mlp(w, b, x)))(XC)
    u = jax.vmap(lambda x: _mlp(w, b, x))(XC)
    return jnp.mean((du + u) ** 2)


def pinn_loss_fd(w, b, h):
    """The same with u' by a central difference of step h."""
    u = lambda x: jax.vmap(lambda t: _mlp(w, b, t))(x)
    du = (u(XC + h) - u(XC - h)) / (2 * h)
    return jnp.mean((du + u(XC)) ** 2)


def pinn_loss2(w, b):
    """The residual of u'' + 4 u = 0, u'' by jax.grad twice."""
    d2u = jax.vmap(jax.grad(jax.grad(lambda x: _mlp(w, b, x))))(XC)
    u = jax.vmap(lambda x: _mlp(w, b, x))(XC)
    return jnp.mean((d2u + 4.0 * u) ** 2)


# ----------------------------------------------------------------------------------------- adaptive step
def adaptive_heun(k):
    """One Heun step with Euler's error estimate, the next step by the clipped controller, then one Euler step."""
    y0 = 1.0
    y_e = y0 + DT * (-k * y0)
    y_h = y0 + DT / 2 * (-k * y0 - k * y_e)
    err = jnp.abs(y_h - y_e)
    fac = jnp.clip(0.875 * (TOL / err) ** 0.2, 0.25, 4.0)
    dt_new = DT * fac
    return y_h * (1.0 - dt_new * k)


def adaptive_heun_where(k):
    y0 = 1.0
    y_e = y0 + DT * (-k * y0)
    y_h = y0 + DT / 2 * (-k * y0 - k * y_e)
    err = jnp.abs(y_h - y_e)
    fac = jnp.where(err > 0, jnp.minimum(0.875 * (TOL / err) ** 0.2, 4.0), 4.0)
    dt_new = DT * fac
    return y_h * (1.0 - dt_new * k)


# ----------------------------------------------------------------------------------------- log-barrier
def barrier(x):
    """A quadratic objective kept inside the unit disc by a log-barrier."""
    return jnp.sum((x - TARGET) ** 2) - MU * jnp.log(1.0 - jnp.sum(x ** 2))


# ----------------------------------------------------------------------------------------- adjoint of one step
@jax.custom_vjp
def euler_step(y, k):
    return y - DT * k * y


def _step_fwd(y, k):
    return euler_step(y, k), (y, k)


def _step_bwd(res, g):
    y, k = res
    return g * (1.0 - DT * k), -g * DT * y


euler_step.defvjp(_step_fwd, _step_bwd)


@jax.custom_vjp
def euler_step_bad(y, k):
    return y - DT * k * y


def _step_bad_fwd(y, k):
    return euler_step_bad(y, k), (y, k)


def _step_bad_bwd(res, g):
    y, k = res
    return g * (1.0 - DT * k), -g * y


euler_step_bad.defvjp(_step_bad_fwd, _step_bad_bwd)


def adjoint_rollout(y0, k):
    y = y0
    for _ in range(4):
        y = euler_step(y, k)
    return y ** 2


def adjoint_rollout_bad(y0, k):
    y = y0
    for _ in range(4):
        y = euler_step_bad(y, k)
    return y ** 2


# ----------------------------------------------------------------------------------------- loops, forward mode, solves
def euler_scan(y0, k):
    """Four Euler steps by lax.scan; the squared trajectory's sum."""
    def body(y, _):
        y = y + DT * (-k * y)
        return y, y
    _, ys = jax.lax.scan(body, y0, None, length=4)
    return jnp.sum(ys ** 2)


def euler_fori(y0, k):
    return jax.lax.fori_loop(0, 4, lambda i, y: y + DT * (-k * y), y0)


def pinn_loss_jacfwd(w, b):
    """u' by forward mode (jax.jacfwd) inside the reverse-mode loss."""
    du = jax.vmap(jax.jacfwd(lambda x: _mlp(w, b, x)))(XC)
    u = jax.vmap(lambda x: _mlp(w, b, x))(XC)
    return jnp.mean((du + u) ** 2)


def implicit_heat(u):
    """One backward-Euler step of the heat equation on 3 interior points (zero Dirichlet ends): solve (I - dt/dx^2 L) v = u."""
    lap = jnp.array([[-2.0, 1.0, 0.0], [1.0, -2.0, 1.0], [0.0, 1.0, -2.0]])
    m = jnp.eye(3) - DT / DX ** 2 * lap
    v = jnp.linalg.solve(m, u)
    return jnp.sum(v ** 2)


def bouncing_ball(x, v):
    """Two steps of a ball falling under gravity 8 that bounces (restitution 0.5) once below the ground."""
    for _ in range(2):
        x = x + DT * v
        v = jnp.where(x < 0, -0.5 * v, v - DT * 8.0)
    return x + DT * v


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    n = safe_norm(x)
    return n, jnp.where(n > 0, jnp.dot(x, t) / jnp.where(n > 0, n, 1.0), 0.0)


def state_norm(s):
    """The state's Euclidean norm by a custom_jvp whose rule is 0 at the origin."""
    return safe_norm(s)


def clamped_step(y0, dt):
    """Four Euler steps of y' = -8 y with the requested step clipped to [1/64, 1/4] (the step at its bounds)."""
    h = jnp.clip(dt, 2.0 ** -6, 0.25)
    y = y0
    for _ in range(4):
        y = y - h * 8.0 * y
    return y


def adaptive_while(y0, k):
    """Euler steps of dt until t reaches T in a lax.while_loop (the loop an adaptive integrator is written with)."""
    def cond(state):
        t, y = state
        return t < T_END

    def body(state):
        t, y = state
        return t + DT, y + DT * (-k * y)
    _, y = jax.lax.while_loop(cond, body, (0.0, y0))
    return y
