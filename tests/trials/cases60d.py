"""The sixtieth trial set (d): MODELS WITH STATE AND MODES as users build them, on issues 28 and 29's bridges. PyTorch
(torch_lib60d): nn.Sequential (Linear, Tanh, Linear) by --wrt model.0.weight at ordinary data (float64) and with its
first layer x 64 (tanh saturated, float32); nn.ModuleDict (model.layers.enc.weight) and nn.ModuleList residual blocks
(model.blocks.1.weight, model.blocks.2.bias); an embedding and an output projection tied to one Parameter
(out.weight = emb.weight) under F.cross_entropy; register_buffer'd mean / inverse std; Sequential(Linear,
BatchNorm1d) in train() (float64, float32) and eval() (running statistics, and a running variance of 0), a training
batch norm differentiated in its input at a column of equal values (batch variance 0); Dropout in eval() beside ReLU;
parametrizations.weight_norm (g, v; and v's row all 0: 0 / 0), parametrizations.orthogonal (matrix_exp of the skew
part, base set to I), parametrizations.spectral_norm in eval() (u, v held) and in train() (one power iteration);
register_parametrization with the user's own modules (a symmetric one; a softplus written log(1 + exp(X)) at X = 100
in float32, and with F.softplus); nn.Embedding(padding_idx=0) with its row 0 at 0 and loaded nonzero, under a square
and a linear + square loss; a --wrt name the model does not have (an input error). TensorFlow (tf_lib60d):
tf.keras.Sequential (Dense tanh, Dense; named layers) by --wrt model, its sigmoid twin with the first kernel x 64
(saturated, float32), an L2 penalty over model.trainable_variables, a subclassed Model (Embedding, LayerNormalization
(epsilon=1e-3), Dense) under sparse softmax cross-entropy at ordinary rows and at an embedding row of equal entries
(variance 0), Dense + BatchNormalization called with training=True and training=False (moving statistics held), a
module-level tf.Variable as state under log_sigmoid and log(sigmoid) at -50 (x 2 = -100). JAX (jax_lib60d): MLPs whose
params are nested dicts (--wrt params, params.hidden.w; x 64 saturated in float32), lists of (w, b) tuples
(params.0.0 ...), a NamedTuple (gelu exact), made by jax.nn.initializers (constant / zeros / ones); a weight decay
by jax.tree_util.tree_map / tree_leaves; batch norm threaded by hand through a params / state tree with a Python
train flag (train and eval); layer norms by hand at x = [2, 2, 2] (eps inside the sqrt; eps added to jnp.std) and at
[1, 2, 4]; jax.nn.log_softmax cross-entropy with logits of +-100 and a hand-written softmax beside it. NumPy
(np_lib60d): a model kept in a class with a dict of parameters, batch norm at a batch variance of 0, a layer norm on
x.std() at a constant row, log(1 / (1 + exp(-z))) at -800.

Counts: about 25 scratch checks by hand through the CLI (--json; 6 of them minimal repros in /tmp), then 50 cases
written and judged through tests/trials/judge.py (a driver calling judge.run_cli + judge.judge, two at a time), all
kept: 36 ok, 7 unstable, 5 wrong, 1 domain, 1 input error. 47 pass; 3 fail, the findings H1-H3 (held as strict
xfails). Three of my cases first failed on my side: Dropout's ReLU had a pre-activation exactly at 0 (x = [0.75, -1],
1.125 - 0.75 - 0.375): gradcli's domain with both one-sided slopes was right, the bias was moved (-0.375 -> -0.5);
F.softplus at X = -100 in float32 has a subnormal exact slope (1e-43, no float32 holds it to 1e-4): unstable there
is fair, the point was moved to -30; and my driver first evaluated two truths in two threads at once (mpmath's
precision is one global), giving a 0 where seq_mse's truth is 0.1403: judged again alone, it agrees.

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line, the fixes):
- parameters named by path in every container: model.0.weight (Sequential), model.layers.enc.weight (ModuleDict),
  model.blocks.1.weight (ModuleList), model.net.0.weight, model.parametrizations.weight.original0 / original1 /
  original; Keras' model.hidden.kernel (named layers), model.embed.embeddings, model.bn.gamma; JAX's params.hidden.w,
  params.0.0 (list of tuples), params.w1 (NamedTuple); NumPy's params.w; a name the model lacks is exit 2 naming it
  and the names there are (with a did-you-mean);
- a tied Parameter is one variable, both uses summed (--wrt model.out.weight answers under model.emb.weight);
  buffers and Keras' moving statistics are constants; BatchNorm1d in train() and eval() (a running variance of 0:
  1/sqrt(eps)), Keras BatchNormalization(training=True/False), a batch variance of 0 in PyTorch's, NumPy's and JAX's
  batch norms and in Keras' LayerNormalization (float32 epsilon 1e-3 as float32 holds it), Dropout in eval():
  ok and exact; weight_norm, orthogonal (matrix_exp: only X[1][0] moves Q) and spectral_norm in eval(): ok;
  weight_norm with a zero row of v: domain, the other row's derivatives given (the loss a sum, that row's part
  defined), the zero row's NaN;
- saturation: tanh in nn.Sequential (float32), tanh in a JAX dict MLP, Keras Dense(sigmoid): unstable, the
  cancellation 1 - y^2 (1 - y) named at the user's call line (the model(x) line for the frameworks' modules);
  log(1 + exp(X)) at 100 and log(sigmoid(2 x)) at -50 unstable at their lines, tf.math.log_sigmoid offered and
  re-checked, np.logaddexp for NumPy's log(1 / (1 + exp(-z))) at -800;
- nn.Embedding(padding_idx=0): PyTorch's rule gives the padding row 0 on purpose; where the forward uses the row
  and the loss moves with it (a linear term, or a loaded nonzero row) the verdict is wrong at `e = model(tokens)`, the
  exact derivative count(r) ([1, -2] + 2 E[r]); under a pure square at a zero row the derivative is 0 too: ok;
- layer norm (x - mean) / (std + eps) at a constant row (JAX jnp.std, NumPy x.std()): the function is differentiable
  there ((c - mean c) / eps, a kink times a zero) and the frameworks' sqrt rule gives NaN: wrong, exact gradient
  given; with eps inside the sqrt: ok.

Findings:
- H1 (mended since: out= overloads are writes the capture functionalizes, a module's buffers put back at every
  call, `torch_modules.ModuleArguments.restore_buffers`) torch_lib60d:spectral_loss@spectral_train_args:float64. parametrizations.spectral_norm in train() mode (its
  default): error "TypeError: _divide() got an unexpected keyword argument 'out' (at tests/trials/torch_lib60d.py:
  250)": PyTorch's _power_method calls F.normalize(torch.mv(W, v), dim=0, eps=..., out=self._u), which gradcli's
  capture does not take; the line named is the loss's, not PyTorch's. In eval() the same model is ok. My truth:
  wrong, with the derivative of W / (u1 . W v1), u1 = normalize(W v0), v1 = normalize(W^T u1) (README: a library's
  no_grad is the mathematics called, differentiated). Reproduce: gradcli check tests/trials/torch_lib60d.py:
  spectral_loss --args tests/trials/torch_lib60d.py:spectral_train_args --wrt model --dtype float64 --json
- H2 (mended since: a re-check turns the arguments' objects of the file's classes into the rewritten file's,
  `source_fixes.with_rewritten_classes`; F.softplus and torch.logaddexp offered, unstable -> ok)
  torch_lib60d:param_loss@positive_naive_args:float32. torch.log(1 + torch.exp(X)) in a user module's forward
  (register_parametrization; the same in a plain nn.Module's forward on its own Parameter) at X = 100, float32:
  unstable at the line (right), but no fix, and the notes say "rewrites tried that did not help: softplus (better
  nowhere), logaddexp(0, u) (better nowhere), log1p (better nowhere)", where F.softplus in that forward is ok at
  the point (param_loss@positive_args): the re-check seems to run the model built from the unrewritten class, a
  misleading note and a missing fix (for a loss function's own line F.softplus is offered). Reproduce: gradcli check
  tests/trials/torch_lib60d.py:param_loss --args tests/trials/torch_lib60d.py:positive_naive_args --wrt model
  --dtype float32 --json
- H3 (mended since: a trace that meets a concrete read hands the leaves that are no floats alone first,
  `jax_bridge._Captured._read_leaves`) jax_lib60d:bn_mlp@bn_eval_args:float32. loss(params, state, x, train) with train=False (a Python bool leaf) and
  --wrt params.w,params.gamma: the exact reference holds state["var"] + 1e-5 as float32 rounds it (4 + 1e-5 ->
  4.0000100135803, 1e-5 / 4.77e-7 = 21 ulps) instead of 4 + float32(1e-5) = 4.0000099999997: exact gradient off by
  1.7e-9 relative (params.w[0] 0.18749976530715184 for 0.1874997656254454 = 0.25 * 1.5 / sqrt(4 + eps)); verdict ok
  either way. The same arithmetic without the flag (args {params, state}), or with state in --wrt, or by --at, is
  exact: the held flag seems to make the other leaves concrete, so JAX folds the data-only sum in float32. PyTorch's
  and Keras' eval-mode batch norms (running / moving statistics) are exact. Reproduce: gradcli check
  tests/trials/jax_lib60d.py:bn_mlp --args tests/trials/jax_lib60d.py:bn_eval_args --wrt params.w,params.gamma
  --dtype float32 --json

Observations (not held as findings):
- a softmax written by hand, p = exp(z) / sum(exp(z)) on one line and -mean(log(take_along_axis(p, labels))) on the
  next, logits of +-100 in float32 (jax naive_xent): unstable, the exp overflow named at its line, no fix offered
  (jax.nn.log_softmax would need the log moved before the indexing across two lines; not required);
- Keras' auto-named layers (dense, dense_1, ...) change with every model a process builds, so --wrt by Keras name
  is only stable for named layers (the lib names them); the Tagger's 26 variables by --wrt model are checked along
  one random direction (exact_gradient None), so the cases name model.embed.embeddings;
- tf.nn.moments (Keras' LayerNormalization) takes the variance around stop_gradient(mean): gradcli notes "the values
  a stop_gradient holds were frozen"; harmless here, the mean's path contributes 0.

Slow: no check passed 60 s. Through the CLI (a fresh process each), two at a time: TensorFlow's 11-35 s (the
Tagger at a zero variance the slowest), PyTorch's 6-11 s, JAX's 5-12 s, NumPy's 1-3 s; in the in-process pytest
runner the chosen cases take 0.2-4 s each.

Truths are expressions written here, evaluated by mpmath at 2,000 digits (the model losses differentiated by
mpmath.diff of the loss written here, away from kinks; the padding rows and the layer norm on std at a constant row
by hand), never the files' code; every parameter and datum is a dyadic number float32 holds exactly; a user's
literal meeting float32 data (1e-5, 1e-3, 0.01) is the number float32 holds, float64's in float64; spectral_norm's
u, v are float32 tensors moved to float64 (0.6 and 0.8 as float32 holds them).
"""
import mpmath

