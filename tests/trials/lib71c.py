"""A user's code on gradcli.numpy, round 71c: image processing and colour as vision code writes it, on tiny images
(gamma correction, the sRGB transfer functions by np.where with their linear toes, relative luminance and the WCAG
contrast ratio, RGB -> HSV by max / min over channels, RGB -> CIELAB through the cube root with its linear part and the
CIE76 colour difference, Sobel gradient magnitudes, total variation, SSIM, PSNR, bilinear resizing by index arithmetic
and np.floor, box and Gaussian blurs by slicing and np.convolve, unsharp masking, histogram matching by np.sort and
np.argsort, alpha compositing, a spatial soft-argmax), checked at ordinary images, flat patches, grey and black pixels
and pixels exactly on the sRGB knee."""

import gradcli.numpy as np

GAMMA = 2.2


# --- gamma and the sRGB transfer functions ----------------------------------------------------------------------------

def gamma_encode(img):
    """Display gamma: img ** (1 / 2.2), summed."""
    return np.sum(img ** (1 / GAMMA))


def gamma_decode(img):
    return np.sum(img ** GAMMA)


def srgb_to_linear(c):
    """IEC 61966-2-1 decoding: the linear toe below 0.04045."""
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return np.sum(lin)


def linear_to_srgb(lin):
    """sRGB encoding: the linear toe below 0.0031308."""
    c = np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)
    return np.sum(c)


def linear_to_srgb_safe(lin):
    """The same with the power's input kept off 0 (the double-where idea, by np.maximum)."""
    safe = np.maximum(lin, 0.0031308)
    c = np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * safe ** (1 / 2.4) - 0.055)
    return np.sum(c)


def relative_luminance(rgb):
    """WCAG relative luminance of one sRGB colour (3,)."""
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_ratio(fg, bg):
    """WCAG contrast ratio (L_lighter + 0.05) / (L_darker + 0.05)."""
    l1, l2 = relative_luminance(fg), relative_luminance(bg)
    return (np.maximum(l1, l2) + 0.05) / (np.minimum(l1, l2) + 0.05)


# --- HSV --------------------------------------------------------------------------------------------------------------

def _hsv(img):
    """img (n, 3) in [0, 1] -> hue in [0, 1), saturation, value (as colorsys, vectorised)."""
    r, g, b = img[:, 0], img[:, 1], img[:, 2]
    v = np.max(img, axis=1)
    c = v - np.min(img, axis=1)
    s = np.where(v > 0, c / np.where(v > 0, v, 1.0), 0.0)
    safe = np.where(c > 0, c, 1.0)
    h = np.where(r == v, (g - b) / safe, np.where(g == v, 2.0 + (b - r) / safe, 4.0 + (r - g) / safe))
    h = np.where(c > 0, np.mod(h / 6.0, 1.0), 0.0)
    return h, s, v


def hsv_loss(img):
    h, s, v = _hsv(img)
    return np.sum(h) + 2.0 * np.sum(s) + np.sum(v)


def hue_circular(img):
    """A hue loss on the circle: cos and sin of 2 pi h, blind to the wrap at red."""
    h, s, v = _hsv(img)
    return np.sum(np.cos(2 * np.pi * h) + 0.5 * np.sin(2 * np.pi * h))


# --- CIELAB -----------------------------------------------------------------------------------------------------------

DELTA = 6 / 29
WHITE = (0.95047, 1.0, 1.08883)  # D65


def lab_f(t):
    """CIELAB's f: the cube root above (6/29)^3, a line below."""
    return np.where(t > DELTA ** 3, np.cbrt(t), t / (3 * DELTA ** 2) + 4 / 29)


def lab_f_sum(t):
    return np.sum(lab_f(t))


def _lab(rgb):
    """Linear sRGB (n, 3) -> L*, a*, b* under D65."""
    r, g, b = rgb[:, 0], rgb[:, 1], rgb[:, 2]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / WHITE[0]
    y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / WHITE[1]
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / WHITE[2]
    fx, fy, fz = lab_f(x), lab_f(y), lab_f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab_loss(rgb):
    L, a, b = _lab(rgb)
    return np.sum(L) + 0.5 * np.sum(a) + 0.25 * np.sum(b)


