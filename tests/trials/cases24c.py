"""The twenty-fourth trial set (c): framework code through the user's other entry points. The cases here are
``gradcli check`` runs of the functions a round of sweeps, an audit spec (audit24c.toml), the ``gradcheck`` pytest
fixture and ``gradcli.check`` on pytrees were tried on: losses on either side of where they break (a naive softplus
past exp's overflow and below log's cancellation, log cosh past cosh's overflow, a sigmoid written by exponentials,
a softmax cross-entropy and a log-sum-exp written out, a cosine similarity of tiny vectors), a Huber loss whose
hand-written backward forgets its clip, and parameter trees picked by leaf (params.w1, model.fc1.weight, params).

Truths are the mathematics written here in mpmath (closed forms, or differences at 2,000 digits of the loss written
again here), never the user files' code; the models' numbers are written here again too.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, _softmax, hp, sig
from cases12a import num_grad
from cases23c import _each

J, T, K, N = "jax_lib24c.py", "torch_lib24c.py", "tf_lib24c.py", "numpy_lib24c.py"


def _xent_first(zs, dtype="float64"):
    """d/dz -log softmax(z)[0] = softmax(z) - e0."""
    def truth():
        p = _softmax(_in(dtype, zs))
        return {"z": [p[0] - 1] + p[1:]}
    return hp(truth)


def _softmax_all(xs, dtype="float64"):
    return hp(lambda: {"x": _softmax(_in(dtype, xs))})


def _sigmoid_by_exp(x):
    """d/dx e^-x / (1 + e^-x) = -e^-x / (1 + e^-x)^2 = -sig(x) sig(-x)."""
    return -sig(x) * sig(-x)


def _logistic_nll(w, xs, ys):
    """d/dw sum log(1 + exp(-y w.x)) = sum -y x sig(-y w.x)."""
    def truth():
        wv = _in("float64", w)
        grad = [mp(0)] * len(wv)
        for row, y in zip(xs, ys):
            xv = _in("float64", row)
            m = mp(y) * sum(a * b for a, b in zip(xv, wv))
            grad = [g - mp(y) * a * sig(-m) for g, a in zip(grad, xv)]
        return {"w": grad}
    return hp(truth)


def _cosine(a, b, dtype="float64"):
    """d/da (a.b)/(|a||b|) = b/(|a||b|) - (a.b) a/(|a|^3 |b|); b's the same with the roles swapped."""
    def truth():
        av, bv = _in(dtype, a), _in(dtype, b)
        dot = sum(p * q for p, q in zip(av, bv))
        na, nb = mpmath.sqrt(sum(p * p for p in av)), mpmath.sqrt(sum(q * q for q in bv))
        return {"a": [q / (na * nb) - dot * p / (na ** 3 * nb) for p, q in zip(av, bv)],
                "b": [p / (na * nb) - dot * q / (nb ** 3 * na) for p, q in zip(av, bv)]}
    return hp(truth)


def _tempered(logits, temperature):
    """L = -(l0/T - lse(l/T)): dL/dl = (p - e0)/T, dL/dT = (l0 - sum p l)/T^2, p = softmax(l/T)."""
    def truth():
        lv, t = _in("float64", logits), _in("float64", [temperature])[0]
        p = _softmax([v / t for v in lv])
        return {"logits": [(p[0] - 1) / t] + [q / t for q in p[1:]],
                "temperature": (lv[0] - sum(q * v for q, v in zip(p, lv))) / t ** 2}
    return hp(truth)


# The JAX MLP's numbers (jax_lib24c.py), written again.
W1 = [[0.5, -1.0, 0.25], [1.5, 0.75, -0.5]]
B1 = [0.1, -0.3, 0.2]
W2 = [1.0, -2.0, 0.5]
XS = [[1.0, -0.5], [0.25, 2.0]]
YS = [0.5, -1.0]


def _mlp(w1):
    total = 0
    for x, y in zip(XS, YS):
        h = [mpmath.tanh(sum(mp(x[k]) * w1[k][j] for k in range(2)) + mp(B1[j])) for j in range(3)]
        total += (sum(h[j] * mp(W2[j]) for j in range(3)) - mp(y)) ** 2
    return total / len(XS)


def _renamed(truth, old, new):
    return lambda: {new: truth()[old]}


