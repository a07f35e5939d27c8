"""A user's code on gradcli.numpy, round 109c: the formulas building-energy and HVAC engineers fit or differentiate
(conduction through layered walls and an air gap; heating and cooling degree-days; a heat pump's Carnot COP and its
part-load curves; long-wave radiative exchange; natural-convection power laws; stack-effect infiltration; solar gains
through a wall and a roof; a window pane's Fresnel transmittance; Fanger's PMV / PPD (ISO 7730); an RC thermal network
stepped in time; a thermostat's proportional band and deadband)."""

import gradcli.numpy as np

SIGMA_SB = 5.670374419e-8  # W m^-2 K^-4
G = 9.81  # m s^-2
R_SI, R_SE = 0.13, 0.04  # m^2 K / W, inside and outside surface resistances (ISO 6946)


# --- conduction through a layered wall -------------------------------------------------------------------------------


def u_value(d1, k1, d2, k2, r_gap):
    """U = 1 / (R_si + d1 / k1 + d2 / k2 + R_gap + R_se): masonry, insulation, a ventilated gap."""
    return 1.0 / (R_SI + d1 / k1 + d2 / k2 + r_gap + R_SE)


def u_value_layers(d, k):
    """The same over arrays of layers."""
    return 1.0 / (R_SI + np.sum(d / k) + R_SE)


def wall_loss(d, k, area, t_in, t_out):
    """Q = U A (T_in - T_out), W."""
    return u_value_layers(d, k) * area * (t_in - t_out)


def gap_resistance(eps1, eps2, tm, hc):
    """An air gap: convection in parallel with radiation, h_r = 4 sigma Tm^3 / (1 / e1 + 1 / e2 - 1)."""
    hr = 4.0 * SIGMA_SB * tm ** 3 / (1.0 / eps1 + 1.0 / eps2 - 1.0)
    return 1.0 / (hc + hr)


# --- degree-days ------------------------------------------------------------------------------------------------------


def hdd(t, base):
    """Heating degree-days: sum over days of max(0, T_base - T)."""
    return np.sum(np.maximum(0.0, base - t))


def cdd(t, base):
    return np.sum(np.maximum(0.0, t - base))


def hdd_minmax(tmax, tmin, base):
    """Degree-days from each day's mean (Tmax + Tmin) / 2."""
    return np.sum(np.maximum(0.0, base - (tmax + tmin) / 2.0))


def hdd_smooth(t, base, k):
    """A differentiable surrogate for fitting the base temperature: softplus(k (T_base - T)) / k."""
    return np.sum(np.log(1.0 + np.exp(k * (base - t))) / k)


def hdd_softplus(t, base, k):
    return np.sum(np.logaddexp(0.0, k * (base - t)) / k)


# --- heat pump --------------------------------------------------------------------------------------------------------


def carnot_cop(t_h, t_c):
    """COP_heating = T_h / (T_h - T_c), kelvin."""
    return t_h / (t_h - t_c)


def cop_celsius(th, tc, eta):
    """The same from Celsius temperatures, with a second-law efficiency."""
    t_h = th + 273.15
    t_c = tc + 273.15
    return eta * t_h / (t_h - t_c)


def cop_part_load(cop_rated, plr, cd):
    """Cycling losses: PLF = 1 - Cd (1 - PLR), COP = COP_rated PLF."""
    return cop_rated * (1.0 - cd * (1.0 - plr))


def runtime_fraction(plr, cd):
    """RTF = PLR / PLF."""
    return plr / (1.0 - cd * (1.0 - plr))


def eir_part_load(plr, a, b, c):
    """EnergyPlus's EIR modifier a + b PLR + c PLR^2 with PLR clipped to its minimum 0.1 and maximum 1."""
    p = np.clip(plr, 0.1, 1.0)
    return a + b * p + c * p ** 2


# --- radiation --------------------------------------------------------------------------------------------------------


def radiative_flux(t1, t2, eps):
    """q = eps sigma (T1^4 - T2^4)."""
    return eps * SIGMA_SB * (t1 ** 4 - t2 ** 4)


def radiative_h(t1, t2, eps):
    """The linearised coefficient h_r = q / (T1 - T2)."""
    return eps * SIGMA_SB * (t1 ** 4 - t2 ** 4) / (t1 - t2)


def radiative_h_factored(t1, t2, eps):
    return eps * SIGMA_SB * (t1 ** 2 + t2 ** 2) * (t1 + t2)


def radiative_celsius(t1, t2, eps):
    return eps * SIGMA_SB * ((t1 + 273.15) ** 4 - (t2 + 273.15) ** 4)


# --- convection -------------------------------------------------------------------------------------------------------


def h_natural(dt):
    """ASHRAE's simplified turbulent natural convection on a vertical wall: h = 1.31 |dT|^(1/3)."""
    return 1.31 * np.abs(dt) ** (1.0 / 3.0)


