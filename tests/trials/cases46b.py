"""The forty-sixth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in directional
statistics, hyperelasticity, porous media, reservoir engineering and plasma physics: the von Mises-Fisher log
normaliser on the sphere log(k / (4 pi sinh k)) as printed (sinh(800) overflows, log(0): unstable; at k = 1e-8 the
quotient's two paths, 1e8 each, cancel to -3.3e-9: unstable) and in the k - log1p(-e^-2k) form (right at 800 in
float32, but at 1e-8 its 1/k and 2e^-2k / (1 - e^-2k) cancel: unstable, named at the line), as an autograd.Function whose
backward is 1/k - 1/tanh k (cancels at 1e-8, named in the backward), with a series below 1e-3 (right at 1e-8 and 800)
and with its sign slipped (wrong, at its backward); A_3 = -d/dk log C_3 by torch.func.grad differentiated again (right
at 2, unstable at 1e-4); the circular von Mises log(2 pi I0(k)) by torch.special.i0 (overflow at 800) and as
log i0e(k) + k (right at 800 in float32; at 1e-300 i0e's slope -1 and k's +1 cancel to 0 for 5e-301; at 0 it is
log I0 - |k| + k, slopes 2 and 0: domain), and in TensorFlow as log i0e(k) + |k| (smooth at 0: ok); the power
spherical log normaliser by torch.lgamma at k = 1e300 (ok: the lost -690 is below the value's digits). A neo-Hookean
energy by torch.linalg.det (ok at a general stretch and at the identity in float32; a reflection, J < 0, domain; a
crushed element, J = 1e-40 subnormal in float32, log's backward 1/J overflows: unstable at log J, the slogdet fix
re-checked) and by slogdet (ok at both); an Ogden term mu / a (sum l^a - 3) at a = 1e-8 (the sum - 3 and the
quotient's paths cancel: unstable). Kozeny-Carman at eps = 0.99999999 (ok in float64; float32 holds 1: the pole,
domain), capped by torch.nan_to_num (a pole still: domain), fitted as an nn.Module by --wrt model.log_d; Archie's
water saturation (ok), phi S_w at phi = 0 (0 * inf, a jump: domain) and clipped to [0, 1] by tf.clip_by_value (inside
at phi = 0.2, rt = 1.25, S_w = 1 - 2.8e-17; exactly on the clip at phi = 0.25, rt = 0.8: a kink); F.softplus(x,
beta=100) at x = 0.2, where float64's 0.2 is above the threshold's switch but PyTorch's 100 * 0.2 rounds onto it
(slope 1 - 2e-9 for 1: unstable; ok in float32). In TensorFlow: Arps' decline at b = 1e-10 by tf.pow (unstable),
by log1p (the value holds, the slope's paths still cancel: unstable), with a series below a switch (ok), the same
inside a tf.function with a float64 input_signature (ok; asked for float32, a clear error); its cumulative production
near b = 1 (unstable), at b = 1 (0/0: domain) and through divide_no_nan (0 between limits of 7884.57: a jump in b, 0 in
D); the Debye length at n = 0 (a pole) and masked by multiply_no_nan (flat at n = -1; at n = 0 the masked inf's
backward leaks NaN into T, whose slope is 0: wrong); the Coulomb logarithm in float32 at n = 1e36 (lambda_D^3 = 1.3e-41,
flushed to 0 by TensorFlow's kernels, log(0): unstable) and in logs (ok); the Child-Langmuir law by tf.pow(V, 1.5)
(ok at 100 in float32; at V = 0, G1); the von Mises-Fisher log normaliser with tf.custom_gradient (1/k - coth k: unstable
at 1e-8, named in grad; with coth k - 1/k: wrong); the mixing entropy by xlogy and xlog1py (ok at 0.25; +inf and -inf
from the one side at 0 and 1); Keras' CosineSimilarity at a zero prediction (its min(rsqrt, 1/eps) holds 1e7: ok) and
at [1, 2, 2] in float32; a Keras Dense decline fit by --wrt dense.kernel,dense.bias (MeanSquaredError in float32 unless
told: unstable; told dtype="float64": ok); input errors (a mistyped function, parameter and variable path, a point
that is no number, a variable not in the signature, a dtype an input_signature excludes). `gradcli sweep` ran on
vmf_log_norm_stable (PyTorch, k = 1e-10..1000 log: float32 unstable up to 0.0444 (log1p's pole below 1.35e-8, then
cancellation), float64 up to 0.00623; the log1mexp fix swept: better) and arps_rate (TensorFlow, b = 1e-12..2 log at
D = 0.1: float32 unstable up to 0.0209, float64 up to 8.6e-4, by the pow and the paths' cancellation): both finish.

Found by this round:
- G1, settled as a truth error: tf.pow(V, 1.5) (and torch.pow, gradcli.numpy's power, the formula x**1.5; 2.5 alike)
  at an exact V = 0 is "ok" with exact slope 0, though V^1.5 is NaN for every V < 0. The house's settled reading
  (tests/test_exact_power_at_a_zero_base.py) takes a power's one-sided slope at a zero base, on the side x >= 0 the
  power is defined on, in every front; V * sqrt(V) at 0, by contrast, is domain (its rule's 0 * inf sends it to the
  one-sided test). That the two spellings differ is left open as a question of the house, not held as a bug here.
- G2 (a wrong reason): V * sqrt(V) at 0 is domain, rightly, but its exact_gradient_why says "the slope does not settle
  from the right": it settles to 0 (quotients sqrt(h)); no_derivative._side's settle test is relative only.
  Mended: quotients shrinking as one power of the step are a slope of 0 (`no_derivative._tends_to_zero`).
- M1 (a message): at divide_no_nan's b = 1 the jump finding says "its value is 7884.57 from the left and 7884.57 from
  the right (0 at the point; they differ by 9.42431e-28)": the two limits are one number, the jump is to the point's
  0, and the 1e-27 is the one-sided evaluations' own error (judge._gap, meant for limits that print alike).
  Mended: the gap is said only where the point prints as a side does (`judge._jump`).
What the round taught about its own truths: Keras' CosineSimilarity at 0 is smooth (its l2 normalisation is
x min(rsqrt(|x|^2), 1/eps), linear below |x| = 1e-7), not a NaN leak; a sum whose only edge term is xlogy(x, x) keeps
the +inf slope from its one side; TensorFlow's float32 kernels flush subnormals, so lambda_D^3 = 1.3e-41 is 0 there.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds (a library's
constant, Keras' epsilon, the number the library writes). Where a function has a kink, a jump or a domain's edge the
truth is taken from each side: where the two one-sided slopes differ, or the function is undefined beside the point,
there is no derivative (NaN), as README says and round 35c's E_3 at 0 holds.
"""

