"""The fortieth trial set (first part): in JAX, predictive microbiology (the Baranyi-Roberts growth curve as the
papers print it, at t = 1000 h, where e^(mu A) overflows, and in its lag phase at h0 = 40, where A's slope
1 - e^-t (1 - e^-h0) / S cancels to 1e-17; the same curve in log space by logaddexp, right far out and still losing
the lag's slope e^-39 to 1 - 1; a growth curve fitted from a parameter tree through jax.vmap, --wrt by path; Haldane's
substrate inhibition at S = 1e100, where S^2 / Ki is a number but the quotient rule's denominator squared overflows,
and divided through by S, right at 1e100 and overflowing its own square at 1e200; a chemostat at washout, D = mu_max,
a pole; Ratkowsky's square-root model exactly at its minimum temperature by jnp.maximum, lax.cond and a where, a
double root, smooth with slope 0, no kink; a retort's lethality F0 by lax.scan), polymer physics (the Flory-Huggins
free energy by log and by xlogy at phi = 1e-300, where (1 - phi) log(1 - phi) rounds to 0, and at phi = 0, an infinite
slope; the solvent's chemical potential by log(1 - phi) at 1e-20 and by log1p; the worm-like chain's force at full
extension, a pole, and one float short of it; its extension at a force by Newton in lax.fori_loop, unrolled, and
behind custom_vjp implicit rules right and dividing by the reduced force's slope, forgetting kT / P; the rule under
jax.vmap; a persistence length fitted from a parameter tree), paint optics (Kubelka-Munk's K/S at R = 0 and 1e-150;
the opaque reflectance 1 + K/S - sqrt(K/S^2 + 2 K/S) at K/S = 1e10 and, in float32, 1e4, where it cancels; its
conjugate, right there and overflowing K/S^2 at 1e200; a scaled conjugate, right at 1e200 and overflowing 2 / K/S at
the least subnormal; both at K/S = 0, an infinite slope; a three-pigment mix through jax.vmap, at zero concentration
0/0), tone mapping (Reinhard's extended operator under jax.jit at L = 1e20 in float32 and 1e200, where L^2 overflows;
the log-average luminance with its delta at a black pixel, and the geometric mean without it, an infinite slope;
Narkowicz's ACES fit at 1e20 in float32, inf / inf under the clip) and digital communications (BPSK's bit error rate
by erfc at 30 dB, e^-1000, below float64, which JAX's 0 is the best of; its log by log(erfc), -inf, by log_ndtr and
by jax.scipy.stats.norm.logsf; log Q behind custom_jvp rules: in log space, right at x = 40; phi / Q by exponentials,
0 / 0 at x = 40; missing 1/sqrt(2 pi), wrong; Shannon's capacity log2(1 + snr) at snr = 1e-20, and from decibels at
-200 dB and 4000 dB, where 10^400 overflows, beside a softplus spelling right at both). In plain NumPy and SciPy the
same as legacy code writes them (scipy.special.xlogy, erfc and log_ndtr; Newton in a while loop on float() of the
step; reflectances filled into an array in a loop; a Python if at Ratkowsky's minimum). Then JAX's machinery on the
same models: Newton to a tolerance in lax.while_loop behind the implicit rule, a trip count in nondiff_argnums, a
NamedTuple of parameters, jax.checkpoint on a scan body, a double where at a white layer (K/S = 0: the constant on one
side, an infinite slope on the other), lax.switch on an integer held as data by --wrt. A sweep of r_infinity and of
log_ber_naive and an audit spec naming JAX functions were tried as a user would (see test_user_trials40a.py).

What the round taught about its own truths: Haldane's rate at S = sqrt(Ks Ki) = 10 is at its optimum, where the
slope in S is a proven 0 (mpmath.diff left 1e-2011 of noise; closed forms now); gradcli.numpy's quotient rule does not
square the denominator as JAX's does, so plain NumPy's Haldane at S = 1e100 is ok where JAX's is unstable; a quotient
of two underflowed exponentials in a custom_jvp rule (log Q at x = 40) is folded by XLA to exp(a - b), so the compiled
gradient JAX's jit runs is right and the verdict ok, though an unjitted jax.grad gives NaN; the log-space Baranyi
curve keeps the lag's slope in t but still loses lam's and ymax's, 1 - 1 inside logaddexp's weights; JAX's log_ndtr
slope is 1e-10 to 4e-10 off between x = -26 and -32 (its three-term asymptotic series), so log BER is unstable from
26 to 27 dB and ok again by 28. Findings (each mended in the same session, see test_user_trials40a.py): no note where XLA's rewrite of a rule's backward makes the compiled gradient
finite (the search for the rewritten step walks single primitives); Haldane's rate a term per line at S = 1e200 is
explained by a harmless underflow's line, not by the one that lost Ki's slope; log_ndtr's slope error at 27 dB is
blamed on the whole function at the line of snr; the chain's misfit in its contour length at L0 = 950 nm, where the
last point's 950 / 950 is exactly 1, a pole inside an array squared and summed, has "no exact reference" (verdict
error) in JAX and in plain NumPy, where the scalar form is domain. Minor: at the one float where 0.5 erfc(r) first
flushes to 0 (28.47 dB) the explanation names no operation (open); a domain finding's steps below float64 printed as
"at step 0e+00" (tests/test_singular_steps_said.py); a sweep's table printed a 5e-9-long interval as "966.35 966.35"
(tests/test_sweep_ends_told_apart.py); a misspelt function had no "did you mean" (tests/test_check_inputs.py).

Truths are the mathematics written here in mpmath (closed forms, implicit slopes at roots from mpmath.findroot, or
mpmath.diff at 2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are the
numbers the dtype holds, constants the numbers the program writes, in the dtype where the program casts them. A
coordinate with no derivative is NaN.
"""