def delta_e(x, y):
    """CIE76 colour difference, summed over pixels."""
    L1, a1, b1 = _lab(x)
    L2, a2, b2 = _lab(y)
    return np.sum(np.sqrt((L1 - L2) ** 2 + (a1 - a2) ** 2 + (b1 - b2) ** 2))


# --- edges and smoothness ---------------------------------------------------------------------------------------------

def _sobel(a):
    gx = (a[:-2, 2:] + 2 * a[1:-1, 2:] + a[2:, 2:]) - (a[:-2, :-2] + 2 * a[1:-1, :-2] + a[2:, :-2])
    gy = (a[2:, :-2] + 2 * a[2:, 1:-1] + a[2:, 2:]) - (a[:-2, :-2] + 2 * a[:-2, 1:-1] + a[:-2, 2:])
    return gx, gy


def sobel_magnitude(img):
    gx, gy = _sobel(img)
    return np.sum(np.sqrt(gx ** 2 + gy ** 2))


def sobel_magnitude_eps(img):
    gx, gy = _sobel(img)
    return np.sum(np.sqrt(gx ** 2 + gy ** 2 + 1e-12))


def tv_isotropic(img):
    dx = img[1:, :-1] - img[:-1, :-1]
    dy = img[:-1, 1:] - img[:-1, :-1]
    return np.sum(np.sqrt(dx ** 2 + dy ** 2))


def tv_isotropic_eps(img):
    dx = img[1:, :-1] - img[:-1, :-1]
    dy = img[:-1, 1:] - img[:-1, :-1]
    return np.sum(np.sqrt(dx ** 2 + dy ** 2 + 1e-8))


def tv_anisotropic(img):
    return np.sum(np.abs(np.diff(img, axis=0))) + np.sum(np.abs(np.diff(img, axis=1)))


# --- image quality ----------------------------------------------------------------------------------------------------

C1 = (0.01 * 1.0) ** 2  # (K1 L)^2, L = 1
C2 = (0.03 * 1.0) ** 2


def ssim_loss(x, y):
    """1 - SSIM over one window (the whole image)."""
    mx, my = np.mean(x), np.mean(y)
    vx, vy = np.mean((x - mx) ** 2), np.mean((y - my) ** 2)
    cxy = np.mean((x - mx) * (y - my))
    ssim = ((2 * mx * my + C1) * (2 * cxy + C2)) / ((mx ** 2 + my ** 2 + C1) * (vx + vy + C2))
    return 1 - ssim


def psnr(x, y):
    mse = np.mean((x - y) ** 2)
    return 10 * np.log10(1.0 / mse)


def psnr_eps(x, y):
    mse = np.mean((x - y) ** 2)
    return 10 * np.log10(1.0 / (mse + 1e-10))


# --- resampling -------------------------------------------------------------------------------------------------------

def _bilinear(img, ys, xs):
    h, w = img.shape
    y0 = np.floor(ys).astype(int)
    x0 = np.floor(xs).astype(int)
    y1, x1 = np.minimum(y0 + 1, h - 1), np.minimum(x0 + 1, w - 1)
    wy, wx = (ys - y0)[:, None], (xs - x0)[None, :]
    top = img[y0][:, x0] * (1 - wx) + img[y0][:, x1] * wx
    bottom = img[y1][:, x0] * (1 - wx) + img[y1][:, x1] * wx
    return top * (1 - wy) + bottom * wy


def downsample(img):
    """3 x 3 -> 2 x 2, half-pixel centres (align_corners=False), as cv2.resize."""
    h, w = img.shape
    ys = np.clip((np.arange(2) + 0.5) * (h / 2) - 0.5, 0, h - 1)
    xs = np.clip((np.arange(2) + 0.5) * (w / 2) - 0.5, 0, w - 1)
    out = _bilinear(img, ys, xs)
    return np.sum(out ** 2)


def upsample(img):
    """2 x 2 -> 3 x 3 with align_corners=True: samples on the grid and half-way."""
    h, w = img.shape
    ys = np.arange(3) * ((h - 1) / 2)
    xs = np.arange(3) * ((w - 1) / 2)
    out = _bilinear(img, ys, xs)
    return np.sum(out ** 2)


