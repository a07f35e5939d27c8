"""A user's code on gradcli.numpy, round 67c: dynamic programming and recurrences as ML and numerics libraries write
them (an HMM's forward algorithm over long sequences in probability space, in log space and rescaled per step, Viterbi's
max-product score, soft-DTW with a shifted soft-min and with a naive one, a soft edit distance by np.logaddexp and a
hard one by np.minimum, a scalar Kalman filter's variance recursion in three spellings, Euler and RK4 steps of simple
ODEs, the moment recurrence I_n = 1/a - (n/a) I_{n-1} run forward and backward, a cumulative product in probability
space and in log space, Adam's bias-corrected moments, a running max / argmax by np.maximum and np.where in a loop,
discounted returns), checked at ordinary points, at ties, at gamma = 1 and where the naive forms under/overflow."""

import math

import gradcli.numpy as np

# --- hidden Markov models: two states, Gaussian emissions of precision 2 (unnormalised) -------------------------------

A = [[0.9, 0.1], [0.2, 0.8]]
PI0 = [0.6, 0.4]
OBS = [round(3.0 * math.sin(0.9 * t) + 0.5 * math.cos(2.3 * t), 2) for t in range(200)]
A_SYM = [[0.7, 0.3], [0.3, 0.7]]
OBS_V = [0.0, 0.5, -0.25, 1.0, 0.75, -1.0, 0.25, 0.5]


def _emit(mu, o):
    return -((o - mu) ** 2)


def hmm_forward_prob(mu, n):
    """log p(obs[:n]) by the forward algorithm in probability space (alpha_t = (alpha_{t-1} A) * b_t)."""
    trans = np.array(A)
    alpha = np.array(PI0) * np.exp(_emit(mu, OBS[0]))
    for t in range(1, n):
        alpha = (alpha @ trans) * np.exp(_emit(mu, OBS[t]))
    return np.log(np.sum(alpha))


def hmm_forward_log(mu, n):
    """The same in log space, a hand-written logsumexp over the previous states."""
    log_a = np.log(np.array(A))
    la = np.log(np.array(PI0)) + _emit(mu, OBS[0])
    for t in range(1, n):
        z = la[:, None] + log_a
        m = np.max(z, axis=0)
        la = m + np.log(np.sum(np.exp(z - m), axis=0)) + _emit(mu, OBS[t])
    m = np.max(la)
    return m + np.log(np.sum(np.exp(la - m)))


def hmm_forward_scaled(mu, n):
    """Rabiner's scaled forward algorithm: alpha normalised each step, log p = sum log c_t."""
    trans = np.array(A)
    alpha = np.array(PI0) * np.exp(_emit(mu, OBS[0]))
    c = np.sum(alpha)
    alpha = alpha / c
    logp = np.log(c)
    for t in range(1, n):
        alpha = (alpha @ trans) * np.exp(_emit(mu, OBS[t]))
        c = np.sum(alpha)
        alpha = alpha / c
        logp = logp + np.log(c)
    return logp


def viterbi_score(mu):
    """The best path's log-probability (max-product in log space) under a symmetric chain."""
    log_a = np.log(np.array(A_SYM))
    delta = np.log(np.array([0.5, 0.5])) + _emit(mu, OBS_V[0])
    for t in range(1, len(OBS_V)):
        delta = np.max(delta[:, None] + log_a, axis=0) + _emit(mu, OBS_V[t])
    return np.max(delta)


# --- soft-DTW and edit distances --------------------------------------------------------------------------------------

Y_DTW = [0.0, 1.0, 2.0, 1.0]
GAMMA = 0.1


def _softmin3(a, b, c, gamma):
    m = np.minimum(np.minimum(a, b), c)
    s = np.exp(-(a - m) / gamma) + np.exp(-(b - m) / gamma) + np.exp(-(c - m) / gamma)
    return m - gamma * np.log(s)


