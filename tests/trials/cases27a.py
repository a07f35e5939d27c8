"""The twenty-seventh trial set (first half): in JAX, reinforcement learning (generalised advantage estimation by a
reversed scan, PPO's clipped surrogate inside and outside its clip, entropy bonuses by log_softmax, by the log of a
softmax and by entr at logits of -1000, a softmax policy over a pytree under jax.vmap), Cox's partial likelihood with
Breslow's ties at eta = 800, a Black-Scholes call's log-price deep out of the money, log-return volatility at constant
growth (a cone), Gaussian tail log-probabilities at z = 40, quaternion normalisation at 0 and at 1e-200, the SO(3) log
map's angle at the identity and at pi by arccos and by arctan2, the entropy of Fermi-Dirac occupations at +-30 and
+-800, an STFT's magnitudes and a log-mel energy at silence, implicit Euler by Newton in fori_loop, a fixed point by
while_loop, RankNet at score gaps of 800 (a where that leaks only through underflow), ListNet, lax.top_k at ties,
custom_jvp and custom_vjp rules (a straight-through round, a backward written for x >= 0 alone) and a bfloat16 value
head; in plain NumPy, Cox's likelihood with Efron's ties by loops at eta = 800, GARCH(1,1) by a loop writing into an
array (and at a negative variance), discounted returns and np.add.reduceat episodes, a digital option's log-price by
log(ndtr) and log_ndtr at d2 = -55, the radio brightness temperature by inverting Planck's law with log and log1p, a
quaternion's angle at and near the identity by arccos and by arctan2, an STFT's spectral convergence at a perfect
match, a log-mel in decibels at silence, stiff implicit Euler by Newton and np.linalg.solve, the Colebrook friction
factor by a fixed-point loop, margin ranking at its margin, Spearman's rho, np.logaddexp.reduce at -1000, xlogy soft
labels at logits of 800, and a masked array and scipy.linalg.expm (input errors naming the line).

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`),
never the user files' code; points are the numbers the dtype holds, constants the numbers the program writes (in the
dtype it computes them in). A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig
from cases24b import _fixed

J, N = "jax_lib27a.py", "numpy_lib27a.py"


def _c(dtype, value):
    """A Python float constant as the dtype holds it."""
    return mp(float(np.dtype(dtype).type(value)))


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    s = sum(e)
    return [v / s for v in e]


# --- the mathematics of the JAX file ----------------------------------------------------------------------------------


def _gae(dtype):
    """sum of squared GAE advantages: delta_t = r_t + g v_{t+1} (1 - d_t) - v_t, A_t = delta_t + (g l) (1 - d_t) A_{t+1}.

    The module's DONES is a jnp.array made at import, float32 in JAX's default mode; but a float64 check loads the
    module afresh in x64 mode, where DONES is float64: (g l) (1 - d_t) is a product in the checked dtype, g l the
    Python float 0.99 * 0.95 as that dtype holds it."""
    rewards, dones = [1, 0, mp("-0.5"), 2], [0, 0, 1, 0]
    g, gl = _c(dtype, 0.99), _c(dtype, 0.99 * 0.95)

    def loss(values):
        deltas = [rewards[t] + g * values[t + 1] * (1 - dones[t]) - values[t] for t in range(4)]
        adv, total = 0, 0
        for t in reversed(range(4)):
            adv = deltas[t] + gl * (1 - dones[t]) * adv
            total += adv ** 2
        return total
    return loss


def _ppo(log_ratio, adv, dtype="float64"):
    """d/d log_ratio and d/d adv of -mean(min(r A, clip(r, 0.8, 1.2) A)), branch by branch."""
    def truth():
        lrs, advs = _in(dtype, log_ratio), _in(dtype, adv)
        lo, hi = _c(dtype, 0.8), _c(dtype, 1.2)
        n = len(lrs)
        d_lr, d_adv = [], []
        for lr, a in zip(lrs, advs):
            r = mpmath.exp(lr)
            clipped = min(max(r, lo), hi)
            if clipped * a < r * a:  # the clipped term is the smaller: flat in the ratio
                d_lr.append(mp(0))
                d_adv.append(-clipped / n)
            else:
                d_lr.append(-r * a / n)
                d_adv.append(-r / n)
        return {"log_ratio": d_lr, "adv": d_adv}
    return hp(truth)


def _entropy_slopes(logits, dtype="float64"):
    """dH/dz_j = -p_j (log p_j + H), H = -sum p log p."""
    def truth():
        z = _in(dtype, logits)
        p = _softmax(z)
        h = -sum(v * mpmath.log(v) for v in p)
        return {"logits": [-v * (mpmath.log(v) + h) for v in p]}
    return hp(truth)


def _policy():
    """d/dW of the mean over the batch of -log softmax(o W + b)[a]."""
    def truth():
        w = [[_f(v) for v in row] for row in ((0.5, -0.2), (0.1, 0.3), (-0.4, 0.8))]
        b = [_f(0.05), _f(-0.1)]
        obs = [[_f(v) for v in row] for row in ((1.0, 0.5, -0.3), (0.2, -1.0, 0.7))]
        grad = [[mp(0)] * 2 for _ in range(3)]
        for o, a in zip(obs, (1, 0)):
            p = _softmax([sum(o[i] * w[i][k] for i in range(3)) + b[k] for k in range(2)])
            for i in range(3):
                for k in range(2):
                    grad[i][k] += o[i] * (p[k] - (1 if k == a else 0)) / 2
        return {"params.w": grad}
    return hp(truth)


def _cox_breslow(beta, dtype="float64"):
    """d/d beta of -sum_events (beta x_i - log sum_{t_j >= t_i} e^(beta x_j)): -sum (x_i - weighted mean of x)."""
    times, events = [2, 3, 3, 5, 8], [1, 1, 1, 0, 1]

    def truth():
        (b,) = _in(dtype, [beta])
        # a jnp.array made at import: float32 without x64, float64 in the float64 check's x64 copy of the module
        x = _in(dtype, [0.5, -1.0, 2.0, 0.3, 1.5])
        total = 0
        for i in range(5):
            if events[i]:
                risk = [j for j in range(5) if times[j] >= times[i]]
                top = max(b * x[j] for j in risk)
                w = [mpmath.exp(b * x[j] - top) for j in risk]
                total -= x[i] - sum(wj * x[j] for wj, j in zip(w, risk)) / sum(w)
        return {"beta": total}
    return hp(truth)


def _bs_log_call(sigma):
    """log(S N(d1) - K e^(-rT) N(d2)), the program's constants (S / K and r T rounded as it rounds them)."""
    s, k, r, t = mp(100), mp(300), _f(0.01), _f(0.5)
    ratio, discount = _f(100.0 / 300.0), mpmath.exp(_f(-0.01 * 0.5))
    d1 = (mpmath.log(ratio) + (r + sigma ** 2 / 2) * t) / (sigma * mpmath.sqrt(t))
    d2 = d1 - sigma * mpmath.sqrt(t)
    return mpmath.log(s * mpmath.ncdf(d1) - k * discount * mpmath.ncdf(d2))


