"""A user's code on gradcli.numpy, round 85c: psychometrics and item response models as test-calibration and
ability-estimation codes differentiate them (the Rasch and 2PL log-likelihoods, written with a hand-made sigmoid,
with np.where on the response, and stably with logaddexp; the 3PL with a guessing floor and its item information;
the graded response model's differences of adjacent sigmoids; the generalised partial credit model's softmax of
cumulative sums; the normal-ogive and Thurstonian probit models by the normal cdf; an ideal-point model; test
information and the standard error of an ability; a few Newton steps of an ability estimate; Cronbach's alpha, the
Spearman-Brown prophecy and the correction of a correlation for attenuation), checked at ordinary points and where
they break: discrimination 0, a logit so large the sigmoid rounds to 1, a guessing floor of 0 and 1, equal
thresholds, zero total variance, a reliability of 0."""

import gradcli.numpy as np
from gradcli.scipy.special import logsumexp
from gradcli.scipy.stats import norm

# a small calibration sample: five items answered by one examinee (1 = correct)
Y5 = np.array([1.0, 0.0, 1.0, 1.0, 0.0])


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


# --- Rasch and 2PL ----------------------------------------------------------------------------------------------------


def rasch_loglik(theta, b):
    """The Rasch log-likelihood of Y5: sum y log p + (1 - y) log(1 - p), p = sigmoid(theta - b)."""
    p = sigmoid(theta - b)
    return np.sum(Y5 * np.log(p) + (1.0 - Y5) * np.log(1.0 - p))


def twopl_item(theta, a, b, y):
    """One item's 2PL log-likelihood y log p + (1 - y) log(1 - p), p = sigmoid(a (theta - b))."""
    p = sigmoid(a * (theta - b))
    return y * np.log(p) + (1.0 - y) * np.log(1.0 - p)


def twopl_loglik(theta, a, b):
    """The 2PL log-likelihood of Y5 with item discriminations a and difficulties b."""
    p = sigmoid(a * (theta - b))
    return np.sum(Y5 * np.log(p) + (1.0 - Y5) * np.log(1.0 - p))


def twopl_where(theta, a, b):
    """The same, the response picking its log by np.where (as many fitting scripts write it)."""
    p = sigmoid(a * (theta - b))
    return np.sum(np.where(Y5 == 1.0, np.log(p), np.log(1.0 - p)))


def twopl_stable(theta, a, b):
    """The 2PL log-likelihood from the logit: log p = -log(1 + e^-z), log(1 - p) = -log(1 + e^z), by logaddexp."""
    z = a * (theta - b)
    return np.sum(-Y5 * np.logaddexp(0.0, -z) - (1.0 - Y5) * np.logaddexp(0.0, z))


# --- 3PL --------------------------------------------------------------------------------------------------------------


def threepl_loglik(theta, a, b, c):
    """The 3PL log-likelihood of Y5: P = c + (1 - c) sigmoid(a (theta - b)), one guessing floor c for every item."""
    P = c + (1.0 - c) * sigmoid(a * (theta - b))
    return np.sum(Y5 * np.log(P) + (1.0 - Y5) * np.log(1.0 - P))


def threepl_item(theta, a, b, c, y):
    """One item's 3PL log-likelihood."""
    P = c + (1.0 - c) * sigmoid(a * (theta - b))
    return y * np.log(P) + (1.0 - y) * np.log(1.0 - P)


def threepl_information(theta, a, b, c):
    """The 3PL item information a^2 (P - c)^2 (1 - P) / ((1 - c)^2 P)."""
    P = c + (1.0 - c) * sigmoid(a * (theta - b))
    return a ** 2 * (P - c) ** 2 * (1.0 - P) / ((1.0 - c) ** 2 * P)


# --- graded response and partial credit -------------------------------------------------------------------------------


def grm_logprob(theta, a, b1, b2, k):
    """Samejima's graded response model with three categories: P*_j = sigmoid(a (theta - b_j)), P(0) = 1 - P*_1,
    P(1) = P*_1 - P*_2, P(2) = P*_2; the log-probability of category k (an int)."""
    s1 = sigmoid(a * (theta - b1))
    s2 = sigmoid(a * (theta - b2))
    probs = [1.0 - s1, s1 - s2, s2]
    return np.log(probs[k])


def grm_loglik(theta, a, b):
    """The GRM log-likelihood of four examinees (theta an array) on one item with thresholds b = [b1, b2]
    answering categories 0, 1, 1, 2."""
    s1 = sigmoid(a * (theta - b[0]))
    s2 = sigmoid(a * (theta - b[1]))
    return np.log(1.0 - s1[0]) + np.log(s1[1] - s2[1]) + np.log(s1[2] - s2[2]) + np.log(s2[3])