from cases import Case
from cases30b import _held
from cases58d import _diff, _hold
from cases5 import hp

N, J, T, K = "np_lib60d.py", "jax_lib60d.py", "torch_lib60d.py", "tf_lib60d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _m(rows):
    return [[mpf(v) for v in r] for r in rows]


def _tanh(v):
    return mpmath.tanh(v)


def _sig(v):
    return 1 / (1 + mpmath.exp(-v))


def _softplus(v):
    return v + mpmath.log1p(mpmath.exp(-v)) if v > 0 else mpmath.log1p(mpmath.exp(v))


def _gelu(v):
    return v * mpmath.ncdf(v)


def _lin_t(w, b, x):
    """PyTorch's Linear: x W^T + b for one sample."""
    return [mpmath.fsum(w[o][i] * x[i] for i in range(len(x))) + (b[o] if b is not None else 0) for o in range(len(w))]


def _lin(w, b, x):
    """x @ W + b (JAX, Keras, NumPy) for one sample."""
    return [mpmath.fsum(x[i] * w[i][o] for i in range(len(x))) + (b[o] if b is not None else 0)
            for o in range(len(w[0]))]


def _lse(zs):
    top = max(zs)
    return top + mpmath.log(mpmath.fsum(mpmath.exp(v - top) for v in zs))