def q_natural(dt):
    """q = h dT."""
    return 1.31 * np.abs(dt) ** (1.0 / 3.0) * dt


def q_natural_pow(dt):
    """q = 1.31 |dT|^(4/3) sign(dT)."""
    return 1.31 * np.abs(dt) ** (4.0 / 3.0) * np.sign(dt)


def h_mixed(dt, v):
    """Natural and forced convection combined: sqrt(h_n^2 + h_f^2), h_f = 3.8 v."""
    hn = 1.31 * np.abs(dt) ** (1.0 / 3.0)
    hf = 3.8 * v
    return np.sqrt(hn ** 2 + hf ** 2)


def h_mcadams(v):
    return 5.7 + 3.8 * v


# --- stack-effect infiltration ----------------------------------------------------------------------------------------


def stack_flow(t_in, t_out, h, cd, area):
    """Q = Cd A sqrt(2 g h |T_in - T_out| / T_in) sign(T_in - T_out), m^3/s, kelvin."""
    dt = t_in - t_out
    return cd * area * np.sign(dt) * np.sqrt(2.0 * G * h * np.abs(dt) / t_in)


def stack_flow_power(t_in, t_out, h, c, n):
    """The power-law crack form Q = C (dP)^n with the stack pressure dP = 0.0342 P h |dT| / (T_in T_out)."""
    dp = 0.0342 * 101325.0 * h * np.abs(t_in - t_out) / (t_in * t_out)
    return c * dp ** n


# --- solar gains ------------------------------------------------------------------------------------------------------


def solar_wall(i_dn, alt, az_sun, az_wall, area, shgc):
    """Beam gain through a vertical window: cos(theta) = cos(alt) cos(az_sun - az_wall), clipped at 0 (degrees)."""
    cos_t = np.cos(np.deg2rad(alt)) * np.cos(np.deg2rad(az_sun - az_wall))
    return i_dn * area * shgc * np.maximum(cos_t, 0.0)


def solar_wall_rad(i_dn, alt, gamma, area, shgc):
    """The same with the angles in radians already (gamma = az_sun - az_wall)."""
    cos_t = np.cos(alt) * np.cos(gamma)
    return i_dn * area * shgc * np.maximum(cos_t, 0.0)


def solar_roof(i_dn, alt, area, absorptance):
    """A flat roof: cos(theta) = sin(alt), clipped at 0."""
    return i_dn * area * absorptance * np.clip(np.sin(alt), 0.0, 1.0)


# --- window transmittance ---------------------------------------------------------------------------------------------


def fresnel_pane(theta, n):
    """One pane, no absorption: each polarisation's interface reflectance r by Fresnel's equations (cosines), the
    pane's transmittance (1 - r) / (1 + r), averaged."""
    ci = np.cos(theta)
    ct = np.sqrt(1.0 - (np.sin(theta) / n) ** 2)
    rs = ((ci - n * ct) / (ci + n * ct)) ** 2
    rp = ((ct - n * ci) / (ct + n * ci)) ** 2
    return 0.5 * ((1.0 - rs) / (1.0 + rs) + (1.0 - rp) / (1.0 + rp))


def fresnel_sines(theta, n):
    """The textbook form through the refraction angle: rs = sin^2(ti - tt) / sin^2(ti + tt), rp with tangents."""
    tt = np.arcsin(np.sin(theta) / n)
    rs = np.sin(theta - tt) ** 2 / np.sin(theta + tt) ** 2
    rp = np.tan(theta - tt) ** 2 / np.tan(theta + tt) ** 2
    return 1.0 - 0.5 * (rs + rp)


# --- Fanger's PMV / PPD (ISO 7730) ----------------------------------------------------------------------------------


