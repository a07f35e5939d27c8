"""The sixtieth trial set (third part): issue 27's exact reference on Python functions with COMPLEX INTERMEDIATES
and FFTs as signal-processing and physics code writes them with gradcli.numpy, every loss real
(tests/trials/lib60c.py): power spectra and Parseval energies (fft; ifft with norm="ortho"; sum |X|^2 beside sum
real(X)^2 + imag(X)^2), a magnitude-spectrum loss sum |fft x| and a spectral-convergence loss against a target, the
real cepstrum real(ifft(log |fft x|))[1] and the complex one real(ifft(log(fft x)))[1], a floored log power, the
spectral flatness exp(mean log P) / mean P and centroid (rfftfreq), phase losses np.angle(fft(x)[1]) and sum of
squared bin phases, circular autocorrelation irfft(|rfft x|^2) and ifft(X conj X), circular convolution by rfft /
irfft, fft2's energy and one bin's magnitude, a Hann window's power spectrum and peak, |z| (np.abs of x + 1j y),
Re(z conj z), np.abs(z) ** 2, log |z|, np.angle, np.arctan2, np.hypot and hypot ** 2, Re / Im of np.log(z) and
Re np.sqrt(z), rotations Re(e^{i theta}(a + ib)) and Im(conj(e^{i theta})(a + ib)), Re e^{a + ib}, an array factor
|sum e^{i theta_k}| and its square, a spectral coherence; at empty bins (a kink for |X|, smooth for |X|^2), on the
branch cut (np.angle of a bin that is exactly -1, y = +0 and -0.0, Re and Im of log and sqrt at -1), at 0, at
1e-300 / 1e300 / 5e-324 entries (float32's 1e-45, 1e-23, 1e30), prime lengths 17 and 31 (the reference's chirp
path) with 1e-300 beside 1 and 1e300; float64 (complex128) and float32 (complex64).

Tried: 41 functions (36 kept in lib60c), about 140 checks through the CLI (at most two at once): 115 written as cases
and judged by tests/trials/judge.py (45 dropped as repeats of kept kinds: ALL keeps 70), then about 25 probes by hand
(Re log z at points on and off the axes, Im log z, Re sqrt z, float32 scales 1e-20 / 1e-23 for F1, the order of
operations in gradcli's abs rule, --max-digits 120). Truths are written here from the mathematics, never lib60c's code,
at 2,000 digits at the numbers the dtype holds: DFTs as the sums X_k = sum x_n e^{-2 pi i k n / N} (twiddles by cospi /
sinpi of the reduced fraction, exact at multiples of 1/2), autocorrelation and convolution as the circular sums sum x_n
x_{n+m}, sum x_n h_{m-n}, the Hann window as 1/2 - cos(2 pi n / (M - 1)) / 2, closed forms (Parseval's 2 N x, d|z| =
z/|z|, d arg z = (-y, x) / |z|^2, d log|z| = z / |z|^2), and otherwise central differences at 2,000 digits with a step
of 10^-600 of the entry (cases58c.ND); NaN where a kink (|X| at an empty bin, hypot at 0), a jump (np.angle across the
negative real axis: d/dy NaN, d/dx along the axis an exact 0) or log 0 leaves no derivative.

ALL: 70 cases (41 ok, 18 domain, 10 unstable, 1 wrong). 61 agree with gradcli in verdict and every exact gradient
entry (to 1e-10 relative); the 9 that do not are F1 (5) and F2 (4) below. What agreed: Parseval's 2 N x (power_sum
at [1, 2, 3, 4]; fft2's 8 X); the energy without np.abs at 1e-300 and in float32 at 1e-23 (the F1 points); |X| at an
empty bin is a kink (sum |fft x| at [1, 1, 1, 1], fft2's bin at [[1, 1], [1, 1]], the Hann peak of zeros, the
spectral-convergence loss at 0: domain) while |X|^2 through np.abs at an empty bin keeps its derivative (log(|X|^2 +
1e-12) at [1, 1, 1, 1]; np.abs(z) ** 2 at 0: ok, exact 0); log |X| at an empty bin is domain (the cepstrum at [1, 1,
1, 1], value inf), and flatness at [1, 1, 1, 1] is wrong with exact gradient 0 (two empty bins: (P0 P1 P2)^(1/3) =
O(t^(4/3)), smooth; the chain rule's log 0 leaks NaN at every precision) while at [1, 1, 2, 2] (one empty bin:
O(t^(2/3)), a cusp) it is domain; a phase on the cut is domain with d/dx0 = d/dx2 = 0 exactly (the bin stays on the
axis) in float64 and float32, and so are np.angle(-1 + 0j) and np.angle(-1 - 0j) (signed zero: the same point), Im
log z and Re sqrt z at -1 (the latter a kink |y| / 2); 1e-300 off the cut is ok (phase slope -1, Re sqrt slope
[0, 1/2]); 1e-300 beside 1 and beside 1e300 at lengths 17 and 31 keeps its tiny phase slopes (the chirp path
settles: -3.61e-301 beside 1e300); np.angle at (1e-300, 1e-300) gives +-5e299; hypot ** 2 at 1e-200 (hypot's rule
divides first); unstable where float64 loses the value or slope and the exact one is representable: the array factor
|sum e^{i theta}| and its square at theta = [0, 2 pi/3, 4 pi/3] (S is 1e-16, float64's S is its rounding), the
autocorrelation with 1e300 * 1e300 in |rfft|^2, Re e^{a + ib} at a = 710 with cos b = 9.6e-5 (value 2.1e304, e^710
overflows), the ortho energy with 1e-300 beside O(1) (the adjoint DFT rounds 2e-300 to 0), the convolution at a
5e-324 signal; the exact 0 of the coherence's gradient at x = y (its maximum). None took over 10 s (the Hann peak of
zeros 9.6 s).

Truths the round corrected in itself, gradcli right each time: the energy at [1e300] * 4, Re(X conj X) there and
Re(z conj z) at (1e300, 1e-300) are domain, not ok (the value 1.6e601 is past float64's range, whatever the slope);
the ortho energy at [1, -2, 3.5, 0.25, 1e-300] is unstable (d/dx4 = 2e-300 is below the transform's rounding);
the energy at a 5e-324 entry among 1e-300s is unstable however it is written (8 x3 = 4e-323 under the 1e-316
rounding of the adjoint sum); hypot at (5e-324, 5e-324) is unstable (its value rounds to 5e-324, so x / h = 1 where
the exact slope is 0.707), |z| in float32 at (1e-45, 1e-45) likewise (|z| rounds to 1e-45); log |z| at (5e-324, 0)
is unstable (d/dx = 2e323 is past the range, but d/dy comes out NaN where the exact 0 is representable); flatness
at [1, 1, 1, 1] is wrong with exact gradient 0, not domain (see above). Not gradcli: my first run computed truths in
two threads, and mpmath's precision is global (a float32 Hann truth came out 9.8e584); the driver judges in one.

Findings (open):

- F1 (mended since: `ops_rules._phase` divides z by |z| before the product, scaling a subnormal |z| by a power
  of two first): np.abs of a complex array loses gradients that are representable and that the dtype computes well: gradcli's rule
  (`ops_rules._abs_vjp`) computes real(g) * conj(z) / |z|, and real(g) * conj(z) underflows when |g| |z| < 2.2e-308
  (float32: 1.2e-38), although g z / |z| is about g. Every |X| ** 2 has g = 2 |X|, so power spectra of signals at 1e-160
  and below (float32: about 1e-22 and below; 1e-20 still passes) get gradient 0 or digits off: sum |fft x|^2 at x =
  [1e-300, 2e-300, -1e-300, 3e-300] is [0, 0, 0, 0] (exact 8 x = [8e-300, 1.6e-299, -8e-300, 2.4e-299]); the
  autocorrelation irfft(|rfft x|^2)[1] at [1, 2, 3, 4] * 1e-200 gives 0 (exact [6e-200, 4e-200, 6e-200, 4e-200]);
  np.abs(z) ** 2 at (1e-200, 1e-200) gives 0 (exact 2e-200 each); float32's energy at [1, 2, -1, 3] * 1e-23 gives
  1.25e-22 where the exact d/dx0 is 8e-23. Where |z| is subnormal the division breaks too: NumPy's complex division by
  5e-324 overflows, so |z| at (5e-324, 0) has gradient (inf, NaN) where z / |z| = (1, 0) exactly (dividing Re and Im as
  reals gives it). Each is called unstable, which is true of the 0 gradcli.numpy computes, but the user's code is right
  and nothing in it can be changed: the same energies written as real(X)^2 + imag(X)^2 or Re(z conj z), and hypot(x, y)
  ** 2, are ok at the same points (all in ALL). The report misleads: it names `real` "in the gradient of fft.fftn" / "of
  add" at the fft or x + 1j y line ("an input had already lost it"), never np.abs. Reproduce:
      gradcli check tests/trials/lib60c.py:zabs_sq --at "x=1e-200,y=1e-200" --dtype float64
      gradcli check tests/trials/lib60c.py:power_sum --at "x=[1e-300,2e-300,-1e-300,3e-300]" --dtype float64
      gradcli check tests/trials/lib60c.py:power_reim --at "x=[1e-300,2e-300,-1e-300,3e-300]" --dtype float64   (ok)
      gradcli check tests/trials/lib60c.py:autocorr1 --at "x=[1e-200,2e-200,3e-200,4e-200]" --dtype float64
      gradcli check tests/trials/lib60c.py:power_sum --at "x=[1e-23,2e-23,-1e-23,3e-23]" --dtype float32
      gradcli check tests/trials/lib60c.py:zabs --at "x=5e-324,y=0.0" --dtype float64

- F2 (mended since: balls have the principal complex log and sqrt, `arb_complex._log`, `_sqrt`): Re(np.log(z)) and Re(np.sqrt(z)) of z = x + 1j * y at a point on an axis have no exact reference: at z = 2
  (exact gradient (1/2, 0)), -1 ((-1, 0)), i ((0, 1)) for log, z = 4 ((1/4, 0)) for sqrt, float64 and float32:
  "error": "no exact reference: an exact entry is within 1.04e-2561 of 0 at 3840 digits but not proven 0, so
  gradcli cannot say whether this value and gradient are right: no verdict" (1-2 s). The 0 is elementary (y = 0
  exactly: d/dy Re log z = y / |z|^2, d/dy Re sqrt z = Re(i / (2 sqrt z))). Off the axes it is decided (z = 3 + 4i:
  ok; z = 2 + 1e-300 i: ok, d/dy = 2.5e-301), and so are its neighbours on the axis: Im log z at 2 (ok, d/dx = 0
  proven), np.angle at 2 (ok), Re e^{a + ib} at b = 0 (ok), log |z| by np.abs at -1 (ok), and the complex cepstrum
  real(ifft(log(fft x)))[1], whose bins X0 and X2 are real (ok). Reproduce:
      gradcli check tests/trials/lib60c.py:zlog_re --at "x=2.0,y=0.0" --dtype float64
      gradcli check tests/trials/lib60c.py:zlog_re --at "x=-1.0,y=0.0" --dtype float64
      gradcli check tests/trials/lib60c.py:zsqrt_re --at "x=4.0,y=0.0" --dtype float64
      gradcli check tests/trials/lib60c.py:zlog_im --at "x=2.0,y=0.0" --dtype float64   (ok)
"""

