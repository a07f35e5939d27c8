"""A user's code on gradcli.numpy, round 78c: differentiable rendering as graphics people write it (sRGB transfer
curves, Schlick's Fresnel, the GGX normal distribution and Smith masking, normalize, refract, signed
distance functions of a sphere and a box, smooth minima, soft rasterisation, alpha compositing by cumprod, NeRF volume
rendering, tone mapping, barycentric interpolation), checked at ordinary points and where they break: x = 0 under a
fractional power, the sRGB switch, grazing angles, roughness -> 0, zero vectors, total internal reflection, box
surfaces, corners and centres, underflowing smooth minima, saturated sigmoids, opaque layers, huge densities."""

import gradcli.numpy as np
from gradcli.scipy.special import expit, log_expit

# --- colour transfer curves -------------------------------------------------------------------------------------------


def srgb_encode(x):
    """Linear light -> sRGB, the IEC 61966-2-1 curve."""
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1.0 / 2.4) - 0.055)


def srgb_encode_safe(x):
    """The same curve with the power's argument kept off 0 (the double-where idiom)."""
    xs = np.maximum(x, 0.0031308)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(xs, 1.0 / 2.4) - 0.055)


def srgb_decode(c):
    """sRGB -> linear light."""
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def gamma_encode(x):
    """A plain display gamma."""
    return x ** (1.0 / 2.2)


# --- microfacet BRDF terms --------------------------------------------------------------------------------------------


def schlick(cos_theta, f0):
    """Schlick's approximation to the Fresnel reflectance."""
    return f0 + (1.0 - f0) * (1.0 - cos_theta) ** 5


def schlick_clamped(cos_theta, f0):
    c = np.clip(cos_theta, 0.0, 1.0)
    return f0 + (1.0 - f0) * (1.0 - c) ** 5


def ggx_ndf(n_dot_h, alpha):
    """Trowbridge-Reitz / GGX: alpha^2 / (pi ((n.h)^2 (alpha^2 - 1) + 1)^2)."""
    a2 = alpha * alpha
    d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0
    return a2 / (np.pi * d * d)


def ggx_ndf_filament(n_dot_h, alpha):
    """The same distribution as Filament writes it, 1 - (n.h)^2 kept apart."""
    one_minus = 1.0 - n_dot_h * n_dot_h
    a = n_dot_h * alpha
    k = alpha / (one_minus + a * a)
    return k * k * (1.0 / np.pi)


def smith_g1(n_dot_v, alpha):
    """Smith's masking for GGX, 2 (n.v) / (n.v + sqrt(alpha^2 + (1 - alpha^2)(n.v)^2))."""
    a2 = alpha * alpha
    return 2.0 * n_dot_v / (n_dot_v + np.sqrt(a2 + (1.0 - a2) * n_dot_v * n_dot_v))


def smith_g1_lambda(n_dot_v, alpha):
    """The same masking through Heitz's Lambda and tan^2."""
    cos2 = n_dot_v * n_dot_v
    tan2 = (1.0 - cos2) / cos2
    lam = (-1.0 + np.sqrt(1.0 + alpha * alpha * tan2)) / 2.0
    return 1.0 / (1.0 + lam)


# --- vectors ----------------------------------------------------------------------------------------------------------

W = np.array([0.3, -0.5, 0.8])  # a loss's weights on a unit vector


def normalize_dot(v):
    n = v / np.sqrt(np.sum(v * v))
    return np.sum(W * n)


def normalize_norm(v):
    return np.sum(W * (v / np.linalg.norm(v)))


def normalize_eps(v):
    """As torch.nn.functional.normalize: v / max(||v||, eps)."""
    return np.sum(W * (v / np.maximum(np.linalg.norm(v), 1e-12)))


def normalize_safe(v):
    """As shaders write it: v * rsqrt(max(dot(v, v), eps))."""
    return np.sum(W * (v / np.sqrt(np.maximum(np.sum(v * v), 1e-20))))


N = np.array([0.0, 0.0, 1.0])  # the surface normal
WT = np.array([0.2, 0.7, -0.4])  # a loss's weights on the outgoing direction


def refract_bare(d, eta):
    """GLSL's refract(I, N, eta), the sqrt unguarded."""
    c = np.dot(N, d)
    k = 1.0 - eta * eta * (1.0 - c * c)
    t = eta * d - (eta * c + np.sqrt(k)) * N
    return np.sum(WT * t)


def refract_where(d, eta):
    """refract with total internal reflection sent to the zero vector by a where."""
    c = np.dot(N, d)
    k = 1.0 - eta * eta * (1.0 - c * c)
    t = np.where(k < 0.0, 0.0 * d, eta * d - (eta * c + np.sqrt(k)) * N)
    return np.sum(WT * t)


def refract_safe(d, eta):
    """The same with the square root's argument kept off negatives."""
    c = np.dot(N, d)
    k = 1.0 - eta * eta * (1.0 - c * c)
    t = np.where(k < 0.0, 0.0 * d, eta * d - (eta * c + np.sqrt(np.maximum(k, 0.0))) * N)
    return np.sum(WT * t)


def refract_where2(d, eta):
    """The same with the square root's argument replaced where it is not taken (the double where)."""
    c = np.dot(N, d)
    k = 1.0 - eta * eta * (1.0 - c * c)
    k_safe = np.where(k < 0.0, 1.0, k)
    t = np.where(k < 0.0, 0.0 * d, eta * d - (eta * c + np.sqrt(k_safe)) * N)
    return np.sum(WT * t)