import functools
import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib40a.py", "numpy_lib40a.py"
NAN = mpmath.nan


def _k(value, dtype):
    """A constant the program writes, as the dtype holds it (JAX takes a Python float into the array's dtype)."""
    return _in(dtype, [value])[0]


def ng(function, dtype="float64", **point):
    """num_grad of a restatement whose constants are taken into the dtype."""
    return num_grad(functools.partial(function, dtype=dtype), dtype, **point)


def _only_ki(truth):
    return lambda: {"Ki": truth()["Ki"]}


def _fixed(values):
    return lambda: {k: ([mp(x) if not isinstance(x, mpmath.mpf) else x for x in v] if isinstance(v, list)
                        else (mp(v) if not isinstance(v, mpmath.mpf) else v)) for k, v in values.items()}


# --- predictive microbiology -----------------------------------------------------------------------------------------

def _adjust(t, mu, h0):
    """Baranyi's adjusted time A(t) = t + ln(e^-mu t + e^-h0 - e^(-mu t - h0)) / mu, as log((e^h0 + e^(mu t) - 1)
    e^-h0) / mu: the same number, the integral of q / (1 + q) with q(t) = e^(mu t) / (e^h0 - 1)."""
    return (mpmath.log(mpmath.exp(h0) + mpmath.expm1(mu * t)) - h0) / mu


def _baranyi(t, mu, lam, y0, ymax):
    m = mu * _adjust(t, mu, mu * lam)
    return y0 + m - mpmath.log(1 + mpmath.expm1(m) * mpmath.exp(y0 - ymax))


BARANYI_T = [0.5, 2.0, 6.0, 12.0, 24.0]
BARANYI_Y = [2.1, 2.3, 5.0, 9.8, 18.9]


def _baranyi_fit():
    def truth():
        at = {"mu": _f(0.8), "lam": _f(2.5), "y0": _f(2.0), "ymax": _f(19.0)}

        def loss(**p):
            return sum((_baranyi(_f(t), **p) - _f(y)) ** 2 for t, y in zip(BARANYI_T, BARANYI_Y)) / len(BARANYI_T)
        return {"params." + n: mpmath.diff(lambda v, n=n: loss(**dict(at, **{n: v})), at[n]) for n in at}
    return hp(truth)


def _growth_sse():
    def truth():
        at = {"mu": _f(0.8), "lam": _f(2.5), "y0": _f(2.0), "ymax": _f(19.0)}

        def loss(**p):
            return sum((_baranyi(_f(t), **p) - _f(y)) ** 2 for t, y in zip(BARANYI_T, BARANYI_Y))
        return {"params." + n: mpmath.diff(lambda v, n=n: loss(**dict(at, **{n: v})), at[n]) for n in at}
    return hp(truth)


def _haldane(S, mu_max, Ks, Ki):
    return mu_max * S / (Ks + S + S * S / Ki)


def _haldane_slopes(S, mu_max, Ks, Ki):
    """Closed forms: at S = sqrt(Ks Ki), the optimum, d/dS is a proven 0 (mpmath.diff leaves 1e-2011 of noise)."""
    def truth():
        s, m, ks, ki = (_f(v) for v in (S, mu_max, Ks, Ki))
        den = ks + s + s * s / ki
        return {"S": m * (ks - s * s / ki) / den ** 2, "mu_max": s / den, "Ks": -m * s / den ** 2,
                "Ki": m * s * (s * s / ki ** 2) / den ** 2}
    return hp(truth)


def _chemostat(D, mu_max, Ks, S0, Y):
    return Y * (S0 - Ks * D / (mu_max - D))


def _ratkowsky_full(T, b, c):
    if T <= 4 or T >= 45:
        return mp(0)
    return (b * (T - 4) * (1 - mpmath.exp(c * (T - 45)))) ** 2


def _lethality(temps, dtype="float64"):
    r = [mpmath.power(10, (t - _k(121.1, dtype)) / 10) for t in temps]
    return sum((a + b) / 2 for a, b in zip(r[:-1], r[1:]))


# --- polymer physics -------------------------------------------------------------------------------------------------

def _fh(phi, chi):
    return phi / 1000 * mpmath.log(phi) + (1 - phi) * mpmath.log1p(-phi) + chi * phi * (1 - phi)


def _fh_mu(phi, chi, dtype="float64"):
    return mpmath.log1p(-phi) + _k(1 - 1 / 1000, dtype) * phi + chi * phi ** 2


def _g(x):
    return mp(1) / 4 / (1 - x) ** 2 - mp(1) / 4 + x


def _wlc(x, P, dtype="float64"):
    return _k(4.114, dtype) / P * _g(x)


def _wlc_slopes(F, P, dtype="float64"):
    """x(F, P) solves kT/P g(x) = F: dx/dF = 1 / (kT/P g'(x)), dx/dP = (F / P) / (kT/P g'(x))."""
    def truth():
        (f,), (p,) = _in(dtype, [F]), _in(dtype, [P])
        kt = _k(4.114, dtype)
        x = mpmath.findroot(lambda x: kt / p * _g(x) - f, 1 - 1 / (2 * mpmath.sqrt(f * p / kt + 1)))
        dF_dx = kt / p * (1 / (2 * (1 - x) ** 3) + 1)
        return {"F": 1 / dF_dx, "P": (f / p) / dF_dx}
    return hp(truth)


