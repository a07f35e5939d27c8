"""The ninety-fifth trial set (d): QUANTIZATION, PRUNING AND STRAIGHT-THROUGH ESTIMATORS, as JAX, PyTorch, TensorFlow
and plain NumPy code writes them (jax_lib95d, torch_lib95d, tf_lib95d, np_lib95d) on 3- and 4-vectors: fake
quantization 0.25 clip(round(w / 0.25), -4, 3) under a squared loss, straight through by x + stop_gradient(q - x)
(.detach(), tf.stop_gradient), by the clipped form clip(w) + stop_gradient(q - clip(w)), and by custom rules
(jax.custom_vjp, autograd.Function, tf.custom_gradient) with the clip mask, with the mask forgotten and with a wrong
scale g / s; torch.fake_quantize_per_tensor_affine and tf.quantization.fake_quant_with_min_max_args; LSQ (the
official grad_scale and round_pass, g = 1 / sqrt(3 * 3)), the paper's LSQ rule as a custom_vjp, and
torch._fake_quantize_learnable_per_tensor_affine; PACT 0.5 (|x| - |x - alpha| + alpha) quantized to 2 bits by a
straight-through round, and PACT's clip with the paper's rule (d/dalpha = 1 where x >= alpha) right and with alpha's
mask forgotten; power-of-two quantization sign(x) 2^round(log2|x|) straight through and plain, at x = 0; the
hard-concrete gate clip(sigmoid((log u - log(1 - u) + log_alpha) / beta) (zeta - gamma) + gamma, 0, 1) at draws u =
0.25, 0.5, 0.875 and at u = 0 and 1 (jax.nn.sigmoid, torch.sigmoid, tf.sigmoid, and 1 / (1 + exp(-v))), the expected
L0 sigmoid(log_alpha - beta log(-gamma / zeta)) at ordinary log_alpha and at -800 (library and hand-written
logistic); magnitude pruning by |w| >= 0.5 and by the second-largest magnitude (jnp.sort, torch.topk, tf.math.top_k,
np.partition; and straight through, sparse forward and dense backward) at a tie; a binary network's sign with a
clipped STE (stop_gradient form, and custom rules g (|x| <= 1)) at |x| = 1, x = 0 and all |x| > 1; a
quantization-noise proxy w + s u (u a fixed draw); a straight-through Gumbel softmax (hard one-hot of argmax, Gumbel
noise -log(-log u) from fixed draws, tau = 0.5) away from and at a tie; a codebook quantizer by np.digitize; a real
qint8 tensor (torch.quantize_per_tensor).

Truths: expressions written here from the mathematics, evaluated by mpmath at 2,000 digits (`declared`): the point and
the user's Python floats as the dtype holds them (beta = 2/3, gamma = -0.1, zeta - gamma computed in float64 first;
1 / sqrt(9); beta log(0.1 / 1.1)); round half to even as all four libraries round. The README's rule for a
stop_gradient: each entry's slope with the held values frozen at the point's, from each side (NaN where the sides
differ: a kink of the declared function), and no derivative where the program's own value jumps along that entry
(moved by 1e-300 either way), whatever is held. A custom rule declares nothing: its truth is the plain function's
slope, 0 off a quantizer's jumps, so a straight-through rule not 0 there is a surrogate: wrong (the README's words).
Power-of-two quantization at 0 by hand: q(h) / h = 2^(round(log2 h) - log2 h) runs over [2^-1/2, 2^1/2] as h -> 0,
so there is no derivative there, though the value is continuous.

Counts: 118 cases tried, each through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time,
judged one at a time in its main thread): first 117, then one more (PyTorch's LSQ at the clip's bounds, to see F1
there), 2 truths corrected (3 cases, below), torch._fake_quantize_learnable_per_tensor_affine turned into an input error (it
is refused, clearly), then all 118 run once more; none dropped.
ALL keeps 118: 59 ok, 35 domain, 20 wrong, 2 unstable, 2 input errors; 103 float64, 15 float32 (JAX 56, PyTorch 26,
TensorFlow 20, NumPy 16). 109 agree with my truths (after the corrections) in verdict, every exact gradient entry to
1e-10 relative and, where given, the line (the input errors in their message); the other 9 are F1-F5. Each check of
the last run took 1.1-14.5 s (median 2.5 s; JAX 1.7-5.2 s, PyTorch 4.0-9.7 s, TensorFlow 11.4-14.5 s, NumPy 1.1-3.1
s): 9.6 min of CLI time, about 5 min on two cores (the test file: 12 s). gradcli's library did not change under me
(the first and the last run gave the same answers).

Agreed (verdicts and exact slopes):
- straight through by stop_gradient (all four spellings): ok at ordinary points (float32 too), the slope 2 (q - t)
  of the frozen form; at w / s = 1.5 (round's tie) the value jumps: domain in w[0], the rest kept; at w / s = -4 and 3
  (the clip's bounds) the unclipped form is ok (round is flat there, no jump), the clipped form has a kink: domain
  (JAX both dtypes, PyTorch, TensorFlow; float bounds);
- custom straight-through rules (custom_vjp, autograd.Function, custom_gradient): a surrogate, wrong at the rule's
  def with the README's words; the masked rule with every entry outside the range gives 0: ok; the forgotten mask
  there: wrong; the wrong scale g / s: wrong; PyTorch's and TensorFlow's own fake quantizers: wrong inside their
  range, ok outside;
- LSQ by grad_scale / round_pass: ok at s = 0.25 and 0.3125 (float32 too), domain at round's tie (w[0] and s jump);
  TensorFlow's (float bounds -4.0, 3.0) at the clip's bounds: domain, w[0] 0.25 kept; the paper's rule: wrong;
- PACT quantized: ok (float32 too); at x = alpha and at x = 0: domain; PACT's clip with the paper's rule: ok, at x =
  alpha domain; alpha's mask forgotten: wrong (but see F5);
- power-of-two straight through: ok at ordinary points and at x = 0 (continuous there, the frozen slope 1; JAX and
  PyTorch); plain: ok (slope 0) at ordinary points;
- the hard-concrete gate: ok (float32 too), at u = 0 and 1 too by the libraries' logistic (sigmoid(-+inf)'s rule
  s (1 - s) = 0); by 1 / (1 + exp(-v)) at u = 0: exp(inf) / (1 + exp(inf))^2 = NaN where the shut gate's slope is 0:
  wrong (JAX, NumPy); the expected L0: ok (float32 too), at -800 by jax.nn.sigmoid ok (the slope 2e-347 is below
  float64's range), by the hand-written logistic: inf / inf, unstable (JAX, NumPy);
- pruning: by a threshold ok, at |w| = 0.5 the value jumps: domain; by the second magnitude (jnp.sort, tf.math.top_k,
  np.partition) ok, at a tie of magnitudes domain in the tied entries (the threshold moves with w, so the kept entry
  at the threshold does not jump); sparse forward, dense backward: ok, and domain at the tie;
- the binary sign: clipped stop_gradient form ok (float32 too), domain at |x| = 1 (clip's kink) and at x = 0 (sign
  jumps); custom rules: wrong, ok where every |x| > 1;
- the noise proxy: ok (float32 too); the straight-through Gumbel softmax: ok in float32 (JAX) and float64
  (TensorFlow), domain at the tie (argmax's jump in the tied logits, the third's slope kept; JAX, PyTorch,
  TensorFlow);
- NumPy's quantization MSE: ok (float32 too), ok at the clip's bounds, domain at round's tie; the codebook by
  np.digitize: ok, domain at an edge;
- refused, exit 2: "the PyTorch op aten.quantize_per_tensor.default at .../torch_lib95d.py:179 has no replay in
  gradcli, so its exact reference cannot be computed: write it with the ops gradcli knows (gradcli ops lists them)",
  and the same words for aten._fake_quantize_learnable_per_tensor_affine.default at its line: clear.

My truths corrected (gradcli right, each re-derived):
- the custom_vjp fake quantizer at w / s = 1.5, first domain: the value jumps in w[0], but the rule gives -0.5 in
  w[1], where the exact slope is 0: wrong (the README: a wrong rule beside the jump is still wrong); the exact
  entries [nan, 0, 0] were mine.
- the binary sign's custom rules at x = 0 (JAX and TensorFlow), first domain: likewise, the rule's 2 in x[2] (0.8,
  inside |x| <= 1) against the exact 0: wrong.

Findings:
F1. A straight-through round over a clip whose bounds are Python ints, at a bound: the exact reference drops the
  stop_gradient. jax_lib95d.lsq (jnp.clip(w / s, QMIN, QMAX), QMIN, QMAX = -4, 3) at w = [0.3, -1.0, 0.75], s = 0.25
  (w / s = 1.2, -4, 3): gradcli says wrong, exact w [0, 0, 0], s 2.75 (the slopes of the plain s clip(round(w / s)),
  as if nothing were held), "jax.numpy.clip (max) and jax.numpy.clip (min) on this line are evaluated at a tie of
  their two arguments"; torch_lib95d.lsq (torch.clamp(w / s, QMIN, QMAX)) the same ("the first call whose built-in
  rule is off is minimum in torch.clamp"). True: what the stop_gradients declare has a kink at both bounds (w[1],
  w[2], s: slopes differ from each side), and w[0] = 0.3 (w / s = 1.2, nowhere near a bound) has the frozen slope
  2 (0.25 - 0.125) = 0.25: domain, w [0.25, nan, nan], s nan. Minimal: `v = jnp.clip(x, -4, 3); return v +
  stop_gradient(jnp.round(v) - v)` at x = 3.0: wrong, exact 0; with bounds -4.0, 3.0: domain ("its derivative in x is
  1 from the left and 0 from the right"), which is right; PyTorch: `v = torch.clamp(w / s, -4, 3); return (((v.round()
  - v).detach() + v) * s).sum()` at w = [0.3, -1.0, 0.75], s = 0.25: wrong, exact w [0, 0, 0]; with -4.0, 3.0:
  domain, w[0] 1. Sure because the float-bound spellings (and TensorFlow's, whose bounds are floats) give the right
  domain with w[0]'s slope, and w[0]'s frozen slope cannot depend on whether another entry's bound is an int.
  Mended: at the tie the point's own run picks the int bound, a constant, so no stop_gradient held a moving value
  there and the sides' kink was left to differences through the held value; whether a value is held is now asked
  after the sides ran (`exact_python._sided_jets_into`), and a tie whose sides jets cannot judge beside held values
  goes to the mpmath path, which freezes them.
F2. Power-of-two quantization at 0 is called ok with slope 0. jax_lib95d.pow2_plain: sum((sign(x) exp2(round(log2
  |x|)) - t)^2) at x = [0, -0.7, 1.5]: ok, exact [0, 0, 0] (TensorFlow's tf.pow / tf.math.log and NumPy's 2.0 **
  np.round(np.log2(...)) the same). True: q(x) = sign(x) 2^round(log2|x|) is continuous at 0 but q(h) / h =
  2^(round(log2 h) - log2 h) takes every value in [2^-1/2, 2^1/2] in every neighbourhood of 0 (1 at h = 2^-n, 2^-0.49
  at h = 2^(-n + 0.49)), so the difference quotient of (q - 0.125)^2, -0.25 q(h) / h + O(h), has no limit: no
  derivative in x[0], domain. Round's rule 0 is right only where round is flat; at 0 its jumps (|x| = 2^(k + 1/2))
  accumulate. gradcli's own finite difference says -0.315 (NumPy: 1.26 for sum(q C)) with an error estimate of 1e-10,
  yet no finding. Minimal: `jnp.exp2(jnp.round(jnp.log2(jnp.abs(x))))` at x = 0: ok, exact 0 (without abs, log2 of
  a negative: domain, right).
  Mended: a side whose difference quotients turn back at steps 10^10 apart (never a side with a slope, whose
  quotients come nearer it in order), by more than their rounding, and again at twice the digits, has no slope
  (`kinks._swings`, `precision.Wavers`): domain, "the difference quotient swings up and down as the step shrinks".
F3. A straight-through Gumbel softmax away from any tie is called wrong, its exact derivative ~0. jax_lib95d.st_gumbel
  (one_hot(argmax(y_soft)) - stop_gradient(y_soft) + y_soft, y_soft = softmax((logits - log(-log u)) / 0.5), u = [0.6,
  0.6, 0.2]) at logits [1, 0.25, -0.5], float64: wrong, "gradient of the branch chosen by jax.nn.one_hot (eq) ... the
  equality on this line holds at this very point alone", exact "below 2^-32761 in magnitude" in every entry;
  torch_lib95d.st_gumbel (scatter of argmax) the same. True: argmax is 0 in a whole neighbourhood (the scores 1.672,
  0.922, -0.976 are far apart), so the hard one-hot is constant and the declared derivative is the softmax's slope
  [0.89091, -0.89129, 0.00038] (what JAX and PyTorch return): ok. Sure because the same program in float32 (JAX) and
  in TensorFlow (tf.one_hot) is ok with those slopes, as are one_hot(argmax(softmax(x))) - sg(p) + p, the same with x
  / 0.5 alone, with x - log(-log u) alone and with (x + [0.6, 0.3, 0.2]) / 0.5 (a scratch probe); the noise
  -log(-log u) and the division by 0.5 together make it: minimal, p = softmax((x - log(-log([0.6, 0.3, 0.2]))) /
  0.5), sum((one_hot(argmax(p), 3) - stop_gradient(p) + p) * [1, -2, 0.5]) at x = [1, 0.25, -0.5]: wrong.
  Mended: the run that asks whether the derivative through the held values is the held one (`exact_python.
  _held_changes_nothing`) settled to no number there (hard - p + p cancels p), and its failure took the whole exact
  reference on balls with it; such a run is now no proof of sameness, and the held derivative stands: ok.
F4. torch.topk's choice at a tie is called a wrong value. torch_lib95d.prune_topk (mask from torch.topk(|w|,
  2).indices) at w = [0.5, -0.5, 1.0, 0.1]: wrong, "the value is wrong: PyTorch gives 2.25 but the exact value is 2.5
  ... the framework computes this value otherwise than its operations mean, at any precision". PyTorch's topk picks
  indices [2, 1], gradcli's replay [2, 0]; both are the two largest magnitudes (topk promises no order among ties).
  True: the value jumps in w[0] and w[1] whichever is kept (the exact gradient gradcli gives, [nan, nan, 2, 0], is
  mine): domain, not wrong. Sure because torch.topk(tensor([0.5, 0.5, 1.0, 0.1]), 2).indices is [2, 1] in the
  installed PyTorch, a legitimate top 2.
  Mended: where the value jumps at the point, the framework's value there is one side's by its convention, and no
  value computed otherwise (`judge._value_computed_otherwise`, as `_value_lost` already held): domain.
F5. A custom_vjp rule wrong in a broadcast scalar's cotangent is said to agree with its function, and the line named
  is the call's, not the rule's. jax_lib95d.pact_rule_bad (bwd returns jnp.sum(g) for alpha, forgetting the mask x >=
  alpha) at x = [0.3, -0.4, 1.7], alpha = 1.25: wrong (right: alpha 2.5 against 2.0), but the finding reads "judged
  alone, ... _pactb_bwd() of pact_clip_bad agrees with the derivative of its function: the rule that is off is not
  one of yours; the rule that is off is the rule of the custom_vjp function `pact_clip_bad` on this line", at the call
  (jax_lib95d.py:202), not `def _pactb_bwd` (README: a rule's operations are judged as that rule, at its def line).
  Minimal: clip_a(x, a) = jnp.clip(x, 0.0, a) with bwd (where(x < a, g, 0), jnp.sum(g)), f = sum(clip_a(x, a)) at x =
  [0.3, 1.7], a = 1.25: the same words; with a the vector [1.25, 1.25] and bwd (..., g): "gradient rule _bwdv() ... is
  wrong", at its def, right. Sure because the rule's alpha cotangent 2.5 is not 2.0 = sum over x >= alpha of g, which
  is the derivative of its function at those inputs. Mended: a Python float argument of a custom function is among
  the inputs each call is judged alone in (`jax_rule_calls._differentiated`), so the rule is named at its def."""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases73d import NAN, at, mpf

