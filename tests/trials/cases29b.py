"""The twenty-ninth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in reinforcement learning and generative models: a soft actor-critic's tanh-squashed
Gaussian log-probability (the log(1 - tanh^2 + 1e-6) correction where tanh rounds to 1, and the softplus form), a
behaviour-cloning likelihood through a TanhTransform near +-1, PPO's clipped surrogate inside and outside its clip
(by hand and through an nn.Linear policy by parameter name), a planar flow at its invertibility edge u.w = -1 and
reparameterised as an nn.Module, a VAE's KL term at log-variances from -1500 to +800 (by hand and through
kl_divergence), Bernoulli decoders from logits and from clamped probabilities (a sigmoid rounding onto the clamp's
bound), a VAE's negative ELBO in its encoder's weights, InfoNCE through F.normalize at a zero anchor, a WGAN-GP
penalty by double backward in the critic's weights, nn.GRU and a Keras LSTM over three steps, torch.float_power in
float32, custom autograd.Functions (atanh, L2 normalisation) right and with a slip, a probit likelihood through
erfc far in its tail, Gumbel-softmax at temperature 1e-3, Keras' Tversky loss at an empty prediction, softsign at 0
(TensorFlow's and a rule missing its square), the log-determinant from tf.linalg.qr near and at singularity,
tf.function loops (Euler steps of logistic growth, the logistic map stable and chaotic), and a tf.custom_gradient
dense layer whose variables= gradient is right or transposed.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import num_grad, renamed
from cases23a import _values
from cases27b import _points

T, K = "torch_lib29b.py", "tf_lib29b.py"


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _held(dtype, value):
    return _in(dtype, [value])[0]


# --------------------------------------------------------------------------------------------- squashed Gaussians
NOISE = [0.3, -1.2]


def _sac(dtype, naive, with_std=True):
    """sum log N(u; mu, std) - log(1 - tanh(u)^2 + 1e-6) (or - 2 (log 2 - u - softplus(-2u))), u = mu + std eps."""
    eps, c = _in(dtype, NOISE), _held(dtype, 1e-6)

    def f(mu, log_std=None):
        total = 0
        for i in range(2):
            std = mpmath.exp(log_std[i]) if with_std else 1
            u = mu[i] + std * eps[i]
            total += -((u - mu[i]) / std) ** 2 / 2 - (log_std[i] if with_std else 0)
            if naive:
                total -= mpmath.log(1 - mpmath.tanh(u) ** 2 + c)
            else:
                total -= 2 * (mpmath.log(2) - u - _softplus(-2 * u))
        return total
    return f


def _sac_torch(mu, log_std, dtype="float64", naive=True):
    return num_grad(_sac(dtype, naive), dtype, mu=mu, log_std=log_std)


def _sac_tf(mu, dtype="float64", naive=True):
    return num_grad(_sac(dtype, naive, with_std=False), dtype, mu=mu)


ACTIONS = [0.5, -0.999999]


def _bc(mus, dtype="float64"):
    """d/dmu of sum log N(atanh(a); mu, 0.5): (atanh(a) - mu) / 0.25."""
    return hp(lambda: {"mu": [(mpmath.atanh(a) - m) / mp("0.25") for a, m in zip(_in(dtype, ACTIONS), _in(dtype, mus))]})


# ---------------------------------------------------------------------------------------------------------- PPO
LOGP_OLD = [-1.0, -0.5, -2.0]
ADVANTAGES = [1, mp("-0.5"), 2]


def _ppo(logps, dtype="float64"):
    """d/dlogp_i of -mean min(r A, clip(r, 0.8, 1.2) A), r = exp(logp - old): -r A / 3 where the unclipped term is the
    minimum, 0 where the clipped constant is."""
    def truth():
        out = []
        for logp, old, adv in zip(_in(dtype, logps), _in(dtype, LOGP_OLD), ADVANTAGES):
            r = mpmath.exp(logp - old)
            clipped_is_min = (r > mp("1.2") and adv > 0) or (r < mp("0.8") and adv < 0)
            out.append(0 if clipped_is_min else -r * adv / 3)
        return {"logp": out}
    return hp(truth)


OBSERVATIONS = [[0.5, -1.0], [1.0, 0.25], [-0.5, 2.0]]
TAKEN = [0, 1, 1]
OLD_LOGP = [-0.9, -0.6, -0.8]
BATCH_ADV = [1.0, -0.5, 0.75]


def _ppo_policy(weight):
    bias = _in("float32", [0.05, -0.05])
    total = 0
    for obs, action, old, adv in zip(OBSERVATIONS, TAKEN, OLD_LOGP, BATCH_ADV):
        obs, old, adv = [mp(v) for v in obs], mp(old), mp(adv)
        logits = [sum(weight[k][j] * obs[j] for j in range(2)) + bias[k] for k in range(2)]
        top = max(logits)
        logp = logits[action] - top - mpmath.log(sum(mpmath.exp(v - top) for v in logits))
        r = mpmath.exp(logp - old)
        total += min(r * adv, min(max(r, mp("0.8")), mp("1.2")) * adv)
    return -total / 3


# -------------------------------------------------------------------------------------------------- planar flows
PLANAR_U = [1, 0]
PLANAR_W = [-1, mp("0.5")]


def _planar(z):
    h = mpmath.tanh(sum(w * v for w, v in zip(PLANAR_W, z)))
    uw = sum(u * w for u, w in zip(PLANAR_U, PLANAR_W))
    f = [v + u * h for v, u in zip(z, PLANAR_U)]
    return sum(v * v for v in f) / 2 - mpmath.log(abs(1 + uw * (1 - h * h)))


PLANAR_Z = [[0.3, 0.2], [-1.0, 0.5]]


def _planar_flow(u):
    w, b = PLANAR_W, mp("0.25")
    wu = sum(a * c for a, c in zip(w, u))
    ww = sum(a * a for a in w)
    u_hat = [a + (-1 + _softplus(wu) - wu) * c / ww for a, c in zip(u, w)]
    total = 0
    for z in PLANAR_Z:
        z = [mp(v) for v in z]
        h = mpmath.tanh(sum(a * c for a, c in zip(z, w)) + b)
        f = [a + c * h for a, c in zip(z, u_hat)]
        total += sum(v * v for v in f) / 2 - mpmath.log(abs(1 + (1 - h * h) * sum(a * c for a, c in zip(w, u_hat))))
    return total / 2


# ----------------------------------------------------------------------------------------------------------- VAEs
def _kl(mus, logvars, dtype="float64"):
    """d/dmu KL(N(mu, e^lv) || N(0, 1)) = mu, d/dlv = (e^lv - 1) / 2."""
    return hp(lambda: {"mu": _in(dtype, mus), "logvar": [(mpmath.exp(v) - 1) / 2 for v in _in(dtype, logvars)]})


PIXELS = [1, 0, 1]


def _bernoulli(zs, dtype="float64"):
    return hp(lambda: {"z": [_sig(z) - x for z, x in zip(_in(dtype, zs), PIXELS)]})


def _bernoulli_clamped(zs, dtype="float64"):
    """p - x where sigmoid(z) lies strictly inside [eps, 1 - eps]; 0 where the clamp holds it at a bound."""
    def truth():
        eps = mp(2) ** (-52 if dtype == "float64" else -23)
        out = []
        for z, x in zip(_in(dtype, zs), PIXELS):
            p = _sig(z)
            out.append(p - x if eps < p < 1 - eps else 0)
        return {"z": out}
    return hp(truth)


ENC_B = _in("float32", [0.1, -1])
DEC_W = [mp("1.5"), mp(-2), mp("0.5")]
DEC_B = [mp(0), mp("0.25"), mp("-0.5")]
VAE_X = [[1, 0, 1], [0, 1, 1]]


def _elbo(weight):
    total = 0
    for x in VAE_X:
        mu, logvar = [sum(weight[k][j] * x[j] for j in range(3)) + ENC_B[k] for k in range(2)]
        z = mu + mpmath.exp(logvar / 2) * mp(0.7)
        for w, b, target in zip(DEC_W, DEC_B, x):
            logit = w * z + b
            total += _softplus(logit) - target * logit
        total += -(1 + logvar - mu * mu - mpmath.exp(logvar)) / 2
    return total


# ------------------------------------------------------------------------------------------------------ InfoNCE
KEYS = [[1.0, 0.0], [0.6, 0.8], [-1.0, 0.0]]


def _infonce(dtype):
    """The temperature is the user's number, held in the dtype; F.normalize's eps 1e-12 is PyTorch's own, the
    mathematics its library writes, taken as written (as gelu's 0.044715 is)."""
    tau, floor = _held(dtype, 0.07), mp(1e-12)
    keys = [_in(dtype, k) for k in KEYS]

    def f(anchor):
        norm = max(mpmath.sqrt(sum(v * v for v in anchor)), floor)
        logits = [sum(k * v / norm for k, v in zip(key, anchor)) / tau for key in keys]
        top = max(logits)
        return -(logits[0] - top - mpmath.log(sum(mpmath.exp(v - top) for v in logits)))
    return f


# ------------------------------------------------------------------------------------------------------ WGAN-GP
CRITIC_B = _in("float32", [0.1, -0.2, 0.3])
CRITIC_OUT = [1, mp("-0.5"), 2]
GP_X = [[mp(0.2), mp(-0.4)], [1, mp(0.5)]]


def _penalty(weight):
    total = 0
    for x in GP_X:
        pre = [sum(weight[k][j] * x[j] for j in range(2)) + CRITIC_B[k] for k in range(3)]
        slopes = [CRITIC_OUT[k] / mpmath.cosh(pre[k]) ** 2 for k in range(3)]
        grad = [sum(weight[k][j] * slopes[k] for k in range(3)) for j in range(2)]
        total += (mpmath.sqrt(sum(g * g for g in grad)) - 1) ** 2
    return total / 2


# ---------------------------------------------------------------------------------------------------------- GRU
GRU_IH = [[0.5], [-0.3], [0.8], [0.2], [1.0], [-0.6]]
GRU_HH = [[0.1, -0.2], [0.3, 0.4], [-0.5, 0.2], [0.25, -0.1], [0.6, -0.3], [0.2, 0.7]]
GRU_B_IH = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1]
GRU_B_HH = [0.0, 0.05, -0.05, 0.1, 0.15, -0.1]
GRU_SEQ = [0.5, -1.0, 2.0]


