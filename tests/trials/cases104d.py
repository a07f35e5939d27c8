"""The hundred-and-fourth trial set (d): HYPERGRADIENTS, UNROLLED OPTIMISERS AND LEARNED-OPTIMISER STEPS as JAX,
PyTorch, TensorFlow and plain NumPy code writes them (jax_lib104d, torch_lib104d, tf_lib104d, np_lib104d): code that
differentiates THROUGH optimiser updates on a tiny quadratic 0.5 sum A (w - B)^2 (A = [2, 0.5], B = [1, -1]; the
validation loss 0.5 ||w - [0.5, 0.5]||^2) and a two-example logistic loss: three unrolled heavy-ball and Nesterov steps
with the inner gradient by jax.grad inside the function, torch.autograd.grad(create_graph=True) and a nested
tf.GradientTape (NumPy: the gradient by hand), differentiated in lr, mu and w0 (at lr = mu = 0 too); MAML's two inner
steps (softplus; log(1 + exp(-m)) by hand at margins of 800, float32 100); a weight-decay hypergradient; Adam's first
update m_hat / (sqrt(v_hat) + eps) with bias correction 1 - beta^t (t = 1; eps 1e-8 and 0; beta2 = 1 exactly) at an
ordinary g, at |g| ~ eps and at g = 0 (v = 0); AMSGrad's maximum at its tie; RMSprop and Adagrad from a zero
accumulator (eps outside the root, and Adagrad's inside); AdamW's decoupled decay and Adam with L2 coupled, at a
stationary point; signSGD and Lion (sign's slope 0; g = 0 and m = 0); clipping by the global norm g min(1, c / ||g||)
(jnp.linalg.norm, torch.linalg.vector_norm, np.linalg.norm; bare and with clip_grad_norm_'s + 1e-6; at ||g|| = c, at
g = 0, past c; tf.clip_by_global_norm and tf.clip_by_norm); schedules: linear warmup then cosine decay at the switch
step, step decay by floor at a drop, exponential decay to 0.96^10000 (float32's 0), the Transformer's Noam schedule at
step 0 and at the end of warmup; Polyak averaging and an EMA of the iterates debiased by 1 - decay^3 (decay 0.9, 0.9999
in float32, 1); a learned optimiser's tiny MLP on (log(|g| + 1e-8), sign(g), m); custom rules: a JAX custom_vjp clip of
the update to [-1, 1] with a masked rule (right; at its edge g = 1), a custom_vjp global-norm clip whose rule is
straight-through (slipped), PyTorch autograd.Functions for the same clip (right) and sign with the hard-tanh
straight-through backward (slipped), and TensorFlow custom_gradient global-norm clips with the full rule
(c / n)(dy - g (g . dy) / n^2) (right) and with the scale held constant (slipped). optax is not installed (checked:
ModuleNotFoundError), so every update is written out as optax / torch.optim write it.

Truths: my own mpmath expressions of the mathematics (the inner gradients analytic: A (w - B), mean(-y sigmoid(-y m)
x) + wd w; Adam's first direction g / (|g| + eps), since m_hat = ((1 - b1) g) / (1 - b1) = g and v_hat = g^2 exactly
for the same Python floats; RMSprop's sqrt((1 - 0.9) g^2); the clip's min(1, 5 / n) with 5 / 0 = inf; the schedules by
their formulas, floor and sign by mpmath), never the library code or gradcli, at 2,000 digits by cases30b's
`sided_grad` with finite_sides (cases73d's `S`): each entry's slope from each side at the point as the dtype holds it,
NaN where they differ or a side is undefined; by hand (cases73d's `Nan`, `Hand`) where the value is NaN at every point
near (eps = 0 at g = 0, beta2 = 1, the EMA at decay 1) and at Noam's step 0. Constants as the program holds them: the
user's Python floats (1e-3, 1e-8, 0.01, 0.1, 1 - 0.9, 0.96, 1e-6, math.pi / jnp.pi, 4000.0 ** -1.5, the MLP's
weights) rounded once to the dtype, except where NumPy's float64 module arrays promote a float32 program to float64
(the EMA's lr 0.1 there is a double).

Counts: 120 cases in ALL (JAX 59, PyTorch 22, TensorFlow 21, NumPy 18; 94 float64, 26 float32): 62 ok, 29 domain,
17 wrong, 12 unstable. Each case through the CLI exactly as tests/trials/judge.py runs it (/tmp/104d/run.py: two CLI
runs at a time, judged as they finish; the machine shared). First pass: 129 cases (JAX 61 in 4.6 min wall, then the
other three's 68 in 9 min; JAX 2.5-31 s a check, PyTorch 6-24 s, TensorFlow 20-42 s, NumPy 2-4 s): 122 agreed at
once, 7 disagreed, all 7 my truths (corrected below); then 5 Noam cases added (2 of them my mistakes, 1 the finding
F1). 14 dropped as repeats of kept points (float32 twins of unrolled momentum in PyTorch, TensorFlow and NumPy,
PyTorch's Nesterov, ordinary MAML points in PyTorch and TensorFlow, JAX's float32 hyper_wd and Adagrad, an unclipped
JAX clip, an unclipped TensorFlow custom clip, NumPy's step decay, PyTorch's ordinary signSGD, JAX's warmup at step 5).
Final pass of all 120 (19.3 minutes of CLI time, about 10.5 wall): JAX 3.0-12.4 s a check, PyTorch 10.4-19.0 s,
TensorFlow 15.4-22.0 s, NumPy 1.6-3.1 s; 119 agree (verdict, every exact gradient entry to 1e-10, the line where
given), 1 fails: F1's. tests/test_user_trials104d.py: 20 passed, 1 xfailed (F1, strict) in 24 s.

Agreed (verdicts and exact slopes):
- unrolled momentum and Nesterov ok (float32 too; lr = mu = 0 too), in all four (the inner gradient by jax.grad,
  autograd.grad(create_graph=True), a nested GradientTape, by hand); the weight-decay hypergradient ok;
- MAML ok with softplus at margins of 800 (float32 100; PyTorch's F.softplus past its threshold 20 too); by hand
  log(1 + exp(-m)) unstable there in JAX, PyTorch (float64 and float32) and TensorFlow (exp(800) = inf, the inner
  gradient inf / inf);
- Adam's first update: at an ordinary g unstable in all four (see corrections), at |g| ~ eps (1e-8, -3e-9) ok; at
  g = 0 wrong in JAX (float64 and float32), PyTorch and NumPy: the exact slopes are lr / eps = 1e5 (times [1, -2]),
  the rule's sqrt'(0) = inf times the cotangent 0 of m_hat = 0 is NaN at any precision; TensorFlow's own gradient
  there is finite and right (ok); eps = 0: ok at an ordinary g (slopes exactly 0), domain at g = 0 (g / |g| jumps);
  beta2 = 1: domain (v_hat = 0 / 0 at every g);
- AMSGrad's max at its tie v = vhat domain (v and vhat none, g keeping lr / (sqrt(0.04) + eps)), float32 too, NumPy's
  too; ok off it; RMSprop ok at an ordinary w (float32 in PyTorch), wrong at a stationary point w = B (JAX, PyTorch,
  NumPy); Adagrad wrong there, with eps inside the root ok; AdamW wrong there, Adam with L2 coupled ok there (the decay
  keeps g off 0), AdamW ok at an ordinary point (float32 in PyTorch);
- signSGD ok at an ordinary point (TensorFlow float32 too), domain at g[0] = 0 (w[0] none, w[1] and lr kept) in JAX,
  PyTorch and NumPy; Lion ok, domain at w = B with m = 0;
- the global-norm clip at ||g|| = c: domain in JAX (float32 too), PyTorch, TensorFlow (tf.clip_by_global_norm and
  tf.clip_by_norm) and NumPy; with + 1e-6 ok there (JAX, PyTorch's clip_grad_norm_ arithmetic, NumPy); ok past c and
  below it; at g = 0 the bare clip is wrong in JAX, PyTorch, TensorFlow's clip_by_global_norm and NumPy (the slopes
  are [1, -2]: min(1, inf) = 1, the other branch's 0 times d(5 / n) = -inf is NaN), and JAX's + 1e-6 form too (0 *
  sqrt'(0) in jnp.linalg.norm), while PyTorch's + 1e-6 form (its vector_norm backward masks n == 0 and its cotangent
  is a finite 0 there) and tf.clip_by_norm (a where guards the root) are ok;
- schedules: warmup-cosine domain at the switch step (float32 too; JAX, PyTorch, TensorFlow, NumPy), ok elsewhere
  (step 60, 110; float32 step 5); step decay domain at a drop (step 60: step none, base 0.01), ok between; exponential
  decay ok, at float32's 0 too (0.96^10000 = 1.6e-178 rounds to 0); Noam ok at step 100 (float32 too) and at step 4000;
  Noam at step 0 by tf.math.rsqrt domain (step none, base 0);
- Polyak averaging ok; the debiased EMA ok at decay 0.9, unstable in float32 at 0.9999 (1 - decay^3 = 3e-4: its two
  paths cancel; JAX and NumPy), domain at decay 1 (0 / 0);
- the learned optimiser ok (float32 too; JAX, PyTorch, NumPy), domain at g = 0 (sign(g) jumps in w; m and W2 keep
  their slopes);
- custom rules: the masked clip ok inside, domain at its edge g = 1 (JAX); PyTorch's Clip1 ok; the straight-through
  global-norm clip wrong past c at its bwd, ok below c (the rule is then right); PyTorch's straight-through sign wrong
  at its backward where |g| <= 1 for an entry, ok where every |g| > 1 (the estimator's 0 is sign's slope);
  TensorFlow's full clip rule ok past c (float64 and float32), the slipped one wrong at its grad, ok below c.

My truths corrected (gradcli right, each re-derived):
- Adam's first update at an ordinary g (JAX float64 and float32, PyTorch, TensorFlow, NumPy) I first called ok: its
  slope lr eps / (|g| + eps)^2 = 4e-11 is the difference of two paths of 2e-3 (1 / (|g| + eps) and g^2 / ...), so
  float64 keeps 5e-9 of it (float32 nothing: 0): unstable, the cancelling add named. The exact slopes were mine.
- the debiased EMA in float32 at decay 0.9999 I first called ok: 1 - decay^3 = 3.0e-4 in float32 loses 1e-4 of the
  EMA, 1.2e-3 of its distance to C: unstable (I had flagged it before the run; changed at once).
- NumPy's EMA in float32: its module arrays A, B are float64, so w, the EMA and lr = 0.1 are float64 after the first
  step; my truth held 0.1 as float32 (6e-8 off); held as a double it agrees.
- PyTorch's bare clip at g = 0 I first called ok, expecting vector_norm's backward to mask n == 0: it does,
  (g / n).masked_fill(n == 0, 0), but then multiplies by the incoming cotangent, the NaN of 0 * d(5 / n); PyTorch's
  own gradient is [nan, nan] (run directly): wrong, as gradcli says.
- TensorFlow's Adam at g = 0 I first called wrong, like the others: TensorFlow's own tape returns [1e5, -2e5] there
  (run directly), so ok.
- Noam at step 4000 (the end of warmup) I first called domain: 4000.0 ** -1.5 as a double keeps step * w 6e-17
  (relative) above 4000^-0.5, so the two sides of the min never meet there: ok, the step ** -0.5 side's slope.
- Noam at step 0: my first truth took the right side's slope (as for a power with y > 0 at base 0); re-derived by
  the README (below), the step has none: domain. gradcli agrees for TensorFlow's rsqrt, not for JAX's ** -0.5 (F1).

Finding:
- F1 (mended: the kink test's usual steps that see one side outside the domain ask the longer ones to name the edge,
  where the reference found a number too, `kinks._kink_at`'s ``edges``; tests/test_edge_behind_a_branch_not_taken.py;
  was a strict xfail; jax_lib104d:noam at step = 0.0, base = 0.1, float64): a power with a negative exponent at
  a base of exactly 0, whose pole a min hides (the Transformer's Noam schedule min(step ** -0.5, step w) at step 0),
  is given the right side's slope as its derivative and JAX's NaN is called `wrong`; the same function through
  jax.lax.rsqrt (or tf.math.rsqrt) is `domain` with "no derivative: the slope is 0.001 from the right (the only side
  in the function's domain)". step ** -0.5 is NaN for every step < 0 in JAX and in the mathematics, so the function
  ends at 0; the README gives a function undefined beside the point no derivative ("nan"), with one exception, x ** y
  for y > 0 no whole number at a base of 0, which y = -0.5 is not. So the verdict should be domain (step none, base 0),
  as it is for rsqrt; gradcli says wrong with an exact slope 2.4705e-8 for step. Minimal reproduction (/tmp/104d/p):
      def a(step): return jnp.minimum(step ** -0.5, step * 0.001)
      def b(step): return jnp.minimum(jax.lax.rsqrt(step), step * 0.001)
      gradcli check nj.py:a --at step=0.0 --dtype float64 --json   # wrong, exact {step: 0.001}
      gradcli check nj.py:b --at step=0.0 --dtype float64 --json   # domain, exact {step: nan}
  Reproduce: gradcli check tests/trials/jax_lib104d.py:noam --at "step=0.0,base=0.1" --dtype float64 --json

Observed (not in ALL): optax is not installed; PyTorch 2.13's linalg_vector_norm backward is (g / n).masked_fill(n ==
0, 0) times the cotangent, so a 0 cotangent is safe at g = 0 and a NaN one is not; TensorFlow's first Adam step at g = 0
has a finite, right gradient where JAX, PyTorch and gradcli's NumPy rules give NaN.
"""
import math