def _point(dtype, **values):
    return {k: _hold(dtype, v) for k, v in values.items()}


def _truth(loss, dtype, wrt, fixed=None, **point):
    """d loss / d (each name of wrt) at the point held in dtype; ``fixed``: names held but not differentiated."""
    return hp(lambda: _diff(loss, {**_point(dtype, **point), **_point(dtype, **(fixed or {}))}, wrt))


# ------------------------------------------------------------------------------------------------- data
X = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0], [0.75, -1.0]]
Y = [0.5, -1.0, 0.25, 2.0]
TW1 = [[0.5, -0.25], [1.5, 0.75], [-1.0, 0.5]]  # PyTorch layout (out x in)
B1 = [0.125, -0.375, 0.25]
TW2 = [[1.25, -0.5, 0.75]]
B2 = [0.5]
JW1 = [[0.5, 1.5, -1.0], [-0.25, 0.75, 0.5]]  # x @ W layout (in x out)
JW2 = [[1.25], [-0.5], [0.75]]
C = [[1.0, -2.0], [0.5, 1.5], [-1.0, 0.25], [2.0, -0.5]]


def _mse(preds, ys):
    return mpmath.fsum((a - mpf(b)) ** 2 for a, b in zip(preds, ys)) / len(ys)


# ------------------------------------------------------------------------------------------------- PyTorch
def _t_seq(prefix="model"):
    def loss(p):
        preds = [_lin_t(p[f"{prefix}.2.weight"], p[f"{prefix}.2.bias"],
                        [_tanh(v) for v in _lin_t(p[f"{prefix}.0.weight"], p[f"{prefix}.0.bias"], x)])[0] for x in X]
        return _mse(preds, Y)
    return loss


def _seq_point(scale):
    return {"model.0.weight": [[scale * v for v in r] for r in TW1], "model.0.bias": B1, "model.2.weight": TW2,
            "model.2.bias": B2}


DEC_W, DEC_B = [[1.0, -0.5, 0.25], [0.5, 0.75, -1.25]], [0.0, 0.25]


def _t_dict(p):
    total = mpf(0)
    for x in X:
        h = [_sig(v) for v in _lin_t(p["model.layers.enc.weight"], p["model.layers.enc.bias"], x)]
        out = _lin_t(p["model.layers.dec.weight"], p["model.layers.dec.bias"], h)
        total += mpmath.fsum((o - xi) ** 2 for o, xi in zip(out, x))
    return total


def _list_point():
    out = {}
    for k in range(3):
        out[f"model.blocks.{k}.weight"] = [[0.5, -0.25 * k], [0.125 * k, 0.75]]
        out[f"model.blocks.{k}.bias"] = [0.25, -0.125 * k]
    return out


def _t_list(p):
    total = mpf(0)
    for x in X:
        h = [mpf(v) for v in x]
        for k in range(3):
            z = _lin_t(p[f"model.blocks.{k}.weight"], p[f"model.blocks.{k}.bias"], h)
            h = [a + _tanh(b) for a, b in zip(h, z)]
        total += mpmath.fsum(v * v for v in h)
    return total / 8


TIED = [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5], [0.125, 2.0]]


def _t_tied(p):
    e = p["model.emb.weight"]
    total = mpf(0)
    for t, y in zip([0, 2, 3, 2], [1, 3, 0, 2]):
        h = [_tanh(v) for v in e[t]]
        logits = [mpmath.fsum(e[c][j] * h[j] for j in range(2)) for c in range(4)]
        total += _lse(logits) - logits[y]
    return total / 4


def _t_buffer(p):
    mean, inv = [mpf(0.5), mpf(-0.25)], [mpf(2), mpf(0.5)]
    preds = [_lin_t(p["model.fc.weight"], p["model.fc.bias"], [(xi - m) * s for xi, m, s in zip(x, mean, inv)])[0]
             for x in X]
    return _mse(preds, Y)


