"""A user's code on gradcli.numpy and gradcli.scipy.special, round 55c: random compositions (depth 2-5, one or two
variables, scalars and small vectors) of exp, log, log1p, expm1, sqrt, tanh, expit, logaddexp(0, x), logsumexp, xlogy,
xlog1py, linalg.norm, softmax, log_softmax, where, abs, maximum, square, reciprocal, sin, cos, erf, erfc, gammaln, as
the round's generator wrote them (kept verbatim), and the round's findings reduced to their smallest form."""

import gradcli.numpy as np
import gradcli.scipy.special as sp


def r00(x):
    return np.sum(np.tanh(sp.xlog1py(-1.0, sp.expit(x))))


def r01(v):
    return np.sum(np.square(np.tanh(v)))


def r02(v):
    return np.sum(np.maximum((np.log(np.abs(sp.erf(sp.erfc(sp.logsumexp(v))))) - sp.xlog1py(sp.log_softmax(v)[-1], sp.expit(np.linalg.norm(v)))), sp.logsumexp(v)))


def r03(x, v):
    return np.sum((np.tanh(sp.expit(x)) + sp.expit(sp.expit(np.sqrt(sp.softmax(v)[0])))))


def r04(x):
    return np.sum(np.cos(np.square((np.sqrt((1.0 + np.square(x))) * x))))


def r05(x):
    return np.sum(np.sqrt(np.logaddexp(0.0, np.logaddexp(x, 0.25))))


def r06(v, w):
    return np.sum((np.sin(np.logaddexp(0.0, np.abs(np.reciprocal(sp.expit(v))))) * np.sum(w)))


def r07(v, w):
    return np.sum(sp.expit(np.exp(np.reciprocal(np.exp(v)))))


def r08(x, v):
    return np.sum(np.log1p(sp.expit(sp.softmax(np.square(v)))))


def r09(v):
    return np.sum(np.tanh(np.where(sp.softmax(sp.expit((v - v))) >= 1.0, np.exp(np.sin(sp.log_softmax(v))), (np.logaddexp(0.0, np.expm1(v)) + sp.erf(v)))))


def r10(v):
    return np.sum((np.reciprocal(np.exp(v)) * np.where(v > 0.0, np.exp(v), v)))


def r11(v, w):
    return np.sum((np.sqrt(np.logaddexp(0.0, sp.logsumexp(v))) + (sp.log_softmax(np.exp(w))[-1] * np.sqrt((1.0 + np.square(np.where(np.sum(w) < 0.0, np.linalg.norm(w), np.linalg.norm(v))))))))


def r12(v, w):
    return np.sum(sp.log_softmax(np.logaddexp(np.sum(v), sp.gammaln(sp.expit(np.maximum(w, np.sum(v)))))))


def r13(v):
    return np.sum(np.where(v < 1.0, np.exp(sp.log_softmax(v)), np.where(v < 1.0, v, v)))


def r14(x, y):
    return np.sum(np.logaddexp(x, np.exp(x)))


def r16(v, w):
    return np.sum(np.maximum(v, np.maximum(np.sum(v), w)))


def r17(v):
    return np.sum((np.array([1.0, 0.5, 0.25]) * np.sum(np.where(v >= 0.0, np.where(v < 1.0, v, v), v))))


def r18(x, v):
    return np.sum(np.tanh(np.log(np.exp(np.cos((np.log(np.abs(v)) * 2.0))))))


def r19(v, w):
    return np.sum((np.array([1.0, 0.5]) * np.abs(sp.xlogy(w, np.logaddexp(0.0, v)))))


def r20(v, w):
    return np.sum(np.log((1.0 + np.square(np.where(v >= 1.0, sp.log_softmax(sp.log_softmax(np.tanh(v))), w)))))


def r21(x, v):
    return np.sum(np.tanh(sp.logsumexp(np.exp(v))))


def r22(v):
    return np.sum(((np.sum(v) * sp.logsumexp(v)) * sp.softmax(np.expm1(sp.gammaln(np.abs(v))))[0]))


def r23(v, w):
    return np.sum(np.sum((np.where(w > 0.0, v, w) + np.expm1(v))))


def r24(x, v):
    return np.sum(sp.xlog1py((sp.logsumexp(v) + np.exp(sp.logsumexp(v))), np.square(np.sum(v))))


def r25(v, w):
    return np.sum((np.expm1(np.linalg.norm(w)) * np.logaddexp(sp.log_softmax(np.logaddexp(w, np.linalg.norm(w))), v)))


def r26(x):
    return np.sum(np.cos((np.log(sp.expit(x)) - np.log(sp.expit(sp.xlog1py(3.0, 800.0))))))


def r27(x, v):
    return np.sum(sp.xlog1py(np.sum((sp.log_softmax(v) - np.where(v >= 1.0, v, v))), np.abs(x)))


def r28(v):
    return np.sum((np.linalg.norm(v) + np.where(v >= 1.0, np.where(v < 0.0, v, v), v)))


def r29(v):
    return np.sum(np.cos((np.logaddexp(sp.softmax(sp.log_softmax(v)), np.linalg.norm(v)) - sp.softmax(np.where(sp.expit(v) >= 1.0, (v * v), v)))))


def r30(x, y):
    return np.sum(np.log(np.exp(np.abs(x))))


# --- the round's findings, reduced -------------------------------------------------------------------------------


def exp_log_sq(x):
    return np.exp(np.log(x * x))


def bump(x):
    return np.exp(-np.reciprocal(np.square(x)))


def erf_log_abs(x):
    return sp.erf(np.log(np.abs(x)))


def lae_log_abs(x):
    return np.logaddexp(np.log(np.abs(x)), 1e7)


def lae_log_abs_near(x):
    return np.logaddexp(np.log(np.abs(x)), 0.0)


def lae_xlogy_abs(x):
    return np.logaddexp(sp.xlogy(x, np.abs(x)), 1e7)


def erf_log_pos(x):
    return sp.erf(np.log(x))


def max_rounded_tie(x, y):
    return np.maximum(y, y + np.exp(x))
