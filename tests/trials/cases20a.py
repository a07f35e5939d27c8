"""The twentieth trial set (first half): log-power spectra and Parseval energies by FFT, sinc filters, expected
shortfall from sorted and partitioned losses, the Kelly criterion, softplus-smoothed option payoffs, the Debye
heat-capacity integrand, a two-level system's log-partition function, negative-binomial and Student-t likelihoods by gammaln, a
bisection cube root behind an implicit custom_jvp, blog-style custom rules (sinc, the inverse softplus, a logsumexp
custom_vjp), a vmapped Huber loss and a low-temperature smooth maximum in JAX; the Arrhenius log-rate, the Langevin
function, a quantum oscillator's log-partition function in plain NumPy and SciPy; Langevin custom gradients and a
Gumbel-softmax score on gradcli.numpy.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through
`num_grad`), never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N, G = "jax_lib20a.py", "numpy_lib20a.py", "gn_lib20a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _bin_power(x, k):
    """|X_k|^2 of the DFT X_k = sum_n x_n e^(-2 pi i k n / N), as (sum x cos)^2 + (sum x sin)^2."""
    n = len(x)
    re = sum(v * mpmath.cospi(mp(2 * k * j) / n) for j, v in enumerate(x))
    im = sum(v * mpmath.sinpi(mp(2 * k * j) / n) for j, v in enumerate(x))
    return re * re + im * im


def _log_power(floor=None):
    def f(x):
        bins = range(len(x) // 2 + 1)
        if floor is None:
            return sum(mpmath.log(_bin_power(x, k)) for k in bins)
        return sum(mpmath.log(_bin_power(x, k) + floor) for k in bins)
    return f


def _spectrum_slopes(x, weight, bins=None):
    """{x: d/dx_j sum_k f(|X_k|^2)} with weight(P) = f'(P): d|X_k|^2/dx_j = 2 (re_k cos + im_k sin)(2 pi k j / n)."""
    def truth():
        xs, n = _in("float64", x), len(x)
        out = [mp(0)] * n
        for k in range(len(x) // 2 + 1 if bins is None else bins):
            c = [mpmath.cospi(mp(2 * k * j) / n) for j in range(n)]
            s = [mpmath.sinpi(mp(2 * k * j) / n) for j in range(n)]
            re, im = sum(a * v for a, v in zip(c, xs)), sum(a * v for a, v in zip(s, xs))
            w = weight(re * re + im * im)
            out = [o + 2 * w * (re * c[j] + im * s[j]) for j, o in enumerate(out)]
        return {"x": out}
    return hp(truth)


def _quadrature_slopes(x):
    """d/dx_j sum_k (sum_m x_m sin(2 pi k m / n))^2 = sum_k 2 im_k sin(2 pi k j / n), over the full spectrum."""
    def truth():
        xs, n = _in("float64", x), len(x)
        out = [mp(0)] * n
        for k in range(n):
            s = [mpmath.sinpi(mp(2 * k * j) / n) for j in range(n)]
            im = sum(a * v for a, v in zip(s, xs))
            out = [o + 2 * im * s[j] for j, o in enumerate(out)]
        return {"x": out}
    return hp(truth)


def _magnitude(x):
    return sum(mpmath.sqrt(_bin_power(x, k)) for k in range(len(x) // 2 + 1))


def _phase_slopes(x):
    """d/dx_n of the summed phases: the DC and Nyquist bins of a real signal stay on the real axis (phase 0 or pi,
    constant), each other bin's atan2(im, re) moves by (re dim - im dre) / |X|^2."""
    def truth():
        xs, n = _in("float64", x), len(x)
        out = [mp(0)] * n
        for k in range(1, (n + 1) // 2):
            c = [mpmath.cospi(mp(2 * k * j) / n) for j in range(n)]
            s = [-mpmath.sinpi(mp(2 * k * j) / n) for j in range(n)]
            re, im = sum(a * v for a, v in zip(c, xs)), sum(a * v for a, v in zip(s, xs))
            out = [o + (re * s[j] - im * c[j]) / (re * re + im * im) for j, o in enumerate(out)]
        return {"x": out}
    return hp(truth)


def _detrended(floor):
    def f(x):
        mean = sum(x) / len(x)
        return _log_power(floor)([v - mean for v in x])
    return f


def _detrended_moving_bins(x):
    """The detrended log-periodogram less its DC term: that bin is 0 at every signal, its log a constant -inf that
    adds no slope along any sample (the convention of trials22a's silent bin: a pole's term no coordinate moves)."""
    mean = sum(x) / len(x)
    centred = [v - mean for v in x]
    return sum(mpmath.log(_bin_power(centred, k)) for k in range(1, len(x) // 2 + 1))


def _entropy(x):
    powers = [_bin_power(x, k) for k in range(len(x) // 2 + 1)]
    total = sum(powers)
    return -sum(p / total * mpmath.log(p / total) for p in powers if p != 0)


def _full_magnitude(x):
    return sum(mpmath.sqrt(_bin_power(x, k)) for k in range(len(x)))


def _quadrature(x):
    n = len(x)
    return sum(sum(v * mpmath.sinpi(mp(2 * k * j) / n) for j, v in enumerate(x)) ** 2 for k in range(n))


def _half_power(x):
    return sum(_bin_power(x, k) for k in range(len(x) // 2 + 1))


def _lowpass_slopes(x, dtype="float64"):
    """Zeroing the Nyquist bin of four samples projects x off (-1)^n: the energy x'Px has slope 2 Px."""
    def truth():
        xs = _in(dtype, x)
        nyquist = sum(v * (-1) ** j for j, v in enumerate(xs)) / len(xs)
        return {"x": [2 * (v - nyquist * (-1) ** j) for j, v in enumerate(xs)]}
    return hp(truth)


def _attenuation_slopes(a):
    """x = exp(-a x), so x = W(a) / a and dx/da = -x^2 / (1 + a x)."""
    def truth():
        out = []
        for v in a:
            v = _f(v)
            x = mpmath.lambertw(v).real / v
            out.append(-x * x / (1 + v * x))
        return {"a": out}
    return hp(truth)


def _distillation_slopes(logits, temperature=4.0, targets=(0.7, 0.2, 0.1)):
    """d/dz -sum t log softmax(z / T) = (softmax(z / T) sum t - t) / T."""
    def truth():
        z = [_f(v) / _f(temperature) for v in logits]
        t = [_f(v) for v in targets]
        top = max(z)
        e = [mpmath.exp(v - top) for v in z]
        p = [v / sum(e) for v in e]
        return {"logits": [(pi * sum(t) - ti) / _f(temperature) for pi, ti in zip(p, t)]}
    return hp(truth)


def _attention_slopes(scores, values=(1.0, -2.0, 5.0), dtype="float64"):
    """The last key masked: softmax over the first two, d/ds_i w_i (v_i - sum w v); 0 for the masked one."""
    def truth():
        s = _in(dtype, scores)[:2]
        top = max(s)
        e = [mpmath.exp(v - top) for v in s]
        w = [v / sum(e) for v in e]
        mean = sum(wi * _f(vi) for wi, vi in zip(w, values))
        return {"scores": [wi * (_f(vi) - mean) for wi, vi in zip(w, values)] + [mp(0)]}
    return hp(truth)


def _spectral_derivative(x):
    """sum of (Re ifft(i k X))^2 with k = 2 pi fftfreq(n), written as the DFT's sums."""
    n = len(x)
    k = [2 * mpmath.pi * (j if j < (n + 1) // 2 else j - n) / n for j in range(n)]
    spectrum = [sum(v * mpmath.expjpi(-2 * mp(m * j) / n) for j, v in enumerate(x)) for m in range(n)]
    scaled = [1j * km * xm for km, xm in zip(k, spectrum)]
    out = [sum(c * mpmath.expjpi(2 * mp(m * j) / n) for m, c in enumerate(scaled)) / n for j in range(n)]
    return sum(mpmath.re(v) ** 2 for v in out)


OMEGAS = [0.1, 1.0, 10.0]


def _bode_gain_slopes(tau, omega_dtype="float64"):
    """d/dtau sum -10 log10(1 + w^2 tau^2) = sum -20 w^2 tau / ((1 + w^2 tau^2) ln 10)."""
    def truth():
        t = _f(tau)
        return {"tau": sum(-20 * w ** 2 * t / ((1 + w ** 2 * t * t) * mpmath.log(10)) for w in _in(omega_dtype, OMEGAS))}
    return hp(truth)


def _bode_phase_slopes(tau, omega_dtype="float64"):
    """d/dtau sum -arctan(w tau) = sum -w / (1 + w^2 tau^2)."""
    def truth():
        t = _f(tau)
        return {"tau": sum(-w / (1 + w ** 2 * t * t) for w in _in(omega_dtype, OMEGAS))}
    return hp(truth)


def _kuramoto_slopes(theta):
    """d/dtheta_j |v| / n with v = sum exp(i theta): Re(conj(v) / |v| i exp(i theta_j)) / n."""
    def truth():
        t = _in("float64", theta)
        v = sum(mpmath.expj(u) for u in t)
        return {"theta": [mpmath.re(mpmath.conj(v) / abs(v) * 1j * mpmath.expj(u)) / len(t) for u in t]}
    return hp(truth)


SPLAY = [0, 2.0943951023931953, 4.1887902047863905]  # 2 pi / 3 and 4 pi / 3 as float64 writes them


def _splay_slopes():
    """The splayed phases are 0, a, 2a exactly (4 pi / 3 rounds to twice 2 pi / 3), so v = e^(ia) (1 + 2 cos a):
    the slopes are s sin(a) / 3, 0 and -s sin(a) / 3 with s the sign of 1 + 2 cos a (the middle one exactly 0, which
    the sum's cancellation hides from a direct evaluation at any precision)."""
    def truth():
        a = _f(SPLAY[1])
        assert _f(SPLAY[2]) == 2 * a
        s = mpmath.sign(1 + 2 * mpmath.cos(a))
        return {"theta": [s * mpmath.sin(a) / 3, mp(0), -s * mpmath.sin(a) / 3]}
    return hp(truth)


def _energy_slopes(x, dtype="float64"):
    """Parseval: sum |X_k|^2 / n = sum x^2, slope 2 x."""
    return hp(lambda: {"x": [2 * v for v in _in(dtype, x)]})


def _sinc_squared_slopes(x, dtype="float64"):
    """d/dx sinc(x)^2 = 2 sinc(x) sinc'(x), sinc'(x) = (cos(pi x) - sinc(x)) / x, 0 at 0."""
    def truth():
        out = []
        for v in _in(dtype, x):
            if v == 0:
                out.append(mp(0))
                continue
            s = mpmath.sin(mpmath.pi * v) / (mpmath.pi * v)
            out.append(2 * s * (mpmath.cos(mpmath.pi * v) - s) / v)
        return {"x": out}
    return hp(truth)


def _sinc_slopes(x):
    def truth():
        out = []
        for v in _in("float64", x):
            s = mpmath.sin(mpmath.pi * v) / (mpmath.pi * v)
            out.append((mpmath.cos(mpmath.pi * v) - s) / v)
        return {"x": out}
    return hp(truth)


def _shortfall_slopes(losses, k=2):
    """The mean of the k largest: 1/k on each of them, 0 elsewhere, no derivative on a tie across the cut."""
    def truth():
        ranked = sorted(losses, reverse=True)
        cut, after = ranked[k - 1], ranked[k]
        out = []
        for v in losses:
            if cut == after and v == cut:
                out.append(NAN)
            elif v >= cut:
                out.append(1 / mp(k))
            else:
                out.append(mp(0))
        return {"losses": out}
    return hp(truth)


def _kelly_slopes(f, p, b, dtype="float64"):
    """d/df p log(1 + b f) + (1 - p) log(1 - f) = p b / (1 + b f) - (1 - p) / (1 - f)."""
    def truth():
        pp, bb = _f(p), _f(b)
        v = _in(dtype, [f])[0]
        return {"f": pp * bb / (1 + bb * v) - (1 - pp) / (1 - v)}
    return hp(truth)


def _smooth_call_slopes(s, dtype="float64"):
    """d/ds softplus(10 (s - 100)) / 10 = sigmoid(10 (s - 100))."""
    return hp(lambda: {"s": [1 / (1 + mpmath.exp(-10 * (v - 100))) for v in _in(dtype, s)]})


def _debye_slopes(x):
    """d/dx x^4 e^x / (e^x - 1)^2 = 4 x^3 e^x / d^2 + x^4 e^x / d^2 - 2 x^4 e^(2x) / d^3, d = e^x - 1."""
    def truth():
        out = []
        for v in _in("float64", x):
            d, e = mpmath.expm1(v), mpmath.exp(v)
            out.append(4 * v ** 3 * e / d ** 2 + v ** 4 * e / d ** 2 - 2 * v ** 4 * e * e / d ** 3)
        return {"x": out}
    return hp(truth)


def _log_partition(beta):
    return mpmath.log(mpmath.exp(-beta) + mpmath.exp(-2 * beta))


def _negbin_slopes(r, mu, counts):
    """d/dr and d/dmu of the negative log-likelihood: lgamma(c + r) - lgamma(r) = sum_{j < c} log(r + j)."""
    def truth():
        rr, mm = _f(r), _f(mu)
        d_r = d_mu = mp(0)
        for c in counts:
            d_r += sum(1 / (rr + j) for j in range(c)) + mpmath.log(rr / (rr + mm)) + (mm - c) / (rr + mm)
            d_mu += mp(c) / mm - (rr + c) / (rr + mm)
        return {"r": -d_r, "mu": -d_mu}
    return hp(truth)


def _student_t_nll_slopes(x, nu):
    def truth():
        v, n = _f(x), _f(nu)
        q = v * v / n
        d_nu = (mpmath.psi(0, (n + 1) / 2) / 2 - mpmath.psi(0, n / 2) / 2 - 1 / (2 * n) - mpmath.log1p(q) / 2
                + (n + 1) / 2 * (v * v / (n * n)) / (1 + q))
        return {"x": (n + 1) * v / (n + v * v), "nu": -d_nu}
    return hp(truth)


def _student_t_loglik_slopes(nu, residuals=(0.5, -1.5), dtype="float64"):
    def truth():
        n = _in(dtype, [nu])[0]
        total = mp(0)
        for r in residuals:
            x = _f(r)
            q = x * x / n
            total += (mpmath.psi(0, (n + 1) / 2) / 2 - mpmath.psi(0, n / 2) / 2 - 1 / (2 * n)
                      - mpmath.log1p(q) / 2 + (n + 1) / 2 * (x * x / (n * n)) / (1 + q))
        return {"nu": total}
    return hp(truth)


def _cube_root_slopes(a):
    return hp(lambda: {"a": [1 / (3 * mpmath.cbrt(_f(v)) ** 2) for v in a]})


def _softplus_inverse_slopes(y):
    """d/dy log(e^y - 1) = 1 / (1 - e^-y)."""
    return hp(lambda: {"y": [1 / -mpmath.expm1(-_f(v)) for v in y]})


def _lse_energy_slopes(x):
    def truth():
        xs = [_f(v) for v in x]
        top = max(xs)
        e = [mpmath.exp(v - top) for v in xs]
        return {"x": [w / sum(e) + _f(1e-3) * v for w, v in zip(e, xs)]}
    return hp(truth)


def _smooth_max_slopes(x, dtype="float64"):
    def truth():
        t = _in(dtype, [0.01])[0]
        xs = _in(dtype, x)
        top = max(xs)
        e = [mpmath.exp((v - top) / t) for v in xs]
        return {"x": [w / sum(e) for w in e]}
    return hp(truth)


def _arrhenius_slopes(temperature):
    """d/dT (log A - Ea / (R T)) = Ea / (R T^2)."""
    return hp(lambda: {"temperature": [_f(50000.0) / (_f(8.314) * _f(t) ** 2) for t in temperature]})


def _langevin_slopes(x):
    """L'(x) = 1/x^2 - 1/sinh^2 x, 1/3 at 0."""
    def truth():
        out = []
        for v in x:
            v = _f(v)
            out.append(mp(1) / 3 if v == 0 else 1 / v ** 2 - 1 / mpmath.sinh(v) ** 2)
        return {"x": out}
    return hp(truth)


def _oscillator_slopes(x):
    """d/dx -log(2 sinh(x/2)) = -coth(x/2) / 2."""
    return hp(lambda: {"x": [-mpmath.coth(_f(v) / 2) / 2 for v in x]})


def _gumbel_score_slopes(logits, dtype="float64"):
    def truth():
        # the module's noise and temperature are float64 arrays and numbers: NumPy computes in float64 at any dtype
        noise, scores = _in("float64", [0.3, -1.2, 0.7]), [mp(1), mp(2), mp(3)]
        t = _f(0.005)
        z = [(l + n) / t for l, n in zip(_in(dtype, logits), noise)]
        top = max(z)
        e = [mpmath.exp(v - top) for v in z]
        w = [v / sum(e) for v in e]
        mean = sum(a * s for a, s in zip(w, scores))
        return {"logits": [a * (s - mean) / t for a, s in zip(w, scores)]}
    return hp(truth)


# --- the cases --------------------------------------------------------------------------------------------------------

SIGNAL = [1, 2, 3, 4]
ALTERNATING = [1, -1, 1, -1]  # rfft: [0, 0, 4], the DC and the quarter-rate bins silent
LOSSES = [1, 5, 3, 2, 4, 0, 6, 2]
LOSSES_TIED = [1, 5, 3, 2, 5, 0, 6, 2]  # the second-worst loss shared by scenarios 1 and 4
LOSSES_TOP_TIED = [1, 6, 3, 2, 5, 0, 6, 2]  # the two worst tied, both inside the tail: no corner
TREND = [0.1, 0.2, 0.4]  # the float mean leaves 5.6e-17 in the DC bin, which is exactly 0


def _at(name, values):
    return f"{name}={values}".replace(" ", "")


JAX = [
    Case(J, "log_power_spectrum", _at("x", SIGNAL), "float64", "ok", num_grad(_log_power(), x=SIGNAL)),
    Case(J, "log_power_spectrum", _at("x", SIGNAL), "float32", "ok", num_grad(_log_power(), dtype="float32",
                                                                              x=SIGNAL)),
    # two silent bins: log 0, the value is -inf
    Case(J, "log_power_spectrum", _at("x", ALTERNATING), "float64", "domain", hp(lambda: {"x": [NAN] * 4})),
    # |X|^2 is smooth where X = 0: the silent bins add slope 0
    Case(J, "log_power_spectrum_floor", _at("x", ALTERNATING), "float64", "ok",
         num_grad(_log_power(_f(1e-12)), x=ALTERNATING)),
    Case(J, "spectral_energy", _at("x", ALTERNATING), "float64", "ok", _energy_slopes(ALTERNATING)),
    Case(J, "spectral_energy", _at("x", SIGNAL), "float32", "ok", _energy_slopes(SIGNAL, "float32")),
    Case(J, "spectral_magnitude", _at("x", SIGNAL), "float64", "ok", num_grad(_magnitude, x=SIGNAL)),
    # |X_0| = |sum x| is a cone at 0 in every sample
    Case(J, "spectral_magnitude", _at("x", ALTERNATING), "float64", "domain", hp(lambda: {"x": [NAN] * 4})),
    # the Nyquist bin -2 sits on atan2's cut with an imaginary part that is 0 for every real signal: constant pi
    Case(J, "spectral_phase", _at("x", SIGNAL), "float64", "ok", _phase_slopes(SIGNAL)),
    Case(J, "spectral_phase", "x=[-1,-2,-3]", "float64", "ok", _phase_slopes([-1, -2, -3])),
    # the detrended DC bin is 0 at every signal: log 0 (domain), though float64's mean leaves 5.6e-17 there; a
    # constant -inf that no sample moves, so the slopes are the other bin's
    Case(J, "log_periodogram_detrended", _at("x", TREND), "float64", "domain", num_grad(_detrended_moving_bins,
                                                                                          x=TREND)),
    Case(J, "log_periodogram_detrended_floor", _at("x", TREND), "float64", "ok",
         num_grad(_detrended(_f(1e-12)), x=TREND)),
    Case(J, "spectral_entropy", _at("x", SIGNAL), "float64", "ok", num_grad(_entropy, x=SIGNAL)),
    # p log p of a silent bin is u^2 log u^2 in its amplitude u, slope 0; xlogy's rule is log(0) times 0 there
    Case(J, "spectral_entropy", _at("x", ALTERNATING), "float64", "wrong", hp(lambda: {"x": [mp(0)] * 4})),
    Case(J, "lowpass_energy", _at("x", SIGNAL), "float64", "ok", _lowpass_slopes(SIGNAL)),
    Case(J, "lowpass_energy", "x=[0.5,-2,1e-3,3]", "float32", "ok", _lowpass_slopes([0.5, -2, 1e-3, 3], "float32")),
    Case(J, "spectral_norm", _at("x", SIGNAL), "float64", "ok", num_grad(lambda x: mpmath.sqrt(_half_power(x)),
                                                                       x=SIGNAL)),
    # a silent signal: every bin 0, the norm's cone
    Case(J, "spectral_norm", "x=[0,0,0,0]", "float64", "domain", hp(lambda: {"x": [NAN] * 4})),
    Case(J, "spectral_derivative_energy", "x=[1,2,0.5,-1,3]", "float64", "ok",
         num_grad(_spectral_derivative, x=[1, 2, 0.5, -1, 3])),
    # four samples: the Nyquist bin times i k is not Hermitian, the inverse is complex and its real part is taken
    Case(J, "spectral_derivative_energy", _at("x", SIGNAL), "float64", "ok", num_grad(_spectral_derivative, x=SIGNAL)),
    # the module's OMEGA is made at import, while JAX's default is float32; the float64 check holds 0.1, as the user's
    # own float64 run (x64 on before the import) does
    Case(J, "bode_gain", "tau=0.5", "float64", "ok", _bode_gain_slopes(0.5)),
    Case(J, "bode_phase", "tau=0.5", "float64", "ok", _bode_phase_slopes(0.5)),
    Case(J, "kuramoto_order", "theta=[0.1,0.5,2]", "float64", "ok", _kuramoto_slopes([0.1, 0.5, 2])),
    # three phases splayed by the float 2 pi / 3: the phasors' sum 4e-16 is rounding's, its direction lost
    Case(J, "kuramoto_order", _at("theta", SPLAY), "float64", "unstable", _splay_slopes()),
    Case(J, "sinc_response", "x=[0,0.25]", "float64", "ok", _sinc_squared_slopes([0, 0.25])),
    Case(J, "expected_shortfall", _at("losses", LOSSES), "float64", "ok", _shortfall_slopes(LOSSES)),
    Case(J, "expected_shortfall", _at("losses", LOSSES_TIED), "float64", "domain", _shortfall_slopes(LOSSES_TIED)),
    Case(J, "expected_shortfall", _at("losses", LOSSES_TOP_TIED), "float64", "ok", _shortfall_slopes(LOSSES_TOP_TIED)),
    Case(J, "kelly_growth", "f=0.5", "float64", "ok", _kelly_slopes(0.5, 0.6, 1.0)),
    # betting everything: log 0 on a loss
    Case(J, "kelly_growth", "f=1", "float64", "domain", hp(lambda: {"f": NAN})),
    Case(J, "smooth_call_naive", "s=[110]", "float64", "ok", _smooth_call_slopes([110])),
    # e^800 overflows: log(inf) and a NaN slope
    Case(J, "smooth_call_naive", "s=[180]", "float64", "unstable", _smooth_call_slopes([180]),
         "jnp.log(1.0 + jnp.exp(beta * (s - k)))", fix="softplus|logaddexp"),
    # float32's e^100 overflows
    Case(J, "smooth_call_naive", "s=[110]", "float32", "unstable", _smooth_call_slopes([110], "float32")),
    Case(J, "smooth_call", "s=[180]", "float64", "ok", _smooth_call_slopes([180])),
    Case(J, "smooth_call", "s=[110]", "float32", "ok", _smooth_call_slopes([110], "float32")),
    Case(J, "debye_naive", "x=[0.5,3]", "float64", "ok", _debye_slopes([0.5, 3])),
    # e^x - 1 at 1e-9 keeps 7 digits
    Case(J, "debye_naive", "x=[1e-9]", "float64", "unstable", _debye_slopes([1e-9])),
    # (e^700 - 1)^2 overflows: the value 2.4e-293 comes out 0
    Case(J, "debye_naive", "x=[700]", "float64", "unstable", _debye_slopes([700])),
    Case(J, "debye_expm1", "x=[1e-9]", "float64", "ok", _debye_slopes([1e-9])),
    Case(J, "debye_expm1", "x=[700]", "float64", "ok", _debye_slopes([700])),
    # x^4 = 1e-400 underflows to 0: the slope keeps 4 x^3 / x^2 and loses -2 x^4 / x^3, so it comes out 4e-100
    # where it is 2e-100
    Case(J, "debye_expm1", "x=[1e-100]", "float64", "unstable", _debye_slopes([1e-100])),
    Case(J, "debye_ratio", "x=[1e-100]", "float64", "ok", _debye_slopes([1e-100])),
    Case(J, "debye_ratio", "x=[700,1e-9]", "float64", "ok", _debye_slopes([700, 1e-9])),
    Case(J, "log_partition_naive", "beta=0.5", "float64", "ok", num_grad(_log_partition, beta=0.5)),
    # e^-1000 underflows: log 0, and the mean energy 0 / 0
    Case(J, "log_partition_naive", "beta=1000", "float64", "unstable", num_grad(_log_partition, beta=1000)),
    Case(J, "log_partition", "beta=1000", "float64", "ok", num_grad(_log_partition, beta=1000)),
    # float32's e^-100 is a subnormal with 5 bits: its log is 1e-2 off
    Case(J, "log_partition_naive", "beta=100", "float32", "unstable", num_grad(_log_partition, dtype="float32",
                                                                              beta=100)),
    Case(J, "log_partition", "beta=100", "float32", "ok", num_grad(_log_partition, dtype="float32", beta=100)),
    Case(J, "negbin_nll", "r=5,mu=2", "float64", "ok", _negbin_slopes(5, 2, [3])),
    # lgamma(r + 3) - lgamma(r) at 1e12: 83 from two numbers near 2.6e13; digamma's difference 3e-12 from two near 28
    Case(J, "negbin_nll", "r=1e12,mu=2", "float64", "unstable", _negbin_slopes(1e12, 2, [3])),
    Case(J, "student_t_nll", "x=0.5,nu=4", "float64", "ok", _student_t_nll_slopes(0.5, 4)),
    # digamma((nu + 1) / 2) - digamma(nu / 2) = 1e-15 from two numbers near 33: the slope in nu is 1e-31
    Case(J, "student_t_nll", "x=0.5,nu=1e15", "float64", "unstable", _student_t_nll_slopes(0.5, 1e15)),
    # |r| = 1 at the first example: Huber is once differentiable at its threshold
    Case(J, "per_example_huber", "w=2", "float64", "ok", hp(lambda: {"w": mp(4) / 3})),
    Case(J, "per_example_huber", "w=0.3", "float64", "ok",
         hp(lambda: {"w": ((_f(0.3) - 1) * 1 + (2 * _f(0.3) - 1) * 2 + (-_f(0.3)) * -1) / 3})),
    Case(J, "attenuation", "a=[0.5,1]", "float64", "ok", _attenuation_slopes([0.5, 1])),
    Case(J, "distillation_loss", "logits=[2,-1,0.5]", "float64", "ok", _distillation_slopes([2, -1, 0.5])),
    # the rule forgets the chain rule's 1 / T
    Case(J, "distillation_loss_slip", "logits=[2,-1,0.5]", "float64", "wrong", _distillation_slopes([2, -1, 0.5]),
         "def _tempered_slip_bwd"),
    Case(J, "masked_attention", "scores=[0.5,2,1]", "float64", "ok", _attention_slopes([0.5, 2, 1])),
    Case(J, "masked_attention", "scores=[0.5,2,1]", "float32", "ok", _attention_slopes([0.5, 2, 1], dtype="float32")),
    Case(J, "cube_root_sum", "a=[8,0.5]", "float64", "ok", _cube_root_slopes([8, 0.5])),
    # the rule drops the 3 of 3 x^2
    Case(J, "cube_root_slip_sum", "a=[8,0.5]", "float64", "wrong", _cube_root_slopes([8, 0.5]),
         "def _cube_root_slip_jvp"),
    Case(J, "sinc_rule_sum", "x=[0.5,-1.5]", "float64", "ok", _sinc_slopes([0.5, -1.5])),
    # cos(pi x) and sinc(x) both round to 1 at 1e-9: the rule's difference is 0 where the slope is -3.3e-9
    Case(J, "sinc_rule_sum", "x=[1e-9]", "float64", "unstable", _sinc_slopes([1e-9]), "return y, (jnp.cos"),
    Case(J, "softplus_inverse_sum", "y=[1.5,1e-30]", "float64", "ok", _softplus_inverse_slopes([1.5, 1e-30])),
    # expm1(800) overflows in the forward: log(inf); the rule itself is fine
    Case(J, "softplus_inverse_sum", "y=[800]", "float64", "unstable", _softplus_inverse_slopes([800]),
         "def softplus_inverse(y)>>return jnp.log(jnp.expm1(y))"),
    Case(J, "softplus_inverse_slip_sum", "y=[1.5]", "float64", "wrong", _softplus_inverse_slopes([1.5]),
         "def _softplus_inverse_slip_jvp"),
    Case(J, "lse_energy", "x=[1,2,3]", "float64", "ok", _lse_energy_slopes([1, 2, 3])),
    # the backward's softmax exp(800) / sum overflows: inf / inf
    Case(J, "lse_energy", "x=[800,799,0]", "float64", "unstable", _lse_energy_slopes([800, 799, 0]),
         "weights = jnp.exp(x) / jnp.sum(jnp.exp(x))"),
    Case(J, "gumbel_free", "x=[3,1]", "float64", "ok", _smooth_max_slopes([3, 1])),
    Case(J, "gumbel_free", "x=[1,1]", "float64", "ok", _smooth_max_slopes([1, 1])),
    Case(J, "gumbel_free", "x=[3,1]", "float32", "ok", _smooth_max_slopes([3, 1], "float32")),
]

NUMPY = [
    Case(N, "log_periodogram", _at("x", SIGNAL), "float64", "ok", _spectrum_slopes(SIGNAL, lambda p: 1 / p)),
    Case(N, "log_periodogram", "x=[1,2,0.5,-1,3]", "float64", "ok", num_grad(_log_power(), x=[1, 2, 0.5, -1, 3])),
    Case(N, "log_periodogram", _at("x", ALTERNATING), "float64", "domain", hp(lambda: {"x": [NAN] * 4})),
    Case(N, "log_periodogram_floor", _at("x", ALTERNATING), "float64", "ok",
         num_grad(_log_power(_f(1e-12)), x=ALTERNATING)),
    Case(N, "expected_shortfall", _at("losses", LOSSES), "float64", "ok", _shortfall_slopes(LOSSES)),
    Case(N, "expected_shortfall", _at("losses", LOSSES_TIED), "float64", "domain", _shortfall_slopes(LOSSES_TIED)),
    Case(N, "expected_shortfall", _at("losses", LOSSES_TOP_TIED), "float64", "ok", _shortfall_slopes(LOSSES_TOP_TIED)),
    Case(N, "spectral_magnitude", _at("x", SIGNAL), "float64", "ok",
         _spectrum_slopes(SIGNAL, lambda p: 1 / (2 * mpmath.sqrt(p)), bins=len(SIGNAL))),
    Case(N, "power_by_conjugate", _at("x", SIGNAL), "float64", "ok", num_grad(_half_power, x=SIGNAL)),
    Case(N, "quadrature_energy", _at("x", SIGNAL), "float64", "ok", _quadrature_slopes(SIGNAL)),
    Case(N, "spectral_norm", "x=[0,0,0,0]", "float64", "domain", hp(lambda: {"x": [NAN] * 4})),
    Case(N, "lowpass_energy", _at("x", SIGNAL), "float64", "ok", _lowpass_slopes(SIGNAL)),
    Case(N, "spectral_derivative_energy", "x=[1,2,0.5,-1,3]", "float64", "ok",
         num_grad(_spectral_derivative, x=[1, 2, 0.5, -1, 3])),
    Case(N, "spectral_derivative_energy", _at("x", SIGNAL), "float64", "ok", num_grad(_spectral_derivative, x=SIGNAL)),
    Case(N, "bode_gain", "tau=0.5", "float64", "ok", _bode_gain_slopes(0.5)),
    Case(N, "bode_phase", "tau=0.5", "float64", "ok", _bode_phase_slopes(0.5)),
    Case(N, "bode_phase_parts", "tau=0.5", "float64", "ok", _bode_phase_slopes(0.5)),
    Case(N, "spectral_norm", _at("x", SIGNAL), "float64", "ok",
         _spectrum_slopes(SIGNAL, lambda p: 1 / (2 * mpmath.sqrt(_half_power(SIGNAL))))),
    Case(N, "kuramoto_order", "theta=[0.1,0.5,2]", "float64", "ok", _kuramoto_slopes([0.1, 0.5, 2])),
    Case(N, "kuramoto_order", _at("theta", SPLAY), "float64", "unstable", _splay_slopes()),
    # in phase: r = 1 is the maximum, every slope exactly 0
    Case(N, "kuramoto_order", "theta=[0.3,0.3,0.3]", "float64", "ok", hp(lambda: {"theta": [mp(0)] * 3})),
    Case(N, "spectral_phase", _at("x", SIGNAL), "float64", "ok", _phase_slopes(SIGNAL)),
    Case(N, "spectral_phase", "x=[-1,-2,-3]", "float64", "ok", _phase_slopes([-1, -2, -3])),
    # X_(n-k) = conj(X_k) for a real signal: their phases cancel in every direction, the slope is exactly 0
    Case(N, "spectral_phase_full", "x=[1,2,3,4.5]", "float64", "ok", hp(lambda: {"x": [mp(0)] * 4})),
    Case(N, "log_periodogram_detrended", _at("x", TREND), "float64", "domain", num_grad(_detrended_moving_bins,
                                                                                          x=TREND)),
    Case(N, "spectral_entropy", _at("x", SIGNAL), "float64", "ok", num_grad(_entropy, x=SIGNAL)),
    # entr's slope -log(0) - 1 times the silent bin's slope 0
    Case(N, "spectral_entropy", _at("x", ALTERNATING), "float64", "wrong", hp(lambda: {"x": [mp(0)] * 4})),
    Case(N, "kelly_growth", "f=0.3", "float64", "ok", _kelly_slopes(0.3, 0.4, 2.0)),
    # 1 + 2 f = 0: the log of a lost stake
    Case(N, "kelly_growth", "f=-0.5", "float64", "domain", hp(lambda: {"f": NAN})),
    Case(N, "arrhenius_log_rate_naive", "temperature=[300]", "float64", "ok", _arrhenius_slopes([300])),
    # exp(-1202) underflows: log 0
    Case(N, "arrhenius_log_rate_naive", "temperature=[5]", "float64", "unstable", _arrhenius_slopes([5])),
    Case(N, "arrhenius_log_rate", "temperature=[5,300]", "float64", "ok", _arrhenius_slopes([5, 300])),
    Case(N, "langevin_naive", "x=[2]", "float64", "ok", _langevin_slopes([2])),
    # coth(1e-9) - 1e9 cancels everything: the slope 1/3 from 1e18 - 1e18
    Case(N, "langevin_naive", "x=[1e-9]", "float64", "unstable", _langevin_slopes([1e-9])),
    Case(N, "langevin_series", "x=[1e-9,2]", "float64", "ok", _langevin_slopes([1e-9, 2])),
    # at 0 the series is taken, but coth(0) - 1/0 in the other branch leaks its NaN slope through where
    Case(N, "langevin_series", "x=[0,2]", "float64", "wrong", _langevin_slopes([0, 2])),
    Case(N, "oscillator_log_z_naive", "x=[1,1e-300]", "float64", "ok", _oscillator_slopes([1, 1e-300])),
    # sinh(750) overflows
    Case(N, "oscillator_log_z_naive", "x=[1500]", "float64", "unstable", _oscillator_slopes([1500])),
    Case(N, "oscillator_log_z", "x=[1500,1]", "float64", "ok", _oscillator_slopes([1500, 1])),
    # e^-1e-300 rounds to 1: log1p(-1) is -inf where log Z is 690
    Case(N, "oscillator_log_z", "x=[1e-300]", "float64", "unstable", _oscillator_slopes([1e-300])),
    Case(N, "negbin_loglik", "r=5,mu=2", "float64", "ok",
         hp(lambda: {k: -v for k, v in _negbin_slopes(5, 2, [0, 3, 7])().items()})),
    Case(N, "negbin_loglik", "r=1e12,mu=2", "float64", "unstable",
         hp(lambda: {k: -v for k, v in _negbin_slopes(1e12, 2, [0, 3, 7])().items()})),
    Case(N, "student_t_loglik", "nu=4", "float64", "ok", _student_t_loglik_slopes(4)),
    Case(N, "student_t_loglik", "nu=4", "float32", "ok", _student_t_loglik_slopes(4, dtype="float32")),
    Case(N, "student_t_loglik", "nu=1e15", "float64", "unstable", _student_t_loglik_slopes(1e15)),
]

GN = [
    Case(G, "langevin_textbook_sum", "x=[2,-0.5]", "float64", "ok", _langevin_slopes([2, -0.5])),
    # the textbook slope 1/x^2 - 1/sinh^2 x cancels 1e18 against 1e18 at 1e-9
    Case(G, "langevin_textbook_sum", "x=[1e-9]", "float64", "unstable", _langevin_slopes([1e-9]),
         "upstream * (1.0 / x ** 2 - 1.0 / gnp.sinh(x) ** 2)"),
    Case(G, "langevin_slip_sum", "x=[2]", "float64", "wrong", _langevin_slopes([2]), "langevin_slip>>def grad_fn"),
    Case(G, "spectral_magnitude", _at("x", SIGNAL), "float64", "ok", num_grad(_full_magnitude, x=SIGNAL)),
    Case(G, "quadrature_energy", _at("x", SIGNAL), "float64", "ok", _quadrature_slopes(SIGNAL)),
    Case(G, "gumbel_softmax_score", "logits=[0,0,0]", "float64", "ok", _gumbel_score_slopes([0, 0, 0])),
    Case(G, "gumbel_softmax_score", "logits=[0,0,0]", "float32", "ok", _gumbel_score_slopes([0, 0, 0], "float32")),
]

ALL = JAX + NUMPY + GN