def _wlc_curve(forces, P):
    def truth():
        fs, (p,) = _in("float64", forces), _in("float64", [P])
        kt = _f(4.114)
        dF, dP = [], mp(0)
        for f in fs:
            x = mpmath.findroot(lambda x: kt / p * _g(x) - f, 1 - 1 / (2 * mpmath.sqrt(f * p / kt + 1)))
            slope = kt / p * (1 / (2 * (1 - x) ** 3) + 1)
            dF.append(1 / slope)
            dP += (f / p) / slope
        return {"forces": dF, "P": dP}
    return hp(truth)


WLC_D, WLC_F = [200.0, 500.0, 800.0, 950.0], [0.02, 0.1, 0.6, 8.0]


def _wlc_fit(names):
    def truth():
        at = {"log_P": _f(3.9), "L0": _f(1000.0)}

        def loss(log_P, L0):
            return sum((_f(4.114) / mpmath.exp(log_P) * _g(_f(d) / L0) - _f(f)) ** 2
                       for d, f in zip(WLC_D, WLC_F)) / len(WLC_D)
        return {"params." + n: mpmath.diff(lambda v, n=n: loss(**dict(at, **{n: v})), at[n]) for n in names}
    return hp(truth)


def _wlc_misfit(L0):
    model = [_f(4.114) / 50 * _g(_f(d) / L0) for d in WLC_D]
    return sum((m - _f(f)) ** 2 for m, f in zip(model, WLC_F)) / len(WLC_F)


# --- paint optics ----------------------------------------------------------------------------------------------------

def _ks(R):
    return (1 - R) ** 2 / (2 * R)


def _r_inf(k):
    """1 + k - sqrt(k^2 + 2k), as 1 / (1 + k + sqrt(k^2 + 2k)): the same number, no cancellation at 2,000 digits."""
    return 1 / (1 + k + mpmath.sqrt(k * k + 2 * k))


def _r_inf_slope(k):
    return 1 - (k + 1) / mpmath.sqrt(k * k + 2 * k)


K_TABLE = [[0.9, 0.05, 0.02], [0.1, 0.6, 0.03], [0.02, 0.08, 0.7]]
S_TABLE = [[1.0, 1.0, 1.0], [0.8, 0.9, 1.1], [1.2, 1.0, 0.9]]
TARGET = [0.3, 0.4, 0.5]


def _paint(conc, dtype="float64"):
    total = 0
    for j in range(3):
        k = sum(c * _k(K_TABLE[i][j], dtype) for i, c in enumerate(conc))
        s = sum(c * _k(S_TABLE[i][j], dtype) for i, c in enumerate(conc))
        total += (_r_inf(k / s) - _k(TARGET[j], dtype)) ** 2
    return total


def _layer(names, dtype="float64"):
    def truth():
        K, S = _in(dtype, [0.3, 1.2])
        slope = _r_inf_slope(K / S)
        return {"layer." + n: v for n, v in (("K", slope / S), ("S", -slope * K / S ** 2)) if n in names}
    return hp(truth)


# --- tone mapping ----------------------------------------------------------------------------------------------------

def _reinhard(L, Lw):
    return L * (1 + L / Lw ** 2) / (1 + L)


def _log_average(L):
    return mpmath.exp(sum(mpmath.log(_f(1e-4) + v) for v in L) / len(L))


def _aces(x, dtype="float64"):
    a, b, c, d, e = (_k(v, dtype) for v in (2.51, 0.03, 2.43, 0.59, 0.14))
    return min(mp(1), max(mp(0), x * (a * x + b) / (x * (c * x + d) + e)))


# --- digital communications ------------------------------------------------------------------------------------------

def _q(x):
    return mpmath.erfc(x / mpmath.sqrt(2)) / 2


def _log_ber(db):
    return mpmath.log(_q(mpmath.sqrt(2 * mpmath.power(10, db / 10))))


def _ber(db):
    return _q(mpmath.sqrt(2 * mpmath.power(10, db / 10)))


def _log_q_slope(x, dtype="float64"):
    def truth():
        (v,) = _in(dtype, [x])
        return {"x": -mpmath.npdf(v) / _q(v)}
    return hp(truth)


def _capacity(snr):
    return mpmath.log(1 + snr) / mpmath.log(2)


def _capacity_db(snr_db):
    return mpmath.log(1 + mpmath.power(10, snr_db / 10)) / mpmath.log(2)