J, T_, K, N = "jax_lib95d.py", "torch_lib95d.py", "tf_lib95d.py", "np_lib95d.py"
F32, F64 = "float32", "float64"


def held(dtype, value):
    """A Python float as the dtype holds it where it meets the dtype's data."""
    return _in(dtype, [value])[0]


# ------------------------------------------------------------------------------------------------- the mathematics
def rnd(v):
    """Round half to even (what jnp.round, torch.round, tf.round and np.round do)."""
    f = mpmath.floor(v)
    d = v - f
    if d != mpf("0.5"):
        return f + 1 if d > mpf("0.5") else f
    return f if f % 2 == 0 else f + 1


def clip(v, lo, hi):
    return min(max(v, lo), hi)


def sign(v):
    return mpf(0) if v == 0 else mpf(1 if v > 0 else -1)


def sig(v):
    return 1 / (1 + mpmath.exp(-v))


def log(v):
    return mpmath.log(v) if v > 0 else (mpmath.ninf if v == 0 else NAN)


STEP, QMIN, QMAX = mpf("0.25"), -4, 3
TARGET = [mpf("0.125"), mpf("-0.5"), 1]
C = [1, mpf("-0.5"), 2]
C4 = [1, mpf("-0.5"), 2, mpf("0.75")]


def fq(v, s=STEP):
    return s * clip(rnd(v / s), QMIN, QMAX)


