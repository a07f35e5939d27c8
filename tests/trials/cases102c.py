"""The hundred-and-second round (c) of user trials: transportation, traffic flow and travel demand written with
gradcli.numpy (tests/trials/lib102c.py).

The formulas transport modellers calibrate by gradient: the BPR link time t0 (1 + a (v / c)^b) (both dtypes; over
capacity with b = 4.5; at v = 0 with b = 4 in both dtypes, 1.5, 1 and 0.5 in both dtypes; c = 1e-60, 1e-80, float32
1e-6; c = 0 and v = c = 0) and clipped by np.maximum(v, 0) (an overshoot v = -50; v = 0); Davidson's t0 (1 + J x /
(1 - x)) (ordinary; x = 1 - 1e-12; float32 0.9999999; x = 1, float32 0.99999999 held as 1, and x = 1 with J = 0);
Akcelik's t0 + T/4 ((x - 1) + sqrt((x - 1)^2 + 8 J x / (Q T))) (x = 0.9, 1, 1e-3, float32 0.1); Webster's delay (both
dtypes; float32 x = 0.999; q = 1e-300; all green; x = 1 both dtypes, q = 0, and the uniform term's pole x = c / g);
the Beckmann objective (both dtypes; an unused link, v = 0, with b = 4 in both dtypes and b = 0.5); Greenshields'
speed and flow (ordinary; capacity k = kj / 2 in both dtypes; k = 0); Greenberg's vc log(kj / k) and its flow
(ordinary; k = 1e-300, float32 1e-38; k = 0); the multinomial logit probability naive and by softmax (ordinary; mu =
0; utilities of 800 and -800; float32 utilities of 100), with an unavailable alternative masked to -inf (both dtypes;
800); the logsum naive and by logsumexp (ordinary; mu = 1e-10, 1e-300, 0; utilities of 800 with mu = 1 and 1e-3;
float32 100) and with size weights by logsumexp's b= (ordinary; an empty zone's weight 0 at ordinary utilities and at
800); nested logit probability (both dtypes; lam = 1; lam_A = 0.01 both dtypes; 0.001) and its logsum by logsumexp
(ordinary; lam_A = 0.01, 0.001 both dtypes; lam_A = 0); the value of time 60 b_t / b_c (ordinary; b_t = 0; b_c = 0;
b_t = b_c = 0; float32 b_c = -1e-38); gravity shares with d^-beta (ordinary; d = 1e200; a zero distance) and e^{-beta d} naive (ordinary; d = 800, float32 110) and by softmax (d = 800, float32 110, d = 800-802);
Wilson's entropy objective by xlogy and naively (ordinary; an empty cell, both dtypes for xlogy; a cell of 1e-300) and
relative to a prior Q (ordinary; an empty cell, xlogy and naive); M/M/1 delay and queue wait (ordinary; lambda = 1 -
1e-12; float32 1 - 1.2e-7; lambda = mu).

Tried: 28 functions, 142 case runs through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's minimal
form beside log(sum(w exp(a))), in both dtypes; gradcli's own bpr_time answers at v = 0 before writing those truths).
ALL keeps 114 cases (ordinary and repeated points dropped after they agreed, and logsumexp with every weight 0, whose
value -inf leaves V's slopes to a reading README does not settle: gradcli gives them exact 0): 59 ok, 30 domain, 23 unstable, 2 wrong; 87
float64, 27 float32. 112 agree with gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 2 are
the finding F1. Every check took 0.5-1.7 s on the shared machine (two at once); the final run of the 114 took 59 s;
all 114 truths evaluate in 3.5 s.

Truths are written here from the mathematics, never lib102c's code or gradcli: each formula an mpmath expression (the
logit and nested shares as max-shifted softmaxes, the logsums as shifted log-sum-exps, the gravity share with power
deterrence as a softmax of log D - beta log d, no d^-beta formed; Webster's two terms as written), the points as the
dtype holds them (lib102c's constants 1.0, 2.0, 0.25, 8.0, 60.0 are exact in both). Derivatives from the left and the
right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one is
undefined or infinite); by hand the poles (c = 0, x = 1, q = 0, lambda = mu, b_c = 0, mu = 0, lam_A = 0, a zero
distance: no value), the uniform term's pole x = c / g and Greenberg at k = 0 (README: the inputs that do not move a
pole keep their slopes: q's 8.1, kj's vc / kj), zero flows (BPR and Beckmann: (v / c)^b by the side it is defined on,
the house's reading of a power at a zero base with the exponent free; the Beckmann gradient written out with (v / c)^(b
+ 1) log(v / c) -> 0), and the empty cells (slope log T -> -inf: none; the others log T + beta C, and the prior's 1 -
T / Q).

What agreed (beyond the ordinary points, ok in both dtypes): BPR ok at v = 0 with b = 4 (both dtypes), 1.5 and 1 (b's
(v / c)^b log(v / c) slope 0: gradcli's power rule takes 0 there), wrong with b = 0.5 in both dtypes (v none; c's
exact 0, (0 / c)^b = 0 for every c, computed b (v / c)^(b - 1) * -v / c^2 = inf * 0: README's 1 / (y log1p(-x))
pattern), domain at c = 0, v = c = 0, c = 1e-60 (c's slope -2.5e312 past float64), 1e-80 (the value 6e330) and float32
1e-6 (c's slope -2.4e42); clipped ok at v = 0 and -50 (both sides flat); Davidson ok at 1 - 1e-12 and float32 0.9999999
(1 - x exact), domain at saturation (also J = 0: 0 / 0); Akcelik ok at x = 1, unstable at 1e-3 and float32 0.1 (the
bracket 4.4e-7 from terms of 1); Webster ok at float32 x = 0.999 and all green, domain at x = 1 (both dtypes, c and g
keeping the uniform term's slopes) and q = 0, and at x = c / g (q keeps 8.1), unstable at q = 1e-300 (q's slope
-8e599 is past float64, but x's 5.1e300 is held and computed inf: the divide's rule forms x / y^2 with y^2 = 3.6e-601
= 0); Beckmann ok with an unused link in both dtypes and b = 0.5; Greenshields ok at capacity (k's slope exactly 0)
and k = 0; Greenberg domain at k = 0 (kj keeps vc / kj), unstable at k = 1e-300 (k's slope -3e301 held; log's rule
meets kj / k^2 = inf) and its flow too, and float32 k = 1e-38 (the value 2764 held, lost when kj / k overflows), the
flow domain at k = 0 with vc's and kj's exact 0 (README's 0 log 0 reading: the NaN value's multiply, which vc and kj
never reach); the logit probability ok at mu = 0, unstable at utilities of 800 (inf / inf), -800 (0 / 0) and float32
100, by softmax ok at all three, masked to -inf ok (the masked slope exactly 0) but unstable at 800 (mu's slope 1.2e-10
off: p (1 - p) from two paths of 1); the logsum ok at mu = 1e-10, domain at mu = 1e-300 (mu's slope -1.1e600) and mu =
0 (both forms), unstable at 800 (log(inf)) and float32 100, by logsumexp ok at 800 with mu = 1e-3 and at 800-801-799,
but unstable at 800-810-790 with mu = 1 (mu's slope sum p V - lse = -5.0e-4 from terms of 810: 1.5e-10 off); nested
logit ok at lam = 1, unstable at lam_A = 0.01 in both dtypes (float64: lam_A's slope -4.7e-19 computed 0 from paths of
25; float32: e^100) and 0.001 (e^1000), its logsum unstable at lam_A = 0.01 and 0.001 in float64 (lam_A's slope 1e-20
and 1.7e-215 from terms of 100 and 1000, computed 0), ok at 0.001 in float32 (1.7e-215 is 0 there), domain at lam_A =
0; the value of time ok at b_t = 0, domain at b_c = 0, 0 / 0 and float32 b_c = -1e-38 (slope 3e76); gravity domain at
a zero distance (0^-2 = inf: inf / inf), unstable at d = 1e200 (0 / 0), by e^{-beta d} unstable at 800 and float32 110
(0 / 0), by softmax unstable there too (zone 0's share 1 - 5.6e-44, float32 1 - 6.8e-5: the slopes p0 (1 - p0) lost,
D[0]'s 2.8e-43 computed 0, beta's 5.6e-39 computed 5.0e-38; float32 0.6% off) and ok at 800-802; the entropy objective
domain at an empty cell (both dtypes, xlogy and naive), ok at 1e-300; relative to a prior domain at an empty cell by
xlogy (Q[0]'s 1: xlogy's rule in y gives 0 at x = 0) and naively (Q[0]'s exact 1 beside the NaN value, as README's
sum(p log(p / q)) with p[0] = 0); M/M/1 ok at lambda = 1 - 1e-12 and float32 1 - 1.2e-7, domain at lambda = mu and
float32 0.99999999 (held as 1).

Truths the round corrected in itself (against the first CLI batches; each re-derived before changing it, gradcli right
each time):
- BPR at c = 1e-60, first ok: the value 6e251 is held, but c's slope -b a t0 (v / c)^b / c = -2.5e312 is not: domain;
- Webster at q = 1e-300, first domain (q's slope -8e599): x's slope 5.1e300 is held and computed inf (the divide's
  x / y^2, y^2 underflowing): a slope the dtype holds, lost: unstable;
- Greenberg at k = 1e-300 (speed and flow), first ok: log's rule goes through kj / k^2 = inf: unstable; float32 k =
  1e-38, first domain (k's slope -3e39): the value 2764 is held and lost (kj / k = inf): unstable;
- the logsum by logsumexp at 800-810-790, mu = 1, first ok: mu's slope keeps 9 digits (1.5e-10 off): unstable; the
  masked logit at 800, first ok: mu's slope 1.2e-10 off: unstable;
- nested logit at lam_A = 0.01 and its logsum at 0.001, first ok: lam_A's slope is a tiny difference of large paths
  (-4.7e-19 of 25, 1.7e-215 of 1000), computed 0: unstable;
- gravity by softmax at d = 800 and float32 110, first ok: the shares are kept, their slopes p0 (1 - p0) are not:
  unstable;
- Greenberg's flow at k = 0, first with vc and kj none: README's 0 log 0 reading keeps their exact 0 (domain either
  way);
- the entropy relative to a prior at an empty cell, first wrong (Q[0]'s 1 expected computed 0 / 0): gradcli's xlogy
  rule in y is 0 at x = 0, so domain; naively, first wrong: Q[0]'s exact 1 beside the NaN value is README's KL
  example, domain;
- the float32 Beckmann truth first held 0.15 and 4.0 as doubles (a helper's dtype): float32's 0.15;
- M/M/1 in float32 at 0.99999999 first mirrored: the point is held as 1.0, the pole: by hand.
A note, not a finding: at the softmax gravity share (d = 800 and float32 110) the finding names exp of the shifted
logits, "its inputs off by 1.0 (relative)" and "relative error 3.0e+45", comparing against the exact exp of the
unshifted ones (7.3e-346); the shifted exps are right, the verdict is right for p0 (1 - p0), the named cause is not.

Findings:
F1. logsumexp's b= weights at a zero weight: the gradient in that weight is not the derivative, and the check calls
  the user's program wrong at a `where` the user never wrote. In lib102c, `logsum_weighted(V, w, mu) =
  special.logsumexp(mu * V, b=w) / mu` at V = [-1.5, -1.2, -2.0], w = [1, 0, 0.5], mu = 1: wrong ("the gradient rule
  is wrong: at high precision it gives {... w: [0.7673034624, 3.438815541, 0.4653930752] ...} but the exact derivative
  is {... w: [0.7673034624, 1.035751337, 0.4653930752] ...} (this where takes its branch because an equality holds at
  this very point: the derivative there is the branch's own, not the function's beside the point)"), w[1] computed
  0.7673034623811015; at V = [800, 810, 790] the same: w[1]'s exact 22025.97 computed 0.99998 (the rule at high
  precision 3.7e-348). Minimal, in a file `import gradcli.numpy as np; from gradcli.scipy import special; A =
  np.array([0.0, 1.0]); def f(w): return special.logsumexp(A, b=w)`, `gradcli check file.py:f --at "w=[1.0,0.0]"
  --json`: wrong in float64 and float32, gradient w = [1, 1] where the exact one is [1, e] = [1, 2.718281828]; the
  same function written `np.log(np.sum(w * np.exp(A)))` is ok with [1, 2.718281828]. The truth: log sum_k w_k e^{a_k}
  is smooth in w wherever the sum is positive; its slope in w_k is e^{a_k} / sum_j w_j e^{a_j}, at w_k = 0 as
  anywhere (scipy computes no gradient; jax.nn.logsumexp(a, b=b) gives this one). Sure because: the exact entries
  gradcli itself reports (1.0358, 22026, e) are these, the plain log-sum form is ok at the same points, and the cause
  is gradcli.scipy.special.logsumexp's own treatment of a zero weight (its entry's a replaced by the shift, "exp(0)
  times the weight 0"), which makes the weight's slope e^0 / total in float64 (0.7673 = 1 / 1.3033; 1 in the minimal
  form) and something else again at high precision (3.4388 = 1 / 0.2908): the op's value is right, its b-gradient at
  0 is not, and the `where` the message blames is inside the library. Truth: ok. Mended: a weight-0 entry keeps its
  own exponent (up to its dtype's largest exp above the shift, where that slope is past the range anyway), so its
  weight's slope is e^{a_k - m} / total in every dtype and at high precision; both cases ok."""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib102c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log = mpmath.exp, mpmath.log


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


