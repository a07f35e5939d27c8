"""A user's code on gradcli.numpy, round 76c: control and state estimation as control engineers and roboticists write
it, differentiated for system identification and tuning (a scalar random-walk Kalman filter's innovation likelihood in
the short and the Joseph covariance update; a constant-velocity Kalman filter with a position sensor; a 2-D tracker
whose likelihood takes log det S by slogdet, by det and by a Cholesky factor; a square-root filter; an information
filter fitting a line; unrolled discrete Riccati iterations for LQR gains; a PID loop with a clamped integrator and a
saturating actuator; a particle filter's normalised weights; an alpha-beta tracker; a complementary filter and heading
errors wrapped to [-pi, pi); exponential smoothing; the cost of a rollout of x' = A x + B u; a model-predictive cost
with a soft state constraint), checked at ordinary points and where they break: R = 0, covariances of 1e-300, an
integrator and an actuator exactly on their bounds, log-weights of -800, an angle exactly pi, float32 overflow."""

import gradcli.numpy as np

# --- a scalar Kalman filter: random walk x' = x + w (var q), z = x + v (var r) ----------------------------------------

ZS = np.array([1.0, 0.5, 1.25, 0.75, 1.5, 1.0])


def kf_scalar_nll(q, r):
    """Negative log-likelihood of the innovations (the prediction-error decomposition), x0 = 0, P0 = 1."""
    x, P, nll = 0.0, 1.0, 0.0
    for z in ZS:
        P = P + q  # predict
        S = P + r  # innovation variance, H = 1
        v = z - x
        nll = nll + 0.5 * (np.log(2 * np.pi * S) + v * v / S)
        K = P / S
        x = x + K * v
        P = (1 - K) * P  # the short form
    return nll


def kf_scalar_nll_joseph(q, r):
    """The same likelihood with the covariance updated in Joseph's form (I - K H) P (I - K H)^T + K R K^T."""
    x, P, nll = 0.0, 1.0, 0.0
    for z in ZS:
        P = P + q
        S = P + r
        v = z - x
        nll = nll + 0.5 * (np.log(2 * np.pi * S) + v * v / S)
        K = P / S
        x = x + K * v
        P = (1 - K) ** 2 * P + K ** 2 * r
    return nll


def kf_scalar_final(p0, q, r):
    """The filtered estimate after the last measurement, as a function of the prior variance and the noises."""
    x, P = 0.0, p0
    for z in ZS:
        P = P + q
        K = P / (P + r)
        x = x + K * (z - x)
        P = (1 - K) * P
    return x


GATE = 9.0  # a 3-sigma innovation gate


def kf_scalar_gated(x0, q, r):
    """The filtered estimate with outliers gated: a measurement whose v^2 / S is 9 or more is skipped."""
    x, P = x0, 1.0
    for z in ZS:
        P = P + q
        S = P + r
        v = z - x
        if v * v / S < GATE:
            K = P / S
            x = x + K * v
            P = (1 - K) * P
    return x


Q_R, R_R, V_MAX = 0.25, 1.0, 3.0


def kf_robust_nll(z, p0):
    """An outlier-robust filter (update, then predict): the likelihood of the raw innovations, the state moved by the
    innovation clamped to +-V_MAX."""
    x, P, nll = 0.0, p0, 0.0
    for k in range(z.shape[0]):
        S = P + R_R
        v = z[k] - x
        nll = nll + 0.5 * (np.log(S) + v * v / S)
        K = P / S
        x = x + K * np.clip(v, -V_MAX, V_MAX)
        P = (1 - K) * P + Q_R
    return nll


# --- a constant-velocity Kalman filter, position measured ------------------------------------------------------------

DT = 0.5
F_CV = np.array([[1.0, DT], [0.0, 1.0]])
Q_CV = np.array([[DT ** 4 / 4, DT ** 3 / 2], [DT ** 3 / 2, DT ** 2]])  # discrete white-noise acceleration
H_CV = np.array([1.0, 0.0])
ZCV = np.array([0.25, 0.75, 1.0, 1.75, 2.0, 2.75])


def kf_cv_nll(q, r):
    """The innovations' negative log-likelihood of a constant-velocity filter, short covariance update (I - K H) P."""
    x, P, nll = np.zeros(2), np.eye(2), 0.0
    for z in ZCV:
        x = F_CV @ x
        P = F_CV @ P @ F_CV.T + q * Q_CV
        S = H_CV @ P @ H_CV + r
        v = z - H_CV @ x
        nll = nll + 0.5 * (np.log(2 * np.pi * S) + v ** 2 / S)
        K = P @ H_CV / S
        x = x + K * v
        P = P - np.outer(K, H_CV @ P)
    return nll