def _gru(seq, w_hh=None):
    """PyTorch's GRU (gates r, z, n in that order), from h = 0, its last state read out with (1, -0.5); the weights
    copied from float32 tensors (torch.tensor of Python floats) hold float32's digits in either dtype."""
    w_ih = [_in("float32", row) for row in GRU_IH]
    w_hh = w_hh or [_in("float32", row) for row in GRU_HH]
    b_ih, b_hh = _in("float32", GRU_B_IH), _in("float32", GRU_B_HH)
    h = [mp(0), mp(0)]
    for x in seq:
        gi = [w_ih[k][0] * x + b_ih[k] for k in range(6)]
        gh = [w_hh[k][0] * h[0] + w_hh[k][1] * h[1] + b_hh[k] for k in range(6)]
        r = [_sig(gi[k] + gh[k]) for k in range(2)]
        z = [_sig(gi[2 + k] + gh[2 + k]) for k in range(2)]
        n = [mpmath.tanh(gi[4 + k] + r[k] * gh[4 + k]) for k in range(2)]
        h = [(1 - z[k]) * n[k] + z[k] * h[k] for k in range(2)]
    return h[0] - h[1] / 2


# ----------------------------------------------------------------------------------------------- custom rules
def _atanh_logp(xs, dtype="float64"):
    """d/da of sum log N(atanh(a); 0.3, 0.5), the location a float32 tensor (torch's default dtype for a Python
    float) that promotes to float64: -(atanh(a) - float32(0.3)) / 0.25 / (1 - a^2)."""
    loc = _held("float32", 0.3)
    return hp(lambda: {"a": [-(mpmath.atanh(a) - loc) / mp("0.25") / (1 - a * a) for a in _in(dtype, xs)]})


