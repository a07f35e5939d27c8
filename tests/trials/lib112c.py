"""A user's code on gradcli.numpy, round 112c: renewable energy and power systems, the formulas energy engineers fit
or differentiate (turbine and PV parameter fits, optimal dispatch, sensitivity of a levelised cost): a wind turbine's
power curve (by where, by clip, by a manufacturer's table), air density, Betz, an empirical Cp(lambda, beta), a
Weibull wind climate's mean power by a fixed quadrature and in closed form, the capacity factor, wind shear and the
log profile, a Jensen wake; a PV cell's single-diode model by Lambert W and by Newton steps, its open-circuit voltage
and maximum power point, temperature derating, inverter clipping, the irradiance on a tilted plane; a battery's
Peukert capacity, coulomb counting, OCV curves, Arrhenius ageing; AC power flow on two and three buses, the power
factor, apparent power, line losses, a transformer's efficiency, the per-unit system; the capital recovery factor and
the levelised cost of energy."""

import math

import gradcli
import gradcli.numpy as np
import gradcli.scipy.special as special

# --- wind -----------------------------------------------------------------------------------------------------------
V_CI, V_R, V_CO = 3.0, 12.0, 25.0  # cut-in, rated, cut-out (m / s)
P_R = 2000.0  # rated power (kW)
R_D, R_V = 287.05, 461.5  # J / (kg K)
RHO = 1.225  # kg / m^3
BETZ = 16.0 / 27.0
H_REF = 10.0  # m
KAPPA = 0.41
ROTOR_R = 40.0  # m
TABLE_V = [3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 25.0]
TABLE_P = [0.0, 80.0, 200.0, 380.0, 620.0, 920.0, 1260.0, 1600.0, 1880.0, 2000.0, 2000.0]
CALM_RECORD = [0.0, 3.2, 5.5, 7.1, 9.8, 12.4]  # a met mast's 10-minute means, one of them calm
WINDY_RECORD = [1.4, 3.2, 5.5, 7.1, 9.8, 12.4]


def power_curve(v):
    """0 below cut-in, cubic to rated, flat to cut-out, 0 above (kW)."""
    cubic = P_R * (v ** 3 - V_CI ** 3) / (V_R ** 3 - V_CI ** 3)
    return np.where(v < V_CI, 0.0, np.where(v < V_R, cubic, np.where(v <= V_CO, P_R, 0.0)))


def power_curve_clip(v):
    """The same by clipping the cubic's fraction to [0, 1]."""
    frac = np.clip((v ** 3 - V_CI ** 3) / (V_R ** 3 - V_CI ** 3), 0.0, 1.0)
    return np.where(v <= V_CO, P_R * frac, 0.0)


def power_curve_table(v):
    """The manufacturer's table, linearly interpolated."""
    return np.interp(v, TABLE_V, TABLE_P)


def air_density(p, t):
    """Dry air: p / (R_d T)."""
    return p / (R_D * t)


def air_density_humid(p, t_c, rh):
    """Moist air with Tetens' saturation vapour pressure (Pa, deg C, 0..1)."""
    es = 610.78 * np.exp(17.27 * t_c / (t_c + 237.3))
    pv = rh * es
    t = t_c + 273.15
    return (p - pv) / (R_D * t) + pv / (R_V * t)


def wind_power(v, rho):
    """The Betz-limited power of a 40 m rotor (W)."""
    return 0.5 * rho * math.pi * ROTOR_R ** 2 * v ** 3 * BETZ


def betz_cp(a):
    """Cp of an actuator disc with axial induction a: 4 a (1 - a)^2."""
    return 4.0 * a * (1.0 - a) ** 2


def cp_heier(lam, beta):
    """Heier's empirical Cp(lambda, beta)."""
    inv = 1.0 / (lam + 0.08 * beta) - 0.035 / (beta ** 3 + 1.0)
    return 0.5176 * (116.0 * inv - 0.4 * beta - 5.0) * np.exp(-21.0 * inv) + 0.0068 * lam


