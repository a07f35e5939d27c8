"""A user's code on gradcli.numpy and gradcli.scipy.special, round 81c: electrical circuits and power electronics as
circuit designers write them when they fit or size parts (the Shockley diode, as SPICE limits it, and its voltage, a
diode with a series resistor in closed form by Lambert's W and by a Newton loop, power in dB, RC, RLC and notch
transfer functions as real formulas and as complex numbers, their phases by arctan2 and np.angle, parallel resistors
and dividers, MOSFET square-law and EKV currents, op-amp saturation, RMS, ripple and power factor, a buck converter's
efficiency, Peukert's law, a charging capacitor, a matched load), checked at ordinary points and where they break:
V = 0, large forward bias, reverse bias, I = 0, P = 0, w = 0, resonance with R -> 0, R = 0, the MOSFET's cutoff, the
op-amp's rails, a zero waveform, an empty battery."""

import gradcli.numpy as np
from gradcli.scipy.special import lambertw

VT = 0.025852  # thermal voltage kT/q at 300 K, volts

# --- diodes -----------------------------------------------------------------------------------------------------------


def diode_current(V, Is, n):
    """Shockley: I = Is (exp(V / (n VT)) - 1)."""
    return Is * (np.exp(V / (n * VT)) - 1.0)


def diode_current_expm1(V, Is, n):
    """The same with expm1, as a careful designer writes it near V = 0."""
    return Is * np.expm1(V / (n * VT))


IS, N = 1e-14, 1.0  # a fitted 1N4148-like diode


def diode_iv(V):
    """The fitted diode's current at a bias V."""
    return IS * (np.exp(V / (N * VT)) - 1.0)


def diode_spice(V):
    """The fitted diode as SPICE limits it: the exponential continued by its tangent above a critical voltage, so a
    Newton iterate far up the curve stays finite."""
    vc = 0.8
    e = np.exp(V / (N * VT))
    lin = np.exp(vc / (N * VT)) * (1.0 + (V - vc) / (N * VT))
    return IS * (np.where(V < vc, e, lin) - 1.0)


def diode_voltage(I, Is, n):
    """The forward voltage at a current: V = n VT log1p(I / Is)."""
    return n * VT * np.log1p(I / Is)


def diode_voltage_naive(I, Is, n):
    """The same as the textbook prints it: n VT ln(I / Is + 1)."""
    return n * VT * np.log(I / Is + 1.0)


def diode_series_r(V, R, Is, n):
    """A diode with a series resistor in closed form:
    I = (n VT / R) W((Is R / (n VT)) exp((V + Is R) / (n VT))) - Is."""
    nvt = n * VT
    arg = Is * R / nvt * np.exp((V + Is * R) / nvt)
    return nvt / R * np.real(lambertw(arg)) - Is


# --- decibels and transfer functions ----------------------------------------------------------------------------------


def power_db(P):
    """Power in dBm: 10 log10(P / 1 mW)."""
    return 10.0 * np.log10(P / 1e-3)


def rc_gain_db(w, R, C):
    """|H| of an RC low-pass in dB: 20 log10(1 / sqrt(1 + (w R C)^2))."""
    mag = 1.0 / np.sqrt(1.0 + (w * R * C) ** 2)
    return 20.0 * np.log10(mag)


def rc_phase(w, R, C):
    """The RC low-pass's phase from its real and imaginary parts: H = (1 - j w R C) / (1 + (w R C)^2)."""
    x = w * R * C
    re = 1.0 / (1.0 + x ** 2)
    im = -x / (1.0 + x ** 2)
    return np.arctan2(im, re)


def rlc_gain(w, R, L, C):
    """A series RLC band-pass across R: |H| = R / sqrt(R^2 + (w L - 1 / (w C))^2)."""
    X = w * L - 1.0 / (w * C)
    return R / np.sqrt(R ** 2 + X ** 2)


def lowpass2_phase(w, R, L, C):
    """A second-order RLC low-pass across C: H = 1 / (1 - w^2 L C + j w R C); phase -atan2(w R C, 1 - w^2 L C)."""
    return -np.arctan2(w * R * C, 1.0 - w ** 2 * L * C)


