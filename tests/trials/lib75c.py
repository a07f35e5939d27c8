"""A user's code on gradcli.numpy, round 75c: optimisation building blocks as solver and ML-systems code writes them
(soft-thresholding, the prox of the L1 norm, and a few ISTA steps for a lasso; the Euclidean projection onto the
probability simplex by sorting; projection onto a box by np.clip; an interior-point log-barrier; Moreau envelopes;
an augmented Lagrangian; unrolled Nesterov momentum and Adam; a backtracking Armijo line search; Sinkhorn iterations
for entropic optimal transport in scaling and log-domain form), checked at ordinary points, on the thresholds, at
the box's bounds, next to the barrier's boundary, at v = 0 in Adam and at eps = 1e-3 in Sinkhorn."""

import gradcli.numpy as np
from gradcli.scipy.special import logsumexp

# --- proximal operators -----------------------------------------------------------------------------------------------

W_PROX = np.array([3.0, 1.0, 2.0])  # a fixed readout of the prox's output


def soft_threshold(x, lam):
    """prox of lam * ||x||_1: sign(x) max(|x| - lam, 0)."""
    return np.sign(x) * np.maximum(np.abs(x) - lam, 0.0)


def soft_threshold_sum(x, lam):
    return np.dot(W_PROX, soft_threshold(x, lam))


def soft_threshold_two_max(x, lam):
    """The same prox as max(x - lam, 0) - max(-x - lam, 0)."""
    return np.dot(W_PROX, np.maximum(x - lam, 0.0) - np.maximum(-x - lam, 0.0))


def soft_threshold_clip(x, lam):
    """The same prox as x - clip(x, -lam, lam) (Moreau: x minus the projection onto the dual ball)."""
    return np.dot(W_PROX, x - np.clip(x, -lam, lam))


A_LS = np.array([[1.0, 0.5, 0.0], [0.0, 1.0, 0.5], [0.5, 0.0, 1.0], [1.0, 1.0, 1.0]])
STEP = 0.25  # 1 / L would be 1 / ||A||^2; a quarter is below it
ISTA_STEPS = 5


def ista_lasso(y, lam):
    """Five ISTA steps for min 0.5 ||A x - y||^2 + lam ||x||_1 from x = 0; the objective at the last iterate."""
    x = np.zeros(3)
    for _ in range(ISTA_STEPS):
        z = x - STEP * (A_LS.T @ (A_LS @ x - y))
        x = soft_threshold(z, STEP * lam)
    return 0.5 * np.sum((A_LS @ x - y) ** 2) + lam * np.sum(np.abs(x))


Y_LS = np.array([1.0, 0.5, -0.5, 1.0])


def lasso_objective(x, lam):
    """The lasso's objective itself, as a solver's stopping test or a line search evaluates it."""
    return 0.5 * np.sum((A_LS @ x - Y_LS) ** 2) + lam * np.sum(np.abs(x))


# --- projections ------------------------------------------------------------------------------------------------------

C_SIMPLEX = np.array([3.0, 1.0, 2.5, 0.5])


def project_simplex(v):
    """Euclidean projection onto {w >= 0, sum w = 1} (Duchi et al. 2008), by sorting."""
    n = v.shape[0]
    u = np.sort(v)[::-1]
    css = np.cumsum(u) - 1.0
    ind = np.arange(1, n + 1)
    cond = u - css / ind > 0
    rho = n - np.argmax(cond[::-1])  # the last index where the condition holds, plus one
    theta = css[rho - 1] / rho
    return np.maximum(v - theta, 0.0)


def simplex_readout(v):
    return np.dot(C_SIMPLEX, project_simplex(v))


def simplex_distance(v):
    """Squared distance from v to the simplex."""
    return np.sum((v - project_simplex(v)) ** 2)


TARGET_BOX = np.array([0.2, 0.5, -1.0])
LO = np.array([-1.0, -1.0, -1.0])
HI = np.array([1.0, 1.0, 1.0])


def box_loss(x, lo, hi):
    """A quadratic of the projection of x onto the box [lo, hi]."""
    return np.sum((np.clip(x, lo, hi) - TARGET_BOX) ** 2)


def box_envelope(x):
    """Moreau envelope of the box's indicator: half the squared distance to the box (C1 everywhere)."""
    return 0.5 * np.sum((x - np.clip(x, LO, HI)) ** 2)


def projected_gradient(x):
    """Two projected gradient steps on ||x - TARGET_BOX * 3||^2 inside the unit box, then the objective."""
    for _ in range(2):
        x = np.clip(x - 0.25 * 2 * (x - 3 * TARGET_BOX), LO, HI)
    return np.sum((x - 3 * TARGET_BOX) ** 2)


# --- interior point ---------------------------------------------------------------------------------------------------

