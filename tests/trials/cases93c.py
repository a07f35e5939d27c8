"""The ninety-third round (c) of user trials: information theory and coding written with gradcli.numpy
(tests/trials/lib93c.py).

The quantities information-theory and coding code differentiates: the binary entropy -p log2 p - (1 - p) log2(1 - p)
written out at p = 0.3 (both dtypes), 1/2 (slope 0), 0 and 1 (0 log 0 = NaN: no value), 1e-300 and 1 - 2^-53, and by
xlogy over np.log(2.0) at 0.3, 0, 1 (slope log2((1 - p) / p) infinite at the ends) and 1e-300; the BSC capacity 1 -
H2(p) at 0.11, at its double zero p = 1/2, at 1/2 + 1e-9 and at 0; the Shannon entropy by xlogy with a zero
probability; the Renyi entropy log(sum p^a) / (1 - a) at a = 2, 1/2, 0 (Hartley), a = 1 (0 / 0), a = 1 + 1e-9
(float32 1 + 1e-4), and with p[0] = 0 at a = 0 (0^0 = 1), 2 and 1/2; the Tsallis entropy (1 - sum p^q) / (q - 1) at q =
2, 1, 1 + 1e-9 and with a zero; the Jensen-Shannon divergence by rel_entr at p = q, with disjoint supports (both
dtypes) and half-overlapping ones; the cross-entropy -sum xlogy(p, q) with p[0] = 0 and q[0] = 0; the min-entropy -log
max p at a tie; the perplexity exp(-mean log p) at e^705, e^750 (beyond float64) and float32 e^82.5, e^89, and exp(H)
written out with a zero probability; the Gaussian channel 0.5 log(1 + snr) at snr = 10, 0, -1, 1e-10 (float32 1e-4)
against 0.5 log1p(snr) there and at 1e-300; water-filling, the power sum max(0, mu - n_i) and the capacity sum 0.5
log(1 + max(0, mu - n_i) / n_i), at a level above, below and equal to a noise; three unrolled Blahut-Arimoto steps (the
posterior, exp of sum W log q, normalisation; then I(r; W)) over a 3 x 3 channel at an ordinary input and at r[0] = 0
(both dtypes), and the mutual information by rel_entr at r[0] = 0; the BPSK LLR 2 y / sigma^2 at sigma = 0.8, 1e-50,
1e-100 and 1e-160 (float32 1e-22), and as the log of the two likelihoods' ratio at y = 0, 0.3 and where e^-800 = 0
(float32 e^-200); the binary erasure channel's LLR for a received 0, 1 and erasure (the received symbol an int, data);
the sum-product check node 2 atanh(prod tanh(L / 2)) ordinary, with an L = 0 and at product +-1 (L = 40, 40 and 40,
-40; float32 20, 20); the boxplus of two LLRs in the decoders' Jacobian-log form sign(a) sign(b) min(|a|, |b|) +
log1p(e^-|a + b|) - log1p(e^-|a - b|) at a tie |a| = |b| and at a = 0; min-sum prod sign(L) min |L| ordinary, at a tie
and at L[0] = 0; the Gaussian rate-distortion max(0, 0.5 log(s^2 / D)) at D < s^2, D = s^2 (both dtypes), D > s^2 and
D = 0.

Tried: 24 functions, 116 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (the finding's
spellings as formulas and files; gradcli.numpy's ufuncs on Python floats against NumPy's). ALL keeps 110 (62 ok, 16
unstable, 28 domain, 4 wrong; 82 float64, 28 float32; 6 redundant cases were dropped after they agreed). 109 agree with
gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 1 is the finding F1. Every check took
0.4-7.5 s on the loaded machine (two at once); every truth under 1.4 s (the Blahut-Arimoto ones the slowest, all 110 in
6.8 s); the full run took 1-1.8 minutes (three runs).

Truths are written here from the mathematics, never lib93c's code or gradcli: the binary and Shannon entropies with x
log x = 0 at 0 and no real value below 0; powers as real numbers (0^0 = 1, 0^a = inf for a < 0, no value for a
negative base and a non-integer exponent); the Jensen-Shannon terms as scipy's rel_entr defines them (0 at x = 0, y >=
0; inf for x < 0); the water-filled capacity as sum over the channels under the level of 0.5 log(mu / n_i); the
Blahut-Arimoto step as the multiplicative update r'(x) = r(x)^(s_x) exp(sum_y W log W - sum_y W log p(y)) / Z (s_x the
held row's sum), never the posterior's logarithm; both LLRs as 2 y / sigma^2 (the likelihoods' ratio is ((y + 1)^2 -
(y - 1)^2) / (2 sigma^2)); the check node and the boxplus as log((1 + t) / (1 - t)), t = prod tanh(L / 2), never the
Jacobian-log form. Derivatives from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with
finite_sides: NaN where the sides differ or one is undefined or infinite); by hand the points with no value (0 / 0 at
Renyi a = 1 and Tsallis q = 1, 0 log 0 written out, log(inf) at D = 0). Constants as the program holds them (the
channel's entries rounded to float32 by np.asarray(..., dtype=r.dtype)).

What agreed (beyond the ordinary points, ok in both dtypes): the binary entropy domain at 0 and 1 by both spellings,
ok at 1/2 and 1 - 2^-53, unstable at 1e-300 by both (1 - p rounds to 1 and drops p / ln 2 = 1.4e-300 of 1e-297); the
BSC capacity ok at its double zero (value and slope 0; gradcli reads the double of log 2 as log 2), unstable beside it,
domain at 0; Renyi ok at a = 0, 1/2, 2 and at a = 2 with a zero probability (the power rule keeps a's slope: 0^a log 0
is taken as 0), domain at a = 1 in both dtypes and with a zero at a = 0 (p's slopes exactly 0, a none) and at a = 1/2,
unstable at 1 + 1e-9 and float32 1 + 1e-4; Tsallis the same (domain at 1, unstable at 1 + 1e-9, ok at 2 with a zero);
Jensen-Shannon ok at p = q (slopes 0), domain with disjoint supports (p[0], q[1] keep log(2) / 2); the cross-entropy
keeps q[0]'s exact 0 under p[0] = 0, p[0] no derivative; the min-entropy domain at the tie; perplexity ok at e^705 and
float32 e^82.5, domain beyond the range; the Gaussian channel unstable with log at 1e-10 (float32 1e-4), ok with log1p,
ok at snr = 0, domain at -1; water-filling domain at mu = n[1] (n[0] keeps -1, n[2] 0) in both dtypes, ok above and
below; Blahut-Arimoto wrong at r[0] = 0 in both dtypes (r[0] has no left side; r[1], r[2] keep their slopes, which the
posterior's log(0) = -inf times the upstream 0 of exp(-inf) turns to NaN), the mutual information ok there (linear in
r[0]); the BPSK LLR unstable at sigma = 1e-160 (sigma^2 = 1e-320 subnormal) and float32 1e-22, and at sigma =
1e-100 (see below), ok at 1e-50; the likelihoods' ratio unstable where e^-800 (float32 e^-200) = 0; the erasure's LLR
ok with slope 0 (log(e / e)), domain at a received 0 (+inf); the check node ok with an L = 0 (prod's rule keeps
tanh(1/2) tanh(1)), unstable at product +-1 in both dtypes; the boxplus ok at ties and wrong at a = 0 (sign(a)
min(|a|, |b|) = a, slope 1, for the rules' 0); min-sum domain at the tie and wrong at L[0] = 0 (slope 1 for 0);
rate-distortion domain at D = s^2 in both dtypes and at D = 0, ok on either side.

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- perplexity_of at p = [0, 1/2, 1/2], first with p[1], p[2] keeping -exp(H) (log p + 1) = -2 (1 - log 2) (reading 0
  log 0 as 0): the program's 0 * log 0 is NaN and exp meets that NaN value (a sum's other terms keep their slopes, an
  exp after it does not: README's "only inputs a NaN value never meets"): all NaN, as gradcli says;
- bpsk_llr at y = 1, sigma = 1e-100, first ok (value 2e200, slopes 2e200 and -4e300 all in range): the divide rule's
  -upstream x / y^2 squares sigma^2 = 1e-200 to 1e-400 = 0 and gives -inf for -4e300: unstable, as gradcli says
  (1e-50 added: ok);
- boxplus at a = b = 2, first wrong (expecting a kink's choice off the derivative): min's split 1/2, 1/2 and abs'(0) =
  0 are the two kinks' one-sided means, and the sum of the means is the smooth sum's derivative 0.48201379...: ok, as
  gradcli says (a = 2, b = -2 added: ok). At a = 0 the rules are not means (sign'(0) |0| + sign(0) abs'(0) = 0 against
  the sides' 1): wrong there.

Findings:
F1 (declined: the README's doctrine). gradcli's exact reference gives the derivative 0 to an input of the logarithm of an exact 0 that the input
  does not move, a value that is -inf however it moves, and a finding calls the NaN gradient rule wrong there
  ("the gradient rule gives {x: nan} even at high precision, where the exact derivative is {x: 0}"); the verdict stays
  domain. The same -inf reached otherwise has no derivative in its own reference, nor has +inf: minimal, `gradcli
  check "log(0*x)" --at x=0.1 --json`: exact_gradient {"x": 0.0} and that finding; `"-log(x/0)"` and `"log(x/0)"` at
  the same point: exact_gradient {"x": NaN}, no such finding. In lib93c: bec_llr(e, received=1), log(like0 / like1)
  with like0 = np.where(...) = 0.0 and like1 = 1 - e: the LLR is -inf for every e (the channel never turns a 0 into a
  1), no derivative (the differences -inf - -inf are no number), but gradcli reports e's exact slope 0 and the rule
  wrong; at received = 0, log((1 - e) / 0) = +inf, it reports NaN and no rule finding. Sure because: the value is -inf
  at every e near 0.1 (0 / (1 - e) = 0 exactly), and gradcli's own exact value says so; README reads a value that stays
  a 0 / 0 or inf - inf however the inputs move as no value with no slope for any input, and its -log(x / 0) and
  log(x / 0) follow that; only the log of an exact 0 gets 0 (apparently the reading that keeps q's slopes in sum(p
  log(p / q)) at p = 0, applied where no 0 multiplies the log).
  Declined: README's reading of a pole is that the inputs that do not move it keep their slopes (1/sqrt(x*x + y*y) + z
  at x = y = 0: z keeps 1), and an input moves a pole where it moves the arguments of the op that made the infinity.
  e moves no argument of log's (0 / (1 - e) is 0 at every e): it keeps its slope, 0, and the rule's NaN there is a
  rule's NaN beside it. In x / 0 the divide that makes the infinity reads x: x moves it, and has no slope.
Beside the angle, in a scratch probe: gradcli.numpy's ufuncs on a Python float return a Python float (README: "Python
  floats through math"), NumPy's return numpy.float64, which NumPy 2 (NEP 50) does not let a float32 array's dtype win
  against: `numpy.float32([0.3]) / numpy.log(2.0)` is float64 in NumPy, float32 with gradcli.numpy.log. So a float32
  check of `xlogy(p, p) / np.log(2.0)` checks a program that divides in float32 where NumPy's divides in float64;
  the exact reference reads np.log(2.0) as log 2 (a constant of mathematics, by design), so no verdict or exact
  entry here differs; not made a case.

Re-derived since (README's rule for a gradient the dtype holds beside a value past its range): the cases whose value
lies past the dtype's range while slopes the dtype holds come out inf, NaN or off are unstable, not domain (each
marked where it stands).
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib93c.py"
NAN = mpmath.nan
exp, log, sqrt, tanh, atanh = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.tanh, mpmath.atanh


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def held(dtype, value):
    return mpf(float(numpy.dtype(dtype).type(value)))


# --- the mathematics, in mpmath (never lib93c's code path) ------------------------------------------------------------


def _xlogx(v):
    if v < 0:
        return NAN
    return mpf(0) if v == 0 else v * log(v)


def m_h2_bits(p):
    """H2(p) in bits; no real value outside [0, 1] (0 log 0 read as its limit 0: the right side at p = 0)."""
    return -(_xlogx(p) + _xlogx(1 - p)) / log(2)


def m_h2_bits_const(ln2):
    """H2(p) in bits with the program's divisor ln2 as held (the double of log 2)."""
    def f(p):
        return -(_xlogx(p) + _xlogx(1 - p)) / ln2
    return f