# The PyTorch regressor's numbers (torch_lib24c.py), written again; its parameters are copied from float32 tensors
# (torch.tensor of a list), so the biases are float32's nearest to 0.1, -0.2, 0.05 and 0.3.
FC1_B = [0.1, -0.2, 0.05]
FC2_W = [1.0, -0.5, 0.25]
FC2_B = 0.3
TX = [[1.0, 2.0], [-0.5, 0.75]]
TY = [1.0, -2.0]


def _regressor(w):
    total, b1, b2 = 0, _in("float32", FC1_B), _in("float32", [FC2_B])[0]
    for x, y in zip(TX, TY):
        h = [mpmath.log1p(mpmath.exp(sum(w[j][k] * mp(x[k]) for k in range(2)) + b1[j])) for j in range(3)]
        total += (sum(mp(FC2_W[j]) * h[j] for j in range(3)) + b2 - mp(y)) ** 2
    return total / len(TX)


def _poly_fit():
    """Mean squared residual of a x^2 + b x + c at (0.5, -1.25, 2): its slopes in a, b and c."""
    def truth():
        a, b, c = mp("0.5"), mp("-1.25"), mp(2)
        xs, ys = [mp(0), mp(1), mp(2), mp("3.5")], [mp(2), mp("1.5"), mp(1), mp(4)]
        r = [a * x ** 2 + b * x + c - y for x, y in zip(xs, ys)]
        n = len(xs)
        return {"params.a": sum(2 * ri * x ** 2 for ri, x in zip(r, xs)) / n,
                "params.b": sum(2 * ri * x for ri, x in zip(r, xs)) / n,
                "params.c": sum(2 * ri for ri in r) / n}
    return hp(truth)


LX = [[1.0, 2.0], [-3.0, 0.5]]
LY = [1.0, -1.0]

