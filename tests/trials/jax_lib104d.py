"""A user's JAX code, hundred-and-fourth round (d): meta-learning and hyperparameter gradients, differentiated THROUGH
optimiser updates, on a tiny quadratic 0.5 * sum(A (w - B)^2) and a tiny logistic loss: three unrolled steps of SGD
with heavy-ball momentum and with Nesterov's (the inner gradient by jax.grad inside the function), differentiated in
the learning rate, the momentum and the initial weights; MAML's two inner steps on a logistic loss (jax.nn.softplus,
and log(1 + exp(-m)) by hand); Adam's first update m_hat / (sqrt(v_hat) + eps) with bias correction 1 - beta^t (eps
1e-8 and 0, beta2 = 1 exactly); AMSGrad's maximum; RMSprop and Adagrad from a zero accumulator (eps outside and inside
the root); signSGD and Lion (jnp.sign); clipping by the global norm g * min(1, c / ||g||) (jnp.linalg.norm, bare and
with + 1e-6 as torch's clip_grad_norm_ writes it); AdamW's decoupled weight decay and Adam with an L2 term in the
gradient; learning-rate schedules (linear warmup then cosine decay, step decay by floor, exponential decay); an EMA of
the iterates with its bias correction; a learned optimiser's tiny MLP on (log(|g| + eps), sign(g), m); and two
jax.custom_vjp rules: a clip of the update whose rule masks the cotangent (right), and a global-norm clip whose rule is
straight-through (slipped)."""

import jax
import jax.numpy as jnp
import numpy as np

A = np.array([2.0, 0.5])  # the training quadratic's curvatures
B = np.array([1.0, -1.0])  # its minimum
C = np.array([0.5, 0.5])  # the validation quadratic's minimum
CW = np.array([1.0, -2.0])  # a read-out of an update
X = np.array([[1.0, 2.0], [-1.5, 0.5]])  # two training examples
Y = np.array([1.0, -1.0])
XV = np.array([0.5, -1.0])  # one validation example, label +1
LR, B1, B2, EPS = 1e-3, 0.9, 0.999, 1e-8
CLIP = 5.0


def _t(a, like):
    return jnp.asarray(a, dtype=like.dtype)


def _train(w):
    return 0.5 * jnp.sum(_t(A, w) * (w - _t(B, w)) ** 2)


def _val(w):
    return 0.5 * jnp.sum((w - _t(C, w)) ** 2)


# ------------------------------------------------------------------------------------------------- unrolled SGD
def momentum_unroll(lr, mu, w0):
    """Three heavy-ball steps v = mu v + g, w = w - lr v; the validation loss after them."""
    w, v = w0, jnp.zeros_like(w0)
    for _ in range(3):
        g = jax.grad(_train)(w)
        v = mu * v + g
        w = w - lr * v
    return _val(w)


def nesterov_unroll(lr, mu, w0):
    """Three Nesterov steps as torch.optim.SGD(nesterov=True) takes them: w = w - lr (g + mu v)."""
    w, v = w0, jnp.zeros_like(w0)
    for _ in range(3):
        g = jax.grad(_train)(w)
        v = mu * v + g
        w = w - lr * (g + mu * v)
    return _val(w)


def _logistic(w):
    return jnp.mean(jax.nn.softplus(-_t(Y, w) * (_t(X, w) @ w)))


def _logistic_naive(w):
    return jnp.mean(jnp.log(1.0 + jnp.exp(-_t(Y, w) * (_t(X, w) @ w))))


def maml_logistic(w, alpha):
    """MAML: two inner steps on the training examples, the validation loss at the adapted weights."""
    for _ in range(2):
        w = w - alpha * jax.grad(_logistic)(w)
    return jax.nn.softplus(-(_t(XV, w) @ w))


def maml_logistic_naive(w, alpha):
    for _ in range(2):
        w = w - alpha * jax.grad(_logistic_naive)(w)
    return jnp.log(1.0 + jnp.exp(-(_t(XV, w) @ w)))


def hyper_wd(lr, wd):
    """Three SGD steps on the logistic loss plus 0.5 wd ||w||^2 from w0 = [0.5, -0.5]; the validation loss."""
    w = jnp.asarray([0.5, -0.5], dtype=lr.dtype)
    for _ in range(3):
        w = w - lr * jax.grad(lambda u: _logistic(u) + 0.5 * wd * jnp.sum(u * u))(w)
    return jax.nn.softplus(-(_t(XV, w) @ w))


# ------------------------------------------------------------------------------------------------- Adam and kin
def _adam_dir(g, eps=EPS, b2=B2):
    """Adam's first step (t = 1, m = v = 0 before it): m_hat / (sqrt(v_hat) + eps)."""
    t = 1
    m = (1 - B1) * g
    v = (1 - b2) * g * g
    m_hat = m / (1 - B1 ** t)
    v_hat = v / (1 - b2 ** t)
    return m_hat / (jnp.sqrt(v_hat) + eps)


def adam_step(g):
    return jnp.sum(_t(CW, g) * LR * _adam_dir(g))


def adam_step_eps0(g):
    return jnp.sum(_t(CW, g) * LR * _adam_dir(g, eps=0.0))


def adam_b2_one(g):
    """beta2 = 1 exactly: v_hat = 0 / (1 - 1^t)."""
    return jnp.sum(_t(CW, g) * LR * _adam_dir(g, b2=1.0))


def amsgrad(g, v, vhat):
    """AMSGrad's step on the larger of the running maximum vhat and the new second moment v."""
    vmax = jnp.maximum(vhat, v)
    return LR * g / (jnp.sqrt(vmax) + EPS)


