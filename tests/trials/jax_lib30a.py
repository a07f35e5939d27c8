"""A user's JAX code, thirtieth round (first part): seismology (a ray's travel time through flat layers as a function
of its ray parameter, at and past a layer's critical angle; the offset's travel time by shooting with Newton's method
in a fori_loop; moment magnitude from newton-metres and from dyne-centimetres; Aki's b-value), hydrology (Manning's
velocity in a rectangular channel at zero and negative depth, behind a single and a double where, by a lax.cond and
the cond vmapped over cells; Green-Ampt infiltration by a fixed-point fori_loop and while_loop and by custom_vjp
implicit slopes right and forgetting the chain), epidemiology (an SEIR epidemic by an Euler scan, checkpointed, fitted
on log rates from a parameter tree; R0 as the spectral radius of a next-generation matrix by its closed form, by
eigvals and by power iteration), psychometrics (2PL and 3PL item response log-likelihoods at extreme abilities, naive
and by log_sigmoid, vmapped over persons; a cumulative-logit ordinal model, naive and stable; a custom_jvp test
information right and wrong), acoustics (A-weighting in decibels at 1 kHz and at frequencies whose fourth power
overflows; a sound level with a floor and without), Beer-Lambert's absorbance by -log10 of a transmittance, Langmuir's
isotherm fitted by --args, and van Genuchten's retention curve at zero suction."""

import jax
import jax.numpy as jnp

# --- seismology ------------------------------------------------------------------------------------------------------

LAYER_H = (2.0, 5.0, 8.0)  # km
LAYER_V = (3.0, 5.0, 6.5)  # km/s


def _layers(dtype):
    return jnp.array(LAYER_H, dtype=dtype), jnp.array(LAYER_V, dtype=dtype)


def ray_time(p):
    """One-way travel time (s) of a ray with ray parameter p (s/km) down through the three layers."""
    h, v = _layers(p.dtype)
    cos_i = jnp.sqrt(1.0 - (p * v) ** 2)
    return jnp.sum(h / (v * cos_i))


def ray_offset(p):
    """The horizontal distance the same ray travels."""
    h, v = _layers(p.dtype)
    pv = p * v
    return jnp.sum(h * pv / jnp.sqrt(1.0 - pv ** 2))


def travel_time_at(x):
    """The travel time to offset x: shoot for the ray parameter by 40 Newton steps on sin of the take-off angle."""
    h, v = _layers(x.dtype)
    vmax = v[-1]

    def offset(s):
        pv = s * v / vmax
        return jnp.sum(h * pv / jnp.sqrt(1.0 - pv ** 2))

    def step(_, s):
        return s - (offset(s) - x) / jax.grad(offset)(s)

    s = jax.lax.fori_loop(0, 40, step, jnp.zeros_like(x) + 0.3)
    pv = s * v / vmax
    return jnp.sum(h / (v * jnp.sqrt(1.0 - pv ** 2)))


def moment_magnitude(m0):
    """Hanks-Kanamori moment magnitude of a seismic moment in N m."""
    return (2.0 / 3.0) * (jnp.log10(m0) - 9.1)


def moment_magnitude_cgs(m0):
    """The same from the moment converted to dyne-cm first, as the old catalogues do."""
    m0_dyne_cm = m0 * 1e7
    return (2.0 / 3.0) * jnp.log10(m0_dyne_cm) - 10.7


def b_value(mags):
    """Aki's maximum-likelihood b-value above the completeness magnitude 2.0, bins of 0.1."""
    return jnp.log10(jnp.e) / (jnp.mean(mags) - (2.0 - 0.05))


# --- hydrology -------------------------------------------------------------------------------------------------------

MANNING_N, SLOPE, WIDTH = 0.03, 0.001, 4.0


def manning_velocity(depth):
    """Mean velocity (m/s) in a rectangular channel 4 m wide."""
    radius = WIDTH * depth / (WIDTH + 2.0 * depth)
    return radius ** (2.0 / 3.0) * jnp.sqrt(SLOPE) / MANNING_N


def manning_wet_cells(depth):
    """Total velocity over grid cells, dry cells (depth <= 0) contributing 0."""
    radius = WIDTH * depth / (WIDTH + 2.0 * depth)
    return jnp.sum(jnp.where(depth > 0, radius ** (2.0 / 3.0) * jnp.sqrt(SLOPE) / MANNING_N, 0.0))