# --- the mathematics, in mpmath (never lib102c's code path) -----------------------------------------------------------
# (every constant in lib102c is 1.0, 2.0 or 60.0, exact in both dtypes)

def m_bpr(v, c, t0, a, b):
    return t0 * (1 + a * mpmath.power(v / c, b))


def m_davidson(x, t0, j):
    return t0 * (1 + j * x / (1 - x))


def m_webster(c, g, x, q):
    return c * (1 - g / c) ** 2 / (2 * (1 - x * g / c)) + x ** 2 / (2 * q * (1 - x))


def m_beckmann(v, c, t0, a, b):
    return sum(t * (x + a * k / (b + 1) * mpmath.power(x / k, b + 1)) for x, k, t in zip(v, c, t0))


def _xlog(r, e):
    """r^e log r, 0 at r = 0 (its limit from r > 0, e > 0)."""
    return mpf(0) if r == 0 else mpmath.power(r, e) * log(r)


def beckmann_grad(v, c, t0, a, b, dtype="float64"):
    """Beckmann's gradient written out by hand (the BPR cost in v; a zero flow's terms 0 by their limits)."""
    v, c, t0 = [[held(dtype, x) for x in w] for w in (v, c, t0)]
    a, b = held(dtype, a), held(dtype, b)

    def f():
        r = [x / k for x, k in zip(v, c)]
        p = [mpmath.power(x, b + 1) for x in r]
        return {
            "v": [t * (1 + a * mpmath.power(x, b)) for t, x in zip(t0, r)],
            "c": [-t * a * y * b / (b + 1) for t, y in zip(t0, p)],
            "t0": [x + a * k / (b + 1) * y for x, k, y in zip(v, c, p)],
            "a": sum(t * k / (b + 1) * y for t, k, y in zip(t0, c, p)),
            "b": sum(t * a * k * (-y / (b + 1) ** 2 + _xlog(x, b + 1) / (b + 1)) for t, k, y, x in zip(t0, c, p, r)),
        }
    return f


