"""A user's TensorFlow code, hundred-and-sixth round (d): sRGB encode / decode by tf.where, CIELAB lightness with
tf.pow(t, 1/3), HSV hue with tf.reduce_max / tf.reduce_min, ACES under tf.clip_by_value, PSNR, SSIM's luminance term,
and tf.custom_gradient rules for a clipped sRGB encode (right and slipped) and a straight-through quantiser."""

import tensorflow as tf

T_ENC, T_DEC = 0.0031308, 0.04045
A, B, S = 1.055, 0.055, 12.92
INV_G, G = 1 / 2.4, 2.4
WY = [0.2126, 0.7152, 0.0722]
LAB_E = (6 / 29) ** 3
LAB_K = 1 / (3 * (6 / 29) ** 2)
LAB_C = 4 / 29
C1 = 0.01 ** 2


def srgb_encode(x):
    return tf.where(x <= T_ENC, S * x, A * tf.pow(x, INV_G) - B)


def srgb_decode(v):
    return tf.where(v <= T_DEC, v / S, tf.pow((v + B) / A, G))


def _clip_encode(x):
    x = tf.clip_by_value(x, 0.0, 1.0)
    safe = tf.maximum(x, T_ENC)
    return tf.where(x <= T_ENC, S * x, A * tf.pow(safe, INV_G) - B)


def lab_L(rgb):
    t = tf.tensordot(tf.constant(WY, dtype=rgb.dtype), rgb, 1)
    return 116.0 * tf.where(t > LAB_E, tf.pow(t, 1 / 3), t * LAB_K + LAB_C) - 16.0


def hsv_h(rgb):
    r, g, b = rgb[0], rgb[1], rgb[2]
    mx, mn = tf.reduce_max(rgb), tf.reduce_min(rgb)
    c = mx - mn
    safe = tf.where(c > 0, c, tf.ones_like(c))
    h = tf.where(tf.equal(mx, r), tf.math.floormod((g - b) / safe, 6.0),
                 tf.where(tf.equal(mx, g), (b - r) / safe + 2.0, (r - g) / safe + 4.0))
    return tf.where(c > 0, 60.0 * h, tf.zeros_like(h))


def aces(x):
    return tf.clip_by_value((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)


def psnr(x, y):
    mse = tf.reduce_mean((x - y) ** 2)
    return 10.0 * tf.math.log(1.0 / mse) / tf.math.log(tf.constant(10.0, dtype=x.dtype))


def ssim_lum(mx, my):
    return (2.0 * mx * my + C1) / (mx * mx + my * my + C1)


@tf.custom_gradient
def _enc(x):
    def grad(dy):
        xc = tf.clip_by_value(x, T_ENC, 1.0)
        slope = tf.where(x <= T_ENC, S * tf.ones_like(x), A * INV_G * tf.pow(xc, INV_G - 1.0))
        return dy * tf.where((x > 0.0) & (x < 1.0), slope, tf.zeros_like(x))
    return _clip_encode(x), grad


@tf.custom_gradient
def _enc_slipped(x):
    def grad(dy):
        xc = tf.clip_by_value(x, T_ENC, 1.0)
        return dy * tf.where(x <= T_ENC, S * tf.ones_like(x), A * INV_G * tf.pow(xc, INV_G - 1.0))  # no clip mask
    return _clip_encode(x), grad


@tf.custom_gradient
def _quant(x):
    def grad(dy):
        return dy
    return tf.round(x * 255.0) / 255.0, grad


def encode_custom(x):
    return _enc(x)


def encode_slipped(x):
    return _enc_slipped(x)


def quant8_ste(x):
    return _quant(x)