def shift_sample(img, t):
    """Each row resampled at x + t (a sub-pixel shift), clamped to the row."""
    w = img.shape[1]
    src = np.clip(np.arange(w - 1) + t, 0, w - 1)
    i0 = np.minimum(np.floor(src).astype(int), w - 2)
    frac = src - i0
    out = img[:, i0] * (1 - frac) + img[:, i0 + 1] * frac
    return np.sum(out ** 2)


# --- blurs ------------------------------------------------------------------------------------------------------------

def _box3(a):
    return (a[:-2, :-2] + a[:-2, 1:-1] + a[:-2, 2:] + a[1:-1, :-2] + a[1:-1, 1:-1] + a[1:-1, 2:]
            + a[2:, :-2] + a[2:, 1:-1] + a[2:, 2:]) / 9


def box_blur_energy(img):
    return np.sum(_box3(img) ** 2)


KERNEL = [0.25, 0.5, 0.25]


def gauss_blur_energy(img):
    """A separable [1, 2, 1] / 4 blur by np.convolve, rows then columns (mode="same")."""
    rows = np.stack([np.convolve(img[i], KERNEL, mode="same") for i in range(img.shape[0])])
    both = np.stack([np.convolve(rows[:, j], KERNEL, mode="same") for j in range(img.shape[1])], axis=1)
    return np.sum(both ** 2)


def unsharp(img):
    """Unsharp masking, amount 1.5, with an edge-padded 3 x 3 box, clipped to [0, 1]."""
    blur = _box3(np.pad(img, 1, mode="edge"))
    sharp = np.clip(img + 1.5 * (img - blur), 0.0, 1.0)
    return np.sum(sharp ** 2)


# --- ranking ----------------------------------------------------------------------------------------------------------

TARGET = np.linspace(0.0, 1.0, 9)  # the histogram to match: a uniform ramp


def hist_match_sort(img):
    """Sliced-Wasserstein-style histogram matching of a 3 x 3 image: sorted pixels against the target."""
    return np.sum((np.sort(img.ravel()) - TARGET) ** 2)


def hist_match_rank(img):
    """The same, each pixel matched to the target at its rank (argsort of argsort)."""
    flat = img.ravel()
    ranks = np.argsort(np.argsort(flat))
    return np.sum((flat - TARGET[ranks]) ** 2)


# --- compositing ------------------------------------------------------------------------------------------------------

def over(fg, bg):
    """Porter-Duff 'over' of straight-alpha RGBA pixels (n, 4); transparent results set to 0."""
    af, ab = fg[:, 3], bg[:, 3]
    a = af + ab * (1 - af)
    rgb = (fg[:, :3] * af[:, None] + bg[:, :3] * (ab * (1 - af))[:, None]) / a[:, None]
    rgb = np.where(a[:, None] > 0, rgb, 0.0)
    return np.sum(rgb) + np.sum(a)


def over_planes(rgb_f, a_f, rgb_b, a_b):
    """The same 'over' with the colours (n, 3) and the alphas (n,) in planes of their own."""
    a = a_f + a_b * (1 - a_f)
    rgb = (rgb_f * a_f[:, None] + rgb_b * (a_b * (1 - a_f))[:, None]) / a[:, None]
    rgb = np.where(a[:, None] > 0, rgb, 0.0)
    return np.sum(rgb) + np.sum(a)


def over_safe(fg, bg):
    """The same with the division guarded."""
    af, ab = fg[:, 3], bg[:, 3]
    a = af + ab * (1 - af)
    rgb = (fg[:, :3] * af[:, None] + bg[:, :3] * (ab * (1 - af))[:, None]) / np.where(a > 0, a, 1.0)[:, None]
    rgb = np.where(a[:, None] > 0, rgb, 0.0)
    return np.sum(rgb) + np.sum(a)


# --- attention over pixels ----------------------------------------------------------------------------------------------

def _expected_xy(p):
    return (np.sum(p[:, 1]) + 2 * np.sum(p[:, 2])) + 0.5 * (np.sum(p[1, :]) + 2 * np.sum(p[2, :]))


def soft_argmax_naive(logits):
    """A spatial soft-argmax over a 3 x 3 map: softmax by hand."""
    e = np.exp(logits)
    return _expected_xy(e / np.sum(e))


def soft_argmax(logits):
    """The same, the logits shifted by their maximum."""
    e = np.exp(logits - np.max(logits))
    return _expected_xy(e / np.sum(e))