def _bs_log_vega(dtype):
    """log(S phi(d1) sqrt(T)), the constants as the dtype holds them (S / K rounded in float64 first)."""
    def log_vega(sigma):
        s, r, t = mp(100), _c(dtype, 0.01), mp("0.5")
        d1 = (mpmath.log(_c(dtype, 100.0 / 300.0)) + (r + sigma ** 2 / 2) * t) / (sigma * mpmath.sqrt(t))
        return mpmath.log(s) - d1 ** 2 / 2 - mpmath.log(2 * mpmath.pi) / 2 + mpmath.log(t) / 2
    return log_vega


def _log_vol(prices):
    r = [mpmath.log(prices[i + 1]) - mpmath.log(prices[i]) for i in range(len(prices) - 1)]
    m = sum(r) / len(r)
    return mpmath.sqrt(sum((v - m) ** 2 for v in r) / len(r))


def _sharpe(prices):
    r = [mpmath.log(prices[i + 1]) - mpmath.log(prices[i]) for i in range(len(prices) - 1)]
    m = sum(r) / len(r)
    return m / mpmath.sqrt(sum((v - m) ** 2 for v in r) / len(r))


def _tail_slope(z):
    """d/dz log(1 - Phi(z)) = -phi(z) / (1 - Phi(z))."""
    return -mpmath.npdf(z) / mpmath.ncdf(-z)


def _quaternion(q, dtype="float64"):
    """d/dq of 1 - <q / |q|, t>^2, t = (1/2, 1/2, 1/2, 1/2): -(S / N) (N - S q_k) / (2 N), S = sum q, N = |q|^2
    (rational in q, so an exact 0 stays 0)."""
    def truth():
        qs = _in(dtype, q)
        s, n = sum(qs), sum(v * v for v in qs)
        return {"q": [-(s / n) * (n - s * v) / (2 * n) for v in qs]}
    return hp(truth)


def _angle_sq(w, dtype="float64"):
    """The squared angle of a rotation vector inside the ball of radius pi is |w|^2: slope 2 w."""
    return hp(lambda: {"w": [2 * v for v in _in(dtype, w)]})


def _fermi_entropy_slope(x):
    """d/dx of softplus(x) - x sigmoid(x) = -x sigmoid(x) (1 - sigmoid(x))."""
    return -x * _sig(x) * _sig(-x)


def _hann8():
    """The symmetric Hann window of 8, 0.5 - 0.5 cos(2 pi n / 7), at the working precision."""
    return [mp("0.5") - mp("0.5") * mpmath.cos(2 * mpmath.pi * n / 7) for n in range(8)]


