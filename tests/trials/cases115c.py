"""The hundred-and-fifteenth round (c) of user trials: radar, antennas and wireless communications written with
gradcli.numpy (tests/trials/lib115c.py).

The formulas RF, radar and communications engineers differentiate (link budgets, power control, beamforming weights,
detection thresholds): 10 log10(P) at P = 2, 0, the float64 subnormal 1e-320 and float32's 1e-40 and 1e-30, 20
log10|a| at 0 and -0.5; dBm to watts at 30 dBm, past float32 (420 dBm) and at a float32 subnormal (-400 dBm), watts to
dBm at 0; two powers added in dBm through 10^(a/10) (ordinary, float32; at -3300 dBm: underflow) and through logaddexp;
Friis's (4 pi d / lambda)^2 at d = 0 and past float32, its dB form at d = 0 (f keeping its slope), the log-distance
model at d = d0 and d = 0 (d0 keeping its slope), a link budget; the radar equation (ordinary, R^4 overflowing float32
at R = 1e10, R = 0), its dB form in float32, the maximum range (ordinary, Smin = 0); Doppler in float32 and at v = 0;
CA-CFAR's alpha = N (Pfa^(-1/N) - 1) (ordinary, Pfa = 1, N = 1e9, float32) and its expm1 form; Shannon's B log2(1 +
SNR) at SNR = 0, 1e-20 (and log1p's form), -1, float32, from dB at -200 dB; SINR (ordinary, a zero denominator), the
sum rate; water-filling's sum max(mu - N, 0) and its rate at ties (both dtypes) and off them; BPSK's 0.5 erfc(sqrt
Eb/N0) at 0, 4, float32's 60 and 800 (erfc's underflow), its log at 4, 800, 729 (subnormals) and float32's 20; Q by
erfc (3, 40, float32 2), M-PSK's and QAM's symbol error approximations (M-PSK at Es = 0); Rayleigh outage 1 - exp(-x /
mean) at x = 1e-10 in both dtypes and its expm1 form, its log at 1, 1e-10, 1e-20 and 0, a Rician first-order form at K
= 0; the uniform linear array's sin(N psi / 2) / (N sin(psi / 2)) at the main lobe (0 / 0), at psi = 0.3 (both
dtypes), at the grating lobe 2 pi (as float64 holds it) and at psi = 1e-8, guarded by where at 0, its dB form at the
first null pi / 4; NumPy's sinc at 0 and its null 1, sinc^2 at 1 and (float32) 0.5; aperture gain (float32, lambda =
0); polarisation loss cos^2(deg2rad(90)) and its dB form there; a real-weighted beam's power (ordinary, w = 0); a
soft-max beam selection naive in float32 at scores 100 and stable; Friis's noise cascade (ordinary, G1 = 0), noise
figures in dB, kTB in dBm (ordinary, T = 0); attenuation exp(-alpha d) in float32 (and its underflow), its dB form
through exp (float32 at alpha d = 200, float64 at 800, ordinary); an EVM's RMS at e = 0; hand-written rules: a dB
conversion (right in both dtypes, ln 10 forgotten), a PA's clipped power passed straight through (right below the
clip, wrong above it, the kink at 2), a clipping rule by where whose slip multiplies by p (hidden at p = 1), dBm to
watts by TFP's form (right in both dtypes, ln 10 forgotten).

Tried: 57 functions in lib115c (all in ALL) and 16 in a scratch file (/tmp/115c/scr.py: a stable soft-max at t = 0,
CFAR at Pfa = 0, sinc at 1e-200, 10 log10 of a sum at zeros and of each entry with one 0 (float32), Doppler with
cos(deg2rad(90)), g + 10 log10(cos^2), g + 20 log10|cos|, g + k log10(cos^2) at 90 deg (both dtypes), water-filling
by where at a tie, sinc^2 at 2 in float32, log cos at 90 deg, Q at 15 in float32, the clipping rule's slip, the array
factor at its first null); 129 case checks in a first full run through the CLI, judged by tests/trials/judge.py (a
scratch driver, /tmp/115c/run.py, runs the CLI in two threads, at most two gradcli processes, and judges in the main
one): 123 passing, 6 failing, all 6 my truths (corrected below); 18 probes by hand; then 12 ordinary points dropped, 3
cases added (the clip's slip twice, log BER at 729) and a final full run of the 120 kept: all passing. ALL keeps 120: 71
ok, 27 domain, 17 unstable, 5 wrong; 88 float64, 32 float32. Every check took 1.8-6.8 s on the shared machine (two at
once; the final full run about 4 minutes of wall time).

Truths are written here from the mathematics, never lib115c's code or gradcli: each function re-written in mpmath
(2,000 digits, cases30b.sided_grad) with the points as the dtype holds them and the program's Python constants as the
dtype holds them (4.0 * np.pi and (4.0 * np.pi) ** 3 folded in Python first, -147.55221677811664, the speed of light
299792458.0 (299792448 in float32), Boltzmann's constant), except np.sqrt(2.0), a float64 number whatever the dtype;
np.pi / M with the float64 pi; NumPy's sinc and deg2rad with pi exact (README: cos(deg2rad(90)) exactly 0); log10 as
the program's (-inf at 0, NaN below), division by 0 as the program's (0 / 0 NaN, x / 0 infinite); max and min as the
piecewise mathematics they stand for. Derivatives from the left and the right by mpmath.diff (sided_grad with
finite_sides: NaN where the sides differ or one is undefined or infinite); by hand at the poles (every input NaN where
the value is infinite for every input near; the inputs a pole never meets keep their slopes, as README's log(y/x) at x
= 0 keeps y's: fspl_db's f, log_distance's d0, kTB's B, the noise cascade's F1), for 10 / (P ln 10) at subnormal P,
for the where-guarded array factor at psi = 0 (1 for every n near: slopes 0), the attenuation in dB (-10 alpha d /
ln 10 exactly) and the hand-written rules (the mathematics' slope, not the rule's).

What agreed: every ordinary point ok in both dtypes; 10 log10(P) domain at 0 and at subnormal P (4.3e320 past float64,
4.3e40 past float32; gradcli gives the exact slope beyond the dtype, inf for float64's); 20 log10|a| domain at 0; the
dBm sum unstable at -3300 dBm (NaN for slopes of 1/2), logaddexp's form ok; Friis's loss ok at d = 0 (slopes 0), domain
past float32 (lambda's -3.2e45); fspl_db and log_distance domain at d = 0 with f's and d0's slopes kept, n's NaN; the
radar equation unstable in float32 at R = 1e10 (every slope computed 0, the exact ones 4.5e-41 to 3e-33), domain at R
= 0, its dB form ok there; CFAR unstable at N = 1e9 in both forms (expm1(u) - u e^u still cancels in N's slope); the
capacity unstable at SNR = 1e-20 and -200 dB (B's slope 1.4e-20 computed 0), log1p's form ok, domain at SNR = -1;
SINR domain at a zero denominator; water-filling domain at its ties (max's sides: mu 1 and 2, N[1] -1 and 0), the
where form too; BPSK's BER domain at 0, ok at 800 (1e-349 and its slope below float64: 0 is right), its log unstable
at 800 and at 729 (subnormals) and ok elsewhere; Q ok at 40 in float64 and at 15 in float32 (both underflows); M-PSK
domain at Es = 0 with M's 0; Rayleigh outage unstable at x = 1e-10 in both dtypes (the value cancels, the slopes are
exact), expm1's form ok, its log unstable at 1e-10 and 1e-20, domain at 0; the array factor domain at its main lobe,
unstable at psi = 1e-8, the where guard wrong at 0 (exact slopes 0, NaN computed), its dB form ok at its first null
(AF = 4e-17 computed well); sinc ok at 0, at 1e-200 and at its null (slope -1), sinc^2 ok at its null 1 (exact 0; a
computed -7.8e-17 within rtol times the array's magnitude) and at 2 in float32 (exact 0, 2.8e-8 computed, passing
likewise); cos^2(deg2rad(90)) ok, its dB form and log cos domain, g beside them keeping 1; Doppler with cos(deg2rad(90))
ok with v's and f0's exact 0 (4e-15 computed: within rtol times theta's 349); the naive soft-max unstable in float32,
the stable one ok, domain at t = 0; the noise cascade domain at G1 = 0 (F1 keeping 1), kTB domain at T = 0; attenuation
ok through its float32 underflow, its dB form unstable there (log10 of 0) in both dtypes; EVM domain at e = 0; the
rules: right ones ok, slipped ones wrong with the rule's line named (grad_fn's def), the clip's kink domain though the
rule says 1, the hidden slip ok at p = 1 and wrong at 1.5, TFP's form ok and its slip wrong.

Truths corrected (gradcli right, re-derived): dBm to watts at 420 dBm in float32 is unstable, not domain: the value 1e39
is past float32 but the slope 2.3e38 is not, and README makes a slope the dtype holds beside a value it cannot
unstable (its exp(log a + log b) example). At -400 dBm in float32 it is ok, not unstable: the value 1e-43 and slope
2.3e-44 are float32 subnormals, and the computed 2.24e-44 is within the subnormal step of the exact one (0.6e-45 off,
the spacing 1.4e-45). The array factor at the grating lobe psi = 2 pi as float64 holds it is ok, not unstable: psi's
exact slope -1.29e-15 (AF''s -5.25 times pi's rounding) is computed 0, but README passes an entry that two ulps of
the program's rounded inputs move further (AF'' times 1.8e-15 is 9e-15), and 6.283185307179586 is 2 pi rounded; n's
3.2e15 is computed to every digit. kTB in dBm at T = 0 keeps B's slope 10 / (B ln 10) (log of a product with a 0
factor, the other factor never meeting the pole), as I had written for fspl_db and log_distance but not there. The two
slipped rules' findings name grad_fn's def line, not the return line I had given (as the models' "def xsin_bwd").

Findings: none. Every disagreement of the first run was my truth's, each re-derived above; the probes agreed.

Observed: the dB forms of this field meet README's pole rules everywhere (P = 0, d = 0, T = 0, cos(deg2rad(90)) = 0)
and gradcli kept the other inputs' slopes consistently (f, d0, B, g and k beside log10(cos^2)), unlike 114c's F3 (c
beside sigma / cos: 0), whose log10 analogues here all keep 1. expm1 is the usual advice for Pfa^(-1/N) - 1 and 1 -
exp(-x): it saves the value, but CFAR's slope in N at large N still cancels (expm1(u) - u e^u) and is unstable; the
outage's slopes were never at risk (only its value). An exact gradient of 0 is judged within rtol times the array's
largest exact entry (or 1): sinc^2's null in float32 passes with 2.8e-8 for 0, Doppler's v with 4e-15 for 0 beside
theta's 349 (v's own scale is 2 f0 / c = 67, so this 0 is a 6e-17 relative loss only). The grating lobe shows README's
input-rounding pass at work: an exact slope that only exists because 2 pi was rounded is not demanded. Underflow to 0
of a value and slope below the dtype's range (BER at 800, Q at 40, exp(-200) in float32) is ok; its log is
unstable."""

