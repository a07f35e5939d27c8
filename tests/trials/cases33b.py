"""The thirty-third trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in variational autoencoders, normalising flows, contrastive image-text training, recurrent
cells, attention over padded batches, gradient clipping rules, count models and robust regression: a VAE's Gaussian KL
with exp(logvar) at logvar = -800 (exp underflows harmlessly) and at 89 in float32 (exp overflows where the KL and its
slope hold), the same KL through log(std ** 2), whose square underflows at -800, a beta-VAE's capacity term |KL - C|
beside and at its kink, a Bernoulli decoder by F.binary_cross_entropy on sigmoid probabilities (PyTorch's log clamp at
-100 and its saturated sigmoid) and Keras' binary crossentropy (its clip at 1e-7), against the logits forms, a radial
flow's log-determinant beside and at its centre (a cone), Glow's invertible 1x1 convolution read by its weight's name
(torch.slogdet) and tf.linalg.slogdet, SigLIP's pairwise sigmoid loss at a zero image embedding (F.normalize's and
tf.math.l2_normalize's eps make it linear there) and by log(sigmoid) at t = 100, nn.LSTMCell / nn.GRUCell and Keras'
GRUCell / LSTMCell stepped by hand, nn.MultiheadAttention by its in_proj_weight and with one sequence all padding,
norm clipping as an autograd.Function and as tf.custom_gradient (a value clip with its right rule at, inside and
outside its switch; a gradient clip, which no function has), a Dirichlet-multinomial likelihood by tf.math.lbeta at
concentrations of 1e8 and by rising factorials, a deep-equilibrium layer solved by Newton's method in a tf.while_loop
inside tf.function (unrolled, and by the one-step implicit trick), and Geman-McClure's robust loss, whose quotient's
slope cancels far from the data.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds, and a constant the user's code casts to the dtype is the number the dtype
holds, while a library's constant (F.normalize's and tf.math.l2_normalize's eps 1e-12, Keras' clip at 1e-7 and
1 - 1e-7) is the number the library writes, whatever the dtype: it is part of the library's mathematics, and the
float32 program's rounding of it is part of that program's rounding.
Where a function has a kink the truth is taken from each side: where the two one-sided slopes differ there is no
derivative (NaN).
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad, renamed
from cases30b import sided_grad

T, K = "torch_lib33b.py", "tf_lib33b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _at(**point):
    return ",".join(f"{name}={value}" for name, value in point.items()).replace(" ", "")


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _log_sig(x):
    return -mpmath.log1p(mpmath.exp(-x)) if x > 0 else x - mpmath.log1p(mpmath.exp(x))


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _matvec(m, v):
    return [_dot(row, v) for row in m]


# ------------------------------------------------------------------------------------------------------- VAE
def _kl(mu, logvar):
    """KL(N(mu, e^logvar) || N(0, 1)) = sum (mu^2 + e^logvar - 1 - logvar) / 2."""
    return sum((m * m + mpmath.exp(v) - 1 - v) / 2 for m, v in zip(mu, logvar))


def _kl_slopes(mu, logvar, dtype):
    """d/dmu = mu, d/dlogvar = (e^logvar - 1) / 2."""
    return hp(lambda: {"mu": _in(dtype, mu), "logvar": [(mpmath.exp(v) - 1) / 2 for v in _in(dtype, logvar)]})


def _capacity(mu, logvar):
    return 100 * abs(_kl(mu, logvar) - mpf(0.5))


# ---------------------------------------------------------------------------------------------- Bernoulli decoders
PIXELS = [0, 1, 1]


def _bce_torch(z):
    """F.binary_cross_entropy's sum: each log clamped at -100."""
    return -sum(x * max(_log_sig(v), -100) + (1 - x) * max(_log_sig(-v), -100) for v, x in zip(z, PIXELS))


def _bce_logits(z, mean=False):
    total = -sum(x * _log_sig(v) + (1 - x) * _log_sig(-v) for v, x in zip(z, PIXELS))
    return total / len(z) if mean else total


def _bce_keras(z):
    """Keras' crossentropy on probabilities: clipped to [1e-7, 1 - 1e-7] (Keras' constants, as written), the mean over
    pixels."""
    p = [min(max(_sig(v), mpf(1e-7)), mpf(1 - 1e-7)) for v in z]
    return -sum(x * mpmath.log(q) + (1 - x) * mpmath.log(1 - q) for q, x in zip(p, PIXELS)) / len(z)