def _rfft(frame):
    m = len(frame)
    return [sum(v * mpmath.expj(-2 * mpmath.pi * k * n / m) for n, v in enumerate(frame)) for k in range(m // 2 + 1)]


def _frames(x):
    w = _hann8()
    return [[x[s + n] * w[n] for n in range(8)] for s in range(0, len(x) - 7, 4)]


def _stft_sum(x):
    return sum(abs(v) for frame in _frames(x) for v in _rfft(frame))


MEL = [[1, mp("0.5"), 0, 0, 0], [0, mp("0.5"), 1, mp("0.5"), 0], [0, 0, 0, mp("0.5"), 1]]


def _log_mel(floor):
    def loss(x):
        total = 0
        for frame in _frames(x):
            power = [abs(v) ** 2 for v in _rfft(frame)]
            for row in MEL:
                total += mpmath.log(sum(m * p for m, p in zip(row, power)) + floor)
        return total
    return loss


SIGNAL = [0.5, -0.3, 0.8, 0.1, -0.9, 0.4, 0.7, -0.2, 0.3, 0.6, -0.5, 0.2, 0.9, -0.7, 0.05, 0.35]
SIGNAL_AT = "x=[" + ",".join(repr(v) for v in SIGNAL) + "]"
SILENCE_AT = "x=[" + ",".join(["0"] * 16) + "]"
# Silence: the window's ends (0) keep x[0] and x[15] out of every frame's spectrum; every other entry meets |0|'s cone.
SILENT_CONE = [0] + [None] * 14 + [0]


def _implicit_euler(dtype):
    """y(1) of 10 implicit Euler steps y_new + h k y_new^3 = y_old, each solved exactly."""
    h = _c(dtype, 0.1)

    def y_end(k):
        y = mp(1)
        for _ in range(10):
            y = mpmath.findroot(lambda z: z + h * k * z ** 3 - y, y)
        return y
    return y_end


RANK_PAIRS = [(0, 1), (0, 2), (2, 1)]  # relevance [3, 1, 2]: i above j


def _ranknet(scores, dtype="float64"):
    """d/ds of sum over pairs of softplus(s_j - s_i): sigmoid(s_j - s_i) (e_j - e_i)."""
    def truth():
        s = _in(dtype, scores)
        grad = [mp(0)] * 3
        for i, j in RANK_PAIRS:
            w = _sig(s[j] - s[i])
            grad[j] += w
            grad[i] -= w
        return {"scores": grad}
    return hp(truth)


def _listnet(scores, dtype="float64"):
    def truth():
        q = _softmax([mp(3), mp(1), mp(2)])
        return {"scores": [a - b for a, b in zip(_softmax(_in(dtype, scores)), q)]}
    return hp(truth)


def _tanh_sq_slope(x):
    t = mpmath.tanh(x / 2)
    return t * (1 - t * t)


JAX = [
    # once float32's digits in the float64 run (the weak carry meeting the float32 DONES); a float64 check now loads
    # the module afresh in x64 mode, DONES float64 there: the float64 run is float64 throughout, ok
    Case(J, "gae_value_loss", "values=[0.5,0.2,-0.1,0.8,0.3]", "float64", "ok",
         num_grad(_gae("float64"), values=[0.5, 0.2, -0.1, 0.8, 0.3])),
    Case(J, "gae_value_loss", "values=[0.5,0.2,-0.1,0.8,0.3]", "float32", "ok",
         num_grad(_gae("float32"), dtype="float32", values=[0.5, 0.2, -0.1, 0.8, 0.3])),
    # e^0.3 = 1.35 with A > 0 is clipped (slope 0 in the ratio); inside the clip min() ties two equal slopes
    Case(J, "ppo_clip_loss", "log_ratio=[0.05,-0.1,0.3],adv=[1,-2,0.5]", "float64", "ok",
         _ppo([0.05, -0.1, 0.3], [1, -2, 0.5])),
    Case(J, "ppo_clip_loss", "log_ratio=[0.05,-0.1,0.3],adv=[1,-2,0.5]", "float32", "ok",
         _ppo([0.05, -0.1, 0.3], [1, -2, 0.5], "float32")),
    # a ratio of 1.65 with A < 0: the pessimistic bound keeps the unclipped term
    Case(J, "ppo_clip_loss", "log_ratio=[0.5,-0.5],adv=[-1,1]", "float64", "ok", _ppo([0.5, -0.5], [-1, 1])),
    Case(J, "entropy_bonus", "logits=[1,2,0.5]", "float64", "ok", _entropy_slopes([1, 2, 0.5])),
    Case(J, "entropy_bonus", "logits=[0,-1000,5]", "float64", "ok", _entropy_slopes([0, -1000, 5])),
    Case(J, "entropy_bonus", "logits=[0,-120,5]", "float32", "ok", _entropy_slopes([0, -120, 5], "float32")),
    Case(J, "entropy_bonus_naive", "logits=[1,2,0.5]", "float64", "ok", _entropy_slopes([1, 2, 0.5])),
    # e^-1005 is 0: 0 * log(0)
    Case(J, "entropy_bonus_naive", "logits=[0,-1000,5]", "float64", "unstable", _entropy_slopes([0, -1000, 5]),
         "return -jnp.sum(p * jnp.log(p))"),
    Case(J, "entropy_bonus_naive", "logits=[0,-120,5]", "float32", "unstable",
         _entropy_slopes([0, -120, 5], "float32")),
    Case(J, "entropy_bonus_entr", "logits=[1,2,0.5]", "float64", "ok", _entropy_slopes([1, 2, 0.5])),
    # entr(0) is 0, but its slope -log(0) - 1 is infinite and meets the softmax's slope 0
    Case(J, "entropy_bonus_entr", "logits=[0,-1000,5]", "float64", "unstable", _entropy_slopes([0, -1000, 5])),
    Case(J, "policy_loss", None, "float64", "ok", _policy(), args="policy_init", wrt="params.w"),
    Case(J, "cox_breslow", "beta=0.5", "float64", "ok", _cox_breslow(0.5)),
    Case(J, "cox_breslow", "beta=0.5", "float32", "ok", _cox_breslow(0.5, "float32")),
    Case(J, "cox_breslow", "beta=400", "float64", "ok", _cox_breslow(400)),
    Case(J, "cox_breslow_naive", "beta=0.5", "float64", "ok", _cox_breslow(0.5)),
    # e^800 overflows: inf / inf in the risk set's weights
    Case(J, "cox_breslow_naive", "beta=400", "float64", "unstable", _cox_breslow(400)),
    Case(J, "cox_breslow_naive", "beta=50", "float32", "unstable", _cox_breslow(50, "float32")),
    Case(J, "bs_log_call", "sigma=0.3", "float64", "ok", num_grad(_bs_log_call, sigma=0.3)),
    # d1 = -77.7: both N(d1) and N(d2) underflow, the price is 0 and its log -inf
    Case(J, "bs_log_call", "sigma=0.02", "float64", "unstable", num_grad(_bs_log_call, sigma=0.02),
         "return jnp.log(SPOT * norm.cdf(d1) - STRIKE * jnp.exp(-RATE * EXPIRY) * norm.cdf(d2))"),
    Case(J, "bs_log_vega", "sigma=0.02", "float64", "ok", num_grad(_bs_log_vega("float64"), sigma=0.02)),
    Case(J, "bs_log_vega", "sigma=0.3", "float32", "ok", num_grad(_bs_log_vega("float32"), dtype="float32", sigma=0.3)),
    Case(J, "log_return_vol", "prices=[100,101,99,102]", "float64", "ok",
         num_grad(_log_vol, prices=[100, 101, 99, 102])),
    Case(J, "log_return_vol", "prices=[100,101,99,102]", "float32", "ok",
         num_grad(_log_vol, dtype="float32", prices=[100, 101, 99, 102])),
    # constant growth: every log-return is log 2, the deviation 0 is the tip of a cone in every price
    Case(J, "log_return_vol", "prices=[1,2,4,8]", "float64", "domain", _fixed("prices", [None] * 4)),
    Case(J, "log_return_sharpe", "prices=[100,101,99,102]", "float64", "ok",
         num_grad(_sharpe, prices=[100, 101, 99, 102])),
    Case(J, "tail_log_prob", "z=[1,40]", "float64", "ok", _each("z", _tail_slope, [1, 40])),
    Case(J, "tail_log_prob", "z=[4,15]", "float32", "ok", _each("z", _tail_slope, [4, 15], "float32")),
    # 1 - Phi(8) = 6e-16 is what is left of 1 - 0.9999999999999993
    Case(J, "tail_log_prob_naive", "z=[8]", "float64", "unstable", _each("z", _tail_slope, [8])),
    Case(J, "tail_log_prob_naive", "z=[40]", "float64", "unstable", _each("z", _tail_slope, [40]),
         "return jnp.sum(jnp.log(1.0 - norm.cdf(z)))"),
    Case(J, "tail_log_prob_naive", "z=[4]", "float32", "unstable", _each("z", _tail_slope, [4], "float32")),
    Case(J, "quaternion_loss", "q=[1,2,3,4]", "float64", "ok", _quaternion([1, 2, 3, 4])),
    Case(J, "quaternion_loss", "q=[1,2,3,4]", "float32", "ok", _quaternion([1, 2, 3, 4], "float32")),
    Case(J, "quaternion_loss", "q=[0,0,0,0]", "float64", "domain", _fixed("q", [None] * 4)),
    # the squares (1e-400) underflow: the norm is 0
    Case(J, "quaternion_loss", "q=[1e-200,2e-200,3e-200,4e-200]", "float64", "unstable",
         _quaternion([1e-200, 2e-200, 3e-200, 4e-200])),
    Case(J, "quaternion_loss_safe", "q=[1,2,3,4]", "float64", "ok", _quaternion([1, 2, 3, 4])),
    Case(J, "quaternion_loss_safe", "q=[1e-200,2e-200,3e-200,4e-200]", "float64", "unstable",
         _quaternion([1e-200, 2e-200, 3e-200, 4e-200])),
    Case(J, "so3_angle_squared", "w=[0.3,-0.2,0.5]", "float64", "ok", _angle_sq([0.3, -0.2, 0.5])),
    Case(J, "so3_angle_squared", "w=[0.3,-0.2,0.5]", "float32", "ok", _angle_sq([0.3, -0.2, 0.5], "float32")),
    Case(J, "so3_angle_squared", "w=[3.1,0,0]", "float64", "ok", _angle_sq([3.1, 0, 0])),
    # the identity: the angle^2 is |w|^2, smooth with slope 0, but sqrt's and arccos's rules at 0 and 1 give NaN
    Case(J, "so3_angle_squared", "w=[0,0,0]", "float64", "wrong", _angle_sq([0, 0, 0])),
    # float64's pi is 1.2e-16 short of pi: (tr R - 1) / 2 = -1 + 7e-33 rounds to -1, arccos's slope there is infinite
    Case(J, "so3_angle_squared", f"w=[{math.pi!r},0,0]", "float64", "unstable", _angle_sq([math.pi, 0, 0])),
    Case(J, "so3_angle_squared_atan2", "w=[0.3,-0.2,0.5]", "float64", "ok", _angle_sq([0.3, -0.2, 0.5])),
    # arctan2 keeps the angle's digits next to pi
    Case(J, "so3_angle_squared_atan2", f"w=[{math.pi!r},0,0]", "float64", "ok", _angle_sq([math.pi, 0, 0])),
    Case(J, "so3_angle_squared_atan2", "w=[0,0,0]", "float64", "wrong", _angle_sq([0, 0, 0])),
    Case(J, "fermi_entropy_xlogy", "x=[1,-2]", "float64", "ok", _each("x", _fermi_entropy_slope, [1, -2])),
    # sigmoid(-800) is 0: xlogy's slope log(0) + 1 meets the sigmoid's slope 0
    Case(J, "fermi_entropy_xlogy", "x=[800,-800]", "float64", "unstable",
         _each("x", _fermi_entropy_slope, [800, -800])),
    Case(J, "fermi_entropy_softplus", "x=[1,-2]", "float64", "ok", _each("x", _fermi_entropy_slope, [1, -2])),
    # sigmoid(30) - (sigmoid(30) + 30 sigmoid'(30)): the slope -2.8e-12 is what is left of 1 - 1
    Case(J, "fermi_entropy_softplus", "x=[30]", "float64", "unstable", _each("x", _fermi_entropy_slope, [30])),
    # the slopes -800 e^-800 are below float64's least subnormal: 0 is right
    Case(J, "fermi_entropy_softplus", "x=[800,-800]", "float64", "ok", _each("x", _fermi_entropy_slope, [800, -800])),
    Case(J, "fermi_entropy_even", "x=[30,-30]", "float64", "ok", _each("x", _fermi_entropy_slope, [30, -30])),
    # |x| at 0: the entropy is even, its slope 0
    Case(J, "fermi_entropy_even", "x=[0,2]", "float64", "ok", _each("x", _fermi_entropy_slope, [0, 2])),
    Case(J, "fermi_entropy_even", "x=[30,-30]", "float32", "ok", _each("x", _fermi_entropy_slope, [30, -30], "float32")),
    Case(J, "stft_magnitude", SIGNAL_AT, "float64", "ok", num_grad(_stft_sum, x=SIGNAL)),
    Case(J, "stft_magnitude", SILENCE_AT, "float64", "domain", _fixed("x", SILENT_CONE)),
    Case(J, "log_mel_energy", SIGNAL_AT, "float64", "ok", num_grad(_log_mel(_f(1e-10)), x=SIGNAL)),
    # |X|^2 is smooth at silence, its slope 0
    Case(J, "log_mel_energy", SILENCE_AT, "float64", "ok", _fixed("x", [0] * 16)),
    Case(J, "log_mel_energy_no_floor", SIGNAL_AT, "float64", "ok", num_grad(_log_mel(0), x=SIGNAL)),
    # log(0): no value; x[0] and x[15] never reach it (the window's zeros hold them), their slope is 0
    Case(J, "log_mel_energy_no_floor", SILENCE_AT, "float64", "domain", _fixed("x", SILENT_CONE)),
    Case(J, "implicit_euler", "k=2", "float64", "ok", num_grad(_implicit_euler("float64"), k=2)),
    Case(J, "implicit_euler", "k=2", "float32", "ok", num_grad(_implicit_euler("float32"), dtype="float32", k=2)),
    Case(J, "implicit_euler", "k=0.5", "float64", "ok", num_grad(_implicit_euler("float64"), k=0.5)),
    # JAX itself cannot differentiate a while_loop in reverse mode: there is no gradient of JAX's to check
    Case(J, "fixed_point_cosine", "a=1", "float64", "input-error", message=("jax_lib27a.py:", "while_loop")),
    Case(J, "ranknet_naive", "scores=[0.5,-0.2,0.1]", "float64", "ok", _ranknet([0.5, -0.2, 0.1])),
    # sigmoid(-800) is 0: log(0)
    Case(J, "ranknet_naive", "scores=[0,800,0]", "float64", "unstable", _ranknet([0, 800, 0]),
         "jnp.where(better, jnp.log(jax.nn.sigmoid(diff)), 0.0)"),
    # the pairs where() drops hold log(sigmoid(-800)) = log(0): their slope 0 / 0 leaks only because of the underflow
    Case(J, "ranknet_naive", "scores=[0,-800,0]", "float64", "unstable", _ranknet([0, -800, 0])),
    Case(J, "ranknet_naive", "scores=[0,120,0]", "float32", "unstable", _ranknet([0, 120, 0], "float32")),
    Case(J, "ranknet", "scores=[0,800,0]", "float64", "ok", _ranknet([0, 800, 0])),
    Case(J, "ranknet", "scores=[0,-800,0]", "float64", "ok", _ranknet([0, -800, 0])),
    Case(J, "ranknet", "scores=[0,120,0]", "float32", "ok", _ranknet([0, 120, 0], "float32")),
    # softmax(RELEVANCE) of the module's jnp.array was float32's in the float64 run; a float64 check now loads the
    # module afresh in x64 mode, RELEVANCE float64 there: softmax(s) - q in float64 throughout, ok (at +-1000 too:
    # e^-1000 and e^-2000 underflow beside q's entries of 0.09 and 0.24, no digit of the slope lost)
    Case(J, "listnet", "scores=[0.5,-0.2,0.1]", "float64", "ok", _listnet([0.5, -0.2, 0.1])),
    Case(J, "listnet", "scores=[1000,0,-1000]", "float64", "ok", _listnet([1000, 0, -1000])),
    Case(J, "listnet", "scores=[0.5,-0.2,0.1]", "float32", "ok", _listnet([0.5, -0.2, 0.1], "float32")),
    Case(J, "top2_mean", "x=[0.3,1.5,-0.2,0.9]", "float64", "ok", _fixed("x", [0, 0.5, 0, 0.5])),
    # the top two tie: both are taken whichever moves
    Case(J, "top2_mean", "x=[2,2,1,0]", "float64", "ok", _fixed("x", [0.5, 0.5, 0, 0])),
    # the second place ties: max(x0, x2) is a kink in both
    Case(J, "top2_mean", "x=[1,2,1,0]", "float64", "domain", _fixed("x", [None, 0.5, None, 0])),
    # round() is flat: the straight-through rule's slope 2 round(x) is not the function's
    Case(J, "quantised_energy", "x=[0.3,1.7]", "float64", "wrong", _fixed("x", [0, 0]), "def _str_bwd"),
    Case(J, "log1p_reward", "x=[0.5,2]", "float64", "ok", _fixed("x", [mp(2) / 3, mp(1) / 3])),
    # for x < 0 the rule's 1 / (1 + |x|) is not 1 / (1 + x)
    Case(J, "log1p_reward", "x=[-0.5,2]", "float64", "wrong", _fixed("x", [2, mp(1) / 3]), "def _clipped_bwd"),
    # tanh and the square rounded to bfloat16's 8 bits
    Case(J, "bf16_value_head", "x=[0.5,1.5]", "float32", "unstable", _each("x", _tanh_sq_slope, [0.5, 1.5])),
]


JAX_MORE = [
    # |d| = 1 is the switch: 0.5 d^2 and |d| - 0.5 meet with equal slopes
    Case(J, "huber", "d=[1,-1,0.3,2]", "float64", "ok", _fixed("d", [1, -1, 0.3, 1])),
    Case(J, "huber", "d=[1,-1,0.3,2]", "float32", "ok", hp(lambda: {"d": [mp(1), mp(-1), _c("float32", 0.3), mp(1)]})),
    # r = 1.2 with A < 0: min() keeps r A on both sides of the clip's edge, smooth with slope 1; JAX's minimum and
    # clip split their slopes at the ties (1/2 each), 0.75
    Case(J, "ppo_ratio_loss", "ratio=[1.2],adv=[-1]", "float64", "wrong",
         hp(lambda: {"ratio": [mp(1)], "adv": [-_f(1.2)]})),
    Case(J, "ppo_ratio_loss", "ratio=[1.2],adv=[-1]", "float32", "wrong",
         hp(lambda: {"ratio": [mp(1)], "adv": [-_c("float32", 1.2)]})),
    # r = 1.2 with A > 0: slope A below the edge, 0 above
    Case(J, "ppo_ratio_loss", "ratio=[1.2],adv=[1]", "float64", "domain", hp(lambda: {"ratio": [NAN], "adv": [-_f(1.2)]})),
    Case(J, "ppo_ratio_loss", "ratio=[0.8],adv=[1]", "float64", "wrong",
         hp(lambda: {"ratio": [mp(-1)], "adv": [-_f(0.8)]})),
    Case(J, "ppo_ratio_loss", "ratio=[0.8],adv=[-1]", "float64", "domain",
         hp(lambda: {"ratio": [NAN], "adv": [-_f(0.8)]})),
    # the branches x + log1p(e^-x) and log1p(e^x) meet at 0 with the slope 1/2
    Case(J, "softplus_by_cond", "x=0", "float64", "ok", hp(lambda: {"x": mp("0.5")})),
    Case(J, "softplus_by_cond", "x=0", "float32", "ok", hp(lambda: {"x": mp("0.5")})),
    Case(J, "softplus_by_cond", "x=30", "float64", "ok", hp(lambda: {"x": _sig(mp(30))})),
    Case(J, "softplus_total", "x=[1,-2]", "bfloat16", "ok", _each("x", _sig, [1, -2])),
    # e^100 is past bfloat16's 3.4e38
    Case(J, "softplus_naive_total", "x=[100]", "bfloat16", "unstable", _each("x", _sig, [100]),
         "return jnp.sum(jnp.log(1.0 + jnp.exp(x)))"),
    Case(J, "so3_log_vector", "w=[0.3,-0.2,0.5]", "float64", "ok", _angle_sq([0.3, -0.2, 0.5])),
]


# --- the mathematics of the NumPy file --------------------------------------------------------------------------------

COX_T, COX_E = [1, 2, 2, 2, 4, 5, 5], [1, 1, 1, 0, 1, 1, 1]
COX_X = [0.3, 1.2, -0.7, 2.0, 0.1, -1.5, 0.8]


def _cox_efron(beta):
    """Efron's tied likelihood: for each death time, -sum_D eta + sum_{l < d} log(R - l / d S_D), shifted by the top eta."""
    eta = [beta * _f(v) for v in COX_X]
    top = max(eta)
    risk = [mpmath.exp(v - top) for v in eta]
    total = 0
    for t in sorted({t for t, e in zip(COX_T, COX_E) if e}):
        dead = [i for i in range(7) if COX_T[i] == t and COX_E[i]]
        d = len(dead)
        at_risk = sum(risk[j] for j in range(7) if COX_T[j] >= t)
        tied = sum(risk[i] for i in dead)
        total -= sum(eta[i] for i in dead)
        for k in range(d):
            total += mpmath.log(at_risk - mp(k) / d * tied) + top
    return total


GARCH_R = [0.01, -0.02, 0.015, -0.005, 0.03, -0.025]


def _garch(omega, alpha, beta):
    r = [_f(v) for v in GARCH_R]
    m = sum(r) / 6
    s2 = [sum((v - m) ** 2 for v in r) / 6]
    for t in range(1, 6):
        s2.append(omega + alpha * r[t - 1] ** 2 + beta * s2[t - 1])
    two_pi = 2 * _f(math.pi)
    return sum(mpmath.log(two_pi * s) + v * v / s for s, v in zip(s2, r)) / 2


def _digital(sigma):
    d2 = (mpmath.log(mp("0.25")) + (_f(0.01) - sigma ** 2 / 2) * mp("0.25")) / (sigma * mp("0.5"))
    return mpmath.log(mpmath.ncdf(d2))


def _discounted_truth(values):
    def truth():
        rewards, g = [mp("0.5"), mp(-1), mp(0), mp(2), mp(1)], _f(0.9)
        running, returns = mp(0), [None] * 5
        for t in reversed(range(5)):
            running = rewards[t] + g * running
            returns[t] = running
        return {"values": [2 * (v - r) for v, r in zip(_in("float64", values), returns)]}
    return hp(truth)


A_PLANCK = 6.62607015e-34 * 299792458.0 / (0.21 * 1.380649e-23)
B_PLANCK = 2.0 * 6.62607015e-34 * 299792458.0 ** 2 / 0.21 ** 5


def _brightness_slope(intensity):
    """d/dI of a / log(1 + b / I) = a b / (I^2 (1 + b / I) log(1 + b / I)^2), the program's rounded a and b."""
    a, b = _f(A_PLANCK), _f(B_PLANCK)
    u = b / intensity
    return a * u / (intensity * (1 + u) * mpmath.log1p(u) ** 2)


def _quat_angle_sq(q):
    return (2 * mpmath.atan2(mpmath.sqrt(q[1] ** 2 + q[2] ** 2 + q[3] ** 2), abs(q[0]))) ** 2


TARGET = [float(v) for v in np.sin(0.7 * np.arange(16))]
TARGET_AT = "x=[" + ",".join(repr(v) for v in TARGET) + "]"


def _spectral_convergence(x):
    s_y = [abs(v) for frame in _frames([_f(v) for v in TARGET]) for v in _rfft(frame)]
    s_x = [abs(v) for frame in _frames(x) for v in _rfft(frame)]
    return mpmath.sqrt(sum((a - b) ** 2 for a, b in zip(s_x, s_y))) / mpmath.sqrt(sum(b * b for b in s_y))


def _log_mel_db(x):
    total = 0
    for frame in _frames(x):
        power = [abs(v) ** 2 for v in _rfft(frame)]
        for row in MEL:
            total += 10 * mpmath.log10(max(_f(1e-10), sum(m * p for m, p in zip(row, power))))
    return total


def _stiff_euler(k):
    """u + v after 5 implicit Euler steps: v_new + h v_new^3 = v, u_new (1 + h k) - h v_new = u, h = 0.2 (rounded)."""
    h = _f(0.2)
    u, v = mp(1), mp(1)
    for _ in range(5):
        v = mpmath.findroot(lambda z: z + h * z ** 3 - v, v)
        u = (u + h * v) / (1 + h * k)
    return u + v


def _colebrook(reynolds):
    """f = 1 / y^2, y = -2 log10(e / 3.7 + 2.51 y / Re) solved exactly, e / 3.7 as the program rounds it."""
    c = _f(1e-4 / 3.7)
    y = mpmath.findroot(lambda t: t + 2 * mpmath.log10(c + _f(2.51) * t / reynolds), mp(8))
    return 1 / y ** 2


def _xent_soft(logits, dtype="float64"):
    def truth():
        p = _softmax(_in(dtype, logits))
        y = [mp(0), mp("0.25"), mp("0.75")]
        return {"logits": [a - b for a, b in zip(p, y)]}
    return hp(truth)


def _listwise(scores, dtype="float64"):
    def truth():
        p = _softmax(_in(dtype, scores))
        return {"scores": [p[0] - 1] + p[1:]}
    return hp(truth)


NUMPY = [
    Case(N, "cox_efron", "beta=0.7", "float64", "ok", num_grad(_cox_efron, beta=0.7)),
    Case(N, "cox_efron", "beta=-0.3", "float64", "ok", num_grad(_cox_efron, beta=-0.3)),
    # e^800 overflows: log(inf - inf / 2)
    Case(N, "cox_efron", "beta=400", "float64", "unstable", num_grad(_cox_efron, beta=400),
         "risk = np.exp(eta)"),
    Case(N, "cox_efron_shifted", "beta=400", "float64", "ok", num_grad(_cox_efron, beta=400)),
    Case(N, "cox_efron_shifted", "beta=0.7", "float64", "ok", num_grad(_cox_efron, beta=0.7)),
    Case(N, "garch_nll", "omega=1e-5,alpha=0.1,beta=0.85", "float64", "ok",
         num_grad(_garch, omega=1e-5, alpha=0.1, beta=0.85)),
    Case(N, "garch_nll", "omega=2e-4,alpha=0.05,beta=0", "float64", "ok",
         num_grad(_garch, omega=2e-4, alpha=0.05, beta=0)),
    # a negative omega drives the second variance below 0: its log is no number
    Case(N, "garch_nll", "omega=-1e-3,alpha=0.1,beta=0.1", "float64", "domain",
         hp(lambda: {"omega": NAN, "alpha": NAN, "beta": NAN})),
    Case(N, "digital_log_price", "sigma=0.5", "float64", "ok", num_grad(_digital, sigma=0.5)),
    # d2 = -55.5: N(d2) = e^-1540 underflows, log(0)
    Case(N, "digital_log_price", "sigma=0.05", "float64", "unstable", num_grad(_digital, sigma=0.05),
         "return -rate * expiry + np.log(scipy.special.ndtr(d2))"),
    Case(N, "digital_log_price_stable", "sigma=0.05", "float64", "ok", num_grad(_digital, sigma=0.05)),
    Case(N, "digital_log_price_stable", "sigma=0.5", "float64", "ok", num_grad(_digital, sigma=0.5)),
    Case(N, "discounted_value_loss", "values=[1,0,2,1.5,1]", "float64", "ok", _discounted_truth([1, 0, 2, 1.5, 1])),
    Case(N, "episode_return_loss", "rewards_scale=1.5", "float64", "ok",
         hp(lambda: {"rewards_scale": 2 * mp("1.5") * (mp("0.25") + 9)})),
    # 100 K at 21 cm: b / I = 6.9e-4, log(1 + u) keeps 12 digits
    Case(N, "brightness_temperature", "intensity=[4.2e-10]", "float64", "ok",
         _each("intensity", _brightness_slope, [4.2e-10])),
    # 1e8 K: b / I = 6.9e-10, 1 + u keeps 7 digits of u
    Case(N, "brightness_temperature", "intensity=[4.2e-4]", "float64", "unstable",
         _each("intensity", _brightness_slope, [4.2e-4]), "return np.sum(a / np.log(1.0 + b / intensity))",
         fix="log1p"),
    Case(N, "brightness_temperature_log1p", "intensity=[4.2e-4,4.2e-10]", "float64", "ok",
         _each("intensity", _brightness_slope, [4.2e-4, 4.2e-10])),
    Case(N, "brightness_temperature_log1p", "intensity=[4.2e-4,4.2e-10]", "float32", "ok",
         hp(lambda: {"intensity": [a * b / (i * i * (1 + b / i) * mpmath.log1p(b / i) ** 2)
                                   for i in _in("float32", [4.2e-4, 4.2e-10])
                                   for a, b in [(_c("float32", A_PLANCK), _c("float32", B_PLANCK))]]})),
    Case(N, "quaternion_angle_sq", "q=[0.9,0.1,-0.3,0.2]", "float64", "ok",
         num_grad(_quat_angle_sq, q=[0.9, 0.1, -0.3, 0.2])),
    Case(N, "quaternion_angle_sq", "q=[0.9,0.1,-0.3,0.2]", "float32", "ok",
         num_grad(_quat_angle_sq, dtype="float32", q=[0.9, 0.1, -0.3, 0.2])),
    # the identity: angle^2 is smooth with slope 0; arccos's slope at 1 is infinite and meets |w| / |q|'s slope 0
    Case(N, "quaternion_angle_sq", "q=[1,0,0,0]", "float64", "wrong", _fixed("q", [0, 0, 0, 0])),
    # 1e-9 from the identity: |w| / |q| rounds to 1
    Case(N, "quaternion_angle_sq", "q=[1,1e-9,0,0]", "float64", "unstable", num_grad(_quat_angle_sq, q=[1, 1e-9, 0, 0])),
    Case(N, "quaternion_angle_sq_atan2", "q=[0.9,0.1,-0.3,0.2]", "float64", "ok",
         num_grad(_quat_angle_sq, q=[0.9, 0.1, -0.3, 0.2])),
    Case(N, "quaternion_angle_sq_atan2", "q=[1,1e-9,0,0]", "float64", "ok", num_grad(_quat_angle_sq, q=[1, 1e-9, 0, 0])),
    # the norm of the vector part at 0: its rule's 0 / 0, where angle^2 is smooth with slope 0
    Case(N, "quaternion_angle_sq_atan2", "q=[1,0,0,0]", "float64", "wrong", _fixed("q", [0, 0, 0, 0])),
    Case(N, "spectral_convergence", SIGNAL_AT, "float64", "ok", num_grad(_spectral_convergence, x=SIGNAL)),
    # a perfect match: the Frobenius norm of a zero difference is a cone in every entry the windows reach
    Case(N, "spectral_convergence", TARGET_AT, "float64", "wrong", _fixed("x", SILENT_CONE)),
    Case(N, "log_mel_db", SIGNAL_AT, "float64", "ok", num_grad(_log_mel_db, x=SIGNAL)),
    # silence: every band is under librosa's floor 1e-10, flat
    Case(N, "log_mel_db", SILENCE_AT, "float64", "ok", _fixed("x", [0] * 16)),
    Case(N, "stiff_implicit_euler", "k=3", "float64", "ok", num_grad(_stiff_euler, k=3)),
    Case(N, "stiff_implicit_euler", "k=1000", "float64", "ok", num_grad(_stiff_euler, k=1000)),
    Case(N, "colebrook_friction", "reynolds=1e5", "float64", "ok", num_grad(_colebrook, reynolds=1e5)),
    Case(N, "colebrook_friction", "reynolds=4000", "float64", "ok", num_grad(_colebrook, reynolds=4000)),
    Case(N, "margin_ranking", "scores=[2.5,0.3,1.1,-0.4]", "float64", "ok", _fixed("scores", [0, 0, -1, 1])),
    Case(N, "margin_ranking", "scores=[2.5,0.3,1.1,-0.4]", "float32", "ok", _fixed("scores", [0, 0, -1, 1])),
    # pairs (0, 1) and (1, 3) sit on the margin
    Case(N, "margin_ranking", "scores=[2,1,1.5,0]", "float64", "domain", _fixed("scores", [None, None, 0, None])),
    Case(N, "spearman_rho", "scores=[0.3,-1.2,0.8,2]", "float64", "ok", _fixed("scores", [0, 0, 0, 0])),
    Case(N, "listwise_nll", "scores=[1,2,0.5]", "float64", "ok", _listwise([1, 2, 0.5])),
    Case(N, "listwise_nll", "scores=[-1000,-1000,-1000]", "float64", "ok", _listwise([-1000, -1000, -1000])),
    Case(N, "listwise_nll", "scores=[1000,0,-1000]", "float32", "ok", _listwise([1000, 0, -1000], "float32")),
    Case(N, "soft_label_xent", "logits=[1,2,0.5]", "float64", "ok", _xent_soft([1, 2, 0.5])),
    # the label 0 meets p = e^-800 = 0: xlogy(0, 0) and its slope are 0
    Case(N, "soft_label_xent", "logits=[-800,0,0]", "float64", "ok", _xent_soft([-800, 0, 0])),
    # p = e^-800 = 0 under the labels 0.25 and 0.75: xlogy(0.25, 0) is -inf
    Case(N, "soft_label_xent", "logits=[800,0,0]", "float64", "unstable", _xent_soft([800, 0, 0])),
    Case(N, "rotation_angle_expm", "w=[0.3,-0.2,0.5]", "float64", "input-error",
         message=("numpy_lib27a.py, line", "scipy.linalg.expm")),
    # NumPy's MaskedArray has no .log method (AttributeError); gradcli replays masked arrays now and refuses the
    # ufunc at the line, naming np.ma.log, the spelling that runs (a truth older than the masked-array replay)
    Case(N, "masked_log_mean", "x=[1,2,-1]", "float64", "input-error",
         message=("numpy_lib27a.py, line 237", "np.ma.log")),
]


SCIPY_H, SCIPY_C, SCIPY_K = 6.62607015e-34, 299792458.0, 1.380649e-23


def _planck_slope(lam):
    """d/d lambda of log(2hc^2 / lambda^5) - log(expm1(x)), x = hc / (lambda k 3): -5 / lambda + x e^x / ((e^x - 1) lambda)."""
    x = _f(SCIPY_H * SCIPY_C) / (lam * _f(SCIPY_K) * 3)
    return -5 / lam + x * mpmath.exp(x) / (mpmath.expm1(x) * lam)


def _frozen_normal(mu, log_sigma):
    def truth():
        m, ls = _in("float64", [mu])[0], _in("float64", [log_sigma])[0]
        s2 = mpmath.exp(2 * ls)
        data = [_f(v) for v in (0.3, -1.2, 2.5, 0.8)]
        return {"mu": -sum(d - m for d in data) / s2, "log_sigma": sum(1 - (d - m) ** 2 / s2 for d in data)}
    return hp(truth)


NUMPY_MORE = [
    Case(N, "planck_log_radiance", "lam=[1e-3,10,1e6]", "float64", "ok", _each("lam", _planck_slope, [1e-3, 10, 1e6])),
    # the Wien tail at 1 micron and 3 K: expm1(4796) overflows
    Case(N, "planck_log_radiance", "lam=[1e-6]", "float64", "unstable", _each("lam", _planck_slope, [1e-6])),
    # frames by np.lib.stride_tricks.sliding_window_view, checked as the JAX spelling's frames are
    Case(N, "stft_sliding", SIGNAL_AT, "float64", "ok", num_grad(_stft_sum, x=SIGNAL)),
    Case(N, "frozen_normal_nll", "mu=0.3,log_sigma=-0.5", "float64", "ok", _frozen_normal(0.3, -0.5)),
    Case(N, "log_mean_exp", "x=[1,2,0.5]", "float64", "ok", hp(lambda: {"x": _softmax([mp(1), mp(2), mp("0.5")])})),
    Case(N, "log_mean_exp", "x=[-1000,-1000]", "float64", "ok", _fixed("x", [0.5, 0.5])),
    Case(N, "huber_np", "d=[1,-1,0.3,2]", "float64", "ok", _fixed("d", [1, -1, 0.3, 1])),
    Case(N, "ppo_ratio_np", "ratio=[1.2],adv=[-1]", "float64", "ok", hp(lambda: {"ratio": [mp(1)], "adv": [-_f(1.2)]})),
    Case(N, "ppo_ratio_np", "ratio=[1.2],adv=[1]", "float64", "domain", hp(lambda: {"ratio": [NAN], "adv": [-_f(1.2)]})),
    Case(N, "ppo_ratio_np", "ratio=[0.8],adv=[1]", "float64", "ok", hp(lambda: {"ratio": [mp(-1)], "adv": [-_f(0.8)]})),
    # np.vectorize runs the lambda entry by entry, math.log1p(math.exp(v)) differentiated: the sigmoid of each entry
    Case(N, "softplus_vectorized", "x=[0.5,-1]", "float64", "ok",
         hp(lambda: {"x": [1 / (1 + mpmath.exp(-mp(v))) for v in ("0.5", -1)]})),
    # np.float32(0.99) ** t in float64: the discount is float32's 0.99
    Case(N, "discounted_sum_f32_gamma", "rewards=[1,2,3]", "float64", "ok",
         hp(lambda: {"rewards": [mp(1), _c("float32", 0.99), _c("float32", 0.99) ** 2]})),
    Case(N, "top_decile", "x=[1,5,3,2,4]", "float64", "ok", _fixed("x", [0, 0.6, 0, 0, 0.4])),
    # p0 = e^-800 is 0: log(0)
    Case(N, "log_softmax_first_scipy", "z=[0,800]", "float64", "unstable",
         hp(lambda: {"z": [1 - _sig(mp(-800)), -_sig(mp(800))]}), fix="log_softmax"),
    Case(N, "log_softmax_first_stable", "z=[0,800]", "float64", "ok",
         hp(lambda: {"z": [1 - _sig(mp(-800)), -_sig(mp(800))]})),
]

ALL = JAX + JAX_MORE + NUMPY + NUMPY_MORE