PROBE = [2, -1, mp("0.5")]


def _probe(xs, dtype="float64"):
    """d/dx p.x / ||x||: (p - y (y.p)) / ||x||."""
    def truth():
        x = _in(dtype, xs)
        norm = mpmath.sqrt(sum(v * v for v in x))
        y = [v / norm for v in x]
        yp = sum(a * b for a, b in zip(y, PROBE))
        return {"x": [(p - v * yp) / norm for p, v in zip(PROBE, y)]}
    return hp(truth)


TORCH = [
    Case(T, "sac_logp_naive", "mu=[0.5,-1],log_std=[0,-0.5]", "float64", "ok",
         _sac_torch([0.5, -1], [0, -0.5])),
    Case(T, "sac_logp_naive", "mu=[0.5,-1],log_std=[0,-0.5]", "float32", "ok",
         _sac_torch([0.5, -1], [0, -0.5], "float32")),
    # tanh(10) rounds to 1 in float32: 1 - a^2 is 0 and tanh's backward 1 - a^2 is 0, the slope 2 tanh sech^2 / (sech^2
    # + 1e-6), about 0.016, lost
    Case(T, "sac_logp_naive", "mu=[10,-1],log_std=[0,0]", "float32", "unstable",
         _sac_torch([10, -1], [0, 0], "float32"), "torch.log(1 - a.pow(2) + 1e-6)", None),
    Case(T, "sac_logp_naive", "mu=[20,-1],log_std=[0,0]", "float64", "unstable", _sac_torch([20, -1], [0, 0])),
    Case(T, "sac_logp_stable", "mu=[10,-1],log_std=[0,0]", "float32", "ok",
         _sac_torch([10, -1], [0, 0], "float32", naive=False)),
    Case(T, "sac_logp_stable", "mu=[20,-1],log_std=[0,0]", "float64", "ok", _sac_torch([20, -1], [0, 0], naive=False)),
    Case(T, "sac_logp_stable", "mu=[0.5,-1],log_std=[0,-0.5]", "float64", "ok",
         _sac_torch([0.5, -1], [0, -0.5], naive=False)),
    Case(T, "bc_logp_tanh", "mu=[0.3,-0.2]", "float64", "ok", _bc([0.3, -0.2])),
    Case(T, "bc_logp_tanh", "mu=[0.3,-0.2]", "float32", "ok", _bc([0.3, -0.2], "float32")),
    Case(T, "ppo_loss", "logp=[-1,-0.5,-2]", "float64", "ok", _ppo([-1, -0.5, -2])),
    Case(T, "ppo_loss", "logp=[-0.95,-0.45,-2.1]", "float64", "ok", _ppo([-0.95, -0.45, -2.1])),
    Case(T, "ppo_loss", "logp=[-0.95,-0.45,-2.1]", "float32", "ok", _ppo([-0.95, -0.45, -2.1], "float32")),
    # ratios e^0.5 (clipped, A > 0: flat), e^0.5 (A < 0: the unclipped term), e^-0.5 (A > 0: the unclipped term)
    Case(T, "ppo_loss", "logp=[-0.5,0,-2.5]", "float64", "ok", _ppo([-0.5, 0, -2.5])),
    Case(T, "ppo_loss", "logp=[-1.5,-1,-1.5]", "float64", "ok", _ppo([-1.5, -1, -1.5])),
    Case(T, "ppo_policy_loss", None, "float64", "ok",
         renamed(num_grad(_ppo_policy, "float32", weight=[[0.3, -0.2], [-0.1, 0.4]]), "policy"), args="ppo_policy_args",
         wrt="policy.weight"),
    Case(T, "planar_nll", "z=[0.3,0.2]", "float64", "ok", num_grad(_planar, z=[0.3, 0.2])),
    Case(T, "planar_nll", "z=[0.3,0.2]", "float32", "ok", num_grad(_planar, "float32", z=[0.3, 0.2])),
    # w.z = -1e-6: 1 + u.w (1 - h^2) is h^2 = 1e-12 left from numbers near 1, to four digits
    Case(T, "planar_nll", "z=[1e-6,0]", "float64", "unstable", num_grad(_planar, z=[1e-6, 0]),
         "log_det = torch.log(torch.abs(1 + (u @ w) * (1 - h ** 2)))"),
    # at w.z = 0 the log-determinant is log 0: no derivative
    Case(T, "planar_nll", "z=[0,0]", "float64", "domain", _values("z", [NAN, NAN])),
    Case(T, "planar_flow_nll", None, "float64", "ok", renamed(num_grad(_planar_flow, u=[1, 0]), "flow"),
         args="planar_flow_args", wrt="flow.u"),
    Case(T, "vae_kl", "mu=[0.5,-1],logvar=[-50,50]", "float64", "ok", _kl([0.5, -1], [-50, 50])),
    Case(T, "vae_kl", "mu=[0.5,-1],logvar=[-50,50]", "float32", "ok", _kl([0.5, -1], [-50, 50], "float32")),
    # e^89 overflows float32, half of it (the KL and its slope) does not
    Case(T, "vae_kl", "mu=[0.5,-1],logvar=[0,89]", "float32", "unstable", _kl([0.5, -1], [0, 89], "float32"),
         "return -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())"),
    Case(T, "vae_kl", "mu=[0.5,-1],logvar=[0,710]", "float64", "unstable", _kl([0.5, -1], [0, 710])),
    # e^100 / 2 is beyond float32's range: no float32 program holds the KL
    Case(T, "vae_kl", "mu=[0.5,-1],logvar=[0,100]", "float32", "domain", _kl([0.5, -1], [0, 100], "float32")),
    Case(T, "vae_kl_dist", "mu=[0.5,-1],logvar=[-50,50]", "float64", "ok", _kl([0.5, -1], [-50, 50])),
    Case(T, "vae_kl_dist", "mu=[0.5,-1],logvar=[-50,50]", "float32", "ok", _kl([0.5, -1], [-50, 50], "float32")),
    # the scale e^-100 squares to 0 in float32: log 0 inside kl_divergence
    Case(T, "vae_kl_dist", "mu=[0.5,-1],logvar=[-200,0]", "float32", "unstable", _kl([0.5, -1], [-200, 0], "float32")),
    # the scale e^-700 is a float64, its square is not
    Case(T, "vae_kl_dist", "mu=[0.5,-1],logvar=[-1400,0]", "float64", "unstable", _kl([0.5, -1], [-1400, 0])),
    Case(T, "bernoulli_decoder", "z=[-40,40,-800]", "float64", "ok", _bernoulli([-40, 40, -800])),
    # a pixel of 1 at logit 40: the slope sigmoid(40) - 1 = -4e-18 is 1 - 1 in binary_cross_entropy_with_logits' rule
    Case(T, "bernoulli_decoder", "z=[40,-40,-800]", "float64", "unstable", _bernoulli([40, -40, -800])),
    Case(T, "bernoulli_decoder", "z=[3,-2,0.5]", "float32", "ok", _bernoulli([3, -2, 0.5], "float32")),
    Case(T, "bernoulli_decoder_probs", "z=[3,-2,0.5]", "float64", "ok", _bernoulli_clamped([3, -2, 0.5])),
    Case(T, "bernoulli_decoder_probs", "z=[3,-2,0.5]", "float32", "ok", _bernoulli_clamped([3, -2, 0.5], "float32")),
    # sigmoid(+-40) lies beyond the clamp to [eps, 1 - eps] in exact arithmetic too: flat
    Case(T, "bernoulli_decoder_probs", "z=[40,-40,0.5]", "float64", "ok", _bernoulli_clamped([40, -40, 0.5])),
    # sigmoid(15.9) = 1 - 1.24e-7 is inside the clamp, float32 rounds it onto the bound 1 - 2^-23: p - x keeps one digit
    Case(T, "bernoulli_decoder_probs", "z=[15.9,-2,0.5]", "float32", "unstable",
         _bernoulli_clamped([15.9, -2, 0.5], "float32")),
    Case(T, "negative_elbo", None, "float64", "ok",
         renamed(num_grad(_elbo, weight=[[0.5, -0.25, 1.0], [-0.5, 0.75, 0.25]]), "model.enc"), args="vae_args",
         wrt="model.enc.weight"),
    Case(T, "infonce", "anchor=[1,2]", "float64", "ok", num_grad(_infonce("float64"), anchor=[1, 2])),
    Case(T, "infonce", "anchor=[1,2]", "float32", "ok", num_grad(_infonce("float32"), "float32", anchor=[1, 2])),
    # a zero anchor: the norm is clamped to eps, the logits linear in the anchor with slope 1 / (eps tau)
    Case(T, "infonce", "anchor=[0,0]", "float64", "ok", num_grad(_infonce("float64"), anchor=[0, 0])),
    Case(T, "infonce", "anchor=[0,0]", "float32", "ok", num_grad(_infonce("float32"), "float32", anchor=[0, 0])),
    Case(T, "gradient_penalty", None, "float64", "ok",
         renamed(num_grad(_penalty, weight=[[0.5, -1.0], [1.0, 0.5], [-0.25, 0.75]]), "critic.0"),
         args="penalty_args", wrt="critic.0.weight"),
    Case(T, "gru_readout", None, "float64", "ok",
         renamed(num_grad(lambda weight_hh_l0: _gru([mp(v) for v in GRU_SEQ], weight_hh_l0), "float32",
                          weight_hh_l0=GRU_HH),
                 "model.rnn"), args="gru_args", wrt="model.rnn.weight_hh_l0"),
    Case(T, "gru_at", "seq=[0.5,-1,2]", "float64", "ok", num_grad(_gru, seq=GRU_SEQ)),
    Case(T, "gru_at", "seq=[0.5,-1,2]", "float32", "ok",
         num_grad(_gru, "float32", seq=GRU_SEQ)),
    Case(T, "float_power_energy", "x=[1,2]", "float32", "ok",
         hp(lambda: {"x": [mp("2.5") * v ** mp("1.5") for v in _in("float32", [1, 2])]})),
    Case(T, "float_power_energy", "x=[0.25,9]", "float64", "ok",
         hp(lambda: {"x": [mp("2.5") * v ** mp("1.5") for v in _in("float64", [0.25, 9])]})),
    # Normal(0.3, 0.5) makes float32 tensors of its Python floats: the float64 program's log(scale) is float32's, its
    # value off by 1e-9 (the slopes, which do not read it, keep float64's digits)
    Case(T, "atanh_logp", "a=[0.5,-0.9]", "float64", "unstable", _atanh_logp([0.5, -0.9])),
    Case(T, "atanh_logp", "a=[0.5,-0.9]", "float32", "ok", _atanh_logp([0.5, -0.9], "float32")),
    Case(T, "atanh_logp", "a=[0.999999,-0.5]", "float64", "ok", _atanh_logp([0.999999, -0.5])),
    Case(T, "atanh_slip_logp", "a=[0.5,-0.9]", "float64", "wrong", _atanh_logp([0.5, -0.9]),
         "class AtanhSlip>>def backward"),
    Case(T, "normalized_probe", "x=[1,2,2]", "float64", "ok", _probe([1, 2, 2])),
    Case(T, "normalized_probe", "x=[1,2,2]", "float32", "ok", _probe([1, 2, 2], "float32")),
    Case(T, "normalized_probe_slip", "x=[1,2,2]", "float64", "wrong", _probe([1, 2, 2]),
         "class L2NormalizeSlip>>def backward"),
]