import mpmath

from cases73d import NAN, H as held, S, Nan, Hand, mpf

J, T_, K, N = "jax_lib104d.py", "torch_lib104d.py", "tf_lib104d.py", "np_lib104d.py"
F32, F64 = "float32", "float64"

A = [mpf(2), mpf("0.5")]
B = [mpf(1), mpf(-1)]
C = [mpf("0.5"), mpf("0.5")]
CW = [mpf(1), mpf(-2)]
X = [[mpf(1), mpf(2)], [mpf("-1.5"), mpf("0.5")]]
Y = [mpf(1), mpf(-1)]
XV = [mpf("0.5"), mpf(-1)]


# ------------------------------------------------------------------------------------------------- the mathematics
def grad_train(w):
    """d/dw 0.5 sum A (w - B)^2."""
    return [a * (u - b) for a, u, b in zip(A, w, B)]


def val(w):
    return sum((u - c) ** 2 for u, c in zip(w, C)) / 2


def momentum(lr, mu, w0):
    w, v = list(w0), [mpf(0), mpf(0)]
    for _ in range(3):
        g = grad_train(w)
        v = [mu * a + b for a, b in zip(v, g)]
        w = [u - lr * a for u, a in zip(w, v)]
    return val(w)


def nesterov(lr, mu, w0):
    w, v = list(w0), [mpf(0), mpf(0)]
    for _ in range(3):
        g = grad_train(w)
        v = [mu * a + b for a, b in zip(v, g)]
        w = [u - lr * (b + mu * a) for u, a, b in zip(w, v, g)]
    return val(w)