import math

import mpmath
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases108c import _txt, dv, held, rpow, rsqrt, xlog

L = "lib115c.py"
NAN = mpmath.nan
INF = mpmath.inf
F32 = "float32"
exp, log, sqrt, erfc = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.erfc
sin, cos = mpmath.sin, mpmath.cos
PI = math.pi  # the program's np.pi, a Python float
LN10 = mpmath.log(10)


def lg(x):
    """log10 as the program's: NaN below 0, -inf at 0."""
    v = xlog(x)
    return v if not mpmath.isfinite(v) else v / LN10


def nans(*names):
    return {n: NAN for n in names}


# --- the mathematics, in mpmath (never lib115c's code); factories take the dtype for the program's constants ---------

def m_db(dt):
    return lambda p: 10 * lg(p)


def m_amp_db(dt):
    return lambda a: 20 * lg(abs(a))


def m_dbm_w(dt):
    return lambda dbm: mpmath.power(10, (dbm - 30) / 10)


def m_w_dbm(dt):
    return lambda w: 10 * lg(w * 1000)


def m_psum(dt):
    return lambda a, b: 10 * lg(mpmath.power(10, a / 10) + mpmath.power(10, b / 10))


def m_friis(dt):
    k = held(dt, 4.0 * PI)
    return lambda d, lam: (k * d / lam) ** 2