def kf_cv_nll_joseph(q, r):
    """The same with Joseph's update, symmetric and positive by construction."""
    x, P, nll = np.zeros(2), np.eye(2), 0.0
    for z in ZCV:
        x = F_CV @ x
        P = F_CV @ P @ F_CV.T + q * Q_CV
        S = H_CV @ P @ H_CV + r
        v = z - H_CV @ x
        nll = nll + 0.5 * (np.log(2 * np.pi * S) + v ** 2 / S)
        K = P @ H_CV / S
        x = x + K * v
        I_KH = np.eye(2) - np.outer(K, H_CV)
        P = I_KH @ P @ I_KH.T + r * np.outer(K, K)
    return nll


# --- a 2-D tracker: both position and velocity measured, S a 2 x 2 matrix ---------------------------------------------

def kf2d_nll(p0, q, r, z):
    """-log-likelihood through np.linalg.slogdet and np.linalg.solve; z holds one measurement per row."""
    x, P, nll = np.zeros(2), p0 * np.eye(2), 0.0
    for k in range(z.shape[0]):
        x = F_CV @ x
        P = F_CV @ P @ F_CV.T + q * Q_CV
        S = P + r * np.eye(2)
        v = z[k] - x
        sign, logdet = np.linalg.slogdet(S)
        nll = nll + 0.5 * (logdet + v @ np.linalg.solve(S, v))
        K = P @ np.linalg.inv(S)
        x = x + K @ v
        P = (np.eye(2) - K) @ P
    return nll


def kf2d_nll_det(p0, q, r, z):
    """The same with log(det S), as the textbook's formula reads."""
    x, P, nll = np.zeros(2), p0 * np.eye(2), 0.0
    for k in range(z.shape[0]):
        x = F_CV @ x
        P = F_CV @ P @ F_CV.T + q * Q_CV
        S = P + r * np.eye(2)
        v = z[k] - x
        nll = nll + 0.5 * (np.log(np.linalg.det(S)) + v @ np.linalg.solve(S, v))
        K = P @ np.linalg.inv(S)
        x = x + K @ v
        P = (np.eye(2) - K) @ P
    return nll


def kf2d_nll_chol(p0, q, r, z):
    """The same through S's Cholesky factor L: log det S = 2 sum log diag L, v' S^-1 v = |L^-1 v|^2."""
    x, P, nll = np.zeros(2), p0 * np.eye(2), 0.0
    for k in range(z.shape[0]):
        x = F_CV @ x
        P = F_CV @ P @ F_CV.T + q * Q_CV
        S = P + r * np.eye(2)
        v = z[k] - x
        L = np.linalg.cholesky(S)
        w = np.linalg.solve(L, v)
        nll = nll + np.sum(np.log(np.diagonal(L))) + 0.5 * (w @ w)
        K = P @ np.linalg.inv(S)
        x = x + K @ v
        P = (np.eye(2) - K) @ P
    return nll


# --- a square-root filter and an information filter ------------------------------------------------------------------

def sqrt_filter_nll(q, r, s0):
    """The scalar filter carrying s = sqrt(P): s- = sqrt(s^2 + q), s+ = s- sqrt(r) / sqrt(s-^2 + r)."""
    x, s, nll = 0.0, s0, 0.0
    for z in ZS:
        s = np.sqrt(s * s + q)
        sig = np.sqrt(s * s + r)
        v = z - x
        nll = nll + np.log(sig) + 0.5 * (v / sig) ** 2
        K = (s / sig) ** 2
        x = x + K * v
        s = s * np.sqrt(r) / sig
    return nll


T_LINE = np.array([0.0, 1.0, 2.0, 3.0])
H_LINE = np.stack([np.ones(4), T_LINE], axis=1)


def info_filter_predict(z, lam, r):
    """Fit z = a + b t in information form (prior information lam I, noise r), predict at t = 4."""
    Y, y = lam * np.eye(2), np.zeros(2)
    for k in range(4):
        h = H_LINE[k]
        Y = Y + np.outer(h, h) / r
        y = y + h * z[k] / r
    xhat = np.linalg.solve(Y, y)
    return xhat[0] + 4.0 * xhat[1]


# --- LQR by the discrete Riccati iteration ---------------------------------------------------------------------------

RICCATI_STEPS = 40


def lqr_gain_scalar(a, q, r):
    """x' = a x + u, cost sum q x^2 + r u^2: forty Riccati steps from P = q, then the gain."""
    p = q
    for _ in range(RICCATI_STEPS):
        p = q + a * a * p - (a * p) ** 2 / (r + p)
    return a * p / (r + p)


A_DI = np.array([[1.0, DT], [0.0, 1.0]])
B_DI = np.array([[DT * DT / 2], [DT]])
Q_POS = np.array([[1.0, 0.0], [0.0, 0.0]])
W_K = np.array([1.0, 0.5])