# ---------------------------------------------------------------------------------------------------- flows
Z0, RADIAL_ALPHA, RADIAL_BETA = [mpf(0.5), mpf(-0.5)], mpf(0.5), mpf(2)


def _radial(z):
    d = [a - b for a, b in zip(z, Z0)]
    r = mpmath.sqrt(_dot(d, d))
    h = 1 / (RADIAL_ALPHA + r)
    f = [a + RADIAL_BETA * h * b for a, b in zip(z, d)]
    log_det = (len(z) - 1) * mpmath.log(1 + RADIAL_BETA * h) + mpmath.log(1 + RADIAL_BETA * h - RADIAL_BETA * h * h * r)
    return _dot(f, f) / 2 - log_det


GLOW_X = [[0.5, -1], [1.5, 0.25], [-0.75, 2]]


def _glow(weight):
    """0.5 sum |W x|^2 - N log|det W|."""
    det = weight[0][0] * weight[1][1] - weight[0][1] * weight[1][0]
    xs = [[mpf(v) for v in row] for row in GLOW_X]
    return sum(_dot(y, y) for y in (_matvec(weight, x) for x in xs)) / 2 - len(xs) * mpmath.log(abs(det))


# ---------------------------------------------------------------------------------------------------- SigLIP
TEXT = [[1, 0], [0.6, 0.8]]


def _siglip(dtype, scale, keras_eps=False):
    """-sum log sigmoid(label (t cos + b)) / 2, each row divided by max(|v|, 1e-12) (PyTorch) or by
    sqrt(max(|v|^2, 1e-12)) (TensorFlow), the library's eps as written, the user's text held in the dtype."""
    eps = mpf(1e-12)
    text = [_in(dtype, row) for row in TEXT]

    def unit(v):
        norm = mpmath.sqrt(max(_dot(v, v), eps)) if keras_eps else max(mpmath.sqrt(_dot(v, v)), eps)
        return [a / norm for a in v]

    def f(images):
        total = 0
        for i, img in enumerate(images):
            for j, txt in enumerate(text):
                label = 1 if i == j else -1
                total += _log_sig(label * (scale * _dot(unit(img), unit(txt)) - 10))
        return -total / 2
    return f


# -------------------------------------------------------------------------------------------- recurrent cells
LSTM_IH = [[0.5, -0.25], [0.3, 0.8], [-0.6, 0.2], [0.1, 0.4], [0.7, -0.5], [0.2, 0.9], [-0.3, 0.6], [0.4, -0.1]]
LSTM_HH = [[0.1, -0.2], [0.3, 0.05], [-0.1, 0.2], [0.25, -0.3], [0.15, 0.1], [-0.2, 0.3], [0.05, 0.2], [0.3, -0.15]]
LSTM_B = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1, 0.05, 0.3]
GRU_IH = [[0.5, -0.25], [0.3, 0.8], [-0.6, 0.2], [0.1, 0.4], [0.7, -0.5], [0.2, 0.9]]
GRU_HH = [[0.1, -0.2], [0.3, 0.05], [-0.1, 0.2], [0.25, -0.3], [0.15, 0.1], [-0.2, 0.3]]
GRU_B = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1]
SEQ = [[0.5, -1], [1, 0.25], [-0.5, 2]]
SEQ_SATURATED = [[30, -30], [30, 30], [-30, 30]]


def _torch_lstm(dtype):
    """PyTorch's LSTM cell, gates (i, f, g, o) from W_ih x + W_hh h + b_ih (b_hh zero)."""
    w_ih, w_hh, b = [_in(dtype, r) for r in LSTM_IH], [_in(dtype, r) for r in LSTM_HH], _in(dtype, LSTM_B)

    def f(x):
        h, c = [mpf(0)] * 2, [mpf(0)] * 2
        for xt in x:
            a = [p + q + s for p, q, s in zip(_matvec(w_ih, xt), _matvec(w_hh, h), b)]
            i, fg, g, o = [_sig(v) for v in a[0:2]], [_sig(v) for v in a[2:4]], [mpmath.tanh(v) for v in a[4:6]], \
                [_sig(v) for v in a[6:8]]
            c = [fv * cv + iv * gv for fv, cv, iv, gv in zip(fg, c, i, g)]
            h = [ov * mpmath.tanh(cv) for ov, cv in zip(o, c)]
        return sum(h) + sum(c)
    return f