def softplus(z):
    return mpmath.log1p(mpmath.exp(z)) if z < 0 else z + mpmath.log1p(mpmath.exp(-z))


def sig(z):
    return 1 / (1 + mpmath.exp(-z))


def grad_logistic(w, wd=0):
    """d/dw [mean softplus(-y x.w) + 0.5 wd ||w||^2] = mean(-y sigmoid(-y x.w) x) + wd w."""
    g = [wd * u for u in w]
    for x, y in zip(X, Y):
        m = x[0] * w[0] + x[1] * w[1]
        s = -y * sig(-y * m) / 2
        g = [gi + s * xi for gi, xi in zip(g, x)]
    return g


def val_logistic(w):
    return softplus(-(XV[0] * w[0] + XV[1] * w[1]))


def maml(w, alpha):
    for _ in range(2):
        w = [u - alpha * g for u, g in zip(w, grad_logistic(w))]
    return val_logistic(w)


def hyper_wd(lr, wd):
    w = [mpf("0.5"), mpf("-0.5")]
    for _ in range(3):
        w = [u - lr * g for u, g in zip(w, grad_logistic(w, wd))]
    return val_logistic(w)


def adam_dir(dtype, eps=1e-8):
    """Adam's first step: m_hat = ((1 - b1) g) / (1 - b1) = g and v_hat = g^2 exactly (the two 1 - b1 are the same
    float), so m_hat / (sqrt(v_hat) + eps) = g / (|g| + eps), eps as the dtype holds it; eps = 0: g / |g|, NaN at 0."""
    e = held(dtype, eps) if eps else mpf(0)

    def d(g):
        if e == 0 and g == 0:
            return NAN
        return g / (abs(g) + e)
    return d