import math

import mpmath

from cases import Case
from cases30b import _held, sided_grad
from cases33b import _at
from cases5 import hp

T, K = "torch_lib46b.py", "tf_lib46b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


# ------------------------------------------------------------------------------------------- directional statistics
def _vmf(kappa, dtype="float64"):
    """d/dk log(k / (4 pi sinh k)) = 1/k - coth k (-k/3 near 0)."""
    return hp(lambda: {"kappa": [1 / k - mpmath.coth(k) for k in (_held(dtype, v) for v in kappa)]})


def _bessel_ratio(kappa, dtype="float64", nan_at_zero=False):
    """d/dk log(2 pi I0(k)) = I1(k) / I0(k); with log i0e(k) + k (not |k|) the left of 0 is log I0 + 2k: a kink."""
    def truth():
        out = []
        for k in (_held(dtype, v) for v in kappa):
            out.append(NAN if nan_at_zero and k == 0 else mpmath.besseli(1, k) / mpmath.besseli(0, k))
        return {"kappa": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------- hyperelasticity
MU, LAM = 1.0, 10.0


def _neo_hookean(rows, dtype="float64"):
    """W = mu/2 (tr F^T F - 3) - mu log J + lam/2 (log J)^2: dW/dF = mu F + (lam log J - mu) F^-T (log |J| with slogdet;
    NaN everywhere where J < 0 and log J is not real)."""
    def truth(absolute=False):
        F = mpmath.matrix([[_held(dtype, v) for v in row] for row in rows])
        J = mpmath.det(F)
        if J <= 0 and not absolute:
            return {"F": [[NAN] * 3 for _ in range(3)]}
        inv_t = (F ** -1).T
        lj = mpmath.log(abs(J))
        return {"F": [[MU * F[i, j] + (LAM * lj - MU) * inv_t[i, j] for j in range(3)] for i in range(3)]}
    return hp(truth), hp(lambda: truth(True))


OGDEN_STRETCH, OGDEN_MU = [1.25, 0.9, 0.8], 2.0


def _ogden(alpha, dtype="float64"):
    """mu / a (sum l^a - 3): d/da = mu (a sum l^a ln l - (sum l^a - 3)) / a^2."""
    def truth():
        a, ls = _held(dtype, alpha), [_held(dtype, v) for v in OGDEN_STRETCH]
        s = mpmath.fsum(l ** a for l in ls)
        return {"alpha": OGDEN_MU * (a * mpmath.fsum(l ** a * mpmath.log(l) for l in ls) - (s - 3)) / a ** 2}
    return hp(truth)


def _kozeny(eps, dtype="float64"):
    """d^2 e^3 / (180 (1 - e)^2): d^2 (3 e^2 (1 - e) + 2 e^3) / (180 (1 - e)^3), d^2 the held 2e-4 ** 2; a pole at 1."""
    def truth():
        d2 = _held(dtype, 2e-4 ** 2)
        return {"eps": [NAN if e == 1 else d2 * (3 * e ** 2 * (1 - e) + 2 * e ** 3) / (180 * (1 - e) ** 3)
                        for e in (_held(dtype, v) for v in eps)]}
    return hp(truth)


def _archie(phi, rt, dtype="float64"):
    """S = (0.05 / (phi^2 rt))^(1/2): dS/dphi = -S / phi, dS/drt = -S / (2 rt)."""
    def truth():
        p, r = _held(dtype, phi), _held(dtype, rt)
        s = mpmath.sqrt(mpf(0.05) / (p ** 2 * r))
        return {"phi": -s / p, "rt": -s / (2 * r)}
    return hp(truth)


POROSITY, LOG_K = [0.1, 0.25, 0.4], [-30.0, -27.5, -25.5]


def _kc_fit():
    """sum (log(d^2 e^3 / (180 (1 - e)^2)) - y)^2, d = e^(log_d): d/dlog_d = 4 sum r."""
    def truth():
        log_d = mpf(math.log(2e-4))
        r = [2 * log_d + 3 * mpmath.log(mpf(e)) - mpmath.log(180) - 2 * mpmath.log(1 - mpf(e)) - mpf(y)
             for e, y in zip(POROSITY, LOG_K)]
        return {"model.log_d": 4 * mpmath.fsum(r)}
    return hp(truth)


def _mrl(kappa, dtype="float64"):
    """d/dk (coth k - 1/k) = 1/k^2 - csch^2 k."""
    return hp(lambda: {"kappa": 1 / _held(dtype, kappa) ** 2 - mpmath.csch(_held(dtype, kappa)) ** 2})


def _archie_clipped(phi, rt, dtype="float64"):
    """min(max(sqrt(0.05 / (phi^2 rt)), 0), 1), 0.05 held, from each side."""
    def f(phi, rt):
        return min(max(mpmath.sqrt(_held(dtype, 0.05) / (phi ** 2 * rt)), 0), 1)
    return sided_grad(f, dtype, phi=phi, rt=rt)


def _softplus100(x, dtype="float64"):
    """PyTorch's softplus(x, beta=100, threshold=20): x where 100 x > 20, else log1p(e^(100 x)) / 100, each side."""
    def f(x):
        return mpmath.fsum(v if 100 * v > 20 else mpmath.log1p(mpmath.exp(100 * v)) / 100 for v in x)
    return sided_grad(f, dtype, x=x)


# ------------------------------------------------------------------------------------------- reservoir engineering
QI, T_MONTHS = 1000, 12


def _arps(b, D, dtype="float64"):
    """q = qi (1 + b D t)^(-1/b): dq/db = q (ln(1 + b D t) / b^2 - D t / (b (1 + b D t))), dq/dD = -q t / (1 + b D t)."""
    def truth():
        bb, dd = _held(dtype, b), _held(dtype, D)
        u = 1 + bb * dd * T_MONTHS
        q = QI * u ** (-1 / bb)
        return {"b": q * (mpmath.log(u) / bb ** 2 - dd * T_MONTHS / (bb * u)), "D": -q * T_MONTHS / u}
    return hp(truth)


def _arps_series(b, D, dtype="float64"):
    """Below the switch the program's qi e^(-Dt) (1 + b (Dt)^2 / 2): d/db = qi e^(-Dt) (Dt)^2 / 2,
    d/dD = qi e^(-Dt) (-t (1 + b (Dt)^2 / 2) + b D t^2)."""
    def truth():
        bb, dd = _held(dtype, b), _held(dtype, D)
        e = QI * mpmath.exp(-dd * T_MONTHS)
        return {"b": e * (dd * T_MONTHS) ** 2 / 2,
                "D": e * (-T_MONTHS * (1 + bb * (dd * T_MONTHS) ** 2 / 2) + bb * dd * T_MONTHS ** 2)}
    return hp(truth)


def _arps_cum(b, D, dtype="float64"):
    """Np = qi / ((1 - b) D) (1 - (1 + b D t)^((b - 1) / b)), differentiated by mpmath.diff at 2,000 digits."""
    def truth():
        bb, dd = _held(dtype, b), _held(dtype, D)

        def f(b, d):
            return QI / ((1 - b) * d) * (1 - (1 + b * d * T_MONTHS) ** ((b - 1) / b))
        return {"b": mpmath.diff(lambda v: f(v, dd), bb), "D": mpmath.diff(lambda v: f(bb, v), dd)}
    return hp(truth)


# ------------------------------------------------------------------------------------------- plasma physics
EPS0, E_CHARGE, M_E = 8.8541878128e-12, 1.602176634e-19, 9.1093837015e-31


def _coulomb(n, T, dtype="float64"):
    """ln(12 pi n lambda^3), lambda^2 = c T / n: d/dn = 1/n - 3/(2n) = -1/(2n), d/dT = 3/(2T), whatever the constants."""
    return hp(lambda: {"n": -1 / (2 * _held(dtype, n)), "T": 3 / (2 * _held(dtype, T))})


def _child_langmuir(V, dtype="float64"):
    """K V^1.5 / g^2, K = 4 eps0 / 9 sqrt(2 e / m) as Python computes it, then held: 1.5 K V^0.5 / g^2; at V = 0 the
    function is undefined to the left (tf.pow(-t, 1.5) is NaN): its slope from the right, 0, as the house takes a
    power's at a zero base."""
    def truth():
        k = _held(dtype, 4.0 * EPS0 / 9.0 * math.sqrt(2.0 * E_CHARGE / M_E))
        g2, v = _held(dtype, 0.01 ** 2), _held(dtype, V)
        return {"V": k * mpf(1.5) * mpmath.sqrt(v) / g2}
    return hp(truth)


# ------------------------------------------------------------------------------------------- Keras
TARGET = [0.6, 0.8, 0.0]


def _cosine(x, dtype="float64"):
    """-yhat . x min(1/|x|, 1/eps), eps = Keras' 1e-7 (1.0 / 1e-7 as Python computes it): at |x| < 1e-7 the slope is
    -yhat / eps; elsewhere -(yhat / |x| - (yhat . x) x / |x|^3)."""
    def truth():
        y = [_held(dtype, v) for v in TARGET]
        yhat = [v / mpmath.sqrt(mpmath.fsum(u * u for u in y)) for v in y]
        xs = [_held(dtype, v) for v in x]
        norm = mpmath.sqrt(mpmath.fsum(u * u for u in xs))
        if norm < mpf(1e-7):
            return {"x": [-v * mpf(1.0 / 1e-7) for v in yhat]}
        dot = mpmath.fsum(a * b for a, b in zip(yhat, xs))
        return {"x": [-(a / norm - dot * b / norm ** 3) for a, b in zip(yhat, xs)]}
    return hp(truth)


MONTHS, LOG_RATES = [1.0, 3.0, 6.0, 12.0], [6.85, 6.6, 6.3, 5.9]


def _decline():
    """mean (w t + b - y)^2: d/dw = 2/n sum r t, d/db = 2/n sum r."""
    def truth():
        w, b = mpf(-0.08), mpf(6.9)
        r = [w * mpf(t) + b - mpf(y) for t, y in zip(MONTHS, LOG_RATES)]
        return {"dense.kernel": [[mpmath.fsum(a * mpf(t) for a, t in zip(r, MONTHS)) / 2]],
                "dense.bias": [mpmath.fsum(r) / 2]}
    return hp(truth)


VMF_LINE = "return torch.log(kappa / (4 * math.pi * torch.sinh(kappa))).sum()"
VMF_STABLE_LINE = "return (torch.log(kappa) - math.log(2 * math.pi) - kappa - torch.log1p(-torch.exp(-2 * kappa))).sum()"
VMF_RULE_LINE = "class VMFLogNorm(>>return grad * (1 / kappa - 1 / torch.tanh(kappa))"
VMF_SLIP = "class VMFLogNormSlip>>def backward(ctx, grad):"
I0_LINE = "return torch.log(2 * math.pi * torch.special.i0(kappa)).sum()"
I0E_LINE = "return (math.log(2 * math.pi) + torch.log(torch.special.i0e(kappa)) + kappa).sum()"
LOGJ_LINE = "log_j = torch.log(J)"
OGDEN_LINE = "return OGDEN_MU / alpha * (torch.pow(stretch, alpha).sum() - 3)"
ARPS_LINE = "return QI / tf.pow(1.0 + b * D * T_MONTHS, 1.0 / b)"
ARPS_LOG1P_LINE = "return QI * tf.exp(-tf.math.log1p(b * D * T_MONTHS) / b)"
ARPS_CUM_LINE = "return QI / ((1.0 - b) * D) * (1.0 - tf.pow(1.0 + b * D * T_MONTHS, (b - 1.0) / b))"
COULOMB_LINE = "return tf.math.log(12.0 * math.pi * n * lam ** 3)"
VMF_TF_RULE = "def vmf_log_norm_rule>>return dy * (1.0 / kappa - 1.0 / tf.math.tanh(kappa))"
VMF_TF_SWAP = "def vmf_log_norm_swapped>>def grad(dy):"
MRL_LINE = "return -torch.func.grad(log_c)(kappa)"
MSE_LINE = "return keras.losses.MeanSquaredError()(log_q, dense(t))"

F_GENERAL = [[1.2, 0.1, 0], [0, 0.9, 0], [0, 0, 1.1]]
F_EYE = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
F_FLIPPED = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]]
F_CRUSHED = [[1e-30, 0, 0], [0, 1e-10, 0], [0, 0, 1]]  # J = 1e-40: subnormal in float32