def _riccati_gain(q, r, steps):
    Q, R = q * Q_POS, r * np.eye(1)
    P = Q
    for _ in range(steps):
        K = np.linalg.solve(R + B_DI.T @ P @ B_DI, B_DI.T @ P @ A_DI)
        P = Q + A_DI.T @ P @ A_DI - A_DI.T @ P @ B_DI @ K
    K = np.linalg.solve(R + B_DI.T @ P @ B_DI, B_DI.T @ P @ A_DI)
    return np.sum(K[0] * W_K)


def riccati_gain_5(q, r):
    """The double integrator's LQR gain after five Riccati steps (a short horizon), read out as K . [1, 0.5]."""
    return _riccati_gain(q, r, 5)


def riccati_gain_60(q, r):
    """The same after sixty steps: converged."""
    return _riccati_gain(q, r, 60)


def closed_loop_radius(k):
    """The spectral radius of A - B K for a state-feedback gain K = k: the slowest closed-loop pole, as a tuner
    minimises it."""
    Acl = A_DI - B_DI @ k[None, :]
    return np.max(np.abs(np.linalg.eigvals(Acl)))


# --- PID --------------------------------------------------------------------------------------------------------------

Y_SET, DT_PID, U_MAX, PID_STEPS = 1.0, 0.5, 2.0, 20


def pid_cost(kp, ki, kd, i_max):
    """A PID loop on y' = 0.75 y + 0.5 u: integrator clamped to +-i_max (anti-windup), actuator clipped to +-U_MAX;
    the integral of the squared error."""
    y, integ, e_prev, cost = 0.0, 0.0, 0.0, 0.0
    for _ in range(PID_STEPS):
        e = Y_SET - y
        integ = np.clip(integ + e * DT_PID, -i_max, i_max)
        deriv = (e - e_prev) / DT_PID
        u = np.clip(kp * e + ki * integ + kd * deriv, -U_MAX, U_MAX)
        y = 0.75 * y + 0.5 * u
        e_prev = e
        cost = cost + e * e * DT_PID
    return cost


def pid_cost_tanh(kp, ki, kd):
    """The same loop with a smooth saturation U_MAX tanh(v / U_MAX) and no clamp on the integrator."""
    y, integ, e_prev, cost = 0.0, 0.0, 0.0, 0.0
    for _ in range(PID_STEPS):
        e = Y_SET - y
        integ = integ + e * DT_PID
        deriv = (e - e_prev) / DT_PID
        u = U_MAX * np.tanh((kp * e + ki * integ + kd * deriv) / U_MAX)
        y = 0.75 * y + 0.5 * u
        e_prev = e
        cost = cost + e * e * DT_PID
    return cost


# --- a particle filter's weights --------------------------------------------------------------------------------------

PARTICLES = np.array([-1.0, 0.5, 2.0, 3.5])


def pf_estimate(logw):
    """The weighted mean of the particles, weights normalised after subtracting the largest log-weight."""
    w = np.exp(logw - np.max(logw))
    w = w / np.sum(w)
    return np.sum(w * PARTICLES)


def pf_estimate_naive(logw):
    """The same without the shift."""
    w = np.exp(logw)
    w = w / np.sum(w)
    return np.sum(w * PARTICLES)


def pf_ess(logw):
    """The effective sample size 1 / sum w^2 that decides when to resample."""
    w = np.exp(logw - np.max(logw))
    w = w / np.sum(w)
    return 1.0 / np.sum(w ** 2)


def pf_resampled_mean(logw):
    """The mean after systematic resampling with offset 0: particle j is drawn for each u = k / 4 below cumsum(w)[j]."""
    w = np.exp(logw - np.max(logw))
    w = w / np.sum(w)
    idx = np.searchsorted(np.cumsum(w), np.arange(4) / 4.0)
    return np.mean(PARTICLES[idx])


# --- alpha-beta tracker -----------------------------------------------------------------------------------------------

DT_AB = 0.5
ZT = np.array([0.25, 0.5, 1.0, 1.25, 1.25, 1.75, 2.0, 2.5, 2.5, 3.0, 3.25, 3.75, 4.0, 4.0, 4.5, 5.0, 5.25, 5.5, 6.0,
               6.25])


def ab_tracker(alpha, beta):
    """The alpha-beta filter over ZT; the sum of squared residuals a tuner minimises."""
    x, v, sse = 0.0, 0.0, 0.0
    for z in ZT:
        x = x + v * DT_AB
        res = z - x
        x = x + alpha * res
        v = v + beta * res / DT_AB
        sse = sse + res * res
    return sse


# --- angles -----------------------------------------------------------------------------------------------------------

DT_CF = 0.5
GYRO = np.array([0.5, 0.25, -0.5, 0.75])
AZ = np.array([1.0, 0.75, -1.0, 0.5])
REF = np.array([0.25, 0.5, 1.0, 0.75])