def m_fspl(dt):
    c0 = held(dt, -147.55221677811664)
    return lambda d, f: 20 * lg(d) + 20 * lg(f) + c0


def m_logdist(dt):
    return lambda d, d0, n: 40 + 10 * n * lg(d / d0)


def m_rx(dt):
    c0 = held(dt, -147.55221677811664)
    return lambda pt_dbm, gt, gr, d, f: pt_dbm + gt + gr - (20 * lg(d) + 20 * lg(f) + c0)


def m_radar(dt):
    k = held(dt, (4.0 * PI) ** 3)
    return lambda pt, g, lam, sigma, r: dv(pt * g ** 2 * lam ** 2 * sigma, k * r ** 4)


def m_radar_db(dt):
    return lambda pt, g, lam, sigma, r: (10 * lg(pt) + 20 * lg(g) + 20 * lg(lam) + 10 * lg(sigma)
                                         - 30 * lg(mpf(4 * PI)) - 40 * lg(r))


def m_range(dt):
    k = held(dt, (4.0 * PI) ** 3)
    return lambda pt, g, lam, sigma, smin: rpow(dv(pt * g ** 2 * lam ** 2 * sigma, k * smin), mpf("0.25"))


def m_doppler(dt):
    c = held(dt, 299792458.0)
    return lambda v, f0: 2 * v * f0 / c