def adam_step(dtype, eps=1e-8):
    lr, d = held(dtype, 1e-3), adam_dir(dtype, eps)
    return lambda g: sum(c * lr * d(u) for c, u in zip(CW, g))


def amsgrad(dtype):
    lr, e = held(dtype, 1e-3), held(dtype, 1e-8)
    return lambda g, v, vhat: lr * g / (mpmath.sqrt(max(vhat, v)) + e)


def rmsprop(dtype):
    c, lr, e = held(dtype, 1 - 0.9), held(dtype, 0.01), held(dtype, 1e-8)

    def f(w):
        g = grad_train(w)
        return val([u - lr * a / (mpmath.sqrt(c * a * a) + e) for u, a in zip(w, g)])
    return f


def adagrad(dtype, inside=False):
    lr, e = held(dtype, 0.1), held(dtype, 1e-8)

    def f(w):
        g = grad_train(w)
        if inside:
            return val([u - lr * a / mpmath.sqrt(a * a + e) for u, a in zip(w, g)])
        return val([u - lr * a / (abs(a) + e) for u, a in zip(w, g)])
    return f


def adamw(dtype):
    lr, wd, d = held(dtype, 0.01), held(dtype, 0.1), adam_dir(dtype)

    def f(w):
        g = grad_train(w)
        return val([u - lr * (d(a) + wd * u) for u, a in zip(w, g)])
    return f


def adam_l2(dtype):
    lr, wd, d = held(dtype, 0.01), held(dtype, 0.1), adam_dir(dtype)

    def f(w):
        g = [a + wd * u for a, u in zip(grad_train(w), w)]
        return val([u - lr * d(a) for u, a in zip(w, g)])
    return f


def sign_sgd(w, lr):
    return val([u - lr * mpmath.sign(a) for u, a in zip(w, grad_train(w))])