def webster_pole(dtype, x):
    """At the random term's pole: c's and g's slopes of the uniform term, x and q none."""
    def f():
        x_ = held(dtype, x)
        uniform = sided_grad(lambda c, g: c * (1 - g / c) ** 2 / (2 * (1 - x_ * g / c)), dtype, c=90.0, g=40.0)()
        return {**uniform, "x": NAN, "q": NAN}
    return f


def m_gs_speed(k, vf, kj):
    return vf * (1 - k / kj)


def m_gs_flow(k, vf, kj):
    return k * vf * (1 - k / kj)


def m_gb_speed(k, vc, kj):
    return vc * log(kj / k)


def m_gb_flow(k, vc, kj):
    return k * vc * log(kj / k)


def _softmax(xs):
    top = max(xs)
    e = [exp(x - top) for x in xs]
    s = sum(e)
    return [x / s for x in e]


def _lse(xs):
    top = max(xs)
    return top + log(sum(exp(x - top) for x in xs))


def m_logit(V, mu):
    return _softmax([mu * x for x in V])[0]


def m_logsum(V, mu):
    return _lse([mu * x for x in V]) / mu


def m_nested_prob(V, lam):
    ia, ib = _lse([x / lam[0] for x in V[:2]]), _lse([x / lam[1] for x in V[2:]])
    return _softmax([lam[0] * ia, lam[1] * ib])[0] * _softmax([x / lam[0] for x in V[:2]])[0]


