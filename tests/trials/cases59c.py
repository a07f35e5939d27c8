"""The fifty-ninth trial set (third part): issue 27's exact reference on Python functions doing ITERATIVE NUMERICS and
ARRAY OPS with gradcli.numpy the way libraries write them (tests/trials/lib59c.py): unrolled Newton iterations with a
fixed count (Lambert W by w e^w = a from log1p(a), Kepler's E - e sin E = M), Heron's square root, a fixed-point
iteration y <- cos(x y) (contracting at 0.5, chaotic at 2), e^x by its Taylor series in a Python while-loop stopped
by |term| <= 1e-17 |s| (and by `s + term == s`), Newton's sqrt in a while-loop on |y^2 - x| and with a break on the
step, bisection on a fixed bracket (piecewise constant) and on [0, 1 + a] (piecewise linear), Lambert's continued
fraction for tan (bottom up), log erfc by its continued fraction, np.polyval and a Horner loop at and near a triple
root, RK4 and Euler in a Python loop, log by range reduction (with the double LN2 and with np.log(2.0)), a sawtooth x
/ 2^n, cumsum / cumprod (zeros, overflowing partial products, subnormals) / diff, a running log-sum-exp shifted by
maximum.accumulate, logaddexp in a loop and np.logaddexp.reduce, sum of maximum.accumulate, an L-statistic sum w *
sort(x), sum sort(x)^2 and the squared gaps of sort(x), np.interp in x (knots, ends, a repeated knot) and in the
table's values, np.clip at and beside its bounds and with variable bounds (and written as minimum(maximum())), a
np.where chain (C1 at one switch, a kink at the other), np.convolve ('same' and full), np.trapezoid; at ordinary
points, near roots and poles (1 + 1e-8, the double nearest pi/2, a 2.3e-14 above -1/e), 1e-300 / 1e300 / 5e-324 /
+-800 / 700 / -2000, ties and knots exactly (0 and -0.0 too), float64 and float32.

Tried: 41 functions (and 2 probes dropped), about 140 checks through the CLI (at most three at once): 105 written as
cases and judged by tests/trials/judge.py (34 dropped as repeats of kept kinds: ALL keeps 71), then about 35 probes
by hand (-5000 in the series, float32 ties at knots and brackets, clip with all bounds tied, a step count read by
int(), a Lentz fraction). Truths are written here from the mathematics of each algorithm, never lib59c's code or
gradcli: each function restated in mpmath (every float64 literal as the double it is: 0.1, 0.05, 1e-17, 1e-15,
0.6931471805599453), its loops' counts and branches decided in exact arithmetic at 2,000 digits at the numbers the
dtype holds, and the derivative from the left and from the right by mpmath.diff (cases30b.sided_grad): NaN where they
differ (a kink, a jump, a tie), 0 where both are below 10^-500. By hand where that cannot serve: the Horner loop's
d/dc0 = x^3 = 1e-900 (below sided_grad's 10^-500 floor) and the series at -2000, whose 1,737 cancelled digits leave
the mirror too few (e^x: the exact partial sum's slope is e^x to 1e-17 relative). Cross-checked against closed forms
where the iteration has converged: W' = W / (a (1 + W)), 1 / (2 sqrt x), sec^2 x, dE/dM = 1 / (1 - e cos E), e^x,
softmax, linear maps.

ALL: 71 cases (47 ok, 14 domain, 7 unstable, 3 wrong). 67 agree with gradcli in verdict and every exact gradient
entry (to 1e-10 relative; beyond float64's range by their digits: e^-800 = 3.67e-348 and e^-2000 from the series,
1e400 from cumprod of [1e200, 1e-200, 1e200], 2.02e323 = 1/5e-324 from the range reduction); the 4 that do not are F1
(two), F2 and F3 below (F4 agrees, slowly). What agreed: unrolled iterations are differentiated as the program they
are, not as the root they approach (Newton 8 times 2.3e-14 above -1/e: exact slope 601.4, not the root's 5.7e6; Heron
6 times from (1 + x)/2 at 1e-300 and 0: 42.66; 40 chaotic steps of cos(2 y): 1816.14, float64 right to 2e-14: ok);
loops whose count the value decides are run to the exact count (the series at -800, whose float64 run overflows to
inf: unstable with the exact e^-800; at 700 and 1; Newton's sqrt while |y^2 - x| > 1e-15 x at 1e300, where y*y
overflows in float64 for the first trips and the exact decisions agree); float64's reverse mode losing the slope of
100 Newton steps from y = x at 1e-300 (5e299-sized partials cancelling at the first step: 0 against the exact
4.2255e29, unstable, named at the step's line); bisection is 0 where no midpoint ties (proven, though float64's
central difference reads 0.35) and domain at a tie (a = 1 and 0.25 on [0, 2], float32 too: a jump of 2^-50), and its
slope is the dyadic multiple of 1 + a on [0, 1 + a] (0.4714); a near-pole continued fraction and (x - 1)^3 at 1 +
1e-8 are unstable, at the root exactly ok with the exact 0; cumprod's slopes at zeros ([6, 0, 0], [0, 0, 0],
cumprod's sum at [0, 0, 3]: [1, 0, 0], no division by x); shift-invariance makes a tie in maximum.accumulate harmless
(the running log-sum-exp at [-800] * 3: ok); ties in sort are kinks only where the function is not symmetric (sum w
sort(x) and squared gaps: domain; sum sort(x)^2: ok; 0.0 beside -0.0 is a tie); np.interp's knots and ends are kinks,
between them the segment's slope, beyond them 0, in the table's values exact weights at and off a knot; clip at its
bound is a kink, a double below 1 is not; the np.where chain's C1 switch at 1 is ok (2), its kink at 0 domain; a
range reduction is smooth across its switch with np.log(2.0) (ok at 1.5) and jumps 2.3e-17 with the double LN2
(domain, the finding giving both sides); the sawtooth jumps at 2; clip(x, lo, hi) at x = lo = hi with --wrt x,lo:
flat in both, the rule's d/dx = 1 (and minimum(maximum()) 0.25): wrong. None of the kept cases took over 20 s but
F2's and F4's (below).

Truths the round corrected in itself, gradcli right each time: Newton 2.3e-14 above -1/e and 40 steps of cos(2 y) are
ok, not unstable (float64's slopes 601.41533985895 and 1816.14365921281 are right to 1.2e-12 and 2e-14: the
iteration's error does not grow in its own derivative); log by range reduction with LN2 = 0.6931471805599453 jumps at
1.5 (the double is 2.3e-17 above ln 2: domain, not ok); Newton's sqrt stopped after 100 steps at 1e-300 has not
converged (7.9e-31), its exact slope 4.2255e29, not 1 / (2 sqrt x); sided_grad reads a slope below 10^-500 as 0
(Horner's x^3 = 1e-900 written by hand).

Not findings: gradcli.numpy code that reads `int(T / 0.25)` of a differentiated value is an error telling to keep it
an array or stop_gradient it (TracedValueError), by design; the same code on plain NumPy is followed (ok off the
switches, domain at T = 0.5). A finite difference's step off the domain of a while-loop (log by range reduction at
1e-300) is reported as a step that "ran past its time" and the verdict stands on the exact reference.

Findings (open):

- F1 (mended since: the proof of x's flat sides takes a tie beside the point whose other branch gives the same
  function, `python_zero._ties_change_nothing`): clip(x, lo, hi) with x = lo = hi has no exact reference. np.clip(x, lo, hi) at x = lo = hi = 0 (and at 1, and
  np.minimum(np.maximum(x, lo), hi) at 1) is "error": "no exact reference: a derivative is 0 at every precision up to
  60 digits where the gradient rule gives a nonzero number: mpmath cannot tell a 0 from a number that small here"
  (1 s). The truth: moving x alone or lo alone leaves the value at hi on both sides (exact 0, a proven flat), moving
  hi is a kink (1 below, 0 above): the exact gradient is {x: 0, lo: 0, hi: none}; the rule's d/dx = 1 (0.25 for
  minimum(maximum())) is wrong. gradcli proves exactly this with --wrt x,lo (wrong, exact {x: 0, lo: 0}), and decides
  x = lo = 1, hi = 2 (domain); only the full check, where hi's kink meets x's flat, gives up. Reproduce:
      gradcli check tests/trials/lib59c.py:clip_between --at "x=0.0,lo=0.0,hi=0.0" --dtype float64
      gradcli check tests/trials/lib59c.py:minmax_between --at "x=1.0,lo=1.0,hi=1.0" --dtype float64
      gradcli check tests/trials/lib59c.py:clip_between --at "x=1.0,lo=1.0,hi=1.0" --wrt x,lo --dtype float64   (wrong, exact 0)
- F2 (mended since: the proof run deciding the point's branches stops after `python_zero.DECIDING_SECONDS`, and
  mpmath's path, whose precisions round, takes over: ok in about 6 s): a series summed until `s + term == s` (the float idiom for "until the term no longer counts") never finishes its
  exact reference: exp_until_same at x = 1 runs to --max-time whatever it is (30 s by default, 100, 150 and 600 s
  tried; also at --max-digits 120) and says "the exact reference ran past --max-time ... raise --max-time to let it
  try longer", which no time would help: in exact arithmetic s + term is never s. The exact reference exists (the
  partial sum the loop takes, its slope e to 1e-16, as float64's rule gives: 2.7182818284590424); where gradcli will
  not decide such an exit in the dtype, the message should say that the loop's exit is never met exactly, at once.
  Not run by tests/test_user_trials59c.py (with --max-time inf it would not end). Reproduce:
      gradcli check tests/trials/lib59c.py:exp_until_same --at x=1.0 --dtype float64
- F3 (mended since: NumPy's and SciPy's own frames are no user's line, `provenance._numpys_own`): np.interp's jump
  at a repeated knot is located in NumPy, not in the user's code: interp_step =
  np.interp(x, [0, 1, 1, 2], [0, 0, 1, 1]) at x = 1 is domain (right: a jump from 0 to 1) but the finding says "the
  function jumps here in x at its switch less (fromnumeric.py:54)", NumPy's _wrapfunc, with location None; no finding
  names lib59c.py's np.interp line, as the jumps of the user's own comparisons do ("switch greater_equal
  (lib59c.py:287)" for the sawtooth). Reproduce:
      gradcli check tests/trials/lib59c.py:interp_step --at x=1.0 --dtype float64
- F4: a value-dependent series loop at -2000 takes 185 s (the verdict and the exact e^-2000 are right: unstable, the
  float64 run overflows): the exact reference runs its thousands of trips at some 1,800 digits or more; at the
  default --max-time 30 a user gets "error" there. At -5000 (cancelling ~4,300 digits, past --max-digits 4000) it
  runs past --max-time 100 and 150 rather than saying at once that the function cancels more digits than it may climb
  to. At -800: 6.9 s.
  Reproduce:
      gradcli check tests/trials/lib59c.py:exp_series --at x=-2000.0 --dtype float64 --max-time 600   (185 s)
      gradcli check tests/trials/lib59c.py:exp_series --at x=-5000.0 --dtype float64 --max-time 150   (error past time)
"""