def gpcm_logprob(theta, a, b, k):
    """The generalised partial credit model: z_j = sum_{i <= j} a (theta - b_i), z_0 = 0, P = softmax(z); log P[k]."""
    z = np.concatenate([np.zeros(1), np.cumsum(a * (theta - b))])
    e = np.exp(z)
    return np.log(e[k] / np.sum(e))


def gpcm_logprob_stable(theta, a, b, k):
    """The same by logsumexp."""
    z = np.concatenate([np.zeros(1), np.cumsum(a * (theta - b))])
    return z[k] - logsumexp(z)


# --- probit models ----------------------------------------------------------------------------------------------------


def normal_ogive(theta, a, b):
    """The normal-ogive item, correct answer: log Phi(a (theta - b))."""
    return np.log(norm.cdf(a * (theta - b)))


def normal_ogive_logcdf(theta, a, b):
    """The same by norm.logcdf."""
    return norm.logcdf(a * (theta - b))


def thurstone_pair(mu1, mu2, sigma, n12, n21):
    """Thurstone's paired comparisons (Case V with a common dispersion): n12 log Phi(d) + n21 log Phi(-d),
    d = (mu1 - mu2) / (sigma sqrt 2)."""
    d = (mu1 - mu2) / np.sqrt(2.0 * sigma ** 2)
    return n12 * np.log(norm.cdf(d)) + n21 * np.log(norm.cdf(-d))


def thurstone_scale(mu1, mu2, sigma):
    """P(1 preferred to 2) by the normal cdf with a scale: Phi(mu1 - mu2; 0, sigma)."""
    return norm.cdf(mu1 - mu2, loc=0.0, scale=sigma)


# --- ideal points -----------------------------------------------------------------------------------------------------


def ideal_point_loglik(theta, b, alpha, y):
    """An ideal-point (unfolding) response: p = sigmoid(alpha - |theta - b|^2), theta and b points in 2D, the
    squared distance by np.linalg.norm; y log p + (1 - y) log(1 - p)."""
    p = sigmoid(alpha - np.linalg.norm(theta - b) ** 2)
    return y * np.log(p) + (1.0 - y) * np.log(1.0 - p)


def ideal_point_sq(theta, b, alpha):
    """The same utility by a sum of squares, log p of an endorsement."""
    p = sigmoid(alpha - np.sum((theta - b) ** 2))
    return np.log(p)


def ideal_point_distance(theta, b, alpha):
    """A linear-loss ideal point: log sigmoid(alpha - |theta - b|)."""
    p = sigmoid(alpha - np.linalg.norm(theta - b))
    return np.log(p)


# --- information, ability ---------------------------------------------------------------------------------------------


def test_information(theta, a, b):
    """The 2PL test information sum a^2 p (1 - p)."""
    p = sigmoid(a * (theta - b))
    return np.sum(a ** 2 * p * (1.0 - p))


def ability_se(theta, a, b):
    """The standard error of an ability estimate, 1 / sqrt(I(theta))."""
    p = sigmoid(a * (theta - b))
    return 1.0 / np.sqrt(np.sum(a ** 2 * p * (1.0 - p)))


def newton_ability(a, b):
    """The ML ability for Y5 by three Newton steps from theta = 0: theta += sum a (y - p) / sum a^2 p (1 - p)."""
    theta = 0.0
    for _ in range(3):
        p = sigmoid(a * (theta - b))
        theta = theta + np.sum(a * (Y5 - p)) / np.sum(a ** 2 * p * (1.0 - p))
    return theta


# --- classical test theory --------------------------------------------------------------------------------------------


def cronbach_alpha(X):
    """Cronbach's alpha of a persons x items score matrix: k / (k - 1) (1 - sum var_i / var_total)."""
    k = X.shape[1]
    item_var = np.var(X, axis=0, ddof=1)
    total_var = np.var(np.sum(X, axis=1), ddof=1)
    return k / (k - 1) * (1.0 - np.sum(item_var) / total_var)


def spearman_brown(r, n):
    """The Spearman-Brown prophecy n r / (1 + (n - 1) r)."""
    return n * r / (1.0 + (n - 1.0) * r)


def disattenuated(r, rxx, ryy):
    """A correlation corrected for attenuation, r / sqrt(rxx ryy)."""
    return r / np.sqrt(rxx * ryy)