A_BAR = np.array([[0.3, 0.7], [1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
B_BAR = np.array([1.0, 2.0, 2.0, 3.0])
C_BAR = np.array([-1.0, -2.0])


def log_barrier(x):
    """-sum log(b - A x), the barrier of the polytope A x <= b."""
    return -np.sum(np.log(B_BAR - A_BAR @ x))


def barrier_objective(x, t):
    """The centering objective t c.x - sum log(b - A x) of a barrier method."""
    return t * np.dot(C_BAR, x) - np.sum(np.log(B_BAR - A_BAR @ x))


# --- Moreau envelopes, augmented Lagrangian ---------------------------------------------------------------------------

def huber_envelope(x, mu):
    """Huber as the Moreau envelope of |x|: |p| + (x - p)^2 / (2 mu) at p = prox_{mu |.|}(x)."""
    p = soft_threshold(x, mu)
    return np.sum(np.abs(p) + (x - p) ** 2 / (2 * mu))


def huber_where(x, mu):
    """The same envelope in closed form."""
    return np.sum(np.where(np.abs(x) <= mu, x ** 2 / (2 * mu), np.abs(x) - mu / 2))


def aug_lagrangian(x, lam_eq, lam_in, rho):
    """min (x0 - 2)^2 + (x1 - 1)^2 s.t. x0 - 2 x1 = 0 and x0 + x1 - 1 <= 0: the Powell-Hestenes-Rockafellar
    augmented Lagrangian."""
    f = (x[0] - 2) ** 2 + (x[1] - 1) ** 2
    h = x[0] - 2 * x[1]
    g = x[0] + x[1] - 1
    return f + lam_eq * h + 0.5 * rho * h ** 2 + (np.maximum(0.0, lam_in + rho * g) ** 2 - lam_in ** 2) / (2 * rho)


# --- unrolled optimisers ----------------------------------------------------------------------------------------------

H_DIAG = np.array([1.0, 10.0])
W_STAR = np.array([1.0, 0.0])
W_VAL = np.array([0.75, 0.25])  # a validation target: the loss a hyperparameter search reads
NESTEROV_STEPS = 10


def quad_grad(w):
    return H_DIAG * (w - W_STAR)


def quad_loss(w):
    return 0.5 * np.sum(H_DIAG * (w - W_STAR) ** 2)


def nesterov(w0, lr, mu):
    """Ten steps of Nesterov momentum (Sutskever's form: the gradient at the look-ahead point)."""
    w, v = w0, np.zeros_like(w0)
    for _ in range(NESTEROV_STEPS):
        g = quad_grad(w + mu * v)
        v = mu * v - lr * g
        w = w + v
    return quad_loss(w)


ADAM_STEPS = 3


def adam(w0, lr):
    """Three Adam steps (beta1 0.9, beta2 0.999, eps 1e-8, bias-corrected) on the quadratic; the validation loss."""
    w, m, v = w0, np.zeros_like(w0), np.zeros_like(w0)
    for t in range(1, ADAM_STEPS + 1):
        g = quad_grad(w)
        m = 0.9 * m + (1 - 0.9) * g
        v = 0.999 * v + (1 - 0.999) * g * g
        m_hat = m / (1 - 0.9 ** t)
        v_hat = v / (1 - 0.999 ** t)
        w = w - lr * m_hat / (np.sqrt(v_hat) + 1e-8)
    return 0.5 * np.sum(H_DIAG * (w - W_VAL) ** 2)


def adam_eps_inside(w0, lr):
    """The same with eps inside the root: sqrt(v_hat + eps) (as some implementations write it)."""
    w, m, v = w0, np.zeros_like(w0), np.zeros_like(w0)
    for t in range(1, ADAM_STEPS + 1):
        g = quad_grad(w)
        m = 0.9 * m + (1 - 0.9) * g
        v = 0.999 * v + (1 - 0.999) * g * g
        m_hat = m / (1 - 0.9 ** t)
        v_hat = v / (1 - 0.999 ** t)
        w = w - lr * m_hat / np.sqrt(v_hat + 1e-8)
    return 0.5 * np.sum(H_DIAG * (w - W_VAL) ** 2)


# --- line search ------------------------------------------------------------------------------------------------------

def rosen(x):
    return (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2


def rosen_grad(x):
    return np.array([-2 * (1 - x[0]) - 400 * x[0] * (x[1] - x[0] ** 2), 200 * (x[1] - x[0] ** 2)])


def armijo_rosen(x):
    """One steepest-descent step on Rosenbrock with a backtracking (Armijo, c = 1e-4) line search from t = 1."""
    t = 1.0
    fx, g = rosen(x), rosen_grad(x)
    while rosen(x - t * g) > fx - 1e-4 * t * np.dot(g, g):
        t = 0.5 * t
    return rosen(x - t * g)


def armijo_quadratic(x, h):
    """The same on 0.5 h |x|^2 with c = 0.5: t = 1 is accepted exactly while h <= 1."""
    t = 1.0
    fx, g = 0.5 * h * np.sum(x * x), h * x
    while 0.5 * h * np.sum((x - t * g) ** 2) > fx - 0.5 * t * np.dot(g, g):
        t = 0.5 * t
    return 0.5 * h * np.sum((x - t * g) ** 2)


# --- entropic optimal transport ---------------------------------------------------------------------------------------

X_SRC = np.array([0.0, 0.5, 2.0])
Y_DST = np.array([0.25, 0.75, 1.0])
COST = (X_SRC[:, None] - Y_DST[None, :]) ** 2  # the third source is 1 or more from every target
SINKHORN_ITERS = 20


def sinkhorn(a, b, eps):
    """Sinkhorn's scaling iterations from v = 1; the transport cost <P, C> of the plan diag(u) K diag(v)."""
    K = np.exp(-COST / eps)
    v = np.ones_like(b)
    for _ in range(SINKHORN_ITERS):
        u = a / (K @ v)
        v = b / (K.T @ u)
    P = u[:, None] * K * v[None, :]
    return np.sum(P * COST)


def sinkhorn_log(a, b, eps):
    """The same iterations in the log domain (potentials f = eps log u, g = eps log v) by logsumexp."""
    f, g = np.zeros_like(a), np.zeros_like(b)
    for _ in range(SINKHORN_ITERS):
        f = eps * np.log(a) - eps * logsumexp((g[None, :] - COST) / eps, axis=1)
        g = eps * np.log(b) - eps * logsumexp((f[:, None] - COST) / eps, axis=0)
    P = np.exp((f[:, None] + g[None, :] - COST) / eps)
    return np.sum(P * COST)