import mpmath
from mpmath import mpf, mpc

from cases import Case
from cases5 import hp
from cases30b import _held
from cases58c import T, TN

L = "lib60c.py"
NAN = mpmath.nan


# --- the mathematics, written out (never lib60c's code) -----------------------------------------------------------

def _tw(k, n, N, sign):
    """e^{sign 2 pi i k n / N}, by cospi / sinpi of the reduced fraction (exact at multiples of 1/2)."""
    t = mpf((2 * k * n) % (2 * N)) / N
    return mpc(mpmath.cospi(t), sign * mpmath.sinpi(t))


def dft(v, sign=-1):
    """X_k = sum_n v_n e^{-2 pi i k n / N} (sign=+1, unscaled: N times the inverse)."""
    N = len(v)
    return [mpmath.fsum(v[n] * _tw(k, n, N, sign) for n in range(N)) for k in range(N)]


def hann(M):
    return [mpf(1) / 2 - mpmath.cospi(mpf(2 * n) / (M - 1)) / 2 for n in range(M)]


def _arg(z):
    """The principal argument, pi on the negative real axis (arctan2(+0, x < 0))."""
    return mpmath.atan2(mpmath.im(z), mpmath.re(z))


W4 = [mpf(1), mpf(-0.5), mpf(0.25), mpf(2)]