def manning_wet_cells_safe(depth):
    """The same with the dry cells' depth replaced before the power (the double where)."""
    wet = depth > 0
    safe = jnp.where(wet, depth, 1.0)
    radius = WIDTH * safe / (WIDTH + 2.0 * safe)
    return jnp.sum(jnp.where(wet, radius ** (2.0 / 3.0) * jnp.sqrt(SLOPE) / MANNING_N, 0.0))


def manning_cond(depth):
    """One cell's mean velocity, 0 where it is dry, by lax.cond."""
    def wet(d):
        radius = WIDTH * d / (WIDTH + 2.0 * d)
        return radius ** (2.0 / 3.0) * jnp.sqrt(SLOPE) / MANNING_N

    return jax.lax.cond(depth > 0, wet, jnp.zeros_like, depth)


def manning_cells_vmapped(depth):
    """Total velocity over grid cells, the cond batched by jax.vmap."""
    return jnp.sum(jax.vmap(manning_cond)(depth))


PSI_DTHETA, GA_T = 0.11 * 0.3, 2.0  # suction head times moisture deficit (m); hours


def green_ampt(k_sat):
    """Cumulative infiltration (m) after 2 h: F = K t + psi dtheta log(1 + F / psi dtheta), by fixed-point steps."""
    def step(_, f):
        return k_sat * GA_T + PSI_DTHETA * jnp.log(1.0 + f / PSI_DTHETA)

    return jax.lax.fori_loop(0, 200, step, k_sat * GA_T)


def green_ampt_while(k_sat):
    """The same until a step changes F by less than 1e-14, by lax.while_loop."""
    def keep_going(state):
        f, previous = state
        return jnp.abs(f - previous) > 1e-14

    def step(state):
        f, _ = state
        return k_sat * GA_T + PSI_DTHETA * jnp.log1p(f / PSI_DTHETA), f

    f, _ = jax.lax.while_loop(keep_going, step, (k_sat * GA_T, k_sat * 0.0 - 1.0))
    return f


def _ga_solve(k_sat):
    f = k_sat * GA_T
    for _ in range(200):
        f = k_sat * GA_T + PSI_DTHETA * jnp.log1p(f / PSI_DTHETA)
    return f


@jax.custom_vjp
def green_ampt_implicit(k_sat):
    """The same solve, its slope dF/dK = t (psi dtheta + F) / F by the implicit function theorem."""
    return _ga_solve(k_sat)


def _ga_fwd(k_sat):
    f = _ga_solve(k_sat)
    return f, f


def _ga_bwd(f, g):
    return (g * GA_T * (PSI_DTHETA + f) / f,)


green_ampt_implicit.defvjp(_ga_fwd, _ga_bwd)


@jax.custom_vjp
def green_ampt_explicit_slope(k_sat):
    """The same solve with the slope taken from the equation's explicit K t term only."""
    return _ga_solve(k_sat)


def _ga_explicit_fwd(k_sat):
    return _ga_solve(k_sat), None


def _ga_explicit_bwd(_, g):
    return (g * GA_T,)


green_ampt_explicit_slope.defvjp(_ga_explicit_fwd, _ga_explicit_bwd)


# --- epidemiology ----------------------------------------------------------------------------------------------------

SEIR_DT, SEIR_STEPS = 0.5, 240


def _seir(beta, sigma, gamma, step_fn=None):
    def step(state, _):
        s, e, i, r = state
        infect = beta * s * i
        return (s - SEIR_DT * infect, e + SEIR_DT * (infect - sigma * e), i + SEIR_DT * (sigma * e - gamma * i),
                r + SEIR_DT * gamma * i), i

    one = jnp.asarray(beta)
    init = (one * 0 + 0.999, one * 0, one * 0 + 0.001, one * 0)
    final, infected = jax.lax.scan(step_fn(step) if step_fn else step, init, None, length=SEIR_STEPS)
    return final, infected


def seir_attack_rate(beta):
    """The fraction ever infected after 120 days of an SEIR epidemic (sigma 0.2, gamma 0.1 per day)."""
    (s, _, _, _), _ = _seir(beta, 0.2, 0.1)
    return 1.0 - s


def seir_peak_checkpointed(beta):
    """The infected fraction's soft peak (logsumexp of 200 times the path, over 200), each step rematerialized."""
    _, infected = _seir(beta, 0.2, 0.1, step_fn=jax.checkpoint)
    return jax.scipy.special.logsumexp(200.0 * infected) / 200.0


def seir_args():
    """Log rates and the observed infected fractions on days 20, 40 and 60."""
    params = {"log_beta": jnp.array(-1.2), "log_sigma": jnp.array(-1.6), "log_gamma": jnp.array(-2.3)}
    return {"params": params, "observed": jnp.array([0.004, 0.02, 0.06])}