def soft_dtw(x):
    """Cuturi and Blondel's soft-DTW against Y_DTW, R padded with np.inf, soft-min shifted by its minimum."""
    n, k = x.shape[0], len(Y_DTW)
    R = [[np.inf] * (k + 1) for _ in range(n + 1)]
    R[0][0] = 0.0
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            cost = (x[i - 1] - Y_DTW[j - 1]) ** 2
            R[i][j] = cost + _softmin3(R[i - 1][j - 1], R[i - 1][j], R[i][j - 1], GAMMA)
    return R[n][k]


def soft_dtw_gamma(x, gamma):
    """The same with the smoothing gamma as an input (the boundary handled without inf)."""
    n, k = x.shape[0], len(Y_DTW)
    big = 1e10
    R = [[big] * (k + 1) for _ in range(n + 1)]
    R[0][0] = 0.0
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            cost = (x[i - 1] - Y_DTW[j - 1]) ** 2
            R[i][j] = cost + _softmin3(R[i - 1][j - 1], R[i - 1][j], R[i][j - 1], gamma)
    return R[n][k]


def soft_dtw_naive(x, gamma):
    """Soft-DTW with the soft-min written as -gamma log sum exp(-a / gamma), unshifted."""
    n, k = x.shape[0], len(Y_DTW)
    big = 1e10
    R = [[big] * (k + 1) for _ in range(n + 1)]
    R[0][0] = 0.0
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            cost = (x[i - 1] - Y_DTW[j - 1]) ** 2
            a, b, c = R[i - 1][j - 1], R[i - 1][j], R[i][j - 1]
            R[i][j] = cost - gamma * np.log(np.exp(-a / gamma) + np.exp(-b / gamma) + np.exp(-c / gamma))
    return R[n][k]


Y_EDIT = [0.5, -1.0, 2.0]


