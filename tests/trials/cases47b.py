"""The forty-seventh trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in heat
transfer, electrolyte chemistry, boundary-layer meteorology, soil physics and tribology (round 46b took directional
statistics, hyperelasticity, plasma physics, reservoir decline and porous media, so this round kept off them). In
PyTorch: a straight fin's efficiency tanh(mL) / mL (right at mL = 1 in both dtypes; at m = 5e-7, mL = 1e-8, the
quotient's two paths cancel 1e8 - 1e8: unstable, named where x = m L is made; at m = 0 the program's own 0/0: domain),
through one torch.where below mL = 1e-4 (the idle quotient's 0/0 leaks at m = 0: wrong, a double where re-checked),
through a double where (right at 0 in both dtypes), patched by torch.nan_to_num(nan=1) (the NaN still leaks: wrong,
named at the quotient), and as an autograd.Function whose backward takes the series' slope -2x/3 below the switch
(right at 1e-8 and 1) and with the 2 forgotten (wrong at its backward at 1e-8, harmless at 1); a thin disc fin's
2 I1(x) / (x I0(x)) by torch.special.i1 / i0 (I1(800) overflows: unstable) and by i1e / i0e (right at 800, and at 100
in float32; at 1e-8 the quotient's paths cancel: unstable); a counterflow exchanger's epsilon-NTU effectiveness (right
at Cr = 0.5; at Cr = 1 - 2^-30 1 - e and 1 - Cr e cancel, the Cr slope 2x off: unstable; at Cr = 1 the program's 0/0:
domain; at NTU = 1e-300 1 - e^-5e-301 is 0, the value lost and the Cr slope -2e-300 for -N^2/2 = -5e-601, given
as text: unstable), by expm1 (the value mended, the
Cr slope's two paths through 1 - Cr still cancel, 5e-7 off: unstable) and with the balanced limit N / (1 + N) put in
by torch.where(cr == 1, ...) behind a double where (flat in Cr at the one point where the analytic slope is
-N^2 / 2(1 + N)^2 = -2/9: wrong, named at the equality, gradcli's own explanation); the Davies activity coefficient
of a 1:1 salt from its ionic strength 0.5 sum c z^2 (right at 0.1 and at 1e-300; at c = 0 sqrt's infinite slope:
domain; at c = [5e-324, 0] in float64 and [1e-45, 0] in float32 the ionic strength rounds to 0 and sqrt's slope is
inf for a finite -8.1e160 and -4.8e21: unstable, named at that line), as an autograd.Function returning the ionic
strength marked non-differentiable with a once_differentiable backward (right in both dtypes; the square of 1 + s
forgotten: wrong at its backward); van Genuchten's retention (1 + (a h)^1.5)^-m by torch.pow (right at h = 0 and 100;
at 1e200 the power (a h)^(-m-1) underflows and the slope -3.5e-300 comes out 0; at 1e300 (a h)^1.5 overflows and
0 * inf is NaN for a slope below float64, -3.5e-450: both unstable); Paulson's Monin-Obukhov psi_m by one torch.where
(right on the unstable side in both dtypes and at -1e300; at zeta = 0 slopes -4 and -5: domain; at 0.5 the idle
quarter power of -7 leaks NaN: wrong, found and named, but no fix, W1; at -1e38 in float32 1 - 16 zeta overflows:
unstable; at -1e-300 and -5e-324, away from the switch, the value 2 log + log - 2 atan(1) + pi/2 cancels to 0 for
4e-300: unstable in the value, the slope -4 right) and by a double where (right at 2 in both dtypes); the shear
function phi_m = 1 - zeta psi_m' by torch.func.grad (right at -1; at 0.5 through the leaking where said domain, W3;
through the double where right, slope 5); an nn.Module log-wind profile fitted in log z0 and 1/L (--wrt
model.inv_L on a stable night: the leak, wrong; --wrt model.log_z0 there, and both on a convective afternoon: ok).
In TensorFlow: Horton's cumulative infiltration f_c t + (f_0 - f_c)(1 - e^-kt) / k (right at k = 2 in both dtypes; at
1e-12 unstable; at 0 the program's 0/0: domain), by tf.math.expm1 (at 1e-12 the value is right but the quotient's two
paths still cancel: unstable), by tf.math.divide_no_nan (right at 2; at 0 its 0 makes the function jump from f_0 t to
f_c t: domain), by a series below a switch behind a double tf.where (right at 0 and 1e-12, and float32 at 0 and 2),
by tf.custom_gradient (right at 2; unstable at 1e-12, named at its grad's line; the quotient rule's sign slipped:
wrong at its grad); a Keras layer fitting Horton's log k by add_weight, read by --wrt layer.log_k (right at k = 1;
at k = e^-40 1 - e^-kt is 0: unstable); Brooks and Corey's effective saturation (h_b / h)^0.5 beyond the air-entry
head by one tf.where (right in both dtypes; at h = h_b slopes -1/40 and 0: domain; at h = 0 the idle pole leaks NaN:
wrong, a re-checked double where), by a double where (right at 0), and by tf.clip_by_value at 1 (right; at h_b the
clip's corner: domain; at h = 0 the pole, no value left of it: domain); the Mualem-van Genuchten conductivity with
n = 1.56 by tf.pow (right at Se = 0.5 in both dtypes; at 1 - 1e-10 1 - Se^(1/m) keeps 6 digits: unstable; at 1 the
power 0^m's infinite slope: domain) and by -expm1(log(Se) / m) (right at 1 - 1e-10); the Stribeck friction law with
tf.sign (right at 0.005 in both dtypes and at 1e-300; at 0 sign's jump: domain; at 5e-324 TensorFlow's kernels read
the subnormal as 0, sign gives 0 and the value 0 for 1.5: unstable, and written term by term the wrong line is
named, W2) and smoothed by tanh(v / 1e-3) in a tf.function with a float64 input_signature (right at 0 and 1).
Input errors: a mistyped function, parameter (model.inv_l) and variable (kk), a point that is no number (5e-7x), a
variable left out (cr), a missing --args function, and float32 asked of a float64 input_signature (a clear message).
`gradcli sweep` ran on fin_efficiency (PyTorch, m = 1e-14..1e5 log, both dtypes, 4 s: float64 unstable below
m = 0.0609, the two paths of x = m L cancelling, thresholds to adjacent floats; float32 below 1.317 with a sliver ok at
0.309) and horton (TensorFlow, k = 1e-16..1e3 log, 9 s: float64 unstable below 2.36e-4, in the value too below
1.3e-7; float32 below 4.5e-3; the expm1 fix offered and swept, right in patches below 8e-7 where the quotient's
paths still cancel): both finish.

Found by this round (strict xfails in tests/test_user_trials47b.py while open):
- W1: the where leak in Paulson's psi_m (x = (1 - 16 zeta) ** 0.25 on one line, the unstable branch from x on the
  next, the where on a third) is found and both lines named, "guard the branch's input with the same condition", but
  no fix is offered ("fixes": []); with the quotient inside the where's own call (fin_efficiency_where,
  brooks_corey) the double where is offered and re-checked. The where fixes guarded a branch local at its assignment,
  one level up; here the unsafe operation is two. Mended: the locals are read through up to the unsafe line.
- W2: stribeck_split at v = 5e-324 in TensorFlow: the value 0 for 1.5 is direction = tf.sign(v) reading the
  subnormal as 0; the report names the next line's divide(5e-324, 0.01) flushed to 0, whose loss changes nothing
  (exp(-0^2) = exp(-(4.9e-322)^2) = 1). The one-line stribeck passes only because both ops share the line. Mended:
  the replay in the dtype reads a subnormal operand as 0 as the kernels do, and sign's line is named.
- W3: phi_m = 1 - zeta psi_m'(zeta) with psi_m' by torch.func.grad through the leaking where, at zeta = 0.5: said
  domain, "the exact value is undefined (nan)"; the function is 1 + 5 zeta there (3.5, slope 5), as gradcli itself
  finds through the double-where psi_m; the NaN is the inner rule's at any precision, which is wrong. Mended: the
  exact replay takes a derivative the value computes with the chain rule's exact zeros (3.5, slope 5), and the
  where is named with a re-checked double where.
What the round taught about its own truths: a path-sum cancellation outlives the value's fix (expm1 mends
(1 - e^-kt) / k and the epsilon-NTU quotient but not their slopes); 1 - Se^2 by tf.pow(se, 2.0) is no cancellation at
all (Se is exact and Se^2 rounds by d^2), only a non-integer power 1/m is; a clip of a pole has no derivative at the
pole (no value left of it) while a where around it does; TensorFlow reads a subnormal input as 0.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has a kink, a jump or a domain's edge the truth is taken from each side: where the two one-sided slopes differ, or one
is infinite, there is no derivative (NaN); the program's own 0/0 is no derivative too.
"""

