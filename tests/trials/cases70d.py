"""The seventieth trial set (d): REINFORCEMENT-LEARNING OBJECTIVES as users write them, on issues 28 and 29's bridges.
JAX (jax_lib70d): PPO's clipped surrogate min(r A, clip(r, 1 - eps, 1 + eps) A) with r = exp(logp - logp_old)
(ordinary, r = 1, and logp = log(0.6), logp_old = log(0.5) as doubles, whose exact r lies 3e-17 below 1.2 while float
exp rounds it onto the bound) and with r = p / p_old (0.6 / 0.5 = 1.2 and 0.4 / 0.5 = 0.8 exactly: kinks where the clip
binds on the outer side, smooth ties where it binds on the inner side, by the sign of A), a SAC tanh-squashed Gaussian's
log-probability with log(1 - tanh(u)^2 + 1e-6) and the 2 (log 2 - u - softplus(-2u)) form at u = 10.3, -12, a
Gaussian log-probability with log_std clipped to [-20, 2] (on the bound, past it), a categorical entropy with a -inf
action mask (guarded by where, written -1e9, unguarded), GAE by a reversed lax.scan, alpha * logsumexp(Q / alpha) at
alpha = 1, 0.1 and 0.01 (jax.nn.logsumexp and by exp), a DQN Huber TD loss at |delta| = 1 and a tie in the
un-stopped max. PyTorch (torch_lib70d): the PPO surrogate (torch.clamp, torch.min), Normal(mu, exp(clamp(log_std)))
.log_prob on both bounds, Categorical(logits=masked).entropy() and by hand, kl_divergence between old and new
Categoricals (masked too), GAE by a reversed loop, PPO2's clipped value loss (on its clip edge, smooth and kinked),
advantage normalisation (A - mean) / (std + 1e-8) at a constant batch, F.smooth_l1_loss at |delta| = 1. TensorFlow
(tf_lib70d; no TensorFlow Probability): the surrogate (tf.clip_by_value, tf.minimum), a masked entropy through
tf.math.multiply_no_nan, a categorical KL from log_softmax, GAE by tf.scan(reverse=True), reduce_logsumexp at alpha =
0.01, the clipped value loss, tf.math.reduce_std at a constant batch, Keras' Huber. NumPy (np_lib70d): discounted
returns into an array, the surrogate (np.clip, np.minimum), the squash correction naive and by logaddexp, the soft
value by exp and shifted by np.max, np.std advantage normalisation, a categorical KL.

Counts: 89 cases written and judged through tests/trials/judge.py (a driver in a scratch folder, two CLI runs at a time,
judged one at a time: mpmath's precision is global, so truths must not be evaluated in threads); none dropped: ALL
keeps 89: 57 ok, 15 domain, 11 unstable, 6 wrong; 67 float64, 22 float32 (JAX 32, PyTorch 24, TensorFlow 18, NumPy 15).
87 agree with my truths (after the corrections below); 2 are held as strict xfails (F1). Every check took 0.3-13 s.

Agreed (verdicts, every exact gradient entry to 1e-10, the user's line where given):
- PPO: ordinary points ok in all four frameworks and both dtypes; r = p / p_old exactly on a bound where the clip
  binds beyond it (1.2 with A > 0, 0.8 with A < 0): domain in p and p_old, A keeping its slope 1.2 / 0.8 (JAX, PyTorch,
  TensorFlow, NumPy; float32 too); exactly on a bound where the surrogate is smooth (1.2 with A < 0, 0.8 with A > 0):
  PyTorch (clamp passes 1 on its bounds, torch.min halves a tie), TensorFlow (tf.minimum gives a tie to x) and NumPy
  ok; JAX wrong: jnp.clip's slope on its bound is 1/2, jnp.minimum halves the tie: 3/4 of the slope (-1.5 for -2);
  logp = log 0.6, logp_old = log 0.5: the exact ratio is 1.2 - 2.97e-17 (inside the clip; slope -r/3 = -0.4), float64
  exp rounds it to 1.2: JAX unstable (the clip's select takes the bound, named at the clip's line), PyTorch and
  TensorFlow ok (their tie rules give the full slope);
- squashed Gaussians: JAX's log(1 - tanh(u)^2 + 1e-6) at u = 10.3 unstable in float32 (tanh = 1: the mu slope 9e-3
  comes out 0) and in float64 (1 - t^2 = 4.5e-9 keeps 8 digits; JAX's tanh rule is 1 - ans^2); the softplus form ok;
  NumPy's naive sum at u = 20 float64 ok (gradcli.numpy's tanh rule is 1 / cosh^2, and sech^2 = 1.7e-17 is 1.7e-11 of
  the 1e-6 beside it), at u = 10 float32 unstable (1 - tanh^2 is 0: the 8.2e-9 beside 1e-6 is lost);
- clamped log_std: on the bound 2 and on -20 domain in log_std (mu's slope kept), past it slope 0 ok;
- masked entropy: where(mask, p * logp, 0) with a -inf logit wrong in JAX and PyTorch (0 * -inf in the untaken branch's
  backward), tf.math.multiply_no_nan wrong too (its gradient in p is logp * g = -inf, and softmax's backward makes
  NaN), each named at the user's line; Categorical(logits=...).entropy() ok (it clamps logits to finfo.min); a -1e9
  mask ok in both dtypes; unguarded: value NaN, domain, the masked input's slope 0 (the where drops it);
- KL: PyTorch kl_divergence ok (masked too; and at new = old, where every exact entry is 0), TensorFlow and NumPy ok;
- GAE / returns: lax.scan, a reversed PyTorch loop, tf.scan, NumPy's loop writing into an array: ok in both dtypes
  (gamma and Python's double gamma * lambda held in the dtype);
- soft values: alpha * logsumexp(Q / alpha) at alpha = 0.01: the slope in alpha (the policy's entropy, 9.8e-21)
  cancels 1000 - 1000 to 0: unstable in JAX, TensorFlow and NumPy's shifted form; by exp: overflow, unstable (float64
  at 0.01, float32 at 0.1); alpha = 1 ok;
- value clipping: v - v_old = 0.2 exactly with the return below (smooth: the unclipped term wins on both sides) ok in
  PyTorch (clamp inclusive, max's tie halved) and TensorFlow (tf.maximum gives the tie to x); the return above: domain;
- Huber: |delta| = 1 (C1 join) ok in JAX (by where), PyTorch (smooth_l1) and Keras (float32); the un-stopped
  max(Q(s', .)) at a tie domain in q_next, q's slope 1 kept;
- advantage normalisation at a constant batch: the loss is differentiable there (the std enters at second order), the
  slope in A is (mean(logp) - logp) / (n 1e-8): NumPy's np.std (gradcli.numpy's sqrt rule 0.5 / sqrt(0) times 0) wrong
  with NaN, named at the normalising line.

My truths corrected (gradcli was right):
- PyTorch's (A - mean) / (A.std() + 1e-8) at a constant batch: ok, not wrong: torch's std backward masks the 0 / 0
  where the std is 0 and returns the finite slopes [-1.1e6, 8.9e6, -7.8e6] (my guess of NaN was NumPy's behaviour);
- JAX's ppo_clip at log 0.6 / log 0.5 in float32: unstable, not ok: I took float32 exp's rounding from NumPy
  (1.1999999); XLA's float32 exp returns 1.2f exactly, the bound, so JAX's tie rules give 3/4 of the slope (-0.3 for
  -0.3999999967; the exact ratio lies 5.8e-8 inside the clip);
- masked_entropy_unguarded: the masked logit's exact slope is 0, not NaN (the where replaces it before anything).

Findings:
- F1: a wrong gradient rule in a library's tie is named at the wrong line. JAX's ppo_prob_ratio at p = 0.6, p_old = 0.5,
  A = -1 (r = 1.2 exactly on the clip's bound, where min(r A, clip(r) A) is r A on both sides): gradcli's verdict wrong
  and exact gradient {p: 2.0, p_old: -2.4, adv: -1.2} are right (JAX: 1.5, -1.8, -1.2), but its one finding names
  jax_lib70d.py:31 `ratio = p / p_old`, a division whose rule is right; the wrong slope is jnp.clip's 1/2 on its bound
  (line 33; jnp.minimum's halving of the tie is harmless when both sides' slopes agree), as the float64 ppo_clip case
  at log 0.6 names the clip's select at its own line 25. The same at p = 0.4, A = 1 (r = 0.8). Reproduce:
  gradcli check tests/trials/jax_lib70d.py:ppo_prob_ratio --at "p=0.6,p_old=0.5,adv=-1.0" --dtype float64 --json
  gradcli check tests/trials/jax_lib70d.py:ppo_prob_ratio --at "p=0.4,p_old=0.5,adv=1.0" --dtype float64 --json
  Mended: where no rule departs from its convention (gradcli's replay keeps JAX's) and a max or a min is evaluated at
  a tie of its arguments, the first such tie is named, the later ones beside it (rule_blame._at_their_ties): line 33,
  jax.numpy.clip (min), and the tie at line 34.

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds (every literal as
the dtype holds it; Python-computed constants such as 1 - 0.2, 1 + 0.2 and 0.99 * 0.95 as the double Python made, then
the dtype's rounding), never the files' code or gradcli: the surrogate as min / clip, the squashed log-density with
(u - mu) / std = eps exactly, the entropy over the unmasked actions, GAE's recursion from its definition, alpha *
logsumexp, the clipped value loss, (A - mean) / (std + 1e-8) with the framework's ddof; slopes from each side by
mpmath.diff (cases30b.sided_grad), NaN where they differ.
"""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad

J, T, K, N = "jax_lib70d.py", "torch_lib70d.py", "tf_lib70d.py", "np_lib70d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
F32, F64 = "float32", "float64"


def H(dtype, v):
    """A literal (or a Python float computed from literals) as the dtype holds it."""
    return _in(dtype, [float(v)])[0]


def _clip(x, lo, hi):
    return lo if x < lo else hi if x > hi else x


def _lse(zs):
    top = max(zs)
    return top + mpmath.log(sum(mpmath.exp(z - top) for z in zs))


def _log_softmax(zs):
    s = _lse(zs)
    return [z - s for z in zs]


def _entropy(zs):
    lp = _log_softmax(zs)
    return -sum(mpmath.exp(v) * v for v in lp)


def _listify(v):
    return v if isinstance(v, list) else [v]


# ------------------------------------------------------------------------------------------------- the mathematics
def ppo(dtype, from_logs):
    """-mean_i min(r_i A_i, clip(r_i, 1 - eps, 1 + eps) A_i); r = exp(logp - logp_old) or p / p_old."""
    lo, hi = H(dtype, 1.0 - 0.2), H(dtype, 1.0 + 0.2)

    def f(**point):  # (logp, logp_old, adv) or (p, p_old, adv), by the user's names
        a, b, adv = (_listify(v) for v in point.values())
        total = 0
        for x, y, A in zip(a, b, adv):
            r = mpmath.exp(x - y) if from_logs else x / y
            total += min(r * A, _clip(r, lo, hi) * A)
        return -total / len(a)
    return f