def pow2(v):
    """sign(v) 2^round(log2 |v|), 0 at 0."""
    return mpf(0) if v == 0 else sign(v) * mpf(2) ** rnd(mpmath.log(abs(v), 2))


class Held:
    """stop_gradient / .detach(): recording, the values at the point; frozen, those values whatever the inputs."""

    def __init__(self, frozen=None):
        self.frozen, self.seen = frozen, []

    def __call__(self, value):
        if self.frozen is not None:
            value = self.frozen[len(self.seen)]
        self.seen.append(value)
        return value


def declared(program, dtype, **point):
    """The derivative a stop_gradient declares: each entry's slope with the held values frozen at the point's, from
    each side (NaN where the sides differ or are not finite); NaN where the program's own value jumps along that
    entry (moved by 1e-300 either way, at 2,000 digits), whatever is held."""
    def truth():
        names = list(point)
        shaped = {n: isinstance(point[n], list) for n in names}
        flats = [_in(dtype, point[n] if shaped[n] else [point[n]]) for n in names]
        base = [v for flat in flats for v in flat]

        def args(values):
            rest, out = list(values), {}
            for n, flat in zip(names, flats):
                part = [rest.pop(0) for _ in flat]
                out[n] = part if shaped[n] else part[0]
            return out
        record = Held()
        value = program(record, **args(base))
        grads = []
        for k in range(len(base)):
            def moved(t, frozen=None, k=k):
                xs = list(base)
                xs[k] = t
                v = program(Held(frozen), **args(xs))
                return v if isinstance(v, mpmath.mpf) and mpmath.isfinite(v) else NAN
            h = mpf(10) ** -300
            if not mpmath.isfinite(value) or any(
                    mpmath.isnan(moved(base[k] + d)) or abs(moved(base[k] + d) - value) > mpf(10) ** -150
                    for d in (h, -h)):
                grads.append(NAN)
                continue
            frozen = record.seen

            def along(t):
                return moved(t, frozen)
            right, left = mpmath.diff(along, base[k], direction=1), mpmath.diff(along, base[k], direction=-1)
            if not (mpmath.isfinite(right) and mpmath.isfinite(left)):
                grads.append(NAN)
                continue
            tiny = mpf(10) ** -500 * (1 + abs(right))
            grads.append(NAN if abs(right - left) > tiny else (mpf(0) if abs(right) <= tiny else right))
        out = {}
        for n, flat in zip(names, flats):
            part = [grads.pop(0) for _ in flat]
            out[n] = part if shaped[n] else part[0]
        return out
    return hp(truth)


