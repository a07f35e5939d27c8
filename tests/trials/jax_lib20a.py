"""A user's JAX code, twentieth round: log-power spectra and Parseval energies by jnp.fft, expected shortfall from
sorted losses, the Kelly criterion's log-growth, softplus-smoothed option payoffs, the Debye heat-capacity integrand,
a two-level system's log-partition function, negative-binomial and Student-t likelihoods by gammaln, a cube root by bisection
behind an implicit-function custom_jvp, custom rules for sinc and the inverse softplus as blog posts write them, a
logsumexp custom_vjp, and a vmapped per-example Huber loss."""

import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import gammaln, logsumexp, xlogy

# --- signal processing ------------------------------------------------------------------------------------------------


def log_power_spectrum(x):
    """The log-periodogram: sum over rfft bins of log |X_k|^2."""
    spectrum = jnp.fft.rfft(x)
    return jnp.sum(jnp.log(jnp.abs(spectrum) ** 2))


def log_power_spectrum_floor(x):
    """The same with a floor under each bin's power, so silent bins stay finite."""
    spectrum = jnp.fft.rfft(x)
    return jnp.sum(jnp.log(jnp.abs(spectrum) ** 2 + 1e-12))


def spectral_energy(x):
    """Parseval's energy: sum |X_k|^2 / n over the full FFT (equal to sum x^2)."""
    spectrum = jnp.fft.fft(x)
    return jnp.sum(jnp.abs(spectrum) ** 2) / x.shape[0]


def spectral_magnitude(x):
    """The L1 norm of the half spectrum: sum |X_k|."""
    return jnp.sum(jnp.abs(jnp.fft.rfft(x)))


def spectral_phase(x):
    """The summed phase of the half spectrum."""
    return jnp.sum(jnp.angle(jnp.fft.rfft(x)))


def log_periodogram_detrended(x):
    """The log-periodogram of the signal less its mean."""
    spectrum = jnp.fft.rfft(x - jnp.mean(x))
    return jnp.sum(jnp.log(jnp.abs(spectrum) ** 2))


def log_periodogram_detrended_floor(x):
    spectrum = jnp.fft.rfft(x - jnp.mean(x))
    return jnp.sum(jnp.log(jnp.abs(spectrum) ** 2 + 1e-12))


def spectral_entropy(x):
    """Shannon entropy of the normalised power spectrum, 0 log 0 = 0 by xlogy."""
    power = jnp.abs(jnp.fft.rfft(x)) ** 2
    p = power / jnp.sum(power)
    return -jnp.sum(xlogy(p, p))


def lowpass_energy(x):
    """Energy of the signal after zeroing the Nyquist bin (four samples)."""
    gain = jnp.array([1.0, 1.0, 0.0])
    y = jnp.fft.irfft(jnp.fft.rfft(x) * gain, n=x.shape[0])
    return jnp.sum(y ** 2)


def spectral_norm(x):
    """The Euclidean norm of the half spectrum."""
    return jnp.linalg.norm(jnp.fft.rfft(x))


def spectral_derivative_energy(x):
    """Energy of the signal's derivative taken spectrally: ifft(i k fft(x)), its real part, k the angular
    frequencies of a unit-spaced grid."""
    k = 2 * jnp.pi * jnp.fft.fftfreq(x.shape[0])
    derivative = jnp.fft.ifft(1j * k * jnp.fft.fft(x)).real
    return jnp.sum(derivative ** 2)


OMEGA = jnp.array([0.1, 1.0, 10.0])


def bode_gain(tau):
    """Summed gain in dB of a first-order low-pass H(i w) = 1 / (1 + i w tau) at three frequencies."""
    h = 1.0 / (1.0 + 1j * OMEGA * tau)
    return jnp.sum(20.0 * jnp.log10(jnp.abs(h)))


def bode_phase(tau):
    h = 1.0 / (1.0 + 1j * OMEGA * tau)
    return jnp.sum(jnp.angle(h))


def kuramoto_order(theta):
    """The Kuramoto order parameter r = |mean(exp(i theta))|."""
    return jnp.abs(jnp.mean(jnp.exp(1j * theta)))


def sinc_response(x):
    """A sinc filter's response energy, jnp.sinc (JAX defines its slope at 0)."""
    return jnp.sum(jnp.sinc(x) ** 2)