BN_W, BN_B, GAMMA, BETA = [[0.5, -0.25], [1.5, 0.75]], [0.125, -0.375], [1.5, -0.5], [0.25, 0.5]


def _bn_columns(h, gamma, beta, eps, stats=None):
    """Batch norm of rows h (train: batch mean and biased variance; stats: (mean, var) given)."""
    n, out = len(h), []
    cols = []
    for j in range(len(h[0])):
        col = [r[j] for r in h]
        if stats is None:
            m = mpmath.fsum(col) / n
            v = mpmath.fsum((c - m) ** 2 for c in col) / n
        else:
            m, v = stats[0][j], stats[1][j]
        cols.append([gamma[j] * (c - m) / mpmath.sqrt(v + eps) + beta[j] for c in col])
    return [[cols[j][i] for j in range(len(cols))] for i in range(n)]


def _weighted(rows):
    return mpmath.fsum(v * mpf(c) for r, cr in zip(rows, C) for v, c in zip(r, cr))


def _t_bn(stats=None):
    def loss(p):
        h = [_lin_t(p["model.0.weight"], p["model.0.bias"], x) for x in X]
        eps = mpf(1e-5)
        st = None if stats is None else ([mpf(v) for v in stats[0]], [mpf(v) for v in stats[1]])
        return _weighted(_bn_columns(h, p["model.1.weight"], p["model.1.bias"], eps, st))
    return loss


BN_POINT = {"model.0.weight": BN_W, "model.0.bias": BN_B, "model.1.weight": GAMMA, "model.1.bias": BETA}


def _bn_input(eps):
    def loss(p):
        return _weighted(_bn_columns(p["x"], [1, 1], [0, 0], eps))
    return loss


def _t_dropout(p):
    preds = [_lin_t(p["model.net.3.weight"], p["model.net.3.bias"],
                    [max(v, mpf(0)) for v in _lin_t(p["model.net.0.weight"], p["model.net.0.bias"], x)])[0]
             for x in X]
    return _mse(preds, Y)


WN_X = [[1.0, -2.0, 0.5], [0.25, 1.0, -1.5]]
WN_G, WN_V, WN_B = [[2.0], [0.5]], [[1.0, 2.0, -2.0], [0.5, -0.25, 1.0]], [0.25, -0.5]
WN = "model.parametrizations.weight.original"


def _t_wn(p):
    g, v = p[WN + "0"], p[WN + "1"]
    w = [[g[r][0] * a / mpmath.sqrt(mpmath.fsum(b * b for b in v[r])) for a in v[r]] for r in range(2)]
    return mpmath.fsum(_tanh(o) for x in WN_X for o in _lin_t(w, p["model.bias"], x))


def _wn_zero_truth():
    """v's second row 0: the second output is 0 / 0 (undefined), its parameters have no derivative; the first row's
    parameters only reach the first output (the loss a sum): their derivatives are those of that part."""
    def part(p):
        g, v = p[WN + "0"], p[WN + "1"]
        w = [g[0][0] * a / mpmath.sqrt(mpmath.fsum(b * b for b in v[0])) for a in v[0]]
        return mpmath.fsum(_tanh(mpmath.fsum(wi * xi for wi, xi in zip(w, x)) + p["model.bias"][0]) for x in WN_X)

    def truth():
        pt = _point("float64", **{WN + "0": [[2.0], [0.5]], WN + "1": [[1.0, 2.0, -2.0], [0, 0, 0]],
                                  "model.bias": WN_B})
        d = _diff(part, pt, [WN + "0", WN + "1", "model.bias"])
        return {WN + "0": [d[WN + "0"][0], [NAN]], WN + "1": [d[WN + "1"][0], [NAN] * 3],
                "model.bias": [d["model.bias"][0], NAN]}
    return hp(truth)


ORTH = "model.parametrizations.weight.original"
ORTH_X, ORTH_M = [[1.0, 2.0], [-0.5, 0.25]], [[1.0, -1.0], [2.0, 0.5]]


def _t_orth(p):
    """base = I; A = tril(X) - tril(X)^T = [[0, -a], [a, 0]] (a = X[1][0]); Q = exp(A), a rotation by a."""
    a = p[ORTH][1][0]
    q = [[mpmath.cos(a), -mpmath.sin(a)], [mpmath.sin(a), mpmath.cos(a)]]
    return mpmath.fsum(o * m for x, mr in zip(ORTH_X, ORTH_M) for o, m in zip(_lin_t(q, None, x), mr))


SPEC_W = [[1.0, 2.0, -2.0], [0.5, -0.25, 1.0]]
SPEC_M = [[1.0, -1.0], [2.0, 0.5]]


def _uv():
    return [_held("float32", 0.6), _held("float32", 0.8)], [mpf(0), _held("float32", 0.6), _held("float32", -0.8)]


def _spectral(train):
    def loss(p):
        w = p[ORTH]
        u, v = _uv()
        if train:  # one power iteration (PyTorch runs it under no_grad: the mathematics, differentiated)
            wu = [mpmath.fsum(w[r][c] * v[c] for c in range(3)) for r in range(2)]
            u = [a / mpmath.sqrt(mpmath.fsum(b * b for b in wu)) for a in wu]
            wv = [mpmath.fsum(w[r][c] * u[r] for r in range(2)) for c in range(3)]
            v = [a / mpmath.sqrt(mpmath.fsum(b * b for b in wv)) for a in wv]
        sigma = mpmath.fsum(u[r] * w[r][c] * v[c] for r in range(2) for c in range(3))
        ws = [[a / sigma for a in r] for r in w]
        return mpmath.fsum(o * m for x, mr in zip(WN_X, SPEC_M) for o, m in zip(_lin_t(ws, None, x), mr))
    return loss