# the programs, written from the mathematics; H(...) is a value the code holds by stop_gradient / detach
def sq_loss(values):
    return sum((v - t) ** 2 for v, t in zip(values, TARGET))


def fq_ste(H, w):
    return sq_loss([x + H(fq(x) - x) for x in w])


def fq_ste_clipped(H, w):
    wc = [clip(x, STEP * QMIN, STEP * QMAX) for x in w]
    return sq_loss([c + H(fq(x) - c) for x, c in zip(w, wc)])


def fq_flat(H, w):
    """The fake quantizer with no declared derivative: flat between its jumps."""
    return sq_loss([fq(x) for x in w])


def lsq(dtype):
    g = held(dtype, 1.0 / 3.0)  # 1 / sqrt(3 * 3), a Python float

    def program(H, w, s):
        S = H(s - s * g) + s * g
        out = []
        for x in w:
            v = clip(x / S, QMIN, QMAX)
            out.append((H(rnd(v) - v) + v) * S)
        return sq_loss(out)
    return program


def lsq_flat(H, w, s):
    return sq_loss([clip(rnd(x / s), QMIN, QMAX) * s for x in w])


def pact(H, x, alpha):
    scale = 3 / alpha
    total = 0
    for xi, c in zip(x, C):
        y = (abs(xi) - abs(xi - alpha) + alpha) / 2
        z = y * scale
        total += (H(rnd(z) - z) + z) / scale * c
    return total