# --- finance ----------------------------------------------------------------------------------------------------------


def expected_shortfall(losses):
    """CVaR at 75% of eight scenario losses: the mean of the worst quarter."""
    n = losses.shape[0]
    k = n // 4
    worst = jnp.sort(losses)[n - k:]
    return jnp.mean(worst)


def kelly_growth(f):
    """Expected log-growth of a bet of fraction f at even odds with win probability 0.6."""
    p, b = 0.6, 1.0
    return p * jnp.log(1.0 + f * b) + (1.0 - p) * jnp.log(1.0 - f)


def smooth_call_naive(s):
    """A call payoff max(S - K, 0) smoothed by softplus with sharpness 10, written out."""
    k, beta = 100.0, 10.0
    return jnp.sum(jnp.log(1.0 + jnp.exp(beta * (s - k))) / beta)


def smooth_call(s):
    k, beta = 100.0, 10.0
    return jnp.sum(jax.nn.softplus(beta * (s - k)) / beta)


# --- statistical physics ----------------------------------------------------------------------------------------------


def debye_naive(x):
    """The Debye heat-capacity integrand x^4 e^x / (e^x - 1)^2 at the grid points x = h nu / kT."""
    return jnp.sum(x ** 4 * jnp.exp(x) / (jnp.exp(x) - 1.0) ** 2)


def debye_expm1(x):
    """The same written in e^-x, with expm1 for the denominator."""
    return jnp.sum(x ** 4 * jnp.exp(-x) / jnp.expm1(-x) ** 2)


def debye_ratio(x):
    """The same with x / (1 - e^-x) kept as one ratio near 1."""
    r = x / -jnp.expm1(-x)
    return jnp.sum(x ** 2 * r ** 2 * jnp.exp(-x))


def log_partition_naive(beta):
    """A two-level system's log-partition function log Z, Z = exp(-beta) + exp(-2 beta) (levels at 1 and 2)."""
    return jnp.log(jnp.exp(-beta) + jnp.exp(-2.0 * beta))


def log_partition(beta):
    return logsumexp(jnp.stack([-beta, -2.0 * beta]))


# --- likelihoods ------------------------------------------------------------------------------------------------------


def negbin_nll(r, mu):
    """Negative-binomial NLL of a count of 3, dispersion r and mean mu."""
    k = 3.0
    return -(gammaln(k + r) - gammaln(k + 1.0) - gammaln(r)
             + r * jnp.log(r / (r + mu)) + k * jnp.log(mu / (r + mu)))


def student_t_nll(x, nu):
    """Student-t NLL with nu degrees of freedom."""
    return -(gammaln((nu + 1.0) / 2.0) - gammaln(nu / 2.0) - 0.5 * jnp.log(nu * jnp.pi)
             - (nu + 1.0) / 2.0 * jnp.log1p(x ** 2 / nu))


def huber(residual, delta=1.0):
    a = jnp.abs(residual)
    return jnp.where(a <= delta, 0.5 * residual ** 2, delta * (a - 0.5 * delta))


def per_example_huber(w, xs=jnp.array([1.0, 2.0, -1.0]), ys=jnp.array([1.0, 1.0, 0.0])):
    """Mean Huber loss of a line through the origin, per example by vmap."""
    def one(x, y):
        return huber(w * x - y)
    return jnp.mean(jax.vmap(one)(xs, ys))


# --- a root by bisection, differentiated implicitly -------------------------------------------------------------------


def _bisect_cube_root(a):
    def cond(state):
        lo, hi = state
        return jnp.any(hi - lo > 1e-14 * jnp.maximum(1.0, hi))

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        below = mid ** 3 < a
        return jnp.where(below, mid, lo), jnp.where(below, hi, mid)

    lo, hi = lax.while_loop(cond, body, (jnp.zeros_like(a), jnp.maximum(1.0, a)))
    return 0.5 * (lo + hi)


@jax.custom_jvp
def cube_root(a):
    return _bisect_cube_root(a)


@cube_root.defjvp
def _cube_root_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    x = _bisect_cube_root(a)
    # x^3 = a: 3 x^2 dx = da
    return x, da / (3.0 * x ** 2)


@jax.custom_jvp
def cube_root_slip(a):
    return _bisect_cube_root(a)