def _nh(rows, dtype="float64", absolute=False):
    return _neo_hookean(rows, dtype)[1 if absolute else 0]


TORCH = [
    # the textbook's log(k / (4 pi sinh k)): sinh(800) overflows, log(0)
    Case(T, "vmf_log_norm", _at(kappa=[800, 2]), "float64", "unstable", _vmf([800, 2]), VMF_LINE),
    # at k = 1e-8 the quotient's two paths (1e8 each) cancel to -3.3e-9
    Case(T, "vmf_log_norm", _at(kappa=[1e-8, 2]), "float64", "unstable", _vmf([1e-8, 2]), VMF_LINE),
    # the kappa - log1p(-e^-2k) form: right at 800 in float32, but 1/k and 2e^-2k / (1 - e^-2k) cancel at 1e-8
    Case(T, "vmf_log_norm_stable", _at(kappa=[800, 2]), "float32", "ok", _vmf([800, 2], "float32")),
    Case(T, "vmf_log_norm_stable", _at(kappa=[800, 1e-8]), "float64", "unstable", _vmf([800, 1e-8]), VMF_STABLE_LINE),
    # autograd.Function: 1/k - 1/tanh k cancels at 1e-8 (named in its backward); the series switch is right
    Case(T, "vmf_rule", _at(kappa=[1e-8, 2]), "float64", "unstable", _vmf([1e-8, 2]), VMF_RULE_LINE),
    Case(T, "vmf_rule", _at(kappa=[800, 2]), "float32", "ok", _vmf([800, 2], "float32")),
    Case(T, "vmf_rule_series", _at(kappa=[1e-8, 800]), "float64", "ok", _vmf([1e-8, 800])),
    Case(T, "vmf_rule_slip", _at(kappa=[2]), "float64", "wrong", _vmf([2]), VMF_SLIP),
    # the circle: i0(800) overflows; log i0e(k) + k is right at 800 but at 1e-300 its two paths (-1 and +1) cancel
    # to 0 for 5e-301; at 0 it is log I0 - |k| + k: slopes 2 and 0, a kink
    Case(T, "von_mises_log_norm", _at(kappa=[800, 1]), "float64", "unstable", _bessel_ratio([800, 1]), I0_LINE),
    Case(T, "von_mises_log_norm_scaled", _at(kappa=[800, 1]), "float32", "ok", _bessel_ratio([800, 1], "float32")),
    Case(T, "von_mises_log_norm_scaled", _at(kappa=[1e-300, 1]), "float64", "unstable", _bessel_ratio([1e-300, 1]),
         I0E_LINE),
    Case(T, "von_mises_log_norm_scaled", _at(kappa=[0, 1]), "float64", "domain", _bessel_ratio([0, 1], nan_at_zero=True)),
    # neo-Hookean: a general stretch, the identity (stress-free), a reflection (J < 0: log J is not real)
    Case(T, "neo_hookean", _at(F=F_GENERAL), "float64", "ok", _nh(F_GENERAL)),
    Case(T, "neo_hookean", _at(F=F_EYE), "float32", "ok", _nh(F_EYE, "float32")),
    Case(T, "neo_hookean", _at(F=F_FLIPPED), "float64", "domain", _nh(F_FLIPPED)),
    # a crushed element, J = 1e-40, subnormal in float32: log's backward 1/J overflows; slogdet right
    Case(T, "neo_hookean", _at(F=F_CRUSHED), "float32", "unstable", _nh(F_CRUSHED, "float32"), LOGJ_LINE, "slogdet("),
    Case(T, "neo_hookean_slogdet", _at(F=F_CRUSHED), "float32", "ok", _nh(F_CRUSHED, "float32")),
    Case(T, "neo_hookean_slogdet", _at(F=F_FLIPPED), "float64", "ok", _nh(F_FLIPPED, absolute=True)),
    # Ogden's mu / a (sum l^a - 3) as a -> 0: the sum - 3 cancels, and the quotient's paths (2e7 each) cancel
    Case(T, "ogden", _at(alpha=1e-8), "float64", "unstable", _ogden(1e-8), OGDEN_LINE),
    Case(T, "ogden", _at(alpha=2), "float32", "ok", _ogden(2, "float32")),
    # Kozeny-Carman near eps = 1: 1 - eps is exact in float64 (ok); in float32 0.99999999 is 1, the pole
    Case(T, "kozeny_carman", _at(eps=[0.99999999, 0.3]), "float64", "ok", _kozeny([0.99999999, 0.3])),
    Case(T, "kozeny_carman", _at(eps=[0.99999999, 0.3]), "float32", "domain", _kozeny([0.99999999, 0.3], "float32")),
    Case(T, "archie_saturation", _at(phi=0.2, rt=20), "float64", "ok", _archie(0.2, 20)),
    # phi S_w = sign(phi) sqrt(a Rw / Rt): 0 * inf at phi = 0, a jump
    Case(T, "archie_bulk_volume_water", _at(phi=0, rt=20), "float64", "domain", lambda: {"phi": NAN, "rt": NAN}),
    Case(T, "kc_fit", None, "float64", "ok", _kc_fit(), args="kc_fit_args", wrt="model.log_d"),
    # torch.nan_to_num caps the pole's inf at 1e10 and zeroes its backward there: a pole still, no derivative
    Case(T, "kozeny_carman_capped", _at(eps=[1, 0.3]), "float64", "domain", _kozeny([1, 0.3])),
    # A_3 = -d/dk log C_3 by torch.func.grad, differentiated again: 1/k^2 - csch^2 k; at 1e-4 the two 1e8 cancel
    Case(T, "mean_resultant_length", _at(kappa=2), "float64", "ok", _mrl(2)),
    Case(T, "mean_resultant_length", _at(kappa=1e-4), "float64", "unstable", _mrl(1e-4), MRL_LINE),
    # lgamma(1 + k) - lgamma(2 + k) at k = 1e300 loses its -690 in 6.9e302s, a part the value -6.9e299 does not feel
    Case(T, "power_spherical_log_norm", _at(kappa=[1e300, 5]), "float64", "ok",
         hp(lambda: {"kappa": [-mpmath.log(2) + 1 / (1 + _held("float64", k)) for k in (1e300, 5)]})),
    # V sqrt(V) at 0: undefined to the left, slope 0 from the right alone: no derivative (unlike tf.pow's V^1.5, G1)
    Case(T, "child_langmuir_sqrt", _at(V=0), "float64", "domain", lambda: {"V": NAN}),
    # F.softplus(x, beta=100) is x where 100 x > 20: float64's 0.2 is 1.1e-17 above 0.2, so the identity's slope 1,
    # but PyTorch's 100 * 0.2 rounds to 20 and takes log1p(e^20) / 100, slope 1 - 2e-9: unstable; float32 rounds it away
    Case(T, "overpressure_softplus", _at(x=[0.2, 0.25, -0.01]), "float64", "unstable",
         _softplus100([0.2, 0.25, -0.01]), "return torch.nn.functional.softplus(x, beta=100).sum()"),
    Case(T, "overpressure_softplus", _at(x=[0.2, 0.25, -0.01]), "float32", "ok",
         _softplus100([0.2, 0.25, -0.01], "float32")),
    # input errors
    Case(T, "kc_fit", None, "float32", "input-error", args="kc_fit_args", wrt="model.log_D", message=("model.log_D",)),
    Case(T, "vmf_log_nrom", _at(kappa=[2]), "float64", "input-error", message=("vmf_log_nrom",)),
]