def _param_loss(transform, xs):
    def loss(p):
        w = [[transform(v) for v in r] for r in p[ORTH]]
        return mpmath.fsum(o * o for x in xs for o in _lin_t(w, None, x))
    return loss


def _t_sym(p):
    x0 = p[ORTH]
    w = [[x0[min(i, j)][max(i, j)] for j in range(3)] for i in range(3)]
    xs = [[1.0, -2.0, 0.5], [0.25, 1.0, -1.5]]
    return mpmath.fsum(o * o for x in xs for o in _lin_t(w, None, x))


POS_X = [[1.0, -2.0], [0.25, 1.0]]
POS_W = [[100.0, -2.0], [0.5, -30.0]]
TOKENS = [1, 2, 0, 3, 0, 0]
EMB = [[1.5, 0.25], [-0.75, 0.5], [0.125, 2.0]]


def _pad_truth(row0, linear):
    """d/dE of sum over the tokens of E[t]·[1, -2] (linear) + |E[t]|^2: count(r) ([1, -2] + 2 E[r]) for each row,
    the padding row 0 included (it is used by the forward: three tokens are 0)."""
    def truth():
        rows = _m([row0] + EMB)
        out = []
        for r in range(4):
            k = TOKENS.count(r)
            out.append([k * ((mpf(a) if linear else 0) + 2 * rows[r][j]) for j, a in enumerate([1, -2])])
        return {"model.weight": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------------- JAX
def _j_mlp(act, names, decay=None):
    def loss(p):
        w1, b1, w2, b2 = (p[n] for n in names)
        preds = [_lin(w2, b2, [act(v) for v in _lin(w1, b1, x)])[0] for x in X]
        out = _mse(preds, Y)
        if decay is not None:
            out += decay * mpmath.fsum(v * v for n in names for v in _flat(p[n]))
        return out
    return loss


def _flat(v):
    return [a for b in v for a in _flat(b)] if isinstance(v, list) else [v]


DICT_NAMES = ["params.hidden.w", "params.hidden.b", "params.out.w", "params.out.b"]


def _dict_point(scale=1.0):
    return dict(zip(DICT_NAMES, [[[scale * v for v in r] for r in JW1], B1, JW2, B2]))


LIST_NAMES = ["params.0.0", "params.0.1", "params.1.0", "params.1.1"]
TUPLE_NAMES = ["params.w1", "params.b1", "params.w2", "params.b2"]
JBN_W = [[0.5, -0.25], [1.5, 0.75]]


def _j_bn(train, dtype):
    def loss(p):
        h = [_lin(p["params.w"], None, x) for x in X]
        stats = None if train else ([mpf(0.5), mpf(-1)], [mpf(4), mpf(0.25)])
        return _weighted(_bn_columns(h, p["params.gamma"], p["params.beta"], _held(dtype, 1e-5), stats))
    return loss


LN_C = [1.0, -2.0, 0.5]


def _ln(eps):
    def loss(p):
        x = p["x"]
        m = mpmath.fsum(x) / 3
        v = mpmath.fsum((a - m) ** 2 for a in x) / 3
        return mpmath.fsum(c * (a - m) / mpmath.sqrt(v + eps) for a, c in zip(x, LN_C))
    return loss


def _ln_std(eps):
    def loss(p):
        x = p["x"]
        m = mpmath.fsum(x) / 3
        s = mpmath.sqrt(mpmath.fsum((a - m) ** 2 for a in x) / 3)
        return mpmath.fsum(c * (a - m) / (s + eps) for a, c in zip(x, LN_C))
    return loss


def _ln_std_flat():
    """At x = [2, 2, 2]: f(x + t d) = t (d - mean d) / (|t| std(d) + eps), differentiable with the derivative
    (c - mean c) / eps though std is not (a kink times a zero)."""
    return hp(lambda: {"x": [(mpf(c) - mpmath.fsum(LN_C) / 3) / mpf(1e-5) for c in LN_C]})


LOGIT_X = [[1.0, 2.0], [-2.0, 0.0]]
LOGIT_W = [[50.0, -50.0, 0.0], [25.0, 0.0, -25.0]]


def _j_xent(p):
    total = mpf(0)
    for x, y in zip(LOGIT_X, [1, 0]):
        z = _lin(p["params.w"], p["params.b"], x)
        total += _lse(z) - z[y]
    return total / 2


# ------------------------------------------------------------------------------------------------- TensorFlow
KSEQ = ["model.hidden.kernel", "model.hidden.bias", "model.out.kernel", "model.out.bias"]


def _kseq_point(scale=1.0):
    return dict(zip(KSEQ, [[[scale * v for v in r] for r in JW1], B1, JW2, B2]))


TABLE = [[0.5, -1.0, 0.25], [1.5, 0.25, -0.75], [-0.75, 0.5, 2.0], [0.125, 2.0, -1.0]]
TAG_K, TAG_B = [[1.0, -0.5], [0.25, 0.75], [-1.5, 0.5]], [0.25, -0.25]
TAG_TOKENS = [1, 2, 0, 3, 1, 1]
TAG_LABELS = [0, 1, 1, 1, 0, 1]


def _k_tagger(p):
    eps = _held("float32", 1e-3)
    total = mpf(0)
    for t, y in zip(TAG_TOKENS, TAG_LABELS):
        e = p["model.embed.embeddings"][t]
        m = mpmath.fsum(e) / 3
        v = mpmath.fsum((a - m) ** 2 for a in e) / 3
        h = [(a - m) / mpmath.sqrt(v + eps) for a in e]
        z = _lin(_m(TAG_K), [mpf(v) for v in TAG_B], h)
        total += _lse(z) - z[y]
    return total / 6


KBN = ["model.dense.kernel", "model.bn.gamma", "model.bn.beta"]


def _k_bn(train):
    def loss(p):
        h = [_lin(p["model.dense.kernel"], None, x) for x in X]
        stats = None if train else ([mpf(0.5), mpf(-1)], [mpf(4), mpf(0.25)])
        return _weighted(_bn_columns(h, p["model.bn.gamma"], p["model.bn.beta"], _held("float32", 1e-3), stats))
    return loss


def _log_sig(v):
    return -mpmath.log1p(mpmath.exp(-v)) if v > 0 else v - mpmath.log1p(mpmath.exp(v))


def _scaled(p):
    return mpmath.fsum(_log_sig(2 * v) for v in p["x"])


# ------------------------------------------------------------------------------------------------- NumPy
NX = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0]]
NY = [0.5, -1.0, 0.25]