# the functions, written from their definitions; flat lists of the held numbers in, an mpf out

def f_spec_mag(x):
    return mpmath.fsum(abs(X) for X in dft(x))


def f_cepstrum1(x):
    N = len(x)
    c = [mpmath.log(abs(X)) for X in dft(x)]
    return mpmath.re(mpmath.fsum(c[k] * _tw(k, 1, N, +1) for k in range(N))) / N


def f_log_spec(x):
    return mpmath.fsum(mpmath.log(abs(X) ** 2 + mpf(1e-12)) for X in dft(x)[:len(x) // 2 + 1])


def f_phase1(x):
    return _arg(dft(x)[1])


def f_phase_sq(x):
    return mpmath.fsum(_arg(X) ** 2 for X in dft(x)[1:])


def f_autocorr1(x):  # r_1 = sum_n x_n x_{n+1 mod N}
    N = len(x)
    return mpmath.fsum(x[n] * x[(n + 1) % N] for n in range(N))


def f_autocorr_w(x):  # sum_m w_m r_m, r_m = sum_n x_n x_{n+m mod N}
    N = len(x)
    return mpmath.fsum(W4[m] * x[n] * x[(n + m) % N] for m in range(N) for n in range(N))


def f_conv(x, h):  # sum_m w_m sum_n x_n h_{m-n mod N}
    N = len(x)
    return mpmath.fsum(W4[m] * x[n] * h[(m - n) % N] for m in range(N) for n in range(N))


def f_hann_power(x):
    w = hann(len(x))
    return mpmath.fsum(abs(X) ** 2 for X in dft([a * b for a, b in zip(w, x)])[:len(x) // 2 + 1])


def f_hann_peak(x):
    w = hann(len(x))
    return max(abs(X) for X in dft([a * b for a, b in zip(w, x)])[:len(x) // 2 + 1])


def f_rotate(theta, a, b):  # Re(e^{i t}(a + ib)) = a cos t - b sin t
    return a[0] * mpmath.cos(theta[0]) - b[0] * mpmath.sin(theta[0])


def f_rotate_imag(theta, a, b):  # Im(e^{-i t}(a + ib)) = b cos t - a sin t
    return b[0] * mpmath.cos(theta[0]) - a[0] * mpmath.sin(theta[0])


def _S(theta):
    return mpc(mpmath.fsum(mpmath.cos(t) for t in theta), mpmath.fsum(mpmath.sin(t) for t in theta))


def f_array_factor(theta):
    return abs(_S(theta))


def f_array_power(theta):
    return abs(_S(theta)) ** 2


def f_cexp_re(a, b):
    return mpmath.exp(a[0]) * mpmath.cos(b[0])


def f_hyp_sq(x, y):
    return x[0] ** 2 + y[0] ** 2


def f_complex_cep1(x):
    N = len(x)
    return mpmath.re(mpmath.fsum(mpmath.log(X) * _tw(k, 1, N, +1) for k, X in enumerate(dft(x)))) / N


def f_centroid(x):
    A = [abs(X) for X in dft(x)[:len(x) // 2 + 1]]
    return mpmath.fsum(mpf(k) / len(x) * a for k, a in enumerate(A)) / mpmath.fsum(A)


# --- truths -------------------------------------------------------------------------------------------------------

def N1(f, dtype="float64", **pt):
    """Central differences (cases58c.ND: 2,000 digits, step 10^-600 of the entry) of f, every variable a vector or
    a scalar (a list of one) or a matrix (shape (r, c))."""
    shape, point = {}, {}
    for k, v in pt.items():
        if isinstance(v, list) and v and isinstance(v[0], list):
            shape[k] = (len(v), len(v[0]))
        elif isinstance(v, list):
            shape[k] = len(v)
        else:
            shape[k], v = 1, [v]
        point[k] = (v, dtype)
    return TN(",".join(pt), f, shape, **point)


def G(**grads):
    """Exact gradients given as numbers of the held point (strings, mpf, NAN), scalars or lists."""
    return T(**{k: (lambda v=v: v) for k, v in grads.items()})


def nans(n):
    return [NAN] * n


def held(v, dtype="float64"):
    return [_held(dtype, a) for a in v] if isinstance(v, list) else _held(dtype, v)


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def C(function, truth, verdict="ok", dtype="float64", **pt):
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


def S(function, f, verdict="ok", dtype="float64", **pt):
    """A case whose truth is central differences of f at the point."""
    return C(function, N1(f, dtype, **pt), verdict, dtype, **pt)


X4 = [1.0, 2.0, 3.0, 4.0]
THIRDS = [0.0, 2 * mpmath.pi / 3, 4 * mpmath.pi / 3]
THIRDS = [float(t) for t in THIRDS]
PI = 3.141592653589793

ALL = [
    # power spectra, Parseval (d sum |X|^2 = 2 N x): at 1e300 the value 1.6e601 is past float64 (domain)
    C("power_sum", G(x=[8 * a for a in held(X4)]), x=X4),
    C("power_sum", G(x=[8 * a for a in held([1e300] * 4)]), "domain", x=[1e300] * 4),
    C("power_ifft_ortho", G(x=[2 * a for a in held([1.0, -2.0, 3.5, 0.25, 1e-300])]), "unstable",
      x=[1.0, -2.0, 3.5, 0.25, 1e-300]),
    # F1: np.abs of a complex array whose gradient g and value z are both small: real(g) conj(z) underflows before
    # the division by |z| (the energy without np.abs beside each)
    C("power_sum", G(x=[8 * a for a in held([1e-300, 2e-300, -1e-300, 3e-300])]), x=[1e-300, 2e-300, -1e-300, 3e-300]),
    C("power_reim", G(x=[8 * a for a in held([1e-300, 2e-300, -1e-300, 3e-300])]), x=[1e-300, 2e-300, -1e-300, 3e-300]),
    C("power_sum", G(x=[8 * a for a in held([1e-23, 2e-23, -1e-23, 3e-23], "float32")]), dtype="float32",
      x=[1e-23, 2e-23, -1e-23, 3e-23]),
    C("power_reim", G(x=[8 * a for a in held([1e-23, 2e-23, -1e-23, 3e-23], "float32")]), dtype="float32",
      x=[1e-23, 2e-23, -1e-23, 3e-23]),
    S("autocorr1", f_autocorr1, x=[1e-200, 2e-200, 3e-200, 4e-200]),
    C("zabs_sq", G(x=2 * held(1e-200), y=2 * held(1e-200)), x=1e-200, y=1e-200),
    C("zabs2", G(x=2 * held(1e-200), y=2 * held(1e-200)), x=1e-200, y=1e-200),
    S("hyp_sq", f_hyp_sq, x=1e-200, y=1e-200),
    C("zabs", G(x=mpf(1), y=mpf(0)), x=5e-324, y=0.0),
    # x3 = 5e-324 among 1e-300s: its 8 x3 = 4e-323 is below the adjoint DFT's rounding (unstable, not F1)
    C("power_reim", G(x=[8 * a for a in held([1e-300, 2e-300, -1e-300, 5e-324])]), "unstable",
      x=[1e-300, 2e-300, -1e-300, 5e-324]),
    # magnitude spectra: a kink at an empty bin
    S("spec_mag", f_spec_mag, x=X4),
    C("spec_mag", G(x=nans(4)), "domain", x=[1.0, 1.0, 1.0, 1.0]),
    C("spec_l2", G(x=nans(4)), "domain", x=[0.0] * 4),
    # cepstra, log power, flatness
    S("cepstrum1", f_cepstrum1, x=X4),
    C("cepstrum1", G(x=nans(4)), "domain", x=[1.0, 1.0, 1.0, 1.0]),
    S("log_spec", f_log_spec, x=[1.0, 1.0, 1.0, 1.0]),
    S("complex_cep1", f_complex_cep1, x=[4.0, 1.0, 0.5, 0.25]),
    C("flatness", G(x=[mpf(0)] * 4), "wrong", x=[1.0, 1.0, 1.0, 1.0]),
    C("flatness", G(x=nans(4)), "domain", x=[1.0, 1.0, 2.0, 2.0]),
    S("centroid", f_centroid, x=[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
    # phases: np.angle of a bin, off and on the cut, at an empty bin, prime lengths (the reference's chirp path)
    S("phase1", f_phase1, x=X4),
    C("phase1", G(x=[mpf(0), NAN, mpf(0), NAN]), "domain", x=[0.0, 0.0, 1.0, 0.0]),
    C("phase1", G(x=[mpf(0), NAN, mpf(0), NAN]), "domain", dtype="float32", x=[0.0, 0.0, 1.0, 0.0]),
    S("phase1", f_phase1, x=[0.0, -1e-300, 1.0, 0.0]),
    C("phase1", G(x=nans(4)), "domain", x=[1.0, 1.0, 1.0, 1.0]),
    S("phase1", f_phase1, x=[1e300, 1e-300] + [0.0] * 15),
    S("phase1", f_phase1, x=[1.0, 1e-300] + [0.0] * 29),
    S("phase_sq", f_phase_sq, dtype="float32", x=X4),
    # autocorrelation and convolution by FFT
    S("autocorr1", f_autocorr1, "unstable", x=[1e-300, 1.0, 1e300, 0.0]),
    S("autocorr_conj", f_autocorr_w, x=X4),
    S("conv_fft", f_conv, x=X4, h=[0.5, -1.0, 0.0, 2.0]),
    S("conv_fft", f_conv, x=[1e300, 0.0, 0.0, 0.0], h=[1e-300, 0.0, 0.0, 0.0]),
    S("conv_fft", f_conv, "unstable", x=[5e-324, 0.0, 0.0, 0.0], h=X4),
    # 2-D, windows
    C("power2d", G(X=[[8 * a for a in held(r)] for r in [[1.0, 2.0], [3.0, 4.0]]]), X=[[1.0, 2.0], [3.0, 4.0]]),
    C("fft2_bin", G(X=[[mpf(-1), mpf(1)], [mpf(-1), mpf(1)]]), X=[[1.0, 2.0], [3.0, 4.0]]),
    C("fft2_bin", G(X=[nans(2), nans(2)]), "domain", X=[[1.0, 1.0], [1.0, 1.0]]),
    S("hann_power", f_hann_power, dtype="float32", x=[1.0, -2.0, 3.0, -4.0, 5.0, -6.0, 7.0, -8.0]),
    S("hann_peak", f_hann_peak, x=[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]),
    C("hann_peak", G(x=[mpf(0)] + nans(6) + [mpf(0)]), "domain", x=[0.0] * 8),
    # |z|, |z|^2, log |z|
    C("zabs", G(x=NAN, y=NAN), "domain", x=0.0, y=0.0),
    C("zabs", G(x=1 / mpmath.sqrt(2), y=1 / mpmath.sqrt(2)), x=1e-300, y=1e-300),
    C("zabs", G(x=mpf(0), y=mpf(1)), x=0.0, y=1e-300),
    C("zabs", G(x=1 / mpmath.sqrt(2), y=1 / mpmath.sqrt(2)), "unstable", dtype="float32", x=1e-45, y=1e-45),
    C("zabs2", G(x=mpf(0), y=mpf(0)), x=0.0, y=0.0),
    C("zabs2", G(x=2 * held(1e300), y=2 * held(1e-300)), "domain", x=1e300, y=1e-300),
    C("zabs_sq", G(x=mpf(0), y=mpf(0)), x=0.0, y=0.0),
    C("zlogabs", G(x=1 / held(5e-324), y=mpf(0)), "unstable", x=5e-324, y=0.0),
    # angle, arctan2, hypot: the cut (signed zero too), 0, tiny and huge
    C("zangle", G(x=mpf(0), y=NAN), "domain", x=-1.0, y=0.0),
    C("zangle", G(x=mpf(0), y=NAN), "domain", x=-1.0, y=-0.0),
    C("zangle", G(x=-held(1e-300) / (1 + held(1e-300) ** 2), y=-1 / (1 + held(1e-300) ** 2)), x=-1.0, y=1e-300),
    C("zangle", G(x=-held(1e-45, "float32") / (1 + held(1e-45, "float32") ** 2),
                  y=1 / (1 + held(1e-45, "float32") ** 2)), dtype="float32", x=1.0, y=1e-45),
    C("atan2", G(y=NAN, x=mpf(0)), "domain", y=0.0, x=-1.0),
    C("hyp", G(x=NAN, y=NAN), "domain", x=0.0, y=0.0),
    C("hyp", G(x=1 / mpmath.sqrt(2), y=1 / mpmath.sqrt(2)), "unstable", x=5e-324, y=5e-324),
    # complex log and sqrt: the cut, and F2 (points on an axis: no exact reference)
    C("zlog_im", G(x=mpf(0), y=NAN), "domain", x=-1.0, y=0.0),
    C("zsqrt_re", G(x=mpf(0), y=NAN), "domain", x=-1.0, y=0.0),
    C("zlog_re", G(x=mpf(-1), y=mpf(0)), x=-1.0, y=0.0),
    C("zlog_re", G(x=mpf(0.5), y=mpf(0)), x=2.0, y=0.0),
    C("zlog_re", G(x=mpf(0), y=mpf(1)), x=0.0, y=1.0),
    C("zsqrt_re", G(x=mpf(0.25), y=mpf(0)), x=4.0, y=0.0),
    # rotations by e^{i theta}, e^{a + ib}, an array factor whose phasors cancel
    S("rotate", f_rotate, theta=1e300, a=1.0, b=2.0),
    S("rotate_imag", f_rotate_imag, theta=PI, a=1.0, b=0.0),
    S("cexp_re", f_cexp_re, "unstable", a=710.0, b=1.5707),
    S("array_factor", f_array_factor, "unstable", theta=THIRDS),
    S("array_factor", f_array_factor, theta=[0.0, PI]),
    S("array_power", f_array_power, "unstable", theta=THIRDS),
    C("coherence", G(x=[mpf(0)] * 4, y=[mpf(0)] * 4), x=X4, y=X4),
]