def m_bsc(p):
    """1 - H2(p) with the divisor as the program holds it: np.log(2.0), the double of log 2."""
    return 1 - (-(_xlogx(p) + _xlogx(1 - p)) / mpf(float(numpy.log(2.0))))


def m_shannon(p):
    return -sum(_xlogx(v) for v in p)


def _xlogy(x, y):
    """x log y, 0 where x = 0 whatever y (scipy's xlogy); no real value for y < 0, infinite at y = 0."""
    if x == 0:
        return mpf(0)
    if y < 0:
        return NAN
    return -mpmath.inf * mpmath.sign(x) if y == 0 else x * log(y)


def m_cross_entropy(p, q):
    return -sum(_xlogy(a, b) for a, b in zip(p, q))


def m_min_entropy(p):
    return -log(max(p))


def _pow(v, a):
    """v^a as a real number: no real value for v < 0 and a not an integer; 0^a = inf for a < 0, 0^0 = 1."""
    if v < 0 and a != int(a):
        return NAN
    if v == 0:
        return mpf(1) if a == 0 else (mpf(0) if a > 0 else mpmath.inf)
    return v ** a


def m_renyi(p, a):
    s = sum(_pow(v, a) for v in p)
    return log(s) / (1 - a)


def m_tsallis(p, q):
    return (1 - sum(_pow(v, q) for v in p)) / (q - 1)