def weibull_mean_power(c, k):
    """Mean power of a Weibull wind climate: the power curve times the pdf, trapezoid on 61 nodes over 0..30 m / s."""
    v = np.linspace(0.0, 30.0, 61)
    pdf = (k / c) * (v / c) ** (k - 1.0) * np.exp(-(v / c) ** k)
    return np.trapezoid(power_curve(v) * pdf, v)


def capacity_factor(c, k):
    return weibull_mean_power(c, k) / P_R


def weibull_power_density(c, k):
    """Mean wind power density 0.5 rho E[v^3] = 0.5 rho c^3 Gamma(1 + 3 / k) (W / m^2)."""
    return 0.5 * RHO * c ** 3 * special.gamma(1.0 + 3.0 / k)


def availability(c, k):
    """P(cut-in <= v <= cut-out) for a Weibull climate."""
    return np.exp(-(V_CI / c) ** k) - np.exp(-(V_CO / c) ** k)


def weibull_loglik(k, c):
    """The Weibull log-likelihood of a met mast's record that holds a calm (v = 0)."""
    v = np.array(CALM_RECORD)
    return np.sum(np.log(k / c) + (k - 1.0) * np.log(v / c) - (v / c) ** k)


def weibull_loglik_windy(k, c):
    v = np.array(WINDY_RECORD)
    return np.sum(np.log(k / c) + (k - 1.0) * np.log(v / c) - (v / c) ** k)


def wind_shear(v_ref, h, alpha):
    """The power law v_ref (h / h_ref)^alpha."""
    return v_ref * (h / H_REF) ** alpha


def log_wind(u_star, h, z0):
    """The log profile, 0 below the roughness length."""
    return u_star / KAPPA * np.maximum(np.log(h / z0), 0.0)


def jensen_deficit(ct, x):
    """Jensen's wake: the velocity deficit x metres downstream (k = 0.05)."""
    return (1.0 - np.sqrt(1.0 - ct)) / (1.0 + 0.05 * x / ROTOR_R) ** 2


@gradcli.custom_gradient
def _cubic(v):
    def grad_fn(upstream):
        return upstream * 3.0 * P_R * v ** 2 / (V_R ** 3 - V_CI ** 3)
    return P_R * (v ** 3 - V_CI ** 3) / (V_R ** 3 - V_CI ** 3), grad_fn


@gradcli.custom_gradient
def _cubic_slip(v):
    def grad_fn(upstream):
        return upstream * P_R * v ** 2 / (V_R ** 3 - V_CI ** 3)  # the 3 of d v^3 forgotten
    return P_R * (v ** 3 - V_CI ** 3) / (V_R ** 3 - V_CI ** 3), grad_fn


def cubic_rule(v):
    return _cubic(v)


def cubic_rule_slip(v):
    return _cubic_slip(v)


# --- photovoltaics ----------------------------------------------------------------------------------------------------
IPH, I0 = 8.0, 1e-9  # A
NVT = 1.3 * 0.025693  # n Vt at 25 C (V)
RS, RSH = 0.005, 10.0  # ohm
NOCT, GAMMA_P, P_STC = 45.0, -0.004, 300.0
P_DC_MAX, ETA_INV = 5000.0, 0.96
DNI, DHI, GHI, ALBEDO = 800.0, 100.0, 600.0, 0.2


def pv_lambertw(v, rs, rsh):
    """The single-diode model solved explicitly by Lambert W."""
    arg = rs * I0 * rsh / (NVT * (rs + rsh)) * np.exp(rsh * (rs * IPH + rs * I0 + v) / (NVT * (rs + rsh)))
    return (rsh * (IPH + I0) - v) / (rs + rsh) - NVT / rs * special.lambertw(arg)


