"""A user's code on gradcli.numpy, round 68c: neural-network layers and losses written from scratch, the way NumPy-from-
scratch tutorials and HIPS-autograd examples write them (batch norm with eps, without it, and with the one-pass
variance; layer norm over a matrix's rows; RMSNorm; L2-normalize bare and with an eps floor; cosine similarity with
np.maximum(norm, eps); a triplet loss on Euclidean distances, bare, with eps inside the sqrt and squared; InfoNCE with
a temperature, naive and max-shifted; label-smoothed cross-entropy; focal loss; hinge and squared hinge; Huber and
smooth-L1, and a Huber that forgets its -delta^2 / 2; a two-layer MLP with tanh, ReLU, softplus as log(1 + exp) and as
np.logaddexp, with weight decay; dropout with a fixed mask; LSTM and GRU steps with sigmoid as 1 / (1 + exp(-x)) and
a where-"stable" sigmoid; attention with a -1e9 mask, a -inf mask and BERT's additive mask; max-pooling by np.max over
windows and by np.maximum of shifted slices; average pooling; a 1-D convolution by np.convolve and by loops; MSE with
targets near 1e4, direct and expanded), checked at ordinary points, at kinks and ties, at exactly-zero variances and
norms, and where the naive forms overflow."""

import gradcli.numpy as np

EPS = 1e-5
READ = (0.3, -1.2, 0.5, 0.8)  # a fixed linear read-out (the next layer), Python floats


def _read(y):
    total = 0.0
    for k in range(y.shape[0]):
        total = total + READ[k] * y[k]
    return total


def _sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


# --- normalisation layers ---------------------------------------------------------------------------------------------

def batch_norm(x):
    """x_hat = (x - mean) / sqrt(var + eps) over a batch of one feature."""
    mu = np.mean(x)
    var = np.mean((x - mu) ** 2)
    return _read((x - mu) / np.sqrt(var + EPS))


def batch_norm_noeps(x):
    mu = np.mean(x)
    var = np.mean((x - mu) ** 2)
    return _read((x - mu) / np.sqrt(var))


def batch_norm_onepass(x):
    """The running-statistics shortcut: var = E[x^2] - E[x]^2."""
    mu = np.mean(x)
    var = np.mean(x * x) - mu * mu
    return _read((x - mu) / np.sqrt(var + EPS))


def batch_norm_affine(x, gamma, beta):
    xhat = (x - np.mean(x)) / np.sqrt(np.var(x) + EPS)
    return _read(gamma * xhat + beta)


LN_OUT = [[0.3, -1.2, 0.5], [0.8, 0.1, -0.4]]


def layer_norm(x):
    """Layer norm over each row of a 2 x 3 batch, then a fixed read-out."""
    mu = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    y = (x - mu) / np.sqrt(var + 1e-5)
    return np.sum(y * np.array(LN_OUT))


def rms_norm(x):
    return _read(x / np.sqrt(np.mean(x ** 2) + 1e-6))


def l2_normalize(x):
    return _read(x / np.linalg.norm(x))


def l2_normalize_sqrt(x):
    return _read(x / np.sqrt(np.sum(x * x)))


def l2_normalize_eps(x):
    """F.normalize's x / max(||x||, eps)."""
    return _read(x / np.maximum(np.linalg.norm(x), 1e-12))


def cosine_eps(a, b):
    return np.dot(a, b) / np.maximum(np.linalg.norm(a) * np.linalg.norm(b), 1e-8)


# --- metric-learning and contrastive losses ---------------------------------------------------------------------------

def triplet(a, p, n):
    d_ap = np.sqrt(np.sum((a - p) ** 2))
    d_an = np.sqrt(np.sum((a - n) ** 2))
    return np.maximum(d_ap - d_an + 1.0, 0.0)


def triplet_eps(a, p, n):
    d_ap = np.sqrt(np.sum((a - p) ** 2) + 1e-12)
    d_an = np.sqrt(np.sum((a - n) ** 2) + 1e-12)
    return np.maximum(d_ap - d_an + 1.0, 0.0)


def triplet_squared(a, p, n):
    return np.maximum(np.sum((a - p) ** 2) - np.sum((a - n) ** 2) + 0.2, 0.0)