TF = [
    # Arps at b = 1e-10: (1 + 1.2e-10)^(1e10) keeps 7 digits, and d/db's two paths (3.6e12 each) cancel to 217
    Case(K, "arps_rate", _at(b=1e-10, D=0.1), "float64", "unstable", _arps(1e-10, 0.1), ARPS_LINE),
    Case(K, "arps_rate", _at(b=0.5, D=0.1), "float32", "ok", _arps(0.5, 0.1, "float32")),
    # by log1p the value holds, the gradient's paths still cancel (2e-6 relative)
    Case(K, "arps_rate_log1p", _at(b=1e-10, D=0.1), "float64", "unstable", _arps(1e-10, 0.1), ARPS_LOG1P_LINE),
    Case(K, "arps_rate_switch", _at(b=1e-10, D=0.1), "float64", "ok", _arps_series(1e-10, 0.1)),
    Case(K, "arps_rate_switch", _at(b=0.5, D=0.1), "float64", "ok", _arps(0.5, 0.1)),
    # cumulative production near b = 1: 1 - 0.99999999921 cancels, then the paths
    Case(K, "arps_cumulative", _at(b=0.999999999, D=0.1), "float64", "unstable", _arps_cum(0.999999999, 0.1),
         ARPS_CUM_LINE),
    Case(K, "arps_cumulative", _at(b=1, D=0.1), "float64", "domain", lambda: {"b": NAN, "D": NAN}),
    # divide_no_nan's 0 at b = 1 where the limits are 7884.57: a jump in b; 0 for every D there, so d/dD = 0
    Case(K, "arps_cumulative_no_nan", _at(b=1, D=0.1), "float64", "domain", lambda: {"b": NAN, "D": mpf(0)}),
    Case(K, "debye_length", _at(n=0, T=10), "float64", "domain", lambda: {"n": NAN, "T": NAN}),
    # lambda_D^3 = 1.3e-41 is subnormal in float32 and TensorFlow's CPU kernels flush it to 0: log(0)
    Case(K, "coulomb_log", _at(n=1e36, T=10), "float32", "unstable", _coulomb(1e36, 10, "float32"), COULOMB_LINE),
    Case(K, "coulomb_log_stable", _at(n=1e36, T=10), "float32", "ok", _coulomb(1e36, 10, "float32")),
    Case(K, "coulomb_log", _at(n=1e20, T=10), "float64", "ok", _coulomb(1e20, 10)),
    Case(K, "child_langmuir", _at(V=100), "float32", "ok", _child_langmuir(100, "float32")),
    # V^1.5 at V = 0: undefined to the left, a slope (0) from the right, which the house takes for a power at a zero
    # base (G1, settled: tests/test_exact_power_at_a_zero_base.py)
    Case(K, "child_langmuir", _at(V=0), "float64", "ok", _child_langmuir(0)),
    Case(K, "vmf_rule", _at(kappa=[1e-8, 2]), "float64", "unstable", _vmf([1e-8, 2]), VMF_TF_RULE),
    Case(K, "vmf_swapped", _at(kappa=[2, 800]), "float64", "wrong", _vmf([2, 800]), VMF_TF_SWAP),
    # log i0e(k) + |k| is log I0 everywhere: smooth at 0 (its two kinks cancel), right at 800
    Case(K, "von_mises_log_norm", _at(kappa=[0, 800]), "float64", "ok", _bessel_ratio([0, 800])),
    # Archie clipped to [0, 1]: at phi = 0.2, rt = 1.25 S_w is 1 - 2.8e-17 (inside); at phi = 0.25, rt = 0.8 the held
    # numbers make it 1 exactly: on the clip, a kink
    Case(K, "archie_saturation_clipped", _at(phi=0.2, rt=1.25), "float64", "ok", _archie_clipped(0.2, 1.25)),
    Case(K, "archie_saturation_clipped", _at(phi=0.25, rt=0.8), "float64", "domain", _archie_clipped(0.25, 0.8)),
    # the mixing entropy by xlogy and xlog1py: log((1 - x) / x); at 0 and 1 it grows without bound on the one side
    Case(K, "ionisation_entropy", _at(x=0.25), "float64", "ok", hp(lambda: {"x": mpmath.log(3)})),
    Case(K, "ionisation_entropy", _at(x=0), "float64", "domain", lambda: {"x": mpmath.inf}),
    Case(K, "ionisation_entropy", _at(x=1), "float64", "domain", lambda: {"x": -mpmath.inf}),
    # a tf.function whose input_signature fixes float64: right through the switch; asked for float32, a clear error
    Case(K, "arps_rate_graph", _at(b=1e-10, D=0.1), "float64", "ok", _arps_series(1e-10, 0.1)),
    Case(K, "arps_rate_graph", _at(b=0.5, D=0.1), "float32", "input-error", message=("input_signature", "float64")),
    # the Debye length masked by multiply_no_nan: at n = -1 flat (TensorFlow's Sqrt gradient is 0 for a 0 upstream);
    # at n = 0 flat on the left and a pole on the right (no derivative in n), 0 for every T, where the masked inf's
    # backward 0 / 0 leaks NaN into T: wrong
    Case(K, "debye_length_masked", _at(n=-1, T=10), "float64", "ok", lambda: {"n": mpf(0), "T": mpf(0)}),
    Case(K, "debye_length_masked", _at(n=0, T=10), "float64", "wrong", lambda: {"n": NAN, "T": mpf(0)},
         "return tf.math.multiply_no_nan(debye_length(n, T), tf.cast(n > 0, n.dtype))"),
    # Keras' CosineSimilarity at a zero prediction: min(rsqrt(0), 1/eps) holds 1e7: slope -yhat * 1e7
    Case(K, "cosine_keras", _at(x=[0, 0, 0]), "float64", "ok", _cosine([0, 0, 0])),
    Case(K, "cosine_keras", _at(x=[1, 2, 2]), "float32", "ok", _cosine([1, 2, 2], "float32")),
    # keras.losses.MeanSquaredError computes in float32 unless told: the float64 run keeps float32's digits
    Case(K, "decline_fit", None, "float64", "unstable", _decline(), MSE_LINE, args="decline_args",
         wrt="dense.kernel,dense.bias"),
    Case(K, "decline_fit64", None, "float64", "ok", _decline(), args="decline_args", wrt="dense.kernel,dense.bias"),
    # input errors
    Case(K, "decline_fit64", None, "float32", "input-error", args="decline_args", wrt="dense.kernal",
         message=("dense.kernal",)),
    Case(K, "arps_rate", "b=1e-10,D=0.1.1", "float64", "input-error", message=("0.1.1",)),
    Case(K, "arps_rate", _at(b=0.5, d=0.1), "float64", "input-error", message=("'d' is not a variable",)),
]

ALL = TORCH + TF