def _residual(i, v):
    x = (v + i * RS) / NVT
    f = IPH - I0 * (np.exp(x) - 1.0) - (v + i * RS) / RSH - i
    df = -I0 * np.exp(x) * RS / NVT - RS / RSH - 1.0
    return f, df


def pv_newton(v):
    """Six Newton steps from I = Iph, differentiated through."""
    i = IPH
    for _ in range(6):
        f, df = _residual(i, v)
        i = i - f / df
    return i


def _newton_value(v):
    i = IPH
    for _ in range(12):
        f, df = _residual(i, v)
        i = i - f / df
    return i


@gradcli.custom_gradient
def _pv_implicit(v):
    i = _newton_value(v)

    def grad_fn(upstream):
        e = I0 * np.exp((v + i * RS) / NVT) / NVT
        return upstream * -(e + 1.0 / RSH) / (e * RS + RS / RSH + 1.0)
    return i, grad_fn


@gradcli.custom_gradient
def _pv_implicit_slip(v):
    i = _newton_value(v)

    def grad_fn(upstream):
        e = I0 * np.exp((v + i * RS) / NVT) / NVT
        return upstream * -(e + 1.0 / RSH)  # dF/dI's 1 + Rs (...) forgotten
    return i, grad_fn


def pv_implicit(v):
    return _pv_implicit(v)


def pv_implicit_slip(v):
    return _pv_implicit_slip(v)


def pv_ideal(v, iph, i0):
    """Rs = 0, Rsh -> inf."""
    return iph - i0 * np.expm1(v / NVT)


def pv_voc(iph, i0):
    return NVT * np.log(iph / i0 + 1.0)


def pv_voc_log1p(iph, i0):
    return NVT * np.log1p(iph / i0)


def mpp_newton(iph, i0):
    """The ideal cell's maximum power: eight Newton steps on dP/dV = 0 from 0.6 V."""
    v = 0.6
    for _ in range(8):
        x = v / NVT
        g = iph + i0 - i0 * np.exp(x) * (1.0 + x)
        dg = -i0 * np.exp(x) * (2.0 + x) / NVT
        v = v - g / dg
    return v * (iph - i0 * np.expm1(v / NVT))


def mpp_lambertw(iph, i0):
    """Vmp = n Vt (W(e (Iph + I0) / I0) - 1)."""
    vmp = NVT * (special.lambertw(math.e * (iph + i0) / i0) - 1.0)
    return vmp * (iph - i0 * np.expm1(vmp / NVT))


def pv_temperature(g, t_amb):
    """A 300 W module's DC power with the NOCT cell temperature."""
    t_cell = t_amb + (NOCT - 20.0) / 800.0 * g
    return P_STC * g / 1000.0 * (1.0 + GAMMA_P * (t_cell - 25.0))


def inverter(p_dc):
    """Clipping at the inverter's DC limit."""
    return ETA_INV * np.minimum(p_dc, P_DC_MAX)


def _cos_aoi(zen, az, tilt, az_panel):
    z, t = np.deg2rad(zen), np.deg2rad(tilt)
    return np.cos(z) * np.cos(t) + np.sin(z) * np.sin(t) * np.cos(np.deg2rad(az - az_panel))


def _sky(tilt):
    t = np.deg2rad(tilt)
    return DHI * (1.0 + np.cos(t)) / 2.0 + GHI * ALBEDO * (1.0 - np.cos(t)) / 2.0


def poa(zen, az, tilt, az_panel):
    """Plane-of-array irradiance: beam max(cos aoi, 0), isotropic sky, ground."""
    return DNI * np.maximum(_cos_aoi(zen, az, tilt, az_panel), 0.0) + _sky(tilt)


def poa_aoi(zen, az, tilt, az_panel):
    """The same through the angle of incidence, arccos of the clipped cosine (for an IAM table later)."""
    aoi = np.arccos(np.clip(_cos_aoi(zen, az, tilt, az_panel), -1.0, 1.0))
    return DNI * np.maximum(np.cos(aoi), 0.0) + _sky(tilt)