def sac(dtype, c=1e-6):
    """log N(u; mu, std) - log(1 - tanh(u)^2 + c), u = mu + std eps: (u - mu) / std is eps exactly; c = 0: the
    softplus form, which is log(1 - tanh(u)^2) itself."""
    eps, cc = H(dtype, 0.3), (H(dtype, c) if c else 0)

    def f(mu, log_std):
        u = mu + mpmath.exp(log_std) * eps
        gauss = -eps ** 2 / 2 - log_std - mpmath.log(2 * mpmath.pi) / 2
        return gauss - mpmath.log(1 - mpmath.tanh(u) ** 2 + cc)
    return f


def gauss_clipped(lo, hi):
    def f(mu, log_std):
        ls = _clip(log_std, lo, hi)
        return -(mpf("0.5") - mu) ** 2 / (2 * mpmath.exp(2 * ls)) - ls - mpmath.log(2 * mpmath.pi) / 2
    return f


def masked_entropy(logits):
    return _entropy(logits[:2])


def gae(dtype, nonterminal=(1, 1, 0, 1)):
    """GAE written from its definition: delta_t = r_t + gamma V_{t+1} m_t - V_t, A_t = delta_t + (gamma lambda) m_t
    A_{t+1}; gamma and gamma * lambda (Python's double product) as the dtype holds them."""
    g, gl = H(dtype, 0.99), H(dtype, 0.99 * 0.95)

    def f(values, rewards):
        adv, nxt = [], 0
        for t in reversed(range(4)):
            m = nonterminal[t]
            delta = rewards[t] + g * values[t + 1] * m - values[t]
            nxt = delta + gl * m * nxt
            adv.insert(0, nxt)
        return sum(a ** 2 for a in adv) / 8
    return f