def m_nested_logsum(V, lam):
    ia, ib = _lse([x / lam[0] for x in V[:2]]), _lse([x / lam[1] for x in V[2:]])
    return _lse([lam[0] * ia, lam[1] * ib])


def m_logit_available(V, mu):
    """The logit over alternatives 0 and 2 (alternative 1 unavailable)."""
    return _softmax([mu * V[0], mu * V[2]])[0]


def m_logsum_weighted(V, w, mu):
    return log(sum(b * exp(mu * x) for x, b in zip(V, w))) / mu


def m_bpr_clipped(v, c, t0, a, b):
    return t0 * (1 + a * (mpmath.power(v / c, b) if v > 0 else mpf(0)))


def m_akcelik(x, t0, j, q, period):
    return t0 + period / 4 * ((x - 1) + mpmath.sqrt((x - 1) ** 2 + 8 * j * x / (q * period)))


def m_vot(b_time, b_cost):
    return 60 * b_time / b_cost


def m_gravity_power(o, D, d, beta):
    # in logs: the share is a softmax of log D - beta log d (no d^-beta formed)
    return o * _softmax([log(x) - beta * log(y) for x, y in zip(D, d)])[0]


def m_gravity_exp(o, D, d, beta):
    return o * _softmax([log(x) - beta * y for x, y in zip(D, d)])[0]


def m_entropy(T, C, beta):
    return sum((t * log(t) if t != 0 else mpf(0)) - t for t in T) + beta * sum(c * t for c, t in zip(C, T))


def m_mm1(lam, mu):
    return 1 / (mu - lam)


def m_mm1_wait(lam, mu):
    return lam / (mu * (mu - lam))


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(**shapes):
    return lambda: {k: NAN if n is None else [NAN] * n for k, n in shapes.items()}


BPR = dict(c=1000.0, t0=10.0, a=0.15, b=4.0)
WEB = dict(c=90.0, g=40.0)
V3 = [-1.5, -1.2, -2.0]  # utilities of car, bus, bike (utils)
BIG = [800.0, 810.0, 790.0]  # utilities in a money metric: e^{810} past float64
V4 = [1.0, 0.5, 0.8, 0.2]
GRAV = dict(o=1000.0, D=[200.0, 300.0, 500.0])
ENT = dict(C=[1.0, 2.0, 3.0], beta=0.5)
AK = dict(t0=0.5, j=0.1, q=1800.0, period=1.0)

