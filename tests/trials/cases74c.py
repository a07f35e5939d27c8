"""The seventy-fourth trial set (third part): issue 27's exact reference on Python functions doing INFORMATION RETRIEVAL
AND LEARNING TO RANK with gradcli.numpy as ranking code writes them on tiny lists of five documents
(tests/trials/lib74c.py): BM25 in k1 and b (ordinary, float32, b = 0 and 1, k1 = 0 where tf / (tf + 0) is 0 / 0), the
idf log((N - df + 0.5)/(df + 0.5)) at df = 0 and df = N (negative), at df = N + 0.5 (log 0), Lucene's log1p idf, the
idf floored at 0 by np.maximum exactly where it is 0 (df = 2.5), BM25 in its term frequencies (tf = 0; k1 = 0);
TF-IDF with sublinear tf 1 + log(tf) guarded by np.where(tf > 0) at tf = 0, a C1 variant np.where(tf >= 1, 1 + log tf,
tf) at tf = 0 (float32 too), at the join tf = 1 and with log's argument guarded, idf = log(N / df) at df = 0 and the
smooth idf; cosine similarity of a query and a document (parallel: cos = 1) and of a zero document bare, + eps (by
np.linalg.norm and by sqrt(sum d*d)), clamped by np.maximum(|q||d|, eps) as torch does, and guarded by np.where;
ListNet written out at +-1000 and by logsumexp (float32 +-100), ties; ListMLE by a reversed np.cumsum of exp, the same
shifted by the maximum, and by a loop of np.logaddexp at gaps of 800 / -1000 (float32 100); RankNet log(1 + exp(-d))
at ties, gaps of +-800 in every pair (float32 100) and by logaddexp; a margin-1 pairwise hinge exactly at the margin
(float32 too) and at 0.3 - (-0.7), which the doubles put 5.6e-17 inside the margin but float64 rounds onto it;
LambdaRank's |delta NDCG| weights (ranks by a double argsort) times RankNet's pair losses (float32; ties between
different labels, between equal labels, all tied); ApproxNDCG with smooth ranks 1 + sum sigmoid((s_j - s_i) / T) at T
= 1 (ordinary, ties, float32, gaps of 800) and T = 1e-3 by 1/(1 + exp) and np.sigmoid (saturated; ties); NDCG for
labels given as held ints (--wrt s): ordinary, all equal, all 0 (ideal DCG = 0) bare and guarded by np.where(ideal >
0); DCG's 1 / log2(1 + rank) at ranks 1.. and a 0-based rank 0; a softmax(s / 1e-3) approximate MRR written out and
shifted by the maximum (ordinary, saturated, overflowing; float32); an in-batch InfoNCE at temperature 0.01 written
out and by logsumexp (near-miss queries, queries near their documents, float32, norms of 1e-200).

Tried: 34 functions, 97 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one), a batch of 97, the 9 corrected cases again,
then the whole set; besides them three probes of F1 (a scratch file: sum(0.0 * exp(x)) / y and sum(x * y) / (y * y) at
y = 0, with and without --wrt x), kept out of ALL. ALL keeps 97 (58 ok, 18 unstable, 14 domain, 7 wrong; 83 float64,
14 float32). 96 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative), and where a case names
its line, in that too; one is finding F1. Every check took 1.1-9.7 s (the last full run 1.2-8.5 s).

Truths are written here from the mathematics, never lib74c's code or gradcli: each loss as a Python sum over documents,
terms or preference pairs in mpmath (logsumexp shifted by its maximum, ListMLE as sum_i lse(t[i:]) - t[i], LambdaRank's
ranks by sorted(key=(-s, index)) recomputed at every point the difference takes, smooth ranks with the j = i term left
out), the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where they
differ; the module's data as its float64 arrays hold them (IDF_DATA and IDEAL_DCG as the doubles numpy made; the
user's 1e-8, 1e-3 and 0.01 as the dtype holds them where they meet its data); by hand: the 0 / 0 points (BM25 at
k1 = 0, cosine at a zero document, NDCG with no relevant document and its guard's 0), the poles (idf at df = N + 0.5,
log(N / df) at df = 0, a rank of 0) and cosine_where at d = 0.

What agreed: BM25 ok everywhere tried (float32; b = 0, 1), domain at k1 = 0 (0 / 0 for every b); the RSJ idf ok at
df = 0 and N (float32), domain at N + 0.5, the log1p idf ok there; the floored idf domain at its 0 (df[2], idf < 0,
keeps slope 0), ok off it; BM25 in tf ok at tf = 0, domain with k1 = 0 too; 1 + log(tf) under np.where(tf > 0) domain at
tf = 0 (a jump to -inf; the other entries keep idf / tf); the C1 np.where(tf >= 1, 1 + log tf, tf) wrong at tf = 0 (the
exact slope idf = 1.609 comes out NaN from the untaken log's 0 x inf; float32 too), ok at the join tf = 1 (slope 1 on
both sides) and at 0.5, ok with log's argument guarded; log(N / df) domain at df = 0 (df[1:] keep -c / df), the smooth
idf ok there; cosine ok (cos = 1 too: all slopes 0), domain at a zero document (0 / 0 for every q); ListNet written out
unstable at +-1000 (exp overflows), ok by logsumexp (float32), ok at ties; ListMLE by cumsum unstable at 800 whichever
end holds it (float32 100), shifted unstable at [800, 0, ...] and [0, ..., -1000] (exp underflows, log 0) but ok at
[0, ..., 800], by logaddexp ok at both gaps; RankNet ok at ties and where every pair leads by 800 (the e^-800 slopes
round to 0), unstable where every pair trails by 800 (float32 100), by logaddexp ok; the hinge domain exactly at the
margin (float32 too) and unstable at s = [0.3, -0.7, ...] (exact margin 5.6e-17 > 0, slopes -1 / 1; float64 rounds
0.3 + 0.7 to 1, maximum's tie gives -0.5 / 0.5); LambdaRank ok (float32), domain at each tie (the tied entries none;
the others keep their slopes); ApproxNDCG ok at T = 1 (ties, float32), unstable at gaps of 800 (NaN), at T = 1e-3
unstable by 1/(1 + exp) and by np.sigmoid alike (slopes of 6.6e-85 and 3.6e-43 computed as 0: 1 - sigmoid rounds to 0),
ok at ties (slopes 57.6, -26.4); NDCG for given labels ok (all equal too), guarded at all-zero labels wrong (the exact
0 slopes come out NaN from the untaken 0 / 0); DCG ok, domain at rank 0; the approximate MRR written out ok at s / T of
order 1, unstable at s / T = 500 (p0 (1 - p0) = 1.4e-84 computed as 0) and 800 (exp overflows), shifted ok at both and
in float32; InfoNCE ok for near-miss queries (float32 computes in float64 after the float64 embeddings: ok), unstable
for queries near their documents written out and by logsumexp alike (the loss 3e-6 is lse - z_ii of two 99.5s: the
value and q[0]'s 4e-14 slopes lose 1e-4), by logsumexp unstable at norms of 1e-200 (the squares underflow: 0 / 0).

Truths the round corrected in itself, gradcli right each time:
- cosine + eps at a zero document, by np.linalg.norm, by sqrt(sum d*d) and clamped by np.maximum(|q||d|, 1e-8), is
  wrong, not ok: the exact slope q / eps = [1e8, 2e8, 5e7] comes out NaN from sqrt's rule at 0 (0.5 / sqrt(0) times
  the upstream -0.0) at every precision, though the function is smooth there (q . d |q||d| / eps^2 is O(|d|^2));
- cosine guarded by np.where(|d| > 0) at d = 0 is wrong, not domain: d has no derivative (a jump of +-0.44 along each
  d[k]; the one-sided differences of an odd jump agree, so the mirror's 4e2003 had to be written by hand as none),
  but q's exact slopes 0 come out NaN from the untaken dot / (|q||d|) (the README: the other inputs are still judged);
- ListMLE by a loop of logaddexp in float32 at [100, 0, 0, 0, 0] is unstable, not ok: s[0]'s exact slope -1.488e-43
  is a float32 subnormal the program computes as 0 (a computed 0 against a tiny exact entry has lost all of it);
- the shifted approximate MRR at s / T = 500 and 800 is ok, not unstable: its slopes (1.4e-84 .. 1e-301) come out to
  15 digits, the shift's paths through the max leaving no 1 - p0 to cancel;
- InfoNCE by logsumexp for queries near their documents is unstable, not ok: lse(z_i) - z_ii cancels as the written-out
  log of a ratio near 1 does.

Findings:
- F1 (mended since: a NaN that arithmetic makes and no input moves leaves no slope, domain_slopes.no_value_near):
  NDCG at all-zero labels (labels=[0,0,0,0,0] held, --wrt s): gain = 2^0 - 1 = 0, the ideal DCG is 0 and
  the value is 0 / 0 for every s, so s has no derivative anywhere near the point (the verdict domain is right). gradcli
  reports the exact gradient s = [0, 0, 0, 0, 0] and, beside the domain verdict, the finding "the gradient rule gives
  {s: [nan, ...]} even at high precision, where the exact derivative is {s: [0, 0, 0, 0, 0]} ... so the rule is wrong
  here". The two cannot both stand: if the slopes were 0, the README's own rule (the other inputs are still judged; a
  NaN where an exact slope is finite makes the point wrong, as --wrt alone says) would make it wrong, and here s is
  the only input differentiated; gradcli says no derivative for cosine's q at a zero document (0 / 0 for every q too)
  and for x in sum(x * y) / (y * y) at y = 0, but 0 for x in sum(0.0 * exp(x)) / y (a scratch file, where it also
  calls 0.0 * e "underflowed to 0 (its true value is nonzero)").
  Reading: the F1 mend of round 73c (coordinates that never move the ops making a non-finite value keep their slopes)
  takes a tangent killed by an exact 0 (gain = 0 times the smooth ranks' tangent) as "not moving" the divide, and so
  gives a NaN value slopes 0; a value that is NaN on a whole neighbourhood has no slope to keep.
  Reproduce: gradcli check tests/trials/lib74c.py:ndcg_labels --at "s=[0.5,0.3,-0.2,0.1,0.0],labels=[0,0,0,0,0]"
  --wrt s --dtype float64 --json
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib74c.py"
NAN = mpmath.nan
fsum, log, exp, sqrt = mpmath.fsum, mpmath.log, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def log2(v):
    return log(v) / log(2)


# --- the module's data, as its float64 arrays hold them (exact small integers, or doubles numpy made) -------------------

N = 5
TF = [[0, 2, 1], [0, 0, 3], [0, 1, 1], [0, 0, 2], [0, 4, 1]]
DF = [0, 3, 5]
DOC_LEN = [100, 50, 200, 80, 120]
AVGDL = mpf(110)  # 550 / 5, exact
IDF_DATA = [D64(v) for v in numpy.log(5 / numpy.array([1.0, 3.0, 2.0]))]  # module-level doubles
REL = [3, 2, 0, 1, 0]
PERM = [0, 1, 3, 2, 4]  # REL's order, best first (stable)
PAIRS = [(i, j) for i in range(5) for j in range(5) if REL[i] > REL[j]]
IDEAL_DCG = D64(numpy.sum((2.0 ** numpy.array([3.0, 2.0, 1.0, 0.0, 0.0]) - 1) / numpy.log2(numpy.arange(2, 7))))
D_EMB = [[D64(1.0), D64(0.0)], [D64(0.6), D64(0.8)], [D64(0.0), D64(1.0)]]
TFW = [2, 1, 3]  # tfidf_idf's term frequencies


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def idf_rsj(df):
    return log((N - df + mpf(0.5)) / (df + mpf(0.5)))


def m_bm25(k1, b):
    total = mpf(0)
    for d in range(5):
        norm = k1 * (1 - b + b * DOC_LEN[d] / AVGDL)
        for t in range(3):
            total += idf_rsj(DF[t]) * TF[d][t] * (k1 + 1) / (TF[d][t] + norm)
    return total


def m_bm25_idf(df):
    return fsum(idf_rsj(v) for v in df)


def m_bm25_idf_log1p(df):
    return fsum(mpmath.log1p((N - v + mpf(0.5)) / (v + mpf(0.5))) for v in df)


def m_bm25_idf_floor(df):
    return fsum(max(idf_rsj(v), mpf(0)) for v in df)


def m_bm25_tf(tf, k1, b):
    idf = [mpmath.log1p((N - v + mpf(0.5)) / (v + mpf(0.5))) for v in DF]
    return fsum(idf[t] * tf[t] * (k1 + 1) / (tf[t] + k1 * (1 - b + b * 100 / AVGDL)) for t in range(3))


def m_tfidf_sublinear(tf):
    return fsum((1 + log(v) if v > 0 else mpf(0)) * w for v, w in zip(tf, IDF_DATA))


def m_tfidf_c1(tf):
    return fsum((1 + log(v) if v >= 1 else v) * w for v, w in zip(tf, IDF_DATA))


def m_tfidf_idf(df):
    return fsum(c * log(N / v) for c, v in zip(TFW, df))


def m_tfidf_idf_smooth(df):
    return fsum(c * (log(mpf(1 + N) / (1 + v)) + 1) for c, v in zip(TFW, df))


def dot(a, b):
    return fsum(x * y for x, y in zip(a, b))


def nrm(a):
    return sqrt(dot(a, a))


def m_cosine(q, d):
    return dot(q, d) / (nrm(q) * nrm(d))


def m_cosine_eps(Q=D64):
    return lambda q, d: dot(q, d) / (nrm(q) * nrm(d) + Q(1e-8))


def m_cosine_clamped(Q=D64):
    return lambda q, d: dot(q, d) / max(nrm(q) * nrm(d), Q(1e-8))


def m_cosine_where(q, d):
    return dot(q, d) / (nrm(q) * nrm(d)) if nrm(d) > 0 else mpf(0)


def lse(v):
    top = max(v)
    return top + log(fsum(exp(x - top) for x in v))


def m_listnet(s):
    z = fsum(exp(mpf(r)) for r in REL)
    return -fsum(exp(mpf(r)) / z * (x - lse(s)) for r, x in zip(REL, s))


def m_listmle(s):
    t = [s[k] for k in PERM]
    return fsum(lse(t[i:]) - t[i] for i in range(5))


def softplus(x):
    return log(1 + exp(x))


def m_ranknet(s):
    return fsum(softplus(-(s[i] - s[j])) for i, j in PAIRS)


def m_hinge(s):
    return fsum(max(mpf(0), 1 - (s[i] - s[j])) for i, j in PAIRS)


def m_lambdarank(s):
    order = sorted(range(5), key=lambda k: (-s[k], k))  # argsort(-s, stable)
    rank = {k: n + 1 for n, k in enumerate(order)}
    gain = [mpf(2) ** r - 1 for r in REL]
    disc = [1 / log2(1 + rank[k]) for k in range(5)]
    return fsum(abs((gain[i] - gain[j]) * (disc[i] - disc[j])) / IDEAL_DCG * softplus(-(s[i] - s[j]))
                for i, j in PAIRS)


def sig(x):
    return 1 / (1 + exp(-x))


def ranks(s, T):
    return [1 + fsum(sig((s[j] - s[i]) / T) for j in range(len(s)) if j != i) for i in range(len(s))]


def m_approx_ndcg(T):
    def f(s):
        r = ranks(s, T)
        return fsum((mpf(2) ** g - 1) / log2(1 + v) for g, v in zip(REL, r)) / IDEAL_DCG
    return f


def m_ndcg_labels(labels):
    def f(s):
        r = ranks(s, 1)
        gain = [mpf(2) ** g - 1 for g in labels]
        ideal = fsum(g / log2(n + 2) for n, g in enumerate(sorted(gain, reverse=True)))
        return fsum(g / log2(1 + v) for g, v in zip(gain, r)) / ideal
    return f


def m_dcg_of_ranks(r):
    return fsum((mpf(2) ** g - 1) / log2(1 + v) for g, v in zip(REL[:3], r))


def m_approx_mrr(Q=D64):
    def f(s):
        z = [x / Q(1e-3) for x in s]
        return exp(z[0] - lse(z))
    return f


def m_info_nce(q):
    total = mpf(0)
    for i, row in enumerate(q):
        qn = [x / nrm(row) for x in row]
        logits = [dot(qn, d) / D64(0.01) for d in D_EMB]
        total += lse(logits) - logits[i]
    return total / 3


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def LBL(function, labels, mirror, verdict="ok", truth=None, s=None):
    """Scores differentiated, integer labels held (--wrt s)."""
    at = f"s={_txt(s)},labels=[{','.join(str(v) for v in labels)}]"
    return Case(L, function, at, "float64", verdict, hp(truth) if truth else sided_grad(mirror, s=s), wrt="s")


S_ORD = [0.5, 0.3, -0.2, 0.1, 0.0]
S_TIE = [0.0, 0.0, 0.0, 0.0, 0.0]
S_UP = [2400.0, 1600.0, 0.0, 800.0, 0.0]  # every preference pair ahead by 800 or more
S_DOWN = [-2400.0, -1600.0, 0.0, -800.0, 0.0]  # every pair behind by 800 or more
S_MRR = [0.002, 0.001, 0.0, -0.001, 0.0005]  # s / T of order 1
Q = [1.0, 2.0, 0.5]
D0 = [0.0, 0.0, 0.0]
Q_MISS = [[0.2, 1.0], [1.0, 0.3], [0.7, 0.7]]  # queries nearer the wrong documents
Q_HIT = [[1.0, 0.1], [0.5, 0.9], [0.1, 1.0]]  # queries near their own documents: loss 3e-6


def bm25_k1_zero():  # k1 = 0: tf (k1 + 1) / (tf + 0) at tf = 0 is 0 / 0 for every b
    return {"k1": NAN, "b": NAN}


def idf_pole():  # (N - df + 0.5) = 0 at df = 5.5: log 0
    return {"df": [NAN]}


def bm25_tf_k1_zero():  # tf / tf: 0 / 0 at tf = 0; k1 and b multiply a 0 / 0 too
    return {"tf": [NAN, NAN, NAN], "k1": NAN, "b": NAN}


def tfidf_idf_pole():  # log(5 / df) at df[0] = 0; the others keep -c / df
    return {"df": [NAN, mpf(-1) / 2, mpf(-3) / 5]}


def cosine_zero_doc():  # q . d / (|q| |d|) at d = 0 is 0 / 0 for every q
    return {"q": [NAN] * 3, "d": [NAN] * 3}


def cosine_where_zero_doc():  # d = 0: cos jumps along every d[k] (d none); q keeps the guard's 0, which the
    return {"q": [mpf(0)] * 3, "d": [NAN] * 3}  # untaken dot / (|q| |d|) makes NaN at every precision: wrong


def ndcg_no_relevant():  # ideal DCG = 0: 0 / 0 for every s
    return {"s": [NAN] * 5}


def ndcg_guarded_no_relevant():  # the guard's 0 for every s
    return {"s": [mpf(0)] * 5}


def dcg_rank_zero():  # 7 / log2(1 + r[0]) at r[0] = 0: a pole; r[1] keeps -3 / ((1 + r) ln 2 log2(1 + r)^2) at r = 1
    return {"r": [NAN, -3 / (2 * log(2)), mpf(0)]}


ALL = [
    # BM25
    C("bm25", m_bm25, k1=1.2, b=0.75),
    C("bm25", m_bm25, dtype="float32", k1=1.2, b=0.75),
    C("bm25", m_bm25, k1=2.0, b=1.0),
    C("bm25", m_bm25, k1=1.2, b=0.0),
    H("bm25", bm25_k1_zero, "domain", k1=0.0, b=0.75),
    C("bm25_idf", m_bm25_idf, df=[0.0, 5.0]),
    C("bm25_idf", m_bm25_idf, dtype="float32", df=[0.0, 3.0, 5.0]),
    H("bm25_idf", idf_pole, "domain", df=[5.5]),
    C("bm25_idf_log1p", m_bm25_idf_log1p, df=[0.0, 5.0]),
    C("bm25_idf_log1p", m_bm25_idf_log1p, df=[5.5]),
    C("bm25_idf_floor", m_bm25_idf_floor, "domain", df=[0.0, 2.5, 5.0]),
    C("bm25_idf_floor", m_bm25_idf_floor, df=[0.0, 1.0, 5.0]),
    C("bm25_tf", m_bm25_tf, tf=[1.0, 2.0, 0.0], k1=1.2, b=0.75),
    C("bm25_tf", m_bm25_tf, tf=[0.0, 0.0, 0.0], k1=1.2, b=0.75),
    H("bm25_tf", bm25_tf_k1_zero, "domain", tf=[0.0, 0.0, 0.0], k1=0.0, b=0.75),
    # TF-IDF
    C("tfidf_sublinear", m_tfidf_sublinear, "domain", tf=[0.0, 1.0, 3.0]),
    C("tfidf_sublinear", m_tfidf_sublinear, tf=[2.0, 1.0, 3.0]),
    C("tfidf_sublinear_c1", m_tfidf_c1, "wrong", tf=[0.0, 2.0, 3.0], line="w = np.where(tf >= 1, 1 + np.log(tf), tf)"),
    C("tfidf_sublinear_c1", m_tfidf_c1, "wrong", dtype="float32", tf=[0.0, 2.0, 3.0]),
    C("tfidf_sublinear_c1", m_tfidf_c1, tf=[1.0, 2.0, 3.0]),  # the C1 join: slope 1 on both sides
    C("tfidf_sublinear_c1", m_tfidf_c1, tf=[0.5, 2.0, 3.0]),
    C("tfidf_sublinear_c1_safe", m_tfidf_c1, tf=[0.0, 2.0, 3.0]),
    C("tfidf_sublinear_c1_safe", m_tfidf_c1, tf=[1.0, 2.0, 3.0]),
    C("tfidf_idf", m_tfidf_idf, df=[1.0, 2.0, 5.0]),
    H("tfidf_idf", tfidf_idf_pole, "domain", df=[0.0, 2.0, 5.0]),
    C("tfidf_idf_smooth", m_tfidf_idf_smooth, df=[0.0, 2.0, 5.0]),
    # cosine similarity
    C("cosine", m_cosine, q=Q, d=[0.5, 0.1, 1.0]),
    C("cosine", m_cosine, q=Q, d=[2.0, 4.0, 1.0]),  # parallel: cos = 1
    H("cosine", cosine_zero_doc, "domain", q=Q, d=D0),
    C("cosine_eps", m_cosine_eps(), q=Q, d=[0.5, 0.1, 1.0]),
    C("cosine_eps", m_cosine_eps(D32), dtype="float32", q=Q, d=[0.5, 0.1, 1.0]),
    C("cosine_eps", m_cosine_eps(), "wrong", q=Q, d=D0),  # norm(d)'s rule at 0: 0 x inf
    C("cosine_eps_sqrt", m_cosine_eps(), "wrong", q=Q, d=D0,
      line="return np.dot(q, d) / (np.sqrt(np.sum(q * q)) * np.sqrt(np.sum(d * d)) + 1e-8)"),
    C("cosine_clamped", m_cosine_clamped(), "wrong", q=Q, d=D0),
    C("cosine_clamped", m_cosine_clamped(), q=Q, d=[0.5, 0.1, 1.0]),
    H("cosine_where", cosine_where_zero_doc, "wrong", q=Q, d=D0),
    # ListNet, ListMLE
    C("listnet", m_listnet, s=S_ORD),
    C("listnet", m_listnet, dtype="float32", s=S_ORD),
    C("listnet", m_listnet, s=S_TIE),
    C("listnet", m_listnet, "unstable", s=[1000.0, 0.0, 0.0, 0.0, -1000.0]),
    C("listnet_stable", m_listnet, s=[1000.0, 0.0, 0.0, 0.0, -1000.0]),
    C("listnet_stable", m_listnet, dtype="float32", s=[100.0, 0.0, 0.0, 0.0, -100.0]),
    C("listmle_cumsum", m_listmle, s=S_ORD),
    C("listmle_cumsum", m_listmle, "unstable", s=[800.0, 0.0, 0.0, 0.0, 0.0]),
    C("listmle_cumsum", m_listmle, "unstable", s=[0.0, 0.0, 0.0, 0.0, 800.0]),
    C("listmle_cumsum", m_listmle, "unstable", dtype="float32", s=[100.0, 0.0, 0.0, 0.0, 0.0]),
    C("listmle_shifted", m_listmle, s=S_ORD),
    C("listmle_shifted", m_listmle, "unstable", s=[800.0, 0.0, 0.0, 0.0, 0.0]),
    C("listmle_shifted", m_listmle, s=[0.0, 0.0, 0.0, 0.0, 800.0]),
    C("listmle_shifted", m_listmle, "unstable", s=[0.0, 0.0, 0.0, 0.0, -1000.0]),
    C("listmle_loop", m_listmle, s=S_ORD),
    C("listmle_loop", m_listmle, s=[800.0, 0.0, 0.0, 0.0, 0.0]),
    C("listmle_loop", m_listmle, s=[0.0, 0.0, 0.0, 0.0, -1000.0]),
    C("listmle_loop", m_listmle, "unstable", dtype="float32", s=[100.0, 0.0, 0.0, 0.0, 0.0]),  # s[0]: -1.5e-43 lost
    # RankNet, hinge, LambdaRank
    C("ranknet", m_ranknet, s=S_ORD),
    C("ranknet", m_ranknet, s=S_TIE),
    C("ranknet", m_ranknet, s=S_UP),
    C("ranknet", m_ranknet, "unstable", s=S_DOWN),
    C("ranknet", m_ranknet, "unstable", dtype="float32", s=[0.0, 0.0, 0.0, 100.0, 0.0]),
    C("ranknet_stable", m_ranknet, s=S_TIE),
    C("ranknet_stable", m_ranknet, s=S_DOWN),
    C("ranknet_stable", m_ranknet, s=S_UP),
    C("pair_hinge", m_hinge, s=S_ORD),
    C("pair_hinge", m_hinge, "domain", s=[1.0, 0.0, -1.0, 0.5, -0.5]),
    C("pair_hinge", m_hinge, "domain", dtype="float32", s=[1.0, 0.0, -1.0, 0.5, -0.5]),
    C("pair_hinge", m_hinge, "unstable", s=[0.3, -0.7, -2.0, -1.5, -3.0]),
    C("lambdarank", m_lambdarank, s=S_ORD),
    C("lambdarank", m_lambdarank, dtype="float32", s=S_ORD),
    C("lambdarank", m_lambdarank, "domain", s=[0.5, 0.5, -0.2, 0.1, 0.0]),
    C("lambdarank", m_lambdarank, "domain", s=[0.5, 0.3, 0.0, 0.1, 0.0]),
    C("lambdarank", m_lambdarank, "domain", s=S_TIE),
    # NDCG, DCG, MRR
    C("approx_ndcg", m_approx_ndcg(1), s=S_ORD),
    C("approx_ndcg", m_approx_ndcg(1), s=S_TIE),
    C("approx_ndcg", m_approx_ndcg(1), dtype="float32", s=S_ORD),
    C("approx_ndcg", m_approx_ndcg(1), "unstable", s=S_UP),
    C("approx_ndcg_sharp", m_approx_ndcg(D64(1e-3)), "unstable", s=S_ORD),
    C("approx_ndcg_sharp", m_approx_ndcg(D64(1e-3)), s=S_TIE),
    C("approx_ndcg_sharp_sigmoid", m_approx_ndcg(D64(1e-3)), "unstable", s=S_ORD),
    C("approx_ndcg_sharp_sigmoid", m_approx_ndcg(D64(1e-3)), s=S_TIE),
    LBL("ndcg_labels", [3, 2, 0, 1, 0], m_ndcg_labels([3, 2, 0, 1, 0]), s=S_ORD),
    LBL("ndcg_labels", [1, 1, 1, 1, 1], m_ndcg_labels([1, 1, 1, 1, 1]), s=S_ORD),
    LBL("ndcg_labels", [0, 0, 0, 0, 0], None, "domain", ndcg_no_relevant, s=S_ORD),
    LBL("ndcg_labels_guarded", [0, 0, 0, 0, 0], None, "wrong", ndcg_guarded_no_relevant, s=S_ORD),
    LBL("ndcg_labels_guarded", [3, 2, 0, 1, 0], m_ndcg_labels([3, 2, 0, 1, 0]), s=S_ORD),
    C("dcg_of_ranks", m_dcg_of_ranks, r=[1.0, 2.0, 3.0]),
    H("dcg_of_ranks", dcg_rank_zero, "domain", r=[0.0, 1.0, 2.0]),
    C("approx_mrr", m_approx_mrr(), s=S_MRR),
    C("approx_mrr", m_approx_mrr(), "unstable", s=S_ORD),
    C("approx_mrr", m_approx_mrr(), "unstable", s=[0.8, 0.3, -0.2, 0.1, 0.0]),
    C("approx_mrr_shifted", m_approx_mrr(), s=S_ORD),
    C("approx_mrr_shifted", m_approx_mrr(), s=[0.8, 0.3, -0.2, 0.1, 0.0]),
    C("approx_mrr_shifted", m_approx_mrr(D32), dtype="float32", s=S_MRR),
    # in-batch contrastive loss, temperature 0.01
    C("info_nce", m_info_nce, q=Q_MISS),
    C("info_nce", m_info_nce, "unstable", q=Q_HIT),
    C("info_nce", m_info_nce, dtype="float32", q=Q_MISS),
    C("info_nce_stable", m_info_nce, "unstable", q=Q_HIT),  # lse - z_ii = 3e-6 of two 99.5s
    C("info_nce_stable", m_info_nce, "unstable", q=[[1e-200, 1e-201], [5e-201, 9e-201], [1e-201, 1e-200]]),
]