def soft_value(q, alpha):
    return alpha * _lse([v / alpha for v in q])


def huber_dqn(dtype):
    g = H(dtype, 0.99)

    def f(q, q_next):
        d = q - (1 + g * max(q_next))
        return d ** 2 / 2 if abs(d) <= 1 else abs(d) - mpf(1) / 2
    return f


def huber_mean(q, target):
    total = 0
    for a, b in zip(q, target):
        d = a - b
        total += d ** 2 / 2 if abs(d) < 1 else abs(d) - mpf(1) / 2
    return total / len(q)


def value_clipped(dtype):
    e = H(dtype, 0.2)

    def f(v, v_old, returns):
        total = 0
        for a, b, R in zip(v, v_old, returns):
            vc = b + _clip(a - b, -e, e)
            total += max((a - R) ** 2, (vc - R) ** 2)
        return total / (2 * len(v))
    return f


def normalized_pg(dtype, ddof):
    c = H(dtype, 1e-8)

    def f(logp, adv):
        n = len(adv)
        m = sum(adv) / n
        s = mpmath.sqrt(sum((a - m) ** 2 for a in adv) / (n - ddof))
        return -sum(lp * (a - m) / (s + c) for lp, a in zip(logp, adv)) / n
    return f


def kl(old):
    def f(logits):
        lo, ln = _log_softmax(old), _log_softmax(logits)
        return sum(mpmath.exp(a) * (a - b) for a, b in zip(lo, ln))
    return f


def kl_masked(old):
    def f(logits):
        return kl(old[:2])(logits[:2])
    return f


def kl_two(logits_new, logits_old):
    return kl(logits_old)(logits_new)


def discounted(dtype):
    g = H(dtype, 0.99)

    def f(values, rewards):
        G, out = 0, []
        for r in reversed(rewards):
            G = r + g * G
            out.insert(0, G)
        return sum((a - b) ** 2 for a, b in zip(out, values)) / (2 * len(values))
    return f


def squash(dtype, c):
    cc = H(dtype, c) if c else 0

    def f(u):
        return sum(mpmath.log(1 - mpmath.tanh(x) ** 2 + cc) for x in u)
    return f


# ------------------------------------------------------------------------------------------------- cases
def at(**point):
    return ",".join(f"{k}={v!r}".replace(" ", "") for k, v in point.items())


def S(file, function, dtype, verdict, f, line=None, **point):
    """A case whose truth is f's slopes from each side at the point as the dtype holds it (NaN where they differ)."""
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, **point), line=line)


def Hand(file, function, dtype, verdict, truth, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line)


def nan_of(**entries):
    return lambda: {k: [NAN if v is None else mpf(v) for v in vs] for k, vs in entries.items()}