# --- resistor networks ------------------------------------------------------------------------------------------------


def parallel(R1, R2):
    """Two resistors in parallel: 1 / (1/R1 + 1/R2)."""
    return 1.0 / (1.0 / R1 + 1.0 / R2)


def parallel_product(R1, R2):
    """The product-over-sum form."""
    return R1 * R2 / (R1 + R2)


def parallel_many(R):
    """A bank of resistors in parallel."""
    return 1.0 / np.sum(1.0 / R)


def divider(Vin, R1, R2):
    """A voltage divider: Vout = Vin R2 / (R1 + R2)."""
    return Vin * R2 / (R1 + R2)


def loaded_divider(Vin, R1, R2, RL):
    """A divider with a load RL across R2."""
    Rp = parallel(R2, RL)
    return Vin * Rp / (R1 + Rp)


# --- MOSFETs ----------------------------------------------------------------------------------------------------------


def mosfet_sat(Vgs, Vth, k):
    """The square law in saturation with cutoff: Id = k/2 max(Vgs - Vth, 0)^2."""
    vov = np.maximum(Vgs - Vth, 0.0)
    return 0.5 * k * vov ** 2


def mosfet_level1(Vgs, Vds, Vth, k, lam):
    """SPICE level 1: cutoff, triode, saturation, with channel-length modulation in both regions."""
    vov = np.maximum(Vgs - Vth, 0.0)
    triode = k * (vov * Vds - 0.5 * Vds ** 2) * (1.0 + lam * Vds)
    sat = 0.5 * k * vov ** 2 * (1.0 + lam * Vds)
    return np.where(Vds < vov, triode, sat)


def mosfet_gm(Id, k):
    """Transconductance from the drain current: gm = sqrt(2 k Id)."""
    return np.sqrt(2.0 * k * Id)


def ekv_current(Vg, Vs, Vd, Vth, Ispec):
    """EKV: Id = Ispec (F(Vp - Vs) - F(Vp - Vd)), F(v) = softplus(v / (2 VT))^2, Vp = (Vg - Vth) / n, n = 1.3."""
    n = 1.3
    vp = (Vg - Vth) / n
    f = np.logaddexp(0.0, (vp - Vs) / (2.0 * VT)) ** 2
    r = np.logaddexp(0.0, (vp - Vd) / (2.0 * VT)) ** 2
    return Ispec * (f - r)


def ekv_current_naive(Vg, Vs, Vd, Vth, Ispec):
    """The same with softplus written out as log(1 + exp(.))."""
    n = 1.3
    vp = (Vg - Vth) / n
    f = np.log(1.0 + np.exp((vp - Vs) / (2.0 * VT))) ** 2
    r = np.log(1.0 + np.exp((vp - Vd) / (2.0 * VT))) ** 2
    return Ispec * (f - r)


# --- op-amps ----------------------------------------------------------------------------------------------------------


def opamp_tanh(vp, vn, A, Vsat):
    """An op-amp's soft saturation: Vout = Vsat tanh(A (vp - vn) / Vsat)."""
    return Vsat * np.tanh(A * (vp - vn) / Vsat)


def opamp_clip(vp, vn, A, Vsat):
    """Hard rails: Vout = clip(A (vp - vn), -Vsat, Vsat)."""
    return np.clip(A * (vp - vn), -Vsat, Vsat)


# --- waveforms, converters, batteries ---------------------------------------------------------------------------------


def rms(v):
    """RMS of a sampled waveform."""
    return np.sqrt(np.mean(v ** 2))


def power_factor(v, i):
    """Real power over apparent power."""
    p = np.mean(v * i)
    return p / (np.sqrt(np.mean(v ** 2)) * np.sqrt(np.mean(i ** 2)))


