"""The eighty-eighth round (c) of user trials: statistical mechanics and thermodynamics written with gradcli.numpy
(tests/trials/lib88c.py).

The partition functions and occupation numbers physics and chemistry code differentiates (reduced units, k_B = 1,
unless SI is said): the free energy -kT log sum exp(-E/kT) of three levels straight, shifted by the ground level (min,
also at a degenerate ground level: min at a tie), by np.logaddexp.reduce, and padded with a forbidden state at E = inf;
the mean energy, the Gibbs entropy of the Boltzmann weights (0 log 0 from an underflowed weight; np.where's 0 log 0),
the entropy as -dF/dkT and the heat capacity as d<E>/dkT by a gradcli.grad inside the function; -sum p log p with a
probability exactly 0; the Fermi-Dirac occupation 1 / (exp(x) + 1) at x = +-800 (float64) and 90 (float32), as (1 -
tanh(x/2)) / 2 at x = +-40, as exp(-logaddexp(0, x)), with np.where cutting x > 700, and at kT = 0; Bose-Einstein by
exp - 1 and expm1 at E - mu = 1e-10 (float32 1e-4), 1e-300, 0 and below mu; the Planck shape x^3 / (e^x - 1) at 0,
1e-8, the smallest subnormal and past exp's overflow (720), by expm1, by x^3 e^-x / -expm1(-x) (700, 720, 740: the
subnormal exp(-x)) and with a np.where series guard; the Langevin function coth x - 1/x at 0, 1e-5 and its series
guard at 0 and at the switch 1e-2; the Brillouin function at 0, 1e-6, 1e-300, 20 and 60; the two-level heat capacity
(x/2)^2 / cosh(x/2)^2 at 0 and past cosh^2's overflow, and its exp(-|x|) form (abs at 0); the Einstein heat capacity
at x = 1e-8 and 720 and its expm1 form; the Debye heat capacity by the trapezoid rule on 41 nodes (the integrand's 0/0
at the first node t = 0: plain, a np.where, a grid started at 1e-6); the ideal-gas chemical potential kT log(n
lambda^3) in reduced units (n = 0, a subnormal n) and in SI for helium (float32: 2 pi m kT = 1.7e-46 underflows);
mean-field Ising m = tanh(4 beta J m) unrolled five times at m = 0, at the critical coupling and saturated, its
free energy 2 J m^2 - log(2 cosh(4 beta J m)) / beta past cosh's overflow, the coupling arctanh(m) / m at 0, 1e-8,
1e-300 and 1; the regular-solution mixing free energy x log x + (1 - x) log(1 - x) + chi x (1 - x) at 0, 1, 1e-300,
1 - 2^-53 (plain), clipped to [1e-12, 1 - 1e-12] (at 0, 1 and the bound itself) and with np.where at both ends.

Tried: 39 functions, 165 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch driver runs the CLI in two threads and judges in the main one) and a scratch probe by hand (gradcli's
gradient of the tanh form at x = -40). ALL keeps all 165 (95 ok, 43 unstable, 19 domain, 8 wrong; 126 float64, 39
float32) over 39 functions, more than the 80-110 aimed at because every check is cheap. All 165 agree with gradcli in
verdict and in every exact gradient entry (to 1e-10 relative): no finding. Every check took 0.8-7.8 s on the loaded
machine (two at once; the plain Debye sum the longest), every truth under 1.9 s (the Debye trapezoid sums at 2,000
digits); the full run of the 165 took about 2.5 minutes.

Truths are written here from the mathematics, never lib88c's code or gradcli: -kT log Z from the Boltzmann factors
(for the straight, shifted, logaddexp and padded forms alike), the entropy as log Z + <E>/kT, the heat capacity as
Var(E)/kT^2, occupations as 1 / (1 + e^x) and 1 / expm1(x) (the exact exponential, no overflow in mpmath), the Planck
shape by expm1, L(x) = coth x - 1/x, the Brillouin function from coth, the two-level and Einstein heat capacities as
(x/2)^2 sech^2(x/2) and (x/2)^2 / sinh^2(x/2), the Debye integrand as t^4 / (4 sinh^2(t/2)) on the program's nodes
(numpy.linspace's doubles) summed by the trapezoid rule the program applies, the chemical potential as kT (log n + 3
log h - 3/2 log(2 pi m kT)), log(2 cosh y) as |y| + log1p(e^-2|y|). Where the program's function is piecewise (the
series guards, the clip, the where cut-off at x > 700) the truth is that piecewise function. The derivatives from the
left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides); by hand the points with no
value (all NaN: 0/0 and inf - inf at the point, the pole of Bose-Einstein, arctanh(1), log 0). Constants as the
program holds them where they meet an array (the SI constants and 2 pi in float32; 1 - 1e-12 as its double).

What agreed (beyond the ordinary points, all ok in both dtypes): the straight free energy unstable at kT = 0.001 (every
factor underflows, log 0) and in float32 at kT = 0.01 (exp(-100) subnormal); the shifted and logaddexp forms ok at
kT = 0.001 (slopes e^-1000 below the range) and at a tie of the ground level; the entropy unstable where a weight
underflows to 0 (0 log 0 = NaN; with np.where the value holds but log's 1/0 leaks through the where: unstable, since
at high precision the weight is positive), also at kT = 1e-300; -sum p log p and its where form domain at p = 0
(-log p - 1 -> +inf from the right), the other entries keeping their slopes; Fermi-Dirac unstable at x = 800 (0 * inf),
ok at x = -800, unstable in float32 at x = 90, the tanh form unstable at x = 40 (f rounds to 0, 4.2e-18 lost), the
logaddexp form ok everywhere, the where cut-off unstable at x = 800 (the untaken branch's overflow: 0 * inf through
the where, finite at high precision); Bose-Einstein unstable at 1e-10 by exp - 1, ok by expm1, domain at E = mu;
Planck domain at 0 in every form (0/0 at the point), unstable at 1e-8 (exp - 1), at the smallest subnormal (0/0 from
x^3 = 0) and at 720 (overflow, expm1 too), the e^-x form ok at 700 and 720 (36 bits in the subnormal exp(-720): 7e-12,
inside 1e-10) and unstable at 740 (7 bits), the where series guard wrong at 0 (the untaken 0 / expm1(0)); Langevin
unstable at 1e-5 (float32 at 0.01), domain at 0, its series guard ok at 1e-5, wrong at 0 (coth(0) - 1/0 leaks), domain
at the switch 1e-2 (the truncated series and coth x - 1/x differ by x^7/4725 = 2.1e-18: a jump); Brillouin unstable at
1e-6 and 1e-300, domain at 0; the two-level heat capacity ok at 0, unstable past cosh^2's overflow (720; f32 95), the
exp(-|x|) form ok at 0 (abs's switch under x^2) and 700, unstable at 740; Einstein unstable at x = 1e-8 and 720; Debye
domain with the first node's 0/0 (no value at any T), wrong with np.where's guard (its NaN leaks), ok from a grid
started at 1e-6; the chemical potential domain at n = 0, unstable in float32 SI (lambda = h / sqrt(0) = inf); Ising
ok at m = 0, at the critical coupling and saturated (beta = 100: the slopes 5.9e-345 and below round to 0; beta = 20:
sech^2 held), the free energy unstable past cosh's overflow; arctanh(m)/m domain at 0 and 1, unstable at 1e-8 and
1e-300; mixing domain at x = 0 and 1 (chi keeps its slope 0), ok at 1 - 2^-53, clipped ok at 0.3 and at 1, domain on
the clip's bound, the where form domain at 0 and 1; the nested gradients (entropy, heat capacity) ok, at a tie too.

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- free_energy_shifted and free_energy_logaddexp in float32 at kT = 0.05, first ok: Z = 1 + 2.1e-9 rounds to 1 and the
  LSE -20 + 2.1e-9 to -20, so dF/dkT = -S = -(log Z + <E - E0>/kT) comes out -4.12e-8 where it is -4.33e-8 (5%), and
  in the logaddexp form as (20 - 2.1e-9) - (20 + 4.1e-8), which float32 cancels to noise: unstable, as gradcli says
  (kT = 0.5 added as the ok cases);
- einstein_cv_stable at x = 1e-8, first ok: the value x^2 e^-x / expm1(-x)^2 is held, but its slope -x/6 is the sum
  of two paths' +-2/x (gradcli: add(-199999999.99999997, 199999999.99999997) = 0): unstable; x = 0.3 added as ok;
- ising_mean_field saturated (beta = 100), first unstable: after the first tanh the slopes are products of
  sech^2(400)-sized factors, 5.9e-345 and below: the computed 0s are the exact values rounded: ok;
- fermi_tanh at x = -40, first unstable: gradcli.numpy's tanh rule gives sech^2(20) = 1.7e-17 itself, not 1 - tanh^2
  = 0: the slopes 8.5e-17 are held: ok (at x = +40 the value 0 against 4.2e-18 is unstable);
- mixing_free_energy at x = 1e-300 (and float32 1e-30), first ok: log(1 - x) = log(1) = 0 loses the term -x while x
  log x is only 690 x (69 x): the value is 1.4e-3 (1.4e-2) off: unstable;
- mixing_free_energy_clip at x = 0, first ok: clipped to 1e-12, 1 - xc rounds by 1.1e-16, 1e-4 of log(1 - xc), the
  value 4e-6 off (x's slope 0 is exact): unstable; at x = 1 the clip's 1 - 1e-12 is the program's constant and 1 - xc
  exact: ok;
- bose_expm1 at E - mu = 1e-300, first domain: the slopes in E and mu (-+1e600) are beyond float64, but kT's (E - mu)
  / kT^2 e^x / expm1(x)^2 = 1e300 is in range and comes out inf (-1/y^2 = -inf on the way): unstable, as the README's
  entry-by-entry rule says;
- brillouin at x = 60, first ok: J's slope (about 1e-17) is the sum of two paths' +-2/3: noise, unstable;
- chemical_potential at n = 1e-320, first domain (n's slope kT/n = 1.5e320 beyond the range): n lambda^3 = 3.46e-322
  keeps 7 bits, so the value and kT's slope are 1e-5 off: unstable;
- fermi_naive at kT = 0, first all NaN (no value): IEEE's (E - mu) / 0 = inf makes f = 0 at every E > mu with kT held
  at 0, so E and mu have slope 0, which the rules' 0 * (1/0) make NaN; kT jumps 1 | 0: wrong, by the doctrine of
  cases55c's F1 (a finite value through an infinite intermediate);
- free_energy_forbidden (a padding state at E = inf), first ok: exp(-inf / kT) = 0 for every kT > 0, so kT's slope is
  -S, but divide's rule at -inf / kT gives -upstream * (-inf) / kT^2 with the weight 0 as upstream: NaN at every
  precision: wrong, as gradcli says (E's slopes right). A user's real trap, not a finding.
Dropped: none.

Findings: none. Every disagreement of the first batch was the truth's (above)."""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib88c.py"
NAN = mpmath.nan
exp, log, tanh, cosh, sqrt, atanh = mpmath.exp, mpmath.log, mpmath.tanh, mpmath.cosh, mpmath.sqrt, mpmath.atanh
PI_D = float(numpy.pi)
KB, H_PLANCK, M_HE = 1.380649e-23, 6.62607015e-34, 6.6464731e-27


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def coth(x):
    return mpmath.cosh(x) / mpmath.sinh(x)