import math

import mpmath

from cases import Case
from cases30b import _held, sided_grad
from cases33b import _at, _both
from cases5 import hp

T, K = "torch_lib47b.py", "tf_lib47b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _fixed(values):
    """A truth that is the same numbers at any precision (NaN: no derivative)."""
    return lambda: dict(values)


# ------------------------------------------------------------------------------------------- fins
def _g_slope(x):
    """d/dx tanh(x) / x = (x sech^2 x - tanh x) / x^2."""
    return (x * mpmath.sech(x) ** 2 - mpmath.tanh(x)) / (x * x)


def _fin(m, dtype="float64", series=False):
    """d/dm of eta(m L) = L eta'(x), x = m L (m and L as the dtype holds them); below the program's switch its series
    1 - x^2/3, whose slope is -2 x L / 3."""
    def truth():
        length = _held(dtype, 0.02)
        x = _held(dtype, m) * length
        if x == 0:
            return {"m": mpf(0)}
        return {"m": (-2 * x / 3 if series else _g_slope(x)) * length}
    return hp(truth)


def _fin_rule(x, dtype="float64", series=False):
    def truth():
        v = _held(dtype, x)
        return {"x": -2 * v / 3 if series else _g_slope(v)}
    return hp(truth)


def _disc(x, dtype="float64"):
    """d/dx 2 I1(x) / (x I0(x)) = 2 (x (I0^2 - I1^2) - 2 I0 I1) / (x^2 I0^2) (I0' = I1, I1' = I0 - I1 / x)."""
    def truth():
        v = _held(dtype, x)
        i0, i1 = mpmath.besseli(0, v), mpmath.besseli(1, v)
        return {"x": 2 * (v * (i0 * i0 - i1 * i1) - 2 * i0 * i1) / (v * v * i0 * i0)}
    return hp(truth)