def buck_efficiency(Vin, Vout, Iout, Rds, fsw):
    """A synchronous buck's efficiency: conduction, switching and gate-drive losses."""
    D = Vout / Vin
    p_out = Vout * Iout
    # both switches and a 10 mOhm inductor
    p_cond = Iout ** 2 * Rds * D + Iout ** 2 * Rds * (1.0 - D) + Iout ** 2 * 0.01
    p_sw = 0.5 * Vin * Iout * 20e-9 * fsw  # 20 ns of rise and fall together
    p_gate = 10e-9 * 5.0 * fsw  # 10 nC of gate charge at 5 V
    return p_out / (p_out + p_cond + p_sw + p_gate)


def peukert_runtime(I, C, k):
    """Peukert's law: t = H (C / (I H))^k, H = 20 h the rated discharge time."""
    H = 20.0
    return H * (C / (I * H)) ** k


def peukert_runtime_log(I, C, k):
    """The same in logs."""
    H = 20.0
    return H * np.exp(k * (np.log(C) - np.log(I * H)))


# --- complex transfer functions, ripple -------------------------------------------------------------------------------


def rc_complex_db(w, R, C):
    """The RC low-pass as a complex number: 20 log10 |1 / (1 + j w R C)|."""
    H = 1.0 / (1.0 + 1j * w * R * C)
    return 20.0 * np.log10(np.abs(H))


def rc_complex_phase(w, R, C):
    """Its phase by np.angle."""
    H = 1.0 / (1.0 + 1j * w * R * C)
    return np.angle(H)


def rlc_complex_gain(w, R, L, C):
    """The series RLC band-pass as a complex impedance ratio: |R / (R + j (w L - 1 / (w C)))|."""
    Z = R + 1j * (w * L - 1.0 / (w * C))
    return np.abs(R / Z)


def rms_norm(v):
    """RMS by the Euclidean norm: ||v|| / sqrt(n)."""
    return np.linalg.norm(v) / np.sqrt(v.size)


def ripple_pct(v):
    """Output ripple: the standard deviation as a percentage of the mean."""
    return 100.0 * np.std(v) / np.mean(v)


def load_power_db(V, R):
    """The power in a load in dBW: 10 log10(V^2 / R)."""
    return 10.0 * np.log10(V ** 2 / R)


def lowpass2_complex_phase(w, R, L, C):
    """The second-order low-pass's phase by np.angle of its complex response."""
    H = 1.0 / (1.0 - w ** 2 * L * C + 1j * w * R * C)
    return np.angle(H)


def diode_newton(V, R):
    """The diode with a series resistor solved as a SPICE-like loop would: Newton on V - I R - n VT ln(1 + I / Is)."""
    Is, nvt = 1e-12, VT
    I = V / R
    for _ in range(40):
        g = V - I * R - nvt * np.log1p(I / Is)
        dg = -R - nvt / (Is + I)
        I = I - g / dg
    return I


def rc_charge(t, R, C):
    """A capacitor charging to 5 V through R: V(t) = 5 (1 - exp(-t / (R C)))."""
    return 5.0 * (1.0 - np.exp(-t / (R * C)))


def load_power(V, Rs, RL):
    """The power a source of EMF V and internal resistance Rs delivers into a load RL (the matched load RL = Rs is
    its maximum)."""
    return V ** 2 * RL / (Rs + RL) ** 2


def power_db_floor(P):
    """dBm with a floor at -90 dBm, as plotting code writes it to keep log10(0) away."""
    return 10.0 * np.log10(np.maximum(P, 1e-12) / 1e-3)


def highpass_phase(w, R, C):
    """An RC high-pass's phase as the textbook writes it: 90 degrees minus atan(w R C), by arctan2."""
    return np.arctan2(1.0, w * R * C)


def highpass_phase_angle(w, R, C):
    """The same by np.angle of the complex response j w R C / (1 + j w R C)."""
    s = 1j * w * R * C
    return np.angle(s / (1.0 + s))


def notch_db(w, R, L, C):
    """A series-LC notch across a resistor: 20 log10 |(1 - w^2 L C) / (1 - w^2 L C + j w R C)|."""
    x = 1.0 - w ** 2 * L * C
    return 20.0 * np.log10(np.abs(x / (x + 1j * w * R * C)))