def xlogx(x):
    """x log x with its limit 0 at 0; no number below 0."""
    if x < 0:
        return NAN
    return mpf(0) if x == 0 else x * log(x)


# --- the mathematics, in mpmath (never lib88c's code path) ------------------------------------------------------------

def m_free_energy(E, kT):
    """-kT log Z, Z the sum of the Boltzmann factors."""
    return -kT * log(mpmath.fsum(exp(-e / kT) for e in E))


def _weights(E, kT):
    z = [exp(-e / kT) for e in E]
    s = mpmath.fsum(z)
    return [v / s for v in z]


def m_fermi_where(E, mu, kT):
    x = (E - mu) / kT
    return mpf(0) if x > 700 else 1 / (1 + exp(x))


def m_mean_energy(E, kT):
    return mpmath.fsum(e * p for e, p in zip(E, _weights(E, kT)))


def m_boltzmann_entropy(E, kT):
    """S = log Z + <E> / kT (k_B = 1), the Gibbs entropy of the Boltzmann weights."""
    return log(mpmath.fsum(exp(-e / kT) for e in E)) + m_mean_energy(E, kT) / kT


def m_heat_capacity(E, kT):
    """Var(E) / kT^2 of the Boltzmann weights."""
    p = _weights(E, kT)
    mean = mpmath.fsum(e * w for e, w in zip(E, p))
    return mpmath.fsum((e - mean) ** 2 * w for e, w in zip(E, p)) / kT ** 2


