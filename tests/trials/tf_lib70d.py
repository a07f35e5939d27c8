"""A user's TensorFlow code, seventieth round (d): reinforcement-learning objectives as users write them in
TensorFlow (no TensorFlow Probability). PPO's clipped surrogate (tf.clip_by_value, tf.minimum), a masked categorical
entropy with tf.math.multiply_no_nan, the KL between old and new categorical policies from log_softmax, GAE by
tf.scan in reverse, a soft state value by tf.math.reduce_logsumexp, PPO2's clipped value loss, advantage
normalisation by tf.math.reduce_std, and a Huber TD loss by tf.keras.losses.Huber."""
import tensorflow as tf

CLIP_EPS = 0.2
GAMMA = 0.99
LAM = 0.95
MASK = [True, True, False]
OLD_LOGITS = [0.2, -0.4, 0.1]


def ppo_loss(logp, logp_old, adv):
    ratio = tf.exp(logp - logp_old)
    surr1 = ratio * adv
    surr2 = tf.clip_by_value(ratio, 1.0 - CLIP_EPS, 1.0 + CLIP_EPS) * adv
    return -tf.reduce_mean(tf.minimum(surr1, surr2))


def ppo_prob_ratio(p, p_old, adv):
    ratio = p / p_old
    surr1 = ratio * adv
    surr2 = tf.clip_by_value(ratio, 1.0 - CLIP_EPS, 1.0 + CLIP_EPS) * adv
    return -tf.reduce_mean(tf.minimum(surr1, surr2))


def masked_entropy(logits):
    """Entropy with the third action masked by -inf; 0 * -inf avoided by tf.math.multiply_no_nan."""
    logits = tf.where(MASK, logits, tf.constant(float("-inf"), dtype=logits.dtype))
    p = tf.nn.softmax(logits)
    logp = tf.nn.log_softmax(logits)
    return -tf.reduce_sum(tf.math.multiply_no_nan(logp, p))


def kl_old_new(logits):
    old = tf.constant(OLD_LOGITS, dtype=logits.dtype)
    p_old = tf.nn.softmax(old)
    return tf.reduce_sum(p_old * (tf.nn.log_softmax(old) - tf.nn.log_softmax(logits)))


def gae_scan(values, rewards):
    """GAE by tf.scan(reverse=True) over 4 steps (bootstrap value last; the episode ends after step 2)."""
    nonterminal = tf.constant([1.0, 1.0, 0.0, 1.0], dtype=values.dtype)
    deltas = rewards + GAMMA * values[1:] * nonterminal - values[:-1]
    adv = tf.scan(lambda carry, x: x[0] + GAMMA * LAM * x[1] * carry, (deltas, nonterminal),
                  initializer=tf.zeros_like(values[0]), reverse=True)
    return 0.5 * tf.reduce_mean(adv ** 2)


def soft_value(q, alpha):
    return alpha * tf.math.reduce_logsumexp(q / alpha)


def value_loss_clipped(v, v_old, returns):
    v_clipped = v_old + tf.clip_by_value(v - v_old, -CLIP_EPS, CLIP_EPS)
    return 0.5 * tf.reduce_mean(tf.maximum(tf.square(v - returns), tf.square(v_clipped - returns)))


def normalized_pg_loss(logp, adv):
    adv = (adv - tf.reduce_mean(adv)) / (tf.math.reduce_std(adv) + 1e-8)
    return -tf.reduce_mean(logp * adv)


def huber_td(q, target):
    return tf.keras.losses.Huber(delta=1.0)(target, q)