MIRRORED = [
    # --- BPR
    C("bpr_time", m_bpr, v=800.0, **BPR),
    C("bpr_time", m_bpr, dtype=F32, v=800.0, **BPR),
    C("bpr_time", m_bpr, v=1500.0, c=1000.0, t0=10.0, a=0.15, b=4.5),  # over capacity, fractional b
    # c -> 0: (8e62)^4 = 4e251 held, but c's slope -b (t - t0) / c = -2.5e312 past float64
    C("bpr_time", m_bpr, "domain", v=800.0, c=1e-60, t0=10.0, a=0.15, b=4.0),
    # c -> 0 in float32: the value 6e35 is held, c's slope -2.4e42 is past float32
    C("bpr_time", m_bpr, "domain", dtype=F32, v=800.0, c=1e-6, t0=10.0, a=0.15, b=4.0),
    # c = 1e-80: (8e82)^4 = 4e330 past float64: the value itself
    C("bpr_time", m_bpr, "domain", v=800.0, c=1e-80, t0=10.0, a=0.15, b=4.0),
    C("bpr_clipped", m_bpr_clipped, v=-50.0, **BPR),  # an overshoot clipped: every slope 0 but t0's 1
    # --- Akcelik
    C("akcelik_time", m_akcelik, x=0.9, **AK),
    C("akcelik_time", m_akcelik, x=1.0, **AK),
    # x -> 0: (x - 1) + sqrt((x - 1)^2 + 8 J x / (Q T)) = 4.4e-7 from terms of 1: 7 digits lost; float32 at 0.1
    C("akcelik_time", m_akcelik, "unstable", x=1e-3, **AK),
    C("akcelik_time", m_akcelik, "unstable", dtype=F32, x=0.1, **AK),
    # --- Davidson
    C("davidson_time", m_davidson, x=0.8, t0=10.0, j=0.25),
    C("davidson_time", m_davidson, x=0.999999999999, t0=10.0, j=0.25),  # 1 - x exact (Sterbenz)
    # --- Webster
    C("webster_delay", m_webster, x=0.7, q=0.5, **WEB),
    C("webster_delay", m_webster, dtype=F32, x=0.999, q=0.5, **WEB),
    # q = 1e-300: the value 8e299 held, q's slope -8e599 past float64, and x's 5.1e300 (held) computed inf: the
    # divide's rule forms x / y^2 with y^2 = 3.6e-601 = 0
    C("webster_delay", m_webster, "unstable", x=0.7, q=1e-300, **WEB),
    C("webster_delay", m_webster, x=0.7, q=0.5, c=90.0, g=90.0),  # all green: the uniform term 0 (1 - g/c)^2
    # --- Beckmann
    C("beckmann", m_beckmann, v=[300.0, 500.0, 1200.0], c=[1000.0, 800.0, 1500.0], t0=[10.0, 5.0, 8.0], a=0.15,
      b=4.0),
    C("beckmann", m_beckmann, dtype=F32, v=[300.0, 500.0, 1200.0], c=[1000.0, 800.0, 1500.0], t0=[10.0, 5.0, 8.0],
      a=0.15, b=4.0),
    # --- Greenshields, Greenberg
    C("greenshields_speed", m_gs_speed, dtype=F32, k=40.0, vf=100.0, kj=120.0),
    C("greenshields_flow", m_gs_flow, k=40.0, vf=100.0, kj=120.0),
    C("greenshields_flow", m_gs_flow, k=60.0, vf=100.0, kj=120.0),  # capacity: k's slope exactly 0
    C("greenshields_flow", m_gs_flow, dtype=F32, k=60.0, vf=100.0, kj=120.0),
    C("greenshields_flow", m_gs_flow, k=0.0, vf=100.0, kj=120.0),  # empty road: k's slope vf, the others 0
    C("greenberg_speed", m_gb_speed, k=40.0, vc=30.0, kj=120.0),
    # k -> 0: k's slope -vc / k = -3e301 held, but log's rule goes through kj / k^2 = 1.2e602: -inf
    C("greenberg_speed", m_gb_speed, "unstable", k=1e-300, vc=30.0, kj=120.0),
    # float32 k = 1e-38: k's slope -3e39 past float32, but the value 30 log(1.2e40) = 2764 is held and lost (kj / k
    # overflows)
    C("greenberg_speed", m_gb_speed, "unstable", dtype=F32, k=1e-38, vc=30.0, kj=120.0),
    C("greenberg_flow", m_gb_flow, "unstable", k=1e-300, vc=30.0, kj=120.0),  # the same kj / k^2
    # --- multinomial logit
    C("logit_prob", m_logit, V=V3, mu=1.0),
    C("logit_prob", m_logit, V=V3, mu=0.0),  # mu = 0: 1/3 each; V's slopes 0, mu's p0 (V0 - mean V)
    C("logit_prob", m_logit, "unstable", V=BIG, mu=1.0),  # e^{810} = inf: inf / inf
    C("logit_prob", m_logit, "unstable", dtype=F32, V=[100.0, 95.0, 90.0], mu=1.0),  # e^{100} past float32
    C("logit_prob", m_logit, "unstable", V=[-800.0, -790.0, -810.0], mu=1.0),  # every e^{mu V} = 0: 0 / 0
    C("logit_prob_stable", m_logit, V=BIG, mu=1.0),
    C("logit_prob_stable", m_logit, dtype=F32, V=[100.0, 95.0, 90.0], mu=1.0),
    C("logsum", m_logsum, V=V3, mu=1.0),
    C("logsum", m_logsum, V=V3, mu=1e-10),  # log(3) / mu + mean V: the value and slopes kept
    C("logsum", m_logsum, "domain", V=V3, mu=1e-300),  # mu's slope -log(3) / mu^2 = -1.1e600
    C("logsum", m_logsum, "unstable", V=BIG, mu=1.0),  # log(inf)
    C("logsum", m_logsum, "unstable", dtype=F32, V=[100.0, 95.0, 90.0], mu=1.0),
    # mu's slope sum p V - logsumexp = -5.0e-4 from two terms of 810: 1.5e-10 off
    C("logsum_stable", m_logsum, "unstable", V=BIG, mu=1.0),
    C("logsum_stable", m_logsum, V=[800.0, 801.0, 799.0], mu=1.0),  # mu's slope -0.83: held
    C("logit_prob_stable", m_logit, V=[800.0, 801.0, 799.0], mu=1.0),
    C("logsum_stable", m_logsum, dtype=F32, V=[100.0, 95.0, 90.0], mu=1.0),
    C("logsum_stable", m_logsum, V=BIG, mu=1e-3),
    # --- choice sets: an unavailable alternative masked to -inf; size weights by logsumexp's b
    C("logit_prob_available", m_logit_available, V=V3, mu=1.0),  # the masked alternative's slope exactly 0
    C("logit_prob_available", m_logit_available, dtype=F32, V=V3, mu=1.0),
    # utilities of 800: the share 1 - 4.5e-5, its slopes p (1 - p) from two paths of 1: mu's 1.2e-10 off
    C("logit_prob_available", m_logit_available, "unstable", V=BIG, mu=1.0),
    C("logsum_weighted", m_logsum_weighted, V=V3, w=[1.0, 2.0, 0.5], mu=1.0),
    # an empty zone (weight 0): its weight's slope e^{mu V_1} / (mu sum w e^{mu V}) = 1.0358 (F1: computed 0.767)
    C("logsum_weighted", m_logsum_weighted, V=V3, w=[1.0, 0.0, 0.5], mu=1.0),
    # w[1]'s 22026 (F1, mended: computed 0.99998); mu's slope sum p V - lse = -2.5e-4 from terms of 800, 5.5e-10 off, as
    # the unweighted logsum's at these utilities: unstable (first ok, while F1 hid it)
    C("logsum_weighted", m_logsum_weighted, "unstable", V=BIG, w=[1.0, 0.0, 0.5], mu=1.0),
    # --- nested logit
    C("nested_logit_prob", m_nested_prob, V=V4, lam=[0.5, 0.7]),
    C("nested_logit_prob", m_nested_prob, V=V4, lam=[1.0, 1.0]),  # lam = 1: the multinomial logit
    # e^{100} held in float64, but lam[0]'s slope -4.7e-19 is what two paths of 25 leave: computed 0
    C("nested_logit_prob", m_nested_prob, "unstable", V=V4, lam=[0.01, 0.7]),
    C("nested_logit_prob", m_nested_prob, "unstable", dtype=F32, V=V4, lam=[0.01, 0.7]),  # e^{100} past float32
    C("nested_logit_prob", m_nested_prob, "unstable", V=V4, lam=[0.001, 0.7]),  # e^{1000}: inf / inf
    C("nested_logsum", m_nested_logsum, V=V4, lam=[0.5, 0.7]),
    # lam[0]'s slope I_A - sum p V / lam_A = 1.7e-215 from terms of 1000: computed 0 (in float32 below the range: ok)
    C("nested_logsum", m_nested_logsum, "unstable", V=V4, lam=[0.001, 0.7]),
    C("nested_logsum", m_nested_logsum, "unstable", V=V4, lam=[0.01, 0.7]),  # the same, 1e-20 from terms of 100
    C("nested_logsum", m_nested_logsum, dtype=F32, V=V4, lam=[0.001, 0.7]),
    # --- value of time
    C("value_of_time", m_vot, b_time=-0.05, b_cost=-0.2),
    C("value_of_time", m_vot, b_time=0.0, b_cost=-0.2),  # a zero time coefficient: 0 / x, smooth
    C("value_of_time", m_vot, "domain", dtype=F32, b_time=-0.05, b_cost=-1e-38),  # VOT 3e38 held, slope 3e76 not
    # --- gravity
    C("gravity_power", m_gravity_power, d=[5.0, 10.0, 20.0], beta=2.0, **GRAV),
    # d^-2 = 1e-400 and below: 0 / 0
    C("gravity_power", m_gravity_power, "unstable", d=[1e200, 2e200, 3e200], beta=2.0, **GRAV),
    C("gravity_exp", m_gravity_exp, d=[5.0, 10.0, 20.0], beta=0.1, **GRAV),
    C("gravity_exp", m_gravity_exp, "unstable", d=[800.0, 900.0, 1000.0], beta=1.0, **GRAV),  # e^{-800} = 0
    C("gravity_exp", m_gravity_exp, "unstable", dtype=F32, d=[110.0, 120.0, 150.0], beta=1.0, **GRAV),
    # the softmax keeps the shares, but zone 0's share is 1 - 5.6e-44 (float32: 1 - 6.8e-5), and the slopes
    # p0 (1 - p0) lose it: D[0]'s 2.8e-43 computed 0, beta's 5.6e-39 computed 5.0e-38 (float32: 0.6% off)
    C("gravity_exp_stable", m_gravity_exp, "unstable", d=[800.0, 900.0, 1000.0], beta=1.0, **GRAV),
    C("gravity_exp_stable", m_gravity_exp, "unstable", dtype=F32, d=[110.0, 120.0, 150.0], beta=1.0, **GRAV),
    C("gravity_exp_stable", m_gravity_exp, d=[800.0, 801.0, 802.0], beta=1.0, **GRAV),  # shares of a third: held
    # --- entropy
    C("entropy_objective", m_entropy, T=[1.0, 2.0, 3.0], **ENT),
    C("entropy_objective", m_entropy, T=[1e-300, 2.0, 3.0], **ENT),  # log(1e-300): held
    # --- M/M/1
    C("mm1_delay", m_mm1, lam=0.8, mu=1.0),
    C("mm1_delay", m_mm1, lam=0.999999999999, mu=1.0),  # mu - lam exact: 1.00008890058e-12
    C("mm1_delay", m_mm1, dtype=F32, lam=0.9999999, mu=1.0),  # float32's 1 - 2^-23 * 1
    C("mm1_queue_wait", m_mm1_wait, lam=0.999999999999, mu=1.0),
    C("entropy_prior", lambda T, Q: sum(t * log(t / q) - t + q for t, q in zip(T, Q)), T=[1.0, 2.0, 3.0],
      Q=[1.5, 1.0, 2.5]),
    C("davidson_time", m_davidson, dtype=F32, x=0.9999999, t0=10.0, j=0.25),  # 1 - x = 1.2e-7 exact
]