def lion(dtype):
    b, c = held(dtype, 0.9), held(dtype, 1 - 0.9)

    def f(w, m, lr):
        g = grad_train(w)
        return val([u - lr * mpmath.sign(b * mi + c * a) for u, mi, a in zip(w, m, g)])
    return f


def clip_scale(g, eps=0):
    n = mpmath.sqrt(sum(u * u for u in g))
    if n + eps == 0:
        return mpf(1)  # 5 / 0 = inf: min(1, inf) = 1
    return min(mpf(1), 5 / (n + eps))


def clip_global(g):
    s = clip_scale(g)
    return sum(c * u * s for c, u in zip(CW, g))


def clip_global_eps(dtype):
    e = held(dtype, 1e-6)

    def f(g):
        s = clip_scale(g, e)
        return sum(c * u * s for c, u in zip(CW, g))
    return f


def warmup_cosine(dtype):
    pi = held(dtype, math.pi)

    def f(step, base):
        if step < 10:
            return base * step / 10
        return base * (1 + mpmath.cos(pi * (step - 10) / 100)) / 2
    return f


def step_decay(dtype):
    gamma = held(dtype, 0.1)
    return lambda step, base: base * gamma ** mpmath.floor(step / 30)


def exp_decay(dtype):
    r = held(dtype, 0.96)
    return lambda step, base: base * r ** (step / 100)


def ema_debiased(dtype, lr_dtype=None):
    """lr_dtype: the dtype the program holds lr = 0.1 in (NumPy's float64 A and B promote a float32 w to float64)."""
    lr = held(lr_dtype or dtype, 0.1)

    def f(w0, decay):
        w, ema = list(w0), [mpf(0), mpf(0)]
        for _ in range(3):
            w = [u - lr * a for u, a in zip(w, grad_train(w))]
            ema = [decay * e + (1 - decay) * u for e, u in zip(ema, w)]
        den = 1 - decay ** 3
        if den == 0:
            return NAN
        return val([e / den for e in ema])
    return f


def learned_opt(dtype):
    w1 = [[held(dtype, v) for v in row] for row in [[0.1, 0.5, -0.3], [-0.2, 0.4, 0.6]]]
    bh = [held(dtype, 0.05), held(dtype, -0.1)]
    e, lr = held(dtype, 1e-8), held(dtype, 0.01)

    def f(w, m, W2):
        g = 2 * (w - 1)
        feats = [mpmath.log(abs(g) + e), mpmath.sign(g), m]
        h = [mpmath.tanh(sum(a * b for a, b in zip(row, feats)) + c) for row, c in zip(w1, bh)]
        return (w - lr * sum(a * b for a, b in zip(W2, h)) - mpf("0.5")) ** 2 / 2
    return f


def polyak(lr, w0):
    w, total = list(w0), [mpf(0), mpf(0)]
    for _ in range(3):
        w = [u - lr * a for u, a in zip(w, grad_train(w))]
        total = [t + u for t, u in zip(total, w)]
    return val([t / 3 for t in total])


def noam(dtype):
    """base d^-0.5 min(step^-0.5, step warmup^-1.5): d^-0.5 = 1/16 exactly, warmup^-1.5 a Python float held."""
    w = held(dtype, 4000.0 ** -1.5)

    def f(step, base):
        if step < 0:
            return NAN
        first = mpmath.inf if step == 0 else 1 / mpmath.sqrt(step)
        return base / 16 * min(first, step * w)
    return f


def noam_at_0():
    """At step = 0 the program's value is min(inf, 0) = 0, but step^-0.5 (or rsqrt) is undefined below 0: the schedule
    ends here, defined from the right alone (slope base w / 16 there); by the README a function undefined beside the
    point has no derivative ("nan"; the one-sided exception is x ** y with y > 0 at a base of 0, and y here is -0.5).
    base keeps 0 (the value is 0 for every base)."""
    return {"step": NAN, "base": mpf(0)}


def clipped_sgd(dtype):
    lr = held(dtype, 0.1)
    return lambda w: val([u - lr * min(max(a, -1), 1) for u, a in zip(w, grad_train(w))])


# ------------------------------------------------------------------------------------------------- cases
P = S
W0 = [0.3, -0.2]