# --- signed distance functions ----------------------------------------------------------------------------------------


def length(v):
    return np.sqrt(np.sum(v * v))


def sd_sphere(p, r):
    return length(p) - r


BOX = np.array([1.0, 0.5, 0.25])  # half extents


def sd_box(p):
    """Inigo Quilez's box: length(max(q, 0)) + min(max(q.x, q.y, q.z), 0), q = |p| - b."""
    q = np.abs(p) - BOX
    return length(np.maximum(q, 0.0)) + np.minimum(np.max(q), 0.0)


K_SMOOTH = 32.0


def smin_exp(a, b):
    """Exponential smooth minimum, -log(e^{-ka} + e^{-kb}) / k."""
    return -np.log(np.exp(-K_SMOOTH * a) + np.exp(-K_SMOOTH * b)) / K_SMOOTH


def smin_lse(a, b):
    return -np.logaddexp(-K_SMOOTH * a, -K_SMOOTH * b) / K_SMOOTH


def smin_poly(a, b, k):
    """Polynomial smooth minimum: h = clamp(1/2 + (b - a) / 2k, 0, 1), mix(b, a, h) - k h (1 - h)."""
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1.0 - h) + a * h - k * h * (1.0 - h)


# --- soft rasterisation and compositing -------------------------------------------------------------------------------

SIGMA = 1e-4


def soft_coverage(d):
    """SoftRas: a pixel's coverage 1 - prod(1 - sigmoid(d_i / sigma)) over the triangles' signed distances."""
    p = 1.0 / (1.0 + np.exp(-d / SIGMA))
    return 1.0 - np.prod(1.0 - p)


def soft_coverage_stable(d):
    """The same, the product of 1 - sigmoid(x) = sigmoid(-x) taken in log space."""
    return 1.0 - np.exp(np.sum(log_expit(-d / SIGMA)))


def soft_coverage_expit(d):
    p = expit(d / SIGMA)
    return 1.0 - np.prod(1.0 - p)


COLORS = np.array([0.9, 0.2, 0.5, 0.7])


def composite(alpha):
    """Front-to-back 'over' of four layers: sum c_i a_i prod_{j<i} (1 - a_j), the transmittance by cumprod."""
    trans = np.cumprod(1.0 - alpha)
    t_excl = np.concatenate([np.ones(1), trans[:-1]])
    return np.sum(COLORS * alpha * t_excl)


DELTAS = np.array([0.1, 0.1, 0.1, 0.1])
RGB = np.array([0.8, 0.1, 0.4, 0.6])


def nerf_render(sigma):
    """NeRF's quadrature: w_i = T_i (1 - exp(-sigma_i delta_i)), T_i = exp(-sum_{j<i} sigma_j delta_j)."""
    sd = sigma * DELTAS
    alpha = 1.0 - np.exp(-sd)
    trans = np.exp(-(np.cumsum(sd) - sd))
    return np.sum(alpha * trans * RGB)


def nerf_render_expm1(sigma):
    sd = sigma * DELTAS
    alpha = -np.expm1(-sd)
    trans = np.exp(-(np.cumsum(sd) - sd))
    return np.sum(alpha * trans * RGB)


def nerf_render_excl(sigma):
    """The same with the exclusive sum by concatenate, as NeRF's code writes it."""
    sd = sigma * DELTAS
    alpha = 1.0 - np.exp(-sd)
    acc = np.concatenate([np.zeros(1), np.cumsum(sd)[:-1]])
    return np.sum(alpha * np.exp(-acc) * RGB)


# --- tone mapping -----------------------------------------------------------------------------------------------------


def reinhard(x):
    return x / (1.0 + x)


def aces(x):
    """Narkowicz's ACES filmic fit, clamped to [0, 1]."""
    a, b, c, d, e = 2.51, 0.03, 2.43, 0.59, 0.14
    return np.clip((x * (a * x + b)) / (x * (c * x + d) + e), 0.0, 1.0)


# --- barycentric interpolation ----------------------------------------------------------------------------------------

P = np.array([0.25, 0.25])  # the pixel centre
ATTR = np.array([1.0, 2.0, 4.0])  # a vertex attribute


def _cross2(u, v):
    return u[0] * v[1] - u[1] * v[0]


def bary_interp(tri):
    """The attribute at the pixel, by edge functions over the triangle's signed area."""
    a, b, c = tri[0], tri[1], tri[2]
    area = _cross2(b - a, c - a)
    w0 = _cross2(b - P, c - P) / area
    w1 = _cross2(c - P, a - P) / area
    w2 = _cross2(a - P, b - P) / area
    return w0 * ATTR[0] + w1 * ATTR[1] + w2 * ATTR[2]


# --- more of the same scene -------------------------------------------------------------------------------------------

BG = 0.25  # the background's grey


def composite_bg(alpha):
    """The layers over a background, the background seen through prod(1 - alpha)."""
    return composite(alpha) + BG * np.prod(1.0 - alpha)


def tonemap_exp(x):
    """The exponential tone curve 1 - exp(-exposure x)."""
    return 1.0 - np.exp(-x)


C1 = np.array([-1.0, 0.0, 0.0])
C2 = np.array([1.0, 0.0, 0.0])


def sd_union(p):
    """Two unit spheres' union by a hard min."""
    return np.minimum(sd_sphere(p - C1, 0.5), sd_sphere(p - C2, 0.5))