BY_HAND = [
    # b = 1: v's slope a t0 / c from the right (the side (v / c)^b is defined on with b free)
    H("bpr_time", lambda: {"v": mpf("0.15") * 10 / 1000, "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)},
      v=0.0, c=1000.0, t0=10.0, a=0.15, b=1.0),
    # BPR at v = 0: (v / c)^b by the side it is defined on: every slope 0 but t0's 1 (b's (v/c)^b log(v/c) -> 0)
    H("bpr_time", lambda: {"v": mpf(0), "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)}, v=0.0, **BPR),
    H("bpr_time", lambda: {"v": mpf(0), "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)}, dtype=F32, v=0.0,
      **BPR),
    # b = 1.5: v's slope b (v/c)^0.5 / c -> 0 still
    H("bpr_time", lambda: {"v": mpf(0), "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)}, v=0.0, c=1000.0,
      t0=10.0, a=0.15, b=1.5),
    # b = 0.5: v's slope infinite (none); c's exact 0 (0 / c = 0 for every c) computed b (v/c)^{-0.5} * -v / c^2 =
    # inf * 0 = NaN: wrong (README's 1 / (y log1p(-x)) pattern)
    H("bpr_time", lambda: {"v": NAN, "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)}, "wrong", v=0.0, c=1000.0,
      t0=10.0, a=0.15, b=0.5),
    H("bpr_time", lambda: {"v": NAN, "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)}, "wrong", dtype=F32, v=0.0,
      c=1000.0, t0=10.0, a=0.15, b=0.5),
    H("bpr_time", all_nan(v=None, c=None, t0=None, a=None, b=None), "domain", v=0.0, c=0.0, t0=10.0, a=0.15, b=4.0),
    # c = 0: v / 0 = inf, a pole; t0, a, b move nothing finite
    H("bpr_time", all_nan(v=None, c=None, t0=None, a=None, b=None), "domain", v=800.0, c=0.0, t0=10.0, a=0.15, b=4.0),
    # max(v, 0) at v = 0: both sides flat (b = 4)
    H("bpr_clipped", lambda: {"v": mpf(0), "c": mpf(0), "t0": mpf(1), "a": mpf(0), "b": mpf(0)}, v=0.0, **BPR),
    # Beckmann with an unused link (v = 0): the BPR costs, every term of the unused link 0 (b's by its limit)
    H("beckmann", beckmann_grad([0.0, 500.0, 1200.0], [1000.0, 800.0, 1500.0], [10.0, 5.0, 8.0], 0.15, 4.0),
      v=[0.0, 500.0, 1200.0], c=[1000.0, 800.0, 1500.0], t0=[10.0, 5.0, 8.0], a=0.15, b=4.0),
    H("beckmann", beckmann_grad([0.0, 500.0, 1200.0], [1000.0, 800.0, 1500.0], [10.0, 5.0, 8.0], 0.15, 4.0, F32),
      dtype=F32, v=[0.0, 500.0, 1200.0], c=[1000.0, 800.0, 1500.0], t0=[10.0, 5.0, 8.0], a=0.15, b=4.0),
    H("beckmann", beckmann_grad([0.0, 500.0, 1200.0], [1000.0, 800.0, 1500.0], [10.0, 5.0, 8.0], 0.15, 0.5),
      v=[0.0, 500.0, 1200.0], c=[1000.0, 800.0, 1500.0], t0=[10.0, 5.0, 8.0], a=0.15, b=0.5),
    # Davidson at saturation: x = 1 the pole (t0, j too: J x / 0); float32 0.99999999 is held as 1.0
    H("davidson_time", all_nan(x=None, t0=None, j=None), "domain", x=1.0, t0=10.0, j=0.25),
    H("davidson_time", all_nan(x=None, t0=None, j=None), "domain", dtype=F32, x=0.99999999, t0=10.0, j=0.25),
    # Davidson with J = 0 at x = 1: J x / (1 - x) = 0 / 0, no value
    H("davidson_time", all_nan(x=None, t0=None, j=None), "domain", x=1.0, t0=10.0, j=0.0),
    # Webster at x = 1 and q = 0: the random term's pole; c and g do not move it and keep the uniform term's slopes
    # (README: 1 / sqrt(x^2 + y^2) + z keeps z's), x and q none
    H("webster_delay", webster_pole("float64", 1.0), "domain", x=1.0, q=0.5, **WEB),
    H("webster_delay", webster_pole("float64", 0.7), "domain", x=0.7, q=0.0, **WEB),
    H("webster_delay", webster_pole(F32, 1.0), "domain", dtype=F32, x=1.0, q=0.5, **WEB),
    # x = c / g = 2.25: the uniform term's pole (x g / c = 1 exactly); q does not move it and keeps
    # -x^2 / (2 q^2 (1 - x)) = 8.1
    H("webster_delay", lambda: {"c": NAN, "g": NAN, "x": NAN, "q": mpf(81) / 10}, "domain", x=2.25, q=0.5, **WEB),
    # Greenberg at k = 0: log(kj / 0) = inf, a pole in k; vc's slope log(inf) none; kj's vc / kj kept (README's
    # log(y / x) at x = 0 keeps 1 / y)
    H("greenberg_speed", lambda: {"k": NAN, "vc": NAN, "kj": mpf(30) / 120}, "domain", k=0.0, vc=30.0, kj=120.0),
    # the flow k vc log(kj / k) at k = 0: 0 * inf, README's 0 log 0 reading (the limit 0): k none (slope +inf), vc's
    # and kj's exact 0 beside it
    H("greenberg_flow", lambda: {"k": NAN, "vc": mpf(0), "kj": mpf(0)}, "domain", k=0.0, vc=30.0, kj=120.0),
    # the logsum at mu = 0: log(3) / 0 for every V, no side agrees: none anywhere
    H("logsum", lambda: {"V": [NAN] * 3, "mu": NAN}, "domain", V=V3, mu=0.0),
    H("logsum_stable", lambda: {"V": [NAN] * 3, "mu": NAN}, "domain", V=V3, mu=0.0),
    # a nest scale 0: lam_A logsumexp(V_A / lam_A) tends to max V_A from above, min V_A from below: no value
    H("nested_logsum", lambda: {"V": [NAN] * 4, "lam": [NAN] * 2}, "domain", V=V4, lam=[0.0, 0.7]),
    # M/M/1 at lambda = mu: the pole
    H("mm1_delay", all_nan(lam=None, mu=None), "domain", lam=1.0, mu=1.0),
    H("mm1_queue_wait", all_nan(lam=None, mu=None), "domain", lam=1.0, mu=1.0),
    H("mm1_delay", all_nan(lam=None, mu=None), "domain", dtype=F32, lam=0.99999999, mu=1.0),  # held as 1.0
    # value of time at a zero cost coefficient: the pole
    H("value_of_time", all_nan(b_time=None, b_cost=None), "domain", b_time=-0.05, b_cost=0.0),
    H("value_of_time", all_nan(b_time=None, b_cost=None), "domain", b_time=0.0, b_cost=0.0),  # 0 / 0
    # gravity at a zero (intrazonal) distance: 0^-2 = inf, inf / inf: no value (its limit O is not the formula's)
    H("gravity_power", all_nan(o=None, D=3, d=3, beta=None), "domain", o=1000.0, D=[200.0, 300.0, 500.0],
      d=[0.0, 10.0, 20.0], beta=2.0),
    # entropy with an empty cell: T log T - T has slope log T -> -inf there (none); the others log T + beta C
    H("entropy_objective", lambda: {"T": [NAN, log(2) + mpf(1), log(3) + mpf("1.5")], "C": [mpf(0), mpf(1), mpf(1.5)],
                                     "beta": mpf(13)}, "domain", T=[0.0, 2.0, 3.0], **ENT),
    H("entropy_objective", lambda: {"T": [NAN, log(2) + mpf(1), log(3) + mpf("1.5")], "C": [mpf(0), mpf(1), mpf(1.5)],
                                     "beta": mpf(13)}, "domain", dtype=F32, T=[0.0, 2.0, 3.0], **ENT),
    # the naive T * log(T): 0 * -inf = NaN in the value; README's 0 log 0 reading: the limit 0, the same slopes
    H("entropy_objective_naive", lambda: {"T": [NAN, log(2) + mpf(1), log(3) + mpf("1.5")],
                                           "C": [mpf(0), mpf(1), mpf(1.5)], "beta": mpf(13)}, "domain",
      T=[0.0, 2.0, 3.0], **ENT),
    # relative to a prior Q: T[0] none; Q[0]'s 1 (xlogy(0, y) = 0 for every y; its rule in y gives 0 there too)
    H("entropy_prior", lambda: {"T": [NAN, log(2), log(3)], "Q": [mpf(1), mpf(-1), mpf(-2)]}, "domain",
      T=[0.0, 2.0, 3.0], Q=[1.0, 1.0, 1.0]),
    # naively T log(T / Q): the value 0 * -inf; by README's 0 log 0 reading Q[0] keeps 1 (computed NaN beside the
    # NaN value: domain, as README's sum(p * log(p / q)) with p[0] = 0)
    H("entropy_prior_naive", lambda: {"T": [NAN, log(2), log(3)], "Q": [mpf(1), mpf(-1), mpf(-2)]}, "domain",
      T=[0.0, 2.0, 3.0], Q=[1.0, 1.0, 1.0]),
]

ALL = MIRRORED + BY_HAND