# ------------------------------------------------------------------------------------------------------ TensorFlow
FEATURES = [1, -2, mp("0.5")]
LABELS = [1, 1, -1]


def _probit(dtype):
    root2 = _held(dtype, 2 ** 0.5)

    def f(w):
        return -sum(mpmath.log(mpmath.erfc(-y * x * w / root2) / 2) for x, y in zip(FEATURES, LABELS))
    return f


GUMBEL = [0.2, -0.5, 1.1]
PAYOFF = [1, 2, -1]


def _gumbel(temperature, dtype="float64"):
    tau = _held(dtype, temperature)
    noise = _in(dtype, GUMBEL)

    def f(logits):
        p = _softmax([(v + g) / tau for v, g in zip(logits, noise)])
        return sum(a * b for a, b in zip(p, PAYOFF))
    return f


LSTM_KERNEL = [[0.5, -0.3, 0.8, 0.2, 1.0, -0.6, 0.4, -0.2]]
LSTM_RECURRENT = [[0.1, -0.2, 0.3, 0.4, -0.5, 0.2, 0.25, -0.1],
                  [0.6, -0.3, 0.2, 0.7, 0.15, -0.4, 0.3, 0.5]]
LSTM_BIAS = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1, 0.05, 0.3]
LSTM_SEQ = [0.5, -1.0, 2.0]


