"""The seventy-first trial set (d): AUDIO AND SPECTRAL LOSSES as users write them, on issues 28 and 29's bridges, on
8- and 16-sample signals. JAX (jax_lib71d): log(|rfft x|^2 + 1e-10), 10 log10(maximum(re^2 + im^2, 1e-10)),
sum jnp.abs(rfft x) and sum sqrt(re^2 + im^2), a bin's phase by arctan2 and the DC bin's jnp.angle (pi for a negative
sum: imag is identically 0), spectral convergence ||S_ref - S_est|| / ||S_ref|| and a log-magnitude L1 over frames cut
by slicing with a hand-written periodic Hann window (2 pi held in the dtype), pre-emphasis (0.97) into a log-mel
energy by a fixed 3 x 5 filterbank, r[1] / r[0] of irfft(|rfft x|^2), SI-SDR bare and with eps in the projection and
the ratio, mu-law sign(x) log1p(255 |x|) / log1p(255). PyTorch (torch_lib71d): the log power, torchaudio's
amplitude_to_DB by hand (clamp at amin, and top_db = 80), |torch.fft.rfft|, torch.atan2 and torch.angle of a bin,
Parallel WaveGAN's multi-resolution STFT loss (torch.stft, centred, reflect-padded, hann_window, sqrt(clamp(re^2 +
im^2, 1e-7)), Frobenius SC + log-magnitude L1), SC by torch.abs of torch.stft (plain and squared), the
autocorrelation, asteroid's zero-mean SI-SDR with eps and a bare one, torchaudio's mu-law with torch.log1p(mu) and
with math.log1p(MU). TensorFlow (tf_lib71d): the log power, decibels by log / log(10), tf.abs, tf.math.angle,
tf.signal.stft (hann_window) for SC, a log-STFT L1 and a log-mel, SI-SDR, mu-law. NumPy (np_lib71d): the same
spectra with np.fft.rfft, np.abs and np.hypot, np.angle, the autocorrelation, a pre-emphasised windowed power, SI-SDR,
mu-law. Points: noise-like signals, silence, a pure tone cos(pi n / 2) (bin 2 of 8; every other bin exactly 0), an
impulse, an estimate identical to its reference; float64 and float32.

Counts: 102 cases tried (JAX's two identical-estimate STFT cases first at 16 samples took 3.5 and 5 min with --wrt
est, both domain; all five such cases re-pointed at 8 samples); 96 kept. Dropped: the log-mel at silence in JAX and TensorFlow (over 4 min
each, a repeat of the floored log at silence), the MR-STFT loss with a silent reference and SC-squared at a different
estimate (repeats of F1). Kept: 63 ok, 23 domain, 6 wrong, 4 unstable; 76 float64, 20 float32 (JAX 39, PyTorch 25,
TensorFlow 16, NumPy 16). 90 agree with my truths (after the corrections below); 6 are held as strict xfails (F1: 5,
F2: 1). Two signals of 16 samples each are checked with --wrt est (above 16 inputs the check gives only a directional
derivative, `exact_gradient` null); every other case in all its inputs. Every check took 0.4-73 s.

Agreed (verdicts, every exact gradient entry to 1e-10, the user's line where given):
- log power spectra log(|X|^2 + eps) (JAX, PyTorch, TensorFlow, NumPy): ok at noise, at silence (every slope exactly
  0; float32 too) and at a pure tone's empty bins (|X|^2 is smooth at 0, and the frameworks' complex-abs rules give
  0 there, times 2|X| = 0);
- decibels 10 log10(max(power, amin)): ok at noise, silence (the amin branch, slope 0) and a tone (float32 too);
  torchaudio's top_db = 80 at a tone: the empty bins floored at max - 80, which moves with bin 2: ok;
- sum |X| by abs, sqrt(re^2 + im^2) and np.hypot: domain at silence and at a tone's empty bins (the cone of |z|: each
  sample's slope -|c| / +|c| from the two sides), ok at an impulse (every bin 1) and at noise;
- phases: arctan2 / angle of bin 1 ok at noise and at an impulse (slope -sin(2 pi n / 8)), domain at a tone (bin 1
  is 0: a jump of pi along each sample, though both one-sided slopes are 0); jnp.angle of the DC bin at a negative
  sum: pi, slope 0, ok (no sign of -0.0 leaks into the value);
- spectral convergence and log-STFT L1 (JAX slicing, tf.signal.stft): ok at different signals (float32 too, 2 pi in
  the window held as float32), domain at an identical estimate (the norm's and the L1's cones; the first sample,
  under the window's 0, keeps slope 0 in JAX's frames);
- log-mel energies (JAX with pre-emphasis, float32 too; TensorFlow): ok; the windowed, pre-emphasised NumPy power ok
  at noise and at silence;
- autocorrelation r[1] / r[0]: ok at noise and at an impulse, domain at silence (0 / 0, no limit) in all four;
- SI-SDR: bare ok at different signals, domain at a perfect estimate (10 log10 of T / 0) in all four; JAX's eps form
  with a silent reference ok (alpha = eps / eps = 1, target 0: every slope of T vanishes);
- mu-law at x = 0: differentiable (odd, slope 255 / ln 256 = 45.99 from both sides); the sign and abs rules give 0:
  wrong in JAX (float64 and float32), PyTorch (torch.log1p(mu) and math.log1p(MU), the latter's double held in
  float32) and TensorFlow, each named at the user's line with abs and sign at their switch; ok off 0.

My truths corrected (gradcli was right):
- JAX's si_sdr_eps at a perfect estimate: unstable, not ok. The reference's slope is 2 s (1 - |s|^2 / (|s|^2 + eps))
  scaled, about 1e-8 where the estimate's is 1: two paths through `target = alpha * ref` (alpha's and ref's own)
  cancel, losing 8 digits in float64 and all of them in float32 (where |s|^2 + 1e-8 rounds to |s|^2); named at that
  line;
- PyTorch's asteroid-style si_sdr_loss at a perfect estimate: unstable, not ok (float64 and float32): e_noise = est -
  s_target is eps / (|s|^2 + eps) s, a 5e-9 cancellation whose 2e-8 relative error reaches every slope through
  2 e / (|e|^2 + eps); the ref's 1e-8 slopes come out wholly wrong. (Its finding names the backward sum of
  `est = est - est.mean()` with "relative error 8.2e+62", a sum whose exact value is 0; the verdict and the exact
  gradient are right, so no line is required of it.)

Findings (both mended since):
- F1: torch.stft with overlapping frames (hop < n_fft: PyTorch's default hop n_fft // 4 and every recipe's) is refused,
  exit 2: "the PyTorch op aten.as_strided at torch_lib71d.py:54 (sizes [1, 9, 8], strides [24, 2, 1]) reads
  overlapping windows or places outside its input, which gradcli's replay does not follow: write it with view,
  expand, slicing or torch.stack". The README says torch.stft is replayed; only hop = n_fft (cases22a) works.
  torch.stft's frames are a gather with repeated indices (strided_index returns None when `wanted` repeats a place),
  whose replay is a gather and whose adjoint a scatter-add; a user cannot rewrite torch.stft's internals. Truths kept
  (MR-STFT ok at different signals in both dtypes, domain at an identical estimate; SC by abs domain there, SC squared
  ok with every slope 0). Reproduce:
  gradcli check tests/trials/torch_lib71d.py:multi_resolution_stft_loss --at "est=[0.3,-0.7,0.2,0.9,-0.4,0.1,-0.8,0.5],ref=[0.3,-0.7,0.2,0.9,-0.4,0.1,-0.8,0.5]" --wrt est --dtype float64 --json
  Mended: an as_strided read through overlapping windows replays as the gather it is, its adjoint adding each
  window's share (torch_graph.strided_index's ``overlapping``; a write through such a view is still refused). Two
  truths written before the replay ran were corrected then: the MR-STFT loss at A16 / B16 is domain in float64, with
  kinks in est[5], est[6], est[7], est[9], est[10] and est[11] (the sided slopes of my mirror are NaN there too, and
  PyTorch's own one-sided differences at 1e-8 give 0.04436 and -0.15172 in est[5]), and unstable in float32 (PyTorch's
  float32 gradient differs from its float64 one at the same point by up to 0.29, where the exact slopes are my
  mirror's).
- F2: NumPy's mu-law at x = 0 (np_lib71d.mu_law): the verdict wrong and the exact gradient [45.99, 0.358, 0.710] are
  right, but the wrong-rule finding has no location (`"location": null`; the text says "backward, gradient rule: the
  gradient rule is wrong" with no file:line and no word of abs and sign at their switch), where the same function in
  JAX, PyTorch and TensorFlow is named at its line ("abs and sign on this line are evaluated at an argument of 0, the
  switch where each such rule gives its convention's slope"). Reproduce:
  gradcli check tests/trials/np_lib71d.py:mu_law --at "x=[0.0,0.5,-0.25]" --dtype float64 --json
  Mended: a program on gradcli's own rules is searched for abs and sign at their switch as a framework's replay is
  (rule_blame._own_program_named, `_at_their_switch`): named at line 55, abs and sign.

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds (every literal
as the dtype holds it: eps, amin, 0.97, 1e-7, 1e-8, the window's 2 pi, math.log1p(255)'s double; the frameworks' own
log1p(255) and torch.hann_window's sin^2(pi n / N) as mathematics), never the files' code or gradcli: the DFT as sums
with cospi / sinpi twiddles (exact zeros in a tone's empty bins), |X|, atan2, framing and reflect padding written out,
the autocorrelation as sum x_n x_{n+1 mod N} / sum x_n^2, SI-SDR from its projection; slopes from each side by
mpmath.diff (cases30b.sided_grad), NaN where they differ; NaN by hand where the value itself is undefined (0 / 0, a
phase at 0, log of T / 0).
"""
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad

J, T, K, N = "jax_lib71d.py", "torch_lib71d.py", "tf_lib71d.py", "np_lib71d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
F32, F64 = "float32", "float64"


def H(dtype, v):
    """A literal (or a Python float computed from literals) as the dtype holds it."""
    return _in(dtype, [float(v)])[0]


# ------------------------------------------------------------------------------------------------- the mathematics
def dft(x, bins=None):
    """X_k = sum_n x_n e^{-2 pi i k n / N}, k = 0..N/2 (the one-sided bins): twiddles by cospi / sinpi, exact at
    multiples of 1/2, so a pure tone's empty bins are exact zeros."""
    n = len(x)
    ks = range(n // 2 + 1) if bins is None else bins
    out = []
    for k in ks:
        c, s = _twiddles(n, k)
        out.append(mpmath.mpc(sum(v * a for v, a in zip(x, c)), -sum(v * b for v, b in zip(x, s))))
    return out


_TWIDDLES = {}


def _twiddles(n, k):
    key = (n, k, mpmath.mp.prec)
    if key not in _TWIDDLES:
        _TWIDDLES[key] = ([mpmath.cospi(mpf(2 * k * j) / n) for j in range(n)],
                          [mpmath.sinpi(mpf(2 * k * j) / n) for j in range(n)])
    return _TWIDDLES[key]


def power(z):
    return z.real ** 2 + z.imag ** 2


def log10(v):
    return mpmath.log(v) / mpmath.log(10)


def log_power(dtype):
    eps = H(dtype, 1e-10)
    return lambda x: sum(mpmath.log(power(z) + eps) for z in dft(x))


def power_db(dtype, top_db=None):
    amin = H(dtype, 1e-10)

    def f(x):
        db = [10 * log10(max(power(z), amin)) for z in dft(x)]
        if top_db is not None:
            floor = max(db) - top_db
            db = [max(v, floor) for v in db]
        return sum(db) / len(db)
    return f


def magnitude_sum(x):
    return sum(abs(z) for z in dft(x))


def bin_phase(x):
    z = dft(x, [1])[0]
    return mpmath.atan2(z.imag, z.real)


def dc_phase(x):
    z = dft(x, [0])[0]
    return mpmath.atan2(z.imag, z.real)


def hann_held(dtype, n):
    """0.5 - 0.5 cos(c k / n), c = 2 pi as the dtype holds it (JAX's hand window, TensorFlow's hann_window)."""
    c = H(dtype, 2 * math.pi)
    return [mpf("0.5") - mpf("0.5") * mpmath.cos(c * k / n) for k in range(n)]


def hann_exact(n):
    """torch.hann_window(n) (periodic): sin^2(pi k / n), PyTorch's mathematics."""
    return [mpmath.sinpi(mpf(k) / n) ** 2 for k in range(n)]


def frame_mags(x, window, n=8, hop=4):
    """|rfft| of the frames x[i:i+n] * window, i = 0, hop, ... (no padding)."""
    return [[abs(z) for z in dft([a * w for a, w in zip(x[i:i + n], window)])] for i in range(0, len(x) - n + 1, hop)]


def frame_power(x, window, n=8, hop=4):
    return [[power(z) for z in dft([a * w for a, w in zip(x[i:i + n], window)])] for i in range(0, len(x) - n + 1, hop)]


def _flat(m):
    return [v for row in m for v in row]


def sc(dtype):
    w = hann_held(dtype, 8)

    def f(est, ref):
        se, sr = _flat(frame_mags(est, w)), _flat(frame_mags(ref, w))
        return mpmath.sqrt(sum((a - b) ** 2 for a, b in zip(sr, se))) / mpmath.sqrt(sum(a * a for a in sr))
    return f


def log_l1(dtype):
    w, e = hann_held(dtype, 8), H(dtype, 1e-7)

    def f(est, ref):
        se, sr = _flat(frame_mags(est, w)), _flat(frame_mags(ref, w))
        return sum(abs(mpmath.log(b + e) - mpmath.log(a + e)) for a, b in zip(se, sr)) / len(se)
    return f


MEL = [[1, mpf("0.5"), 0, 0, 0], [0, mpf("0.5"), 1, mpf("0.5"), 0], [0, 0, 0, mpf("0.5"), 1]]


def log_mel(dtype, preemphasis):
    w, e, a = hann_held(dtype, 8), H(dtype, 1e-6), H(dtype, 0.97)

    def f(x):
        y = [x[0]] + [x[i] - a * x[i - 1] for i in range(1, len(x))] if preemphasis else list(x)
        total = 0
        for row in frame_power(y, w):
            for band in MEL:
                total += mpmath.log(sum(m * p for m, p in zip(band, row)) + e)
        return total
    return f


def autocorr(x):
    """r_m = sum_n x_n x_{(n + m) mod N}: the circular autocorrelation irfft(|rfft x|^2) is."""
    n = len(x)
    r0 = sum(v * v for v in x)
    r1 = sum(x[i] * x[(i + 1) % n] for i in range(n))
    return r1 / r0


def si_sdr_bare(est, ref):
    alpha = sum(a * b for a, b in zip(est, ref)) / sum(b * b for b in ref)
    t = [alpha * b for b in ref]
    e = [a - b for a, b in zip(est, t)]
    return -10 * log10(sum(v * v for v in t) / sum(v * v for v in e))


def si_sdr_eps(dtype, zero_mean=False, eps_in_dot=True):
    eps = H(dtype, 1e-8)

    def f(est, ref):
        if zero_mean:
            me, mr = sum(est) / len(est), sum(ref) / len(ref)
            est, ref = [a - me for a in est], [b - mr for b in ref]
        dot = sum(a * b for a, b in zip(est, ref))
        if eps_in_dot:  # JAX's user: (dot + eps) / (|ref|^2 + eps); the ratio (T + eps) / (N + eps)
            alpha = (dot + eps) / (sum(b * b for b in ref) + eps)
            t = [alpha * b for b in ref]
            e = [a - b for a, b in zip(est, t)]
            return -10 * log10((sum(v * v for v in t) + eps) / (sum(v * v for v in e) + eps))
        # asteroid: dot ref / (|ref|^2 + eps); ratio T / (N + eps); -10 log10(ratio + eps)
        t = [dot * b / (sum(c * c for c in ref) + eps) for b in ref]
        e = [a - b for a, b in zip(est, t)]
        return -10 * log10(sum(v * v for v in t) / (sum(v * v for v in e) + eps) + eps)
    return f


def mu_law(divisor):
    """sum sign(x) log1p(255 |x|) / divisor; divisor None: log1p(255) = ln 256 exactly (the framework's op)."""
    def f(x):
        d = mpmath.log(256) if divisor is None else divisor
        return sum(mpmath.sign(v) * mpmath.log1p(255 * abs(v)) / d for v in x)
    return f


def reflect(x, p):
    return [x[p - i] for i in range(p)] + list(x) + [x[len(x) - 2 - i] for i in range(p)]


def torch_mags(dtype, x, n, hop, floor=True):
    """torch.stft(center=True, reflect padding, periodic Hann) magnitudes; floor: sqrt(max(re^2 + im^2, 1e-7))."""
    w, f = hann_exact(n), H(dtype, 1e-7)
    y = reflect(x, n // 2)
    out = []
    for i in range(0, len(y) - n + 1, hop):
        for z in dft([a * b for a, b in zip(y[i:i + n], w)]):
            out.append(mpmath.sqrt(max(power(z), f)) if floor else abs(z))
    return out


def mr_stft(dtype):
    def f(est, ref):
        total = 0
        for n, hop in ((8, 2), (4, 1)):
            xm, ym = torch_mags(dtype, est, n, hop), torch_mags(dtype, ref, n, hop)
            total += mpmath.sqrt(sum((b - a) ** 2 for a, b in zip(xm, ym))) / mpmath.sqrt(sum(b * b for b in ym))
            total += sum(abs(mpmath.log(b) - mpmath.log(a)) for a, b in zip(xm, ym)) / len(xm)
        return total / 2
    return f


def sc_abs(dtype, squared):
    def f(est, ref):
        xm, ym = torch_mags(dtype, est, 8, 2, False), torch_mags(dtype, ref, 8, 2, False)
        num, den = sum((b - a) ** 2 for a, b in zip(xm, ym)), sum(b * b for b in ym)
        return num / den if squared else mpmath.sqrt(num) / mpmath.sqrt(den)
    return f


def preemph_power(x):
    a, n = mpf(0.97), len(x)
    y = [x[0]] + [x[i] - a * x[i - 1] for i in range(1, n)]
    w = hann_held(F64, n)
    return mpmath.log(sum(power(z) for z in dft([u * v for u, v in zip(y, w)])) + mpf(1e-6))


# ------------------------------------------------------------------------------------------------- cases
def at(**point):
    return ",".join(f"{k}={v!r}".replace(" ", "") for k, v in point.items())


def S(file, function, dtype, verdict, f, line=None, **point):
    """A case whose truth is f's slopes from each side at the point as the dtype holds it (NaN where they differ)."""
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, **point), line=line)