def _torch_gru(dtype):
    """PyTorch's GRU cell, chunks (r, z, n): n = tanh(W_in x + b_in + r (W_hn h + b_hn)), h' = (1 - z) n + z h."""
    w_ih, w_hh, b = [_in(dtype, r) for r in GRU_IH], [_in(dtype, r) for r in GRU_HH], _in(dtype, GRU_B)

    def f(x):
        h = [mpf(0)] * 2
        for xt in x:
            gi = [p + s for p, s in zip(_matvec(w_ih, xt), b)]
            gh = _matvec(w_hh, h)
            r = [_sig(gi[k] + gh[k]) for k in range(2)]
            z = [_sig(gi[2 + k] + gh[2 + k]) for k in range(2)]
            n = [mpmath.tanh(gi[4 + k] + r[k] * gh[4 + k]) for k in range(2)]
            h = [(1 - z[k]) * n[k] + z[k] * h[k] for k in range(2)]
        return h[0] - 2 * h[1]
    return f


KERAS_GRU_KERNEL = [[0.5, -0.25, 0.3, 0.8, -0.6, 0.2], [0.1, 0.4, 0.7, -0.5, 0.2, 0.9]]
KERAS_GRU_RECURRENT = [[0.1, -0.2, 0.3, 0.05, -0.1, 0.2], [0.25, -0.3, 0.15, 0.1, -0.2, 0.3]]
KERAS_LSTM_KERNEL = [[0.5, -0.25, 0.3, 0.8, -0.6, 0.2, 0.1, 0.4], [0.7, -0.5, 0.2, 0.9, -0.3, 0.6, 0.4, -0.1]]
KERAS_LSTM_RECURRENT = [[0.1, -0.2, 0.3, 0.05, -0.1, 0.2, 0.25, -0.3], [0.15, 0.1, -0.2, 0.3, 0.05, 0.2, 0.3, -0.15]]


def _keras_held(rows):
    """Keras' Constant initializer makes a float32 tensor of the list, then casts it to the layer's dtype."""
    return [_in("float32", row) for row in rows]


def _row_times(v, m):
    """v M for a row vector v and a matrix given by rows."""
    return [sum(v[i] * m[i][j] for i in range(len(v))) for j in range(len(m[0]))]


def _keras_gru(dtype):
    """Keras' GRU cell (reset_after, zero biases): z, r from the first two thirds; hh = tanh(x K_h + r (h R_h))."""
    kernel, recurrent = _keras_held(KERAS_GRU_KERNEL), _keras_held(KERAS_GRU_RECURRENT)

    def f(x):
        h = [mpf(0)] * 2
        for xt in x:
            xk, hr = _row_times(xt, kernel), _row_times(h, recurrent)
            z = [_sig(xk[k] + hr[k]) for k in range(2)]
            r = [_sig(xk[2 + k] + hr[2 + k]) for k in range(2)]
            hh = [mpmath.tanh(xk[4 + k] + r[k] * hr[4 + k]) for k in range(2)]
            h = [z[k] * h[k] + (1 - z[k]) * hh[k] for k in range(2)]
        return h[0] - 2 * h[1]
    return f


def _keras_lstm(dtype):
    """Keras' LSTM cell (zero biases): gates (i, f, c, o) from x K + h R."""
    kernel, recurrent = _keras_held(KERAS_LSTM_KERNEL), _keras_held(KERAS_LSTM_RECURRENT)

    def f(x):
        h, c = [mpf(0)] * 2, [mpf(0)] * 2
        for xt in x:
            a = [p + q for p, q in zip(_row_times(xt, kernel), _row_times(h, recurrent))]
            i, fg, g, o = [_sig(v) for v in a[0:2]], [_sig(v) for v in a[2:4]], [mpmath.tanh(v) for v in a[4:6]], \
                [_sig(v) for v in a[6:8]]
            c = [fv * cv + iv * gv for fv, cv, iv, gv in zip(fg, c, i, g)]
            h = [ov * mpmath.tanh(cv) for ov, cv in zip(o, c)]
        return sum(h) + sum(c)
    return f


# -------------------------------------------------------------------------------------------------- attention
ATTN_IN = [[0.5, -0.25], [0.3, 0.8], [-0.6, 0.2], [0.1, 0.4], [0.7, -0.5], [0.2, 0.9]]
ATTN_OUT = [[1, -0.5], [0.25, 0.75]]
KEYS = [[[1, 0], [0, 1], [0.5, 0.5]], [[0.2, -0.4], [1, 1], [-1, 0.3]]]
QUERY = [[[0.5, 1]], [[-1, 0.25]]]