JAX = [
    # unrolled SGD: hypergradients in lr, mu and w0
    P(J, "momentum_unroll", F64, "ok", momentum, lr=0.1, mu=0.9, w0=W0),
    P(J, "momentum_unroll", F32, "ok", momentum, lr=0.1, mu=0.9, w0=W0),
    P(J, "momentum_unroll", F64, "ok", momentum, lr=0.0, mu=0.0, w0=[0.25, -0.7]),
    P(J, "nesterov_unroll", F64, "ok", nesterov, lr=0.1, mu=0.9, w0=W0),
    P(J, "nesterov_unroll", F32, "ok", nesterov, lr=0.25, mu=0.5, w0=[1.0, -1.0]),
    # MAML on the logistic loss
    P(J, "maml_logistic", F64, "ok", maml, w=[0.3, -0.7], alpha=0.5),
    P(J, "maml_logistic", F64, "ok", maml, w=[-800.0, 0.0], alpha=0.1),
    P(J, "maml_logistic", F32, "ok", maml, w=[-100.0, 0.0], alpha=0.1),
    P(J, "maml_logistic_naive", F64, "unstable", maml, w=[-800.0, 0.0], alpha=0.1),
    P(J, "maml_logistic_naive", F32, "unstable", maml, w=[-100.0, 0.0], alpha=0.1),
    P(J, "hyper_wd", F64, "ok", hyper_wd, lr=0.5, wd=0.01),
    # Adam
    P(J, "adam_step", F64, "unstable", adam_step(F64), g=[0.5, -0.25]),  # eps / (|g| + eps)^2 = 4e-11 by two paths cancelling
    P(J, "adam_step", F32, "unstable", adam_step(F32), g=[0.5, -0.25]),
    P(J, "adam_step", F64, "ok", adam_step(F64), g=[1e-8, -3e-9]),  # |g| near eps
    P(J, "adam_step", F64, "wrong", adam_step(F64), g=[0.0, 0.0]),  # sqrt'(0) = inf times 0: NaN for lr / eps
    P(J, "adam_step", F32, "wrong", adam_step(F32), g=[0.0, 0.0]),
    P(J, "adam_step_eps0", F64, "ok", adam_step(F64, 0), g=[0.5, -0.25]),  # g / |g|: slopes 0
    Nan(J, "adam_step_eps0", F64, "domain", g=[0.0, 0.0]),  # 0 / 0, a jump from -1 to 1
    Nan(J, "adam_b2_one", F64, "domain", g=[0.5, -0.25]),  # v_hat = 0 / 0 whatever g is
    P(J, "amsgrad", F64, "domain", amsgrad(F64), g=0.5, v=0.04, vhat=0.04),  # the max's tie
    P(J, "amsgrad", F32, "domain", amsgrad(F32), g=0.5, v=0.04, vhat=0.04),
    P(J, "amsgrad", F64, "ok", amsgrad(F64), g=0.5, v=0.04, vhat=0.09),
    # RMSprop, Adagrad from a zero accumulator
    P(J, "rmsprop_step", F64, "ok", rmsprop(F64), w=W0),
    P(J, "rmsprop_step", F64, "wrong", rmsprop(F64), w=[1.0, -1.0]),  # g = 0: slopes 1 - 0.01 A / (eps)
    P(J, "adagrad_step", F64, "wrong", adagrad(F64), w=[1.0, -1.0]),
    P(J, "adagrad_eps_in", F64, "ok", adagrad(F64, True), w=[1.0, -1.0]),
    # weight decay
    P(J, "adamw_step", F64, "ok", adamw(F64), w=W0),
    P(J, "adamw_step", F64, "wrong", adamw(F64), w=[1.0, -1.0]),
    P(J, "adam_l2_step", F64, "ok", adam_l2(F64), w=[1.0, -1.0]),  # the decay keeps g off 0
    # sign methods
    P(J, "sign_sgd", F64, "ok", sign_sgd, w=W0, lr=0.1),
    P(J, "sign_sgd", F64, "domain", sign_sgd, w=[1.0, -0.2], lr=0.1),  # g[0] = 0: sign jumps
    P(J, "lion_step", F32, "ok", lion(F32), w=W0, m=[0.5, -0.5], lr=0.1),
    P(J, "lion_step", F64, "domain", lion(F64), w=[1.0, -1.0], m=[0.0, 0.0], lr=0.1),
    # clipping by the global norm
    P(J, "clip_global", F64, "domain", clip_global, g=[3.0, 4.0]),  # ||g|| = c: min's tie, a kink
    P(J, "clip_global", F32, "domain", clip_global, g=[3.0, 4.0]),
    P(J, "clip_global", F64, "ok", clip_global, g=[6.0, 8.0]),
    P(J, "clip_global", F64, "wrong", clip_global, g=[0.0, 0.0]),  # 5 / 0 = inf, min 1: slopes CW; NaN given
    P(J, "clip_global_eps", F64, "ok", clip_global_eps(F64), g=[3.0, 4.0]),
    P(J, "clip_global_eps", F64, "wrong", clip_global_eps(F64), g=[0.0, 0.0]),
    # schedules
    P(J, "warmup_cosine", F64, "domain", warmup_cosine(F64), step=10.0, base=0.1),
    P(J, "warmup_cosine", F32, "domain", warmup_cosine(F32), step=10.0, base=0.1),
    P(J, "warmup_cosine", F32, "ok", warmup_cosine(F32), step=60.0, base=0.1),
    P(J, "step_decay", F64, "domain", step_decay(F64), step=60.0, base=0.1),
    P(J, "step_decay", F32, "ok", step_decay(F32), step=45.0, base=0.1),
    P(J, "exp_decay", F64, "ok", exp_decay(F64), step=250.0, base=0.1),
    P(J, "exp_decay", F32, "ok", exp_decay(F32), step=1e6, base=0.1),  # 0.96^10000 = 1.6e-178: float32's 0
    P(J, "noam", F64, "ok", noam(F64), step=100.0, base=0.1),
    Hand(J, "noam", F64, "domain", noam_at_0, step=0.0, base=0.1),  # ends at 0: F1 (mended)
    P(J, "noam", F64, "ok", noam(F64), step=4000.0, base=0.1),  # the warmup's end: held 4000^-1.5 keeps them apart
    # EMA
    P(J, "ema_debiased", F64, "ok", ema_debiased(F64), w0=W0, decay=0.9),
    P(J, "ema_debiased", F32, "unstable", ema_debiased(F32), w0=W0, decay=0.9999),  # 1 - decay^3 = 3e-4 cancels
    Nan(J, "ema_debiased", F64, "domain", w0=W0, decay=1.0),
    # learned optimiser
    P(J, "learned_opt", F64, "ok", learned_opt(F64), w=2.0, m=0.3, W2=[0.5, -1.0]),
    P(J, "learned_opt", F32, "ok", learned_opt(F32), w=2.0, m=0.3, W2=[0.5, -1.0]),
    P(J, "learned_opt", F64, "domain", learned_opt(F64), w=1.0, m=0.3, W2=[0.5, -1.0]),  # g = 0: sign jumps
    # custom rules
    P(J, "clipped_sgd", F64, "ok", clipped_sgd(F64), w=[1.25, -1.0]),
    P(J, "clipped_sgd", F64, "domain", clipped_sgd(F64), w=[1.5, -1.0]),  # g[0] = 1: clip's edge
    P(J, "clip_st_sum", F64, "wrong", clip_global, "def _clip_st_bwd", g=[6.0, 8.0]),
    P(J, "clip_st_sum", F64, "ok", clip_global, g=[0.3, 0.4]),
]

