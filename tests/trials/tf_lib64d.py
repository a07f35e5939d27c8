"""A user's TensorFlow code, sixty-fourth round (d): mixed precision and dtype promotion. tf.cast to float16 for a
softmax, a layer norm by hand in float16, a Dense layer under Keras' mixed_bfloat16 policy, integer
weights divided by 3 (tf's truediv of int32 is float64) cast to the data's dtype, float16 squares overflowing 65504,
and a matmul in bfloat16."""
import tensorflow as tf
from tensorflow import keras

C3 = tf.constant([1.0, -2.0, 0.5])
W2 = tf.constant([[0.5, -1.0], [0.25, 2.0], [1.5, 0.125]])
DENSE = keras.layers.Dense(2, dtype="mixed_bfloat16", kernel_initializer=keras.initializers.Constant([[0.5, -1.0], [0.25, 2.0], [1.5, 0.125]]),
                           bias_initializer="zeros", trainable=False)


def softmax_f16(x):
    p = tf.nn.softmax(tf.cast(x, tf.float16))  # softmax in float16
    return tf.reduce_sum(tf.cast(p, x.dtype) * tf.cast(C3, x.dtype))


def layernorm_f16(x):
    h = tf.cast(x, tf.float16)  # layer norm in float16
    mu = tf.reduce_mean(h)
    var = tf.reduce_mean((h - mu) ** 2)
    y = (h - mu) / tf.sqrt(var + 1e-3)
    return tf.reduce_sum(tf.cast(y, x.dtype) * tf.cast(C3, x.dtype))


def dense_bf16(x):
    y = DENSE(tf.reshape(x, (1, 3)))  # mixed_bfloat16 policy
    return tf.reduce_sum(tf.cast(y, tf.float32) ** 2)


def int_weights(x):
    w = tf.cast(tf.constant([1, 2]) / 3, x.dtype)  # int32 / 3 is float64
    return tf.reduce_sum(w * x ** 2)


def sumsq_f16(x):
    return tf.cast(tf.reduce_sum(tf.cast(x, tf.float16) ** 2), x.dtype)  # squares in float16


def matmul_bf16(x):
    y = tf.matmul(tf.cast(tf.reshape(x, (1, 3)), tf.bfloat16), tf.cast(W2, tf.bfloat16))  # matmul in bfloat16
    return tf.reduce_sum(tf.cast(y, x.dtype) ** 2)


def var_bf16(x):
    return tf.cast(tf.math.reduce_variance(tf.cast(x, tf.bfloat16)), x.dtype)  # variance in bfloat16
