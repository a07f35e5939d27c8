"""A user's TensorFlow code, seventy-first round (d): audio and spectral losses as users write them in TensorFlow on
tiny signals. A log-power spectrum by tf.signal.rfft, decibels 10 log10(max(power, amin)) by tf.math.log / log(10),
magnitudes by tf.abs of the complex spectrum, a bin's phase by tf.math.angle, a log-magnitude STFT by
tf.signal.stft (a Hann window) with spectral convergence, a log-mel energy by a fixed matrix, SI-SDR, mu-law
companding."""
import tensorflow as tf

MEL = [[1.0, 0.5, 0.0, 0.0, 0.0],
       [0.0, 0.5, 1.0, 0.5, 0.0],
       [0.0, 0.0, 0.0, 0.5, 1.0]]


def log_power_spectrum(x):
    spec = tf.signal.rfft(x)
    return tf.reduce_sum(tf.math.log(tf.abs(spec) ** 2 + 1e-10))


def power_db(x):
    spec = tf.signal.rfft(x)
    power = tf.math.real(spec) ** 2 + tf.math.imag(spec) ** 2
    db = 10.0 * tf.math.log(tf.maximum(power, 1e-10)) / tf.math.log(tf.constant(10.0, dtype=x.dtype))
    return tf.reduce_mean(db)


def magnitude_sum(x):
    return tf.reduce_sum(tf.abs(tf.signal.rfft(x)))


def bin_phase(x):
    return tf.math.angle(tf.signal.rfft(x)[1])


def _stft_mag(x):
    spec = tf.signal.stft(x, frame_length=8, frame_step=4, fft_length=8, window_fn=tf.signal.hann_window)
    return tf.abs(spec)


def spectral_convergence(est, ref):
    s_est, s_ref = _stft_mag(est), _stft_mag(ref)
    return tf.norm(s_ref - s_est) / tf.norm(s_ref)


def log_stft_l1(est, ref):
    s_est, s_ref = _stft_mag(est), _stft_mag(ref)
    return tf.reduce_mean(tf.abs(tf.math.log(s_ref + 1e-7) - tf.math.log(s_est + 1e-7)))


def log_mel(x):
    spec = tf.signal.stft(x, frame_length=8, frame_step=4, fft_length=8, window_fn=tf.signal.hann_window)
    power = tf.abs(spec) ** 2
    mel = tf.matmul(power, tf.constant(MEL, dtype=x.dtype), transpose_b=True)
    return tf.reduce_sum(tf.math.log(mel + 1e-6))


def si_sdr(est, ref):
    alpha = tf.reduce_sum(est * ref) / tf.reduce_sum(ref ** 2)
    target = alpha * ref
    noise = est - target
    ratio = tf.reduce_sum(target ** 2) / tf.reduce_sum(noise ** 2)
    return -10.0 * tf.math.log(ratio) / tf.math.log(tf.constant(10.0, dtype=est.dtype))


def mu_law(x):
    mu = tf.constant(255.0, dtype=x.dtype)
    y = tf.sign(x) * tf.math.log1p(mu * tf.abs(x)) / tf.math.log1p(mu)
    return tf.reduce_sum(y)