def _attend(in_proj, query, keys, live):
    """One head: softmax over the live keys of (W_q q . W_k k) / sqrt(2), then W_o of the weighted W_v k."""
    wq, wk, wv = in_proj[0:2], in_proj[2:4], in_proj[4:6]
    q = _matvec(wq, query)
    ks = [_matvec(wk, k) for k in keys]
    vs = [_matvec(wv, k) for k in keys]
    scores = [_dot(q, k) / mpmath.sqrt(2) for k in ks]
    top = max(s for s, on in zip(scores, live) if on)
    e = [mpmath.exp(s - top) if on else mpf(0) for s, on in zip(scores, live)]
    a = [v / sum(e) for v in e]
    mixed = [sum(a[j] * vs[j][d] for j in range(len(keys))) for d in range(2)]
    return _matvec([[mpf(v) for v in row] for row in ATTN_OUT], mixed)


def _attention_loss(in_proj):
    total = 0
    for b, live in enumerate(([True, True, False], [True, True, True])):
        out = _attend(in_proj, [mpf(v) for v in QUERY[b][0]], [[mpf(v) for v in k] for k in KEYS[b]], live)
        total += _dot(out, out)
    return total


def _attention_query(query):
    """Only the first sequence's output enters: the second query has no slope at all."""
    in_proj = [[mpf(v) for v in row] for row in ATTN_IN]
    out = _attend(in_proj, query[0][0], [[mpf(v) for v in k] for k in KEYS[0]], [True, True, False])
    return _dot(out, out) + 0 * sum(query[1][0])


# ------------------------------------------------------------------------------------------------- clipping
CLIP_WEIGHTS = [3, 4]


def _clipped(x):
    """w . x min(1, 1 / |x|)."""
    return _dot(CLIP_WEIGHTS, x) * min(1, 1 / mpmath.sqrt(_dot(x, x)))


def _identity_slopes(x):
    return lambda: {"x": [mpf(3), mpf(4)]}


# -------------------------------------------------------------------------------------------- count models
COUNTS = [3, 0, 5]


def _dm_slopes(alpha, dtype):
    """d/dalpha_i of -(lbeta(alpha + n) - lbeta(alpha)): -(psi(a_i + n_i) - psi(a_i)) + psi(A + N) - psi(A), each
    difference of digammas at a whole step the sum of 1 / (a + k), k < n."""
    def rising(a, n):
        return sum(1 / (a + k) for k in range(n))

    def truth():
        a = _in(dtype, alpha)
        total = rising(sum(a), sum(COUNTS))
        return {"alpha": [total - rising(v, n) for v, n in zip(a, COUNTS)]}
    return hp(truth)


# ------------------------------------------------------------------------------------ deep equilibrium layer
DEQ_W = [[0.3, -0.2], [0.1, 0.4]]
DEQ_READOUT = [1, -0.5]


def _deq_slopes(x, dtype):
    """z = tanh(W z + x) by Newton at 80 digits; d(readout . z)/dx = readout^T (I - S W)^-1 S, S = diag(1 - z^2)."""
    def truth():
        with mpmath.workdps(80):
            w = mpmath.matrix([_in(dtype, row) for row in DEQ_W])
            xs = mpmath.matrix(_in(dtype, x))
            z = mpmath.matrix([0, 0])
            for _ in range(60):
                a = w * z + xs
                res = z - mpmath.matrix([mpmath.tanh(v) for v in a])
                s = mpmath.diag([1 - mpmath.tanh(v) ** 2 for v in a])
                z = z - mpmath.lu_solve(mpmath.eye(2) - s * w, res)
            a = w * z + xs
            s = mpmath.diag([1 - mpmath.tanh(v) ** 2 for v in a])
            readout = mpmath.matrix([DEQ_READOUT]).T
            grad = ((mpmath.eye(2) - s * w).T ** -1 * readout).T * s
            return {"x": [+grad[0, 0], +grad[0, 1]]}
    return truth


# -------------------------------------------------------------------------------------------- robust regression
TARGETS = [1, -2, 0.5]


def _geman_mcclure(pred):
    r = [p - mpf(t) for p, t in zip(pred, TARGETS)]
    return sum(v * v / (v * v + mpf(0.25)) for v in r)