# ------------------------------------------------------------------------------------------- heat exchangers
def _eff(ntu, cr):
    e = mpmath.exp(-ntu * (1 - cr))
    return (1 - e) / (1 - cr * e)


def _effectiveness(ntu, cr, dtype="float64"):
    """The counterflow effectiveness, differentiated at 2,000 digits (restated here)."""
    return sided_grad(_eff, dtype, ntu=ntu, cr=cr)


def _effectiveness_balanced(ntu):
    """At Cr = 1 the effectiveness is analytic, N / (1 + N) + (1 - Cr) N^2 / (2 (1 + N)^2) + O((1 - Cr)^2):
    d/dNTU = 1 / (1 + N)^2, d/dCr = -N^2 / (2 (1 + N)^2) (the program's limit, put at the one point, is flat in Cr)."""
    def truth():
        n = mpf(ntu)
        return {"ntu": 1 / (1 + n) ** 2, "cr": -n * n / (2 * (1 + n) ** 2)}
    return hp(truth)


# ------------------------------------------------------------------------------------------- electrolytes
def _davies(c, dtype="float64"):
    """f = -A (s / (1 + s) - 0.3 I), I = (c0 + c1) / 2, s = sqrt I: df/dc_k = -A (1 / (2 s (1 + s)^2) - 0.3) / 2;
    none at I = 0 (sqrt's infinite slope at its domain's edge)."""
    def truth():
        a = _held(dtype, 0.509)
        cs = [_held(dtype, v) for v in c]
        ionic = (cs[0] + cs[1]) / 2
        if ionic == 0:
            return {"c": [NAN, NAN]}
        s = mpmath.sqrt(ionic)
        slope = -a * (1 / (2 * s * (1 + s) ** 2) - _held(dtype, 0.3))
        return {"c": [slope / 2, slope / 2]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- soil water
def _vg(h):
    """sum (1 + u)^-m, u = (a h)^n, a = 0.02, n = 1.5, m the float 1 - 1/1.5: -m (1 + u)^(-m-1) n u / h (0 at h = 0)."""
    def truth():
        a, n, m = mpf(0.02), mpf(1.5), mpf(1 - 1 / 1.5)
        out = []
        for v in (mpf(u) for u in h):
            u = (a * v) ** n
            out.append(mpf(0) if v == 0 else -m * (1 + u) ** (-m - 1) * n * u / v)
        return {"h": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------- Monin-Obukhov
def _psi(zeta):
    if zeta < 0:
        x = (1 - 16 * zeta) ** mpf("0.25")
        return 2 * mpmath.log((1 + x) / 2) + mpmath.log((1 + x * x) / 2) - 2 * mpmath.atan(x) + mpf(math.pi) / 2
    return -5 * zeta


def _psi_sum(zeta):
    return mpmath.fsum(_psi(z) for z in zeta) if isinstance(zeta, list) else _psi(zeta)


def _psi_m(zeta, dtype="float64"):
    """Paulson's psi_m differentiated from each side at 2,000 digits: at 0 the unstable side's slope is -4, the
    stable side's -5 (no derivative)."""
    return sided_grad(_psi_sum, dtype, zeta=zeta)


def _psi_far(zeta, dtype):
    """d psi_m / d zeta = (1 - phi_m) / zeta, phi_m = (1 - 16 zeta)^(-1/4) (Businger-Dyer; closed form, for a point
    too large for differences)."""
    def truth():
        z = _held(dtype, zeta)
        return {"zeta": (1 - (1 - 16 * z) ** mpf("-0.25")) / z}
    return hp(truth)


HEIGHTS, U_OBS = [2.0, 10.0, 40.0], [3.0, 4.2, 5.0]


def _wind(inv_L, names):
    """sum (u_i - o_i)^2, u_i = (u*/kappa)(log z_i - log z0 - psi_m(z_i / L)), u*/kappa the float 0.3 / 0.4 the program
    hands torch; differentiated at 2,000 digits in log z0 and 1 / L."""
    def loss(log_z0, inv_L):
        scale = mpf(0.3 / 0.4)
        return mpmath.fsum((scale * (mpmath.log(z) - log_z0 - _psi(z * inv_L)) - mpf(o)) ** 2
                           for z, o in zip(HEIGHTS, U_OBS))
    grads = num_grad(loss, log_z0=-3.0, inv_L=inv_L)

    def truth():
        g = grads()
        return {f"model.{n}": g[n] for n in names}
    return truth


def num_grad(function, dtype="float64", **point):
    def truth():
        base = {n: _held(dtype, v) for n, v in point.items()}
        out = {}
        for n in base:
            def along(t, n=n):
                return function(**dict(base, **{n: t}))
            out[n] = mpmath.diff(along, base[n])
        return out
    return hp(truth)


def _davies_rule(c, dtype="float64"):
    return _davies(c, dtype)


def _phi_m(zeta):
    """phi_m = 1 - zeta psi_m' = (1 - 16 zeta)^(-1/4) on the unstable side: 4 (1 - 16 zeta)^(-5/4)."""
    def truth():
        return {"zeta": [4 * (1 - 16 * mpf(z)) ** mpf("-1.25") for z in zeta]}
    return hp(truth)


TORCH = [
    # fins: tanh(mL) / mL
    *_both(T, "fin_efficiency", {"m": 50}, lambda d: _fin(50, d)),
    Case(T, "fin_efficiency", _at(m=5e-7), "float64", "unstable", _fin(5e-7),
         "def fin_efficiency(m)>>x = m * FIN_LENGTH"),
    Case(T, "fin_efficiency", _at(m=0), "float64", "domain", _fixed({"m": NAN})),
    Case(T, "fin_efficiency_where", _at(m=0), "float64", "wrong", _fin(0, series=True),
         "return torch.where(x < 1e-4, 1 - x * x / 3, torch.tanh(x) / x)", "torch.where(x >= "),
    Case(T, "fin_efficiency_where", _at(m=2.5e-3), "float64", "ok", _fin(2.5e-3, series=True)),
    *_both(T, "fin_efficiency_safe", {"m": 0}, lambda d: _fin(0, d, series=True)),
    Case(T, "fin_efficiency_nan_to_num", _at(m=0), "float64", "wrong", _fin(0, series=True),
         "return torch.nan_to_num(torch.tanh(x) / x, nan=1.0)"),
    Case(T, "fin_efficiency_nan_to_num", _at(m=50), "float64", "ok", _fin(50)),
    Case(T, "fin_rule", _at(x=1e-8), "float64", "ok", _fin_rule(1e-8, series=True)),
    *_both(T, "fin_rule", {"x": 1}, lambda d: _fin_rule(1, d)),
    Case(T, "fin_rule_slip", _at(x=1e-8), "float64", "wrong", _fin_rule(1e-8, series=True),
         "class FinEfficiencySlip>>def backward(ctx, grad):"),
    Case(T, "fin_rule_slip", _at(x=1), "float64", "ok", _fin_rule(1)),
    # a disc fin: 2 I1(x) / (x I0(x))
    *_both(T, "disc_fin", {"x": 1}, lambda d: _disc(1, d)),
    Case(T, "disc_fin", _at(x=800), "float64", "unstable", _disc(800),
         "return 2 * torch.special.i1(x) / (x * torch.special.i0(x))"),
    Case(T, "disc_fin_scaled", _at(x=800), "float64", "ok", _disc(800)),
    Case(T, "disc_fin_scaled", _at(x=100), "float32", "ok", _disc(100, "float32")),
    Case(T, "disc_fin_scaled", _at(x=1e-8), "float64", "unstable", _disc(1e-8)),
    # heat exchangers
    *_both(T, "effectiveness", {"ntu": 2, "cr": 0.5}, lambda d: _effectiveness(2, 0.5, d)),
    Case(T, "effectiveness", _at(ntu=2, cr=0.9999999990686774), "float64", "unstable",
         _effectiveness(2, 0.9999999990686774), "return (1 - e) / (1 - cr * e)"),
    Case(T, "effectiveness", _at(ntu=2, cr=1), "float64", "domain", _fixed({"ntu": NAN, "cr": NAN})),
    # d/dCr = -N^2 / 2 + O(N^3) = -5e-601 at N = 1e-300 (differences at 2,000 digits, no one-sided 0 threshold)
    Case(T, "effectiveness", _at(ntu=1e-300, cr=0.5), "float64", "unstable", num_grad(_eff, ntu=1e-300, cr=0.5),
         "return (1 - e) / (1 - cr * e)"),
    Case(T, "effectiveness_expm1", _at(ntu=2, cr=0.9999999990686774), "float64", "unstable",
         _effectiveness(2, 0.9999999990686774), "return num / (num + (1 - cr) * torch.exp(-a))"),
    Case(T, "effectiveness_limit", _at(ntu=2, cr=1), "float64", "wrong", _effectiveness_balanced(2),
         "balanced = cr == 1"),
    Case(T, "effectiveness_limit", _at(ntu=2, cr=0.5), "float64", "ok", _effectiveness(2, 0.5)),
    # electrolytes
    *_both(T, "davies_log_gamma", {"c": [0.1, 0.1]}, lambda d: _davies([0.1, 0.1], d)),
    Case(T, "davies_log_gamma", _at(c=[0, 0]), "float64", "domain", _davies([0, 0])),
    Case(T, "davies_log_gamma", _at(c=[1e-300, 1e-300]), "float64", "ok", _davies([1e-300, 1e-300])),
    Case(T, "davies_log_gamma", _at(c=[5e-324, 0]), "float64", "unstable", _davies([5e-324, 0]),
         "def davies_log_gamma(c)>>ionic = 0.5 * torch.sum(c * z ** 2)"),
    Case(T, "davies_log_gamma", _at(c=[1e-45, 0]), "float32", "unstable", _davies([1e-45, 0], "float32"),
         "def davies_log_gamma(c)>>ionic = 0.5 * torch.sum(c * z ** 2)"),
    *_both(T, "davies_rule", {"c": [0.1, 0.1]}, lambda d: _davies([0.1, 0.1], d)),
    Case(T, "davies_rule_slip", _at(c=[0.1, 0.1]), "float64", "wrong", _davies([0.1, 0.1]),
         "class DaviesFnSlip>>def backward(ctx, grad, grad_ionic):"),
    # soil water retention
    Case(T, "van_genuchten", _at(h=[0, 100]), "float64", "ok", _vg([0, 100])),
    Case(T, "van_genuchten", _at(h=[1e200]), "float64", "unstable", _vg([1e200]),
         "return torch.sum((1 + torch.pow(VG_ALPHA * h, VG_N)) ** -m)"),
    Case(T, "van_genuchten", _at(h=[1e300]), "float64", "unstable", _vg([1e300]),
         "return torch.sum((1 + torch.pow(VG_ALPHA * h, VG_N)) ** -m)"),
    # Monin-Obukhov
    Case(T, "phi_m", _at(zeta=[-1]), "float64", "ok", _phi_m([-1])),
    # phi_m = 1 - zeta psi_m'(zeta) is 1 + 5 zeta on the stable side (3.5 at 0.5, slope 5); the inner torch.func.grad's
    # where leaks NaN at any precision: the rule is wrong there
    Case(T, "phi_m", _at(zeta=[0.5]), "float64", "wrong", _fixed({"zeta": [mpf(5)]})),
    Case(T, "phi_m_safe", _at(zeta=[0.5]), "float64", "ok", _fixed({"zeta": [mpf(5)]})),
    Case(T, "phi_m_safe", _at(zeta=[-1]), "float64", "ok", _phi_m([-1])),
    *_both(T, "psi_m_sum", {"zeta": [-1, -0.01]}, lambda d: _psi_m([-1, -0.01], d)),
    Case(T, "psi_m_sum", _at(zeta=0.5), "float64", "wrong", _psi_m(0.5), "x = (1 - 16 * zeta) ** 0.25", "torch.where("),
    Case(T, "psi_m_sum", _at(zeta=0), "float64", "domain", _psi_m(0)),
    Case(T, "psi_m_sum", _at(zeta=-1e38), "float32", "unstable", _psi_far(-1e38, "float32"),
         "x = (1 - 16 * zeta) ** 0.25"),
    Case(T, "psi_m_sum", _at(zeta=-1e300), "float64", "ok", _psi_far(-1e300, "float64")),
    Case(T, "psi_m_sum", _at(zeta=-1e-300), "float64", "unstable", _psi_far(-1e-300, "float64"),
         "def psi_m(zeta)>>unstable = 2 * torch.log((1 + x) / 2)"),
    Case(T, "psi_m_sum", _at(zeta=-5e-324), "float64", "unstable", _psi_far(-5e-324, "float64"),
         "def psi_m(zeta)>>unstable = 2 * torch.log((1 + x) / 2)"),
    *_both(T, "psi_m_safe", {"zeta": [-1, 2]}, lambda d: _psi_m([-1, 2], d)),
    Case(T, "wind_loss", None, "float64", "wrong", _wind(0.05, ("inv_L",)), "x = (1 - 16 * zeta) ** 0.25",
         args="wind_stable_args", wrt="model.inv_L"),
    Case(T, "wind_loss", None, "float64", "ok", _wind(0.05, ("log_z0",)), args="wind_night_args",
         wrt="model.log_z0"),
    Case(T, "wind_loss", None, "float64", "ok", _wind(-0.05, ("log_z0", "inv_L")), args="wind_unstable_args",
         wrt="model.log_z0,model.inv_L"),
    # input errors
    Case(T, "psi_m_summ", _at(zeta=-1), "float64", "input-error", message=("psi_m_summ",)),
    Case(T, "wind_loss", None, "float64", "input-error", args="wind_night_data", wrt="model.inv_l",
         message=("model.inv_l",)),
    Case(T, "fin_efficiency", "m=5e-7x", "float64", "input-error", message=("5e-7x",)),
    Case(T, "effectiveness", _at(ntu=2), "float64", "input-error", message=("cr",)),
]


# ------------------------------------------------------------------------------------------- infiltration
def _horton_g(k, t):
    """(1 - e^(-k t)) / k, t at k = 0."""
    return t if k == 0 else -mpmath.expm1(-k * t) / k


def _horton_slope(k, t):
    """d/dk (1 - e^(-kt)) / k = t e^(-kt) / k - (1 - e^(-kt)) / k^2, -t^2/2 at k = 0."""
    if k == 0:
        return -t * t / 2
    return t * mpmath.exp(-k * t) / k + mpmath.expm1(-k * t) / (k * k)


def _horton(k, dtype="float64"):
    def truth():
        return {"k": 7 * _horton_slope(_held(dtype, k), mpf(3))}
    return hp(truth)


def _horton_series(k, dtype="float64"):
    """Below the switch the program's series 3 (1 - 3k/2 + 9k^2/6): slope 7 * 3 (-3/2 + 3k)."""
    def truth():
        v = _held(dtype, k)
        return {"k": 7 * 3 * (-mpf(3) / 2 + 3 * v)}
    return hp(truth)


TIMES, F_OBS = [0.5, 1.0, 2.0, 4.0], [3.2, 5.1, 7.6, 10.9]


def _horton_fit(log_k):
    """sum (t + 7 g(e^log_k, t) - o)^2: d/dlog_k = sum 2 r 7 k g'(k, t)."""
    def truth():
        k = mpmath.exp(mpf(log_k))
        total = mpmath.fsum(2 * (mpf(t) + 7 * _horton_g(k, mpf(t)) - mpf(o)) * 7 * k * _horton_slope(k, mpf(t))
                            for t, o in zip(TIMES, F_OBS))
        return {"layer.log_k": total}
    return hp(truth)


def _bc(h, dtype="float64"):
    """sum (20 / h)^0.5 beyond 20, 1 before: -0.5 (20 / h)^0.5 / h, 0 before; none at 20 (slopes -1/40 and 0)."""
    def truth():
        out = []
        for v in (_held(dtype, u) for u in h):
            out.append(NAN if v == 20 else (-mpf("0.5") * mpmath.sqrt(20 / v) / v if v > 20 else mpf(0)))
        return {"h": out}
    return hp(truth)


def _mualem(se, dtype="float64", exact_power=False):
    """K = S^0.5 (1 - w^m)^2, w = 1 - S^q, m = 1 - 1/1.56 as Python computes it and q the float 1 / m the program
    hands tf.pow (exactly 1 / m for the expm1 form): dK/dS = (1 - w^m)^2 / (2 S^0.5) + 2 S^0.5 (1 - w^m) m w^(m-1) q
    S^(q-1)."""
    def truth():
        m = _held(dtype, 1 - 1 / 1.56)
        q = 1 / m if exact_power else _held(dtype, 1 / (1 - 1 / 1.56))
        out = []
        for v in (_held(dtype, u) for u in se):
            w = 1 - v ** q
            b = 1 - w ** m
            out.append(b * b / (2 * mpmath.sqrt(v)) + 2 * mpmath.sqrt(v) * b * m * w ** (m - 1) * q * v ** (q - 1))
        return {"se": out}
    return hp(truth)


def _stribeck(v, dtype="float64", smooth=False):
    def f(v):
        fc, fs, vs, sigma = (_held(dtype, c) for c in (1.0, 1.5, 0.01, 0.4))
        step = mpmath.tanh(v / _held(dtype, 1e-3)) if smooth else mpmath.sign(v)
        return (fc + (fs - fc) * mpmath.exp(-(v / vs) ** 2)) * step + sigma * v
    return sided_grad(f, dtype, v=v)


def _stribeck_closed(v):
    """Away from 0 (however near), sign(v)'s slope is 0: d/dv = sign(v) (F_s - F_c) (-2 v / v_s^2) e^(-(v / v_s)^2) +
    sigma (closed form: differences at 2,000 digits would step across 0)."""
    def truth():
        x = mpf(v)
        vs = mpf(0.01)
        return {"v": mpmath.sign(x) * (mpf(1.5) - 1) * (-2 * x / vs ** 2) * mpmath.exp(-(x / vs) ** 2) + mpf(0.4)}
    return hp(truth)


TF = [
    *_both(K, "horton", {"k": 2}, lambda d: _horton(2, d)),
    Case(K, "horton", _at(k=1e-12), "float64", "unstable", _horton(1e-12), "(1 - tf.exp(-k * T_HOURS)) / k"),
    Case(K, "horton", _at(k=0), "float64", "domain", _fixed({"k": NAN})),
    Case(K, "horton_expm1", _at(k=1e-12), "float64", "unstable", _horton(1e-12)),
    Case(K, "horton_no_nan", _at(k=0), "float64", "domain", _fixed({"k": NAN})),
    Case(K, "horton_no_nan", _at(k=2), "float64", "ok", _horton(2)),
    Case(K, "horton_series", _at(k=1e-12), "float64", "ok", _horton_series(1e-12)),
    *_both(K, "horton_series", {"k": 0}, lambda d: _horton_series(0, d)),
    Case(K, "horton_series", _at(k=2), "float32", "ok", _horton(2, "float32")),
    Case(K, "horton_rule", _at(k=2), "float64", "ok", _horton(2)),
    Case(K, "horton_rule", _at(k=1e-12), "float64", "unstable", _horton(1e-12),
         "def horton_rule(k)>>return dy * (F0 - FC) * (T_HOURS * e / k - (1 - e) / k ** 2)"),
    Case(K, "horton_rule_slip", _at(k=2), "float64", "wrong", _horton(2), "def horton_rule_slip>>def grad(dy):"),
    Case(K, "horton_fit", None, "float64", "ok", _horton_fit(0.0), args="horton_fit_args", wrt="layer.log_k"),
    Case(K, "horton_fit", None, "float64", "unstable", _horton_fit(-40.0), args="horton_fit_slow_args",
         wrt="layer.log_k"),
    *_both(K, "brooks_corey", {"h": [100, 10]}, lambda d: _bc([100, 10], d)),
    Case(K, "brooks_corey", _at(h=[20]), "float64", "domain", _bc([20])),
    Case(K, "brooks_corey", _at(h=[0, 100]), "float64", "wrong", _bc([0, 100]),
         "def brooks_corey(h)>>(H_B / h) ** LAMBDA", "tf.where("),
    Case(K, "brooks_corey_safe", _at(h=[0, 100]), "float64", "ok", _bc([0, 100])),
    *_both(K, "brooks_corey_clip", {"h": [100, 10]}, lambda d: _bc([100, 10], d)),
    Case(K, "brooks_corey_clip", _at(h=[20]), "float64", "domain", _bc([20])),
    # (20 / h)^0.5 has a pole at 0 and no real value left of it: the clip's 1 there is a limit from the right alone
    Case(K, "brooks_corey_clip", _at(h=[0]), "float64", "domain", _fixed({"h": [NAN]})),
    *_both(K, "mualem", {"se": [0.5]}, lambda d: _mualem([0.5], d)),
    Case(K, "mualem", _at(se=[0.9999999999]), "float64", "unstable", _mualem([0.9999999999]),
         "(1 - tf.pow(se, 1 / M_VG))"),
    Case(K, "mualem", _at(se=[1]), "float64", "domain", _fixed({"se": [NAN]})),
    Case(K, "mualem_expm1", _at(se=[0.9999999999]), "float64", "ok", _mualem([0.9999999999], exact_power=True)),
    *_both(K, "stribeck", {"v": 0.005}, lambda d: _stribeck(0.005, d)),
    Case(K, "stribeck", _at(v=1e-300), "float64", "ok", _stribeck_closed(1e-300)),
    # TensorFlow's CPU kernels read a subnormal as 0 (denormals are zero): tf.sign(5e-324) is 0, the value 0 for 1.5
    Case(K, "stribeck", _at(v=5e-324), "float64", "unstable", _stribeck_closed(5e-324), "* tf.sign(v) + SIGMA * v"),
    Case(K, "stribeck_split", _at(v=5e-324), "float64", "unstable", _stribeck_closed(5e-324), "direction = tf.sign(v)"),
    Case(K, "stribeck_split", _at(v=0.005), "float64", "ok", _stribeck(0.005)),
    Case(K, "stribeck", _at(v=0), "float64", "domain", _fixed({"v": NAN})),  # sign's jump: no derivative
    Case(K, "stribeck_smooth", _at(v=0), "float64", "ok", _stribeck(0, smooth=True)),
    Case(K, "stribeck_smooth", _at(v=1), "float64", "ok", _stribeck(1, smooth=True)),
    # input errors
    Case(K, "horton", _at(kk=2), "float64", "input-error", message=("'kk' is not a variable", "variables: k")),
    Case(K, "stribeck_smooth", _at(v=0), "float32", "input-error", message=("input_signature fixes float64",)),
    Case(K, "horton_fit", None, "float64", "input-error", args="horton_fit_argz", wrt="layer.log_k",
         message=("horton_fit_argz",)),
]

ALL = TORCH + TF