KEYS = [[0.6, 0.8], [1.0, 0.0], [0.0, -1.0], [-0.8, 0.6]]  # key 0 is the positive


def info_nce_naive(q, temp):
    logits = np.array(KEYS) @ q / temp
    return -logits[0] + np.log(np.sum(np.exp(logits)))


def info_nce(q, temp):
    logits = np.array(KEYS) @ q / temp
    m = np.max(logits)
    return -logits[0] + m + np.log(np.sum(np.exp(logits - m)))


SMOOTH = [1.0 - 0.1 + 0.1 / 4, 0.1 / 4, 0.1 / 4, 0.1 / 4]  # label smoothing 0.1 over 4 classes, target 0


def label_smooth_naive(z):
    p = np.exp(z) / np.sum(np.exp(z))
    logp = np.log(p)
    return -(SMOOTH[0] * logp[0] + SMOOTH[1] * logp[1] + SMOOTH[2] * logp[2] + SMOOTH[3] * logp[3])


def label_smooth(z):
    m = np.max(z)
    logp = z - m - np.log(np.sum(np.exp(z - m)))
    return -(SMOOTH[0] * logp[0] + SMOOTH[1] * logp[1] + SMOOTH[2] * logp[2] + SMOOTH[3] * logp[3])


def focal(p):
    """-(1 - p)^gamma log p for the true class, gamma = 2."""
    return -((1.0 - p) ** 2.0) * np.log(p)


def focal_half(p):
    return -((1.0 - p) ** 0.5) * np.log(p)


def focal_logits(z):
    p = 1.0 / (1.0 + np.exp(-z))
    return -((1.0 - p) ** 2.0) * np.log(p)


LABELS = [1.0, -1.0, 1.0]


def hinge(s):
    return np.sum(np.maximum(0.0, 1.0 - np.array(LABELS) * s))


def squared_hinge(s):
    return np.sum(np.maximum(0.0, 1.0 - np.array(LABELS) * s) ** 2)


def huber(r):
    a = np.abs(r)
    return np.sum(np.where(a <= 1.0, 0.5 * r ** 2, a - 0.5))


def huber_delta(r, delta):
    a = np.abs(r)
    return np.sum(np.where(a <= delta, 0.5 * r ** 2, delta * (a - 0.5 * delta)))


def huber_forgot(r):
    """A Huber that forgets the -delta^2 / 2 of its linear part (delta = 1)."""
    a = np.abs(r)
    return np.sum(np.where(a <= 1.0, 0.5 * r ** 2, a))


def smooth_l1(r):
    """Smooth-L1 with beta = 0.1."""
    a = np.abs(r)
    return np.sum(np.where(a < 0.1, 0.5 * r ** 2 / 0.1, a - 0.5 * 0.1))


# --- a two-layer MLP --------------------------------------------------------------------------------------------------

X = [[0.5, -1.0], [1.5, 0.25], [-0.5, 2.0]]
Y = [0.2, -0.4, 1.0]


def _mlp(W1, w2, act):
    h = act(np.array(X) @ W1.T)
    err = h @ w2 - np.array(Y)
    return np.mean(err ** 2) + 0.5 * 1e-4 * (np.sum(W1 ** 2) + np.sum(w2 ** 2))


def mlp_tanh(W1, w2):
    return _mlp(W1, w2, np.tanh)


def mlp_relu(W1, w2):
    return _mlp(W1, w2, lambda a: np.maximum(a, 0.0))


def mlp_softplus_naive(W1, w2):
    return _mlp(W1, w2, lambda a: np.log(1.0 + np.exp(a)))


def mlp_softplus(W1, w2):
    return _mlp(W1, w2, lambda a: np.logaddexp(0.0, a))


MASK = [1.0, 0.0, 1.0, 1.0]


def dropout(x):
    """Inverted dropout with a fixed mask, p = 0.25."""
    return _read(x * np.array(MASK) / (1.0 - 0.25))


# --- recurrent cells --------------------------------------------------------------------------------------------------

def lstm_step(x):
    """One LSTM step from c0 = 0.5 with scalar gates."""
    i = _sigmoid(2.0 * x)
    f = _sigmoid(0.5 - x)
    o = _sigmoid(x)
    g = np.tanh(x)
    c = f * 0.5 + i * g
    return o * np.tanh(c) + c


