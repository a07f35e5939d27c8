"""The eighty-sixth round (c) of user trials: acoustics, audio levels and signal metrics written with gradcli.numpy
(tests/trials/lib86c.py).

The level and quality measures audio and room-acoustics code differentiates (tests/trials/lib86c.py, gradcli.numpy
and gradcli.scipy.special.logsumexp): the sound pressure level 20 log10(p_rms / p_ref) at silence, where p^2
underflows (float64 1e-170, float32 1e-25), with an epsilon added to the RMS (still a cone at silence) and inside
the mean square (smooth), by the standard deviation of a constant signal, dBFS at silence; the decibel sum
10 log10(sum 10^(L/10)) at 60-70 dB, 300 dB, 400 dB in float32 (10^40 overflows), -440 and -460 dB in float32
(subnormal, 0), +-3100/3300 dB in float64, and by logsumexp there; A-weighting's R_A(f) at f = 0 and 1 kHz, its level
20 log10 R_A + 2 at 0 (log 0), at 1 kHz (float32: the level 1.4e-4 dB is a cancellation), 1e-100 (f^4 underflows),
1e-80 (subnormal) and float32 1e-12; SNR at a perfect estimate and with an epsilon; SI-SDR (projection <s_hat, s> s /
|s|^2) at s = 0, at s_hat = 2 s (noise 0), 6e-8 off it, at s_hat orthogonal to s (log 0), with epsilons at s_hat = 2 s
and s = 0, and by np.linalg.norm; spectral flatness exp(mean log P) / mean P at a zero bin and at 1e-100 bins, with a
floor, and by prod(P) ** (1/N) (a zero bin, an underflowing product); the log-spectral distance at P = Q and at two
bins equal; Sabine 0.161 V / (S alpha) at alpha = 0, a room with one alpha 0 and all 0; Eyring -0.161 V / (S ln(1 -
alpha)) at alpha = 1, 1e-9 and float32 1e-4; the mel scale 2595 log10(1 + f / 700) at 0, -700, its inverse beyond
float32's and float64's range, the round trip at 440 Hz, 1e-20 Hz and float32 1e-4 Hz, and by log1p / expm1; the crest
factor max|x| / rms at a tie of peaks, at a zero sample and at silence; the peak level 20 log10 max|x| at a tie and a
zero sample; RMS normalisation x / sqrt(mean x^2 + eps) at 0 (float32's eps) and without the eps at 0 and 1e-170;
librosa's power_to_db (amin 1e-10, top_db 80) with floored bins, a bin exactly 80 dB down, a silent bin; mu-law
companding and expansion at a zero sample; the soft clipper tanh(g x) / tanh(g) at g = 0, 1e-9, 1e-300 and by np.where
at g = 0.

Tried: 36 functions, 138 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (np.logaddexp.reduce,
np.maximum's amin floor at its switch, a double-where soft clipper, peak normalisation x / max|x| at a tie); then
trimmed of 49 ordinary or repeated cases. ALL keeps 89 (36 ok, 23 domain, 22 unstable, 8 wrong; 61 float64, 28
float32) over 34 functions. All 89 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative).
Every check took 0.5-2.4 s on the loaded machine (two at once), every truth under 0.3 s; the full run of the 89 took
47-51 s.

Truths are written here from the mathematics, never lib86c's code or gradcli: levels and sums by mpmath's log10 of
exact sums (10^(L/10) at 2,000 digits), SI-SDR by Pythagoras (|t|^2 = <s_hat, s>^2 / |s|^2, |n|^2 = |s_hat|^2 - |t|^2,
no projection subtracted) and its epsilon form expanded, the geometric mean as (prod P)^(1/N), Eyring by log1p(-alpha),
the mel inverse by expm1, the round trips as the identity, librosa's floors as max of levels; the derivatives from the
left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or
one is undefined or infinite); by hand the points with no value (all NaN: silence, 0 / 0, log 0 at the point) and the
where-guarded clipper at g = 0 (the function x (1 + g^2 (1 - x^2) / 3 + ..): x 1, g 0). The points are the numbers the
dtype holds; the program's Python float constants (0.161, ln 10 / 10 = 0.23025850929940458, 20.6 ** 2, 107.7 ** 2,
737.9 ** 2, 12194.0 ** 2, 1e-8) as the dtype holds them where they meet an array (float32 rounds them: NumPy's weak
scalars; gradcli's exact reference differentiates those float32 constants, 1e-8 relative from the decimals').

What agreed: SPL ok, domain at silence (the floor on the RMS too: a cone), unstable where p^2 underflows; the floor on
the mean square ok at silence (slopes 0) and at 1e-170; the level of a constant signal domain (exactly -inf; float64
computes -243 dB from a mean 0.10000000000000002); the dB sum ok at 60-70 and 300 dB, unstable where 10^(L/10)
overflows, underflows or is subnormal (float32 400, -440, -460; float64 3100, -3300), by logsumexp ok at all of them;
R_A ok (f = 0: slope 0); A(f) ok at 1 kHz in float64, domain at 0, unstable at 1e-100, 1e-80, float32 1e-12 and float32
1 kHz; SNR ok, domain at a perfect estimate; with the epsilon ok there (s_hat's slopes 0); SI-SDR ok, domain at s = 0,
s_hat = 2 s and s_hat orthogonal to s, unstable 6e-8 off a perfect estimate; the epsilon form ok at s = 0, unstable at
s_hat = 2 s (below); spectral flatness domain at one zero bin (the other bins keep 0), ok at 1e-100 bins, with the floor
ok; by the product wrong at a zero bin (below), unstable where the product underflows; the log-spectral distance domain
at P = Q, ok with two bins equal; Sabine ok (one alpha 0 in a room too), domain at alpha = 0; Eyring wrong at alpha = 1
(below), unstable at 1e-9 and float32 1e-4; the mel scale ok at 0, domain at -700; its inverse domain beyond the
dtype's range (1.7e45 in float32, 4.6e349 in float64: the README's "beyond the dtype's range"); the round trip ok at
440, unstable at 1e-20 and float32 1e-4 (the value 0 or 16% off), by log1p / expm1 ok; the crest factor ok, domain at
a tie of peaks (x[2] keeps its slope) and at silence, ok at a zero sample that is not the peak; the peak level domain at
a tie, ok at a zero sample; RMS normalisation ok at 0 with the eps (REF / sqrt(float32's 1e-8): 5000.0000152 for
0.5), domain at 0
without it, unstable where the mean square underflows; power_to_db ok with floored bins (the top bin's slope counts
them), domain with a bin exactly 80 dB down (log10 of 1e8 and 1 exact), ok at a silent bin; mu-law wrong at a zero
sample (smooth there: slope 255 / ln 256 = 45.99, sign's and abs's rules give 0; its expansion ln 256 / 255, float32
too); the soft clipper ok, domain at g = 0 (0 / 0 for every x), unstable at g = 1e-9 and 1e-300 (the g-slope's two
paths cancel to 0), by np.where wrong at g = 0 (NaN from the untaken 0 / 0).

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- level_sum_lse, a_weight_gain, a_weight_db, sabine, sabine_room and eyring in float32, first with the decimals'
  constants: the program's float32 constants (0.161 -> 0.16099999845, ln 10 / 10 and the squared corner frequencies
  rounded to float32 where they meet the array) move the exact slopes by 1e-8 relative; the truths take them as held;
- a_weight_db at 1 kHz in float32, first ok: A = 20 log10(R_A) + 2 = -1.99986 + 2 = 1.4e-4 dB (the curve is
  normalised to 0 dB at 1 kHz), the addition cancels 1.4e4-fold and the float32 value keeps 3 digits: unstable (float64
  keeps 12: ok);
- si_sdr_eps at s_hat = 2 s, first ok (alpha 2 exactly, noise 0): the epsilons make alpha = 2 - eps / (|s|^2 + eps),
  the noise 7.4e-9 s comes from s_hat - alpha s cancelling, s's slopes (2.2e-7 ..) come out 4% off: unstable;
- spectral_flatness_prod at a zero bin, first domain: the other bins' exact slope 0 comes out 1/4 prod^(-3/4) * 0 =
  inf * 0 = NaN, the README's 1 / (y log1p(-x)) at x = 1 ("y's exact slope 0 comes out NaN ... the point is that
  verdict"): wrong (the log form's 0 * finite keeps them: domain);
- eyring at alpha = 1, first domain: T = V / (S ln 0) = 0 for every V and S, slopes 0; the chain rule keeps V's 0 but
  gives S's as -0.161 V ln 0 / (S ln 0)^2 = inf / inf = NaN, by the same README rule: wrong (float32 too).
- si_sdr at s_hat orthogonal to s, first with s[0], s_hat[1], s_hat[2] keeping their slopes (they leave <s_hat, s> at 0,
  so they do not move the pole): their slopes' limits depend on how the pole is approached (s_hat[0] -> 0 or s[1] -> 0
  give s[0] 0 or -20 / ln 10, s_hat[1] -6.95 or +1.74), so no input has one: all NaN, as gradcli says (before the CLI).

Findings: none. Every verdict and exact entry agrees; the places a user's gradient really breaks here (0 * inf in the
chain rule at Eyring's alpha = 1 and a product's zero bin, sign and abs at a zero sample of mu-law, where's untaken
0 / 0) are the user's, and gradcli names them.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib86c.py"
NAN = mpmath.nan
exp, log, log10, sqrt, tanh = mpmath.exp, mpmath.log, mpmath.log10, mpmath.sqrt, mpmath.tanh


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def _flog10(v):
    """log10 where it is a real number or -inf; NaN (no number) below 0."""
    if isinstance(v, mpmath.mpf) and v > 0:
        return log10(v)
    return mpmath.ninf if v == 0 else NAN


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (NumPy's weak scalars: float32 rounds
    it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def mean(xs):
    return sum(xs) / len(xs)


# --- the mathematics, in mpmath (never lib86c's code path) ------------------------------------------------------------

def m_spl(p):
    return 20 * _flog10(sqrt(mean([v * v for v in p])) / mpf("2e-5"))


def m_spl_floor(p):
    return 20 * _flog10((sqrt(mean([v * v for v in p])) + mpf("1e-12")) / mpf("2e-5"))


def m_spl_power_floor(p):
    return 10 * _flog10((mean([v * v for v in p]) + mpf("1e-20")) / mpf("2e-5") ** 2)


def m_dbfs(x):
    return 10 * _flog10(mean([v * v for v in x]))


def m_level_sum(L):
    return 10 * log10(sum(mpf(10) ** (v / 10) for v in L))


def m_a_gain(dtype="float64"):
    """R_A(f); the squared corner frequencies are the program's constants (20.6 ** 2 is a double's square, rounded
    again to float32 where it meets a float32 array)."""
    c1, c2, c3, c4 = (K(dtype, v) for v in (20.6 ** 2, 107.7 ** 2, 737.9 ** 2, 12194.0 ** 2))

    def f(f):
        f2 = f * f
        return c4 * f2 * f2 / ((f2 + c1) * sqrt((f2 + c2) * (f2 + c3)) * (f2 + c4))
    return f


def m_a_db(dtype="float64"):
    gain = m_a_gain(dtype)
    return lambda f: 20 * _flog10(gain(f)) + 2


def m_level_lse(dtype):
    """logsumexp(c L) / c with c = ln(10) / 10 as the program holds it: the slopes softmax(c L), c's rounding in
    them."""
    c = K(dtype, 0.23025850929940458)
    return lambda L: log(sum(exp(c * v) for v in L)) / c


def _energy(v):
    return sum(a * a for a in v)


def _dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def m_snr(s, s_hat):
    return 10 * log10(_energy(s) / _energy([a - b for a, b in zip(s, s_hat)]))


def m_snr_eps(s, s_hat):
    return 10 * log10(_energy(s) / (_energy([a - b for a, b in zip(s, s_hat)]) + mpf("1e-8")))


def m_si_sdr(s, s_hat):
    """|t|^2 = <s_hat, s>^2 / |s|^2 and |n|^2 = |s_hat|^2 - |t|^2 (Pythagoras: n is orthogonal to s), both from
    sums of the inputs' own products, no projection subtracted."""
    t2 = _dot(s_hat, s) ** 2 / _energy(s)
    return 10 * log10(t2 / (_energy(s_hat) - t2))


