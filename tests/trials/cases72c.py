"""The seventy-second trial set (third part): issue 27's exact reference on Python functions doing CHEMISTRY AND
THERMODYNAMICS with gradcli.numpy as lab and simulation code writes them (tests/trials/lib72c.py): Arrhenius rates
A exp(-Ea / (R T)) (ordinary, float32, T = 7.965 where k is a subnormal double, float32 T = 47.5 where e^-126.6
underflows but k = 1e-42 does not), their log form and log(A exp(...)) at T = 2.5, a rate guarded by np.where at
T = 0, an Arrhenius fit, K = exp(-dG / (R T)) past the dtype's range; the Gibbs energy of mixing R T sum x ln x at
x = [0, 1] bare, by np.where, by the double where and by np.xlogy, at x = 1e-300, and the binary form with ln(1 - x)
and with log1p(-x) (x = 1/2, its minimum; 1e-300; 0 and float32 1e-20); Antoine's 10^(A - B / (C + T)) (ordinary, on
its pole C + T = 0 in float64 and float32, just above it), its constants fitted; Lennard-Jones 4 eps ((s/r)^12 -
(s/r)^6) (ordinary, r = sigma, 1e-30 and float32 1e-3 past the range, 1e53 with a subnormal value, r = 0), cut off at
2.5 sigma by np.where (on the cutoff, float32 too) and cut and shifted (a kink); Planck's x^3 / (e^x - 1) (ordinary,
1e-10, 0, 700, 800), by expm1 (1e-10, 1e-300, 700), guarded by np.where at 0, in its Wien form x^3 e^-x / -expm1(-x)
(700) and in SI units (ordinary, T = 10 K, float32); Fermi-Dirac by exp (ordinary, x = 400 and 800), by a where cut
at x > 700, by tanh and by sigmoid (float32 too); ln Z naive and by logsumexp at kT = 1e-3 (a tie for the ground
state; float32 kT = 0.01; kT = 1e-300), the mean energy naive and shifted by np.min (a tie); a weak acid's [H+] by
the quadratic formula and its conjugate form (Ka c << Ka^2), pH of a weak acid (float32 too) and of a strong base with
water's autoionisation (0.1: 0.1 - 0.1 in float64, 4 Kw absorbed in float32; c = 0) and its conjugate form, pH at
1e-300 and 0; van der Waals at V = b (float32 too), one ulp above, its a and b; Einstein's x^2 e^x / (e^x - 1)^2 at
300 K, 1e12 K (x = 3e-10), 0.5 K and 0.1 K (overflows), float32 1e7 K, by expm1 and by sinh; Nernst potentials
ln(c_out / c_in) at ordinary, nearly equal (1 vs 1 + 1e-12; 0.3 vs 0.3000000000003) and c_in = 0, as ln a - ln b and
as log1p((a - b) / b).

Tried: 44 functions, 137 distinct checks through the CLI judged by tests/trials/judge.py (at most two gradcli
processes at once; a scratch file runs the CLI in two threads and judges in the main one; a scratch file
seven probes): a batch of 125, then the corrected and added cases, then the whole set of 100 twice. 37 were dropped
as repeats of kept kinds (ordinary points of functions covered, a second overflow of one mechanism): ALL keeps 100
(44 ok, 33 unstable, 21 domain, 2 wrong; 81 float64, 19 float32). All 100 agree with gradcli in verdict and every
exact gradient entry (to 1e-10 relative), and where a case names its line or its fix, in those too. Every check took
0.5-2.1 s.

Truths are written here from the mathematics, never lib72c's code or gradcli: each formula in mpmath (Planck's and
Einstein's through mpmath.expm1, the partition function and mean energy as sums of exp, the quadratic root as
written), the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where
they differ; every literal held by the dtype (R = 8.314, kT = 0.025, sigma = 3.4 ... as float32 holds them in
float32), Python's constant expressions computed first (2 h c^2, h c / k, 4 * 0.997, 2.5 * 3.4 = 8.5, the shift
4 eps ((s/rc)^12 - (s/rc)^6), 4 Kw and 2 Kw). By hand: points where the function as written is 0 ln 0, 0 / 0 or x / 0
(no derivative in the entries that meet it; the ones that do not keep their slopes), xlogy at x = [0, 1], and ln Z at
kT = 1e-300.

What agreed: Arrhenius ok at ordinary T (float32 too), unstable at a subnormal k (T = 7.965) and at float32 T = 47.5
(exp underflows to 0 while k = 1e-42 is a float32 subnormal), the log form ok at 2.5 K, log(A exp(...)) unstable
there (ln 0); K = exp(-dG / RT) domain past the range (float64 5 K, float32 50 K); the mixing energy domain at x = [0,
1] bare (x[1] keeps R T, T none), by np.where (x[0] none, x[1] and T kept: T's slope 0), by the double where (its
gradient 0 for x[0], still domain: a cliff from -inf to 0 is the point's) and by xlogy (x[0] -inf, explained), ok at
1e-300; the binary form ok at x = 1/2 with an exact slope 0, unstable at 1e-300 (1 - x absorbs x, (1 - x) ln(1 - x)
= -x lost, 1/691 of the value; log1p offered and re-checked), domain at 0, log1p's form ok at 1e-300 and float32
1e-20; Antoine ok, domain on its pole in both dtypes, ok just above (10^-4054 rounds to 0), the fit ok;
Lennard-Jones ok at sigma (value 0) and ordinary r, domain at 1e-30 (1e367) and float32 1e-3, unstable at 1e53 (the
value -6e-315 a subnormal), domain at 0; the cutoff domain on 2.5 sigma (a jump; float32 too), its shifted form
domain there (a kink), ok beyond it; Planck unstable at 1e-10 (e^x - 1; expm1 offered), 700 (the rule's (e^x - 1)^2
overflows: a slope of the wrong sign) and 800 (0 x inf), domain at 0; by expm1 ok at 1e-10, unstable at 1e-300 (the
rule's 3 x^2 underflows: the slope 2x = 2e-300 comes out 0) and at 700 (its square overflows too); np.where at 0
wrong (the untaken 0 / 0, NaN at high precision too); the Wien form ok at 700; in SI units unstable at 10 K (e^2877);
Fermi-Dirac unstable at x = 400 (the rule's square overflows: 0 for 7.7e-173) and 800 (NaN), tanh's form unstable
at 400 (1 - tanh = 0), sigmoid's ok (float32 too); the Arrhenius rate guarded at T = 0 wrong (e^(-Ea/RT) is flat
there; the rule's exp' x Ea / (R T^2) is 0 x inf exactly); ln Z naive unstable at kT = 1e-3 (ln 0; logsumexp
offered), by logsumexp ok there, at a tie and in float32, domain at kT = 1e-300 (d/dkT = 1e600 past float64); the mean
energy naive unstable (0 / 0), shifted ok at a tie of the minimum; the weak-acid root unstable at Ka c << Ka^2, pH
likewise, ok in float32 at acetic acid; the strong base's pH unstable at 0.1 (float64 cancels, float32 gives ln 0),
ok at 0, its conjugate form ok (float32 too); pH ok at 1e-300, domain at 0; van der Waals ok, domain at V = b (both
dtypes), ok one ulp above (slope -5e35); Einstein ok at 300 K, unstable at 1e12 K (e^x - 1), 0.5 K (a square
overflows: 0 for 1e-252), 0.1 K (inf / inf), float32 1e7 K; by expm1 ok at 0.1 K; by sinh unstable at 0.1 K
(sinh(1500) = inf); Nernst ok at ordinary points, domain at c_in = 0.

Truths the round corrected in itself, gradcli right each time:
- the mixing energy at x = [0, 1]: x[1] keeps its slope R T = 2494.2, not NaN: the undefined 0 ln 0 does not move
  with x[1] (README: at a pole the inputs that do not move it keep their slopes); T, which multiplies it, has none;
- Planck's law in SI units in float32 at (500 nm, 5778 K) is unstable, not ok: lam^5 = 3.1e-32 is a float32 number,
  but the division's rule -g x / y^2 squares it (9.8e-64 underflows float32) and returns -inf for lam's slope 7.7e17
  (a note for the core: (g / y) (x / y) would not underflow there; the verdict describes the program as run);
- the weak-acid root in its conjugate form 2 Ka c / (Ka + sqrt(Ka^2 + 4 Ka c)) at Ka = 0.01, c = 1e-12 (float32 at
  1e-6) is unstable, not ok: the form mends the value, but the Ka-slope c^2 / Ka^2 = 1e-20 is the difference of two
  paths of 1e-10 (6e-7 of it lost; in float32 8e-4);
- Einstein's heat capacity by expm1 and by sinh at 1e12 K (and by expm1 in float32 at 1e7 K) is unstable, not ok:
  the slope 300^2 / (6 T^3) = 1.5e-32 is the difference of two paths of 6.7e9, which cancel to 0: neither form mends
  the slope, only the value;
- Nernst at c_out = 1, c_in = 1 + 1e-12 is ok, not unstable: 1 / (1 + d) rounds to 1 - d, a double, with an error of
  d^2 = 1e-24; at 0.3 / 0.3000000000003 the ratio's rounding costs 3.7e-5 of the value (unstable, and ln a - ln b
  1.9e-4), where log1p((a - b) / b) is ok (cases added);
- a Fermi-Dirac occupation cut off by np.where(x > 700, 0, 1 / (exp(x) + 1)) at x = 800 is unstable, not wrong:
  e^800 is a number at high precision, where the untaken branch's rule gives 0; only float64's overflow makes its
  NaN (the where-guarded Arrhenius rate at T = 0 and Planck's at x = 0 are NaN at every precision: wrong);
- ln Z by logsumexp at kT = 1e-300: the kT-slope is 1e600, finite and past float64's range (domain), not "no
  derivative" as first written;
- (the float32 sigmoid Fermi-Dirac truth first held kT = 0.025 as a double; float32 holds it as 0.0250000004: the
  mirror's error, mended; the user's pH first returned the array -log10(h), a Jacobian; it sums now.)

Findings: none open.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib72c.py"
NAN = mpmath.nan
fsum, log, exp, sqrt = mpmath.fsum, mpmath.log, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def flat(a):
    return [w for v in a for w in flat(v)] if isinstance(a, (list, tuple)) else [a]


# --- the mathematics, in mpmath; Q holds a literal as the dtype does (a Python constant expression computed first) ----

R_, RBAR_, F_, KW_ = 8.314, 0.08314, 96485.33212, 1e-14
H_, C_, KB_ = 6.62607015e-34, 2.99792458e8, 1.380649e-23
C1_, C2_ = 2 * H_ * C_ ** 2, H_ * C_ / KB_


def m_arrhenius(Q=D64):
    return lambda T: fsum(Q(1e13) * exp(-Q(50000.0) / (Q(R_) * t)) for t in flat(T))


def m_arrhenius_where(T):
    return fsum(D64(1e13) * exp(-D64(50000.0) / (D64(R_) * t)) if t > 0 else mpf(0) for t in flat(T))


def m_log_arrhenius(T):  # ln A as the double np.log(1e13) gives; the slope does not see it
    return fsum(log(D64(1e13)) - D64(50000.0) / (D64(R_) * t) for t in flat(T))


def m_arrhenius_fit(logA, Ea):
    T, lnk = [mpf(300), mpf(320), mpf(340)], [D64(9.9), D64(11.1), D64(12.2)]
    return fsum((k - (logA - Ea / (D64(R_) * t))) ** 2 for t, k in zip(T, lnk))


def m_eq_constant(Q=D64):
    def f(T):
        dG = Q(-50000.0) - T * Q(-20.0)
        return exp(-dG / (Q(R_) * T))
    return f


def xlx(v):
    return v * log(v) if v > 0 else mpf(0)  # the where's 0 below 0 (the point itself is never 0 in a sided mirror)


def m_g_mix_where(Q=D64):
    return lambda x, T: Q(R_) * T * fsum(xlx(v) for v in flat(x))


def m_g_mix(Q=D64):
    return lambda x, T: Q(R_) * T * fsum(v * log(v) for v in flat(x))


def m_g_binary(Q=D64):
    return lambda x, T: Q(R_) * T * (x * log(x) + (1 - x) * log(1 - x))


def m_antoine(Q=D64):
    A, B, Cc = Q(8.07131), Q(1730.63), Q(233.426)
    return lambda T: fsum(mpf(10) ** (A - B / (Cc + t)) for t in flat(T))


def m_antoine_params(A, B, Cc):
    T, P = [mpf(20), mpf(60), mpf(100)], [D64(17.5), D64(149.4), mpf(760)]
    return fsum((mpmath.log10(p) - (A - B / (Cc + t))) ** 2 for t, p in zip(T, P))


def lj(r, Q):
    sr = Q(3.4) / r
    return Q(4 * 0.997) * (sr ** 12 - sr ** 6)


def m_lj(Q=D64):
    return lambda r: fsum(lj(v, Q) for v in flat(r))


RC = 2.5 * 3.4  # Python's double: 8.5
SRC = 3.4 / RC
SHIFT = 4 * 0.997 * (SRC ** 12 - SRC ** 6)  # computed by Python in the user's line


def m_lj_cut(Q=D64):
    return lambda r: fsum(lj(v, Q) if v < Q(RC) else mpf(0) for v in flat(r))


def m_lj_shifted(r):
    return fsum(lj(v, D64) - D64(SHIFT) if v < D64(RC) else mpf(0) for v in flat(r))


def m_planck(x):
    return fsum(v ** 3 / mpmath.expm1(v) for v in flat(x))


def m_planck_where(x):
    return fsum(mpf(0) if v == 0 else v ** 3 / mpmath.expm1(v) for v in flat(x))


def m_planck_wl(Q=D64):
    return lambda lam, T: Q(C1_) / lam ** 5 / mpmath.expm1(Q(C2_) / (lam * T))


def m_fermi(E, mu, Q=D64):
    return fsum(1 / (exp((e - mu) / Q(0.025)) + 1) for e in flat(E))


def m_fermi32(E, mu):
    return m_fermi(E, mu, D32)


def m_fermi_cut(E, mu):
    x = [(e - mu) / D64(0.025) for e in flat(E)]
    return fsum(mpf(0) if v > 700 else 1 / (exp(v) + 1) for v in x)


def m_log_partition(Q=D64):
    return lambda E, kT: log(fsum(exp(-e / kT) for e in flat(E)))


def m_mean_energy(E, kT):
    w = [exp(-e / kT) for e in flat(E)]
    return fsum(e * v for e, v in zip(flat(E), w)) / fsum(w)


def m_h_acid(Ka, c):
    return (-Ka + sqrt(Ka ** 2 + 4 * Ka * c)) / 2


def m_ph_acid(pKa, c):
    return -mpmath.log10(m_h_acid(mpf(10) ** -pKa, c))


def m_ph(h):
    return fsum(-mpmath.log10(v) for v in flat(h))


def m_ph_base(Q=D64):
    return lambda c: -mpmath.log10((-c + sqrt(c ** 2 + Q(4 * KW_))) / 2)


def m_ph_base_conj(Q=D64):
    return lambda c: -mpmath.log10(Q(2 * KW_) / (c + sqrt(c ** 2 + Q(4 * KW_))))


def m_vdw(Q=D64):
    return lambda V, T: Q(RBAR_) * T / (V - Q(0.04267)) - Q(3.640) / V ** 2


def m_vdw_params(a, b):
    return D64(RBAR_) * 300 / (D64(0.5) - b) - a / D64(0.5) ** 2


def m_einstein(T):
    x = 300 / T
    return x ** 2 * exp(x) / mpmath.expm1(x) ** 2


def m_nernst(Q=D64):
    return lambda c_out, c_in, T: Q(R_) * T / Q(F_) * log(c_out / c_in)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def undefined(**pt):  # the function as written is 0 * -inf, 0 / 0 or x / 0 at the point: no derivative in any entry
    return lambda: {k: [NAN] * len(v) if isinstance(v, list) else NAN for k, v in pt.items()}


def g_mix_at_0_1(T):  # R T sum x ln x at x = [0, 1]: 0 ln 0 is 0 * -inf, undefined in x[0] and T; x[1] keeps R T
    return lambda: {"x": [NAN, D64(R_) * T], "T": NAN}


# ln sum e^(-E_i / kT) at kT = 1e-300: p = (1, e^-1e299, ...); d/dE_i = -p_i / kT, d/dkT = sum p_i E_i / kT^2
def lse_tiny_kT():
    kT = D64(1e-300)
    return {"E": [-1 / kT, mpf(0), mpf(0)], "kT": 1 / kT ** 2}


def xlogy_at_0_1(T):  # R T sum xlogy(x, x) at x = [0, 1]: x[0] a cliff (no left side), x[1] R T (ln 1 + 1), T: R * 0
    return lambda: {"x": [NAN, D64(R_) * T], "T": mpf(0)}


ALL = [
    # Arrhenius
    C("arrhenius", m_arrhenius(), T=[300.0, 350.0]),
    C("arrhenius", m_arrhenius(D32), dtype="float32", T=[300.0, 350.0]),
    # k = 1e-315: a subnormal double
    C("arrhenius", m_arrhenius(), "unstable", T=[7.965], line="k = A * np.exp(-Ea / (R * T))"),
    C("arrhenius", m_arrhenius(D32), "unstable", dtype="float32", T=[47.5]),  # e^-126.6 underflows, k = 1e-42 does not
    # T = 0: e^(-Ea / (R T)) is flat to every order there; its rule's exp' x Ea / (R T^2) is 0 x inf
    C("arrhenius_where", m_arrhenius_where, "wrong", T=[0.0, 300.0],
      line="np.where(T > 0, A * np.exp(-Ea / (R * T)), 0.0)"),
    C("log_arrhenius", m_log_arrhenius, T=[2.5, 300.0]),
    C("log_arrhenius_naive", m_log_arrhenius, "unstable", T=[2.5], line="np.log(A * np.exp(-Ea / (R * T)))"),
    C("arrhenius_fit", m_arrhenius_fit, logA=30.0, Ea=50000.0),
    C("equilibrium_constant", m_eq_constant(), T=298.15),
    C("equilibrium_constant", m_eq_constant(), "domain", T=5.0),  # e^1200
    C("equilibrium_constant", m_eq_constant(D32), "domain", dtype="float32", T=50.0),  # e^117.9 past float32
    # the Gibbs energy of mixing
    C("g_mix", m_g_mix(), x=[0.3, 0.7], T=300.0),
    H("g_mix", g_mix_at_0_1(300), "domain", x=[0.0, 1.0], T=300.0),  # 0 ln 0 = 0 * -inf: x[1] keeps R T
    C("g_mix", m_g_mix(), x=[1e-300, 1.0], T=300.0),
    C("g_mix_where", m_g_mix_where(), "domain", x=[0.0, 1.0], T=300.0),
    C("g_mix_double_where", m_g_mix_where(), "domain", x=[0.0, 1.0], T=300.0),
    C("g_mix_double_where", m_g_mix_where(D32), dtype="float32", x=[0.25, 0.75], T=300.0),
    H("g_mix_xlogy", xlogy_at_0_1(300), "domain", x=[0.0, 1.0], T=300.0),
    C("g_mix_binary", m_g_binary(), x=0.5, T=300.0),  # the minimum in x: slope exactly 0
    # 1 - x = 1 loses (1 - x) ln(1 - x) = -x
    C("g_mix_binary", m_g_binary(), "unstable", x=1e-300, T=300.0, line="(1 - x) * np.log(1 - x))", fix="log1p("),
    H("g_mix_binary", undefined(x=0, T=0), "domain", x=0.0, T=300.0),
    C("g_mix_binary", m_g_binary(D32), dtype="float32", x=0.3, T=300.0),
    C("g_mix_binary_log1p", m_g_binary(), x=1e-300, T=300.0),
    C("g_mix_binary_log1p", m_g_binary(D32), dtype="float32", x=1e-20, T=300.0),
    # Antoine
    C("antoine", m_antoine(), T=[25.0, 100.0]),
    H("antoine", undefined(T=[0]), "domain", T=[-233.426]),  # C + T = 0: a pole from below
    H("antoine", undefined(T=[0]), "domain", dtype="float32", T=[-233.426]),  # the same pole as float32 holds both
    C("antoine", m_antoine(), T=[-233.0]),  # 10^-4054 rounds to 0
    C("antoine_params", m_antoine_params, A=8.07131, B=1730.63, Cc=233.426),
    # Lennard-Jones
    C("lennard_jones", m_lj(), r=[3.8, 5.0]),
    C("lennard_jones", m_lj(), r=[3.4]),  # on sigma: (s/r)^12 - (s/r)^6 = 0
    C("lennard_jones", m_lj(), "domain", r=[1e-30]),  # 4 eps (3.4e30)^12 = 1e367
    C("lennard_jones", m_lj(), "unstable", r=[1e53]),  # -4 eps (s/r)^6 = -6e-315: subnormal
    H("lennard_jones", undefined(r=[0]), "domain", r=[0.0]),
    C("lennard_jones", m_lj(D32), dtype="float32", r=[3.8, 5.0]),
    C("lennard_jones", m_lj(D32), "domain", dtype="float32", r=[0.001]),  # 1e43 past float32
    C("lj_cut", m_lj_cut(), r=[3.8, 9.0]),
    C("lj_cut", m_lj_cut(), "domain", r=[8.5, 4.0]),  # on the cutoff: a jump of LJ(2.5 sigma)
    C("lj_cut", m_lj_cut(D32), "domain", dtype="float32", r=[8.5, 4.0]),
    C("lj_cut_shifted", m_lj_shifted, "domain", r=[8.5, 4.0]),  # continuous (to an ulp) but a kink
    # Planck
    C("planck", m_planck, x=[1.0, 3.0]),
    C("planck", m_planck, "unstable", x=[1e-10], line="x ** 3 / (np.exp(x) - 1)", fix="expm1("),
    H("planck", undefined(x=[0]), "domain", x=[0.0]),
    C("planck", m_planck, "unstable", x=[700.0]),  # (e^x - 1)^2 overflows in the rule
    C("planck", m_planck, "unstable", x=[800.0]),  # e^800 = inf: 0 * inf
    C("planck_expm1", m_planck, x=[1e-10]),
    C("planck_expm1", m_planck, "unstable", x=[1e-300]),  # 3 x^2 underflows: the slope 2x = 2e-300 lost
    C("planck_expm1", m_planck, "unstable", x=[700.0]),
    # the untaken 0 / 0: slope 0 comes out NaN
    C("planck_where", m_planck_where, "wrong", x=[0.0, 1.0], line="np.where(x == 0, 0.0, x ** 3 / np.expm1(x))"),
    C("planck_tail", m_planck, x=[700.0]),
    C("planck_wavelength", m_planck_wl(), lam=5e-07, T=5778.0),
    C("planck_wavelength", m_planck_wl(), "unstable", lam=5e-07, T=10.0),  # e^2877.6 = inf
    # lam^10 underflows in the rule
    C("planck_wavelength", m_planck_wl(D32), "unstable", dtype="float32", lam=5e-07, T=5778.0),
    # Fermi-Dirac
    C("fermi_dirac", m_fermi, E=[0.1, 0.2], mu=0.05),
    C("fermi_dirac", m_fermi, "unstable", E=[10.0], mu=0.0),  # (e^400 + 1)^2 overflows in the rule
    C("fermi_dirac", m_fermi, "unstable", E=[20.0], mu=0.0),  # e^800 = inf
    C("fermi_dirac_cut", m_fermi_cut, "unstable", E=[20.0, 0.1], mu=0.0),  # e^800 overflows in the untaken branch
    C("fermi_dirac_tanh", m_fermi, "unstable", E=[10.0], mu=0.0),  # 1 - tanh(200) = 0
    C("fermi_dirac_sigmoid", m_fermi, E=[20.0, 10.0, -20.0], mu=0.0),
    C("fermi_dirac_sigmoid", m_fermi32, dtype="float32", E=[1.0, 3.0], mu=0.0),  # e^-120: 3e-51 rounds to 0
    # the partition function
    C("log_partition", m_log_partition(), E=[0.0, 0.1, 0.2], kT=0.025),
    C("log_partition", m_log_partition(), "unstable", E=[1.0, 1.1, 1.2], kT=0.001,
      line="np.log(np.sum(np.exp(-E / kT)))", fix="logsumexp("),  # e^-1000 = 0: ln 0
    C("log_partition_lse", m_log_partition(), E=[1.0, 1.1, 1.2], kT=0.001),
    C("log_partition_lse", m_log_partition(), E=[1.0, 1.0, 2.0], kT=0.001),  # a tie for the ground state
    C("log_partition_lse", m_log_partition(D32), dtype="float32", E=[1.0, 1.1, 1.2], kT=0.01),
    # kT = 1e-300: the kT-slope <E> / kT^2 = 1e600 is past float64 (the E-slopes are -1e300, 0, 0)
    H("log_partition_lse", lse_tiny_kT, "domain", E=[1.0, 1.1, 1.2], kT=1e-300),
    C("mean_energy", m_mean_energy, "unstable", E=[1.0, 1.1, 1.2], kT=0.001),  # 0 / 0
    C("mean_energy_shifted", m_mean_energy, E=[1.0, 1.0, 2.0], kT=0.001),  # np.min at a tie: shift-invariant
    # equilibria and pH
    # 4 Ka c << Ka^2: -Ka + sqrt(...) cancels
    C("h_weak_acid", m_h_acid, "unstable", Ka=0.01, c=1e-12, line="return (-Ka + np.sqrt(Ka ** 2 + 4 * Ka * c)) / 2"),
    C("h_weak_acid_conj", m_h_acid, "unstable", Ka=0.01, c=1e-12),  # the value mended; the Ka-slope 1e-20 cancels
    C("h_weak_acid_conj", m_h_acid, "unstable", dtype="float32", Ka=0.01, c=1e-06),
    C("ph_weak_acid", m_ph_acid, dtype="float32", pKa=4.76, c=0.1),
    C("ph_weak_acid", m_ph_acid, "unstable", pKa=2.0, c=1e-12),
    C("ph", m_ph, h=[1e-07, 1e-300]),
    H("ph", undefined(h=[0]), "domain", h=[0.0]),
    # [H+] = 1e-13 from 0.1 - 0.1
    C("ph_strong_base", m_ph_base(), "unstable", c=0.1, line="h = (-c + np.sqrt(c ** 2 + 4 * KW)) / 2"),
    C("ph_strong_base", m_ph_base(), c=0.0),
    C("ph_strong_base", m_ph_base(D32), "unstable", dtype="float32", c=0.1),  # 4 Kw absorbed: ln 0
    C("ph_strong_base_conj", m_ph_base_conj(), c=0.1),
    C("ph_strong_base_conj", m_ph_base_conj(D32), dtype="float32", c=0.1),
    # van der Waals, Einstein, Nernst
    C("vdw_pressure", m_vdw(), V=1.0, T=300.0),
    H("vdw_pressure", undefined(V=0, T=0), "domain", V=0.04267, T=300.0),  # V = b: a pole
    H("vdw_pressure", undefined(V=0, T=0), "domain", dtype="float32", V=0.04267, T=300.0),
    C("vdw_pressure", m_vdw(), V=float(numpy.nextafter(0.04267, 1)), T=300.0),  # one ulp past the pole
    C("vdw_params", m_vdw_params, a=3.64, b=0.04267),
    C("einstein_cv", m_einstein, T=300.0),
    C("einstein_cv", m_einstein, "unstable", T=1e12),  # e^x - 1 at x = 3e-10
    C("einstein_cv", m_einstein, "unstable", T=0.5),  # (e^600 - 1)^2 overflows
    C("einstein_cv", m_einstein, "unstable", T=0.1),  # inf / inf
    C("einstein_cv", m_einstein, "unstable", dtype="float32", T=1e7),
    C("einstein_cv_expm1", m_einstein, "unstable", T=1e12),  # the slope 1.5e-32 is two paths' difference
    C("einstein_cv_expm1", m_einstein, T=0.1),
    C("einstein_cv_sinh", m_einstein, "unstable", T=1e12),
    C("einstein_cv_sinh", m_einstein, "unstable", T=0.1),  # sinh(1500) = inf
    C("nernst", m_nernst(), c_out=0.145, c_in=0.012, T=310.0),
    C("nernst", m_nernst(), c_out=1.0, c_in=1.000000000001, T=310.0),  # 1 / (1 + d) = 1 - d to d^2: the ratio exact
    C("nernst", m_nernst(), "unstable", c_out=0.3, c_in=0.3000000000003, T=310.0, line="np.log(c_out / c_in)",
      fix="log1p("),  # ln of a rounded ratio next to 1
    C("nernst_diff", m_nernst(), "unstable", c_out=0.3, c_in=0.3000000000003, T=310.0),  # ln a - ln b cancels
    C("nernst_log1p", m_nernst(), c_out=0.3, c_in=0.3000000000003, T=310.0),
    # c_in = 0: the potential +inf; c_out does not move the pole and keeps R T / (F c_out), as ln c_out - ln c_in
    # says (README: the inputs that do not move a pole keep their slopes); T's slope R / F ln(inf) is infinite
    H("nernst", lambda: {"c_out": mpf(R_) * 310 / mpf(F_) / mpf(0.1), "c_in": NAN, "T": NAN}, "domain",
      c_out=0.1, c_in=0.0, T=310.0),
]