import mpmath
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib59c.py"
NAN = mpmath.nan
D = mpf  # a float64 literal of the user's code, as the double it is: D(0.1) is 0.1000000000000000055511...


# --- the mathematics of each function, in mpmath (written from the algorithm's statement, never lib59c's code) --------

def m_lambertw(a):  # w <- w - (w e^w - a) / (e^w (w + 1)), 8 times from log(1 + a)
    w = mpmath.log1p(a)
    for _ in range(8):
        w = w - (w * mpmath.exp(w) - a) / (mpmath.exp(w) * (w + 1))
    return w


def m_heron(x):  # y <- (y + x / y) / 2, 6 times from (1 + x) / 2
    y = (1 + x) / 2
    for _ in range(6):
        y = (y + x / y) / 2
    return y


def m_kepler(M, e):  # Newton on E - e sin E - M, 6 times from E = M
    E = M
    for _ in range(6):
        E = E - (E - e * mpmath.sin(E) - M) / (1 - e * mpmath.cos(E))
    return E


def m_fixed_cos(x):  # y <- cos(x y), 40 times from 1
    y = mpf(1)
    for _ in range(40):
        y = mpmath.cos(x * y)
    return y


def m_exp_series(x):  # the partial sums of e^x, stopped by the first term with |t| <= 1e-17 |s| (decided exactly)
    s, t, k = mpf(1), mpf(1), 1
    while True:
        t = t * x / k
        s = s + t
        if not abs(t) > D(1e-17) * abs(s):
            return s
        k += 1