ALL = [
    # --- NumPy --------------------------------------------------------------------------------------------------------
    Case(N, "log_cosh_naive", "x=[711]", "float64", "unstable", _each("x", mpmath.tanh, [711]), "np.cosh(x)",
         fix="log1p"),
    Case(N, "log_cosh_naive", "x=[0.5,-2]", "float64", "ok", _each("x", mpmath.tanh, [0.5, -2])),
    Case(N, "log_cosh_naive", "x=[89.5]", "float32", "unstable", _each("x", mpmath.tanh, [89.5], "float32"),
         "np.cosh(x)", fix="log1p"),
    Case(N, "log_cosh_naive", "x=[3,-0.25]", "float32", "ok", _each("x", mpmath.tanh, [3, -0.25], "float32")),
    Case(N, "softplus_naive", "x=[710]", "float64", "unstable", _each("x", sig, [710]), "np.exp(x)",
         fix="logaddexp"),
    Case(N, "softplus_naive", "x=[-40,3]", "float64", "ok", _each("x", sig, [-40, 3])),
    Case(N, "poly_fit_loss", None, "float64", "ok", _poly_fit(), args="poly_fit_args", wrt="params"),
    Case(N, "cosine_similarity", "a=[1,2],b=[3,-4]", "float64", "ok", _cosine([1, 2], [3, -4])),
    # finding X1: the softmax's entry picked inside the exp (exp(z[0]) / sum(exp(z))) was offered no log_softmax
    Case(N, "softmax_xent_naive", "z=[800,0,1]", "float64", "unstable", _xent_first([800, 0, 1]), "np.exp(z[0])",
         fix="log_softmax"),
    # F.softplus's threshold written out: at 20 the two sides differ by 2.06e-9 (finding F1: printed as 20 and 20)
    Case(N, "softplus_thresholded", "x=[20,1]", "float64", "domain", hp(lambda: {"x": [NAN, sig(mp(1))]})),
    Case(N, "softplus_thresholded", "x=[25,-3]", "float64", "ok", hp(lambda: {"x": [mp(1), sig(mp(-3))]})),
    # --- JAX ----------------------------------------------------------------------------------------------------------
    Case(J, "mlp_loss", None, "float64", "ok", _renamed(num_grad(_mlp, w1=W1), "w1", "params.w1"),
         args="mlp_args", wrt="params.w1"),
    Case(J, "softmax_xent_naive", "z=[800,0,1]", "float64", "unstable", _xent_first([800, 0, 1]), "jnp.exp(z[0])",
         fix="log_softmax|logsumexp"),
    Case(J, "softmax_xent_naive", "z=[1,2,3]", "float64", "ok", _xent_first([1, 2, 3])),
    Case(J, "softmax_xent_naive", "z=[1,2,3]", "float32", "ok", _xent_first([1, 2, 3], "float32")),
    Case(J, "sigmoid_by_exp", "x=[-800,1]", "float64", "unstable", _each("x", _sigmoid_by_exp, [-800, 1]),
         "jnp.exp(-x)", fix="sigmoid"),
    Case(J, "sigmoid_by_exp", "x=[-2,0.5,4]", "float64", "ok", _each("x", _sigmoid_by_exp, [-2, 0.5, 4])),
    Case(J, "logistic_regression_nll", f"w=[-300,-300],x={LX},y={LY}".replace(" ", ""), "float64", "unstable",
         _logistic_nll([-300, -300], LX, LY), "jnp.exp(-margins)", fix="softplus|logaddexp"),
    Case(J, "logistic_regression_nll", f"w=[0.5,-0.25],x={LX},y={LY}".replace(" ", ""), "float64", "ok",
         _logistic_nll([0.5, -0.25], LX, LY)),
    # --- PyTorch ------------------------------------------------------------------------------------------------------
    Case(T, "softplus_naive", "x=[710]", "float64", "unstable", _each("x", sig, [710]), "torch.exp(x)",
         fix="softplus|logaddexp"),
    Case(T, "softplus_naive", "x=[89]", "float32", "unstable", _each("x", sig, [89], "float32"), "torch.exp(x)",
         fix="softplus|logaddexp"),
    Case(T, "softplus_naive", "x=[-20]", "float64", "unstable", _each("x", sig, [-20]), "torch.log(1 + ",
         fix="log1p|softplus|logaddexp"),
    Case(T, "softplus_naive", "x=[-5,5]", "float64", "ok", _each("x", sig, [-5, 5])),
    Case(T, "huber_loss", "x=[2,0.5]", "float64", "wrong", _each("x", lambda v: max(-1, min(1, v)), [2, 0.5]),
         "class HuberFn>>def backward"),
    Case(T, "huber_loss", "x=[0.5,-0.25]", "float64", "ok", _each("x", lambda v: v, [0.5, -0.25])),
    Case(T, "huber_right_loss", "x=[1,-1,3]", "float64", "ok", _each("x", lambda v: max(-1, min(1, v)), [1, -1, 3])),
    Case(T, "huber_right_loss", "x=[2,-0.5]", "float32", "ok",
         _each("x", lambda v: max(-1, min(1, v)), [2, -0.5], "float32")),
    Case(T, "log_sigmoid_naive", "x=[-800]", "float64", "unstable", _each("x", lambda v: sig(-v), [-800]),
         "torch.sigmoid(x)", fix="logsigmoid|log_sigmoid"),
    Case(T, "log_sigmoid_naive", "x=[-30,2]", "float64", "ok", _each("x", lambda v: sig(-v), [-30, 2])),
    Case(T, "regressor_loss", None, "float64", "ok",
         _renamed(num_grad(_regressor, w=[[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]), "w", "model.fc1.weight"),
         args="regressor_args", wrt="model.fc1.weight"),
    # --- TensorFlow ---------------------------------------------------------------------------------------------------
    Case(K, "logsumexp_naive", "x=[800,1,2]", "float64", "unstable", _softmax_all([800, 1, 2]), "tf.exp(x)",
         fix="reduce_logsumexp"),
    Case(K, "logsumexp_naive", "x=[1,2,3]", "float32", "ok", _softmax_all([1, 2, 3], "float32")),
    Case(K, "cosine_similarity", "a=[1e-170,2e-170],b=[3,4]", "float64", "unstable",
         _cosine([1e-170, 2e-170], [3, 4]), "tf.norm(a)"),
    Case(K, "cosine_similarity", "a=[1,2],b=[3,4]", "float64", "ok", _cosine([1, 2], [3, 4])),
    Case(K, "tempered_xent", "logits=[3,0,-1],temperature=0.5", "float64", "ok", _tempered([3, 0, -1], 0.5)),
    # a confident right answer: the loss is log(1 + e^-50 + ...) = 1.9e-22, and log_softmax's log of a sum next to 1
    # gives 0 (its slopes (p - e0)/T too): every digit of a tiny loss lost, with no spelling of the frameworks' that keeps it
    Case(K, "tempered_xent", "logits=[2,1.5,-1],temperature=0.01", "float64", "unstable", _tempered([2, 1.5, -1], 0.01),
         "return -tf.nn.log_softmax"),
]