JAX = [
    # --- predictive microbiology
    Case(J, "baranyi", "t=5,mu=0.8,lam=2,y0=2,ymax=20", "float64", "ok",
         num_grad(_baranyi, t=5, mu=0.8, lam=2, y0=2, ymax=20)),
    Case(J, "baranyi", "t=5,mu=0.8,lam=2,y0=2,ymax=20", "float32", "ok",
         num_grad(_baranyi, "float32", t=5, mu=0.8, lam=2, y0=2, ymax=20)),
    # e^(mu A) = e^798.4 overflows: log(inf) is the value, where the curve has long reached ymax
    Case(J, "baranyi", "t=1000,mu=0.8,lam=2,y0=2,ymax=20", "float64", "unstable",
         num_grad(_baranyi, t=1000, mu=0.8, lam=2, y0=2, ymax=20),
         "return y0 + mu * A - jnp.log(1.0 + (jnp.exp(mu * A) - 1.0) / jnp.exp(ymax - y0))"),
    # deep in the lag (h0 = 40): A's slope 1 - e^-t (1 - e^-h0) / S is e^-39, and float64 computes 1 - 1
    Case(J, "baranyi", "t=1,mu=1,lam=40,y0=2,ymax=20", "float64", "unstable",
         num_grad(_baranyi, t=1, mu=1, lam=40, y0=2, ymax=20)),
    Case(J, "baranyi_stable", "t=1000,mu=0.8,lam=2,y0=2,ymax=20", "float64", "ok",
         num_grad(_baranyi, t=1000, mu=0.8, lam=2, y0=2, ymax=20)),
    Case(J, "baranyi_stable", "t=5,mu=0.8,lam=2,y0=2,ymax=20", "float32", "ok",
         num_grad(_baranyi, "float32", t=5, mu=0.8, lam=2, y0=2, ymax=20)),
    # log space keeps t's slope but not lam's: logaddexp's weight e^h0 / (e^h0 + e^b) is 1 - 7e-18, and 1 - 1 = 0
    Case(J, "baranyi_stable", "t=1,mu=1,lam=40,y0=2,ymax=20", "float64", "unstable",
         num_grad(_baranyi, t=1, mu=1, lam=40, y0=2, ymax=20)),
    Case(J, "baranyi_fit", None, "float64", "ok", _baranyi_fit(), args="baranyi_args", wrt="params"),
    # S = sqrt(Ks Ki) = 10, the optimum: the slope in S is 0 (every number here is exact in float32 too)
    Case(J, "haldane", "S=10,mu_max=0.5,Ks=2,Ki=50", "float64", "ok", _haldane_slopes(10, 0.5, 2, 50)),
    Case(J, "haldane", "S=10,mu_max=0.5,Ks=2,Ki=50", "float32", "ok", _haldane_slopes(10, 0.5, 2, 50)),
    Case(J, "haldane", "S=0,mu_max=0.5,Ks=2,Ki=50", "float64", "ok", num_grad(_haldane, S=0, mu_max=0.5, Ks=2, Ki=50)),
    # S^2 / Ki = 2e198 is a number, but the quotient rule's denominator squared, 4e396, is not
    Case(J, "haldane", "S=1e+100,mu_max=0.5,Ks=2,Ki=50", "float64", "unstable",
         num_grad(_haldane, S=1e100, mu_max=0.5, Ks=2, Ki=50), "return mu_max * S / (Ks + S + S ** 2 / Ki)"),
    Case(J, "haldane_divided", "S=1e+100,mu_max=0.5,Ks=2,Ki=50", "float64", "ok",
         num_grad(_haldane, S=1e100, mu_max=0.5, Ks=2, Ki=50)),
    # divided through, the value is right at 1e200, but its slope in Ki, 5e-201, goes through (S / Ki)^2 = inf
    Case(J, "haldane_divided", "S=1e+200,mu_max=0.5,Ks=2,Ki=50", "float64", "unstable",
         num_grad(_haldane, S=1e200, mu_max=0.5, Ks=2, Ki=50)),
    # the same, a term per line: the slope lost is Ki's, through (S / Ki)^2 = inf at the return line; the underflow of
    # (Ks / S)'s 1 / S^2 feeds only slopes whose exact values are below float64 (-2.5e-399, -1.25e-597), harmless.
    # gradcli names the harmless one's line (a strict xfail in test_user_trials40a.py); --wrt Ki names the return line
    Case(J, "haldane_terms", "S=1e+200,mu_max=0.5,Ks=2,Ki=50", "float64", "unstable",
         num_grad(_haldane, S=1e200, mu_max=0.5, Ks=2, Ki=50), "return mu_max / (saturation + 1.0 + inhibition)"),
    Case(J, "haldane_terms", "S=3e+200,mu_max=0.5,Ks=2,Ki=50", "float64", "unstable",
         _only_ki(num_grad(_haldane, S=3e200, mu_max=0.5, Ks=2, Ki=50)), "return mu_max / (saturation + 1.0 + inhibition)",
         wrt="Ki"),
    Case(J, "chemostat_biomass", "D=0.3,mu_max=0.6,Ks=0.2,S0=10,Y=0.5", "float64", "ok",
         num_grad(_chemostat, D=0.3, mu_max=0.6, Ks=0.2, S0=10, Y=0.5)),
    # washout: D = mu_max, a pole
    Case(J, "chemostat_biomass", "D=0.6,mu_max=0.6,Ks=0.2,S0=10,Y=0.5", "float64", "domain", _fixed({"D": NAN}),
         wrt="D"),
    # a double root: (b max(T - Tmin, 0))^2 has slope 0 on both sides of Tmin, no kink
    Case(J, "ratkowsky", "T=4,b=0.03", "float64", "ok", _fixed({"T": 0, "b": 0})),
    Case(J, "ratkowsky", "T=20,b=0.03", "float32", "ok",
         num_grad(lambda T, b: (b * (T - 4)) ** 2, "float32", T=20, b=0.03)),
    Case(J, "ratkowsky_cond", "T=4,b=0.03", "float64", "ok", _fixed({"T": 0, "b": 0})),
    Case(J, "ratkowsky_full", "T=45,b=0.03,c=0.3", "float64", "ok", _fixed({"T": 0, "b": 0, "c": 0})),
    Case(J, "ratkowsky_full", "T=30,b=0.03,c=0.3", "float64", "ok", num_grad(_ratkowsky_full, T=30, b=0.03, c=0.3)),
    Case(J, "lethality", "temps=[100,115,121,121,110]", "float64", "ok",
         ng(_lethality, temps=[100, 115, 121, 121, 110])),
    Case(J, "lethality", "temps=[100,115,121,121,110]", "float32", "ok",
         ng(_lethality, "float32", temps=[100, 115, 121, 121, 110])),
    # --- polymer physics
    Case(J, "fh_free_energy", "phi=0.3,chi=0.6", "float64", "ok", num_grad(_fh, phi=0.3, chi=0.6)),
    Case(J, "fh_free_energy", "phi=0.3,chi=0.6", "float32", "ok", num_grad(_fh, "float32", phi=0.3, chi=0.6)),
    # (1 - phi) log(1 - phi) = -1e-300 rounds to 0: the value, -1.09e-300, comes out -9.1e-302
    Case(J, "fh_free_energy", "phi=1e-300,chi=0.6", "float64", "unstable", num_grad(_fh, phi=1e-300, chi=0.6),
         "return phi / N_CHAIN * jnp.log(phi) + (1.0 - phi) * jnp.log(1.0 - phi)"),
    Case(J, "fh_free_energy_xlogy", "phi=0.3,chi=0.6", "float64", "ok", num_grad(_fh, phi=0.3, chi=0.6)),
    # phi = 0: the value 0 is right, the slope log(phi) / N is -inf
    Case(J, "fh_free_energy_xlogy", "phi=0,chi=0.6", "float64", "domain", _fixed({"phi": NAN, "chi": 0})),
    Case(J, "fh_solvent_potential", "phi=0.2,chi=0.5", "float32", "ok",
         ng(_fh_mu, "float32", phi=0.2, chi=0.5)),
    # log(1 - 1e-20) = log(1) = 0: the value (1 - 1/N) 1e-20 where it is -1e-23
    Case(J, "fh_solvent_potential", "phi=1e-20,chi=0.5", "float64", "unstable", ng(_fh_mu, phi=1e-20, chi=0.5),
         "return jnp.log(1.0 - phi) + (1.0 - 1.0 / N_CHAIN) * phi + chi * phi ** 2", "jnp.log1p("),
    Case(J, "fh_solvent_potential_log1p", "phi=1e-20,chi=0.5", "float64", "ok", ng(_fh_mu, phi=1e-20, chi=0.5)),
    Case(J, "wlc_force", "x=0.5,P=50", "float64", "ok", ng(_wlc, x=0.5, P=50)),
    Case(J, "wlc_force", "x=0.9999999999999999,P=50", "float64", "ok", ng(_wlc, x=0.9999999999999999, P=50)),
    Case(J, "wlc_force", "x=0.99999994,P=50", "float32", "ok", ng(_wlc, "float32", x=0.99999994, P=50)),
    # full extension: 0.25 / (1 - x)^2, a pole
    Case(J, "wlc_force", "x=1,P=50", "float64", "domain", _fixed({"x": NAN, "P": NAN})),
    Case(J, "wlc_newton", "F=5,P=50", "float64", "ok", _wlc_slopes(5, 50)),
    Case(J, "wlc_extension", "F=5,P=50", "float64", "ok", _wlc_slopes(5, 50)),
    Case(J, "wlc_extension", "F=5,P=50", "float32", "ok", _wlc_slopes(5, 50, "float32")),
    Case(J, "wlc_extension", "F=1000,P=50", "float64", "ok", _wlc_slopes(1000, 50)),
    Case(J, "wlc_extension_bad", "F=5,P=50", "float64", "wrong", _wlc_slopes(5, 50), "def _ext_bad_bwd"),
    Case(J, "wlc_curve", "forces=[1,5,20],P=50", "float64", "ok", _wlc_curve([1, 5, 20], 50)),
    Case(J, "wlc_fit", None, "float64", "ok", _wlc_fit(["log_P"]), args="wlc_args", wrt="params.log_P"),
    # --- paint optics
    Case(J, "ks_ratio", "R=0.4", "float64", "ok", num_grad(_ks, R=0.4)),
    Case(J, "ks_ratio", "R=0.4", "float32", "ok", num_grad(_ks, "float32", R=0.4)),
    Case(J, "ks_ratio", "R=1e-150", "float64", "ok", num_grad(_ks, R=1e-150)),
    Case(J, "ks_ratio", "R=0", "float64", "domain", _fixed({"R": NAN})),
    Case(J, "r_infinity", "ks=0.5", "float64", "ok", hp(lambda: {"ks": _r_inf_slope(_f(0.5))})),
    # 1 + 1e10 - (1e10 + 1 - 5e-11): every digit of the reflectance 5e-11 cancels
    Case(J, "r_infinity", "ks=10000000000.0", "float64", "unstable", hp(lambda: {"ks": _r_inf_slope(_f(1e10))}),
         "return 1.0 + ks - jnp.sqrt(ks ** 2 + 2.0 * ks)"),
    Case(J, "r_infinity", "ks=10000", "float32", "unstable", hp(lambda: {"ks": _r_inf_slope(mp(10000))}),
         "return 1.0 + ks - jnp.sqrt(ks ** 2 + 2.0 * ks)"),
    Case(J, "r_infinity", "ks=0", "float64", "domain", _fixed({"ks": NAN})),
    Case(J, "r_infinity_conjugate", "ks=10000000000.0", "float64", "ok", hp(lambda: {"ks": _r_inf_slope(_f(1e10))})),
    Case(J, "r_infinity_conjugate", "ks=10000", "float32", "ok", hp(lambda: {"ks": _r_inf_slope(mp(10000))})),
    # ks^2 = 1e400 overflows: 1 / inf = 0 where the reflectance is 5e-201
    Case(J, "r_infinity_conjugate", "ks=1e+200", "float64", "unstable", hp(lambda: {"ks": _r_inf_slope(_f(1e200))}),
         "return 1.0 / (1.0 + ks + jnp.sqrt(ks ** 2 + 2.0 * ks))"),
    Case(J, "r_infinity_scaled", "ks=1e+200", "float64", "ok", hp(lambda: {"ks": _r_inf_slope(_f(1e200))})),
    # 2 / 5e-324 overflows: 5e-324 * inf, where the reflectance is 1 - 3e-162
    Case(J, "r_infinity_scaled", "ks=5e-324", "float64", "unstable", hp(lambda: {"ks": _r_inf_slope(_f(5e-324))}),
         "return 1.0 / (1.0 + ks + ks * jnp.sqrt(1.0 + 2.0 / ks))"),
    Case(J, "paint_mismatch", "conc=[0.3,0.3,0.4]", "float64", "ok", ng(_paint, conc=[0.3, 0.3, 0.4])),
    Case(J, "paint_mismatch", "conc=[0.3,0.3,0.4]", "float32", "ok", ng(_paint, "float32", conc=[0.3, 0.3, 0.4])),
    # no pigment: K/S of the mix is 0/0
    Case(J, "paint_mismatch", "conc=[0,0,0]", "float64", "domain", _fixed({"conc": [NAN, NAN, NAN]})),
    # --- tone mapping
    Case(J, "reinhard_extended", "L=2,Lw=4", "float64", "ok", num_grad(_reinhard, L=2, Lw=4)),
    # L (1 + L) = 1e40 overflows float32, where the value is 1e20
    Case(J, "reinhard_extended", "L=1e+20,Lw=1", "float32", "unstable", num_grad(_reinhard, "float32", L=1e20, Lw=1),
         "return L * (1.0 + L / Lw ** 2) / (1.0 + L)"),
    Case(J, "reinhard_extended", "L=1e+200,Lw=1", "float64", "unstable", num_grad(_reinhard, L=1e200, Lw=1),
         "return L * (1.0 + L / Lw ** 2) / (1.0 + L)"),
    Case(J, "log_average_luminance", "L=[0,1,4]", "float64", "ok", num_grad(_log_average, L=[0, 1, 4])),
    Case(J, "geometric_mean_luminance", "L=[1,2,4]", "float64", "ok",
         num_grad(lambda L: mpmath.cbrt(L[0] * L[1] * L[2]), L=[1, 2, 4])),
    # a black pixel: (L0 L1 L2)^(1/3) has an infinite slope in L0, and none in the others
    Case(J, "geometric_mean_luminance", "L=[0,1,4]", "float64", "domain", _fixed({"L": [NAN, 0, 0]})),
    Case(J, "aces_filmic", "x=1.5", "float64", "ok", ng(_aces, x=1.5)),
    Case(J, "aces_filmic", "x=1.5", "float32", "ok", ng(_aces, "float32", x=1.5)),
    # x (2.51 x + 0.03) overflows float32: inf / inf under the clip, where the curve is clipped to 1
    Case(J, "aces_filmic", "x=1e+20", "float32", "unstable", _fixed({"x": 0}),
         "return jnp.clip(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)"),
    # --- digital communications
    Case(J, "ber_bpsk", "ebn0_db=6", "float64", "ok", num_grad(lambda ebn0_db: _ber(ebn0_db), ebn0_db=6)),
    Case(J, "ber_bpsk", "ebn0_db=6", "float32", "ok", num_grad(lambda ebn0_db: _ber(ebn0_db), "float32", ebn0_db=6)),
    # Q(44.7) = e^-1000: below float64, where JAX's 0 is the best a float64 can hold
    Case(J, "ber_bpsk", "ebn0_db=30", "float64", "ok", num_grad(lambda ebn0_db: _ber(ebn0_db), ebn0_db=30)),
    Case(J, "log_ber_naive", "ebn0_db=6", "float64", "ok", num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=6)),
    # erfc(31.6) underflows to 0, and log(0)
    Case(J, "log_ber_naive", "ebn0_db=30", "float64", "unstable",
         num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30), "return jnp.log(0.5 * erfc(jnp.sqrt(snr)))"),
    Case(J, "log_ber", "ebn0_db=30", "float64", "ok", num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30)),
    # JAX's log_ndtr takes its far tail from a three-term asymptotic series: at x = -28.2 its slope is 2.6e-10 off
    # (measured against mpmath's erfc), its value 6.4e-13: named at log_ndtr's line
    Case(J, "log_ber", "ebn0_db=26", "float64", "unstable", num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=26),
         "return log_ndtr(-jnp.sqrt(2.0 * snr))"),
    # at x = -31.66 the slope is 1.03e-10 off, its value 2e-13: still unstable, but the finding blames "the gradient
    # rule of log_ber" at the line of snr (a strict xfail in test_user_trials40a.py)
    Case(J, "log_ber", "ebn0_db=27", "float64", "unstable", num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=27),
         "return log_ndtr(-jnp.sqrt(2.0 * snr))"),
    Case(J, "log_ber", "ebn0_db=12", "float32", "ok",
         num_grad(lambda ebn0_db: _log_ber(ebn0_db), "float32", ebn0_db=12)),
    Case(J, "log_ber_stats", "ebn0_db=30", "float64", "ok", num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30)),
    Case(J, "log_q", "x=40", "float64", "ok", _log_q_slope(40)),
    Case(J, "log_q", "x=1", "float32", "ok", _log_q_slope(1, "float32")),
    Case(J, "log_q_naive", "x=1", "float64", "ok", _log_q_slope(1)),
    # the rule divides e^-800 by Q(40) = e^-804.6: both underflow, 0 / 0, run op by op (an unjitted jax.grad gives
    # NaN); but XLA's compiled program, the one judged, folds the quotient of exponentials to exp(-800 + 804.6) and
    # gets the slope right: ok. gradcli gives no note that the compiled gradient parts from the operations as
    # written (test_user_trials40a.py holds that as a strict xfail)
    Case(J, "log_q_naive", "x=40", "float64", "ok", _log_q_slope(40)),
    Case(J, "log_q_bad", "x=1", "float64", "wrong", _log_q_slope(1), "def _log_q_bad_jvp"),
    Case(J, "log_ber_custom", "ebn0_db=30", "float64", "ok",
         num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30)),
    Case(J, "capacity", "snr=3", "float32", "ok", num_grad(_capacity, "float32", snr=3)),
    # 1 + 1e-20 rounds to 1: log2(1) = 0 where the capacity is 1.44e-20
    Case(J, "capacity", "snr=1e-20", "float64", "unstable", num_grad(_capacity, snr=1e-20),
         "return jnp.log2(1.0 + snr)"),
    Case(J, "capacity_db", "snr_db=20", "float64", "ok", num_grad(_capacity_db, snr_db=20)),
    Case(J, "capacity_db", "snr_db=-200", "float64", "unstable", num_grad(_capacity_db, snr_db=-200),
         "return jnp.log2(1.0 + 10.0 ** (snr_db / 10.0))"),
    # 10^400 overflows: log2(inf), where the capacity is 1328.8 bits
    Case(J, "capacity_db", "snr_db=4000", "float64", "unstable", num_grad(_capacity_db, snr_db=4000),
         "return jnp.log2(1.0 + 10.0 ** (snr_db / 10.0))"),
    Case(J, "capacity_db_softplus", "snr_db=4000", "float64", "ok", num_grad(_capacity_db, snr_db=4000)),
    Case(J, "capacity_db_softplus", "snr_db=-200", "float64", "ok", num_grad(_capacity_db, snr_db=-200)),
    # --- more of JAX's machinery on the same models
    # Newton to a tolerance in lax.while_loop behind the implicit rule: judged against the root's slope
    Case(J, "wlc_extension_tol", "F=5,P=50", "float64", "ok", _wlc_slopes(5, 50)),
    Case(J, "wlc_extension_tol", "F=1000,P=50", "float64", "ok", _wlc_slopes(1000, 50)),
    # custom_vjp with nondiff_argnums (the trip count)
    Case(J, "wlc_extension_40", "F=5,P=50", "float64", "ok", _wlc_slopes(5, 50)),
    Case(J, "wlc_extension_40", "F=5,P=50", "float32", "ok", _wlc_slopes(5, 50, "float32")),
    Case(J, "growth_sse", None, "float64", "ok", _growth_sse(), args="growth_args", wrt="params"),
    Case(J, "lethality_checkpointed", "temps=[100,115,121,121,110]", "float64", "ok",
         ng(_lethality, temps=[100, 115, 121, 121, 110])),
    # a white layer behind a double where: the constant 1 on the left, an infinite slope on the right
    Case(J, "r_infinity_safe", "ks=0", "float64", "domain", _fixed({"ks": NAN})),
    Case(J, "r_infinity_safe", "ks=0.5", "float64", "ok", hp(lambda: {"ks": _r_inf_slope(_f(0.5))})),
    Case(J, "r_infinity_safe", "ks=1e+200", "float64", "unstable", hp(lambda: {"ks": _r_inf_slope(_f(1e200))}),
         "return jnp.where(positive, 1.0 / (1.0 + safe + jnp.sqrt(safe ** 2 + 2.0 * safe)), 1.0)"),
    # lax.switch on an integer held as data by --wrt: FSK's Q(sqrt(snr)) at 20 dB, BPSK's at 30 dB
    Case(J, "log_ber_switch", "ebn0_db=20,scheme=2", "float64", "ok",
         num_grad(lambda ebn0_db: mpmath.log(_q(mpmath.sqrt(mpmath.power(10, ebn0_db / 10)))), ebn0_db=20),
         wrt="ebn0_db"),
    Case(J, "log_ber_switch", "ebn0_db=30,scheme=0", "float64", "ok",
         num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30), wrt="ebn0_db"),
    # a custom_vjp over a dict of coefficients (K/S = 0.25: R = 1/2 exactly), the wrong rule slipping S's sign only
    Case(J, "layer_reflectance", None, "float64", "ok", _layer(["K", "S"]), args="layer_args", wrt="layer"),
    Case(J, "layer_reflectance_bad", None, "float64", "wrong", _layer(["K", "S"]), "def _layer_bad_bwd",
         args="layer_args", wrt="layer"),
    # --wrt layer.K: the leaf whose rule is right, the other held as data
    Case(J, "layer_reflectance_bad", None, "float32", "ok", _layer(["K"], "float32"), args="layer_args",
         wrt="layer.K"),
    # the misfit in the contour length: at L0 = 950 nm the last point is at full extension, 950 / 950 = 1 exactly,
    # a pole; gradcli calls the point one with no exact reference (a strict xfail in test_user_trials40a.py)
    Case(J, "wlc_misfit", "L0=1000", "float64", "ok", num_grad(_wlc_misfit, L0=1000)),
    Case(J, "wlc_misfit", "L0=950", "float64", "domain", _fixed({"L0": NAN})),
    # --- input errors a user makes
    Case(J, "baranyi_fit", None, "float32", "input-error", args="baranyi_args", wrt="params.lag",
         message=("params.lag",)),
    Case(J, "wlc_fit", None, "float32", "input-error", args="wlc_args", wrt="params.logP", message=("logP",)),
    Case(J, "haldane", "S=10,mu_max=0.5,Ks=2", "float64", "input-error", message=("Ki",)),
    Case(J, "r_infinty", "ks=0.5", "float64", "input-error", message=("r_infinty",)),
    Case(J, "paint_mismatch", "conc=[0.3,0.3,0.4", "float64", "input-error", message=("conc=[0.3,0.3,0.4",)),
]