def rmsprop_step(w):
    """One RMSprop step (rho 0.9, lr 0.01) from a zero accumulator: the validation loss after it."""
    g = jax.grad(_train)(w)
    s = (1 - 0.9) * g * g
    return _val(w - 0.01 * g / (jnp.sqrt(s) + EPS))


def adagrad_step(w):
    g = jax.grad(_train)(w)
    acc = 0.0 + g * g
    return _val(w - 0.1 * g / (jnp.sqrt(acc) + EPS))


def adagrad_eps_in(w):
    """Adagrad with eps inside the root, as optax.adagrad writes it."""
    g = jax.grad(_train)(w)
    acc = 0.0 + g * g
    return _val(w - 0.1 * g / jnp.sqrt(acc + EPS))


def adamw_step(w):
    """AdamW's first step (lr 0.01, decoupled weight decay 0.1)."""
    g = jax.grad(_train)(w)
    return _val(w - 0.01 * (_adam_dir(g) + 0.1 * w))


def adam_l2_step(w):
    """Adam with the decay coupled: L2's 0.1 w added to the gradient first."""
    g = jax.grad(_train)(w) + 0.1 * w
    return _val(w - 0.01 * _adam_dir(g))


# ------------------------------------------------------------------------------------------------- sign methods
def sign_sgd(w, lr):
    g = jax.grad(_train)(w)
    return _val(w - lr * jnp.sign(g))


def lion_step(w, m, lr):
    """Lion's update sign(beta1 m + (1 - beta1) g), beta1 = 0.9."""
    g = jax.grad(_train)(w)
    c = 0.9 * m + (1 - 0.9) * g
    return _val(w - lr * jnp.sign(c))


# ------------------------------------------------------------------------------------------------- clipping
def clip_global(g):
    """Clipping by the global norm, g * min(1, c / ||g||), c = 5."""
    scale = jnp.minimum(1.0, CLIP / jnp.linalg.norm(g))
    return jnp.sum(_t(CW, g) * g * scale)


def clip_global_eps(g):
    """The same with torch.nn.utils.clip_grad_norm_'s + 1e-6."""
    scale = jnp.minimum(1.0, CLIP / (jnp.linalg.norm(g) + 1e-6))
    return jnp.sum(_t(CW, g) * g * scale)


# ------------------------------------------------------------------------------------------------- schedules
def warmup_cosine(step, base):
    """Linear warmup over 10 steps, then cosine decay to 0 at step 110."""
    warm = base * step / 10.0
    cos = base * 0.5 * (1.0 + jnp.cos(jnp.pi * (step - 10.0) / (110.0 - 10.0)))
    return jnp.where(step < 10.0, warm, cos)


def step_decay(step, base):
    """StepLR: base * 0.1 ** floor(step / 30)."""
    return base * 0.1 ** jnp.floor(step / 30.0)


def exp_decay(step, base):
    """ExponentialDecay: base * 0.96 ** (step / 100)."""
    return base * 0.96 ** (step / 100.0)


# ------------------------------------------------------------------------------------------------- averaging
def ema_debiased(w0, decay):
    """Three SGD steps (lr 0.1), an EMA of the iterates from 0, debiased by 1 - decay^3; the validation loss of it."""
    w, ema = w0, jnp.zeros_like(w0)
    for _ in range(3):
        w = w - 0.1 * jax.grad(_train)(w)
        ema = decay * ema + (1 - decay) * w
    return _val(ema / (1 - decay ** 3))


# ------------------------------------------------------------------------------------------------- learned optimiser
W1 = np.array([[0.1, 0.5, -0.3], [-0.2, 0.4, 0.6]])
BH = np.array([0.05, -0.1])


def learned_opt(w, m, W2):
    """A learned optimiser's MLP on (log(|g| + 1e-8), sign(g), m) for the scalar w of 0.5 * 2 (w - 1)^2; the
    validation loss 0.5 (w1 - 0.5)^2 after its step w1 = w - 0.01 * out."""
    g = jax.grad(lambda u: (u - 1.0) ** 2)(w)
    feats = jnp.stack([jnp.log(jnp.abs(g) + 1e-8), jnp.sign(g), m])
    h = jnp.tanh(_t(W1, w) @ feats + _t(BH, w))
    w1 = w - 0.01 * jnp.sum(W2 * h)
    return 0.5 * (w1 - 0.5) ** 2


# ------------------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def clip1(x):
    return jnp.clip(x, -1.0, 1.0)


def _clip1_fwd(x):
    return jnp.clip(x, -1.0, 1.0), x


def _clip1_bwd(x, ct):
    return (ct * (jnp.abs(x) < 1.0),)


clip1.defvjp(_clip1_fwd, _clip1_bwd)


def clipped_sgd(w):
    """SGD (lr 0.1) on the update clipped to [-1, 1] entrywise, by the custom rule."""
    g = jax.grad(_train)(w)
    return _val(w - 0.1 * clip1(g))


@jax.custom_vjp
def clip_st(g):
    return g * jnp.minimum(1.0, CLIP / jnp.linalg.norm(g))


def _clip_st_fwd(g):
    return clip_st(g), None


def _clip_st_bwd(_, ct):
    """Straight-through: the cotangent handed back unchanged, as if nothing were clipped."""
    return (ct,)


clip_st.defvjp(_clip_st_fwd, _clip_st_bwd)


def clip_st_sum(g):
    return jnp.sum(_t(CW, g) * clip_st(g))


def noam(step, base):
    """The Transformer's schedule: base * d^-0.5 * min(step^-0.5, step * warmup^-1.5), d = 256, warmup = 4000."""
    return base * 256.0 ** -0.5 * jnp.minimum(step ** -0.5, step * 4000.0 ** -1.5)