# ------------------------------------------------------------------------------------------------------ cases
def _both(file, function, at, truth_of, verdict="ok", dtypes=("float64", "float32"), line=None, fix=None):
    """The case in each dtype, its truth at the dtype's numbers."""
    return [Case(file, function, _at(**at), dtype, verdict, truth_of(dtype), line, fix) for dtype in dtypes]


MU, LOGVAR = [0.5, -1], [0.3, -800]
LOGVAR_BIG = [0.3, 89]  # e^89 = 4.5e38 overflows float32; the KL (2.2e38) and its slope hold
LOGVAR_MILD = [0.3, -3]
LOGVAR_NEAR_0 = [1e-5, -3]

KL_LINE_T = "kl = -0.5 * (1 + logvar - mu ** 2 - logvar.exp())"
KL_LINE_K = "kl = -0.5 * (1.0 + logvar - tf.square(mu) - tf.exp(logvar))"


def _vae(file, kl_line):
    return (
        [Case(file, "vae_kl", _at(mu=MU, logvar=LOGVAR), "float64", "ok", _kl_slopes(MU, LOGVAR, "float64")),
         Case(file, "vae_kl", _at(mu=MU, logvar=LOGVAR_BIG), "float32", "unstable",
              _kl_slopes(MU, LOGVAR_BIG, "float32"), kl_line)]
        + _both(file, "vae_kl", {"mu": MU, "logvar": LOGVAR_MILD}, lambda d: _kl_slopes(MU, LOGVAR_MILD, d))
        # near logvar = 0 the slope (e^logvar - 1) / 2 is the sum of logvar's two paths, -1/2 and e^logvar / 2, which
        # cancel to 5e-6 of themselves at 1e-5: float32 keeps two digits of it (found by gradcli sweep)
        + [Case(file, "vae_kl", _at(mu=MU, logvar=LOGVAR_NEAR_0), "float32", "unstable",
                _kl_slopes(MU, LOGVAR_NEAR_0, "float32"), None)]
    )


Z = [2, -1, 0.5]
Z_SATURATED = [40, -1, 0.5]  # sigmoid(40) is 1 in either dtype: 1 - p is 0 where the exact loss is 40
Z_CLAMPED = [150, -1, 0.5]  # -log(1 - sigmoid(150)) = 150: PyTorch's clamp at 100 is the function, flat
# the two paths' slopes cancel where r's gradients are summed: the accumulation is named at r's line, its uses' line in
# its words
GM_LINE_T = "def geman_mcclure(pred)>>r = pred - "
BCE_LINE = "return F.binary_cross_entropy(torch.sigmoid(z), x, reduction=\"sum\")"