def pact_clip(H, x, alpha):
    return sum(clip(xi, 0, alpha) * c for xi, c in zip(x, C))


def pow2_ste(H, x):
    return sq_loss([v + H(pow2(v) - v) for v in x])


def pow2_flat(H, x):
    return sq_loss([pow2(v) for v in x])


def pow2_flat_c(H, x):
    return sum(pow2(v) * c for v, c in zip(x, C))


def hard_concrete(dtype, u):
    beta, gamma, width = held(dtype, 2.0 / 3.0), held(dtype, -0.1), held(dtype, 1.1 - -0.1)
    us = _in(dtype, u)

    def program(H, log_alpha):
        total = 0
        for ui, la, c in zip(us, log_alpha, C):
            if ui == 0:
                s = mpf(0)  # log 0 = -inf for every log_alpha: the gate is shut
            elif ui == 1:
                s = mpf(1)
            else:
                s = sig((log(ui) - log(1 - ui) + la) / beta)
            total += clip(s * width + gamma, 0, 1) * c
        return total
    return program


def expected_l0(dtype):
    import math
    shift = held(dtype, 2.0 / 3.0 * math.log(0.1 / 1.1))

    def program(H, log_alpha):
        return sum(sig(la - shift) for la in log_alpha)
    return program


def prune_threshold(H, w):
    return sum(c * x for c, x in zip(C4, w) if abs(x) >= mpf("0.5"))


def prune_topk(H, w):
    thr = sorted(abs(x) for x in w)[-2]
    return sum(c * x for c, x in zip(C4, w) if abs(x) >= thr)


def prune_top2_set(H, w):
    """torch.topk's two largest magnitudes (at a tie, one of the tied: either way the set changes as they part)."""
    order = sorted(range(len(w)), key=lambda i: (-abs(w[i]), i))[:2]
    return sum(C4[i] * w[i] for i in order)


def prune_topk_ste(H, w):
    thr = sorted(abs(x) for x in w)[-2]
    return sum(c * (x + H((x if abs(x) >= thr else 0) - x)) ** 2 for c, x in zip(C4, w))


def binarize_ste(H, x):
    total = 0
    for v, c in zip(x, C):
        vc = clip(v, -1, 1)
        total += (vc + H(sign(v) - vc)) * c
    return total


def binarize_flat(H, x):
    return sum(sign(v) * c for v, c in zip(x, C))


NOISE = [mpf("0.25"), mpf("-0.375"), mpf("0.125")]


def quant_noise(H, w, s):
    return sq_loss([x + s * n for x, n in zip(w, NOISE)])


VALUES = [1, -2, mpf("0.5")]


def st_gumbel(dtype):
    tau = mpf("0.5")
    g = [-log(-log(u)) for u in _in(dtype, [0.6, 0.6, 0.2])]

    def program(H, logits):
        z = [(l + gi) / tau for l, gi in zip(logits, g)]
        top = max(z)
        e = [mpmath.exp(v - top) for v in z]
        soft = [v / sum(e) for v in e]
        index = z.index(top)  # the first of tied maxima, as argmax takes it
        hard = [mpf(1 if i == index else 0) for i in range(3)]
        return sum((h - H(p) + p) * v for h, p, v in zip(hard, soft, VALUES))
    return program