def gru_step(x, h):
    z = _sigmoid(0.5 * x + 2.0 * h)
    r = _sigmoid(h - x)
    n = np.tanh(1.5 * x + 0.8 * r * h)
    return (1.0 - z) * n + z * h


def sigmoid_where(x):
    """The "stable" sigmoid by np.where: both branches run."""
    s = np.where(x >= 0, 1.0 / (1.0 + np.exp(-x)), np.exp(x) / (1.0 + np.exp(x)))
    return _read(s)


def sigmoid_logaddexp(x):
    return _read(np.exp(-np.logaddexp(0.0, -x)))


# --- attention --------------------------------------------------------------------------------------------------------

K_ATT = [[1.0, 0.5], [-0.5, 1.0], [0.25, -1.0]]
V_ATT = [[0.3, -1.0], [1.2, 0.4], [-0.7, 0.9]]
KEEP = [True, True, False]
NONE = [False, False, False]


def _attend(q, keep, fill):
    s = np.array(K_ATT) @ q / np.sqrt(2.0)
    s = np.where(np.array(keep), s, fill)
    e = np.exp(s - np.max(s))
    p = e / np.sum(e)
    return _read(p @ np.array(V_ATT))


def attention_1e9(q):
    return _attend(q, KEEP, -1e9)


def attention_inf(q):
    return _attend(q, KEEP, -np.inf)


def attention_none_1e9(q):
    return _attend(q, NONE, -1e9)


def attention_none_inf(q):
    return _attend(q, NONE, -np.inf)


def attention_additive(q):
    """BERT's additive mask: scores + (1 - keep) * -10000."""
    s = np.array(K_ATT) @ q / np.sqrt(2.0) + (1.0 - np.array(KEEP, dtype=float)) * -10000.0
    e = np.exp(s - np.max(s))
    return _read((e / np.sum(e)) @ np.array(V_ATT))


def attention_unshifted(q):
    s = np.array(K_ATT) @ q / np.sqrt(2.0)
    e = np.exp(s)
    return _read((e / np.sum(e)) @ np.array(V_ATT))


# --- pooling and convolution ------------------------------------------------------------------------------------------

def max_pool(x):
    """Non-overlapping windows of 2: np.max over a reshape."""
    return _read(np.max(x.reshape(2, 2), axis=1))


def max_pool_overlap(x):
    """Windows of 2 with stride 1, by np.maximum of shifted slices."""
    return _read(np.maximum(x[:-1], x[1:]))


def max_plus_min(x):
    """max + min of each window of 2: the sum of the window, smooth through a tie."""
    w = x.reshape(2, 2)
    return _read(np.max(w, axis=1) + np.min(w, axis=1))


def avg_pool(x):
    return _read(np.mean(x.reshape(2, 2), axis=1))


KERNEL = [0.25, -0.5, 1.0]


def conv1d(x):
    return _read(np.convolve(x, np.array(KERNEL), mode="valid") ** 2)


def conv1d_loop(x):
    out = []
    for i in range(x.shape[0] - 2):
        out.append(KERNEL[2] * x[i] + KERNEL[1] * x[i + 1] + KERNEL[0] * x[i + 2])
    return _read(np.stack(out) ** 2)


def conv1d_kernel(x, k):
    """A learned kernel: cross-correlation by a loop, then ReLU."""
    out = []
    for i in range(x.shape[0] - k.shape[0] + 1):
        out.append(np.sum(x[i:i + k.shape[0]] * k))
    return _read(np.maximum(np.stack(out), 0.0))


# --- mean-squared error with large targets ----------------------------------------------------------------------------

TARGETS = [10000.0, 10001.5, 9999.25]


def mse(pred):
    t = np.asarray(TARGETS, dtype=pred.dtype)
    return np.mean((pred - t) ** 2)


def mse_expanded(pred):
    """mean(p^2) - 2 mean(p t) + mean(t^2), as an expanded quadratic."""
    t = np.asarray(TARGETS, dtype=pred.dtype)
    return np.mean(pred ** 2) - 2.0 * np.mean(pred * t) + np.mean(t ** 2)