def m_sqrt_while(x):  # Newton's y <- (y + x/y)/2 from y = x while |y^2 - x| > 1e-15 x (decided exactly)
    y = x
    while abs(y * y - x) > D(1e-15) * x:
        y = (y + x / y) / 2
    return y


def m_bisect(a, hi, steps=50):  # keep the half [lo, mid] where mid^2 - a > 0, else [mid, hi]; the last midpoint
    lo = mpf(0)
    for _ in range(steps):
        mid = (lo + hi) / 2
        if mid * mid - a > 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def m_tan_cf(x):  # x / (1 - x^2/(3 - x^2/(5 - ... - x^2/41)))
    d = mpf(41)
    for k in range(19, 0, -1):
        d = (2 * k - 1) - x * x / d
    return x / d


def m_log_erfc_cf(x):  # -x^2 - log(x + (1/2)/(x + (2/2)/(x + ... (30/2)/x))) - log(pi)/2
    d = x
    for k in range(30, 0, -1):
        d = x + mpf(k) / 2 / d
    return -x * x - mpmath.log(d) - mpmath.log(mpmath.pi) / 2


def m_poly(c, x):
    return mpmath.fsum(ck * x ** (len(c) - 1 - k) for k, ck in enumerate(c))


def m_rk4(y0, k):  # one RK4 step of y' = -k y is y <- y R(-k h), R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24, h = 0.1
    h = D(0.1)
    y = y0
    for _ in range(10):
        k1 = -k * y
        k2 = -k * (y + h / 2 * k1)
        k3 = -k * (y + h / 2 * k2)
        k4 = -k * (y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def m_euler_logistic(y0, r):
    h = D(0.05)
    y = y0
    for _ in range(20):
        y = y + h * r * y * (1 - y)
    return y


def m_cumsum_weighted(x):  # sum_i w_i (x_0 + ... + x_i)
    return mpmath.fsum((i + 1) * mpmath.fsum(x[:i + 1]) for i in range(len(x)))


def m_prod(x):
    return mpmath.fprod(x)


def m_cumprod_sum(x):
    return mpmath.fsum(mpmath.fprod(x[:i + 1]) for i in range(len(x)))


def m_diff_sq(x):
    return mpmath.fsum((x[i + 1] - x[i]) ** 2 for i in range(len(x) - 1))


def m_lse(x):  # log sum e^x, shifted by the largest entry
    top = max(x)
    return top + mpmath.log(mpmath.fsum(mpmath.exp(v - top) for v in x))


def m_running_max_sum(x):
    return mpmath.fsum(max(x[:i + 1]) for i in range(len(x)))


def m_sorted_weighted(x):
    return mpmath.fsum((i + 1) * v for i, v in enumerate(sorted(x)))


XP = [mpf(0), mpf(1), mpf(2), mpf(4)]
FP = [mpf(0), mpf(1), mpf(4), mpf(16)]


def m_interp(x, xp, fp):  # piecewise linear through (xp, fp), constant fp[0] left of xp[0] and fp[-1] right of xp[-1]
    if x <= xp[0]:
        return fp[0]
    if x >= xp[-1]:
        return fp[-1]
    i = max(j for j in range(len(xp) - 1) if xp[j] <= x)
    return fp[i] + (x - xp[i]) * (fp[i + 1] - fp[i]) / (xp[i + 1] - xp[i])


def m_clip_sq(x):
    c = min(max(x, mpf(-1)), mpf(1))
    return c * c + x


def m_where_chain(x):
    return -x if x < 0 else (x * x if x < 1 else 2 * x - 1)


K3 = [mpf(1) / 4, mpf(1) / 2, mpf(1) / 4]


def m_convolve_same(x):  # 'same' of a length-3 signal and kernel: y_i = sum_j x_j k_(i - j + 1)
    n = len(x)
    y = [mpmath.fsum(x[j] * K3[i - j + 1] for j in range(n) if 0 <= i - j + 1 < 3) for i in range(n)]
    return mpmath.fsum((i + 1) * v for i, v in enumerate(y))


def m_autoconv_mid(x):  # (x * x)_2 = sum_(i + j = 2) x_i x_j
    return mpmath.fsum(x[i] * x[2 - i] for i in range(3))


def m_trapezoid(s):  # the trapezoid rule on t = 0, 0.5, ..., 4
    t = [mpf(k) / 2 for k in range(9)]
    f = [mpmath.exp(-s * v) for v in t]
    return mpmath.fsum((t[i + 1] - t[i]) * (f[i] + f[i + 1]) / 2 for i in range(8))


def m_log_reduce(x, ln2):  # y = x 2^-n in [0.75, 1.5] by halving while y > 1.5, doubling while y < 0.75; n ln2 + log y
    y, n = x, 0
    while y > 1.5:
        y, n = y / 2, n + 1
    while y < D(0.75):
        y, n = y * 2, n - 1
    return n * ln2 + mpmath.log(y)


def m_pow2_floor(x):
    while x >= 2:
        x = x / 2
    return x


def m_sorted_gaps(x):
    v = sorted(x)
    return mpmath.fsum((v[i + 1] - v[i]) ** 2 for i in range(len(v) - 1))


def m_newton_break(x):  # y <- y - (y - x/y)/2 from x, at most 100 times, out once |step| <= 1e-16 |y|
    y = x
    for _ in range(100):
        step = (y - x / y) / 2
        y = y - step
        if abs(step) <= D(1e-16) * abs(y):
            break
    return y


def m_interp_step(x):  # through (0, 0), (1, 0), (1, 1), (2, 1): 0 below 1, 1 from 1 on (NumPy's value at 1 is 1)
    return mpf(0) if x < 1 else mpf(1)


def m_clip3(x, lo, hi):
    return min(max(x, lo), hi)


# --- cases ------------------------------------------------------------------------------------------------------------

def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def _only(truth, *names):
    """The truth of the variables --wrt names."""
    return lambda: {k: v for k, v in truth().items() if k in names}


NEAR_E = -0.3678794411714  # 2.3e-14 above -1/e: W near -1, Newton's step near a double root
HALF_PI = 1.5707963267948966
ONE_8 = 1.00000001

ALL = [
    # unrolled Newton / fixed-point iterations with a fixed count
    C("lambertw_newton", m_lambertw, a=1.0),
    C("lambertw_newton", m_lambertw, a=1e300),
    C("lambertw_newton", m_lambertw, a=5e-324),
    C("lambertw_newton", m_lambertw, a=NEAR_E),
    C("lambertw_newton", m_lambertw, dtype="float32", a=1.0),
    C("heron", m_heron, x=2.0),
    C("heron", m_heron, x=1e-300),
    C("heron", m_heron, dtype="float32", x=1e-45),
    C("kepler", m_kepler, M=1e-3, e=0.999),
    C("fixed_cos", m_fixed_cos, x=0.5),
    C("fixed_cos", m_fixed_cos, x=2.0),
    # loops whose count the value decides
    C("exp_series", m_exp_series, x=1.0),
    C("exp_series", m_exp_series, "unstable", x=-20.0),
    C("exp_series", m_exp_series, "unstable", x=-800.0),
    C("exp_series", m_exp_series, x=700.0),
    # (by hand: the series cancels 1,737 digits at -2000, past what the 2,000-digit mirror keeps; the exact partial
    # sum's slope is e^x to 1e-17 relative)
    Case(L, "exp_series", "x=-2000.0", "float64", "unstable", hp(lambda: {"x": mpmath.exp(mpf(-2000))})),
    C("exp_series", m_exp_series, "unstable", dtype="float32", x=-20.0),
    C("sqrt_while", m_sqrt_while, x=1e300),
    # bisection: piecewise constant (fixed bracket) or piecewise linear (bracket 1 + a) in a; a tie is a jump
    C("bisect_fixed", lambda a: m_bisect(a, mpf(2)), a=2.0),
    C("bisect_fixed", lambda a: m_bisect(a, mpf(2)), "domain", a=1.0),
    C("bisect_scaled", lambda a: m_bisect(a, 1 + a), a=2.0),
    # continued fractions, polynomials near a root
    C("tan_cf", m_tan_cf, x=1.0),
    C("tan_cf", m_tan_cf, "unstable", x=HALF_PI),
    C("tan_cf", m_tan_cf, dtype="float32", x=1.0),
    C("log_erfc_cf", m_log_erfc_cf, x=30.0),
    C("cubic_polyval", lambda x: (x - 1) ** 3, x=1.0),
    C("cubic_polyval", lambda x: (x - 1) ** 3, "unstable", x=ONE_8),
    C("horner_loop", m_poly, c=[1.0, -3.0, 3.0, -1.0], x=1.0),
    # (by hand: sided_grad reads slopes below 1e-500 as 0, and d/dc0 = x^3 = 1e-900)
    Case(L, "horner_loop", "c=[1.0,2.0,3.0,4.0],x=1e-300", "float64", "ok",
         hp(lambda: {"c": [D(1e-300) ** 3, D(1e-300) ** 2, D(1e-300), mpf(1)],
                     "x": 3 * D(1e-300) ** 2 + 4 * D(1e-300) + 3})),
    # ODE steps in a Python loop
    C("rk4_decay", m_rk4, y0=1e-300, k=800.0),
    C("euler_logistic", m_euler_logistic, y0=1e-300, r=1.0),
    # cumulative ops, sorting
    C("cumsum_weighted", m_cumsum_weighted, x=[1e300, -1e300, 1.0]),
    C("cumprod_last", m_prod, x=[0.0, 2.0, 3.0]),
    C("cumprod_last", m_prod, "domain", x=[1e200, 1e-200, 1e200]),
    C("cumprod_sum", m_cumprod_sum, x=[0.0, 0.0, 3.0]),
    C("diff_sq", m_diff_sq, x=[1e150, -1e150, 0.0]),
    C("log_cumsum_exp", m_lse, x=[-800.0, -800.0, -800.0]),
    C("log_cumsum_exp", m_lse, x=[1e300, 1e300, 0.0]),
    C("logaddexp_loop", m_lse, x=[-800.0, -800.0, -800.0]),
    C("logaddexp_reduce", m_lse, x=[800.0, 800.0, 800.0]),
    C("logaddexp_reduce", m_lse, dtype="float32", x=[-100.0, -100.0]),
    C("running_max_sum", m_running_max_sum, "domain", x=[1.0, 1.0, 0.0]),
    C("sorted_weighted", m_sorted_weighted, "domain", x=[1.0, 1.0, 2.0]),
    C("sorted_weighted", m_sorted_weighted, x=[5e-324, 0.0, -5e-324]),
    # interp at knots and between, clip at and beside its bounds, where chains, convolve, trapezoid
    C("interp_sq", lambda x: m_interp(x, XP, FP), x=1.5),
    C("interp_sq", lambda x: m_interp(x, XP, FP), "domain", x=1.0),
    C("interp_sq", lambda x: m_interp(x, XP, FP), "domain", x=0.0),
    C("interp_sq", lambda x: m_interp(x, XP, FP), x=5.0),
    C("interp_fp", lambda fp: m_interp(mpf(1.5), XP, fp), fp=[0.0, 1.0, 4.0, 16.0]),
    C("interp_fp_knot", lambda fp: m_interp(mpf(1), XP, fp), fp=[0.0, 1.0, 4.0, 16.0]),
    C("clip_sq", m_clip_sq, "domain", x=1.0),
    C("clip_sq", m_clip_sq, x=0.9999999999999999),
    C("where_chain", m_where_chain, x=1.0),
    C("where_chain", m_where_chain, "domain", x=0.0),
    C("convolve_same", m_convolve_same, x=[1.0, 2.0, 3.0]),
    C("autoconv_mid", m_autoconv_mid, x=[1e-300, 1.0, 1e300]),
    C("trapezoid_laplace", m_trapezoid, s=800.0),

    # round two: a loop that stops where float64 stops, range reduction, sorted ties, clip with variable bounds
    C("exp_until_same", m_exp_series, x=1.0),  # F2: the exact reference never leaves the loop (runs to --max-time)
    C("log_reduce", lambda x: m_log_reduce(x, D(0.6931471805599453)), "domain", x=1.5),
    C("log_reduce_exact", lambda x: m_log_reduce(x, mpmath.log(2)), x=1.5),
    C("log_reduce_exact", lambda x: m_log_reduce(x, mpmath.log(2)), "domain", x=5e-324),
    C("pow2_floor", m_pow2_floor, "domain", x=2.0),
    C("sorted_sumsq", lambda x: mpmath.fsum(v * v for v in x), x=[1.0, 1.0, 2.0]),
    C("sorted_gaps", m_sorted_gaps, "domain", x=[1.0, 1.0, 2.0]),
    C("newton_sqrt_break", m_newton_break, "unstable", x=1e-300),
    Case(L, "interp_step", "x=1.0", "float64", "domain", sided_grad(m_interp_step, "float64", x=1.0),
         line="np.interp(x, np.array([0.0, 1.0, 1.0, 2.0])"),  # F3: the switch named at NumPy's fromnumeric.py:54
    C("clip_between", m_clip3, "domain", x=1.0, lo=1.0, hi=2.0),
    Case(L, "clip_between", "x=1.0,lo=1.0,hi=1.0", "float64", "wrong",
         _only(sided_grad(m_clip3, "float64", x=1.0, lo=1.0, hi=1.0), "x", "lo"), wrt="x,lo"),
    C("clip_between", m_clip3, "wrong", x=0.0, lo=0.0, hi=0.0),  # F1: no exact reference (error)
    C("minmax_between", m_clip3, "wrong", x=1.0, lo=1.0, hi=1.0),  # F1 again, clip written out
    C("cumprod_last", m_prod, dtype="float32", x=[1e-45, 2.0, 3.0]),
]