def quant_error(H, w, s):
    return sum((s * clip(rnd(x / s), QMIN, QMAX) - x) ** 2 for x in w) / len(w)


LEVELS = [-1, mpf("-0.25"), 0, mpf("0.25"), 1]
EDGES = [(a + b) / 2 for a, b in zip(LEVELS, LEVELS[1:])]


def codebook(H, w, s):
    total = 0
    for x in w:
        index = sum(1 for e in EDGES if e <= x / s)  # np.digitize: edges[i-1] <= v < edges[i]
        total += (LEVELS[index] * s - x) ** 2
    return total


# ------------------------------------------------------------------------------------------------- cases
def D(file, function, dtype, verdict, program, line=None, **point):
    """A case whose truth is `declared`'s (the stop_gradient held; a program holding nothing: its plain slopes)."""
    if callable(program) and program.__code__.co_varnames[:1] == ("dtype",):
        program = program(dtype)
    return Case(file, function, at(**point), dtype, verdict, declared(program, dtype, **point), line=line)


def Pow2Zero(file, function, dtype, verdict, program, line=None, **point):
    """pow2 at an entry 0: q(h) / h runs over [2^-1/2, 2^1/2] as h -> 0, so no derivative there (by hand)."""
    inner = declared(program, dtype, **point)
    name = next(iter(point))

    def truth():
        out = inner()
        out[name] = [NAN if v == 0 else g for v, g in zip(point[name], out[name])]
        return out
    return Case(file, function, at(**point), dtype, verdict, truth, line=line)


W = [0.3, -0.7, 0.9]
W_TIE = [0.375, -0.7, 0.9]  # 0.375 / 0.25 = 1.5: round's jump
W_BOUND = [0.3, -1.0, 0.75]  # w / s = -4 and 3: the clip's bounds
W_OUT = [1.5, -2.0, 0.9]  # every entry outside [-1, 0.75]
X = [0.3, -0.4, 1.7]
X_ALPHA = [0.3, -0.4, 1.25]  # x = alpha
X_ZERO = [0.0, -0.4, 1.7]
X2 = [0.3, -0.7, 1.5]
X2_0 = [0.0, -0.7, 1.5]
LA = [0.5, -1.0, 2.0]
LA_800 = [-800.0, 0.5, 2.0]
P = [0.6, -0.2, 1.0, -0.75]
P_TIE = [0.5, -0.2, 1.0, -0.75]  # |w| = the threshold 0.5
P_TOPK = [0.5, -0.5, 1.0, 0.1]  # two magnitudes tied for second place
B = [0.3, -1.7, 0.8]
B_ONE = [0.3, -1.0, 0.8]
B_ZERO = [0.0, -1.7, 0.8]
B_BIG = [1.5, -1.7, 2.0]
L = [1.0, 0.25, -0.5]
L_TIE = [1.0, 1.0, -0.5]  # equal logits and equal draws: argmax at a tie

U = [0.25, 0.5, 0.875]
U_EDGE = [0.0, 0.5, 1.0]


def hc(u):
    return lambda dtype: hard_concrete(dtype, u)