def m_cfar(dt):
    return lambda n, pfa: n * (rpow(pfa, -1 / n) - 1)


def m_cap(dt):
    return lambda b, snr: b * xlog(1 + snr) / log(2)


def m_cap_db(dt):
    return lambda b, snr_db: b * xlog(1 + mpmath.power(10, snr_db / 10)) / log(2)


def m_sinr(dt):
    return lambda p, g, noise: dv(p[0] * g[0], noise + sum(a * b for a, b in zip(p[1:], g[1:])))


def m_sum_rate(dt):
    def f(p, g, noise):
        rx = [a * b for a, b in zip(p, g)]
        tot = sum(rx)
        return sum(log(1 + r / (noise + tot - r)) for r in rx) / log(2)
    return f


def m_wf_power(dt):
    return lambda mu, n: sum(max(mu - v, 0) for v in n)


def m_wf_rate(dt):
    return lambda mu, n: sum(log(1 + max(mu - v, 0) / v) for v in n) / log(2)


def m_ber(dt):
    return lambda ebn0: erfc(rsqrt(ebn0)) / 2


def m_log_ber(dt):
    return lambda ebn0: log(erfc(rsqrt(ebn0)) / 2)


def _q(x):
    return erfc(x / mpf(math.sqrt(2.0))) / 2  # np.sqrt(2.0): a float64 number


def m_q(dt):
    return _q


def m_mpsk(dt):
    return lambda es, m: 2 * _q(rsqrt(2 * es) * sin(mpf(PI) / m))


def m_qam(dt):
    return lambda es, m: 4 * (1 - 1 / sqrt(m)) * _q(rsqrt(3 * es / (m - 1)))


def m_outage(dt):
    return lambda x, mean: 1 - exp(-x / mean)


def m_log_outage(dt):
    return lambda x, mean: xlog(1 - exp(-x / mean))


def m_rician(dt):
    return lambda x, mean, k: (1 + k) * exp(-k) * x / mean


def m_af(dt):
    return lambda psi, n: dv(sin(n * psi / 2), n * sin(psi / 2))


def m_af_db(dt):
    return lambda psi, n: 20 * lg(abs(dv(sin(n * psi / 2), n * sin(psi / 2))))


def _sinc(u):
    return mpf(1) if u == 0 else sin(mpmath.pi * u) / (mpmath.pi * u)  # NumPy's sinc: pi exact (README)


def m_sinc(dt):
    return _sinc


def m_sinc2(dt):
    return lambda u: _sinc(u) ** 2


def m_aperture(dt):
    k = held(dt, 4.0 * PI)
    return lambda area, lam, eff: dv(k * eff * area, lam ** 2)


def _rcos(theta):
    return mpf(0) if (theta - 90) % 180 == 0 else cos(theta * mpmath.pi / 180)


def m_pol(dt):
    return lambda theta: cos(theta * mpmath.pi / 180) ** 2


def m_pol_db(dt):
    return lambda theta: 10 * lg(_rcos(theta) ** 2)


def m_beam(dt):
    def f(w, phase):
        re = sum(a * cos(p) for a, p in zip(w, phase))
        im = sum(a * sin(p) for a, p in zip(w, phase))
        return dv(re ** 2 + im ** 2, len(w) * sum(a ** 2 for a in w))
    return f