TORCH = _vae(T, KL_LINE_T) + [
    Case(T, "vae_kl_std", _at(mu=MU, logvar=LOGVAR), "float64", "unstable", _kl_slopes(MU, LOGVAR, "float64"),
         "kl = -0.5 * (1 + torch.log(std ** 2) - mu ** 2 - std ** 2)"),
] + _both(T, "vae_kl_std", {"mu": MU, "logvar": LOGVAR_MILD}, lambda d: _kl_slopes(MU, LOGVAR_MILD, d)) + [
    Case(T, "beta_vae_capacity", _at(mu=MU, logvar=LOGVAR_MILD), "float64", "ok",
         num_grad(_capacity, mu=MU, logvar=LOGVAR_MILD)),
    # KL = (1 + 1 - 1 - 0) / 2 + 0 = 0.5 = C: |KL - C| at its kink
    Case(T, "beta_vae_capacity", _at(mu=[1, 0], logvar=[0, 0]), "float64", "domain",
         sided_grad(_capacity, mu=[1, 0], logvar=[0, 0])),
] + _both(T, "bernoulli_decoder_probs", {"z": Z}, lambda d: num_grad(_bce_torch, d, z=Z)) + [
    # PyTorch's rule divides by max(p (1 - p), 1e-12): at p = sigmoid(40), p (1 - p) = 4e-18, so even on exact numbers
    # it gives 4e-6 where the slope is 1 (wrong). In float32 too: the float32 allowance (the rounding of the rule's own
    # terms, 1 - p over 1e-12: a scale of 2e12) is capped at the gradient's mass where the scale's rounding passes it
    # (README), so a rule off by 100% at high precision is wrong in every dtype
    Case(T, "bernoulli_decoder_probs", _at(z=Z_SATURATED), "float64", "wrong", num_grad(_bce_torch, z=Z_SATURATED),
         BCE_LINE, "binary_cross_entropy_with_logits("),
    Case(T, "bernoulli_decoder_probs", _at(z=Z_SATURATED), "float32", "wrong",
         num_grad(_bce_torch, "float32", z=Z_SATURATED), BCE_LINE, "binary_cross_entropy_with_logits("),
    # the clamp makes the first pixel flat; the rule, which ignores the clamp, gives 1e12 e^-150 = 7e-54 there: a
    # nonzero entry where the derivative is a proven 0, wrong by gradcli's entrywise reading
    Case(T, "bernoulli_decoder_probs", _at(z=Z_CLAMPED), "float64", "wrong", num_grad(_bce_torch, z=Z_CLAMPED), BCE_LINE),
    Case(T, "bernoulli_decoder_logits", _at(z=Z_SATURATED), "float32", "ok",
         num_grad(_bce_logits, "float32", z=Z_SATURATED)),
    Case(T, "bernoulli_decoder_logits", _at(z=Z_CLAMPED), "float64", "ok", num_grad(_bce_logits, z=Z_CLAMPED)),
] + _both(T, "radial_flow_nll", {"z": [1, 0.25]}, lambda d: num_grad(_radial, d, z=[1, 0.25])) + [
    # at the centre r = |z - z0| = 0: the log-determinant falls linearly in r in every direction, a cone
    Case(T, "radial_flow_nll", _at(z=[0.5, -0.5]), "float64", "domain", lambda: {"z": [NAN, NAN]}),
    Case(T, "radial_flow_nll", _at(z=[0.5, -0.5]), "float32", "domain", lambda: {"z": [NAN, NAN]}),
    Case(T, "glow_nll", None, "float64", "ok", renamed(num_grad(_glow, weight=[[1, 0.5], [2, -1]]), "model"),
         args="glow_args", wrt="model.weight"),
    Case(T, "siglip_loss", _at(images=[[0.5, 1], [1, -0.25]]), "float64", "ok",
         num_grad(_siglip("float64", 10), images=[[0.5, 1], [1, -0.25]])),
    Case(T, "siglip_loss", _at(images=[[0.5, 1], [1, -0.25]]), "float32", "ok",
         num_grad(_siglip("float32", 10), "float32", images=[[0.5, 1], [1, -0.25]])),
    # a zero image embedding: F.normalize divides by max(|v|, 1e-12), linear near 0, so its slope is 1e12 w
    Case(T, "siglip_loss", _at(images=[[0, 0], [1, -0.25]]), "float64", "ok",
         num_grad(_siglip("float64", 10), images=[[0, 0], [1, -0.25]])),
    Case(T, "siglip_loss", _at(images=[[0, 0], [1, -0.25]]), "float32", "ok",
         num_grad(_siglip("float32", 10), "float32", images=[[0, 0], [1, -0.25]])),
    # the second image is the first text: its negative pair's logit is -90, sigmoid(-90) = 8e-40 a float32 subnormal,
    # whose log's slope overflows; the exact slopes are 1e-21 or less (each pair's factor 1 - sigmoid(50) or a cosine's
    # slope at its maximum), below the rounding of a cosine near 1 in either dtype, so no spelling makes them ok
    Case(T, "siglip_naive", _at(images=[[0.6, 0.8], [1, 0]]), "float32", "unstable",
         num_grad(_siglip("float32", 100), "float32", images=[[0.6, 0.8], [1, 0]]), "return -torch.log(torch.sigmoid("),
    Case(T, "siglip_naive", _at(images=[[0.6, 0.8], [1, 0]]), "float64", "unstable",
         num_grad(_siglip("float64", 100), images=[[0.6, 0.8], [1, 0]])),
] + _both(T, "lstm_steps", {"x": SEQ}, lambda d: num_grad(_torch_lstm(d), d, x=SEQ)) + _both(
    T, "gru_steps", {"x": SEQ}, lambda d: num_grad(_torch_gru(d), d, x=SEQ)) + [
    # inputs of 30: some gates saturate (sigmoid(22.5)), but the slopes that carry the gradient pass gates that do not
    Case(T, "lstm_steps", _at(x=SEQ_SATURATED), "float64", "ok", num_grad(_torch_lstm("float64"), x=SEQ_SATURATED)),
    Case(T, "attention_loss", None, "float64", "ok",
         renamed(lambda: {"in_proj_weight": num_grad(_attention_loss, in_proj=ATTN_IN)()["in_proj"]}, "model"),
         args="attention_args", wrt="model.in_proj_weight"),
    # the second sequence is all padding: its softmax is 0 / 0, but only the first sequence's output is summed, so
    # the second query has no slope at all; PyTorch's backward multiplies the NaN row by 0
    Case(T, "attention_first_loss", None, "float64", "wrong", num_grad(_attention_query, query=QUERY),
         "def attention_first_loss>>out, _ = model(",
         args="attention_masked_args", wrt="query"),
    Case(T, "attention_query", _at(query=QUERY), "float64", "wrong", num_grad(_attention_query, query=QUERY),
         "out, _ = args[\"model\"](query"),
    Case(T, "clipped_value", _at(x=[2, 1]), "float64", "ok", num_grad(_clipped, x=[2, 1])),
    Case(T, "clipped_value", _at(x=[0.3, 0.4]), "float64", "ok", num_grad(_clipped, x=[0.3, 0.4])),
    Case(T, "clipped_value", _at(x=[2, 1]), "float32", "ok", num_grad(_clipped, "float32", x=[2, 1])),
    # |x| = 1: along x_2 the clip starts; along x_1 |x| grows either way
    Case(T, "clipped_value", _at(x=[0, 1]), "float64", "domain", sided_grad(_clipped, x=[0, 1])),
    # a Python branch on the norm: one graph per shape cannot follow it, a clear input error at the branch
    Case(T, "clipped_value_branching", _at(x=[2, 1]), "float64", "input-error",
         message=("torch_lib33b.py:", "branches on a tensor's value")),
    Case(T, "clipped_gradient", _at(x=[0.3, 0.4]), "float64", "wrong", _identity_slopes([0.3, 0.4]),
         "class ClipGradient>>def backward(ctx, grad):"),
    Case(T, "clipped_gradient", _at(x=[0.3, 0.4]), "float32", "wrong", _identity_slopes([0.3, 0.4]),
         "class ClipGradient>>def backward(ctx, grad):"),
] + _both(T, "geman_mcclure", {"pred": [1.5, -1, 0]}, lambda d: num_grad(_geman_mcclure, d, pred=[1.5, -1, 0])) + [
    # r^2 / (r^2 + s^2): the quotient rule's two terms agree to s^2 / r^2 = 6e-8 of themselves at r = 2000
    Case(T, "geman_mcclure", _at(pred=[1e3, -2e3, 500]), "float32", "unstable",
         num_grad(_geman_mcclure, "float32", pred=[1e3, -2e3, 500]), GM_LINE_T),
    Case(T, "geman_mcclure", _at(pred=[1e6, -2e6, 5e5]), "float64", "unstable",
         num_grad(_geman_mcclure, pred=[1e6, -2e6, 5e5]), GM_LINE_T),
    Case(T, "geman_mcclure_scaled", _at(pred=[1e3, -2e3, 500]), "float32", "ok",
         num_grad(_geman_mcclure, "float32", pred=[1e3, -2e3, 500])),
    Case(T, "geman_mcclure_scaled", _at(pred=[1e6, -2e6, 5e5]), "float64", "ok",
         num_grad(_geman_mcclure, pred=[1e6, -2e6, 5e5])),
]