JAX = [
    D(J, "fq_ste", F64, "ok", fq_ste, w=W),
    D(J, "fq_ste", F32, "ok", fq_ste, w=W),
    D(J, "fq_ste", F64, "domain", fq_ste, w=W_TIE),
    D(J, "fq_ste", F64, "ok", fq_ste, w=W_BOUND),
    D(J, "fq_ste_clipped", F64, "ok", fq_ste_clipped, w=W),
    D(J, "fq_ste_clipped", F64, "domain", fq_ste_clipped, w=W_BOUND),
    D(J, "fq_ste_clipped", F32, "domain", fq_ste_clipped, w=W_BOUND),
    D(J, "fq_custom", F64, "wrong", fq_flat, "def _fq_bwd(x, g):", w=W),
    D(J, "fq_custom", F32, "wrong", fq_flat, "def _fq_bwd(x, g):", w=W),
    D(J, "fq_custom", F64, "ok", fq_flat, w=W_OUT),
    # the jump in w[0] beside a rule not 0 in w[1]: wrong (README: a wrong rule beside the jump is still wrong)
    D(J, "fq_custom", F64, "wrong", fq_flat, "def _fq_bwd(x, g):", w=W_TIE),
    D(J, "fq_custom_nomask", F64, "wrong", fq_flat, "def _fqn_bwd(x, g):", w=W_OUT),
    D(J, "fq_custom_scaled", F64, "wrong", fq_flat, "def _fqs_bwd(x, g):", w=W),
    D(J, "lsq", F64, "ok", lsq, w=W, s=0.25),
    D(J, "lsq", F32, "ok", lsq, w=W, s=0.25),
    D(J, "lsq", F64, "ok", lsq, w=W, s=0.3125),
    D(J, "lsq", F64, "domain", lsq, w=W_TIE, s=0.25),
    D(J, "lsq", F64, "domain", lsq, w=W_BOUND, s=0.25),
    D(J, "lsq_custom", F64, "wrong", lsq_flat, "def _lsq_bwd(res, g):", w=W, s=0.3125),
    D(J, "pact", F64, "ok", pact, x=X, alpha=1.25),
    D(J, "pact", F32, "ok", pact, x=X, alpha=1.25),
    D(J, "pact", F64, "domain", pact, x=X_ALPHA, alpha=1.25),
    D(J, "pact", F64, "domain", pact, x=X_ZERO, alpha=1.25),
    D(J, "pact_rule", F64, "ok", pact_clip, x=X, alpha=1.25),
    D(J, "pact_rule", F64, "domain", pact_clip, x=X_ALPHA, alpha=1.25),
    D(J, "pact_rule_bad", F64, "wrong", pact_clip, "def _pactb_bwd(res, g):", x=X, alpha=1.25),
    D(J, "pow2_ste", F64, "ok", pow2_ste, x=X2),
    D(J, "pow2_ste", F64, "ok", pow2_ste, x=X2_0),
    D(J, "pow2_plain", F64, "ok", pow2_flat, x=X2),
    Pow2Zero(J, "pow2_plain", F64, "domain", pow2_flat, x=X2_0),
    D(J, "hard_concrete", F64, "ok", hc(U), log_alpha=LA),
    D(J, "hard_concrete", F32, "ok", hc(U), log_alpha=LA),
    D(J, "hard_concrete_edge", F64, "ok", hc(U_EDGE), log_alpha=LA),
    D(J, "hard_concrete_edge_hand", F64, "wrong", hc(U_EDGE), log_alpha=LA),
    D(J, "expected_l0", F64, "ok", expected_l0, log_alpha=LA),
    D(J, "expected_l0", F32, "ok", expected_l0, log_alpha=LA),
    D(J, "expected_l0", F64, "ok", expected_l0, log_alpha=LA_800),
    D(J, "expected_l0_hand", F64, "unstable", expected_l0, log_alpha=LA_800),
    D(J, "prune_threshold", F64, "ok", prune_threshold, w=P),
    D(J, "prune_threshold", F64, "domain", prune_threshold, w=P_TIE),
    D(J, "prune_topk", F64, "ok", prune_topk, w=P),
    D(J, "prune_topk", F64, "domain", prune_topk, w=P_TOPK),
    D(J, "prune_topk_ste", F64, "ok", prune_topk_ste, w=P),
    D(J, "prune_topk_ste", F64, "domain", prune_topk_ste, w=P_TOPK),
    D(J, "binarize_ste", F64, "ok", binarize_ste, x=B),
    D(J, "binarize_ste", F32, "ok", binarize_ste, x=B),
    D(J, "binarize_ste", F64, "domain", binarize_ste, x=B_ONE),
    D(J, "binarize_ste", F64, "domain", binarize_ste, x=B_ZERO),
    D(J, "binarize_custom", F64, "wrong", binarize_flat, "def _sign_bwd(x, g):", x=B),
    D(J, "binarize_custom", F64, "ok", binarize_flat, x=B_BIG),
    D(J, "binarize_custom", F64, "wrong", binarize_flat, "def _sign_bwd(x, g):", x=B_ZERO),
    D(J, "quant_noise", F64, "ok", quant_noise, w=W, s=0.25),
    D(J, "quant_noise", F32, "ok", quant_noise, w=W, s=0.25),
    D(J, "st_gumbel", F64, "ok", st_gumbel, logits=L),
    D(J, "st_gumbel", F32, "ok", st_gumbel, logits=L),
    D(J, "st_gumbel", F64, "domain", st_gumbel, logits=L_TIE),
]