TORCH = [
    P(T_, "momentum_unroll", F64, "ok", momentum, lr=0.1, mu=0.9, w0=W0),
    P(T_, "maml_logistic", F64, "ok", maml, w=[-800.0, 0.0], alpha=0.1),  # F.softplus past its threshold 20
    P(T_, "maml_logistic_naive", F64, "unstable", maml, w=[-800.0, 0.0], alpha=0.1),
    P(T_, "maml_logistic_naive", F32, "unstable", maml, w=[-100.0, 0.0], alpha=0.1),
    P(T_, "adam_step", F64, "unstable", adam_step(F64), g=[0.5, -0.25]),
    P(T_, "adam_step", F64, "wrong", adam_step(F64), g=[0.0, 0.0]),
    P(T_, "rmsprop_step", F32, "ok", rmsprop(F32), w=W0),
    P(T_, "rmsprop_step", F64, "wrong", rmsprop(F64), w=[1.0, -1.0]),
    P(T_, "adamw_step", F32, "ok", adamw(F32), w=W0),
    P(T_, "sign_sgd", F64, "domain", sign_sgd, w=[1.0, -0.2], lr=0.1),
    P(T_, "clip_global", F64, "domain", clip_global, g=[3.0, 4.0]),
    P(T_, "clip_global", F64, "wrong", clip_global, g=[0.0, 0.0]),  # (g / n).masked_fill(n == 0, 0) times NaN
    P(T_, "clip_grad_norm", F64, "ok", clip_global_eps(F64), g=[3.0, 4.0]),
    P(T_, "clip_grad_norm", F64, "ok", clip_global_eps(F64), g=[0.0, 0.0]),
    P(T_, "clip_grad_norm", F32, "ok", clip_global_eps(F32), g=[6.0, 8.0]),
    P(T_, "warmup_cosine", F64, "domain", warmup_cosine(F64), step=10.0, base=0.1),
    P(T_, "warmup_cosine", F32, "ok", warmup_cosine(F32), step=5.0, base=0.1),
    P(T_, "learned_opt", F64, "ok", learned_opt(F64), w=2.0, m=0.3, W2=[0.5, -1.0]),
    P(T_, "learned_opt", F64, "domain", learned_opt(F64), w=1.0, m=0.3, W2=[0.5, -1.0]),
    P(T_, "clipped_sgd", F64, "ok", clipped_sgd(F64), w=[1.25, -1.0]),
    P(T_, "sign_ste_sgd", F64, "wrong", sign_sgd, "class SignSTE>>def backward(ctx, grad):", w=W0, lr=0.1),
    P(T_, "sign_ste_sgd", F64, "ok", sign_sgd, w=[0.3, -4.0], lr=0.1),  # |g| > 1: the estimator's 0 too
]