# --- batteries --------------------------------------------------------------------------------------------------------
C_NOM, I_REF = 100.0, 5.0  # Ah at the 20-hour rate
DT = 3600.0  # s
ETA_C = 0.95
E0_OCV, A_OCV, B_OCV = 3.6, 0.05, -0.03
OCV_COEF = [0.6, -1.2, 0.9, 0.4, 3.3]
K_PLETT = (4.2, 0.01, 0.3, 0.06, -0.04)
B_ARR, EA, R_GAS, Z_ARR = 31630.0, 31500.0, 8.314, 0.55
T_REF = 298.15


def peukert(i, k):
    """The capacity at current i: C (I_ref / i)^(k - 1)."""
    return C_NOM * (I_REF / i) ** (k - 1.0)


def runtime(i, k):
    """Hours to empty at current i."""
    return C_NOM * (I_REF / i) ** (k - 1.0) / i


def soc_count(soc0, cap, i):
    """Coulomb counting over hourly currents (A), clipped to [0, 1]."""
    return np.clip(soc0 - np.sum(i) * DT / (3600.0 * cap), 0.0, 1.0)


def soc_efficiency(soc0, i):
    """Coulomb counting with a charge efficiency (charging currents are negative)."""
    q = np.where(i < 0.0, ETA_C * i, i)
    return soc0 - np.sum(q) * DT / (3600.0 * C_NOM)


def ocv_poly(s):
    return np.polyval(OCV_COEF, s)


def ocv_log(s):
    """E0 + a ln(SOC) + b ln(1 - SOC)."""
    return E0_OCV + A_OCV * np.log(s) + B_OCV * np.log(1.0 - s)


def ocv_clipped(s):
    s = np.clip(s, 1e-6, 1.0 - 1e-6)
    return E0_OCV + A_OCV * np.log(s) + B_OCV * np.log(1.0 - s)


def ocv_plett(s):
    """Plett's combined model K0 - K1 / s - K2 s + K3 ln s + K4 ln(1 - s)."""
    k0, k1, k2, k3, k4 = K_PLETT
    return k0 - k1 / s - k2 * s + k3 * np.log(s) + k4 * np.log(1.0 - s)


def arrhenius_fade(t, ah):
    """Capacity fade B exp(-Ea / R T) Ah^z (percent)."""
    return B_ARR * np.exp(-EA / (R_GAS * t)) * ah ** Z_ARR


def arrhenius_factor(t):
    return np.exp(EA / R_GAS * (1.0 / T_REF - 1.0 / t))


def calendar_fade(t, days):
    """Calendar ageing ~ sqrt(time)."""
    return 1e6 * np.exp(-EA / (R_GAS * t)) * np.sqrt(days)


# --- AC power flow ------------------------------------------------------------------------------------------------
X_LINE, R_LINE = 0.1, 0.02  # per unit
G_BUS = [[4.0, -2.0, -2.0], [-2.0, 3.0, -1.0], [-2.0, -1.0, 3.0]]
B_BUS = [[-20.0, 10.0, 10.0], [10.0, -15.0, 5.0], [10.0, 5.0, -15.0]]
S_TR, PF_LOAD, P_CORE, P_CU = 1000.0, 0.9, 1.5, 9.0  # kVA, -, kW, kW


def two_bus_p(v1, v2, d1, d2, x):
    return v1 * v2 / x * np.sin(d1 - d2)


def two_bus_q(v1, v2, d1, d2, x):
    return (v1 ** 2 - v1 * v2 * np.cos(d1 - d2)) / x


def power_factor(p, q):
    return p / np.sqrt(p ** 2 + q ** 2)


def power_factor_hypot(p, q):
    return p / np.hypot(p, q)


def pf_from_flow(v1, v2, d1, d2):
    p = v1 * v2 / X_LINE * np.sin(d1 - d2)
    q = (v1 ** 2 - v1 * v2 * np.cos(d1 - d2)) / X_LINE
    return p / np.sqrt(p ** 2 + q ** 2)