def m_gibbs(p):
    return -mpmath.fsum(xlogx(v) for v in p)


def m_gibbs_where(p):
    return -mpmath.fsum(xlogx(v) if v > 0 else mpf(0) for v in p)


def m_fermi(E, mu, kT):
    """The logistic 1 / (1 + e^x) of x = (E - mu) / kT, by the exact exponential (no overflow in mpmath)."""
    return 1 / (1 + exp((E - mu) / kT))


def m_bose(E, mu, kT):
    x = (E - mu) / kT
    return 1 / mpmath.expm1(x) if x != 0 else NAN


def m_planck(x):
    return x ** 3 / mpmath.expm1(x) if x != 0 else NAN


def m_planck_where(x):
    """The program's function: x^3 / expm1(x) above 1e-6, its series x^2 - x^3/2 below."""
    return x ** 3 / mpmath.expm1(x) if x > mpf(1e-6) else x ** 2 - x ** 3 / 2


def m_langevin(x):
    return coth(x) - 1 / x if x != 0 else NAN


def m_langevin_series(x):
    """The program's function: the truncated series below |x| = 1e-2, coth(x) - 1/x above."""
    if abs(x) < mpf(1e-2):
        return x / 3 - x ** 3 / 45 + 2 * x ** 5 / 945
    return coth(x) - 1 / x


def m_brillouin(x, J):
    if x == 0:
        return NAN
    a, b = (2 * J + 1) / (2 * J), 1 / (2 * J)
    return a * coth(a * x) - b * coth(b * x)


def m_two_level(x):
    """(x/2)^2 sech^2(x/2), the sech as 2 / (e^(x/2) + e^(-x/2))."""
    return (x / 2) ** 2 * (2 / (exp(x / 2) + exp(-x / 2))) ** 2


def m_einstein(T, theta):
    """x^2 e^x / (e^x - 1)^2 = (x/2)^2 / sinh(x/2)^2, x = theta / T."""
    x = theta / T
    return (x / 2) ** 2 / mpmath.sinh(x / 2) ** 2


