"""The fifty-fourth trial set (third part): a probe of issue 27's classes on array and linear-algebra code as users
write it with gradcli.numpy and as plain NumPy modules, where rounds 51c-53c were not:

- softmax / log-softmax over axis 1 with keepdims at +-800, 1e300 and subnormals (shares e^-1e300 by their digits);
  temperature scaling at T = 1e-300 (x / T = 1e300: slopes e^-5e299 / 1e-300 by their digits, but divide's slope
  -g x / T^2 forms 1/1e-600 = inf times g = 0: unstable) and 1e300; a naive softmax overflowing; attention
  softmax(q k^T / sqrt 2) v with scores at +-1131 and 1e-300 (the slopes of q along k's equal columns proven 0);
- matrix norms: 'fro' (1e-300 squares underflowing: unstable), ord 1 / inf away from and at a tie of column sums,
  ord 2 at a repeated singular value (a kink: domain), 'nuc' at a repeated one (no kink: U V^T) and at a zero one
  (domain); row norms with axis=1; normalisation by a max-scaled norm at 1e-300 / 1e300;
- linear algebra: slogdet at condition 4e15 (exact LU), at 1e-300 and 1e300 entries, at a 3 x 3 of condition 1e15
  whose LU rounds little (ok) and a 2 x 2 whose fl(1/3)^2 rounds against a determinant of 1e-15 (unstable); det at a
  singular matrix (its slope the cofactors), at 1e-300 entries (value 5e-600: float64's 0) and 1e300 (1e600: domain);
  trace of the inverse (slopes 1e600: domain); solve; Cholesky log-determinants of [[a, b], [b, c]] (a value
  log(1e-300 * 1e300) = 7.8e-17 cancelled: unstable); eigvalsh / eigh at a repeated eigenvalue (top: domain; the sum
  and the sum of squares: no kink, ok), at eigenvalues 1 +- 1e-300 (one double: unstable); singular values;
  matrix_power's trace at 1e-300 (slopes 3e-600 by their digits), 1e-150 and 1e-160 (subnormal squares);
- indexing and gathers: repeated fancy indices, take, boolean masks (on the mask's switch: domain), sort-based top-2
  (a tie inside the top two of their sum is no kink; between the second and third it is), argsort gathers, median
  and percentile at ties, cumsum cancelling 1e-16, cumprod through a 0, where with array conditions (on the switch
  the partial in x exists, in y not), einsum, A @ B - C rounding to 0 for 1e-16 residuals, the triple product
  (a x b = 1e600: domain), Horner at a double root, interp at a knot with and without a kink, convolve, clip with
  array bounds; np.add.at; np.linalg.matrix_norm (which gradcli.numpy does not have: a clear input error);
- float32: temperature softmax, log-softmax at +-100, slogdet at 1e-30, eigvalsh at 1 +- 1e-30, top-2 at a tie,
  cumsum cancelling 1e-8, a matrix cube whose square is float32-subnormal.

Truths are the mathematics written here in mpmath at 2,000 digits (log-softmax's [j == k] - p_j, softmax's
temperature slope -p_0 (x_0 - sum p x)/T^2, attention's dS_ij = A_ij sum_l A_il (G_ij - G_il), inv(A)^T, the
cofactors, -(A^-2)^T, -(A^-T w) x^T, log(ac - b^2)'s slopes, the top eigenvalue (a + c)/2 + r and its eigenvector's
1/2 + d/(2r), the 2 x 2 singular values from sqrt((a +- d)^2 + (c -+ b)^2), 3 (A^2)^T, the cross products of the
triple product, ...), never the user files' code; points and program constants as the dtype holds them (sqrt(2.0)
as float64 holds it).

129 cases (27 softmax / attention / norms, 38 linear algebra, 36 indexing and array ops on gradcli.numpy, 17 plain
NumPy with one input error, 10 float32, 1 known finding; 87 ok, 17 unstable, 24 domain, 1 input-error), run two at a
time through the CLI: all agree but the finding, after the truths corrected below; none took over 3 s. The exact
reference was right at every point, to 1e-10 relative and on the digits shown: tiny slopes by their digits (e^-1e300
shares, e^-5e299 / 1e-300, 3e-600 from a 1e-300 matrix cubed), zeros proven (the slopes of q along k's equal
columns at scores +-1131, where 2,000 digits of cancellation give 2e-2001; an eigenvector's at b = 0; a residual
cancelling exactly), ties kinks only where they are (nuclear norm, eigenvalue sums, the top two's sum and the median
of four at ties: ok; ord 2, the top eigenvalue, the top-two weighted, percentile and median of three at ties:
domain), values and slopes beyond float64 (det 1e600, -(A^-2)^T 1e600, a x b 1e600) domain.

Found by this round (in KNOWN): np.add.at(out, indices, values) as a statement on an array the function made
(out = gnp.zeros(3)) is followed in a plain NumPy module but refused in a gradcli.numpy one, with a message saying
"as a statement on a name the function made itself (np.add.at(out, indices, values)) gradcli follows it" -- exactly
what the user wrote. The unary ufuncs' message says "in a plain NumPy module"; the binary one does not, and neither
says what to write instead in gradcli.numpy. Mended in its words: the message says the statement is followed in a
plain NumPy module and names, for np.add.at, out + np.bincount(indices, weights=values, minlength=out.size); the case
now writes that rewrite (tests/test_plainmp59_ufunc_methods.py holds the message).

Truths the round corrected in itself, gradcli right each time: attention at q = [[800, -800], [1, 0]]: my
A_ij (G_ij - sum_l A_il G_il) cancelled 1 - (1 - e^-1131) at 2,000 digits and gave 2.4e-2001 where the slope is 0
exactly (k's columns equal). softmax(x / T) at T = 1e-300 (and float32's 1e-38): divide's rule forms x / T^2 = inf,
times an upstream 0: a NaN of overflow, unstable. det of 1e300 I: the value 1e600 is beyond float64: domain, not
unstable. Cholesky log-determinant at a = 1e-300, c = 1e300: the value is log(1 + 7.8e-17), float64's sum of
+-345.39 gives 0: unstable. slogdet of [[1, 2, 3], [4, 5, 6], [7, 8, 9 + 1e-13]]: condition 1e15, but LU's rounding
leaves inv right to 4e-16: ok. float32's cube of a 1e-20 matrix: its square's subnormal units are 2e-6 of it,
inside float32's 1e-4: ok.

Re-derived since (README's rule for a gradient the dtype holds beside a value past its range): the cases whose value
lies past the dtype's range while slopes the dtype holds come out inf, NaN or off are unstable, not domain (each
marked where it stands).
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at
from cases40c import _closed

S, L, X, N, F32 = "sm_lib54c.py", "la_lib54c.py", "ix_lib54c.py", "np_lib54c.py", "f32_lib54c.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _f(value, dtype="float64"):
    return _in(dtype, [value])[0]


def _const(**slopes):
    return hp(lambda: {k: (v() if callable(v) else v) for k, v in slopes.items()})


def _nans(rows, cols=None):
    return [NAN] * rows if cols is None else [[NAN] * cols for _ in range(rows)]


def _rows(m):
    return [[m[i, j] for j in range(m.cols)] for i in range(m.rows)]


def _mat(a):
    return mpmath.matrix(a)


def _softmax(zs):
    top = max(zs)
    e = [mpmath.exp(z - top) for z in zs]
    s = mpmath.fsum(e)
    return [v / s for v in e]


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _log_softmax_pick(z):
    """ls[0, 0] + ls[1, 2]: d/dz_rj = [j == k_r] - softmax(z_r)_j."""
    out = []
    for row, k in zip(z, (0, 2)):
        p = _softmax(row)
        out.append([(1 if j == k else 0) - p[j] for j in range(len(row))])
    return {"z": out}


def _softmax_temp(x, t):
    """p_0 of softmax(x / t): d/dx_j = p_0 ([j == 0] - p_j) / t, d/dt = -p_0 (x_0 - sum p_j x_j) / t^2."""
    p = _softmax([v / t for v in x])
    mean = mpmath.fsum(pj * xj for pj, xj in zip(p, x))
    return {"x": [p[0] * ((1 if j == 0 else 0) - p[j]) / t for j in range(len(x))],
            "t": -p[0] * (x[0] - mean) / t ** 2}


SQRT2 = mpf(float(2 ** 0.5))  # the program's float64 sqrt(2.0)
W2 = [[mpf(1), mpf(-2)], [mpf("0.5"), mpf(3)]]


def _attention(q, k, v):
    """L = sum W2 * (A v), A = row softmax(S), S = q k^T / c: dV = A^T W2, G = W2 v^T, dS_ij = A_ij sum_l A_il (G_ij -
    G_il), dq = dS k / c, dk = dS^T q / c."""
    Q, K, V, W = _mat(q), _mat(k), _mat(v), _mat(W2)
    Sm = Q * K.T / SQRT2
    A = mpmath.matrix([_softmax([Sm[i, j] for j in range(Sm.cols)]) for i in range(Sm.rows)])
    G = W * V.T
    dS = mpmath.matrix(A.rows, A.cols)
    for i in range(A.rows):
        for j in range(A.cols):  # A_ij sum_l A_il (G_ij - G_il): no 1 - (1 - e^-1131) to cancel at 2,000 digits
            dS[i, j] = mpmath.fsum(A[i, j] * A[i, l] * (G[i, j] - G[i, l]) for l in range(A.cols) if l != j)
    return {"q": _rows(dS * K / SQRT2), "k": _rows(dS.T * Q / SQRT2), "v": _rows(A.T * W)}


def _fro(a):
    n = mpmath.sqrt(mpmath.fsum(x * x for row in a for x in row))
    return {"a": [[x / n for x in row] for row in a]}


def _norm1(a):
    """the largest column sum of |a_ij|: sign(a_ij) in that column (unique here)."""
    sums = [mpmath.fsum(abs(row[j]) for row in a) for j in range(len(a[0]))]
    top = sums.index(max(sums))
    return {"a": [[mpmath.sign(row[j]) if j == top else mpf(0) for j in range(len(row))] for row in a]}


def _norminf(a):
    sums = [mpmath.fsum(abs(x) for x in row) for row in a]
    top = sums.index(max(sums))
    return {"a": [[mpmath.sign(x) if i == top else mpf(0) for x in row] for i, row in enumerate(a)]}


def _sv2(a):
    """2 x 2 singular values by S+- = sqrt((a +- d)^2 + (c -+ b)^2): s1 = (S+ + S-)/2, s1 + s2 = max(S+, S-);
    dS+ = (a + d, b - c, c - b, a + d)/S+, dS- = (a - d, b + c, b + c, d - a)/S-."""
    (p, q), (r, s) = a
    sp, sm = mpmath.sqrt((p + s) ** 2 + (r - q) ** 2), mpmath.sqrt((p - s) ** 2 + (r + q) ** 2)
    dp = [[(p + s) / sp, (q - r) / sp], [(r - q) / sp, (p + s) / sp]] if sp else None
    dm = [[(p - s) / sm, (q + r) / sm], [(q + r) / sm, (s - p) / sm]] if sm else None
    return sp, sm, dp, dm


def _sv_top(a):
    sp, sm, dp, dm = _sv2(a)
    if dp is None or dm is None:
        return {"a": _nans(2, 2)}
    return {"a": [[(dp[i][j] + dm[i][j]) / 2 for j in range(2)] for i in range(2)]}


def _sv_sum(a):
    sp, sm, dp, dm = _sv2(a)
    if sp == sm:  # s2 = 0: a kink in every direction u2 v2^T touches
        return {"a": _nans(2, 2)}
    return {"a": dp if sp > sm else dm}


def _row_norms(x, w=(1, 2)):
    out = []
    for row, wi in zip(x, w):
        n = mpmath.sqrt(mpmath.fsum(v * v for v in row))
        out.append([wi * v / n for v in row])
    return {"x": out}


def _unit_dot(x, w=(mpf(1), mpf(2), mpf(-1))):
    """w . x/|x|: (w - (w . u) u)/|x|."""
    n = mpmath.sqrt(mpmath.fsum(v * v for v in x))
    u = [v / n for v in x]
    wu = mpmath.fsum(a * b for a, b in zip(w, u))
    return {"x": [(wi - wu * ui) / n for wi, ui in zip(w, u)]}


def _inv_t(a):
    return {"a": _rows(mpmath.inverse(_mat(a)).T)}


def _adj_t(a):
    """d det / dA for 2 x 2: the cofactors [[d, -c], [-b, a]]."""
    (p, q), (r, s) = a
    return {"a": [[s, -r], [-q, p]]}


def _trace_inv(a):
    m = mpmath.inverse(_mat(a))
    return {"a": _rows(-(m * m).T)}


def _solve_dot(a, b, w=(mpf(1), mpf(-2))):
    """w . A^-1 b: db = A^-T w, dA = -(A^-T w) x^T."""
    A = _mat(a)
    x = mpmath.lu_solve(A, _mat(b))
    y = mpmath.lu_solve(A.T, _mat(list(w)))
    return {"a": [[-y[i] * x[j] for j in range(2)] for i in range(2)], "b": [y[0], y[1]]}


def _chol_logdet(a, b, c):
    """log(ac - b^2)."""
    d = a * c - b * b
    return {"a": c / d, "b": -2 * b / d, "c": a / d}


def _eig_top(a, b, c):
    """(a + c)/2 + r, r = sqrt(((a - c)/2)^2 + b^2)."""
    r = mpmath.sqrt(((a - c) / 2) ** 2 + b * b)
    if r == 0:
        return {"a": NAN, "b": NAN, "c": NAN}
    return {"a": mpf(1) / 2 + (a - c) / (4 * r), "b": b / r, "c": mpf(1) / 2 - (a - c) / (4 * r)}


def _eigh_vec(a, b, c):
    """the top eigenvector's first entry squared, 1/2 + d/(2r) with d = (a - c)/2: d/da = b^2/(4r^3) = -d/dc,
    d/db = -d b/(2 r^3); none where r = 0."""
    d = (a - c) / 2
    r = mpmath.sqrt(d * d + b * b)
    if r == 0:
        return {"a": NAN, "b": NAN, "c": NAN}
    return {"a": b * b / (4 * r ** 3), "b": -d * b / (2 * r ** 3), "c": -b * b / (4 * r ** 3)}


def _trace_cube(a):
    m = _mat(a)
    return {"a": _rows(3 * (m * m).T)}


def _gather_sq(counts):
    return lambda x: {"x": [2 * n * v for n, v in zip(counts, x)]}


def _add_at_sq(x):
    """out = [x0 + x1, x2, 0]."""
    s = x[0] + x[1]
    return {"x": [2 * s, 2 * s, 2 * x[2]]}


def _cumsum_sq(x):
    c, run = [], mpf(0)
    for v in x:
        run += v
        c.append(run)
    return {"x": [2 * mpmath.fsum(c[i:]) for i in range(len(x))]}


def _cumprod_sum(x):
    out = []
    for i in range(len(x)):
        total = mpf(0)
        for k in range(i, len(x)):
            p = mpf(1)
            for j in range(k + 1):
                if j != i:
                    p *= x[j]
            total += p
        out.append(total)
    return {"x": out}


def _where_sq(x, y):
    """per entry x > y: x^2 (2x, 0); x < y: y (0, 1); x == y: d/dx exists where 2x = 0, d/dy does not."""
    dx, dy = [], []
    for a, b in zip(x, y):
        if a > b:
            dx.append(2 * a), dy.append(mpf(0))
        elif a < b:
            dx.append(mpf(0)), dy.append(mpf(1))
        else:
            dx.append(mpf(0) if a == 0 else NAN), dy.append(NAN)
    return {"x": dx, "y": dy}


def _trace3(a, b, c):
    A, B, C = _mat(a), _mat(b), _mat(c)
    return {"a": _rows((B * C).T), "b": _rows((C * A).T), "c": _rows((A * B).T)}


def _residual(a, b, c):
    A, B, C = _mat(a), _mat(b), _mat(c)
    R = A * B - C
    return {"a": _rows(2 * R * B.T), "b": _rows(2 * A.T * R), "c": _rows(-2 * R)}


def _cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def _triple(a, b, c):
    """(a x b) . c: da = b x c, db = c x a, dc = a x b."""
    return {"a": _cross(b, c), "b": _cross(c, a), "c": _cross(a, b)}


def _quadratic(p, x):
    return {"p": [x * x, x, mpf(1)], "x": 2 * p[0] * x + p[1]}


def _conv_sq(x):
    """y = x * [1, -1] (full): y_k = x_k - x_(k-1); d/dx_i = 2 (y_i - y_(i+1))."""
    n = len(x)
    y = [(x[k] if k < n else 0) - (x[k - 1] if k >= 1 else 0) for k in range(n + 1)]
    return {"x": [2 * (y[i] - y[i + 1]) for i in range(n)]}


def _clip(x, lo, hi, w=(1, 3)):
    dx, dl, dh = [], [], []
    for v, l, h, wi in zip(x, lo, hi, w):
        wi = mpf(wi)
        if l < v < h:
            dx.append(wi), dl.append(mpf(0)), dh.append(mpf(0))
        elif v < l:
            dx.append(mpf(0)), dl.append(wi), dh.append(mpf(0))
        elif v > h:
            dx.append(mpf(0)), dl.append(mpf(0)), dh.append(wi)
        elif v == l:
            dx.append(NAN), dl.append(NAN), dh.append(mpf(0))
        else:
            dx.append(NAN), dl.append(mpf(0)), dh.append(NAN)
    return {"x": dx, "lo": dl, "hi": dh}


# --- cases -----------------------------------------------------------------------------------------------------------

ONE_5ULP = 1.0000000000000011  # 1 + 5 * 2^-52
ONE_ULP = 1.0000000000000002  # 1 + 2^-52
ATT = dict(q=[[800, -800], [1, 0]], k=[[1, 1], [-1, 1]], v=[[1, 2], [3, 4]])
ATT_TINY = dict(q=[[1e-300, 0], [0, 1e-300]], k=[[1, 2], [3, 4]], v=[[1, -1], [2, 5]])
ATT_SAT = dict(q=[[1, 2], [3, 4]], k=[[800, 0], [-800, 0]], v=[[1, 2], [3, 4]])
SPD_TINY = [[2e-300, 1e-300], [1e-300, 3e-300]]
SPD_HUGE = [[2e300, 1e300], [1e300, 3e300]]
NEAR_SING = [[1, 1], [1, ONE_5ULP]]
ILL3 = [[1, 2, 3], [4, 5, 6], [7, 8, 9.0000000000001]]
SING = [[1, 2], [2, 4]]
NEAR_SING2 = [[1, 0.3333333333333333], [0.3333333333333333, 0.11111111111111212]]

SM = [
    Case(S, "log_softmax_rows", _at(z=[[-800, -800, -800], [800, -800, 0]]), "float64", "ok",
         _closed(_log_softmax_pick, z=[[-800, -800, -800], [800, -800, 0]])),
    # shares e^-1e300: the exact slope of row 0's third entry is -e^-1e300 / 2, by its digits
    Case(S, "log_softmax_rows", _at(z=[[1e300, 1e300, 0], [5e-324, 0, -5e-324]]), "float64", "ok",
         _closed(_log_softmax_pick, z=[[1e300, 1e300, 0], [5e-324, 0, -5e-324]])),
    Case(S, "log_softmax_rows", _at(z=[[0, -1e-300, 1e-300], [-745, -745, -746]]), "float64", "ok",
         _closed(_log_softmax_pick, z=[[0, -1e-300, 1e-300], [-745, -745, -746]])),
    Case(S, "softmax_temp", _at(x=[1e-300, 2e-300, 0], t=1e-300), "float64", "ok",
         _closed(_softmax_temp, x=[1e-300, 2e-300, 0], t=1e-300)),
    # x / t = [1e300, 5e299, 0]: p = [1, e^-5e299, e^-1e300]; slopes e^-5e299 / 1e-300 by their digits
    # and divide's slope in t, -g x / t^2, forms 1 / 1e-600 = inf in float64 times g = 0: a NaN of overflow
    Case(S, "softmax_temp", _at(x=[1, 0.5, 0], t=1e-300), "float64", "unstable",
         _closed(_softmax_temp, x=[1, 0.5, 0], t=1e-300)),
    Case(S, "softmax_temp", _at(x=[1, 2, 3], t=1e300), "float64", "ok", _closed(_softmax_temp, x=[1, 2, 3], t=1e300)),
    Case(S, "softmax_temp", _at(x=[800, -800, 0], t=1), "float64", "ok", _closed(_softmax_temp, x=[800, -800, 0], t=1)),
    # exp(1e300) overflows: inf / inf
    Case(S, "softmax_temp_naive", _at(x=[1, 0.5, 0], t=1e-300), "float64", "unstable",
         _closed(_softmax_temp, x=[1, 0.5, 0], t=1e-300)),
    Case(S, "softmax_temp_naive", _at(x=[1, 2, 3], t=1e300), "float64", "ok",
         _closed(_softmax_temp, x=[1, 2, 3], t=1e300)),
    Case(S, "attention", _at(**ATT), "float64", "ok", _closed(_attention, **ATT)),
    Case(S, "attention", _at(**ATT_TINY), "float64", "ok", _closed(_attention, **ATT_TINY)),
    # weights e^-1131 and e^-3394: q's and k's slopes by their digits
    Case(S, "attention", _at(**ATT_SAT), "float64", "ok", _closed(_attention, **ATT_SAT)),
    Case(S, "norm_fro", _at(a=[[3e150, 4e150], [0, 0]]), "float64", "ok", _closed(_fro, a=[[3e150, 4e150], [0, 0]])),
    # the squares 1e-600 underflow: sqrt(0), slopes x / 0
    Case(S, "norm_fro", _at(a=[[1e-300, 1e-300], [1e-300, 1e-300]]), "float64", "unstable",
         _closed(_fro, a=[[1e-300, 1e-300], [1e-300, 1e-300]])),
    Case(S, "norm_ord1", _at(a=[[1e-300, -2e-300], [5e-324, 5e-324]]), "float64", "ok",
         _closed(_norm1, a=[[1e-300, -2e-300], [5e-324, 5e-324]])),
    Case(S, "norm_ord1", _at(a=[[1, 2], [2, 1]]), "float64", "domain", _const(a=_nans(2, 2))),
    Case(S, "norm_ordinf", _at(a=[[1e300, -1e300], [1, 1]]), "float64", "ok",
         _closed(_norminf, a=[[1e300, -1e300], [1, 1]])),
    Case(S, "norm_ord2", _at(a=[[1, 0], [0, 1]]), "float64", "domain", _const(a=_nans(2, 2))),
    Case(S, "norm_ord2", _at(a=[[1e-300, 0], [0, 2e-300]]), "float64", "ok",
         _closed(_sv_top, a=[[1e-300, 0], [0, 2e-300]])),
    Case(S, "norm_ord2", _at(a=[[1e300, 1e300], [0, 1e300]]), "float64", "ok",
         _closed(_sv_top, a=[[1e300, 1e300], [0, 1e300]])),
    # repeated singular values are no kink of the nuclear norm (U V^T = I); a zero one is
    Case(S, "norm_nuc", _at(a=[[1e-300, 0], [0, 1e-300]]), "float64", "ok",
         _closed(_sv_sum, a=[[1e-300, 0], [0, 1e-300]])),
    Case(S, "norm_nuc", _at(a=SING), "float64", "domain", _const(a=_nans(2, 2))),
    Case(S, "row_norms", _at(x=[[3e100, 4e100], [-1, 0]]), "float64", "ok",
         _closed(_row_norms, x=[[3e100, 4e100], [-1, 0]])),
    Case(S, "row_norms", _at(x=[[3, 4], [1e-300, 0]]), "float64", "unstable",
         _closed(_row_norms, x=[[3, 4], [1e-300, 0]])),
    Case(S, "unit_dot", _at(x=[1e-300, -2e-300, 5e-324]), "float64", "ok",
         _closed(_unit_dot, x=[1e-300, -2e-300, 5e-324])),
    Case(S, "unit_dot", _at(x=[1e300, 1e300, -1e300]), "float64", "ok", _closed(_unit_dot, x=[1e300, 1e300, -1e300])),
    Case(S, "unit_dot", _at(x=[3, 4, 0]), "float64", "ok", _closed(_unit_dot, x=[3, 4, 0])),
]

LA = [
    Case(L, "logabsdet", _at(a=NEAR_SING), "float64", "ok", _closed(_inv_t, a=NEAR_SING)),
    Case(L, "logabsdet", _at(a=SPD_TINY), "float64", "ok", _closed(_inv_t, a=SPD_TINY)),
    Case(L, "logabsdet", _at(a=SPD_HUGE), "float64", "ok", _closed(_inv_t, a=SPD_HUGE)),
    # condition 1e15, but LU of these entries rounds little: inv right to 4e-16
    Case(L, "logabsdet", _at(a=ILL3), "float64", "ok", _closed(_inv_t, a=ILL3)),
    # 1/9 + 1e-15 - fl(1/3)^2: the product's rounding (7e-18) against a determinant of 1e-15
    Case(L, "logabsdet", _at(a=NEAR_SING2), "float64", "unstable", _closed(_inv_t, a=NEAR_SING2)),
    Case(L, "logabsdet", _at(a=SING), "float64", "domain", _const(a=_nans(2, 2))),
    # det is a polynomial: at a singular matrix its slope is the cofactor matrix
    Case(L, "det_plain", _at(a=SING), "float64", "ok", _closed(_adj_t, a=SING)),
    Case(L, "det_plain", _at(a=SPD_TINY), "float64", "ok", _closed(_adj_t, a=SPD_TINY)),
    # the value 1e600: beyond float64; its slopes (the cofactors 1e300 and 0) are not, and come out inf and NaN
    Case(L, "det_plain", _at(a=[[1e300, 0], [0, 1e300]]), "float64", "unstable",
         _closed(_adj_t, a=[[1e300, 0], [0, 1e300]])),
    Case(L, "trace_inv", _at(a=NEAR_SING), "float64", "ok", _closed(_trace_inv, a=NEAR_SING)),
    # -(A^-2)^T ~ 1e600: beyond float64
    Case(L, "trace_inv", _at(a=SPD_TINY), "float64", "domain", _closed(_trace_inv, a=SPD_TINY)),
    Case(L, "trace_inv", _at(a=[[2e150, 1e150], [1e150, 3e150]]), "float64", "ok",
         _closed(_trace_inv, a=[[2e150, 1e150], [1e150, 3e150]])),
    Case(L, "solve_dot", _at(a=[[2, 1], [1, 3]], b=[1e-300, 5e-324]), "float64", "ok",
         _closed(_solve_dot, a=[[2, 1], [1, 3]], b=[1e-300, 5e-324])),
    Case(L, "solve_dot", _at(a=NEAR_SING, b=[1, 2]), "float64", "ok", _closed(_solve_dot, a=NEAR_SING, b=[1, 2])),
    # dA_11 = -y_1 x_1 = 2e600
    Case(L, "solve_dot", _at(a=[[1e300, 0], [0, 1e-300]], b=[1, 1]), "float64", "domain",
         _closed(_solve_dot, a=[[1e300, 0], [0, 1e-300]], b=[1, 1])),
    Case(L, "chol_logdet", _at(a=2, b=1, c=3), "float64", "ok", _closed(_chol_logdet, a=2, b=1, c=3)),
    Case(L, "chol_logdet", _at(a=1, b=1, c=ONE_5ULP), "float64", "ok", _closed(_chol_logdet, a=1, b=1, c=ONE_5ULP)),
    # the value log(1e-300 * 1e300 as float64 holds them) = 7.8e-17 by its digits; -345.39 + 345.39 = 0
    Case(L, "chol_logdet", _at(a=1e-300, b=0, c=1e300), "float64", "unstable",
         _closed(_chol_logdet, a=1e-300, b=0, c=1e300)),
    Case(L, "chol_logdet", _at(a=1e-300, b=0, c=2e300), "float64", "ok", _closed(_chol_logdet, a=1e-300, b=0, c=2e300)),
    Case(L, "chol_logdet", _at(a=1e-300, b=5e-301, c=1e-300), "float64", "ok",
         _closed(_chol_logdet, a=1e-300, b=5e-301, c=1e-300)),
    Case(L, "eig_top", _at(a=1, b=0, c=1), "float64", "domain", _const(a=NAN, b=NAN, c=NAN)),
    # eigenvalues 1 +- 1e-300: one double in float64, the eigenvectors lost
    Case(L, "eig_top", _at(a=1, b=1e-300, c=1), "float64", "unstable", _closed(_eig_top, a=1, b=1e-300, c=1)),
    Case(L, "eig_top", _at(a=1e-300, b=0, c=2e-300), "float64", "ok", _closed(_eig_top, a=1e-300, b=0, c=2e-300)),
    Case(L, "eig_top", _at(a=1e-300, b=1e-300, c=1e-300), "float64", "ok",
         _closed(_eig_top, a=1e-300, b=1e-300, c=1e-300)),
    Case(L, "eig_top", _at(a=2e300, b=1e300, c=0), "float64", "ok", _closed(_eig_top, a=2e300, b=1e300, c=0)),
    # the trace and |A|_F^2: no kink at the repeated eigenvalue
    Case(L, "eig_sum", _at(a=1, b=0, c=1), "float64", "ok", _const(a=mpf(1), b=mpf(0), c=mpf(1))),
    Case(L, "eig_sumsq", _at(a=1, b=0, c=1), "float64", "ok", _const(a=mpf(2), b=mpf(0), c=mpf(2))),
    Case(L, "eig_sumsq", _at(a=1e-300, b=1e-300, c=1e-300), "float64", "ok",
         _closed(lambda a, b, c: {"a": 2 * a, "b": 4 * b, "c": 2 * c}, a=1e-300, b=1e-300, c=1e-300)),
    Case(L, "eigh_vec", _at(a=1, b=1e-8, c=2), "float64", "ok", _closed(_eigh_vec, a=1, b=1e-8, c=2)),
    Case(L, "eigh_vec", _at(a=1, b=0, c=2), "float64", "ok", _closed(_eigh_vec, a=1, b=0, c=2)),
    Case(L, "eigh_vec", _at(a=1, b=0, c=1), "float64", "domain", _const(a=NAN, b=NAN, c=NAN)),
    Case(L, "sv_sum", _at(a=[[3e-300, 0], [0, -3e-300]]), "float64", "ok",
         _closed(_sv_sum, a=[[3e-300, 0], [0, -3e-300]])),
    Case(L, "sv_sum", _at(a=SING), "float64", "domain", _const(a=_nans(2, 2))),
    Case(L, "sv_top", _at(a=[[1, 0], [0, 1]]), "float64", "domain", _const(a=_nans(2, 2))),
    Case(L, "sv_top", _at(a=[[1e300, 2e300], [3e300, 4e300]]), "float64", "ok",
         _closed(_sv_top, a=[[1e300, 2e300], [3e300, 4e300]])),
    # 3 (A^2)^T ~ 1e-600: by their digits
    Case(L, "trace_cube", _at(a=[[1e-300, 2e-300], [3e-300, 4e-300]]), "float64", "ok",
         _closed(_trace_cube, a=[[1e-300, 2e-300], [3e-300, 4e-300]])),
    Case(L, "trace_cube", _at(a=[[1e-150, 2e-150], [3e-150, 4e-150]]), "float64", "ok",
         _closed(_trace_cube, a=[[1e-150, 2e-150], [3e-150, 4e-150]])),
    # A^2 ~ 1e-320: subnormal
    Case(L, "trace_cube", _at(a=[[1e-160, 2e-160], [3e-160, 4e-160]]), "float64", "unstable",
         _closed(_trace_cube, a=[[1e-160, 2e-160], [3e-160, 4e-160]])),
]

IX = [
    Case(X, "gather_sq", _at(x=[1e-300, 1e300, 5e-324]), "float64", "ok",
         _closed(_gather_sq([2, 0, 1]), x=[1e-300, 1e300, 5e-324])),
    Case(X, "take_sq", _at(x=[1e-300, 1e300, 5e-324]), "float64", "ok",
         _closed(_gather_sq([1, 0, 2]), x=[1e-300, 1e300, 5e-324])),
    Case(X, "mask_exp", _at(x=[5e-324, -5e-324, 2]), "float64", "ok",
         _closed(lambda x: {"x": [mpmath.exp(v) if v > 0 else mpf(0) for v in x]}, x=[5e-324, -5e-324, 2])),
    Case(X, "mask_exp", _at(x=[0, 1, 2]), "float64", "domain", _const(x=lambda: [NAN, mpmath.e, mpmath.e ** 2])),
    Case(X, "top2_weighted", _at(x=[1e-300, 2e-300, -1]), "float64", "ok", _const(x=[mpf(2), mpf(1), mpf(0)])),
    Case(X, "top2_weighted", _at(x=[1, 1, 0]), "float64", "domain", _const(x=[NAN, NAN, mpf(0)])),
    Case(X, "top2_weighted", _at(x=[5e-324, 0, 0]), "float64", "domain", _const(x=[mpf(1), NAN, NAN])),
    # a tie inside the top two is no kink of their sum
    Case(X, "top2_sum", _at(x=[1, 1, 0]), "float64", "ok", _const(x=[mpf(1), mpf(1), mpf(0)])),
    Case(X, "top2_sum", _at(x=[1, 0, 0]), "float64", "domain", _const(x=[mpf(1), NAN, NAN])),
    Case(X, "argsort_weighted", _at(x=[1e-300, 0, -1e-300]), "float64", "ok", _const(x=[mpf(3), mpf(2), mpf(1)])),
    Case(X, "argsort_weighted", _at(x=[2, 2, 1]), "float64", "domain", _const(x=[NAN, NAN, mpf(1)])),
    Case(X, "median_plain", _at(x=[1, 2, 2, 3]), "float64", "ok",
         _const(x=[mpf(0), mpf(1) / 2, mpf(1) / 2, mpf(0)])),
    Case(X, "median_plain", _at(x=[1, 2, 2]), "float64", "domain", _const(x=[mpf(0), NAN, NAN])),
    Case(X, "median_plain", _at(x=[0, 1e-300, 2e-300]), "float64", "ok", _const(x=[mpf(0), mpf(1), mpf(0)])),
    Case(X, "pct25", _at(x=[0, 1, 1, 2, 3]), "float64", "domain", _const(x=[mpf(0), NAN, NAN, mpf(0), mpf(0)])),
    Case(X, "pct25", _at(x=[3, -1e-300, 5e-324, 1, 2]), "float64", "ok",
         _const(x=[mpf(0), mpf(0), mpf(1), mpf(0), mpf(0)])),
    # 1 + 1e-16 rounds to 1, then 1 - 1 = 0 for 1e-16: the last slope 2e-16 lost
    Case(X, "cumsum_sq", _at(x=[1, 1e-16, -1]), "float64", "unstable", _closed(_cumsum_sq, x=[1, 1e-16, -1])),
    Case(X, "cumsum_sq", _at(x=[1e150, -1e150, 1]), "float64", "ok", _closed(_cumsum_sq, x=[1e150, -1e150, 1])),
    Case(X, "cumprod_sum", _at(x=[0, 2, 3]), "float64", "ok", _closed(_cumprod_sum, x=[0, 2, 3])),
    Case(X, "cumprod_sum", _at(x=[1e-300, 0, 1e300]), "float64", "ok", _closed(_cumprod_sum, x=[1e-300, 0, 1e300])),
    Case(X, "where_sq", _at(x=[1e-300, 5e-324], y=[0, 0]), "float64", "ok",
         _closed(_where_sq, x=[1e-300, 5e-324], y=[0, 0])),
    Case(X, "where_sq", _at(x=[0, 1], y=[0, 2]), "float64", "domain", _closed(_where_sq, x=[0, 1], y=[0, 2])),
    Case(X, "einsum_trace3", _at(a=[[1e300, 0], [0, 1]], b=[[1e-300, 0], [0, 1]], c=[[1, 2], [3, 4]]), "float64", "ok",
         _closed(_trace3, a=[[1e300, 0], [0, 1]], b=[[1e-300, 0], [0, 1]], c=[[1, 2], [3, 4]])),
    # A @ B rounds to C: the residuals 5.6e-17 and -8.3e-17 computed 0
    Case(X, "residual_sq", _at(a=[[1, 1], [0, 1]], b=[[1, 0.1], [0.2, 1]], c=[[1.2, 1.1], [0.2, 1]]), "float64",
         "unstable", _closed(_residual, a=[[1, 1], [0, 1]], b=[[1, 0.1], [0.2, 1]], c=[[1.2, 1.1], [0.2, 1]])),
    Case(X, "residual_sq", _at(a=[[1, 2], [3, 4]], b=[[1, 0], [0, 1]], c=[[1, 2], [3, 4]]), "float64", "ok",
         _closed(_residual, a=[[1, 2], [3, 4]], b=[[1, 0], [0, 1]], c=[[1, 2], [3, 4]])),
    Case(X, "triple", _at(a=[1e-300, 0, 0], b=[0, 1e300, 0], c=[0, 0, 1]), "float64", "ok",
         _closed(_triple, a=[1e-300, 0, 0], b=[0, 1e300, 0], c=[0, 0, 1])),
    # dc = a x b = 1e600: beyond float64
    # the value inf for 1e300 (1e300 * 1e300 overflows first), beside a slope past float64: unstable
    Case(X, "triple", _at(a=[1e300, 0, 0], b=[0, 1e300, 0], c=[0, 0, 1e-300]), "float64", "unstable",
         _closed(_triple, a=[1e300, 0, 0], b=[0, 1e300, 0], c=[0, 0, 1e-300])),
    # Horner at a double root: (x - 2) x + 1 cancels (2^-52)^2
    Case(X, "polyval_root", _at(p=[1, -2, 1], x=ONE_ULP), "float64", "unstable",
         _closed(_quadratic, p=[1, -2, 1], x=ONE_ULP)),
    Case(X, "polyval_root", _at(p=[1, -3, 2], x=1), "float64", "ok", _closed(_quadratic, p=[1, -3, 2], x=1)),
    Case(X, "interp_kink", "x=1", "float64", "domain", _const(x=NAN)),
    Case(X, "interp_kink", "x=1.5", "float64", "ok", _const(x=mpf(2))),
    Case(X, "interp_kink", "x=5e-324", "float64", "ok", _const(x=mpf(1))),
    Case(X, "interp_line", "x=1", "float64", "ok", _const(x=mpf(1))),
    Case(X, "conv_sq", _at(x=[1e-300, 2e-300, -1e-300]), "float64", "ok", _closed(_conv_sq, x=[1e-300, 2e-300, -1e-300])),
    Case(X, "clip_arrays", _at(x=[5e-324, 1], lo=[0, 0], hi=[1e-300, 2]), "float64", "ok",
         _closed(_clip, x=[5e-324, 1], lo=[0, 0], hi=[1e-300, 2])),
    Case(X, "clip_arrays", _at(x=[0, 3], lo=[0, 0], hi=[1, 2]), "float64", "domain",
         _closed(_clip, x=[0, 3], lo=[0, 0], hi=[1, 2])),
]

NP = [
    Case(N, "attention", _at(**ATT), "float64", "ok", _closed(_attention, **ATT)),
    Case(N, "attention", _at(**ATT_SAT), "float64", "ok", _closed(_attention, **ATT_SAT)),
    Case(N, "log_softmax_rows", _at(z=[[-800, -800, -800], [800, -800, 0]]), "float64", "ok",
         _closed(_log_softmax_pick, z=[[-800, -800, -800], [800, -800, 0]])),
    Case(N, "logabsdet", _at(a=SPD_TINY), "float64", "ok", _closed(_inv_t, a=SPD_TINY)),
    Case(N, "logabsdet", _at(a=ILL3), "float64", "ok", _closed(_inv_t, a=ILL3)),
    Case(N, "logabsdet", _at(a=NEAR_SING2), "float64", "unstable", _closed(_inv_t, a=NEAR_SING2)),
    Case(N, "chol_logdet", _at(a=1, b=1, c=ONE_5ULP), "float64", "ok", _closed(_chol_logdet, a=1, b=1, c=ONE_5ULP)),
    Case(N, "eig_sum", _at(a=1, b=0, c=1), "float64", "ok", _const(a=mpf(1), b=mpf(0), c=mpf(1))),
    Case(N, "eig_top", _at(a=1, b=0, c=1), "float64", "domain", _const(a=NAN, b=NAN, c=NAN)),
    Case(N, "eig_top", _at(a=1e-300, b=1e-300, c=1e-300), "float64", "ok",
         _closed(_eig_top, a=1e-300, b=1e-300, c=1e-300)),
    Case(N, "norm_nuc", _at(a=[[1e-300, 0], [0, 1e-300]]), "float64", "ok",
         _closed(_sv_sum, a=[[1e-300, 0], [0, 1e-300]])),
    Case(N, "top2_sum", _at(x=[1, 1, 0]), "float64", "ok", _const(x=[mpf(1), mpf(1), mpf(0)])),
    Case(N, "cumsum_sq", _at(x=[1, 1e-16, -1]), "float64", "unstable", _closed(_cumsum_sq, x=[1, 1e-16, -1])),
    Case(N, "polyval_root", _at(p=[1, -2, 1], x=ONE_ULP), "float64", "unstable",
         _closed(_quadratic, p=[1, -2, 1], x=ONE_ULP)),
    Case(N, "interp_line", "x=1", "float64", "ok", _const(x=mpf(1))),
    Case(N, "add_at_sq", _at(x=[1e-300, 2e-300, 5e-324]), "float64", "ok",
         _closed(_add_at_sq, x=[1e-300, 2e-300, 5e-324])),
    Case(N, "matrix_norm_fro", _at(a=[[1, 2], [3, 4]]), "float64", "input-error", None,
         message=("numpy.linalg.matrix_norm", "gradcli.numpy does not have", "gradcli ops")),
]

FLOAT32 = [
    Case(F32, "softmax_temp", _at(x=[1e-30, 2e-30, 0], t=1e-30), "float32", "ok",
         _closed(_softmax_temp, "float32", x=[1e-30, 2e-30, 0], t=1e-30)),
    Case(F32, "softmax_temp", _at(x=[1, 0.5, 0], t=1e-38), "float32", "unstable",
         _closed(_softmax_temp, "float32", x=[1, 0.5, 0], t=1e-38)),
    Case(F32, "log_softmax_rows", _at(z=[[-100, -100, -100], [100, -100, 0]]), "float32", "ok",
         _closed(_log_softmax_pick, "float32", z=[[-100, -100, -100], [100, -100, 0]])),
    Case(F32, "logabsdet", _at(a=[[2e-30, 1e-30], [1e-30, 3e-30]]), "float32", "ok",
         _closed(_inv_t, "float32", a=[[2e-30, 1e-30], [1e-30, 3e-30]])),
    Case(F32, "eig_top", _at(a=1, b=1e-30, c=1), "float32", "unstable", _closed(_eig_top, "float32", a=1, b=1e-30, c=1)),
    Case(F32, "eig_top", _at(a=1, b=0, c=1), "float32", "domain", _const(a=NAN, b=NAN, c=NAN)),
    Case(F32, "top2_sum", _at(x=[1, 1, 0]), "float32", "ok", _const(x=[mpf(1), mpf(1), mpf(0)])),
    Case(F32, "cumsum_sq", _at(x=[1, 1e-8, -1]), "float32", "unstable", _closed(_cumsum_sq, "float32", x=[1, 1e-8, -1])),
    Case(F32, "trace_cube", _at(a=[[1e-10, 2e-10], [3e-10, 4e-10]]), "float32", "ok",
         _closed(_trace_cube, "float32", a=[[1e-10, 2e-10], [3e-10, 4e-10]])),
    # A^2 ~ 1e-39 is subnormal in float32, its units 1.4e-45: 2e-6 relative, inside float32's 1e-4
    Case(F32, "trace_cube", _at(a=[[1e-20, 2e-20], [3e-20, 4e-20]]), "float32", "ok",
         _closed(_trace_cube, "float32", a=[[1e-20, 2e-20], [3e-20, 4e-20]])),
]

KNOWN = [
    # np.add.at's sums as gradcli.numpy code writes them (out + bincount(indices, weights=x)): its statement is followed
    # in a plain NumPy module (above) and refused here, the message naming this rewrite
    Case(X, "add_at_sq", _at(x=[1e-300, 2e-300, 5e-324]), "float64", "ok",
         _closed(_add_at_sq, x=[1e-300, 2e-300, 5e-324])),
]

ALL = SM + LA + IX + NP + FLOAT32 + KNOWN