def _n_net(p):
    preds = [mpmath.fsum(_tanh(v) for v in _lin(p["params.w"], p["params.b"], x)) for x in NX]
    return _mse(preds, NY)


NC = [[1.0, -2.0], [0.5, 1.5], [-1.0, 0.25]]


def _n_bn(p):
    cols = _bn_columns(p["x"], [1, 1], [0, 0], mpf(1e-5))
    return mpmath.fsum(v * mpf(c) for r, cr in zip(cols, NC) for v, c in zip(r, cr))


ALL = [
    # ---------------------------------------------------------------------------------------------------- PyTorch
    # nn.Sequential by index, ModuleDict and ModuleList by key and position
    Case(T, "seq_mse", None, "float64", "ok", _truth(_t_seq(), "float64", ["model.0.weight"], **_seq_point(1.0)),
         args="seq_args", wrt="model.0.weight"),
    Case(T, "seq_mse", None, "float32", "unstable", _truth(_t_seq(), "float32", ["model.0.weight"], **_seq_point(64.0)),
         "def seq_mse>>return F.mse_loss(model(x).squeeze(-1), y)", args="seq_sat_args", wrt="model.0.weight"),
    Case(T, "dict_loss", None, "float64", "ok",
         _truth(_t_dict, "float64", ["model.layers.enc.weight"], **{
             "model.layers.enc.weight": TW1, "model.layers.enc.bias": B1, "model.layers.dec.weight": DEC_W,
             "model.layers.dec.bias": DEC_B}), args="dict_args", wrt="model.layers.enc.weight"),
    Case(T, "list_loss", None, "float64", "ok",
         _truth(_t_list, "float64", ["model.blocks.1.weight", "model.blocks.2.bias"], **_list_point()),
         args="list_args", wrt="model.blocks.1.weight,model.blocks.2.bias"),
    # one Parameter used twice (embedding and output projection): one variable, both uses summed
    Case(T, "tied_loss", None, "float64", "ok", _truth(_t_tied, "float64", ["model.emb.weight"],
                                                       **{"model.emb.weight": TIED}), args="tied_args"),
    # buffers are constants of the model
    Case(T, "buffer_loss", None, "float64", "ok",
         _truth(_t_buffer, "float64", ["model.fc.weight", "model.fc.bias"],
                **{"model.fc.weight": [[0.75, -1.5]], "model.fc.bias": [0.25]}), args="buffer_args"),
    # BatchNorm1d: train() (batch statistics; the running ones updated on the side) and eval() (running statistics)
    Case(T, "bn_loss", None, "float64", "ok", _truth(_t_bn(), "float64", ["model.0.weight", "model.1.weight"],
                                                     **BN_POINT), args="bn_train_args",
         wrt="model.0.weight,model.1.weight"),
    Case(T, "bn_loss", None, "float32", "ok", _truth(_t_bn(), "float32", ["model.0.weight", "model.0.bias"],
                                                     **BN_POINT), args="bn_train32_args",
         wrt="model.0.weight,model.0.bias"),
    Case(T, "bn_loss", None, "float64", "ok",
         _truth(_t_bn(([0.5, -1.0], [4.0, 0.25])), "float64", ["model.0.weight", "model.1.weight"], **BN_POINT),
         args="bn_eval_args", wrt="model.0.weight,model.1.weight"),
    Case(T, "bn_loss", None, "float64", "ok",
         _truth(_t_bn(([0.5, -1.0], [0.0, 0.25])), "float64", ["model.0.weight"], **BN_POINT),
         args="bn_eval_zero_var_args", wrt="model.0.weight"),
    # a column of equal values: the batch variance is 0, the layer divides by sqrt(eps): smooth, ok
    Case(T, "bn_input", "x=[[2,1],[2,-1],[2,0.5],[2,3]]", "float64", "ok",
         _truth(_bn_input(mpf(1e-5)), "float64", ["x"], x=[[2, 1], [2, -1], [2, 0.5], [2, 3]])),
    Case(T, "dropout_loss", None, "float64", "ok",
         _truth(_t_dropout, "float64", ["model.net.0.weight"], **{
             "model.net.0.weight": TW1, "model.net.0.bias": [0.125, -0.5, 0.25], "model.net.3.weight": TW2, "model.net.3.bias": B2}),
         args="dropout_eval_args", wrt="model.net.0.weight"),
    # parametrizations: weight_norm (g, v), orthogonal (matrix_exp of a skew matrix), spectral_norm (eval: u, v held)
    Case(T, "wn_loss", None, "float64", "ok",
         _truth(_t_wn, "float64", [WN + "0", WN + "1", "model.bias"],
                **{WN + "0": WN_G, WN + "1": WN_V, "model.bias": WN_B}), args="wn_args", wrt="model"),
    Case(T, "wn_loss", None, "float64", "domain", _wn_zero_truth(), args="wn_zero_args", wrt="model"),
    Case(T, "orth_loss", None, "float64", "ok",
         _truth(_t_orth, "float64", [ORTH], **{ORTH: [[-1.0, 0.0], [0.5, -1.0]]}), args="orth_args", wrt="model"),
    Case(T, "spectral_loss", None, "float64", "ok",
         _truth(_spectral(False), "float64", [ORTH], **{ORTH: SPEC_W}), args="spectral_eval_args", wrt="model"),
    # train(): one power iteration under no_grad, then F.normalize(..., out=self._u) in place: PyTorch holds u, v
    # constant; the mathematics called, differentiated, moves them with W (README: a library's no_grad)
    Case(T, "spectral_loss", None, "float64", "wrong",
         _truth(_spectral(True), "float64", [ORTH], **{ORTH: SPEC_W}), args="spectral_train_args", wrt="model"),
    # register_parametrization with the user's own modules
    Case(T, "param_loss", None, "float64", "ok",
         _truth(_t_sym, "float64", [ORTH], **{ORTH: [[1.0, 2.0, -0.5], [0.25, -1.0, 0.75], [3.0, 0.5, 1.5]]}),
         args="sym_args", wrt="model"),
    Case(T, "param_loss", None, "float32", "unstable",
         _truth(_param_loss(_softplus, POS_X), "float32", [ORTH], **{ORTH: POS_W}),
         "return torch.log(1 + torch.exp(X))", fix="F.softplus", args="positive_naive_args", wrt="model"),
    Case(T, "param_loss", None, "float32", "ok",
         _truth(_param_loss(_softplus, POS_X), "float32", [ORTH], **{ORTH: POS_W}), args="positive_args",
         wrt="model"),
    # nn.Embedding(padding_idx=0): PyTorch's rule gives the padding row 0 on purpose; the row is used by the forward
    Case(T, "pad_square", None, "float64", "ok", _pad_truth([0.0, 0.0], False), args="pad_args"),
    Case(T, "pad_linear", None, "float64", "wrong", _pad_truth([0.0, 0.0], True), "e = model(tokens)",
         args="pad_args"),
    Case(T, "pad_linear", None, "float64", "wrong", _pad_truth([0.5, -1.0], True), "e = model(tokens)",
         args="pad_loaded_args"),
    # a parameter name that is not the model's: an input error naming it and the names there are
    Case(T, "list_loss", None, "float32", "input-error", args="list_args", wrt="model.blocks.3.weight",
         message=("model.blocks.3.weight", "model.blocks.0.weight")),
    # ---------------------------------------------------------------------------------------------------- JAX
    Case(J, "dict_mlp", None, "float64", "ok", _truth(_j_mlp(_tanh, DICT_NAMES), "float64", DICT_NAMES,
                                                      **_dict_point()), args="dict_args", wrt="params"),
    Case(J, "dict_mlp", None, "float32", "unstable",
         _truth(_j_mlp(_tanh, DICT_NAMES), "float32", ["params.hidden.w"], **_dict_point(64.0)),
         "h = jnp.tanh(x @ params", args="sat_args", wrt="params.hidden.w"),
    Case(J, "list_mlp", None, "float32", "ok",
         _truth(_j_mlp(_sig, LIST_NAMES), "float32", LIST_NAMES, **dict(zip(LIST_NAMES, [JW1, B1, JW2, B2]))),
         args="list_args", wrt="params"),
    Case(J, "tuple_mlp", None, "float64", "ok",
         _truth(_j_mlp(_gelu, TUPLE_NAMES), "float64", ["params.w1", "params.b2"],
                **dict(zip(TUPLE_NAMES, [JW1, B1, JW2, B2]))), args="tuple_args", wrt="params.w1,params.b2"),
    Case(J, "init_mlp", None, "float32", "ok",
         _truth(_j_mlp(_softplus, ["params.w1", "params.b1", "params.w2", "params.b2"]), "float32",
                ["params.w1", "params.b1", "params.w2", "params.b2"],
                **{"params.w1": [[0.5] * 3] * 2, "params.b1": [0.0] * 3, "params.w2": [[1.0]] * 3,
                   "params.b2": [0.0]}), args="init_args", wrt="params"),
    Case(J, "l2_tree", None, "float64", "ok",
         _truth(_j_mlp(_tanh, DICT_NAMES, mpf(1e-2)), "float64", DICT_NAMES, **_dict_point()), args="dict_args",
         wrt="params"),
    Case(J, "bn_mlp", None, "float64", "ok",
         _truth(_j_bn(True, "float64"), "float64", ["params.w", "params.gamma", "params.beta"],
                **{"params.w": JBN_W, "params.gamma": GAMMA, "params.beta": BETA}), args="bn_args", wrt="params"),
    Case(J, "bn_mlp", None, "float32", "ok",
         _truth(_j_bn(False, "float32"), "float32", ["params.w", "params.gamma"],
                **{"params.w": JBN_W, "params.gamma": GAMMA, "params.beta": BETA}), args="bn_eval_args",
         wrt="params.w,params.gamma"),
    Case(J, "layer_norm", "x=[2,2,2]", "float32", "ok", _truth(_ln(_held("float32", 1e-5)), "float32", ["x"],
                                                             x=[2, 2, 2])),
    Case(J, "layer_norm_std", "x=[1,2,4]", "float64", "ok", _truth(_ln_std(mpf(1e-5)), "float64", ["x"],
                                                                 x=[1, 2, 4])),
    # jnp.std at a constant row: sqrt's rule at 0 gives inf * 0 = NaN where the layer is differentiable: wrong
    Case(J, "layer_norm_std", "x=[2,2,2]", "float64", "wrong", _ln_std_flat(),
         "std = jnp.std(x, axis=-1, keepdims=True)"),
    Case(J, "xent", None, "float32", "ok",
         _truth(_j_xent, "float32", ["params.w"], **{"params.w": LOGIT_W, "params.b": [0.0] * 3}),
         args="logits_args", wrt="params.w"),
    Case(J, "naive_xent", None, "float32", "unstable",
         _truth(_j_xent, "float32", ["params.w"], **{"params.w": LOGIT_W, "params.b": [0.0] * 3}),
         "p = jnp.exp(logits) / jnp.sum(jnp.exp(logits)", args="logits_args", wrt="params.w"),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Case(K, "seq_mse", None, "float32", "ok",
         _truth(_j_mlp(_tanh, KSEQ), "float32", KSEQ, **_kseq_point()), args="seq_args", wrt="model"),
    Case(K, "seq_mse", None, "float32", "unstable",
         _truth(_j_mlp(_sig, KSEQ), "float32", ["model.hidden.kernel"], **_kseq_point(64.0)),
         "def seq_mse>>return tf.reduce_mean(tf.square(model(x) - y))", args="seq_sigmoid_sat_args", wrt="model.hidden.kernel"),
    Case(K, "l2_reg", None, "float32", "ok",
         _truth(_j_mlp(_tanh, KSEQ, _held("float32", 0.01)), "float32", KSEQ, **_kseq_point()), args="seq_args",
         wrt="model"),
    Case(K, "tagger_loss", None, "float32", "ok",
         _truth(_k_tagger, "float32", ["model.embed.embeddings"], **{"model.embed.embeddings": TABLE}),
         args="tagger_args", wrt="model.embed.embeddings"),
    Case(K, "tagger_loss", None, "float32", "ok",
         _truth(_k_tagger, "float32", ["model.embed.embeddings"],
                **{"model.embed.embeddings": TABLE[:2] + [[2.0, 2.0, 2.0]] + TABLE[3:]}),
         args="tagger_flat_args", wrt="model.embed.embeddings"),
    Case(K, "bn_train_loss", None, "float32", "ok",
         _truth(_k_bn(True), "float32", KBN, **{"model.dense.kernel": [[0.5, 1.5], [-0.25, 0.75]],
                                               "model.bn.gamma": GAMMA, "model.bn.beta": BETA}),
         args="bn_args", wrt="model"),
    Case(K, "bn_infer_loss", None, "float32", "ok",
         _truth(_k_bn(False), "float32", KBN, **{"model.dense.kernel": [[0.5, 1.5], [-0.25, 0.75]],
                                                "model.bn.gamma": GAMMA, "model.bn.beta": BETA}),
         args="bn_args", wrt="model"),
    Case(K, "scaled", "x=[-50,1]", "float32", "ok", _truth(_scaled, "float32", ["x"], x=[-50, 1])),
    Case(K, "naive_scaled", "x=[-50,1]", "float32", "unstable", _truth(_scaled, "float32", ["x"], x=[-50, 1]),
         "return tf.reduce_sum(tf.math.log(tf.sigmoid(SCALE * x)))", fix="tf.math.log_sigmoid"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "net_loss", None, "float64", "ok",
         _truth(_n_net, "float64", ["params.w", "params.b"],
                **{"params.w": [[0.5, 1.5], [-0.25, 0.75]], "params.b": [0.125, -0.375]}), args="net_args",
         wrt="params"),
    Case(N, "bn_train", "x=[[2,1],[2,-1],[2,0.5]]", "float64", "ok",
         _truth(_n_bn, "float64", ["x"], x=[[2, 1], [2, -1], [2, 0.5]])),
    Case(N, "layer_norm_std", "x=[2,2,2]", "float64", "wrong", _ln_std_flat(),
         "return np.sum((x - x.mean()) / (x.std() + 1e-5)"),
    Case(N, "sigmoid_layer", "z=[-800,1]", "float64", "unstable",
         hp(lambda: {"z": [_sig(-mpf(v)) for v in (-800, 1)]}), "return np.sum(np.log(1.0 / (1.0 + np.exp(-z))))",
         fix="np.logaddexp"),
]