def m_si_sdr_eps(s, s_hat):
    e = mpf("1e-8")
    alpha = (_dot(s_hat, s) + e) / (_energy(s) + e)
    t2 = alpha ** 2 * _energy(s)
    n2 = _energy(s_hat) - 2 * alpha * _dot(s_hat, s) + t2  # |s_hat - alpha s|^2 expanded
    return 10 * log10((t2 + e) / (n2 + e))


def m_flatness(P):
    """The geometric mean as (prod P)^(1/N), a real root; no number where a bin is negative."""
    if any(v < 0 for v in P):
        return NAN
    g = mpmath.fprod(P) ** (mpf(1) / len(P))
    return g / mean(P)


def m_flatness_floor(P):
    return m_flatness([v + mpf("1e-10") for v in P])


def m_lsd(P, Q):
    return sqrt(mean([(10 * log10(p / q)) ** 2 for p, q in zip(P, Q)]))


def m_sabine(dtype="float64"):
    k = K(dtype, 0.161)
    return lambda V, S, alpha: k * V / (S * alpha)


def m_sabine_room(dtype="float64"):
    k = K(dtype, 0.161)
    return lambda V, S, alpha: k * V / _dot(S, alpha)


def m_eyring(dtype="float64"):
    k = K(dtype, 0.161)

    def f(V, S, alpha):
        if alpha > 1:
            return NAN
        if alpha == 1:
            return mpf(0)  # V / (S ln 0) = V / -inf
        return -k * V / (S * mpmath.log1p(-alpha))
    return f