def E(file, function, dtype, verdict, f, est, ref, line=None):
    """Two 16-sample signals, checked in est alone (--wrt est; ref held as data): above 16 inputs the check gives
    only a directional derivative. The truth is f's one-sided slopes in est, ref held as the dtype holds it."""
    held = _in(dtype, ref)
    return Case(file, function, at(est=est, ref=ref), dtype, verdict,
                sided_grad(lambda est: f(est, held), dtype, est=est), line=line, wrt="est")


def Nan(file, function, dtype, verdict, entries, line=None, **point):
    """A case with no derivative in the entries named (None: NaN; a number: that slope), written by hand."""
    truth = hp(lambda: {k: [NAN if v is None else mpf(v) for v in vs] for k, vs in entries.items()})
    return Case(file, function, at(**point), dtype, verdict, truth, line=line)


X8 = [0.3, -0.7, 0.2, 0.9, -0.4, 0.1, -0.8, 0.5]
Y8 = [0.25, -0.5, 0.3, 0.7, -0.45, 0.2, -0.6, 0.4]
NEG8 = [-0.3, -0.7, 0.2, -0.9, -0.4, 0.1, -0.8, -0.5]
TONE8 = [1.0, 0.0, -1.0, 0.0, 1.0, 0.0, -1.0, 0.0]  # cos(pi n / 2): bin 2 of 8, every other bin exactly 0
SIL8 = [0.0] * 8
IMP8 = [1.0] + [0.0] * 7
A16 = [0.1, 0.5, -0.3, 0.8, -0.6, 0.2, 0.4, -0.9, 0.7, -0.2, 0.3, -0.5, 0.6, -0.1, -0.4, 0.25]
B16 = [0.2, 0.4, -0.1, 0.7, -0.5, 0.3, 0.2, -0.8, 0.6, -0.3, 0.4, -0.4, 0.5, 0.1, -0.3, 0.2]
SIL16 = [0.0] * 16
MU0 = [0.0, 0.5, -0.25]
MU1 = [0.1, 0.5, -0.25]
NAN8 = [None] * 8