TF = [
    P(K, "momentum_unroll", F64, "ok", momentum, lr=0.1, mu=0.9, w0=W0),
    P(K, "maml_logistic", F64, "ok", maml, w=[-800.0, 0.0], alpha=0.1),
    P(K, "maml_logistic_naive", F64, "unstable", maml, w=[-800.0, 0.0], alpha=0.1),
    P(K, "adam_step", F64, "unstable", adam_step(F64), g=[0.5, -0.25]),
    P(K, "adam_step", F64, "ok", adam_step(F64), g=[0.0, 0.0]),  # TensorFlow's own gradient is finite here
    P(K, "clip_global", F64, "domain", clip_global, g=[3.0, 4.0]),
    P(K, "clip_global", F64, "ok", clip_global, g=[6.0, 8.0]),
    P(K, "clip_global", F64, "wrong", clip_global, g=[0.0, 0.0]),
    P(K, "clip_norm", F64, "ok", clip_global, g=[0.0, 0.0]),  # tf.clip_by_norm's where guards the root
    P(K, "clip_norm", F64, "domain", clip_global, g=[3.0, 4.0]),
    P(K, "warmup_cosine", F32, "domain", warmup_cosine(F32), step=10.0, base=0.1),
    P(K, "warmup_cosine", F64, "ok", warmup_cosine(F64), step=60.0, base=0.1),
    P(K, "step_decay", F64, "domain", step_decay(F64), step=60.0, base=0.1),
    P(K, "step_decay", F64, "ok", step_decay(F64), step=45.0, base=0.1),
    Hand(K, "noam", F64, "domain", noam_at_0, step=0.0, base=0.1),  # rsqrt: undefined below 0
    P(K, "noam", F32, "ok", noam(F32), step=100.0, base=0.1),
    P(K, "sign_sgd", F32, "ok", sign_sgd, w=W0, lr=0.1),
    P(K, "clip_custom", F64, "ok", clip_global, g=[6.0, 8.0]),
    P(K, "clip_custom", F32, "ok", clip_global, g=[6.0, 8.0]),
    P(K, "clip_custom_slipped", F64, "wrong", clip_global, "def _clip_slipped>>def grad(dy):", g=[6.0, 8.0]),
    P(K, "clip_custom_slipped", F64, "ok", clip_global, g=[0.3, 0.4]),  # unclipped: s = 1, nothing forgotten
]

NUMPY = [
    P(N, "momentum_unroll", F64, "ok", momentum, lr=0.1, mu=0.9, w0=W0),
    P(N, "adam_step", F64, "unstable", adam_step(F64), g=[0.5, -0.25]),
    P(N, "adam_step", F64, "wrong", adam_step(F64), g=[0.0, 0.0]),
    P(N, "amsgrad", F64, "domain", amsgrad(F64), g=0.5, v=0.04, vhat=0.04),
    P(N, "amsgrad", F64, "ok", amsgrad(F64), g=0.5, v=0.09, vhat=0.04),
    P(N, "rmsprop_step", F64, "wrong", rmsprop(F64), w=[1.0, -1.0]),
    P(N, "clip_global", F64, "domain", clip_global, g=[3.0, 4.0]),
    P(N, "clip_global", F64, "wrong", clip_global, g=[0.0, 0.0]),
    P(N, "clip_global_eps", F64, "ok", clip_global_eps(F64), g=[3.0, 4.0]),
    P(N, "sign_sgd", F64, "domain", sign_sgd, w=[1.0, -0.2], lr=0.1),
    P(N, "lion_step", F64, "ok", lion(F64), w=W0, m=[0.5, -0.5], lr=0.1),
    P(N, "warmup_cosine", F64, "domain", warmup_cosine(F64), step=10.0, base=0.1),
    P(N, "warmup_cosine", F64, "ok", warmup_cosine(F64), step=110.0, base=0.1),
    P(N, "exp_decay", F32, "ok", exp_decay(F32), step=1e6, base=0.1),
    P(N, "polyak", F64, "ok", polyak, lr=0.1, w0=W0),
    P(N, "ema_debiased", F32, "unstable", ema_debiased(F32, F64), w0=W0, decay=0.9999),
    P(N, "learned_opt", F64, "ok", learned_opt(F64), w=2.0, m=0.3, W2=[0.5, -1.0]),
    P(N, "learned_opt", F64, "domain", learned_opt(F64), w=1.0, m=0.3, W2=[0.5, -1.0]),
]

ALL = JAX + TORCH + TF + NUMPY