@cube_root_slip.defjvp
def _cube_root_slip_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    x = _bisect_cube_root(a)
    return x, da / x ** 2


def cube_root_sum(a):
    return jnp.sum(cube_root(a))


def cube_root_slip_sum(a):
    return jnp.sum(cube_root_slip(a))


def attenuation(a):
    """The fixed point x = exp(-a x) by 100 plain iterations in a fori_loop."""
    return jnp.sum(lax.fori_loop(0, 100, lambda _, x: jnp.exp(-a * x), jnp.ones_like(a)))


# --- custom rules as blog posts write them ----------------------------------------------------------------------------


@jax.custom_jvp
def sinc_pi(x):
    return jnp.sin(jnp.pi * x) / (jnp.pi * x)


@sinc_pi.defjvp
def _sinc_pi_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = sinc_pi(x)
    return y, (jnp.cos(jnp.pi * x) - y) / x * dx


def sinc_rule_sum(x):
    return jnp.sum(sinc_pi(x))


@jax.custom_jvp
def softplus_inverse(y):
    """x with softplus(x) = y: log(e^y - 1)."""
    return jnp.log(jnp.expm1(y))


@softplus_inverse.defjvp
def _softplus_inverse_jvp(primals, tangents):
    (y,), (dy,) = primals, tangents
    return softplus_inverse(y), dy / -jnp.expm1(-y)


@jax.custom_jvp
def softplus_inverse_slip(y):
    return jnp.log(jnp.expm1(y))


@softplus_inverse_slip.defjvp
def _softplus_inverse_slip_jvp(primals, tangents):
    (y,), (dy,) = primals, tangents
    return softplus_inverse_slip(y), dy / jnp.expm1(y)


def softplus_inverse_sum(y):
    return jnp.sum(softplus_inverse(y))


def softplus_inverse_slip_sum(y):
    return jnp.sum(softplus_inverse_slip(y))


@jax.custom_vjp
def lse(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


def _lse_fwd(x):
    return lse(x), x


def _lse_bwd(x, g):
    weights = jnp.exp(x) / jnp.sum(jnp.exp(x))
    return (g * weights,)


lse.defvjp(_lse_fwd, _lse_bwd)


def lse_energy(x):
    """A log-sum-exp pooled score with a hand-written backward."""
    return lse(x) + 0.5 * jnp.sum(x ** 2) * 1e-3


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def tempered_log_softmax(logits, temperature):
    return jax.nn.log_softmax(logits / temperature)


def _tempered_fwd(logits, temperature):
    out = tempered_log_softmax(logits, temperature)
    return out, out


def _tempered_bwd(temperature, out, g):
    return ((g - jnp.exp(out) * jnp.sum(g)) / temperature,)


tempered_log_softmax.defvjp(_tempered_fwd, _tempered_bwd)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def tempered_log_softmax_slip(logits, temperature):
    return jax.nn.log_softmax(logits / temperature)


def _tempered_slip_fwd(logits, temperature):
    out = tempered_log_softmax_slip(logits, temperature)
    return out, out


def _tempered_slip_bwd(temperature, out, g):
    return (g - jnp.exp(out) * jnp.sum(g),)


tempered_log_softmax_slip.defvjp(_tempered_slip_fwd, _tempered_slip_bwd)


def distillation_loss(logits):
    """Cross-entropy against soft targets at temperature 4, through a hand-written VJP."""
    targets = jnp.array([0.7, 0.2, 0.1])
    return -jnp.sum(targets * tempered_log_softmax(logits, 4.0))


def distillation_loss_slip(logits):
    targets = jnp.array([0.7, 0.2, 0.1])
    return -jnp.sum(targets * tempered_log_softmax_slip(logits, 4.0))


def masked_attention(scores):
    """Attention weights over three keys with the last masked by -inf, applied to fixed values."""
    mask = jnp.array([0.0, 0.0, -jnp.inf])
    weights = jax.nn.softmax(scores + mask)
    return jnp.sum(weights * jnp.array([1.0, -2.0, 5.0]))


@functools.partial(jax.jit, static_argnums=())
def gumbel_free(x):
    """Smooth maximum by temperature 0.01: T logsumexp(x / T)."""
    t = 0.01
    return t * logsumexp(x / t)