TORCH = [
    D(T_, "fq_ste", F64, "ok", fq_ste, w=W),
    D(T_, "fq_ste", F64, "domain", fq_ste, w=W_TIE),
    D(T_, "fq_ste_clipped", F64, "domain", fq_ste_clipped, w=W_BOUND),
    D(T_, "fq_custom", F64, "wrong", fq_flat, "class FakeQuant(>>def backward(ctx, g):", w=W),
    D(T_, "fq_custom", F64, "ok", fq_flat, w=W_OUT),
    D(T_, "fq_custom_nomask", F64, "wrong", fq_flat, "class FakeQuantNoMask>>def backward(ctx, g):", w=W_OUT),
    D(T_, "fq_library", F64, "wrong", fq_flat, w=W),
    D(T_, "fq_library", F64, "ok", fq_flat, w=W_OUT),
    D(T_, "lsq", F64, "ok", lsq, w=W, s=0.3125),
    D(T_, "lsq", F64, "domain", lsq, w=W_TIE, s=0.25),
    D(T_, "lsq", F64, "domain", lsq, w=W_BOUND, s=0.25),
    Case(T_, "lsq_library", at(w=W, s=0.3125), F32, "input-error",
         message=("_fake_quantize_learnable_per_tensor_affine", "torch_lib95d.py:")),
    D(T_, "pact_rule", F64, "ok", pact_clip, x=X, alpha=1.25),
    D(T_, "pact_rule", F64, "domain", pact_clip, x=X_ALPHA, alpha=1.25),
    D(T_, "pow2_ste", F64, "ok", pow2_ste, x=X2_0),
    D(T_, "hard_concrete_edge", F64, "ok", hc(U_EDGE), log_alpha=LA),
    D(T_, "expected_l0", F32, "ok", expected_l0, log_alpha=LA),
    D(T_, "prune_topk", F64, "ok", prune_top2_set, w=P),
    D(T_, "prune_topk", F64, "domain", prune_top2_set, w=P_TOPK),
    D(T_, "prune_threshold", F64, "domain", prune_threshold, w=P_TIE),
    D(T_, "binarize_custom", F64, "wrong", binarize_flat, "class SignSTE>>def backward(ctx, g):", x=B),
    D(T_, "binarize_custom", F64, "ok", binarize_flat, x=B_BIG),
    D(T_, "binarize_ste", F64, "domain", binarize_ste, x=B_ONE),
    D(T_, "st_gumbel", F64, "ok", st_gumbel, logits=L),
    D(T_, "st_gumbel", F64, "domain", st_gumbel, logits=L_TIE),
    Case(T_, "int8_roundtrip", at(w=W), F32, "input-error", message=("quantize_per_tensor", "torch_lib95d.py:")),
]

TF = [
    D(K, "fq_ste", F64, "ok", fq_ste, w=W),
    D(K, "fq_ste", F64, "domain", fq_ste, w=W_TIE),
    D(K, "fq_ste_clipped", F64, "domain", fq_ste_clipped, w=W_BOUND),
    D(K, "fq_custom", F64, "wrong", fq_flat, "def fake_quant(x)>>def grad(dy):", w=W),
    D(K, "fq_custom", F64, "ok", fq_flat, w=W_OUT),
    D(K, "fq_custom_nomask", F64, "wrong", fq_flat, "def fake_quant_nomask(x)>>def grad(dy):", w=W_OUT),
    D(K, "fq_library", F64, "wrong", fq_flat, w=W),
    D(K, "fq_library", F64, "ok", fq_flat, w=W_OUT),
    D(K, "lsq", F64, "ok", lsq, w=W, s=0.3125),
    D(K, "lsq", F64, "domain", lsq, w=W_BOUND, s=0.25),
    D(K, "binarize_custom", F64, "wrong", binarize_flat, "def sign_ste(x)>>def grad(dy):", x=B),
    D(K, "binarize_custom", F64, "wrong", binarize_flat, "def sign_ste(x)>>def grad(dy):", x=B_ZERO),
    D(K, "binarize_ste", F64, "ok", binarize_ste, x=B),
    D(K, "hard_concrete_edge", F64, "ok", hc(U_EDGE), log_alpha=LA),
    D(K, "expected_l0", F32, "ok", expected_l0, log_alpha=LA),
    D(K, "pow2_plain", F64, "ok", pow2_flat, x=X2),
    Pow2Zero(K, "pow2_plain", F64, "domain", pow2_flat, x=X2_0),
    D(K, "prune_topk", F64, "domain", prune_topk, w=P_TOPK),
    D(K, "st_gumbel", F64, "ok", st_gumbel, logits=L),
    D(K, "st_gumbel", F64, "domain", st_gumbel, logits=L_TIE),
]

NUMPY = [
    D(N, "quant_error", F64, "ok", quant_error, w=W, s=0.25),
    D(N, "quant_error", F64, "ok", quant_error, w=W, s=0.3125),
    D(N, "quant_error", F32, "ok", quant_error, w=W, s=0.3125),
    D(N, "quant_error", F64, "ok", quant_error, w=W_BOUND, s=0.25),  # round is flat at -4 and 3: no kink
    D(N, "quant_error", F64, "domain", quant_error, w=W_TIE, s=0.25),
    D(N, "pow2_plain", F64, "ok", pow2_flat_c, x=X2),
    Pow2Zero(N, "pow2_plain", F64, "domain", pow2_flat_c, x=X2_0),
    D(N, "hard_concrete_edge", F64, "wrong", hc(U_EDGE), log_alpha=LA),
    D(N, "expected_l0", F64, "ok", expected_l0, log_alpha=LA),
    D(N, "expected_l0", F64, "unstable", expected_l0, log_alpha=LA_800),
    D(N, "prune_threshold", F64, "ok", prune_threshold, w=P),
    D(N, "prune_threshold", F64, "domain", prune_threshold, w=P_TIE),
    D(N, "prune_partition", F64, "ok", prune_topk, w=P),
    D(N, "prune_partition", F64, "domain", prune_topk, w=P_TOPK),
    D(N, "codebook", F64, "ok", codebook, w=W, s=0.5),
    D(N, "codebook", F64, "domain", codebook, w=[0.3125, -0.7, 0.9], s=0.5),  # 0.3125 / 0.5 = 0.625, an edge
]

ALL = JAX + TORCH + TF + NUMPY