def _rel(x, y):
    if x > 0 and y > 0:
        return x * log(x / y)
    if x == 0 and y >= 0:
        return mpf(0)
    return mpmath.inf


def m_js(p, q):
    m = [(a + b) / 2 for a, b in zip(p, q)]
    return (sum(_rel(a, c) for a, c in zip(p, m)) + sum(_rel(b, c) for b, c in zip(q, m))) / 2


def m_perplexity(logp):
    return exp(-sum(logp) / len(logp))


def m_perplexity_of(p):
    return exp(m_shannon(p))


def m_awgn(snr):
    return mpmath.log1p(snr) / 2 if snr > -1 else NAN


def m_wf_power(mu, noise):
    return sum(max(mpf(0), mu - n) for n in noise)


def m_wf_capacity(mu, noise):
    """sum over the channels under the water level of 0.5 log(mu / n_i)."""
    return sum(log(mu / n) / 2 if mu > n else mpf(0) for n in noise)


CHANNEL = [[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]]


def m_blahut_arimoto(dtype):
    """Three steps written as the multiplicative update r'(x) = r(x)^(s_x) exp(sum_y W log W - sum_y W log p(y)) / Z
    (s_x = sum_y W(y|x), 1 up to the rounding of the held entries), then I = sum_x r(x) sum_y W log(W / p(y)); no real
    value where an r(x) < 0 meets a logarithm (the program's log of a negative posterior)."""
    W = [[K(dtype, v) for v in row] for row in CHANNEL]

    def f(r):
        r = list(r)
        if any(v < 0 for v in r):
            return NAN
        for _ in range(3):
            py = [sum(r[x] * W[x][y] for x in range(3)) for y in range(3)]
            new = []
            for x in range(3):
                s = sum(W[x])
                d = sum(W[x][y] * log(W[x][y]) - W[x][y] * log(py[y]) for y in range(3))
                new.append((r[x] ** s if r[x] > 0 else mpf(0)) * exp(d))
            z = sum(new)
            r = [v / z for v in new]
        py = [sum(r[x] * W[x][y] for x in range(3)) for y in range(3)]
        return sum(r[x] * W[x][y] * log(W[x][y] / py[y]) for x in range(3) for y in range(3))
    return f