def seir_fit(params, observed):
    """Squared error of the infected fractions on days 20, 40 and 60."""
    _, infected = _seir(jnp.exp(params["log_beta"]), jnp.exp(params["log_sigma"]), jnp.exp(params["log_gamma"]))
    return jnp.sum((infected[jnp.array([40, 80, 120])] - observed) ** 2)


GAMMA_GROUPS = (0.1, 0.25)


def _ngm(beta):
    """K_ij = beta_ij / gamma_j for the 2 x 2 contact rates."""
    return beta / jnp.array(GAMMA_GROUPS, dtype=beta.dtype)[None, :]


def r0_closed(beta):
    """The spectral radius of the 2 x 2 next-generation matrix by its characteristic polynomial."""
    k = _ngm(beta)
    tr, det = k[0, 0] + k[1, 1], k[0, 0] * k[1, 1] - k[0, 1] * k[1, 0]
    return 0.5 * (tr + jnp.sqrt(tr * tr - 4.0 * det))


def r0_eigvals(beta):
    """The same by jnp.linalg.eigvals: the largest real part."""
    return jnp.max(jnp.real(jnp.linalg.eigvals(_ngm(beta))))


def r0_power(beta):
    """The same by 60 steps of power iteration and the Rayleigh quotient."""
    k = _ngm(beta)

    def step(_, v):
        w = k @ v
        return w / jnp.linalg.norm(w)

    v = jax.lax.fori_loop(0, 60, step, jnp.ones(2, dtype=beta.dtype))
    return v @ k @ v / (v @ v)


# --- psychometrics ---------------------------------------------------------------------------------------------------

ITEM_A = (1.7, 1.2, 0.8, 2.1)
ITEM_B = (-1.0, 0.0, 0.5, 1.5)
ITEM_C = (0.2, 0.25, 0.2, 0.15)
RESPONSES = (1.0, 1.0, 0.0, 1.0)


def _items(dtype):
    return (jnp.array(ITEM_A, dtype=dtype), jnp.array(ITEM_B, dtype=dtype), jnp.array(ITEM_C, dtype=dtype),
            jnp.array(RESPONSES, dtype=dtype))


def irt_2pl_loglik(theta):
    """The 2PL log-likelihood of one person's four responses."""
    a, b, _, y = _items(theta.dtype)
    p = jax.nn.sigmoid(a * (theta - b))
    return jnp.sum(y * jnp.log(p) + (1.0 - y) * jnp.log(1.0 - p))


def irt_2pl_loglik_stable(theta):
    """The same by log_sigmoid of the logit and of its negative."""
    a, b, _, y = _items(theta.dtype)
    z = a * (theta - b)
    return jnp.sum(y * jax.nn.log_sigmoid(z) + (1.0 - y) * jax.nn.log_sigmoid(-z))


def irt_3pl_loglik(theta):
    """The 3PL log-likelihood: a guessing floor c under the curve."""
    a, b, c, y = _items(theta.dtype)
    p = c + (1.0 - c) * jax.nn.sigmoid(a * (theta - b))
    return jnp.sum(y * jnp.log(p) + (1.0 - y) * jnp.log(1.0 - p))


def irt_3pl_loglik_stable(theta):
    """The same with log(1 - p) as log(1 - c) + log_sigmoid(-z)."""
    a, b, c, y = _items(theta.dtype)
    z = a * (theta - b)
    log_p = jnp.log(c + (1.0 - c) * jax.nn.sigmoid(z))
    log_q = jnp.log1p(-c) + jax.nn.log_sigmoid(-z)
    return jnp.sum(y * log_p + (1.0 - y) * log_q)


def irt_group_loglik(thetas):
    """The 2PL log-likelihood of several persons answering the same four items, by jax.vmap."""
    return jnp.sum(jax.vmap(irt_2pl_loglik_stable)(thetas))


CUTS = (-1.0, 0.0, 1.0)


def ordinal_loglik(eta):
    """Cumulative-logit log-likelihood of the top category (4 of 4): 1 - sigmoid(tau_3 - eta)."""
    tau = jnp.array(CUTS, dtype=eta.dtype)
    cum = jnp.concatenate([jnp.zeros(1, eta.dtype), jax.nn.sigmoid(tau - eta), jnp.ones(1, eta.dtype)])
    probs = cum[1:] - cum[:-1]
    return jnp.log(probs[3])


