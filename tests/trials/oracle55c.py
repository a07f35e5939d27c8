"""Round 55c's own oracle: the mathematics of gradcli.numpy / gradcli.scipy.special's ops written as mpmath dual
numbers (value and every partial by the chain rule, at the digits the caller sets), never gradcli's code. A case's
truth evaluates its composition's text with ``np`` / ``sp`` bound to these duals (`slopes`)."""

import mpmath
from mpmath import mpf


class D:
    """A number and its partials."""

    def __init__(self, v, g):
        self.v, self.g = mpf(v), g

    @staticmethod
    def lift(x, n):
        return x if isinstance(x, D) else D(mpf(x), [mpf(0)] * n)

    def _n(self):
        return len(self.g)

    def __add__(self, o):
        return _map2(lambda a, b: D(a.v + b.v, [x + y for x, y in zip(a.g, b.g)]), self, o)

    __radd__ = __add__

    def __sub__(self, o):
        return _map2(lambda a, b: D(a.v - b.v, [x - y for x, y in zip(a.g, b.g)]), self, o)

    def __rsub__(self, o):
        return _map2(lambda a, b: D(a.v - b.v, [x - y for x, y in zip(a.g, b.g)]), o, self)

    def __mul__(self, o):
        return _map2(lambda a, b: D(a.v * b.v, [a.v * y + b.v * x for x, y in zip(a.g, b.g)]), self, o)

    __rmul__ = __mul__

    def __neg__(self):
        return D(-self.v, [-x for x in self.g])

    def __gt__(self, t):
        return _cmp(self, t, lambda a, b: a > b)

    def __lt__(self, t):
        return _cmp(self, t, lambda a, b: a < b)

    def __ge__(self, t):
        return _cmp(self, t, lambda a, b: a >= b)


class V(list):
    """A vector of duals, elementwise."""

    def __add__(self, o):
        return _map2(D.__add__, self, o)

    __radd__ = __add__

    def __sub__(self, o):
        return _map2(lambda a, b: a - b, self, o)

    def __rsub__(self, o):
        return _map2(lambda a, b: a - b, o, self)

    def __mul__(self, o):
        return _map2(lambda a, b: a * b, self, o)

    __rmul__ = __mul__

    def __gt__(self, t):
        return [x > t for x in self]

    def __lt__(self, t):
        return [x < t for x in self]

    def __ge__(self, t):
        return [x >= t for x in self]


N = [0]  # partials per number, set by `slopes`


def _cmp(a, t, op):
    t = mpf(t)
    if a.v == t:
        raise ValueError("a comparison at its switch: the case's truth is written by hand")
    return op(a.v, t)


def _map2(f, a, b):
    if isinstance(a, list) or isinstance(b, list):
        m = len(a) if isinstance(a, list) else len(b)
        a = a if isinstance(a, list) else [a] * m
        b = b if isinstance(b, list) else [b] * m
        return V(_map2(f, x, y) for x, y in zip(a, b))
    return f(D.lift(a, N[0]), D.lift(b, N[0]))


def _unary(f, df):
    def op(a):
        if isinstance(a, list):
            return V(op(x) for x in a)
        a = D.lift(a, N[0])
        d = df(a.v)
        return D(f(a.v), [d * x for x in a.g])
    return op


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _softplus(x):
    return x + mpmath.log1p(mpmath.exp(-x)) if x > 0 else mpmath.log1p(mpmath.exp(x))


def _gammaln(x):
    return mpmath.loggamma(x) if x > 0 else mpmath.log(abs(mpmath.gamma(x)))


def _abs_slope(x):
    if x == 0:
        raise ValueError("abs at 0: the case's truth is written by hand")
    return mpf(1) if x > 0 else mpf(-1)


def _lse(vs):
    vs = [D.lift(v, N[0]) for v in vs]
    m = max(v.v for v in vs)
    e = [mpmath.exp(v.v - m) for v in vs]
    s = mpmath.fsum(e)
    top = [v.v for v in vs].index(m)
    return D(m + mpmath.log1p(mpmath.fsum(x for i, x in enumerate(e) if i != top)),
             [mpmath.fsum(x * v.g[k] for x, v in zip(e, vs)) / s for k in range(N[0])])


def _shares(vs):
    m = max(v.v for v in vs)
    e = [mpmath.exp(v.v - m) for v in vs]
    s = mpmath.fsum(e)
    return [x / s for x in e], e, m


def _softmax(vs):
    vs = [D.lift(v, N[0]) for v in vs]
    p, _, _ = _shares(vs)
    # g_i - sum_j p_j g_j as sum_j p_j (g_i - g_j): no 1 - p_i cancellation
    return V(D(pi, [pi * mpmath.fsum(pj * (v.g[k] - u.g[k]) for pj, u in zip(p, vs)) for k in range(N[0])])
             for pi, v in zip(p, vs))