def m_mel(f):
    return 2595 * _flog10(1 + f / 700)


def m_mel_inv(m):
    return 700 * mpmath.expm1(m * log(10) / 2595)


def m_identity(f):
    return f


def m_crest(x):
    return max(abs(v) for v in x) / sqrt(mean([v * v for v in x]))


def m_peak_db(x):
    return 20 * log10(max(abs(v) for v in x))


def m_p2db(S):
    """librosa's power_to_db summed: the levels 10 log10(max(1e-10, S)) floored at their maximum less 80 dB."""
    levels = [10 * log10(max(mpf("1e-10"), v)) for v in S]
    top = max(levels)
    return sum(max(v, top - 80) for v in levels)


def m_mu_law(x):
    return sum(mpmath.sign(v) * mpmath.log1p(255 * abs(v)) for v in x) / mpmath.log1p(255)


def m_mu_law_expand(y):
    return sum(mpmath.sign(v) * (mpf(256) ** abs(v) - 1) for v in y) / 255


REF = [mpf("0.5"), mpf(-1), mpf(2), mpf("0.25")]


def m_rms_norm(dtype="float64"):
    eps = K(dtype, 1e-8)
    return lambda x: _dot(REF, x) / sqrt(mean([v * v for v in x]) + eps)


def m_rms_norm_plain(x):
    return _dot(REF, x) / sqrt(mean([v * v for v in x]))