JMU = "y = jnp.sign(x) * jnp.log1p(MU * jnp.abs(x)) / jnp.log1p(MU)"
TMU = "y = torch.sign(x) * torch.log1p(mu * torch.abs(x)) / torch.log1p(mu)"
TMUM = "y = torch.sign(x) * torch.log1p(MU * torch.abs(x)) / math.log1p(MU)"
KMU = "y = tf.sign(x) * tf.math.log1p(mu * tf.abs(x)) / tf.math.log1p(mu)"
NMU = "return np.sum(np.sign(x) * np.log1p(MU * np.abs(x)) / np.log1p(MU))"
LOG256 = math.log1p(255.0)
JSDR = "def si_sdr_eps>>target = alpha * ref"  # ref reaches the ratio by alpha and by itself: 1 - |s|^2 / (|s|^2 + eps)

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "log_power_spectrum", F64, "ok", log_power(F64), x=X8),
    S(J, "log_power_spectrum", F32, "ok", log_power(F32), x=X8),
    S(J, "log_power_spectrum", F64, "ok", log_power(F64), x=SIL8),
    S(J, "log_power_spectrum", F32, "ok", log_power(F32), x=SIL8),
    S(J, "log_power_spectrum", F64, "ok", log_power(F64), x=TONE8),
    S(J, "power_db", F64, "ok", power_db(F64), x=X8),
    S(J, "power_db", F64, "ok", power_db(F64), x=SIL8),
    S(J, "power_db", F32, "ok", power_db(F32), x=TONE8),
    S(J, "magnitude_sum", F64, "ok", magnitude_sum, x=X8),
    S(J, "magnitude_sum", F64, "domain", magnitude_sum, x=SIL8),
    S(J, "magnitude_sum", F64, "domain", magnitude_sum, x=TONE8),
    S(J, "magnitude_sum", F64, "ok", magnitude_sum, x=IMP8),
    S(J, "magnitude_sum", F32, "ok", magnitude_sum, x=IMP8),
    S(J, "magnitude_sqrt", F32, "ok", magnitude_sum, x=X8),
    S(J, "magnitude_sqrt", F64, "domain", magnitude_sum, x=SIL8),
    S(J, "magnitude_sqrt", F64, "ok", magnitude_sum, x=IMP8),
    S(J, "bin_phase", F64, "ok", bin_phase, x=X8),
    Nan(J, "bin_phase", F64, "domain", {"x": NAN8}, x=TONE8),
    S(J, "bin_phase", F64, "ok", bin_phase, x=IMP8),
    S(J, "dc_phase", F64, "ok", dc_phase, x=NEG8),
    S(J, "dc_phase", F64, "ok", dc_phase, x=X8),
    E(J, "spectral_convergence", F64, "ok", sc(F64), A16, B16),
    E(J, "spectral_convergence", F32, "ok", sc(F32), A16, B16),
    E(J, "spectral_convergence", F64, "wrong", sc(F64), X8, X8),
    E(J, "log_stft_l1", F64, "ok", log_l1(F64), A16, B16),
    E(J, "log_stft_l1", F64, "domain", log_l1(F64), X8, X8),
    S(J, "log_mel", F64, "ok", log_mel(F64, True), x=A16),
    S(J, "log_mel", F32, "ok", log_mel(F32, True), x=A16),
    S(J, "autocorr_coef", F64, "ok", autocorr, x=X8),
    S(J, "autocorr_coef", F64, "ok", autocorr, x=IMP8),
    Nan(J, "autocorr_coef", F64, "domain", {"x": NAN8}, x=SIL8),
    S(J, "si_sdr", F64, "ok", si_sdr_bare, est=X8, ref=Y8),
    Nan(J, "si_sdr", F64, "domain", {"est": NAN8, "ref": NAN8}, est=X8, ref=X8),
    S(J, "si_sdr_eps", F64, "unstable", si_sdr_eps(F64), JSDR, est=X8, ref=X8),
    S(J, "si_sdr_eps", F32, "unstable", si_sdr_eps(F32), JSDR, est=X8, ref=X8),
    S(J, "si_sdr_eps", F64, "ok", si_sdr_eps(F64), est=X8, ref=SIL8),
    S(J, "mu_law", F64, "wrong", mu_law(None), JMU, x=MU0),
    S(J, "mu_law", F32, "wrong", mu_law(None), JMU, x=MU0),
    S(J, "mu_law", F32, "ok", mu_law(None), x=MU1),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "log_power_spectrum", F32, "ok", log_power(F32), x=X8),
    S(T, "log_power_spectrum", F64, "ok", log_power(F64), x=SIL8),
    S(T, "amplitude_to_db", F64, "ok", power_db(F64), x=X8),
    S(T, "amplitude_to_db", F32, "ok", power_db(F32), x=SIL8),
    S(T, "db_top80", F64, "ok", power_db(F64, 80), x=TONE8),
    S(T, "db_top80", F64, "ok", power_db(F64, 80), x=X8),
    S(T, "magnitude_sum", F64, "domain", magnitude_sum, x=SIL8),
    S(T, "magnitude_sum", F64, "ok", magnitude_sum, x=IMP8),
    S(T, "bin_phase", F64, "ok", bin_phase, x=X8),
    Nan(T, "bin_angle", F64, "domain", {"x": NAN8}, x=TONE8),
    S(T, "bin_angle", F32, "ok", bin_phase, x=IMP8),
    E(T, "multi_resolution_stft_loss", F64, "unstable", mr_stft(F64), A16, B16),  # kinks in est[5..11]: see F1
    E(T, "multi_resolution_stft_loss", F32, "unstable", mr_stft(F32), A16, B16),  # see F1
    E(T, "multi_resolution_stft_loss", F64, "domain", mr_stft(F64), X8, X8),
    E(T, "spectral_convergence_abs", F64, "domain", sc_abs(F64, False), X8, X8),
    E(T, "spectral_convergence_sq", F64, "ok", sc_abs(F64, True), A16, A16),
    S(T, "autocorr_coef", F32, "ok", autocorr, x=X8),
    Nan(T, "autocorr_coef", F64, "domain", {"x": NAN8}, x=SIL8),
    S(T, "si_sdr_loss", F64, "ok", si_sdr_eps(F64, True, False), est=X8, ref=Y8),
    S(T, "si_sdr_loss", F64, "unstable", si_sdr_eps(F64, True, False), est=X8, ref=X8),
    S(T, "si_sdr_loss", F32, "unstable", si_sdr_eps(F32, True, False), est=X8, ref=X8),
    Nan(T, "si_sdr_bare", F64, "domain", {"est": NAN8, "ref": NAN8}, est=X8, ref=X8),
    S(T, "mu_law", F64, "wrong", mu_law(None), TMU, x=MU0),
    S(T, "mu_law_math", F32, "ok", mu_law(H(F32, LOG256)), x=MU1),
    S(T, "mu_law_math", F32, "wrong", mu_law(H(F32, LOG256)), TMUM, x=MU0),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "log_power_spectrum", F64, "ok", log_power(F64), x=X8),
    S(K, "log_power_spectrum", F32, "ok", log_power(F32), x=SIL8),
    S(K, "power_db", F64, "ok", power_db(F64), x=X8),
    S(K, "power_db", F64, "ok", power_db(F64), x=TONE8),
    S(K, "magnitude_sum", F64, "domain", magnitude_sum, x=TONE8),
    S(K, "magnitude_sum", F64, "ok", magnitude_sum, x=IMP8),
    S(K, "bin_phase", F64, "ok", bin_phase, x=IMP8),
    Nan(K, "bin_phase", F64, "domain", {"x": NAN8}, x=TONE8),
    E(K, "spectral_convergence", F64, "ok", sc(F64), A16, B16),
    E(K, "spectral_convergence", F64, "wrong", sc(F64), X8, X8),
    E(K, "log_stft_l1", F64, "ok", log_l1(F64), A16, B16),
    S(K, "log_mel", F64, "ok", log_mel(F64, False), x=A16),
    S(K, "si_sdr", F64, "ok", si_sdr_bare, est=X8, ref=Y8),
    Nan(K, "si_sdr", F64, "domain", {"est": NAN8, "ref": NAN8}, est=X8, ref=X8),
    S(K, "mu_law", F64, "wrong", mu_law(None), KMU, x=MU0),
    S(K, "mu_law", F32, "ok", mu_law(None), x=MU1),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "log_power_spectrum", F64, "ok", log_power(F64), x=X8),
    S(N, "log_power_spectrum", F64, "ok", log_power(F64), x=SIL8),
    S(N, "power_db", F64, "ok", power_db(F64), x=TONE8),
    S(N, "magnitude_sum", F64, "domain", magnitude_sum, x=SIL8),
    S(N, "magnitude_hypot", F64, "ok", magnitude_sum, x=IMP8),
    S(N, "magnitude_hypot", F64, "domain", magnitude_sum, x=SIL8),
    S(N, "bin_phase", F64, "ok", bin_phase, x=X8),
    Nan(N, "bin_phase", F64, "domain", {"x": NAN8}, x=TONE8),
    S(N, "autocorr_coef", F64, "ok", autocorr, x=IMP8),
    Nan(N, "autocorr_coef", F64, "domain", {"x": NAN8}, x=SIL8),
    S(N, "preemph_power", F64, "ok", preemph_power, x=X8),
    S(N, "preemph_power", F64, "ok", preemph_power, x=SIL8),
    S(N, "si_sdr", F64, "ok", si_sdr_bare, est=X8, ref=Y8),
    Nan(N, "si_sdr", F64, "domain", {"est": NAN8, "ref": NAN8}, est=X8, ref=X8),
    S(N, "mu_law", F64, "wrong", mu_law(None), NMU, x=MU0),
    S(N, "mu_law", F64, "ok", mu_law(None), x=MU1),
]