def soft_edit(x, gamma):
    """A soft edit distance: substitution (x_i - y_j)^2, insertion and deletion 1, soft-min by np.logaddexp."""
    n, k = x.shape[0], len(Y_EDIT)
    R = [[float(i + j) for j in range(k + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            sub = (x[i - 1] - Y_EDIT[j - 1]) ** 2
            a, b, c = R[i - 1][j] + 1.0, R[i][j - 1] + 1.0, R[i - 1][j - 1] + sub
            R[i][j] = -gamma * np.logaddexp(np.logaddexp(-a / gamma, -b / gamma), -c / gamma)
    return R[n][k]


def hard_edit(x):
    """The same with a hard minimum."""
    n, k = x.shape[0], len(Y_EDIT)
    R = [[float(i + j) for j in range(k + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            sub = (x[i - 1] - Y_EDIT[j - 1]) ** 2
            R[i][j] = np.minimum(np.minimum(R[i - 1][j] + 1.0, R[i][j - 1] + 1.0), R[i - 1][j - 1] + sub)
    return R[n][k]


# --- a scalar Kalman filter's variance recursion (random walk observed with noise) -------------------------------------

N_KALMAN = 50


def kalman_var_standard(q, r):
    """P <- (1 - K) P_pred, K = P_pred / (P_pred + r): the textbook update."""
    P = 1.0
    for _ in range(N_KALMAN):
        Pp = P + q
        K = Pp / (Pp + r)
        P = (1.0 - K) * Pp
    return P


def kalman_var_joseph(q, r):
    """The Joseph form P <- (1 - K)^2 P_pred + K^2 r."""
    P = 1.0
    for _ in range(N_KALMAN):
        Pp = P + q
        K = Pp / (Pp + r)
        P = (1.0 - K) ** 2 * Pp + K ** 2 * r
    return P


def kalman_var_info(q, r):
    """The information form P <- P_pred r / (P_pred + r)."""
    P = 1.0
    for _ in range(N_KALMAN):
        Pp = P + q
        P = Pp * r / (Pp + r)
    return P


# --- ODE steps --------------------------------------------------------------------------------------------------------

H = 0.1


def euler_decay(k, y0):
    """200 explicit Euler steps of y' = -k y."""
    y = y0
    for _ in range(200):
        y = y + H * (-k * y)
    return y


def rk4_logistic(r, y0):
    """50 classical RK4 steps of the logistic equation y' = r y (1 - y)."""
    def f(y):
        return r * y * (1.0 - y)
    y = y0
    for _ in range(50):
        k1 = f(y)
        k2 = f(y + 0.5 * H * k1)
        k3 = f(y + 0.5 * H * k2)
        k4 = f(y + H * k3)
        y = y + H / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
    return y


# --- three-term / two-term recurrences --------------------------------------------------------------------------------

def moments_forward(a, n):
    """I_n(a) = int_0^1 x^n e^(a (x - 1)) dx by I_k = 1/a - (k/a) I_{k-1} from I_0 = (1 - e^-a) / a: unstable."""
    I = (1.0 - np.exp(-a)) / a
    for k in range(1, n + 1):
        I = 1.0 / a - k / a * I
    return I


def moments_backward(a, n):
    """The same run backward from I_{n+30} = 0: I_{k-1} = (1 - a I_k) / k."""
    I = 0.0 * a
    for k in range(n + 30, n, -1):
        I = (1.0 - a * I) / k
    return I


def log_cumprod_naive(x, n):
    """sum_t log(x^t), the running product kept in probability space."""
    p = 1.0
    total = 0.0
    for _ in range(n):
        p = p * x
        total = total + np.log(p)
    return total


def log_cumprod_logspace(x, n):
    """The same with the running product kept as a log."""
    lp = 0.0
    total = 0.0
    for _ in range(n):
        lp = lp + np.log(x)
        total = total + lp
    return total


def cumprod_vector_naive(x):
    """sum log cumprod(x)."""
    return np.sum(np.log(np.cumprod(x)))


def cumprod_vector_logspace(x):
    """sum cumsum(log x)."""
    return np.sum(np.cumsum(np.log(x)))


# --- Adam's moments with bias correction (a constant gradient g for t steps) ------------------------------------------

def adam_mhat(g, t):
    """The bias-corrected first moment m_t / (1 - beta1^t), summed."""
    beta1 = 0.9
    m = 0.0 * g
    for _ in range(t):
        m = beta1 * m + (1.0 - beta1) * g
    return np.sum(m / (1.0 - beta1 ** t))


def adam_update(g, t):
    """Adam's step m_hat / (sqrt(v_hat) + eps), summed."""
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    m = 0.0 * g
    v = 0.0 * g
    for _ in range(t):
        m = beta1 * m + (1.0 - beta1) * g
        v = beta2 * v + (1.0 - beta2) * g * g
    m_hat = m / (1.0 - beta1 ** t)
    v_hat = v / (1.0 - beta2 ** t)
    return np.sum(m_hat / (np.sqrt(v_hat) + eps))


# --- running max / argmax ---------------------------------------------------------------------------------------------

def running_max(x):
    """max(x) by np.maximum in a loop."""
    best = x[0]
    for k in range(1, x.shape[0]):
        best = np.maximum(best, x[k])
    return best


def running_argmax(x):
    """The max and its first position (strict >) by np.where in a loop: best + position / 2."""
    best = x[0]
    pos = 0.0
    for k in range(1, x.shape[0]):
        better = x[k] > best
        pos = np.where(better, float(k), pos)
        best = np.where(better, x[k], best)
    return best + 0.5 * pos


# --- discounted returns -----------------------------------------------------------------------------------------------

def discounted_returns(r, gamma):
    """sum_t G_t with G_t = r_t + gamma G_{t+1}, backward."""
    G = 0.0
    total = 0.0
    for t in reversed(range(r.shape[0])):
        G = r[t] + gamma * G
        total = total + G
    return total


def normalized_return(r, gamma):
    """G_0 scaled by (1 - gamma) / (1 - gamma^T), the discounted mean reward."""
    G = 0.0
    T = r.shape[0]
    for t in reversed(range(T)):
        G = r[t] + gamma * G
    return G * (1.0 - gamma) / (1.0 - gamma ** T)


def discounted_long(gamma, n):
    """G_0 of n unit rewards."""
    G = 0.0
    for _ in range(n):
        G = 1.0 + gamma * G
    return G