def _lstm(seq, recurrent=None):
    """Keras' LSTM (gates i, f, c, o; sigmoid and tanh) from zero states, its last output read out with (1, -0.5);
    Keras' Constant initializer makes its list a float32 tensor before the cast, so the weights hold float32's digits."""
    kernel = _in("float32", LSTM_KERNEL[0])
    recurrent = recurrent or [_in("float32", row) for row in LSTM_RECURRENT]
    bias = _in("float32", LSTM_BIAS)
    h, c = [mp(0), mp(0)], [mp(0), mp(0)]
    for x in seq:
        z = [kernel[k] * x + recurrent[0][k] * h[0] + recurrent[1][k] * h[1] + bias[k] for k in range(8)]
        i, f, o = [_sig(v) for v in z[0:2]], [_sig(v) for v in z[2:4]], [_sig(v) for v in z[6:8]]
        c = [f[k] * c[k] + i[k] * mpmath.tanh(z[4 + k]) for k in range(2)]
        h = [o[k] * mpmath.tanh(c[k]) for k in range(2)]
    return h[0] - h[1] / 2


MASK = [1, 0, 0]


def _tversky(dtype):
    alpha, beta, eps = _held(dtype, 0.3), _held(dtype, 0.7), _held(dtype, 1e-7)

    def f(pred):
        inter = sum(t * p for t, p in zip(MASK, pred))
        fp = sum((1 - p) * t for t, p in zip(MASK, pred))
        fn = sum(p * (1 - t) for t, p in zip(MASK, pred))
        return 1 - inter / (inter + fp * alpha + fn * beta + eps)
    return f