def m_mutual_information(dtype):
    W = [[K(dtype, v) for v in row] for row in CHANNEL]

    def f(r):
        py = [sum(r[x] * W[x][y] for x in range(3)) for y in range(3)]
        if any(v <= 0 for v in py):
            return NAN
        return sum(r[x] * W[x][y] * log(W[x][y] / py[y]) for x in range(3) for y in range(3))
    return f


def m_llr(y, sigma):
    """2 y / sigma^2, also the likelihood ratio's logarithm: ((y + 1)^2 - (y - 1)^2) / (2 sigma^2)."""
    return 2 * y / sigma ** 2


def m_check_node(L):
    """log((1 + t) / (1 - t)), t = prod tanh(L_i / 2)."""
    t = mpf(1)
    for v in L:
        t *= tanh(v / 2)
    if abs(t) >= 1:
        return NAN
    return log((1 + t) / (1 - t))


def m_boxplus(a, b):
    return m_check_node([a, b])


def m_min_sum(L):
    s = mpf(1)
    for v in L:
        s *= mpmath.sign(v)
    return s * min(abs(v) for v in L)


def m_rate_distortion(D, s2):
    if D <= 0 or s2 <= 0:
        return NAN
    return max(mpf(0), log(s2 / D) / 2)


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
    return lambda: {k: ([NAN] * len(v) if isinstance(v, list) else NAN) for k, v in pt.items()}