ALPHA = [0.5, 2, 1.5]
ALPHA_BIG = [1e8, 2e8, 1e8]
GLOW_W = [[1, 0.5], [2, -1]]

TF = _vae(K, KL_LINE_K) + _both(K, "bernoulli_decoder_probs", {"z": Z}, lambda d: num_grad(_bce_keras, d, z=Z)) + [
    # sigmoid(20) = 1 - 2e-9 lies above Keras' clip at 1 - 1e-7: flat there. float32 cannot hold 1 - 1e-7 (it holds
    # 1 - 1.19e-7), so 1 - p of the clip is 19% off, and the float32 program's value is off the written mathematics
    # by 1%: unstable at the line of the call, its gradient right
    Case(K, "bernoulli_decoder_probs", _at(z=[20, -1, 0.5]), "float32", "unstable",
         num_grad(_bce_keras, "float32", z=[20, -1, 0.5]), "return keras.losses.binary_crossentropy(x, tf.sigmoid(z))"),
    Case(K, "bernoulli_decoder_probs", _at(z=[20, -1, 0.5]), "float64", "ok", num_grad(_bce_keras, z=[20, -1, 0.5])),
    Case(K, "bernoulli_decoder_logits", _at(z=[20, -1, 0.5]), "float32", "ok",
         num_grad(lambda z: _bce_logits(z, mean=True), "float32", z=[20, -1, 0.5])),
] + _both(K, "dirichlet_multinomial_nll", {"alpha": ALPHA}, lambda d: _dm_slopes(ALPHA, d)) + [
    # lbeta's lgamma sums are 1.7e9 and their digammas 18.4 where the answer's slopes are 1e-8
    Case(K, "dirichlet_multinomial_nll", _at(alpha=ALPHA_BIG), "float64", "unstable", _dm_slopes(ALPHA_BIG, "float64"),
         "return -(tf.math.lbeta(alpha + counts) - tf.math.lbeta(alpha))"),
    Case(K, "dirichlet_multinomial_rising", _at(alpha=ALPHA_BIG), "float64", "ok", _dm_slopes(ALPHA_BIG, "float64")),
    Case(K, "dirichlet_multinomial_rising", _at(alpha=ALPHA), "float32", "ok", _dm_slopes(ALPHA, "float32")),
    Case(K, "siglip_loss", _at(images=[[0.5, 1], [1, -0.25]]), "float64", "ok",
         num_grad(_siglip("float64", 10, True), images=[[0.5, 1], [1, -0.25]])),
    # l2_normalize divides by sqrt(max(|v|^2, 1e-12)): 1e6 near a zero embedding
    Case(K, "siglip_loss", _at(images=[[0, 0], [1, -0.25]]), "float64", "ok",
         num_grad(_siglip("float64", 10, True), images=[[0, 0], [1, -0.25]])),
    Case(K, "siglip_loss", _at(images=[[0, 0], [1, -0.25]]), "float32", "ok",
         num_grad(_siglip("float32", 10, True), "float32", images=[[0, 0], [1, -0.25]])),
    Case(K, "siglip_naive", _at(images=[[0.6, 0.8], [1, 0]]), "float32", "unstable",
         num_grad(_siglip("float32", 100, True), "float32", images=[[0.6, 0.8], [1, 0]]),
         "return -tf.reduce_sum(tf.math.log(tf.sigmoid("),
] + _both(K, "gru_steps", {"x": SEQ}, lambda d: num_grad(_keras_gru(d), d, x=SEQ)) + _both(
    K, "lstm_steps", {"x": SEQ}, lambda d: num_grad(_keras_lstm(d), d, x=SEQ)) + [
    Case(K, "deq_unrolled", _at(x=[0.5, -1]), "float64", "ok", _deq_slopes([0.5, -1], "float64")),
    Case(K, "deq_implicit", _at(x=[0.5, -1]), "float64", "ok", _deq_slopes([0.5, -1], "float64")),
    Case(K, "deq_unrolled", _at(x=[2, 3]), "float64", "ok", _deq_slopes([2, 3], "float64")),
    Case(K, "deq_implicit", _at(x=[0.5, -1]), "float32", "ok", _deq_slopes([0.5, -1], "float32")),
    Case(K, "clipped_value", _at(x=[2, 1]), "float64", "ok", num_grad(_clipped, x=[2, 1])),
    Case(K, "clipped_value", _at(x=[0.3, 0.4]), "float64", "ok", num_grad(_clipped, x=[0.3, 0.4])),
    Case(K, "clipped_value", _at(x=[0, 1]), "float64", "domain", sided_grad(_clipped, x=[0, 1])),
    Case(K, "clipped_gradient", _at(x=[0.3, 0.4]), "float64", "wrong", _identity_slopes([0.3, 0.4]),
         "def clip_gradient>>def grad(dy):"),
] + _both(K, "glow_nll", {"weight": GLOW_W}, lambda d: num_grad(_glow, d, weight=GLOW_W)) + [
    # det [[1, 2], [2, 4]] = 0: log|det| is -inf, no slope
    Case(K, "glow_nll", _at(weight=[[1, 2], [2, 4]]), "float64", "domain", lambda: {"weight": [[NAN, NAN], [NAN, NAN]]}),
    Case(K, "geman_mcclure", _at(pred=[1.5, -1, 0]), "float64", "ok", num_grad(_geman_mcclure, pred=[1.5, -1, 0])),
    Case(K, "geman_mcclure", _at(pred=[1e3, -2e3, 500]), "float32", "unstable",
         num_grad(_geman_mcclure, "float32", pred=[1e3, -2e3, 500]), "def geman_mcclure>>r = pred - "),
]


ALL = TORCH + TF