def ordinal_loglik_middle(eta):
    """The log-probability of the second category, sigmoid(tau_2 - eta) - sigmoid(tau_1 - eta)."""
    tau = jnp.array(CUTS, dtype=eta.dtype)
    return jnp.log(jax.nn.sigmoid(tau[1] - eta) - jax.nn.sigmoid(tau[0] - eta))


def ordinal_loglik_middle_stable(eta):
    """The same as log_sigmoid(t2 - eta) + log_sigmoid(eta - t1) + log1p(-exp(t1 - t2))."""
    tau = jnp.array(CUTS, dtype=eta.dtype)
    lo, hi = tau[0], tau[1]
    return jax.nn.log_sigmoid(hi - eta) + jax.nn.log_sigmoid(eta - lo) + jnp.log1p(-jnp.exp(lo - hi))


@jax.custom_jvp
def item_information(theta):
    """The 2PL test information sum a^2 p (1 - p), its slope by hand."""
    a, b, _, _ = _items(theta.dtype)
    p = jax.nn.sigmoid(a * (theta - b))
    return jnp.sum(a * a * p * (1.0 - p))


@item_information.defjvp
def _information_jvp(primals, tangents):
    (theta,), (dt,) = primals, tangents
    a, b, _, _ = _items(theta.dtype)
    p = jax.nn.sigmoid(a * (theta - b))
    return item_information(theta), jnp.sum(a ** 3 * p * (1.0 - p) * (1.0 - 2.0 * p)) * dt


@jax.custom_jvp
def item_information_sloppy(theta):
    """The same, its slope missing the (1 - 2p) factor."""
    a, b, _, _ = _items(theta.dtype)
    p = jax.nn.sigmoid(a * (theta - b))
    return jnp.sum(a * a * p * (1.0 - p))


@item_information_sloppy.defjvp
def _information_sloppy_jvp(primals, tangents):
    (theta,), (dt,) = primals, tangents
    a, b, _, _ = _items(theta.dtype)
    p = jax.nn.sigmoid(a * (theta - b))
    return item_information_sloppy(theta), jnp.sum(a ** 3 * p * (1.0 - p)) * dt


# --- acoustics -------------------------------------------------------------------------------------------------------


def a_weighting_db(f):
    """IEC 61672 A-weighting (dB) at frequency f (Hz)."""
    f2 = f * f
    ra = (12194.0 ** 2 * f2 * f2) / ((f2 + 20.6 ** 2) * jnp.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2))
                                     * (f2 + 12194.0 ** 2))
    return 20.0 * jnp.log10(ra) + 2.0


def sound_level_floor(p):
    """Sound pressure level (dB re 20 uPa) of a pressure record, its mean power floored at 1e-12 Pa^2."""
    power = jnp.maximum(jnp.mean(p ** 2), 1e-12)
    return 10.0 * jnp.log10(power / (20e-6) ** 2)


def sound_level(p):
    """The same without the floor."""
    return 10.0 * jnp.log10(jnp.mean(p ** 2) / (20e-6) ** 2)


# --- chemistry and soil --------------------------------------------------------------------------------------------

EPSILON, PATH = 1.2e4, 1.0  # L/(mol cm); cm


def absorbance(conc):
    """Beer-Lambert absorbance from the transmitted fraction."""
    transmittance = jnp.exp(-jnp.log(10.0) * EPSILON * PATH * conc)
    return -jnp.log10(transmittance)


LANGMUIR_C = (0.5, 1.0, 2.0, 5.0, 10.0)
LANGMUIR_Q = (1.1, 1.8, 2.6, 3.4, 3.8)


def langmuir_args():
    """Log-scale capacity and affinity and the measured uptake: one point's arguments."""
    params = {"log_qmax": jnp.array(1.5), "log_k": jnp.array(-0.7)}
    return {"params": params, "data": {"c": jnp.array(LANGMUIR_C), "q": jnp.array(LANGMUIR_Q)}}


def langmuir_fit(params, data):
    """Squared error of q = qmax K c / (1 + K c)."""
    qmax, k = jnp.exp(params["log_qmax"]), jnp.exp(params["log_k"])
    pred = qmax * k * data["c"] / (1.0 + k * data["c"])
    return jnp.sum((pred - data["q"]) ** 2)


VG_ALPHA, VG_N, THETA_R, THETA_S = 1.5, 1.4, 0.05, 0.45


def van_genuchten(h):
    """Volumetric water content at pressure head h (m), van Genuchten with m = 1 - 1/n."""
    m = 1.0 - 1.0 / VG_N
    return THETA_R + (THETA_S - THETA_R) / (1.0 + jnp.abs(VG_ALPHA * h) ** VG_N) ** m