def BEC(received, verdict, slope, dtype="float64"):
    """bec_llr at e = 0.1 with the received symbol an int (data): e's slope."""
    return Case(L, "bec_llr", f"e=0.1,received={received}", dtype, verdict, hp(lambda: {"e": slope}), wrt="e")


P3 = [0.2, 0.3, 0.5]
P0 = [0.0, 0.5, 0.5]
NOISE = [0.2, 0.5, 1.5]
LLRS = [1.0, -2.0, 0.5]

ALL = [
    # --- binary entropy, bits, written out
    C("binary_entropy", m_h2_bits, p=0.3),
    C("binary_entropy", m_h2_bits, dtype="float32", p=0.3),
    C("binary_entropy", m_h2_bits, p=0.5),  # the maximum: slope 0
    H("binary_entropy", all_nan(p=0), "domain", p=0.0),  # 0 * log2(0) = NaN: no value
    H("binary_entropy", all_nan(p=0), "domain", p=1.0),
    # p = 1e-300: 1 - p rounds to 1 and drops the (1 - p) log2(1 - p) term, p / ln 2 = 1.4e-300 of 1e-297: 0.14%
    C("binary_entropy", m_h2_bits, "unstable", p=1e-300),
    C("binary_entropy", m_h2_bits, p=0.9999999999999999),  # 1 - p = 2^-53 exactly
    # --- binary entropy by xlogy, divided by np.log(2.0)
    C("binary_entropy_xlogy", m_h2_bits_const(mpf(float(numpy.log(2.0)))), p=0.3),
    C("binary_entropy_xlogy", m_h2_bits_const(mpf(float(numpy.log(2.0)))), "domain", p=0.0),  # +inf on the right
    C("binary_entropy_xlogy", m_h2_bits_const(mpf(float(numpy.log(2.0)))), "domain", p=1.0),
    C("binary_entropy_xlogy", m_h2_bits_const(mpf(float(numpy.log(2.0)))), "unstable", p=1e-300),
    # --- BSC capacity 1 - H2(p)
    C("bsc_capacity", m_bsc, p=0.11),
    C("bsc_capacity", m_bsc, p=0.5),
    C("bsc_capacity", m_bsc, "unstable", p=0.500000001),  # 1 - H2 cancels: 2.9e-18 from two 1s
    C("bsc_capacity", m_bsc, "domain", p=0.0),
    # --- Shannon entropy (nats, xlogy)
    C("shannon_entropy", m_shannon, p=P3),
    C("shannon_entropy", m_shannon, dtype="float32", p=P3),
    C("shannon_entropy", m_shannon, "domain", p=P0),  # p[0]: +inf on the right, none on the left
    # --- Renyi
    C("renyi_entropy", m_renyi, p=P3, a=2.0),
    C("renyi_entropy", m_renyi, dtype="float32", p=P3, a=2.0),
    C("renyi_entropy", m_renyi, p=P3, a=0.5),
    C("renyi_entropy", m_renyi, p=P3, a=0.0),  # Hartley: log 3; p's slopes 0
    # a = 1: log(1) / 0 = 0 / 0, and moving p makes it x / 0: no value, no slope (its limit in a is Shannon's)
    H("renyi_entropy", all_nan(p=[0, 0], a=0), "domain", p=[0.25, 0.75], a=1.0),
    # a = 1 + 1e-9: log of 1 - 5.6e-10 loses 7 digits
    C("renyi_entropy", m_renyi, "unstable", p=[0.25, 0.75], a=1.000000001),
    C("renyi_entropy", m_renyi, "unstable", dtype="float32", p=[0.25, 0.75], a=1.0001),
    # a = 0 with a zero probability: 0^0 = 1, p[0]^0 = 1 all around, so p's slopes 0; a: 0^a jumps to inf for a < 0
    C("renyi_entropy", m_renyi, "domain", p=P0, a=0.0),
    # a = 2 with a zero probability: 0^a = 0 near a = 2, so a's slope is the two others' alone
    C("renyi_entropy", m_renyi, p=P0, a=2.0),
    C("renyi_entropy", m_renyi, "domain", p=P0, a=0.5),  # sqrt at 0: p[0] infinite slope; a keeps its own
    # --- Tsallis
    C("tsallis_entropy", m_tsallis, p=P3, q=2.0),
    C("tsallis_entropy", m_tsallis, dtype="float32", p=P3, q=2.0),
    H("tsallis_entropy", all_nan(p=[0, 0], q=0), "domain", p=[0.25, 0.75], q=1.0),  # 0 / 0
    C("tsallis_entropy", m_tsallis, "unstable", p=[0.25, 0.75], q=1.000000001),  # 1 - sum p^q cancels
    C("tsallis_entropy", m_tsallis, p=P0, q=2.0),
    # --- Jensen-Shannon
    C("js_divergence", m_js, p=[0.3, 0.7], q=[0.6, 0.4]),
    C("js_divergence", m_js, dtype="float32", p=[0.3, 0.7], q=[0.6, 0.4]),
    C("js_divergence", m_js, p=[0.3, 0.7], q=[0.3, 0.7]),  # p = q: 0, slopes 0
    # disjoint supports: JS = log 2; p[0], q[1] keep 0.5 log 2, the zeros have -inf on the right and no left side
    C("js_divergence", m_js, "domain", p=[1.0, 0.0], q=[0.0, 1.0]),
    C("js_divergence", m_js, "domain", dtype="float32", p=[1.0, 0.0], q=[0.0, 1.0]),
    C("js_divergence", m_js, "domain", p=[0.5, 0.5, 0.0], q=[0.5, 0.0, 0.5]),
    # --- perplexity
    C("perplexity", m_perplexity, logp=[-2.3, -0.7, -1.2]),
    C("perplexity", m_perplexity, dtype="float32", logp=[-2.3, -0.7, -1.2]),
    C("perplexity", m_perplexity, logp=[-700.0, -710.0]),  # e^705 = 1.6e306
    C("perplexity", m_perplexity, "domain", logp=[-800.0, -700.0]),  # e^750 beyond float64
    C("perplexity", m_perplexity, dtype="float32", logp=[-80.0, -85.0]),  # e^82.5 = 7e35
    # e^89 beyond float32, its slopes -2.2e38 not: computed -inf, the point unstable (a gradient the dtype holds)
    C("perplexity", m_perplexity, "unstable", dtype="float32", logp=[-90.0, -88.0]),
    C("perplexity_of", m_perplexity_of, p=P3),
    # 0 * log 0 = NaN, and exp meets that NaN value: p[1] and p[2] lose their slopes too (not the sum alone)
    H("perplexity_of", all_nan(p=P0), "domain", p=P0),
    # --- cross-entropy by xlogy, min-entropy
    C("cross_entropy", m_cross_entropy, p=[0.3, 0.7], q=[0.2, 0.8]),
    C("cross_entropy", m_cross_entropy, p=[0.0, 1.0], q=[0.2, 0.8]),  # p[0] = 0: xlogy(0, q) = 0, p[0] keeps -log q
    # q[0] = 0 under p[0] = 0: q[0]'s exact slope 0 (0 log q = 0 for every q); p[0]: -log 0 = inf, no derivative
    C("cross_entropy", m_cross_entropy, "domain", p=[0.0, 1.0], q=[0.0, 1.0]),
    C("cross_entropy", m_cross_entropy, "domain", dtype="float32", p=[0.0, 1.0], q=[0.0, 1.0]),
    C("min_entropy", m_min_entropy, p=P3),
    C("min_entropy", m_min_entropy, "domain", p=[0.5, 0.5]),  # a tie for the max: a kink
    # --- Gaussian channel
    C("awgn_capacity", m_awgn, snr=10.0),
    C("awgn_capacity", m_awgn, snr=0.0),  # log(1) = 0 exactly, slope 1/2
    C("awgn_capacity", m_awgn, "unstable", snr=1e-10),  # 1 + snr rounds
    C("awgn_capacity", m_awgn, "unstable", dtype="float32", snr=1e-4),
    C("awgn_capacity", m_awgn, "domain", snr=-1.0),  # log 0
    C("awgn_capacity_log1p", m_awgn, snr=1e-10),
    C("awgn_capacity_log1p", m_awgn, dtype="float32", snr=1e-4),
    C("awgn_capacity_log1p", m_awgn, snr=1e-300),
    # --- water-filling
    C("waterfill_power", m_wf_power, mu=1.0, noise=NOISE),
    C("waterfill_power", m_wf_power, dtype="float32", mu=1.0, noise=NOISE),
    C("waterfill_power", m_wf_power, "domain", mu=0.5, noise=NOISE),  # mu = n[1]: a kink in mu and n[1]
    C("waterfill_power", m_wf_power, mu=0.1, noise=NOISE),  # under every noise: 0, slopes 0
    C("waterfill_capacity", m_wf_capacity, mu=1.0, noise=NOISE),
    C("waterfill_capacity", m_wf_capacity, dtype="float32", mu=1.0, noise=NOISE),
    C("waterfill_capacity", m_wf_capacity, "domain", mu=0.5, noise=NOISE),
    # --- Blahut-Arimoto, mutual information
    C("blahut_arimoto", m_blahut_arimoto("float64"), r=P3),
    C("blahut_arimoto", m_blahut_arimoto("float32"), dtype="float32", r=P3),
    # r[0] = 0: r[0] no left side; r[1], r[2] keep their slopes, but the posterior's log(0) = -inf meets the
    # upstream 0 of exp(-inf) and leaks NaN into them
    C("blahut_arimoto", m_blahut_arimoto("float64"), "wrong", r=P0),
    C("blahut_arimoto", m_blahut_arimoto("float32"), "wrong", dtype="float32", r=P0),
    C("mutual_information", m_mutual_information("float64"), r=P3),
    C("mutual_information", m_mutual_information("float64"), r=P0),  # linear in r[0]: defined on both sides
    # --- LLRs
    C("bpsk_llr", m_llr, y=0.3, sigma=0.8),
    C("bpsk_llr", m_llr, dtype="float32", y=0.3, sigma=0.8),
    # sigma^2 = 1e-200 holds, but the divide rule's -upstream x / y^2 squares it: 1e-400 = 0, -inf for -4e300
    C("bpsk_llr", m_llr, "unstable", y=1.0, sigma=1e-100),
    C("bpsk_llr", m_llr, y=1.0, sigma=1e-50),
    # sigma^2 = 1e-320 subnormal (3 digits): 2e120 lost (y's slope 2e320 beyond the range)
    C("bpsk_llr", m_llr, "unstable", y=1e-200, sigma=1e-160),
    C("bpsk_llr", m_llr, "unstable", dtype="float32", y=1e-20, sigma=1e-22),
    C("bpsk_llr_from_likelihoods", m_llr, y=0.3, sigma=0.8),
    C("bpsk_llr_from_likelihoods", m_llr, dtype="float32", y=0.3, sigma=0.8),
    C("bpsk_llr_from_likelihoods", m_llr, y=0.0, sigma=1.0),
    C("bpsk_llr_from_likelihoods", m_llr, "unstable", y=1.0, sigma=0.05),  # e^-800 = 0: inf for 800
    C("bpsk_llr_from_likelihoods", m_llr, "unstable", dtype="float32", y=1.0, sigma=0.1),  # e^-200
    BEC(2, "ok", mpf(0)),  # an erasure: log(e / e) = 0
    BEC(2, "ok", mpf(0), "float32"),
    BEC(0, "domain", NAN),  # log((1 - e) / 0) = inf whatever e
    # log(0 / (1 - e)) = -inf whatever e: e moves no argument of the pole (log's is 0 at every e), so it keeps its
    # slope beside it, 0 (README: the inputs that do not move a pole keep their slopes); F1, declined by that doctrine
    BEC(1, "domain", mpf(0)),
    # --- check nodes
    C("check_node_llr", m_check_node, L=LLRS),
    C("check_node_llr", m_check_node, dtype="float32", L=LLRS),
    C("check_node_llr", m_check_node, L=[0.0, 1.0, 2.0]),  # product 0: L[0] keeps tanh(1/2) tanh(1)
    C("check_node_llr", m_check_node, "unstable", L=[40.0, 40.0]),  # tanh(20) = 1: atanh(1) = inf for 39.3
    C("check_node_llr", m_check_node, "unstable", L=[40.0, -40.0]),
    C("check_node_llr", m_check_node, "unstable", dtype="float32", L=[20.0, 20.0]),
    C("boxplus", m_boxplus, a=1.0, b=-2.5),
    C("boxplus", m_boxplus, dtype="float32", a=1.0, b=-2.5),
    # a tie |a| = |b|: the form is smooth there (its kinks cancel); min's split 1/2, 1/2 and abs'(0) = 0 are the
    # kinks' one-sided means, and the mean of the sides of a smooth sum is its derivative: right
    C("boxplus", m_boxplus, a=2.0, b=2.0),
    C("boxplus", m_boxplus, a=2.0, b=-2.0),
    # a = 0: sign(a) min(|a|, |b|) = a near 0, slope 1; the rules give sign'(0) 0 + sign(0) abs'(0) = 0
    C("boxplus", m_boxplus, "wrong", a=0.0, b=1.5),
    C("min_sum", m_min_sum, L=LLRS),
    C("min_sum", m_min_sum, dtype="float32", L=LLRS),
    C("min_sum", m_min_sum, "domain", L=[1.5, -1.5, 3.0]),  # a tie for the min: a kink in L[0] and L[1]
    # L[0] = 0: sign(L0) |L0| = L0, slope 1 for sign'(0) |0| + sign(0) abs'(0) = 0
    C("min_sum", m_min_sum, "wrong", L=[0.0, 2.0, 3.0]),
    # --- rate-distortion
    C("gaussian_rate_distortion", m_rate_distortion, D=0.5, s2=1.0),
    C("gaussian_rate_distortion", m_rate_distortion, dtype="float32", D=0.5, s2=1.0),
    C("gaussian_rate_distortion", m_rate_distortion, "domain", D=1.0, s2=1.0),  # D = s^2: the kink
    C("gaussian_rate_distortion", m_rate_distortion, "domain", dtype="float32", D=1.0, s2=1.0),
    C("gaussian_rate_distortion", m_rate_distortion, D=2.0, s2=1.0),
    H("gaussian_rate_distortion", all_nan(D=0, s2=0), "domain", D=0.0, s2=1.0),  # log(inf)
]