def m_softbeam(dt):
    def f(g, t):
        z = [v / t for v in g]
        top = max(z)
        e = [exp(v - top) for v in z]
        s = sum(e)
        return sum(a * b / s for a, b in zip(g, e))
    return f


def m_cascade(dt):
    return lambda f1, g1, f2, g2, f3: f1 + dv(f2 - 1, g1) + dv(f3 - 1, g1 * g2)


def m_nf_db(dt):
    def f(nf1, g1_db, nf2):
        p = lambda v: mpmath.power(10, v / 10)
        return 10 * lg(p(nf1) + (p(nf2) - 1) / p(g1_db))
    return f


def m_noise_dbm(dt):
    kb = held(dt, 1.380649e-23)
    return lambda t, b: 10 * lg(kb * t * b * 1000)


def m_atten(dt):
    return lambda alpha, d: exp(-alpha * d)


def m_atten_db(dt):
    return lambda alpha, d: -10 * alpha * d / LN10


def m_evm(dt):
    return lambda e: rsqrt(sum(v ** 2 for v in e) / len(e))


def m_clip(dt):
    return lambda p: min(p, mpf(2))


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C_(function, mirror, verdict="ok", dtype="float64", line=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it (``line``: a fragment of the line a finding must name)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt), line)


def H_(function, verdict, truth, dtype="float64", **pt):
    """A case whose truth is written by hand (a dict of mpf or lists, or a function returning one)."""
    return Case(L, function, _at(pt), dtype, verdict, truth if callable(truth) else (lambda: truth))


def _db_slope(p, dt="float64", k=10):
    return lambda: {"p": k / (held(dt, p) * LN10)}


RADAR = dict(pt=1e6, g=1000.0, lam=0.03, sigma=1.0)
SINR = dict(p=[1.0, 0.5, 0.2], g=[0.8, 0.1, 0.3], noise=0.01)
WF = [0.2, 1.0, 1.5]
TWO_PI = 2 * PI  # the grating lobe psi = 2 pi as float64 holds it


def _fspl_d0():
    # 20 log10(d) at d = 0: a pole in d; 20 log10(f) never meets it and keeps 20 / (f ln 10) (README: log(y/x) at x = 0)
    return {"d": NAN, "f": 20 / (mpf(2.4e9) * LN10)}


def _logdist_d0():
    # 40 + 10 n log10(d / d0) at d = 0: -inf for every d0 and n near; d0's term -10 n log10(d0) never meets the pole
    # (as README's log(y/x) at x = 0 keeps y's slope), n multiplies the infinite log: no slope
    return {"d": NAN, "d0": -10 * mpf(3) / (mpf(1) * LN10), "n": NAN}


def _guarded0():
    # where(|psi| < 1e-12, 1, ...) at psi = 0: 1 near psi = 0 for every n: every slope 0, the idle 0 / 0 leaks NaN
    return {"psi": mpf(0), "n": mpf(0)}


def _atten_db_slopes(dt, alpha, d):
    a, dd = held(dt, alpha), held(dt, d)
    return lambda: {"alpha": -10 * dd / LN10, "d": -10 * a / LN10}


def _rule(slope):
    return lambda: {"p": slope}


