"""The ninth trial set (b), PyTorch and TensorFlow/Keras: optimizer-adjacent code (Adam's rsqrt(v + eps) and
sqrt(v) + eps at v = 0, a cosine schedule at its end), probability code (Beta and Gamma log-probabilities at a
concentration of 1e-300, log erfc in its far tail), physics (a log-distance whose squares go subnormal, a soft-core
potential at coincidence), torch.nn.functional losses at their corners (kl_div with log_target at -800,
poisson_nll_loss on rates at 0, gaussian_nll_loss below its variance floor), activations at their switches (celu, selu,
softplus with beta and threshold), torch.where with a NaN in the untaken branch, nan_to_num after an overflow,
in-place ops, float16 and bfloat16 casts inside a float32 loss, autograd.Functions right in an unusual way and wrong
only past a switch, an nn.Module's weight by name; TensorFlow custom rules with variables= right in an unusual way,
module-level RegisterGradient overrides, a TFP-style custom_gradient whose gx overflows, divide_no_nan at 0, Keras
losses at clip bounds and tiny residuals, clip_by_global_norm at zero, an inner GradientTape, and float32 literals.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, and constants a program writes are the program's numbers: float64 ones (1e-8, 1e-6, pi,
SELU's scale) where the program computes in float64, and a Python scalar the framework rounds to float32 beside a
float32 tensor (`x - 0.1`) is that float32 number.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, each, hp, sig


def _f(v):
    return mp(float(v))


def _f32(v):
    return mp(float(np.float32(v)))


def _adam_rsqrt(vs, m=(0.1, -0.2)):
    return hp(lambda: {"v": [-_f(mi) / 2 * (v + _f(1e-8)) ** mp(-1.5) for mi, v in zip(m, _in("float64", vs))]})


def _adam_sqrt(vs, m=(0.1, -0.2)):
    """d/dv of m / (sqrt v + eps): -m / (2 sqrt v (sqrt v + eps)^2); sqrt has no two-sided slope at v = 0."""
    def truth():
        out = []
        for mi, v in zip(m, _in("float64", vs)):
            out.append(NAN if v == 0 else -_f(mi) / (2 * mpmath.sqrt(v) * (mpmath.sqrt(v) + _f(1e-8)) ** 2))
        return {"v": out}
    return hp(truth)


def _cosine(t):
    """d/dt of (1 + cos(P t / 100)) / 2 with P the float64 pi: -P sin(P t / 100) / 200."""
    def truth():
        p = _f(np.pi)
        return {"t": -p * mpmath.sin(p * _f(t) / 100) / 200}
    return hp(truth)


def _beta_a(a, b=2.0, x=0.3):
    return hp(lambda: {"a": mpmath.log(_f(x)) - mpmath.digamma(_f(a)) + mpmath.digamma(_f(a) + _f(b))})


def _gamma_k(k, rate=3.0, x=0.5):
    return hp(lambda: {"k": mpmath.log(_f(rate)) + mpmath.log(_f(x)) - mpmath.digamma(_f(k))})


def _log_erfc(x):
    return -2 * mpmath.exp(-x * x) / (mpmath.sqrt(mpmath.pi) * mpmath.erfc(x))


def _log_distance(ds):
    def truth():
        d = _in("float64", ds)
        r2 = sum(v * v for v in d)
        return {"d": [v / r2 for v in d]}
    return hp(truth)


def _soft_core(ds):
    def truth():
        d = _in("float64", ds)
        r2 = sum(v * v for v in d)
        return {"d": [-v / (r2 + _f(0.01)) ** mp(1.5) for v in d]}
    return hp(truth)


def _kl_log_target(ts, inputs=(-1.0, -2.0)):
    """d/dt of sum e^t (t - input): e^t (t - input + 1)."""
    return hp(lambda: {"t": [mpmath.exp(t) * (t - _f(i) + 1) for t, i in zip(_in("float64", ts), inputs)]})


def _poisson_rate(rates, targets=(2.0, 0.0)):
    return hp(lambda: {"rate": [1 - _f(y) / (r + _f(1e-8)) for r, y in zip(_in("float64", rates), targets)]})


def _gaussian_var(v, mean=0.5, target=0.25, eps=1e-6):
    """d/dvar of (log s + (mean - target)^2 / s) / 2, s = max(var, eps): 0 below the floor."""
    def truth():
        var = _f(v)
        if var < _f(eps):
            return {"var": [mp(0)]}
        r2 = (_f(mean) - _f(target)) ** 2
        return {"var": [(1 / var - r2 / var ** 2) / 2]}
    return hp(truth)


SELU_SCALE = 1.0507009873554804934193349852946
SELU_ALPHA = 1.6732632423543772848170429916717


def _selu(x):
    return _f(SELU_SCALE) * (1 if x > 0 else _f(SELU_ALPHA) * mpmath.exp(x))


def _gate(wrt):
    """d/dW of c . (silu(W x) scale): c_i scale silu'(h_i) x_j; d/dscale: c . silu(W x)."""
    def truth():
        w = [[mp(1), mp(-1)], [mp("0.5"), mp(2)]]
        x = [_f(0.3), _f(-0.7)]
        c, scale = [mp(1), mp(-2)], mp("1.5")
        h = [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
        slope = [sig(v) * (1 + v * (1 - sig(v))) for v in h]
        if wrt == "model.scale":
            return {wrt: sum(ci * v * sig(v) for ci, v in zip(c, h))}
        return {wrt: [[ci * scale * s * xj for xj in x] for ci, s in zip(c, slope)]}
    return hp(truth)


def _clip_outside(vs, c):
    """Past the global norm 1, v / |v|: c / r - (c . v) v / r^3, over the concatenated tensors."""
    def truth():
        v = _in("float64", vs)
        r = mpmath.sqrt(sum(t * t for t in v))
        dot = sum(ci * t for ci, t in zip(c, v))
        return [ci / r - dot * t / r ** 3 for ci, t in zip(c, v)]
    return truth


def _global_clip_outside():
    def truth():
        g = _clip_outside([3, 4, 12], [mp(1), mp(-2), mp(3)])()
        return {"a": g[:2], "b": g[2:]}
    return hp(truth)


def _normalise(xs, c=(1, -2)):
    return hp(lambda: {"x": _clip_outside(xs, [mp(v) for v in c])()})


def _sinc(x):
    return (x * mpmath.cos(x) - mpmath.sin(x)) / (x * x)


def _layer_norm(xs, c=(1, 3, -2), eps=1e-3):
    """d/dx of c . (x - mean) / s, s = sqrt(var + eps): (c - mean c - y mean(c y)) / s."""
    def truth():
        x = _in("float64", xs)
        cs = [mp(v) for v in c]
        n = len(x)
        mu = sum(x) / n
        s = mpmath.sqrt(sum((v - mu) ** 2 for v in x) / n + _f(eps))
        y = [(v - mu) / s for v in x]
        mc = sum(cs) / n
        mcy = sum(a * b for a, b in zip(cs, y)) / n
        return {"x": [(ci - mc - yi * mcy) / s for ci, yi in zip(cs, y)]}
    return hp(truth)


TORCH = [
    Case("torch_lib9b.py", "adam_rsqrt", "v=[0,1e-4]", "float64", "ok", _adam_rsqrt([0, 1e-4])),
    # sqrt's slope at v = 0 is one-sided and infinite: no derivative in v[0]
    Case("torch_lib9b.py", "adam_sqrt", "v=[0,1e-4]", "float64", "domain", _adam_sqrt([0, 1e-4])),
    Case("torch_lib9b.py", "adam_sqrt", "v=[1e-12,1e-4]", "float64", "ok", _adam_sqrt([1e-12, 1e-4])),
    # pi * 100 / 100 is pi again in float64: the slope's sin(pi) = 1.2e-16 is the program's and comes out right, and
    # the value 1 + cos(pi) = 7.5e-33 computed 0 is off only by math.pi's rounding: with pi as meant it is exactly 0,
    # so ok with a note (the program as meant, since 7a381535)
    Case("torch_lib9b.py", "cosine_schedule", "t=100", "float64", "ok", _cosine(100)),
    Case("torch_lib9b.py", "cosine_schedule", "t=[30]", "float64", "ok", _cosine(30)),
    Case("torch_lib9b.py", "beta_logp", "a=1e-300", "float64", "ok", _beta_a(1e-300)),
    Case("torch_lib9b.py", "beta_logp", "a=1e15", "float64", "ok", _beta_a(1e15)),
    Case("torch_lib9b.py", "gamma_logp", "k=1e-300", "float64", "ok", _gamma_k(1e-300)),
    # erfc(27) = 5e-319 is subnormal with ~17 bits: its log's slope -2 e^(-x^2) / (sqrt(pi) erfc x) loses the rest
    Case("torch_lib9b.py", "log_erfc", "x=27", "float64", "unstable", each("x", _log_erfc, [27]),
         "return torch.sum(torch.log(torch.special.erfc(x)))"),
    Case("torch_lib9b.py", "log_erfc", "x=[5,-3]", "float64", "ok", each("x", _log_erfc, [5, -3])),
    Case("torch_lib9b.py", "log_erfcx", "x=27", "float64", "ok", each("x", _log_erfc, [27])),
    # the squares 9e-320 and 1.6e-319 are subnormal: the norm keeps ~11 bits
    Case("torch_lib9b.py", "log_distance", "d=[3e-160,4e-160]", "float64", "unstable",
         _log_distance([3e-160, 4e-160]), "return torch.log(torch.norm(d))"),
    Case("torch_lib9b.py", "log_hypot", "d=[3e-160,4e-160]", "float64", "ok", _log_distance([3e-160, 4e-160])),
    # the norm's cone at 0 is squared away: 1 / sqrt(|d|^2 + 0.01) is smooth there
    Case("torch_lib9b.py", "soft_core", "d=[0,0]", "float64", "ok", _soft_core([0, 0])),
    Case("torch_lib9b.py", "soft_core", "d=[0.3,-0.4]", "float64", "ok", _soft_core([0.3, -0.4])),
    # e^-800 (-798) is -2.9e-345, below float64: 0 is the dtype's best
    Case("torch_lib9b.py", "kl_log_target", "t=[-800,0.5]", "float64", "ok", _kl_log_target([-800, 0.5])),
    Case("torch_lib9b.py", "poisson_rate", "rate=[0,1.5]", "float64", "ok", _poisson_rate([0, 1.5])),
    # the variance is clamped to 1e-6 under no_grad: the loss is flat in var below the floor, PyTorch's slope is not
    Case("torch_lib9b.py", "gaussian_nll_var", "var=[1e-10]", "float64", "wrong", _gaussian_var(1e-10),
         "def gaussian_nll_var>>return F.gaussian_nll_loss"),
    Case("torch_lib9b.py", "gaussian_nll_var", "var=[0.01]", "float64", "ok", _gaussian_var(0.01)),
    Case("torch_lib9b.py", "gaussian_nll_mean", "mean=[0.5]", "float64", "ok",
         hp(lambda: {"mean": [(_f(0.5) - _f(0.25)) / _f(1e-6)]})),
    # celu's branches meet with slope 1 at 0: no kink
    Case("torch_lib9b.py", "celu_sum", "x=[0,-800,3]", "float64", "ok",
         each("x", lambda x: mpmath.exp(2 * x) if x < 0 else mp(1), [0, -800, 3])),
    # selu's slopes at 0 are scale alpha and scale: a kink
    Case("torch_lib9b.py", "selu_sum", "x=0", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case("torch_lib9b.py", "selu_sum", "x=[-1,2]", "float64", "ok", each("x", _selu, [-1, 2])),
    # beta x = 10 = threshold: log1p(e^10) / 2 on the left, x past it: a jump of 2.3e-5
    Case("torch_lib9b.py", "softplus_switch", "x=5", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case("torch_lib9b.py", "softplus_switch", "x=[4.9,5.5]", "float64", "ok",
         each("x", lambda x: sig(2 * x) if 2 * x <= 10 else mp(1), [4.9, 5.5])),
    # sqrt(-1) is NaN in the untaken branch, and its backward 0 / (2 NaN) leaks
    Case("torch_lib9b.py", "where_sqrt", "x=[-1,4]", "float64", "wrong", hp(lambda: {"x": [mp(0), mp("0.25")]}),
         "torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x))"),
    Case("torch_lib9b.py", "where_nan_constant", "x=[-1,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(4)]})),
    # e^800 is finite (2.7e347) but beyond float64, value and slope: no float64 program can return them
    Case("torch_lib9b.py", "nan_to_num_exp", "x=800", "float64", "domain", each("x", mpmath.exp, [800])),
    Case("torch_lib9b.py", "nan_to_num_exp", "x=1", "float64", "ok", each("x", mpmath.exp, [1])),
    # relu(x)^2 is C1 at 0
    Case("torch_lib9b.py", "relu_squared", "x=[0,-1,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(4)]})),
    Case("torch_lib9b.py", "in_place", "x=[1,-1,0]", "float64", "ok", hp(lambda: {"x": [mp(8), mp(0), mp(0)]})),
    # e^12 = 162755 overflows float16 (max 65504)
    Case("torch_lib9b.py", "half_exp", "x=12", "float32", "unstable", each("x", mpmath.exp, [12], "float32"),
         "torch.exp(x.to(torch.float16))"),
    # bf16(0.3) = 0.30078125: the slope 18 x is off by 2.6e-3
    Case("torch_lib9b.py", "bf16_square", "x=0.3", "float32", "unstable", each("x", lambda x: 18 * x, [0.3], "float32"),
         "return torch.sum((x.to(torch.bfloat16) * 3.0).to(x.dtype) ** 2)"),
    # 0.1 beside a float32 tensor is the float32 0.1: the minimum, slope 0
    Case("torch_lib9b.py", "shifted_square", "x=0.1", "float32", "ok",
         hp(lambda: {"x": 2 * (_f32(0.1) - _f32(0.1))})),
    Case("torch_lib9b.py", "softplus_from_output", "x=[-30,40,-800,2]", "float64", "ok",
         each("x", sig, [-30, 40, -800, 2])),
    # the rule's slope 1 past 15 is off by sigmoid(-16) = 1.1e-7
    Case("torch_lib9b.py", "fast_softplus", "x=16", "float64", "wrong", each("x", sig, [16]),
         "class FastSoftplus>>def backward"),
    Case("torch_lib9b.py", "fast_softplus", "x=16", "float32", "ok", each("x", sig, [16], "float32")),
    Case("torch_lib9b.py", "fast_softplus", "x=3", "float64", "ok", each("x", sig, [3])),
    Case("torch_lib9b.py", "gate_loss", None, "float64", "ok", _gate("model.fc1.weight"), args="gate_args",
         wrt="model.fc1.weight"),
    Case("torch_lib9b.py", "gate_loss", None, "float64", "ok", _gate("model.scale"), args="gate_scale_args",
         wrt="model.scale"),
]

TF = [
    # 2 w / (x + 1/x) is 2 w x / (1 + x^2), also at x = 0 where 1/x = inf sends 0
    Case("tf_lib9b.py", "variable_rule", "x=[0,0.5,-3]", "float64", "ok",
         each("x", lambda x: 6 * x / (1 + x * x), [0, 0.5, -3])),
    # e^800 / (1 + e^800) is inf / inf in the TFP-style gx
    Case("tf_lib9b.py", "softplus_tfp", "x=[800,-30]", "float64", "unstable", each("x", sig, [800, -30]),
         "e = tf.exp(x)"),
    Case("tf_lib9b.py", "softplus_tfp", "x=[-30,2]", "float64", "ok", each("x", sig, [-30, 2])),
    Case("tf_lib9b.py", "safe_normalise", "x=[3,4]", "float64", "ok", _normalise([3, 4])),
    # x / |x| has no limit at 0: divide_no_nan's 0 there is a jump
    Case("tf_lib9b.py", "safe_normalise", "x=[0,0]", "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    # sin(x) / x tends to 1, divide_no_nan gives 0 at x = 0: a jump
    Case("tf_lib9b.py", "sinc_no_nan", "x=0", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case("tf_lib9b.py", "sinc_no_nan", "x=[0.5,-2]", "float64", "ok", each("x", _sinc, [0.5, -2])),
    # x + softplus(-2x) - log 2 at x = 1e-5: 1 - 2 sigmoid(-2x) cancels in float32
    Case("tf_lib9b.py", "keras_log_cosh", "pred=[1e-5,0.5]", "float32", "unstable",
         each("pred", lambda p: mpmath.tanh(p) / 2, [1e-5, 0.5], "float32"),
         "return tf.keras.losses.LogCosh()(tf.zeros_like(pred), pred)"),
    Case("tf_lib9b.py", "keras_log_cosh", "pred=[2,0.5]", "float32", "ok",
         each("pred", lambda p: mpmath.tanh(p) / 2, [2, 0.5], "float32")),
    # pred[0] = 0 is clipped up to 1e-7, flat there
    Case("tf_lib9b.py", "keras_kl", "pred=[0,0.9]", "float32", "ok",
         hp(lambda: {"pred": [mp(0), -mp("0.5") / _f32(0.9)]})),
    # pred[1] = 1 sits on the clip's upper bound: slopes -0.5 and 0
    Case("tf_lib9b.py", "keras_kl", "pred=[0.2,1]", "float32", "domain",
         hp(lambda: {"pred": [-mp("0.5") / _f32(0.2), NAN]})),
    # inside the global norm the clip is the identity; at 0 the unused 1 / norm's backward sends 0 * inf
    Case("tf_lib9b.py", "global_clip", "a=[0,0],b=[0]", "float64", "wrong",
         hp(lambda: {"a": [mp(1), mp(-2)], "b": [mp(3)]}), "(ca, cb), _ = tf.clip_by_global_norm([a, b], 1.0)"),
    Case("tf_lib9b.py", "global_clip", "a=[3,4],b=[12]", "float64", "ok", _global_clip_outside()),
    Case("tf_lib9b.py", "weighted_xent", "z=[-100,50]", "float32", "ok",
         hp(lambda: {"z": [-3 * sig(mp(100)), sig(mp(50))]})),
    Case("tf_lib9b.py", "gradient_penalty", "x=[0.2,-1]", "float64", "ok",
         each("x", lambda x: 54 * sig(3 * x) ** 2 * (1 - sig(3 * x)), [0.2, -1])),
    # at a constant row the variance's slope vanishes
    Case("tf_lib9b.py", "keras_layer_norm", "x=[0.5,0.5,0.5]", "float64", "ok", _layer_norm([0.5, 0.5, 0.5])),
    Case("tf_lib9b.py", "keras_layer_norm", "x=[1,2,4]", "float64", "ok", _layer_norm([1, 2, 4])),
    Case("tf_lib9b.py", "shifted_square", "x=0.1", "float32", "ok", hp(lambda: {"x": 2 * (_f32(0.1) - _f32(0.1))})),
    # the registered rule forgets the factor 2
    Case("tf_override9b.py", "overridden_square", "x=1.5", "float64", "wrong", each("x", lambda x: 2 * x, [1.5]),
         "def _half_square_grad"),
    Case("tf_override9b.py", "overridden_exp", "x=[1,-2]", "float64", "ok", each("x", mpmath.exp, [1, -2])),
]

ALL = TORCH + TF