U_GRID = [mpf(float(u)) for u in numpy.linspace(0.0, 1.0, 41)]
U_OFF = [mpf(float(u)) for u in 1e-6 + (1.0 - 1e-6) * numpy.linspace(0.0, 1.0, 41)]


def _debye_integrand(t):
    """t^4 e^t / (e^t - 1)^2 = (t/2)^2 t^2 / sinh(t/2)^2, with its limit 0 at 0."""
    return mpf(0) if t == 0 else t ** 4 / (4 * mpmath.sinh(t / 2) ** 2)


def m_debye(nodes):
    """9 / xd^3 times the trapezoid sum of the integrand on the program's nodes xd * u_k."""
    def g(T, theta):
        xd = theta / T
        t = [xd * u for u in nodes]
        f = [_debye_integrand(v) for v in t]
        return 9 / xd ** 3 * mpmath.fsum((t[k + 1] - t[k]) * (f[k] + f[k + 1]) / 2 for k in range(len(t) - 1))
    return g


def m_mu(dtype="float64"):
    c = K(dtype, 2.0 * PI_D)
    return lambda n, kT: kT * log(n) + kT * mpf(-1.5) * log(c * kT) if n > 0 else NAN


def m_mu_si(dtype="float64"):
    """kT (log n + 3 log h - 3/2 log(2 pi m kT)), the constants as the dtype holds them where they meet an array."""
    kb, h, c = K(dtype, KB), K(dtype, H_PLANCK), K(dtype, 2.0 * PI_D * M_HE)
    return lambda n, T: kb * T * (log(n) + 3 * log(h) - mpf(1.5) * log(c * kb * T))


def m_ising(m0, beta, J):
    m = m0
    for _ in range(5):
        m = tanh(4 * beta * J * m)
    return m


def m_ising_f(m, beta, J):
    """2 J m^2 - log(2 cosh(4 beta J m)) / beta, with log(2 cosh y) = |y| + log(1 + e^(-2|y|))."""
    y = 4 * beta * J * m
    return 2 * J * m ** 2 - (abs(y) + mpmath.log1p(exp(-2 * abs(y)))) / beta


def m_critical(m):
    return atanh(m) / m if m != 0 and abs(m) < 1 else NAN


def m_mixing(x, chi):
    return xlogx(x) + xlogx(1 - x) + chi * x * (1 - x)


def m_mixing_clip(x, chi):
    lo, hi = mpf(1e-12), mpf(1.0 - 1e-12)
    xc = min(max(x, lo), hi)
    return xc * log(xc) + (1 - xc) * log(1 - xc) + chi * xc * (1 - xc)


def m_mixing_where(x, chi):
    a = xlogx(x) if x > 0 else mpf(0)
    b = xlogx(1 - x) if x < 1 else mpf(0)
    return a + b + chi * x * (1 - x)


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", wrt=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite); with ``wrt`` only that input's."""
    truth = sided_grad(mirror, dtype, finite_sides=True, **pt)
    if wrt is not None:
        whole = truth
        truth = lambda: {wrt: whole()[wrt]}  # noqa: E731
    return Case(L, function, _at(pt), dtype, verdict, truth, wrt=wrt)


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


E3 = [1.0, 2.0, 3.0]
TIE = [1.0, 1.0, 2.0]
HE = dict(n=2.5e25, T=300.0)  # helium at room temperature and about 1 atm