ALL = [
    # --- decibels
    C_("to_db", m_db, p=2.0),
    H_("to_db", "domain", nans("p"), p=0.0),  # log10(0): -inf, slope +inf
    # 10 / (p ln 10) at the subnormal 1e-320 is 4.3e320: no float64 holds it (README: beyond the dtype's range)
    H_("to_db", "domain", _db_slope(1e-320), p=1e-320),
    H_("to_db", "domain", _db_slope(1e-40, F32), dtype=F32, p=1e-40),  # float32 subnormal: 4.3e40 past float32
    C_("to_db", m_db, dtype=F32, p=1e-30),
    C_("amp_db", m_amp_db, a=-0.5),
    H_("amp_db", "domain", nans("a"), a=0.0),
    C_("dbm_to_w", m_dbm_w, dbm=30.0),
    # 1e39 W is past float32's 3.4e38, its slope 2.3e38 is not: a slope the dtype holds beside a value it cannot
    C_("dbm_to_w", m_dbm_w, "unstable", dtype=F32, dbm=420.0),
    C_("dbm_to_w", m_dbm_w, dtype=F32, dbm=-400.0),  # 1e-43 W: a float32 subnormal, within its absolute step
    H_("w_to_dbm", "domain", nans("w"), w=0.0),
    C_("power_sum_dbm", m_psum, dtype=F32, a=10.0, b=13.0),
    # 10^-330 underflows: log10(0 + 0); the exact slopes are 1/2 each
    C_("power_sum_dbm", m_psum, "unstable", a=-3300.0, b=-3300.0),
    C_("power_sum_dbm_stable", m_psum, a=-3300.0, b=-3300.0),
    # --- path loss
    C_("friis_loss", m_friis, d=0.0, lam=0.1),  # a polynomial's 0: slopes 0
    C_("friis_loss", m_friis, dtype=F32, d=100000.0, lam=0.003),
    C_("friis_loss", m_friis, "domain", dtype=F32, d=1e20, lam=0.1),  # 1.6e44: past float32
    H_("fspl_db", "domain", _fspl_d0, d=0.0, f=2.4e9),
    C_("fspl_db", m_fspl, dtype=F32, d=1000.0, f=2.4e9),
    C_("log_distance", m_logdist, d=1.0, d0=1.0, n=3.0),  # log10(1) = 0: n's slope 0
    H_("log_distance", "domain", _logdist_d0, d=0.0, d0=1.0, n=3.0),
    C_("received_dbm", m_rx, pt_dbm=30.0, gt=15.0, gr=3.0, d=5000.0, f=5.8e9),
    # --- radar
    C_("radar_power", m_radar, r=100000.0, **RADAR),
    # R^4 = 1e40 overflows float32: the echo 4.5e-35 W (a float32 number) comes out 0
    C_("radar_power", m_radar, "unstable", dtype=F32, pt=1e6, g=1000.0, lam=0.03, sigma=1.0, r=1e10),
    H_("radar_power", "domain", nans("pt", "g", "lam", "sigma", "r"), r=0.0, **RADAR),
    C_("radar_power_db", m_radar_db, dtype=F32, pt=1e6, g=1000.0, lam=0.03, sigma=1.0, r=1e10),
    C_("radar_range", m_range, smin=1e-13, **RADAR),
    H_("radar_range", "domain", nans("pt", "g", "lam", "sigma", "smin"), smin=0.0, **RADAR),
    C_("doppler", m_doppler, dtype=F32, v=300.0, f0=1e10),
    C_("doppler", m_doppler, v=0.0, f0=1e10),
    C_("cfar_alpha", m_cfar, n=16.0, pfa=1e-6),
    C_("cfar_alpha", m_cfar, n=16.0, pfa=1.0),
    # Pfa^(-1/N) - 1 at N = 1e9: 1.4e-8 left of 1; N's slope -u^2/2 out of terms of u = 1.4e-8
    C_("cfar_alpha", m_cfar, "unstable", n=1e9, pfa=1e-6),
    C_("cfar_alpha_expm1", m_cfar, pfa=1e-6, n=16.0),
    # expm1 saves the value, not N's slope: expm1(u) - u e^u still cancels
    C_("cfar_alpha_expm1", m_cfar, "unstable", n=1e9, pfa=1e-6),
    C_("cfar_alpha", m_cfar, dtype=F32, n=32.0, pfa=0.001),
    # --- capacity, SINR, power allocation
    C_("capacity", m_cap, b=1e6, snr=0.0),
    C_("capacity", m_cap, "unstable", b=1e6, snr=1e-20),  # log2(1 + 1e-20) = 0: B's slope 1.4e-20 lost
    C_("capacity_log1p", m_cap, b=1e6, snr=1e-20),
    H_("capacity", "domain", nans("b", "snr"), b=1e6, snr=-1.0),
    C_("capacity", m_cap, dtype=F32, b=2e7, snr=15.0),
    C_("capacity_db", m_cap_db, "unstable", b=1e6, snr_db=-200.0),
    C_("capacity_db", m_cap_db, b=1e6, snr_db=20.0),
    C_("sinr", m_sinr, **SINR),
    H_("sinr", "domain", {"p": [NAN] * 3, "g": [NAN] * 3, "noise": NAN}, p=[1.0, 0.0, 0.0], g=[0.8, 0.1, 0.3],
       noise=0.0),
    C_("sum_rate", m_sum_rate, **SINR),
    C_("waterfill_power", m_wf_power, mu=1.2, n=WF),
    C_("waterfill_power", m_wf_power, "domain", mu=1.0, n=WF),  # the water level on a channel's floor: a kink
    C_("waterfill_power", m_wf_power, "domain", dtype=F32, mu=0.5, n=[0.25, 0.5]),
    C_("waterfill_rate", m_wf_rate, "domain", mu=1.0, n=WF),
    C_("waterfill_rate", m_wf_rate, "domain", dtype=F32, mu=0.5, n=[0.25, 0.5]),
    # --- error rates
    H_("ber_bpsk", "domain", nans("ebn0"), ebn0=0.0),  # sqrt's infinite slope at its end
    C_("ber_bpsk", m_ber, ebn0=4.0),
    C_("ber_bpsk", m_ber, dtype=F32, ebn0=60.0),
    C_("ber_bpsk", m_ber, ebn0=800.0),  # 1e-349 and its slope: below float64, 0 is right
    C_("log_ber_bpsk", m_log_ber, ebn0=4.0),
    C_("log_ber_bpsk", m_log_ber, "unstable", ebn0=800.0),  # log of erfc's underflowed 0
    C_("log_ber_bpsk", m_log_ber, dtype=F32, ebn0=20.0),
    # erfc(27) = 5e-319 and exp(-729) = 2.5e-317: float64 subnormals, 7 digits each: the slope -54.0 loses them
    C_("log_ber_bpsk", m_log_ber, "unstable", ebn0=729.0),
    C_("qfunc", m_q, x=3.0),
    C_("qfunc", m_q, x=40.0),
    C_("qfunc", m_q, dtype=F32, x=2.0),
    C_("ser_mpsk", m_mpsk, es=10.0, m=8.0),
    H_("ser_mpsk", "domain", {"es": NAN, "m": mpf(0)}, es=0.0, m=8.0),  # sqrt's end; Q(0) = 1/2 for every M
    C_("ser_qam", m_qam, es=20.0, m=16.0),
    C_("ser_qam", m_qam, dtype=F32, es=20.0, m=64.0),
    # --- fading
    # 1 - exp(-1e-10): the value keeps 7 digits in float64 (none in float32), the slopes every one
    C_("outage_rayleigh", m_outage, "unstable", x=1e-10, mean=1.0),
    C_("outage_rayleigh", m_outage, "unstable", dtype=F32, x=1e-10, mean=1.0),
    C_("outage_rayleigh_expm1", m_outage, x=1e-10, mean=1.0),
    C_("outage_rayleigh_expm1", m_outage, dtype=F32, x=1e-10, mean=1.0),
    C_("log_outage", m_log_outage, x=1.0, mean=2.0),
    C_("log_outage", m_log_outage, "unstable", x=1e-10, mean=1.0),
    C_("log_outage", m_log_outage, "unstable", x=1e-20, mean=1.0),  # 1 - 1 = 0: log(0)
    H_("log_outage", "domain", nans("x", "mean"), x=0.0, mean=1.0),
    C_("outage_rician_k0", m_rician, x=0.01, mean=1.0, k=0.0),
    # --- antennas
    H_("array_factor", "domain", nans("psi", "n"), psi=0.0, n=8.0),  # 0 / 0 at the main lobe
    C_("array_factor", m_af, psi=0.3, n=8.0),
    C_("array_factor", m_af, dtype=F32, psi=0.3, n=8.0),
    # the grating lobe psi = 2 pi (as float64 holds it): the quotient's rule cancels 32 eps against 32 eps
    # (psi's exact 1.3e-15 computed 0 passes: two ulps of psi move it further, README's rounding of the inputs)
    C_("array_factor", m_af, psi=TWO_PI, n=8.0),
    C_("array_factor", m_af, "unstable", psi=1e-8, n=8.0),  # near the main lobe: the same cancellation
    H_("array_factor_guarded", "wrong", _guarded0, psi=0.0, n=8.0),
    C_("array_factor_guarded", m_af, psi=0.3, n=8.0),
    C_("array_gain_db", m_af_db, psi=PI / 4, n=8.0),  # the first null as float64 holds it: AF = 4e-17, finite
    C_("sinc_beam", m_sinc, u=0.0),
    C_("sinc_beam", m_sinc, u=1.0),  # the first null: slope -1
    C_("sinc_power", m_sinc2, u=1.0),  # the null of the power: slope 2 sinc(1) (-1) = 0 with pi exact
    C_("sinc_power", m_sinc2, dtype=F32, u=0.5),
    C_("aperture_gain", m_aperture, dtype=F32, area=0.5, lam=0.03, eff=0.6),
    H_("aperture_gain", "domain", nans("area", "lam", "eff"), area=0.5, lam=0.0, eff=0.6),
    C_("pol_loss", m_pol, theta=90.0),  # cos^2's minimum: slope 0
    C_("pol_loss", m_pol, dtype=F32, theta=45.0),
    H_("pol_loss_db", "domain", nans("theta"), theta=90.0),
    C_("beam_power", m_beam, w=[1.0, 0.5, 0.25], phase=[0.0, 0.3, 0.6]),
    H_("beam_power", "domain", {"w": [NAN] * 3, "phase": [NAN] * 3}, w=[0.0, 0.0, 0.0], phase=[0.0, 0.3, 0.6]),
    C_("softmax_beam", m_softbeam, g=[3.0, 2.0, 1.0], t=0.5),
    C_("softmax_beam", m_softbeam, "unstable", dtype=F32, g=[100.0, 99.0, 50.0], t=1.0),  # exp(100): inf / inf
    C_("softmax_beam_stable", m_softbeam, dtype=F32, g=[100.0, 99.0, 50.0], t=1.0),
    # --- noise and the atmosphere
    C_("noise_cascade", m_cascade, f1=2.0, g1=100.0, f2=4.0, g2=10.0, f3=10.0),
    H_("noise_cascade", "domain", {"f1": mpf(1), "g1": NAN, "f2": NAN, "g2": NAN, "f3": NAN}, f1=2.0, g1=0.0,
       f2=4.0, g2=10.0, f3=10.0),
    C_("noise_figure_db", m_nf_db, nf1=1.5, g1_db=20.0, nf2=6.0),
    C_("noise_power_dbm", m_noise_dbm, t=290.0, b=1e6),
    H_("noise_power_dbm", "domain", {"t": NAN, "b": 10 / (mpf(1e6) * LN10)}, t=0.0, b=1e6),  # b keeps its slope
    C_("atten", m_atten, dtype=F32, alpha=0.01, d=100.0),
    C_("atten", m_atten, dtype=F32, alpha=2.0, d=100.0),  # exp(-200) = 1.4e-87 and its slopes: below float32, 0
    H_("atten_db", "unstable", _atten_db_slopes(F32, 2.0, 100.0), dtype=F32, alpha=2.0, d=100.0),  # log10(0)
    H_("atten_db", "unstable", _atten_db_slopes("float64", 2.0, 400.0), alpha=2.0, d=400.0),
    H_("atten_db", "ok", _atten_db_slopes("float64", 0.01, 100.0), alpha=0.01, d=100.0),
    C_("evm_rms", m_evm, e=[0.1, -0.2]),
    H_("evm_rms", "domain", {"e": [NAN, NAN]}, e=[0.0, 0.0]),
    # --- hand-written rules
    H_("db_rule", "ok", _db_slope(2.0), p=2.0),
    H_("db_rule", "ok", _db_slope(2.0, F32), dtype=F32, p=2.0),
    Case(L, "db_rule_slip", "p=2.0", "float64", "wrong", _db_slope(2.0), "_db_slip>>def grad_fn(upstream):"),
    H_("clipped_power", "ok", _rule(mpf(1)), p=1.0),
    Case(L, "clipped_power", "p=3.0", "float64", "wrong", _rule(mpf(0)), "_clip_power>>def grad_fn(upstream):"),
    C_("clipped_power", m_clip, "domain", p=2.0),  # the saturation's kink
    H_("clipped_power_slip", "ok", _rule(mpf(1)), p=1.0),  # the slip multiplies by p = 1
    Case(L, "clipped_power_slip", "p=1.5", "float64", "wrong", _rule(mpf(1)),
         "_clip_power_slip>>def grad_fn(upstream):"),
    C_("dbm_tfp", m_dbm_w, dbm=10.0),
    C_("dbm_tfp", m_dbm_w, dtype=F32, dbm=10.0),
    Case(L, "dbm_tfp_slip", "dbm=10.0", "float64", "wrong", sided_grad(m_dbm_w("float64"), dbm=10.0),
         "return gradcli.custom_gradient(w, w / 10.0, dbm)"),
]