def _log_softmax(vs):
    vs = [D.lift(v, N[0]) for v in vs]
    p, e, m = _shares(vs)
    top = [v.v for v in vs].index(m)
    rest = mpmath.log1p(mpmath.fsum(x for i, x in enumerate(e) if i != top))
    return V(D((v.v - m) - rest, [mpmath.fsum(pj * (v.g[k] - u.g[k]) for pj, u in zip(p, vs)) for k in range(N[0])])
             for v in vs)


def _norm(vs):
    vs = [D.lift(v, N[0]) for v in vs]
    n = mpmath.sqrt(mpmath.fsum(v.v * v.v for v in vs))
    if n == 0:
        raise ValueError("norm at 0: the case's truth is written by hand")
    return D(n, [mpmath.fsum(v.v * v.g[k] for v in vs) / n for k in range(N[0])])


def _sum(a):
    if not isinstance(a, list):
        return a
    out = D.lift(a[0], N[0])
    for x in a[1:]:
        out = out + x
    return out


def _maximum(a, b):
    def pick(x, y):
        if x.v == y.v and x.g != y.g:
            raise ValueError("maximum at a tie: the case's truth is written by hand")
        return x if x.v > y.v else y
    return _map2(pick, a, b)


def _logaddexp(a, b):
    def lae(x, y):
        m = max(x.v, y.v)
        ex, ey = mpmath.exp(x.v - m), mpmath.exp(y.v - m)
        return D(m + mpmath.log1p(min(ex, ey)), [(ex * p + ey * q) / (ex + ey) for p, q in zip(x.g, y.g)])
    return _map2(lae, a, b)


def _xlogy(a, b):
    def f(x, y):
        if y.v <= 0:
            raise ValueError("xlogy off its domain")
        l = mpmath.log(y.v)
        return D(0 if x.v == 0 else x.v * l, [l * p + x.v / y.v * q for p, q in zip(x.g, y.g)])
    return _map2(f, a, b)


def _xlog1py(a, b):
    def f(x, y):
        l = mpmath.log1p(y.v)
        return D(0 if x.v == 0 else x.v * l, [l * p + x.v / (1 + y.v) * q for p, q in zip(x.g, y.g)])
    return _map2(f, a, b)


def _where(c, a, b):
    if isinstance(c, list) or isinstance(a, list) or isinstance(b, list):
        m = max(len(z) for z in (c, a, b) if isinstance(z, list))
        c, a, b = [z if isinstance(z, list) else [z] * m for z in (c, a, b)]
        return V(x if k else y for k, x, y in zip(c, a, b))
    return a if c else b


class _NS:
    pass


np = _NS()
np.exp = _unary(mpmath.exp, mpmath.exp)
np.log = _unary(mpmath.log, lambda x: 1 / x)
np.log1p = _unary(mpmath.log1p, lambda x: 1 / (1 + x))
np.expm1 = _unary(mpmath.expm1, mpmath.exp)
np.sqrt = _unary(mpmath.sqrt, lambda x: 1 / (2 * mpmath.sqrt(x)))
np.tanh = _unary(mpmath.tanh, lambda x: 1 / mpmath.cosh(x) ** 2)
np.square = _unary(lambda x: x * x, lambda x: 2 * x)
np.reciprocal = _unary(lambda x: 1 / x, lambda x: -1 / (x * x))
np.sin = _unary(mpmath.sin, mpmath.cos)
np.cos = _unary(mpmath.cos, lambda x: -mpmath.sin(x))
np.abs = _unary(abs, _abs_slope)
np.maximum = _maximum
np.logaddexp = _logaddexp
np.where = _where
np.sum = _sum
np.array = lambda values: V(mpf(v) for v in values)
np.linalg = _NS()
np.linalg.norm = _norm
sp = _NS()
sp.expit = _unary(_sig, lambda x: _sig(x) * _sig(-x))
sp.erf = _unary(mpmath.erf, lambda x: 2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x))
sp.erfc = _unary(mpmath.erfc, lambda x: -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x))
sp.gammaln = _unary(_gammaln, mpmath.digamma)
sp.logsumexp = _lse
sp.softmax = _softmax
sp.log_softmax = _log_softmax
sp.xlogy = _xlogy
sp.xlog1py = _xlog1py
# logaddexp(0.0, x) is the softplus: np.logaddexp covers it


def slopes(text, **point):
    """{name: partial} of the composition ``text`` (on np / sp) at ``point`` (numbers as float64 holds them)."""
    n = sum(len(v) if isinstance(v, list) else 1 for v in point.values())
    N[0] = n
    env, k = {"np": np, "sp": sp}, 0
    for name, value in point.items():
        if isinstance(value, list):
            env[name] = V(D(float(x), [mpf(1) if j == k + i else mpf(0) for j in range(n)]) for i, x in enumerate(value))
            k += len(value)
        else:
            env[name] = D(float(value), [mpf(1) if j == k else mpf(0) for j in range(n)])
            k += 1
    out = _sum(eval(text, env))  # noqa: S307 (the case's own text, written in cases55c.py)
    grad, k = {}, 0
    for name, value in point.items():
        if isinstance(value, list):
            grad[name] = [out.g[k + i] for i in range(len(value))]
            k += len(value)
        else:
            grad[name] = out.g[k]
            k += 1
    return grad