LOG6, LOG5, LOG4 = -0.5108256237659907, -0.6931471805599453, -0.916290731874155  # math.log(0.6), (0.5), (0.4)
LP = [-1.0, -0.5, -2.0]
LPO = [-1.1, -0.4, -2.0]
ADV = [1.0, -0.5, 2.0]
LOGITS = [0.5, -0.3, 1.0]
VALS = [0.5, 0.2, -0.1, 0.3, 0.4]
REWS = [1.0, 0.0, 0.5, 1.0]
Q2 = [10.0, 9.5]
JCLIP = "def ppo_prob_ratio>>surr2 = jnp.clip("  # jnp.clip's slope 1/2 on its bound is the wrong rule

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "ppo_clip", F64, "ok", ppo(F64, True), logp=LP, logp_old=LPO, adv=ADV),
    S(J, "ppo_clip", F32, "ok", ppo(F32, True), logp=LP, logp_old=LPO, adv=ADV),
    S(J, "ppo_clip", F64, "ok", ppo(F64, True), logp=[-1.0, -0.5], logp_old=[-1.0, -0.5], adv=[1.0, -0.5]),
    S(J, "ppo_clip", F64, "unstable", ppo(F64, True), "def ppo_clip>>surr2 = jnp.clip(", logp=[LOG6, -0.5, -2.0], logp_old=[LOG5, -0.4, -2.0], adv=ADV),
    S(J, "ppo_clip", F32, "unstable", ppo(F32, True), "def ppo_clip>>surr2 = jnp.clip(", logp=[LOG6, -0.5, -2.0], logp_old=[LOG5, -0.4, -2.0], adv=ADV),
    S(J, "ppo_prob_ratio", F64, "domain", ppo(F64, False), p=0.6, p_old=0.5, adv=1.0),
    S(J, "ppo_prob_ratio", F64, "wrong", ppo(F64, False), JCLIP, p=0.6, p_old=0.5, adv=-1.0),  # F1,
    S(J, "ppo_prob_ratio", F64, "wrong", ppo(F64, False), JCLIP, p=0.4, p_old=0.5, adv=1.0),  # F1,
    S(J, "ppo_prob_ratio", F64, "domain", ppo(F64, False), p=0.4, p_old=0.5, adv=-1.0),
    S(J, "ppo_prob_ratio", F32, "domain", ppo(F32, False), p=0.6, p_old=0.5, adv=1.0),
    S(J, "ppo_prob_ratio", F64, "ok", ppo(F64, False), p=0.9, p_old=0.5, adv=-1.0),
    S(J, "sac_logp_naive", F64, "ok", sac(F64), mu=0.5, log_std=-0.5),
    S(J, "sac_logp_naive", F32, "unstable", sac(F32), "jnp.log(1.0 - jnp.tanh(u) ** 2 + 1e-6)", mu=10.0, log_std=0.0),
    S(J, "sac_logp_naive", F64, "unstable", sac(F64), "jnp.log(1.0 - jnp.tanh(u) ** 2 + 1e-6)", mu=10.0, log_std=0.0),
    S(J, "sac_logp_stable", F32, "ok", sac(F32, 0), mu=10.0, log_std=0.0),
    S(J, "sac_logp_stable", F64, "ok", sac(F64, 0), mu=-12.0, log_std=0.5),
    S(J, "gaussian_logp_clipped", F64, "domain", gauss_clipped(-20, 2), mu=0.2, log_std=2.0),
    S(J, "gaussian_logp_clipped", F64, "ok", gauss_clipped(-20, 2), mu=0.2, log_std=3.0),
    S(J, "gaussian_logp_clipped", F32, "ok", gauss_clipped(-20, 2), mu=0.2, log_std=-1.0),
    S(J, "masked_entropy", F64, "wrong", masked_entropy, "jnp.where(mask, p * logp, 0.0)", logits=LOGITS),
    S(J, "masked_entropy_big_negative", F64, "ok", masked_entropy, logits=LOGITS),
    S(J, "masked_entropy_big_negative", F32, "ok", masked_entropy, logits=LOGITS),
    Hand(J, "masked_entropy_unguarded", F64, "domain", nan_of(logits=[None, None, 0]), logits=LOGITS),
    S(J, "gae_scan", F64, "ok", gae(F64), values=VALS, rewards=REWS),
    S(J, "gae_scan", F32, "ok", gae(F32), values=VALS, rewards=REWS),
    S(J, "soft_value", F64, "ok", soft_value, q=Q2, alpha=1.0),
    S(J, "soft_value", F64, "unstable", soft_value, "alpha * jax.nn.logsumexp(q / alpha)", q=Q2, alpha=0.01),
    S(J, "soft_value", F32, "ok", soft_value, q=Q2, alpha=1.0),
    S(J, "soft_value_naive", F64, "unstable", soft_value, "jnp.log(jnp.sum(jnp.exp(q / alpha)))", q=Q2, alpha=0.01),
    S(J, "soft_value_naive", F32, "unstable", soft_value, "jnp.log(jnp.sum(jnp.exp(q / alpha)))", q=Q2, alpha=0.1),
    S(J, "dqn_huber", F64, "ok", huber_dqn(F64), q=2.0, q_next=[0.0, -1.0]),
    S(J, "dqn_huber", F64, "domain", huber_dqn(F64), q=3.0, q_next=[0.5, 0.5]),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "ppo_loss", F64, "ok", ppo(F64, True), logp=LP, logp_old=LPO, adv=ADV),
    S(T, "ppo_loss", F32, "ok", ppo(F32, True), logp=LP, logp_old=LPO, adv=ADV),
    S(T, "ppo_loss", F64, "ok", ppo(F64, True), logp=[LOG6, -0.5, -2.0], logp_old=[LOG5, -0.4, -2.0], adv=ADV),
    S(T, "ppo_prob_ratio", F64, "domain", ppo(F64, False), p=0.6, p_old=0.5, adv=1.0),
    S(T, "ppo_prob_ratio", F64, "ok", ppo(F64, False), p=0.6, p_old=0.5, adv=-1.0),
    S(T, "ppo_prob_ratio", F64, "ok", ppo(F64, False), p=0.4, p_old=0.5, adv=1.0),
    S(T, "ppo_prob_ratio", F32, "domain", ppo(F32, False), p=0.4, p_old=0.5, adv=-1.0),
    S(T, "gaussian_logp", F64, "domain", gauss_clipped(-20, 2), mu=0.2, log_std=2.0),
    S(T, "gaussian_logp", F64, "ok", gauss_clipped(-20, 2), mu=0.2, log_std=3.0),
    S(T, "gaussian_logp", F32, "ok", gauss_clipped(-20, 2), mu=0.2, log_std=-1.0),
    S(T, "gaussian_logp", F64, "domain", gauss_clipped(-20, 2), mu=0.2, log_std=-20.0),
    S(T, "masked_entropy", F64, "ok", masked_entropy, logits=LOGITS),
    S(T, "masked_entropy", F32, "ok", masked_entropy, logits=LOGITS),
    S(T, "masked_entropy_by_hand", F64, "wrong", masked_entropy, "torch.where(mask, p * logp, torch.zeros_like(p))", logits=LOGITS),
    S(T, "kl_old_new", F64, "ok", kl([mpf("0.2"), mpf("-0.4"), mpf("0.1")]), logits=LOGITS),
    S(T, "kl_old_new", F64, "ok", kl([mpf("0.2"), mpf("-0.4"), mpf("0.1")]), logits=[0.2, -0.4, 0.1]),
    S(T, "kl_old_new_masked", F64, "ok", kl_masked([mpf("0.2"), mpf("-0.4"), mpf("0.1")]), logits=LOGITS),
    S(T, "gae_loop", F64, "ok", gae(F64), values=VALS, rewards=REWS),
    S(T, "gae_loop", F32, "ok", gae(F32), values=VALS, rewards=REWS),
    S(T, "value_loss_clipped", F64, "ok", value_clipped(F64), v=[0.7, 0.2], v_old=[0.5, 0.0], returns=[1.0, -1.0]),
    S(T, "value_loss_clipped", F64, "domain", value_clipped(F64), v=[0.2], v_old=[0.0], returns=[1.0]),
    S(T, "normalized_pg_loss", F64, "ok", normalized_pg(F64, 1), logp=[0.1, -0.2, 0.3], adv=[1.0, 2.0, 4.0]),
    S(T, "normalized_pg_loss", F64, "ok", normalized_pg(F64, 1), logp=[0.1, -0.2, 0.3], adv=[0.5, 0.5, 0.5]),
    S(T, "huber_td", F64, "ok", huber_mean, q=[2.0, 0.5], target=[1.0, 0.25]),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "ppo_loss", F64, "ok", ppo(F64, True), logp=LP, logp_old=LPO, adv=ADV),
    S(K, "ppo_loss", F32, "ok", ppo(F32, True), logp=LP, logp_old=LPO, adv=ADV),
    S(K, "ppo_loss", F64, "ok", ppo(F64, True), logp=[LOG6, -0.5, -2.0], logp_old=[LOG5, -0.4, -2.0], adv=ADV),
    S(K, "ppo_prob_ratio", F64, "domain", ppo(F64, False), p=0.6, p_old=0.5, adv=1.0),
    S(K, "ppo_prob_ratio", F64, "ok", ppo(F64, False), p=0.6, p_old=0.5, adv=-1.0),
    S(K, "ppo_prob_ratio", F64, "domain", ppo(F64, False), p=0.4, p_old=0.5, adv=-1.0),
    S(K, "masked_entropy", F64, "wrong", masked_entropy, "tf.math.multiply_no_nan(logp, p)", logits=LOGITS),
    S(K, "kl_old_new", F64, "ok", kl([mpf("0.2"), mpf("-0.4"), mpf("0.1")]), logits=LOGITS),
    S(K, "kl_old_new", F32, "ok", kl(_in(F32, [0.2, -0.4, 0.1])), logits=LOGITS),
    S(K, "gae_scan", F64, "ok", gae(F64), values=VALS, rewards=REWS),
    S(K, "gae_scan", F32, "ok", gae(F32), values=VALS, rewards=REWS),
    S(K, "soft_value", F64, "unstable", soft_value, "tf.math.reduce_logsumexp(q / alpha)", q=Q2, alpha=0.01),
    S(K, "soft_value", F64, "ok", soft_value, q=Q2, alpha=1.0),
    S(K, "value_loss_clipped", F64, "ok", value_clipped(F64), v=[0.7, 0.2], v_old=[0.5, 0.0], returns=[1.0, -1.0]),
    S(K, "value_loss_clipped", F64, "domain", value_clipped(F64), v=[0.2], v_old=[0.0], returns=[1.0]),
    S(K, "normalized_pg_loss", F64, "ok", normalized_pg(F64, 0), logp=[0.1, -0.2, 0.3], adv=[1.0, 2.0, 4.0]),
    S(K, "normalized_pg_loss", F64, "ok", normalized_pg(F64, 0), logp=[0.1, -0.2, 0.3], adv=[0.5, 0.5, 0.5]),
    S(K, "huber_td", F32, "ok", huber_mean, q=[2.0, 0.5], target=[1.0, 0.25]),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "discounted_value_loss", F64, "ok", discounted(F64), values=[1.0, 0.5, 0.2], rewards=[0.5, 0.0, 1.0]),
    S(N, "discounted_value_loss", F32, "ok", discounted(F32), values=[1.0, 0.5, 0.2], rewards=[0.5, 0.0, 1.0]),
    S(N, "ppo_prob_ratio", F64, "domain", ppo(F64, False), p=0.6, p_old=0.5, adv=1.0),
    S(N, "ppo_prob_ratio", F64, "ok", ppo(F64, False), p=0.6, p_old=0.5, adv=-1.0),
    S(N, "ppo_prob_ratio", F64, "ok", ppo(F64, False), p=0.4, p_old=0.5, adv=1.0),
    S(N, "squash_correction_naive", F64, "ok", squash(F64, 1e-6), u=[0.5, 20.0]),
    S(N, "squash_correction_naive", F32, "unstable", squash(F32, 1e-6), "np.log(1 - np.tanh(u) ** 2 + 1e-6)", u=[0.5, 10.0]),
    S(N, "squash_correction_stable", F64, "ok", squash(F64, 0), u=[0.5, 20.0]),
    S(N, "squash_correction_stable", F32, "ok", squash(F32, 0), u=[0.5, -30.0]),
    S(N, "soft_value_naive", F64, "unstable", soft_value, "np.log(np.sum(np.exp(q / alpha)))", q=Q2, alpha=0.01),
    S(N, "soft_value_shifted", F64, "unstable", soft_value, "m + np.log(np.sum(np.exp(z - m)))", q=Q2, alpha=0.01),
    S(N, "soft_value_shifted", F64, "ok", soft_value, q=Q2, alpha=1.0),
    S(N, "normalized_pg_loss", F64, "ok", normalized_pg(F64, 0), logp=[0.1, -0.2, 0.3], adv=[1.0, 2.0, 4.0]),
    S(N, "normalized_pg_loss", F64, "wrong", normalized_pg(F64, 0), "(adv - adv.mean()) / (adv.std() + 1e-8)", logp=[0.1, -0.2, 0.3], adv=[0.5, 0.5, 0.5]),
    S(N, "kl_categorical", F64, "ok", kl_two, logits_new=LOGITS, logits_old=[0.2, -0.4, 0.1]),
]