def pmv(ta, tr, vel, rh, met, clo, steps=60):
    """ISO 7730's algorithm: the clothing temperature by its damped fixed-point iteration (60 steps)."""
    pa = rh * 10.0 * np.exp(16.6536 - 4030.183 / (ta + 235.0))
    icl = 0.155 * clo
    m = met * 58.15
    mw = m
    fcl = np.where(icl <= 0.078, 1.0 + 1.29 * icl, 1.05 + 0.645 * icl)
    hcf = 12.1 * np.sqrt(vel)
    taa = ta + 273.0
    tra = tr + 273.0
    tcla = taa + (35.5 - ta) / (3.5 * icl + 0.1)
    p1 = icl * fcl
    p2 = p1 * 3.96
    p3 = p1 * 100.0
    p4 = p1 * taa
    p5 = 308.7 - 0.028 * mw + p2 * (tra / 100.0) ** 4
    xn = tcla / 100.0
    xf = tcla / 50.0
    hc = hcf
    for _ in range(steps):
        xf = (xf + xn) / 2.0
        hcn = 2.38 * np.abs(100.0 * xf - taa) ** 0.25
        hc = np.maximum(hcf, hcn)
        xn = (p5 + p4 * hc - p2 * xf ** 4) / (100.0 + p3 * hc)
    tcl = 100.0 * xn - 273.0
    hl1 = 3.05e-3 * (5733.0 - 6.99 * mw - pa)
    hl2 = np.where(mw > 58.15, 0.42 * (mw - 58.15), 0.0)
    hl3 = 1.7e-5 * m * (5867.0 - pa)
    hl4 = 0.0014 * m * (34.0 - ta)
    hl5 = 3.96 * fcl * (xn ** 4 - (tra / 100.0) ** 4)
    hl6 = fcl * hc * (tcl - ta)
    ts = 0.303 * np.exp(-0.036 * m) + 0.028
    return ts * (mw - hl1 - hl2 - hl3 - hl4 - hl5 - hl6)


def pmv_quick(ta, tr, vel, rh, met, clo):
    """A coarse port: three steps of the clothing-temperature iteration."""
    return pmv(ta, tr, vel, rh, met, clo, steps=3)


def ppd(p):
    """PPD = 100 - 95 exp(-0.03353 PMV^4 - 0.2179 PMV^2), %."""
    return 100.0 - 95.0 * np.exp(-0.03353 * p ** 4 - 0.2179 * p ** 2)


def ppd_of(ta, tr, vel, rh, met, clo):
    return ppd(pmv(ta, tr, vel, rh, met, clo))


# --- an RC network stepped in time ---------------------------------------------------------------------------------


def rc_response(t0, t_out, q, r, c):
    """One-node RC zone, 24 hourly steps of the exact discretisation T <- T_out + Q R + (T - T_out - Q R) e^{-dt/RC}."""
    a = np.exp(-3600.0 / (r * c))
    t = t0
    for _ in range(24):
        t = t_out + q * r + (t - t_out - q * r) * a
    return t


def rc_step_naive(t0, t_out, q, r, c):
    """One step written with the heating term as Q R (1 - e^{-dt/RC})."""
    a = np.exp(-3600.0 / (r * c))
    return t_out + (t0 - t_out) * a + q * r * (1.0 - a)


def rc_step_expm1(t0, t_out, q, r, c):
    x = -3600.0 / (r * c)
    return t_out + (t0 - t_out) * np.exp(x) - q * r * np.expm1(x)


# --- thermostat -------------------------------------------------------------------------------------------------------


def p_band(t, setpoint, band, pmax):
    """A proportional band centred on the set-point: P = Pmax clip((sp + band / 2 - T) / band, 0, 1)."""
    return pmax * np.clip((setpoint + band / 2.0 - t) / band, 0.0, 1.0)


def deadband_energy(t, setpoint, db, pmax):
    """A deadband controller over a day's temperatures: on below sp - db / 2, off above sp + db / 2, else as before;
    the heating energy sum(on P_max) with 1 h steps (kWh for P in kW)."""
    on = 0.0
    total = 0.0
    for k in range(t.shape[0]):
        on = np.where(t[k] < setpoint - db / 2.0, 1.0, np.where(t[k] > setpoint + db / 2.0, 0.0, on))
        total = total + on * pmax
    return total


def zone_with_thermostat(t0, t_out, r, c, pmax):
    """The RC zone under a deadband thermostat (set-point 20, deadband 1), 12 hourly steps; the mean temperature."""
    a = np.exp(-3600.0 / (r * c))
    t = t0
    on = 1.0
    acc = 0.0
    for _ in range(12):
        on = np.where(t < 19.5, 1.0, np.where(t > 20.5, 0.0, on))
        t = t_out + on * pmax * r + (t - t_out - on * pmax * r) * a
        acc = acc + t
    return acc / 12.0


def heat_losses(ta, rh, met):
    """PMV's losses that need no clothing temperature (W/m^2): skin diffusion, sweating (0 below 58.15 W/m^2 of
    metabolism: ISO 7730's switch), latent and dry respiration."""
    pa = rh * 10.0 * np.exp(16.6536 - 4030.183 / (ta + 235.0))
    m = met * 58.15
    hl1 = 3.05e-3 * (5733.0 - 6.99 * m - pa)
    hl2 = np.where(m > 58.15, 0.42 * (m - 58.15), 0.0)
    hl3 = 1.7e-5 * m * (5867.0 - pa)
    hl4 = 0.0014 * m * (34.0 - ta)
    return hl1 + hl2 + hl3 + hl4


def sweat_loss(met):
    """The sweating term alone, with np.maximum."""
    return 0.42 * np.maximum(met * 58.15 - 58.15, 0.0)