ALL = [
    # --- free energy -kT log Z
    C("free_energy_naive", m_free_energy, E=E3, kT=0.5),
    C("free_energy_naive", m_free_energy, dtype="float32", E=E3, kT=0.5),
    # kT = 0.001: every exp(-E/kT) underflows to 0, log 0 = -inf where F = 1 - 0.001 e^-1000
    C("free_energy_naive", m_free_energy, "unstable", E=E3, kT=0.001),
    # float32 at kT = 0.01: exp(-100) subnormal (a few bits), the others 0
    C("free_energy_naive", m_free_energy, "unstable", dtype="float32", E=E3, kT=0.01),
    C("free_energy_shifted", m_free_energy, E=E3, kT=0.5),
    C("free_energy_shifted", m_free_energy, E=E3, kT=0.001),
    C("free_energy_shifted", m_free_energy, dtype="float32", E=E3, kT=0.5),
    # float32, kT = 0.05: Z = 1 + 2.1e-9 rounds to 1, log Z = 0 loses the 2.1e-9 that -dF/dkT = S = log Z + <E - E0>/kT
    # needs: 5% off
    C("free_energy_shifted", m_free_energy, "unstable", dtype="float32", E=E3, kT=0.05),
    # a degenerate ground level: min at a tie, but E0 - kT log sum exp(-(E - E0)/kT) is -kT log Z whatever E0
    C("free_energy_shifted", m_free_energy, E=TIE, kT=0.5),
    C("free_energy_shifted", m_free_energy, dtype="float32", E=TIE, kT=0.5),
    C("free_energy_logaddexp", m_free_energy, E=E3, kT=0.5),
    C("free_energy_logaddexp", m_free_energy, E=E3, kT=0.001),
    C("free_energy_logaddexp", m_free_energy, E=TIE, kT=0.5),
    C("free_energy_logaddexp", m_free_energy, dtype="float32", E=E3, kT=0.5),
    # float32, kT = 0.05: dF/dkT = -LSE - <E>/kT = (20 - 2.1e-9) - (20 + 4.1e-8): the sum cancels to noise
    C("free_energy_logaddexp", m_free_energy, "unstable", dtype="float32", E=E3, kT=0.05),
    # a padding state at E = inf: exp(-inf) = 0 adds nothing for any kT > 0, so kT keeps -S; but d(-inf / kT)/dkT
    # = inf / kT^2 times its weight 0 is NaN at every precision: wrong (E's slopes are right)
    C("free_energy_forbidden", m_free_energy, "wrong", E=E3, kT=0.5),
    C("free_energy_forbidden", m_free_energy, "wrong", E=E3, kT=0.001),
    C("mean_energy", m_mean_energy, E=E3, kT=0.5),
    C("mean_energy", m_mean_energy, E=E3, kT=0.001),
    C("mean_energy", m_mean_energy, E=TIE, kT=0.5),
    C("mean_energy", m_mean_energy, dtype="float32", E=E3, kT=0.5),
    # --- entropy of Boltzmann weights
    # the entropy as -dF/dkT and the heat capacity as d<E>/dkT by a gradient inside the function (second order)
    C("entropy_from_free_energy", m_boltzmann_entropy, E=E3, kT=0.5),
    C("entropy_from_free_energy", m_boltzmann_entropy, E=TIE, kT=0.5),
    C("entropy_from_free_energy", m_boltzmann_entropy, E=E3, kT=0.001),
    C("entropy_from_free_energy", m_boltzmann_entropy, dtype="float32", E=E3, kT=0.5),
    C("heat_capacity", m_heat_capacity, E=E3, kT=0.5),
    C("heat_capacity", m_heat_capacity, E=TIE, kT=0.5),
    C("heat_capacity", m_heat_capacity, E=E3, kT=0.001),
    C("heat_capacity", m_heat_capacity, dtype="float32", E=E3, kT=0.5),
    C("boltzmann_entropy", m_boltzmann_entropy, E=[0.0, 1.0, 2.0], kT=1.0),
    C("boltzmann_entropy", m_boltzmann_entropy, dtype="float32", E=[0.0, 1.0, 2.0], kT=1.0),
    C("boltzmann_entropy", m_boltzmann_entropy, E=[0.0, 0.0, 1.0], kT=1.0),
    # p = e^-800 underflows to 0: 0 log 0 = NaN where S is finite
    C("boltzmann_entropy", m_boltzmann_entropy, "unstable", E=[0.0, 1.0, 800.0], kT=1.0),
    # kT = 1e-300: p = [1, 0], 0 log 0 = NaN; S = (1 + 1e300) e^-1e300 and every slope are below the range
    C("boltzmann_entropy", m_boltzmann_entropy, "unstable", E=[0.0, 1.0], kT=1e-300),
    C("boltzmann_entropy", m_boltzmann_entropy, "unstable", dtype="float32", E=[0.0, 1.0, 120.0], kT=1.0),
    C("boltzmann_entropy_where", m_boltzmann_entropy, E=[0.0, 1.0, 2.0], kT=1.0),
    # the where keeps the value; log(0)'s 1/0 times the untaken 0 leaks NaN, made by the underflow
    C("boltzmann_entropy_where", m_boltzmann_entropy, "unstable", E=[0.0, 1.0, 800.0], kT=1.0),
    C("gibbs_entropy", m_gibbs, p=[0.2, 0.3, 0.5]),
    # a probability exactly 0: -p log p has the right slope -log p - 1 -> +inf, no left side: domain in p[2]
    C("gibbs_entropy", m_gibbs, "domain", p=[0.5, 0.5, 0.0]),
    C("gibbs_entropy_where", m_gibbs_where, p=[0.2, 0.3, 0.5]),
    C("gibbs_entropy_where", m_gibbs_where, "domain", p=[0.5, 0.5, 0.0]),
    C("gibbs_entropy_where", m_gibbs_where, "domain", dtype="float32", p=[0.5, 0.5, 0.0]),
    # --- Fermi-Dirac
    C("fermi_naive", m_fermi, E=0.3, mu=0.1, kT=0.05),
    C("fermi_naive", m_fermi, dtype="float32", E=0.3, mu=0.1, kT=0.05),
    # x = 800: exp overflows, f = 1/inf = 0 (true e^-800, below the range), the gradient 0 * inf = NaN
    C("fermi_naive", m_fermi, "unstable", E=1.0, mu=0.2, kT=0.001),
    # x = -800: exp(-800) = 0, f = 1, slopes e^-800 / kT below the range: the 0s are the exact ones rounded
    C("fermi_naive", m_fermi, E=-0.6, mu=0.2, kT=0.001),
    # float32, x = 90: exp overflows; the true slopes 8e-38 are normal
    C("fermi_naive", m_fermi, "unstable", dtype="float32", E=1.0, mu=0.1, kT=0.01),
    C("fermi_naive", m_fermi, dtype="float32", E=-0.4, mu=0.1, kT=0.01),
    # kT = 0: f jumps 1 | 0 in kT; with kT held at 0, (E - mu) / 0 = inf and f = 0 for every E > mu: E and mu keep
    # slope 0, which the rules' 0 * (1/0) make NaN (the 55c doctrine for a finite value through an infinite
    # intermediate): wrong
    H("fermi_naive", lambda: {"E": mpf(0), "mu": mpf(0), "kT": NAN}, "wrong", E=0.3, mu=0.1, kT=0.0),
    C("fermi_tanh", m_fermi, E=0.3, mu=0.1, kT=0.05),
    # x = 40: tanh(20) = 1 - 8.5e-18 rounds to 1, f = 0 where it is 4.2e-18, its slopes 1 - tanh^2 = 0
    C("fermi_tanh", m_fermi, "unstable", E=2.1, mu=0.1, kT=0.05),
    C("fermi_tanh", m_fermi, "unstable", dtype="float32", E=1.1, mu=0.1, kT=0.05),
    # x = -40: f = 1 - 4.2e-18 rounds to 1 (the value is right); the slope sech^2(20) / 4kT = 8.5e-17 is held, as
    # gradcli.numpy's tanh rule gives sech^2 itself, not 1 - tanh^2 (which would be 0): ok
    C("fermi_tanh", m_fermi, E=-1.9, mu=0.1, kT=0.05),
    C("fermi_naive", m_fermi, E=-1.9, mu=0.1, kT=0.05),  # exp(-40) held: ok
    C("fermi_where", m_fermi, E=0.3, mu=0.1, kT=0.05),
    # x = 800 > 700: the cut-off 0 is taken (slopes 0); the untaken 1 / (exp(800) + 1) overflows: -1/inf^2 * inf =
    # 0 * inf = NaN through the where's 0. At high precision that branch's slope is finite: the overflow's doing
    C("fermi_where", m_fermi_where, "unstable", E=1.0, mu=0.2, kT=0.001),
    C("fermi_logaddexp", m_fermi, E=0.3, mu=0.1, kT=0.05),
    C("fermi_logaddexp", m_fermi, E=2.1, mu=0.1, kT=0.05),
    C("fermi_logaddexp", m_fermi, E=1.0, mu=0.2, kT=0.001),
    C("fermi_logaddexp", m_fermi, E=-0.6, mu=0.2, kT=0.001),
    C("fermi_logaddexp", m_fermi, dtype="float32", E=0.7, mu=0.1, kT=0.01),
    # --- Bose-Einstein
    C("bose_naive", m_bose, E=0.5, mu=0.0, kT=1.0),
    C("bose_naive", m_bose, dtype="float32", E=0.5, mu=0.0, kT=1.0),
    # E - mu = 1e-10: exp(x) - 1 keeps 8 digits
    C("bose_naive", m_bose, "unstable", E=1e-10, mu=0.0, kT=1.0),
    C("bose_naive", m_bose, "unstable", dtype="float32", E=1e-4, mu=0.0, kT=1.0),
    C("bose_expm1", m_bose, E=1e-10, mu=0.0, kT=1.0),
    C("bose_expm1", m_bose, dtype="float32", E=1e-4, mu=0.0, kT=1.0),
    # E = mu: the pole 1/0
    H("bose_expm1", all_nan(E=0, mu=0, kT=0), "domain", E=0.2, mu=0.2, kT=1.0),
    H("bose_naive", all_nan(E=0, mu=0, kT=0), "domain", E=0.2, mu=0.2, kT=1.0),
    C("bose_expm1", m_bose, E=0.1, mu=0.2, kT=1.0),  # below mu: negative, smooth
    # E - mu = 1e-300: n = 1e300 is held, its slopes in E and mu (-+1e600) are beyond float64 (no derivative a
    # float64 program can give), but kT's (E - mu) / kT^2 e^x / expm1(x)^2 = 1e300 is in range and comes out inf
    # from -1/y^2 = -inf: unstable
    C("bose_expm1", m_bose, "unstable", E=1e-300, mu=0.0, kT=1.0),
    # --- Planck
    C("planck_naive", m_planck, x=2.8),
    C("planck_naive", m_planck, dtype="float32", x=2.8),
    C("planck_naive", m_planck, "unstable", x=1e-8),
    # the smallest subnormal: x^3 = 0 and exp(x) - 1 = 0, 0/0; the true slope 2x = 1e-323 is held
    C("planck_naive", m_planck, "unstable", x=5e-324),
    C("planck_expm1", m_planck, x=1e-8),
    # x = 0: 0/0 at the point itself (the limit 0, slope 0): no value
    H("planck_naive", all_nan(x=0), "domain", x=0.0),
    H("planck_expm1", all_nan(x=0), "domain", x=0.0),
    # x = 720: exp overflows; x^3 e^-x = 8.7e-305 is normal
    C("planck_naive", m_planck, "unstable", x=720.0),
    C("planck_expm1", m_planck, "unstable", x=720.0),
    C("planck_stable", m_planck, x=700.0),
    # exp(-720) = 2.3e-313 is subnormal with 36 bits: 7e-12 relative, inside float64's 1e-10; exp(-740) keeps 7 bits
    C("planck_stable", m_planck, x=720.0),
    C("planck_stable", m_planck, "unstable", x=740.0),
    C("planck_stable", m_planck, x=1e-8),
    C("planck_where", m_planck_where, x=2.8),
    C("planck_where", m_planck_where, x=1e-8),
    # the series branch is taken at 0 (slope 0); the untaken 0 / expm1(0) = 0/0 leaks NaN
    C("planck_where", m_planck_where, "wrong", x=0.0),
    C("planck_where", m_planck_where, "wrong", dtype="float32", x=0.0),
    C("planck_naive", m_planck, "unstable", dtype="float32", x=100.0),
    C("planck_stable", m_planck, dtype="float32", x=80.0),
    # --- Langevin and Brillouin
    C("langevin_naive", m_langevin, x=3.0),
    C("langevin_naive", m_langevin, "unstable", x=1e-5),
    C("langevin_naive", m_langevin, "unstable", dtype="float32", x=0.01),
    H("langevin_naive", all_nan(x=0), "domain", x=0.0),  # inf - inf
    C("langevin_series", m_langevin_series, x=1e-5),
    C("langevin_series", m_langevin_series, x=3.0),
    C("langevin_series", m_langevin_series, dtype="float32", x=1e-3),
    # the series is selected at 0 (value 0, slope 1/3); the untaken coth(0) - 1/0 leaks NaN
    C("langevin_series", m_langevin_series, "wrong", x=0.0),
    # at the switch |x| = 1e-2 the truncated series and coth(x) - 1/x differ by x^7/4725 = 2.1e-18: a jump
    C("langevin_series", m_langevin_series, "domain", x=0.01),
    C("brillouin", m_brillouin, x=2.0, J=1.5),
    C("brillouin", m_brillouin, dtype="float32", x=2.0, J=1.5),
    C("brillouin", m_brillouin, "unstable", x=1e-6, J=1.5),
    C("brillouin", m_brillouin, "unstable", x=1e-6, J=0.5),
    H("brillouin", all_nan(x=0, J=0), "domain", x=0.0, J=1.5),
    # x = 1e-300: a coth(ax) - b coth(bx) is 1e300 - 1e300 where the value is (a^2 - b^2) x / 3 = 4.4e-301
    C("brillouin", m_brillouin, "unstable", x=1e-300, J=1.5),
    C("brillouin", m_brillouin, x=20.0, J=1.5),
    # x = 60: J's slope -(coth(ax) - coth(bx)) / 2J^2 + ... is ~1e-17; the two paths' +-2/3 cancel to 1.1e-16 of noise
    C("brillouin", m_brillouin, "unstable", x=60.0, J=1.5),
    # --- two-level (Schottky) heat capacity
    C("two_level_cv", m_two_level, x=2.0),
    C("two_level_cv", m_two_level, dtype="float32", x=2.0),
    C("two_level_cv", m_two_level, x=0.0),
    # cosh(360)^2 overflows: 0 where the value is 1.2e-307, NaN slopes
    C("two_level_cv", m_two_level, "unstable", x=720.0),
    C("two_level_cv", m_two_level, "unstable", dtype="float32", x=95.0),
    C("two_level_cv_stable", m_two_level, x=700.0),
    C("two_level_cv_stable", m_two_level, "unstable", x=740.0),  # e = exp(-740) subnormal, 7 bits
    C("two_level_cv_stable", m_two_level, dtype="float32", x=80.0),
    # abs at 0 inside, but x^2 e^-|x| / (1 + e^-|x|)^2 is smooth there, slope 0
    C("two_level_cv_stable", m_two_level, x=0.0),
    # --- Einstein and Debye
    C("einstein_cv", m_einstein, T=100.0, theta=300.0),
    C("einstein_cv", m_einstein, dtype="float32", T=100.0, theta=300.0),
    C("einstein_cv", m_einstein, "unstable", T=3e10, theta=300.0),  # x = 1e-8: e^x - 1
    C("einstein_cv", m_einstein, "unstable", T=1.0, theta=720.0),  # inf / inf
    # x = 1e-8: the value is held, but its slope -x/6 is the sum of +-2/x from two paths: unstable still
    C("einstein_cv_stable", m_einstein, "unstable", T=3e10, theta=300.0),
    C("einstein_cv_stable", m_einstein, T=1000.0, theta=300.0),
    C("einstein_cv_stable", m_einstein, T=1.0, theta=700.0),
    C("einstein_cv_stable", m_einstein, dtype="float32", T=1.0, theta=80.0),
    # the first node t = xd * 0 = 0 is 0/0 whatever T and theta: no value anywhere
    H("debye_cv", all_nan(T=0, theta=0), "domain", T=100.0, theta=300.0),
    C("debye_cv_where", m_debye(U_GRID), "wrong", T=100.0, theta=300.0),
    C("debye_cv_where", m_debye(U_GRID), "wrong", T=1.0, theta=300.0),
    C("debye_cv_offset", m_debye(U_OFF), T=100.0, theta=300.0),
    C("debye_cv_offset", m_debye(U_OFF), T=3000.0, theta=300.0),
    C("debye_cv_offset", m_debye(U_OFF), T=1.0, theta=300.0),
    # --- ideal gas chemical potential
    C("chemical_potential", m_mu(), n=0.01, kT=1.5),
    C("chemical_potential", m_mu("float32"), dtype="float32", n=0.01, kT=1.5),
    H("chemical_potential", all_nan(n=0, kT=0), "domain", n=0.0, kT=1.5),
    # a subnormal density: n's slope kT / n = 1.5e320 is beyond float64, and n lambda^3 = 3.46e-322 keeps 7 bits:
    # kT's log(n lambda^3) - 3/2 is 1e-5 off
    C("chemical_potential", m_mu(), "unstable", n=1e-320, kT=1.5),
    C("chemical_potential_si", m_mu_si(), **HE),
    # float32: 2 pi m kT = 1.7e-46 underflows to 0, lambda = h / 0 = inf
    C("chemical_potential_si", m_mu_si("float32"), "unstable", dtype="float32", wrt="T", **HE),
    # --- mean-field Ising
    C("ising_mean_field", m_ising, m0=0.0, beta=0.3, J=1.0),
    C("ising_mean_field", m_ising, m0=0.1, beta=0.25, J=1.0),
    C("ising_mean_field", m_ising, dtype="float32", m0=0.0, beta=0.3, J=1.0),
    # saturated: the slopes (5.9e-345 and below) are below the range; the 0s are the exact ones rounded
    C("ising_mean_field", m_ising, m0=0.5, beta=100.0, J=1.0),
    C("ising_mean_field", m_ising, "ok", m0=0.5, beta=20.0, J=1.0),
    C("ising_free_energy", m_ising_f, m=0.5, beta=0.5, J=1.0),
    C("ising_free_energy", m_ising_f, m=0.0, beta=0.5, J=1.0),
    C("ising_free_energy", m_ising_f, "unstable", m=1.0, beta=200.0, J=1.0),
    C("ising_free_energy", m_ising_f, "unstable", dtype="float32", m=1.0, beta=25.0, J=1.0),
    C("critical_coupling", m_critical, m=0.5),
    H("critical_coupling", all_nan(m=0), "domain", m=0.0),
    C("critical_coupling", m_critical, "unstable", m=1e-8),
    C("critical_coupling", m_critical, "unstable", m=1e-300),  # the slope 2m/3 from 1e300 - 1e300
    H("critical_coupling", all_nan(m=0), "domain", m=1.0),
    # --- mixing
    C("mixing_free_energy", m_mixing, x=0.3, chi=2.0),
    C("mixing_free_energy", m_mixing, dtype="float32", x=0.3, chi=2.0),
    C("mixing_free_energy", m_mixing, "domain", x=0.0, chi=2.0),
    C("mixing_free_energy", m_mixing, "domain", x=1.0, chi=2.0),
    # x = 1e-300: 1 - x rounds to 1, log(1 - x) = 0 loses -x where x log x is only 690 x: the value 1.4e-3 off
    C("mixing_free_energy", m_mixing, "unstable", x=1e-300, chi=2.0),
    C("mixing_free_energy", m_mixing, x=0.9999999999999999, chi=2.0),
    C("mixing_free_energy", m_mixing, "unstable", dtype="float32", x=1e-30, chi=2.0),
    C("mixing_free_energy", m_mixing, x=0.5, chi=2.0),
    # clipped to 1e-12: 1 - xc rounds by 1.1e-16, 1e-4 of log(1 - xc); the value 4e-6 off (x's slope 0 is exact)
    C("mixing_free_energy_clip", m_mixing_clip, "unstable", x=0.0, chi=2.0),
    C("mixing_free_energy_clip", m_mixing_clip, x=1.0, chi=2.0),
    C("mixing_free_energy_clip", m_mixing_clip, x=0.3, chi=2.0),
    # on the clip's lower bound: slope 0 from the left, log(1e-12) + 1 - ... from the right: a kink in x; the value,
    # which the dtype holds, is lost as at x = 0 (8e-7 off): unstable (README; re-derived since the round)
    C("mixing_free_energy_clip", m_mixing_clip, "unstable", x=1e-12, chi=2.0),
    C("mixing_free_energy_where", m_mixing_where, x=0.3, chi=2.0),
    C("mixing_free_energy_where", m_mixing_where, "domain", x=0.0, chi=2.0),
    C("mixing_free_energy_where", m_mixing_where, "domain", x=1.0, chi=2.0),
]