NUMPY = [
    Case(N, "baranyi", "t=5,mu=0.8,lam=2,y0=2,ymax=20", "float64", "ok",
         num_grad(_baranyi, t=5, mu=0.8, lam=2, y0=2, ymax=20)),
    Case(N, "baranyi", "t=1000,mu=0.8,lam=2,y0=2,ymax=20", "float64", "unstable",
         num_grad(_baranyi, t=1000, mu=0.8, lam=2, y0=2, ymax=20),
         "return y0 + mu * A - np.log(1 + (np.exp(mu * A) - 1) / np.exp(ymax - y0))"),
    Case(N, "haldane", "S=0,mu_max=0.5,Ks=2,Ki=50", "float64", "ok", num_grad(_haldane, S=0, mu_max=0.5, Ks=2, Ki=50)),
    # gradcli.numpy's quotient rule does not square the denominator as JAX's does: its slopes at 1e100 are right
    Case(N, "haldane", "S=1e+100,mu_max=0.5,Ks=2,Ki=50", "float64", "ok",
         num_grad(_haldane, S=1e100, mu_max=0.5, Ks=2, Ki=50)),
    Case(N, "chemostat_biomass", "D=0.6,mu_max=0.6,Ks=0.2,S0=10,Y=0.5", "float64", "domain", _fixed({"D": NAN}),
         wrt="D"),
    Case(N, "ratkowsky", "T=4,b=0.03", "float64", "ok", _fixed({"T": 0, "b": 0})),
    Case(N, "ratkowsky_if", "T=4,b=0.03", "float64", "ok", _fixed({"T": 0, "b": 0})),
    Case(N, "fh_free_energy", "phi=0.3,chi=0.6", "float64", "ok", num_grad(_fh, phi=0.3, chi=0.6)),
    Case(N, "fh_free_energy", "phi=1e-300,chi=0.6", "float64", "unstable", num_grad(_fh, phi=1e-300, chi=0.6),
         "return special.xlogy(phi, phi) / N + special.xlogy(1 - phi, 1 - phi)"),
    Case(N, "fh_free_energy", "phi=0,chi=0.6", "float64", "domain", _fixed({"phi": NAN, "chi": 0})),
    Case(N, "fh_solvent_potential", "phi=1e-20,chi=0.5", "float64", "unstable", ng(_fh_mu, phi=1e-20, chi=0.5),
         "return np.log(1 - phi) + (1 - 1 / N) * phi + chi * phi ** 2", "np.log1p("),
    Case(N, "fh_solvent_potential_log1p", "phi=1e-20,chi=0.5", "float64", "ok", ng(_fh_mu, phi=1e-20, chi=0.5)),
    Case(N, "wlc_extension", "F=5,P=50", "float64", "ok", _wlc_slopes(5, 50)),
    Case(N, "wlc_misfit", "L0=1000", "float64", "ok", num_grad(_wlc_misfit, L0=1000)),
    Case(N, "wlc_misfit", "L0=950", "float64", "domain", _fixed({"L0": NAN})),
    Case(N, "r_infinity", "ks=10000000000.0", "float64", "unstable", hp(lambda: {"ks": _r_inf_slope(_f(1e10))}),
         "return 1 + ks - np.sqrt(ks ** 2 + 2 * ks)"),
    Case(N, "r_infinity_conjugate", "ks=10000000000.0", "float64", "ok", hp(lambda: {"ks": _r_inf_slope(_f(1e10))})),
    Case(N, "mean_reflectance", "ks=[0.5,2,10000000000.0]", "float64", "ok",
         hp(lambda: {"ks": [_r_inf_slope(_f(k)) / 3 for k in (0.5, 2, 1e10)]})),
    Case(N, "reinhard_extended", "L=1e+200,Lw=1", "float64", "unstable", num_grad(_reinhard, L=1e200, Lw=1),
         "return L * (1 + L / Lw ** 2) / (1 + L)"),
    Case(N, "log_ber_naive", "ebn0_db=30", "float64", "unstable",
         num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30), "return np.log(0.5 * special.erfc(np.sqrt(snr)))"),
    Case(N, "log_ber", "ebn0_db=30", "float64", "ok", num_grad(lambda ebn0_db: _log_ber(ebn0_db), ebn0_db=30)),
    Case(N, "capacity", "snr=1e-20", "float64", "unstable", num_grad(_capacity, snr=1e-20), "return np.log2(1 + snr)"),
    Case(N, "r_infinity", "k=0.5", "float64", "input-error", message=("k",)),
]

ALL = JAX + NUMPY