def apparent_power(p, q):
    return np.sqrt(p ** 2 + q ** 2)


def line_loss(p, q, v):
    """R (P^2 + Q^2) / V^2."""
    return R_LINE * (p ** 2 + q ** 2) / v ** 2


def line_loss_current(p, q, v):
    """The same through the current's magnitude |S| / V, squared."""
    i = np.sqrt(p ** 2 + q ** 2) / v
    return R_LINE * i ** 2


def three_bus_losses(v, d):
    """Total real power injected on a three-bus network: the losses."""
    g, b = np.array(G_BUS), np.array(B_BUS)
    dd = d[:, None] - d[None, :]
    p = v * np.sum(v[None, :] * (g * np.cos(dd) + b * np.sin(dd)), axis=1)
    return np.sum(p)


def transformer_eff(x):
    """Efficiency at load fraction x."""
    out = x * S_TR * PF_LOAD
    return out / (out + P_CORE + P_CU * x ** 2)


def transformer_eff_p0(x, p0):
    out = x * S_TR * PF_LOAD
    return out / (out + p0 + P_CU * x ** 2)


def max_eff_load(p0, pcu):
    return np.sqrt(p0 / pcu)


def per_unit(z, v_base, s_base):
    return z * s_base / v_base ** 2


def rebase(z_pu, v_old, v_new, s_old, s_new):
    return z_pu * (v_old / v_new) ** 2 * (s_new / s_old)


# --- levelised cost ---------------------------------------------------------------------------------------------------
N_YEARS = 25
OPEX, E_ANNUAL = 40.0, 3500.0  # per kW-year, kWh per kW-year


def crf(r):
    """Capital recovery factor r (1 + r)^n / ((1 + r)^n - 1)."""
    return r * (1.0 + r) ** N_YEARS / ((1.0 + r) ** N_YEARS - 1.0)


def crf_expm1(r):
    return r / -np.expm1(-N_YEARS * np.log1p(r))


def annuity_where(r):
    """The annuity factor (1 - (1 + r)^-n) / r, guarded at r = 0 by its limit n."""
    return np.where(r == 0.0, float(N_YEARS), (1.0 - (1.0 + r) ** -N_YEARS) / r)


def annuity_safe(r):
    """The double where: no NaN reaches the idle branch."""
    r_safe = np.where(r == 0.0, 1.0, r)
    return np.where(r == 0.0, float(N_YEARS), (1.0 - (1.0 + r_safe) ** -N_YEARS) / r_safe)


def annuity_sum(r):
    """sum_{t=1}^n (1 + r)^-t."""
    t = np.arange(1.0, N_YEARS + 1.0)
    return np.sum((1.0 + r) ** -t)


def lcoe(r, capex):
    """(capex CRF + O&M) / annual energy."""
    return (capex * crf(r) + OPEX) / E_ANNUAL


def lcoe_discounted(r, capex, d):
    """Discounted costs over discounted energy, the energy degrading by d a year."""
    t = np.arange(1.0, N_YEARS + 1.0)
    disc = (1.0 + r) ** -t
    return (capex + np.sum(OPEX * disc)) / np.sum(E_ANNUAL * (1.0 - d) ** t * disc)


def lcoe_annuity_where(r, capex):
    a = annuity_where(r)
    return (capex + OPEX * a) / (E_ANNUAL * a)


S_RESERVE = 0.2  # the reserve state of charge a dispatch optimiser keeps


def soc_reserve(s):
    """The optimiser's penalty for leaving the reserve."""
    return (s - S_RESERVE) ** 2


@gradcli.custom_gradient
def _reserve(s):
    def grad_fn(upstream):
        return upstream * 2.0 * (s - S_RESERVE)
    return (s - S_RESERVE) ** 2, grad_fn


def soc_reserve_rule(s):
    """The same with its gradient written by hand."""
    return _reserve(s)