def _softsign(xs, dtype="float64"):
    return hp(lambda: {"x": [1 / (1 + abs(v)) ** 2 for v in _in(dtype, xs)]})


def _qr_logdet(a):
    """d/da log |det a| = a^-T."""
    def truth():
        m = mpmath.matrix([_in("float64", row) for row in a])
        inverse = m ** -1
        return {"a": [[inverse[j, i] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _growth(dtype):
    y0, dt = _held(dtype, 0.1), _held(dtype, 0.1)

    def f(r):
        y = y0
        for _ in range(20):
            y = y + dt * r * y * (1 - y)
        return y
    return f


def _logistic_map(steps, dtype="float64"):
    x0 = _held(dtype, 0.2)

    def f(r):
        x = x0
        for _ in range(steps):
            x = r * x * (1 - x)
        return x
    return f


DENSE_KERNEL = [[1, mp("-0.5")], [mp("0.25"), 2]]
DENSE_X = [[mp("0.5"), -1], [2, mp(0.3)]]


def _dense():
    """d/dK sum tanh(x K) = x^T sech^2(x K)."""
    def truth():
        pre = [[sum(DENSE_X[n][i] * DENSE_KERNEL[i][j] for i in range(2)) for j in range(2)] for n in range(2)]
        return {"layer.kernel": [[sum(DENSE_X[n][i] / mpmath.cosh(pre[n][j]) ** 2 for n in range(2)) for j in range(2)]
                                 for i in range(2)]}
    return hp(truth)


TF = [
    Case(K, "sac_logp_naive", "mu=[0.5,-1]", "float32", "ok", _sac_tf([0.5, -1], "float32")),
    Case(K, "sac_logp_naive", "mu=[0.5,-1]", "float64", "ok", _sac_tf([0.5, -1])),
    Case(K, "sac_logp_naive", "mu=[10,-1]", "float32", "unstable", _sac_tf([10, -1], "float32"),
         "tf.math.log(1 - tf.square(a) + 1e-6)"),
    Case(K, "sac_logp_naive", "mu=[20,-1]", "float64", "unstable", _sac_tf([20, -1])),
    Case(K, "sac_logp_stable", "mu=[10,-1]", "float32", "ok", _sac_tf([10, -1], "float32", naive=False)),
    Case(K, "sac_logp_stable", "mu=[20,-1]", "float64", "ok", _sac_tf([20, -1], naive=False)),
    Case(K, "probit_nll", "w=0.5", "float64", "ok", num_grad(_probit("float64"), w=0.5)),
    Case(K, "probit_nll", "w=0.5", "float32", "ok", num_grad(_probit("float32"), "float32", w=0.5)),
    Case(K, "probit_nll", "w=5", "float32", "ok", num_grad(_probit("float32"), "float32", w=5)),
    # Phi(-80) = erfc(56.6) / 2 underflows float64: log 0
    Case(K, "probit_nll", "w=40", "float64", "unstable", num_grad(_probit("float64"), w=40),
         "tf.math.log(0.5 * tf.math.erfc(-margins / math.sqrt(2.0)))"),
    # Phi(-14) is 8e-45, a float32 subnormal of two digits
    Case(K, "probit_nll", "w=7", "float32", "unstable", num_grad(_probit("float32"), "float32", w=7)),
    Case(K, "gumbel_softmax_warm", "logits=[0,0,0]", "float64", "ok", num_grad(_gumbel(0.5), logits=[0, 0, 0])),
    Case(K, "gumbel_softmax_warm", "logits=[0,0,0]", "float32", "ok",
         num_grad(_gumbel(0.5, "float32"), "float32", logits=[0, 0, 0])),
    # at temperature 1e-3 the weights are e^-100 and e^-1700 beside 1: the chosen class's slope p (v - sum p v) / tau
    # is -7e-41, and sum p v = -1 + 7e-44 rounds to -1, so float64 gives 0
    Case(K, "gumbel_softmax_value", "logits=[1,0,0.2]", "float64", "unstable", num_grad(_gumbel(1e-3), logits=[1, 0, 0.2])),
    Case(K, "lstm_last", "seq=[0.5,-1,2]", "float64", "ok", num_grad(_lstm, seq=LSTM_SEQ)),
    Case(K, "lstm_last", "seq=[0.5,-1,2]", "float32", "ok",
         num_grad(_lstm, "float32", seq=LSTM_SEQ)),
    # below a layer of Keras' own its sublayers go by their Keras names (the cell is lstm_cell, not the attribute cell)
    Case(K, "lstm_model_loss", None, "float64", "ok",
         renamed(num_grad(lambda recurrent_kernel: _lstm([mp(v) for v in LSTM_SEQ], recurrent_kernel),
                          "float32", recurrent_kernel=LSTM_RECURRENT), "model.lstm.lstm_cell"),
         args="lstm_args", wrt="model.lstm.lstm_cell.recurrent_kernel"),
    Case(K, "tversky", "pred=[0,0,0]", "float64", "ok", num_grad(_tversky("float64"), pred=[0, 0, 0])),
    Case(K, "tversky", "pred=[0.5,0.2,0.1]", "float64", "ok", num_grad(_tversky("float64"), pred=[0.5, 0.2, 0.1])),
    Case(K, "tversky", "pred=[0.5,0.2,0.1]", "float32", "ok",
         num_grad(_tversky("float32"), "float32", pred=[0.5, 0.2, 0.1])),
    # softsign's slope 1 / (1 + |x|)^2 is continuous at 0 (|x| has a kink there, x / (1 + |x|) does not)
    Case(K, "softsign_sum", "x=[0,2]", "float64", "ok", _softsign([0, 2])),
    Case(K, "softsign_sum", "x=[0,-3]", "float32", "ok", _softsign([0, -3], "float32")),
    Case(K, "softsign_slip_sum", "x=[0,2]", "float64", "wrong", _softsign([0, 2]), "def softsign_slip>>def grad(dy):"),
    Case(K, "softsign_slip_sum", "x=[0.5,-2]", "float32", "wrong", _softsign([0.5, -2], "float32"),
         "def softsign_slip>>def grad(dy):"),
    Case(K, "qr_logdet", "a=[[2,1],[0.5,3]]", "float64", "ok", _qr_logdet([[2, 1], [0.5, 3]])),
    Case(K, "qr_logdet", "a=[[2,1],[0.5,3]]", "float32", "ok", _qr_logdet([[2, 1], [0.5, 3]])),
    # det = 1e-9 from entries near 1: R's last diagonal entry keeps seven digits
    Case(K, "qr_logdet", "a=[[1,2],[2,4.000000001]]", "float64", "unstable", _qr_logdet([[1, 2], [2, 4.000000001]])),
    Case(K, "qr_logdet", "a=[[1,2],[2,4]]", "float64", "domain", _values("a", [[NAN, NAN], [NAN, NAN]])),
    Case(K, "logistic_growth", "r=1.5", "float64", "ok", num_grad(_growth("float64"), r=1.5)),
    Case(K, "logistic_growth", "r=1.5", "float32", "ok", num_grad(_growth("float32"), "float32", r=1.5)),
    Case(K, "logistic_map_short", "r=3.9", "float64", "ok", num_grad(_logistic_map(10), r=3.9)),
    Case(K, "logistic_map", "r=2.5", "float64", "ok", num_grad(_logistic_map(80), r=2.5)),
    # chaotic at r = 3.9: each step multiplies the rounding errors, eighty steps leave no digit
    Case(K, "logistic_map", "r=3.9", "float64", "unstable", num_grad(_logistic_map(80), r=3.9)),
    Case(K, "dense_loss", None, "float64", "ok", _dense(), args="dense_args", wrt="layer.kernel"),
    Case(K, "dense_loss", None, "float64", "wrong", _dense(), "def dense(x)>>def grad(dy, variables=None):",
         args="dense_transposed_args", wrt="layer.kernel"),
]

ALL = TORCH + TF