def comp_filter(alpha, ay):
    """A complementary filter: gyro integration blended with the accelerometer's tilt atan2(ay, az)."""
    theta, cost = 0.0, 0.0
    for k in range(4):
        tilt = np.arctan2(ay[k], AZ[k])
        theta = alpha * (theta + GYRO[k] * DT_CF) + (1 - alpha) * tilt
        cost = cost + (theta - REF[k]) ** 2
    return cost


def wrap_mod(a):
    return (a + np.pi) % (2 * np.pi) - np.pi


def wrap_atan2(a):
    return np.arctan2(np.sin(a), np.cos(a))


def heading_cost_mod(theta, ref):
    """Squared heading errors, wrapped to [-pi, pi) by the modulo."""
    e = wrap_mod(theta - ref)
    return np.sum(e * e)


def heading_cost_atan2(theta, ref):
    """The same wrapped by atan2(sin, cos)."""
    e = wrap_atan2(theta - ref)
    return np.sum(e * e)


# --- exponential smoothing --------------------------------------------------------------------------------------------

def ema(alpha, x):
    """s = alpha x + (1 - alpha) s from s = x[0]; the last s."""
    s = x[0]
    for k in range(1, x.shape[0]):
        s = alpha * x[k] + (1 - alpha) * s
    return s


def ema_debiased(alpha, x):
    """From s = 0, divided by 1 - (1 - alpha)^n (Adam's bias correction)."""
    s = 0.0
    for k in range(x.shape[0]):
        s = alpha * x[k] + (1 - alpha) * s
    return s / (1 - (1 - alpha) ** x.shape[0])


def ema_clipped(alpha, x):
    """alpha from a tuner, clipped into [0, 1] first."""
    return ema(np.clip(alpha, 0.0, 1.0), x)


X_SAT = 2.0


def ema_saturated(alpha, x):
    """Smoothing a sensor that saturates at +-X_SAT."""
    s = np.clip(x[0], -X_SAT, X_SAT)
    for k in range(1, x.shape[0]):
        s = alpha * np.clip(x[k], -X_SAT, X_SAT) + (1 - alpha) * s
    return s


# --- rollouts ---------------------------------------------------------------------------------------------------------

A_RO = np.array([[1.0, 0.125], [-0.125, 1.0]], dtype=np.float32)  # |eigenvalues| = sqrt(1 + 1/64): slowly growing
B_RO = np.array([0.0, 0.125], dtype=np.float32)  # float32, as on the embedded target
HORIZON = 20


def rollout_cost(u, x0):
    """sum x'x + 0.25 u^2 over twenty steps of x' = A x + B u, plus 10 x'x at the end."""
    x, cost = x0, 0.0
    for t in range(HORIZON):
        cost = cost + x @ x + 0.25 * u[t] ** 2
        x = A_RO @ x + B_RO * u[t]
    return cost + 10.0 * (x @ x)


def rollout_rms(u, x0):
    """The root-mean-square state norm over the rollout."""
    x, total = x0, 0.0
    for t in range(HORIZON):
        x = A_RO @ x + B_RO * u[t]
        total = total + x @ x
    return np.sqrt(total / HORIZON)


GOAL = 0.9999998


def terminal_miss(a):
    """x' = a x from x = 1 for twenty steps; the squared miss of a goal."""
    x = 1.0
    for _ in range(HORIZON):
        x = a * x
    return (x - GOAL) ** 2


# --- MPC with a soft constraint on position ---------------------------------------------------------------------------

A_MPC = np.array([[1.0, 1.0], [0.0, 1.0]])
B_MPC = np.array([0.5, 1.0])
X_REF, X_MAX, RHO, SHARP = 2.0, 1.0, 100.0, 1000.0


def _mpc(u, penalty):
    x, cost = np.zeros(2), 0.0
    for t in range(4):
        x = A_MPC @ x + B_MPC * u[t]
        cost = cost + (x[0] - X_REF) ** 2 + 0.5 * u[t] ** 2 + RHO * penalty(x[0] - X_MAX)
    return cost


def mpc_soft_sq(u):
    """Quadratic exterior penalty max(0, g)^2 on position above X_MAX."""
    return _mpc(u, lambda g: np.maximum(0.0, g) ** 2)


def mpc_soft_l1(u):
    """Exact (L1) penalty max(0, g)."""
    return _mpc(u, lambda g: np.maximum(0.0, g))


def mpc_softplus(u):
    """A smooth penalty softplus(SHARP g) / SHARP by logaddexp."""
    return _mpc(u, lambda g: np.logaddexp(0.0, SHARP * g) / SHARP)


def mpc_softplus_naive(u):
    """The same written log(1 + exp(SHARP g)) / SHARP."""
    return _mpc(u, lambda g: np.log(1 + np.exp(SHARP * g)) / SHARP)