def m_soft_clip(x, g):
    return tanh(g * x) / tanh(g)


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def fixed(**values):
    def conv(v):
        if callable(v):
            return v()
        return [conv(a) for a in v] if isinstance(v, list) else (v if isinstance(v, mpf) else mpf(v))
    return lambda: {k: conv(v) for k, v in values.items()}


P3 = [0.3, -0.2, 0.5]
Z3 = [0.0, 0.0, 0.0]
TINY3 = [1e-170, -2e-170, 3e-170]
S3, SH3 = [1.0, 0.5, -0.3], [0.9, 0.6, -0.2]
X4 = [0.3, -0.2, 0.5, 0.1]
PS4 = [1.0, 2.0, 0.5, 4.0]

ALL = [
    # --- sound pressure level
    C("spl", m_spl, dtype="float32", p=P3),
    # silence: log10(0) = -inf, and sqrt(mean p^2) a cone at 0: no value, no slope
    H("spl", all_nan(p=Z3), "domain", p=Z3),
    # p = 1e-170: p^2 = 1e-340 underflows to 0, log 0 = -inf where the level is -3.1e3 dB; slopes 20 / ln 10
    # p_i / sum p^2
    C("spl", m_spl, "unstable", p=TINY3),
    C("spl", m_spl, "unstable", dtype="float32", p=[1e-25, -2e-25, 3e-25]),
    # the floor added to the RMS: the value is finite at silence, but the RMS is still a cone: no slope
    C("spl_floor", m_spl_floor, "domain", p=Z3),
    # the floor inside, on the mean square: smooth at silence, slopes 0
    C("spl_power_floor", m_spl_power_floor, p=Z3),
    # p^2 underflows, but 1e-20 dominates the mean square: the value and the slopes 2 p / (N (m + eps)) keep
    C("spl_power_floor", m_spl_power_floor, p=TINY3),
    # a constant signal: std 0 exactly, log 0; float64 computes mean 0.10000000000000002, std 1.4e-17, -243 dB
    H("spl_std", all_nan(p=Z3), "domain", p=[0.1, 0.1, 0.1]),
    H("dbfs", all_nan(x=[0, 0, 0, 0]), "domain", x=[0.0, 0.0, 0.0, 0.0]),
    # --- level sums
    C("level_sum", m_level_sum, dtype="float32", L=[60.0, 63.0, 70.0]),
    # 300 dB: 10^30 is held even by float32 (its largest number 3.4e38)
    C("level_sum", m_level_sum, dtype="float32", L=[300.0, 303.0]),
    # float32: 10^40 overflows (inf / inf slopes); 10^-46 and 10^-47 are 0 (log 0); 10^-44 is subnormal (3 bits)
    C("level_sum", m_level_sum, "unstable", dtype="float32", L=[400.0, 390.0]),
    C("level_sum", m_level_sum, "unstable", dtype="float32", L=[-460.0, -470.0]),
    C("level_sum", m_level_sum, "unstable", dtype="float32", L=[-440.0, -445.0]),
    # float64: 10^310 overflows, 10^-330 underflows
    C("level_sum", m_level_sum, "unstable", L=[3100.0, 3090.0]),
    C("level_sum", m_level_sum, "unstable", L=[-3300.0, -3290.0]),
    C("level_sum_lse", m_level_lse("float64"), L=[3100.0, 3090.0]),
    C("level_sum_lse", m_level_lse("float32"), dtype="float32", L=[400.0, 390.0]),
    # --- A-weighting
    C("a_weight_gain", m_a_gain("float32"), dtype="float32", f=1000.0),
    C("a_weight_gain", m_a_gain(), f=0.0),  # f^4 at 0: slope 0
    C("a_weight_db", m_a_db(), f=1000.0),
    # float32 at 1 kHz: A = 20 log10(R_A) + 2 = -1.99986 + 2 = 1.4e-4 dB (the curve is normalised to 0 there): the
    # addition cancels 1e4-fold, the value keeps 3 digits (float64 keeps 12)
    C("a_weight_db", m_a_db("float32"), "unstable", dtype="float32", f=1000.0),
    # f = 0: R_A = 0, log 0 = -inf: no value, no slope
    H("a_weight_db", all_nan(f=0), "domain", f=0.0),
    # f = 1e-100: f^4 = 1e-400 underflows, log 0 where A = -1.9e3 dB; the slope 80 / (f ln 10) is finite
    C("a_weight_db", m_a_db(), "unstable", f=1e-100),
    C("a_weight_db", m_a_db("float32"), "unstable", dtype="float32", f=1e-12),
    # f = 1e-80: f^4 = 1e-320 and 12194^2 f^4 = 1.5e-312 are subnormal, R_A keeps 3 or 4 digits, the level too
    C("a_weight_db", m_a_db(), "unstable", f=1e-80),
    # --- SNR and SI-SDR
    C("snr_db", m_snr, s=S3, s_hat=SH3),
    # a perfect estimate: |s|^2 / 0 = inf, log inf: no value, no slope
    H("snr_db", all_nan(s=S3, s_hat=S3), "domain", s=S3, s_hat=S3),
    # the epsilon: at a perfect estimate s_hat's slopes are 0 (the noise energy's gradient 2 (s_hat - s) = 0)
    C("snr_db_eps", m_snr_eps, s=S3, s_hat=S3),
    C("si_sdr", m_si_sdr, s=S3, s_hat=SH3),
    # s = 0: alpha = 0 / 0 however s_hat moves: no value
    H("si_sdr", all_nan(s=Z3, s_hat=Z3), "domain", s=Z3, s_hat=SH3),
    # s_hat = 2 s: alpha = 2 exactly, the noise 0: log(|t|^2 / 0): no value
    H("si_sdr", all_nan(s=S3, s_hat=S3), "domain", s=S3, s_hat=[2.0, 1.0, -0.6]),
    # s_hat = 2 s + 1e-7 (0, 0.3, 0.5), the offset orthogonal to s: the noise 5.8e-8 comes from s_hat - alpha s,
    # numbers near 1 cancelling 1e7-fold; the slopes 2 n / |n|^2 keep 9 digits
    C("si_sdr", m_si_sdr, "unstable", s=S3, s_hat=[2.0, 1.00000003, -0.59999995]),
    # s_hat = 2 s: the epsilons make alpha = 2 - eps / (|s|^2 + eps), the noise s_hat - alpha s = 7.4e-9 s comes from
    # numbers near 2 cancelling: s's slopes (2.2e-7 ..) come out 4% off, s_hat's keep 8 digits
    C("si_sdr_eps", m_si_sdr_eps, "unstable", s=S3, s_hat=[2.0, 1.0, -0.6]),
    C("si_sdr_eps", m_si_sdr_eps, s=Z3, s_hat=SH3),  # s = 0: alpha = eps / eps = 1, smooth
    # s_hat orthogonal to s: the projection 0, log 0 = -inf. No input keeps a slope: s[0], s_hat[1], s_hat[2] leave
    # <s_hat, s> at 0, but their slopes' limits at the pole depend on how it is approached (s_hat[0] -> 0 or
    # s[1] -> 0: s[0]'s -> 0 or -20 / ln 10)
    H("si_sdr", all_nan(s=S3, s_hat=S3), "domain", s=[1.0, 0.0, 0.0], s_hat=[0.0, 1.0, 0.5]),
    H("si_sdr_norm", all_nan(s=S3, s_hat=S3), "domain", s=S3, s_hat=[2.0, 1.0, -0.6]),
    # --- spectral flatness
    # a zero bin: the value 0 for every other bin (their slopes 0); the zero bin's P^(1/N - 1) is infinite from the
    # right, no number from the left
    C("spectral_flatness", m_flatness, "domain", P=[0.0, 2.0, 0.5, 4.0]),
    C("spectral_flatness", m_flatness, P=[1e-100, 2e-100, 5e-101, 4e-100]),
    C("spectral_flatness_floor", m_flatness_floor, P=[0.0, 2.0, 0.5, 4.0]),
    C("spectral_flatness_floor", m_flatness_floor, dtype="float32", P=PS4),
    # the product at a zero bin: prod ** (1/4) has the slope inf at 0, and the other bins' exact 0 comes out
    # 1/4 prod^(-3/4) * 0 = inf * 0 = NaN: the README's 1 / (y log1p(-x)) at x = 1: wrong
    C("spectral_flatness_prod", m_flatness, "wrong", P=[0.0, 2.0, 0.5, 4.0]),
    # the product 1e-400 underflows: 0^(1/4) where the geometric mean is 1.4e-100
    C("spectral_flatness_prod", m_flatness, "unstable", P=[1e-100, 2e-100, 5e-101, 4e-100]),
    C("spectral_flatness_prod", m_flatness, "unstable", dtype="float32", P=[1e-10, 2e-10, 5e-11, 4e-10]),
    # P = Q: the root of a mean square of log ratios, a cone: no slope
    C("log_spectral_distance", m_lsd, "domain", P=[1.0, 2.0, 0.5], Q=[1.0, 2.0, 0.5]),
    # equal in two bins of three: the distance is not 0, the equal bins' d^2 has slope 0
    C("log_spectral_distance", m_lsd, dtype="float32", P=[1.0, 2.0, 0.5], Q=[1.0, 1.0, 0.5]),
    # --- reverberation
    C("sabine", m_sabine("float32"), dtype="float32", V=200.0, S=150.0, alpha=0.3),
    # no absorption: V / 0, the slopes of V and S infinite too
    H("sabine", all_nan(V=0, S=0, alpha=0), "domain", V=200.0, S=150.0, alpha=0.0),
    C("sabine_room", m_sabine_room(), V=200.0, S=[50.0, 60.0, 40.0], alpha=[0.1, 0.0, 0.3]),
    H("sabine_room", all_nan(V=0, S=[0, 0, 0], alpha=[0, 0, 0]), "domain", V=200.0, S=[50.0, 60.0, 40.0],
      alpha=[0.0, 0.0, 0.0]),
    # alpha = 1: V / (S ln 0) = 0 for every V and S (slopes 0); alpha's slope is infinite from the left, none from
    # the right; the chain rule gives S's 0 as -0.161 V ln 0 / (S ln 0)^2 = inf / inf = NaN (V's 0 comes out): the
    # README's 1 / (y log1p(-x)) at x = 1, y's slope 0 a NaN: wrong
    C("eyring", m_eyring(), "wrong", V=200.0, S=150.0, alpha=1.0),
    C("eyring", m_eyring("float32"), "wrong", dtype="float32", V=200.0, S=150.0, alpha=1.0),
    # alpha = 1e-9: 1 - alpha keeps its rounding (1e-16) against ln(1 - alpha) = -1e-9: 7 digits lost
    C("eyring", m_eyring(), "unstable", V=200.0, S=150.0, alpha=1e-9),
    C("eyring", m_eyring("float32"), "unstable", dtype="float32", V=200.0, S=150.0, alpha=1e-4),
    # --- mel
    C("hz_to_mel", m_mel, dtype="float32", f=1000.0),
    C("hz_to_mel", m_mel, f=0.0),
    H("hz_to_mel", all_nan(f=0), "domain", f=-700.0),  # log10(0)
    # the value 700 (10^(m / 2595) - 1) beyond the dtype's range: 1.7e45 in float32, 4.6e349 in float64
    C("mel_to_hz", m_mel_inv, "domain", dtype="float32", m=110000.0),
    C("mel_to_hz", m_mel_inv, "domain", m=900000.0),
    C("mel_round_trip", m_identity, f=440.0),
    # f = 1e-20: 1 + f / 700 rounds to 1, the value 0 where it is 1e-20 (the slope 1 comes out right)
    C("mel_round_trip", m_identity, "unstable", f=1e-20),
    C("mel_round_trip", m_identity, "unstable", dtype="float32", f=0.0001),
    C("mel_round_trip_stable", m_identity, f=1e-20),
    C("mel_round_trip_stable", m_identity, dtype="float32", f=0.0001),
    # --- crest factor
    C("crest_factor", m_crest, x=[1.0, -0.5, 0.25]),
    # a tie of peaks |x0| = |x1|: max switches, x0 and x1 have no slope; x2 keeps -peak x2 / (N rms^3)
    C("crest_factor", m_crest, "domain", x=[1.0, -1.0, 0.5]),
    # a zero sample that is not the peak: abs's kink is not the max's, the slope of x1 is 0
    C("crest_factor", m_crest, x=[1.0, 0.0, -0.5]),
    H("crest_factor", all_nan(x=Z3), "domain", x=Z3),  # silence: 0 / 0
    C("peak_db", m_peak_db, "domain", x=[0.5, -0.5, 0.25]),
    C("peak_db", m_peak_db, dtype="float32", x=[0.5, 0.0, 0.25]),
    # --- RMS normalisation
    C("rms_normalize", m_rms_norm("float32"), dtype="float32", x=X4),
    C("rms_normalize", m_rms_norm(), x=[0.0, 0.0, 0.0, 0.0]),  # REF / sqrt(eps)
    C("rms_normalize", m_rms_norm("float32"), dtype="float32", x=[0.0, 0.0, 0.0, 0.0]),  # float32's 1e-8
    H("rms_normalize_plain", all_nan(x=[0, 0, 0, 0]), "domain", x=[0.0, 0.0, 0.0, 0.0]),
    # the mean square 1e-340 underflows: x / 0 where the normalised signal is scale-free
    C("rms_normalize_plain", m_rms_norm_plain, "unstable", x=[1e-170, 2e-170, -1e-170, 3e-170]),
    # --- librosa's power_to_db
    # the bins below the top less 80 dB are floored there: their slopes 0, and the top bin's slope counts them
    C("power_to_db", m_p2db, S=[1e8, 10.0, 0.001, 0.5]),
    # a bin exactly 80 dB below the top (log10 of 1e8 and 1 are exact): the floor switches, S[0] and S[1] have no
    # slope, S[2] (floored) keeps 0
    C("power_to_db", m_p2db, "domain", S=[1e8, 1.0, 0.5]),
    # a silent bin: amin's floor (-100 dB) then the top_db floor (-80): slope 0, the top bin's doubled
    C("power_to_db", m_p2db, dtype="float32", S=[1.0, 0.0, 0.5]),
    # --- mu-law companding
    C("mu_law", m_mu_law, x=[0.3, -0.5]),
    # a zero sample: sign(x) ln(1 + mu |x|) is smooth there (slope mu / ln(1 + mu) = 45.99 from both sides), but
    # the rules of sign and abs at 0 give 0: wrong
    C("mu_law", m_mu_law, "wrong", x=[0.0, 0.5]),
    C("mu_law", m_mu_law, "wrong", dtype="float32", x=[0.0, 0.5]),
    C("mu_law_expand", m_mu_law_expand, "wrong", y=[0.0, 0.5]),  # ln(256) / 255 at 0
    # --- soft clipper
    C("soft_clip", m_soft_clip, x=0.5, g=2.0),
    # g = 0: tanh(0) / tanh(0) = 0 / 0 for every x: no value (the limit x is not the program's)
    H("soft_clip", all_nan(x=0, g=0), "domain", x=0.5, g=0.0),
    # g small: the g-slope x sech^2(gx) / tanh g - tanh(gx) sech^2 g / tanh^2 g cancels (terms 1 / g, slope
    # 2 x (1 - x^2) g / 3)
    C("soft_clip", m_soft_clip, "unstable", x=0.5, g=1e-9),
    # g = 1e-300: the two paths are 5e299 each and cancel to 0, the slope 2.5e-301: lost entirely
    C("soft_clip", m_soft_clip, "unstable", x=0.5, g=1e-300),
    # np.where picks the identity at g = 0 (slopes x: 1, g: 0: the function is x (1 + g^2 (1 - x^2) / 3 + ..)), but
    # the untaken 0 / 0 leaks NaN: wrong
    H("soft_clip_where", fixed(x=1, g=0), "wrong", x=0.5, g=0.0),
    H("soft_clip_where", fixed(x=1, g=0), "wrong", dtype="float32", x=0.5, g=0.0),
    C("soft_clip_where", m_soft_clip, dtype="float32", x=0.5, g=2.0),
]
