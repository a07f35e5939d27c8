"""A user's code on gradcli.numpy, round 74c: information retrieval and learning to rank as ranking code writes it on
tiny lists (BM25 and its idf variants, TF-IDF with sublinear tf and its guards, cosine similarity of a query and a
zero document, ListNet, ListMLE by a reversed cumulative logsumexp, RankNet, a pairwise hinge, LambdaRank-style
|delta NDCG| weights, NDCG with smooth ranks, DCG's discount, a softmax-based approximate MRR and an in-batch
contrastive loss), checked at ordinary scores, ties, huge gaps, zero documents, sharp temperatures and all-zero
relevance labels."""

import gradcli.numpy as np

# a tiny corpus: five documents, three query terms (term 0 in no document: df = 0; term 2 in every one: df = N)
N_DOCS = 5
TF = np.array([[0.0, 2.0, 1.0], [0.0, 0.0, 3.0], [0.0, 1.0, 1.0], [0.0, 0.0, 2.0], [0.0, 4.0, 1.0]])
DF = np.array([0.0, 3.0, 5.0])
DOC_LEN = np.array([100.0, 50.0, 200.0, 80.0, 120.0])
AVGDL = np.mean(DOC_LEN)
IDF_DATA = np.log(N_DOCS / np.array([1.0, 3.0, 2.0]))  # a second collection's df for the tf-idf functions

# graded relevance of five documents for one query, and the preference pairs (i above j) they imply
REL = np.array([3.0, 2.0, 0.0, 1.0, 0.0])
PERM = np.argsort(-REL, kind="stable")  # the true order, best first
PAIRS_I = np.array([i for i in range(5) for j in range(5) if REL[i] > REL[j]])
PAIRS_J = np.array([j for i in range(5) for j in range(5) if REL[i] > REL[j]])
IDEAL_DCG = np.sum((2.0 ** np.sort(REL)[::-1] - 1) / np.log2(np.arange(2, 7)))

D_EMB = np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]])  # three unit document embeddings (in-batch negatives)


# --- BM25 and TF-IDF --------------------------------------------------------------------------------------------------

def bm25(k1, b):
    """BM25 scores of the five documents, read out as their sum (tuning k1 and b)."""
    idf = np.log((N_DOCS - DF + 0.5) / (DF + 0.5))
    norm = k1 * (1 - b + b * DOC_LEN / AVGDL)
    scores = np.sum(idf * TF * (k1 + 1) / (TF + norm[:, None]), axis=1)
    return np.sum(scores)


def bm25_idf(df):
    """The Robertson-Sparck Jones idf, negative for a term in every document."""
    return np.sum(np.log((N_DOCS - df + 0.5) / (df + 0.5)))


def bm25_idf_log1p(df):
    """Lucene's idf: log(1 + (N - df + 0.5) / (df + 0.5)), never negative."""
    return np.sum(np.log1p((N_DOCS - df + 0.5) / (df + 0.5)))


def bm25_idf_floor(df):
    """The idf floored at 0 (a term in over half the documents scores nothing)."""
    return np.sum(np.maximum(np.log((N_DOCS - df + 0.5) / (df + 0.5)), 0.0))


def bm25_tf(tf, k1, b):
    """One document's BM25 score with its term frequencies as inputs."""
    idf = np.log1p((N_DOCS - DF + 0.5) / (DF + 0.5))
    return np.sum(idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * 100.0 / AVGDL)))


def tfidf_sublinear(tf):
    """Sublinear tf 1 + log(tf), 0 where the term is absent."""
    w = np.where(tf > 0, 1 + np.log(tf), 0.0)
    return np.sum(w * IDF_DATA)


def tfidf_sublinear_c1(tf):
    """1 + log(tf) above one occurrence, tf below it (the two meet with slope 1 at tf = 1)."""
    w = np.where(tf >= 1, 1 + np.log(tf), tf)
    return np.sum(w * IDF_DATA)


def tfidf_sublinear_c1_safe(tf):
    """The same with log's argument guarded too."""
    w = np.where(tf >= 1, 1 + np.log(np.where(tf >= 1, tf, 1.0)), tf)
    return np.sum(w * IDF_DATA)


def tfidf_idf(df):
    """tf-idf with idf = log(N / df), the document's tf fixed."""
    return np.sum(np.array([2.0, 1.0, 3.0]) * np.log(N_DOCS / df))


def tfidf_idf_smooth(df):
    """scikit-learn's smooth idf: log((1 + N) / (1 + df)) + 1."""
    return np.sum(np.array([2.0, 1.0, 3.0]) * (np.log((1 + N_DOCS) / (1 + df)) + 1))


# --- cosine similarity ------------------------------------------------------------------------------------------------

def cosine(q, d):
    return np.dot(q, d) / (np.linalg.norm(q) * np.linalg.norm(d))


def cosine_eps(q, d):
    return np.dot(q, d) / (np.linalg.norm(q) * np.linalg.norm(d) + 1e-8)


def cosine_eps_sqrt(q, d):
    return np.dot(q, d) / (np.sqrt(np.sum(q * q)) * np.sqrt(np.sum(d * d)) + 1e-8)


def cosine_clamped(q, d):
    """As torch's cosine_similarity: the product of norms clamped below at eps."""
    return np.dot(q, d) / np.maximum(np.linalg.norm(q) * np.linalg.norm(d), 1e-8)


def cosine_where(q, d):
    """0 for an empty document."""
    nd = np.linalg.norm(d)
    return np.where(nd > 0, np.dot(q, d) / (np.linalg.norm(q) * nd), 0.0)


# --- listwise losses --------------------------------------------------------------------------------------------------

def listnet(s):
    """ListNet's top-one cross-entropy, the model's softmax written out."""
    p_true = np.exp(REL) / np.sum(np.exp(REL))
    p_model = np.exp(s) / np.sum(np.exp(s))
    return -np.sum(p_true * np.log(p_model))


def listnet_stable(s):
    p_true = np.exp(REL) / np.sum(np.exp(REL))
    return -np.sum(p_true * (s - np.logsumexp(s)))


def listmle_cumsum(s):
    """ListMLE: sum over positions of logsumexp(remaining scores) - score, by a reversed cumulative sum of exp."""
    t = s[PERM]
    lse = np.log(np.cumsum(np.exp(t[::-1])))[::-1]
    return np.sum(lse - t)


def listmle_shifted(s):
    """The same shifted by the maximum score."""
    t = s[PERM]
    m = np.max(t)
    lse = np.log(np.cumsum(np.exp(t[::-1] - m)))[::-1] + m
    return np.sum(lse - t)


def listmle_loop(s):
    """The same by a loop of logaddexp from the last position up."""
    t = s[PERM]
    acc = t[4]
    loss = acc - t[4]
    for i in range(3, -1, -1):
        acc = np.logaddexp(acc, t[i])
        loss = loss + acc - t[i]
    return loss


# --- pairwise losses --------------------------------------------------------------------------------------------------

def ranknet(s):
    """RankNet: log(1 + exp(-(s_i - s_j))) over the preference pairs."""
    diff = s[PAIRS_I] - s[PAIRS_J]
    return np.sum(np.log(1 + np.exp(-diff)))


def ranknet_stable(s):
    diff = s[PAIRS_I] - s[PAIRS_J]
    return np.sum(np.logaddexp(0.0, -diff))


def pair_hinge(s):
    """A margin-1 pairwise hinge over the preference pairs."""
    diff = s[PAIRS_I] - s[PAIRS_J]
    return np.sum(np.maximum(0.0, 1.0 - diff))


def lambdarank(s):
    """RankNet's pair losses weighted by |delta NDCG| of swapping the pair in the current ranking."""
    order = np.argsort(-s, kind="stable")
    ranks = np.argsort(order, kind="stable") + 1.0
    gain = 2.0 ** REL - 1
    disc = 1.0 / np.log2(1.0 + ranks)
    i, j = PAIRS_I, PAIRS_J
    delta = np.abs((gain[i] - gain[j]) * (disc[i] - disc[j])) / IDEAL_DCG
    return np.sum(delta * np.logaddexp(0.0, -(s[i] - s[j])))


# --- NDCG, DCG, MRR ---------------------------------------------------------------------------------------------------

def smooth_ranks(s, T, sig):
    diff = (s[None, :] - s[:, None]) / T
    return 1.0 + np.sum(sig(diff), axis=1) - sig(0.0 * s)  # the j = i term, sig(0), taken back out


def naive_sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def approx_ndcg(s):
    """ApproxNDCG (Qin et al.) at temperature 1, the sigmoid written out."""
    r = smooth_ranks(s, 1.0, naive_sigmoid)
    return np.sum((2.0 ** REL - 1) / np.log2(1.0 + r)) / IDEAL_DCG


def approx_ndcg_sharp(s):
    """The same at temperature 1e-3."""
    r = smooth_ranks(s, 1e-3, naive_sigmoid)
    return np.sum((2.0 ** REL - 1) / np.log2(1.0 + r)) / IDEAL_DCG


def approx_ndcg_sharp_sigmoid(s):
    r = smooth_ranks(s, 1e-3, np.sigmoid)
    return np.sum((2.0 ** REL - 1) / np.log2(1.0 + r)) / IDEAL_DCG


def ndcg_labels(s, labels):
    """ApproxNDCG for the labels given, its ideal DCG from them."""
    r = smooth_ranks(s, 1.0, np.sigmoid)
    gain = 2.0 ** labels - 1
    ideal = np.sum(np.sort(gain)[::-1] / np.log2(np.arange(2.0, 2.0 + len(gain))))
    return np.sum(gain / np.log2(1.0 + r)) / ideal


def ndcg_labels_guarded(s, labels):
    """0 for a query with no relevant document."""
    r = smooth_ranks(s, 1.0, np.sigmoid)
    gain = 2.0 ** labels - 1
    ideal = np.sum(np.sort(gain)[::-1] / np.log2(np.arange(2.0, 2.0 + len(gain))))
    return np.where(ideal > 0, np.sum(gain / np.log2(1.0 + r)) / ideal, 0.0)


def dcg_of_ranks(r):
    """DCG with the ranks given (1-based)."""
    return np.sum((2.0 ** REL[:3] - 1) / np.log2(1 + r))


def approx_mrr(s):
    """A softmax-based reciprocal rank: the softmax(s / T) mass on the relevant document (T = 1e-3)."""
    e = np.exp(s / 1e-3)
    return e[0] / np.sum(e)


def approx_mrr_shifted(s):
    z = s / 1e-3
    e = np.exp(z - np.max(z))
    return e[0] / np.sum(e)


# --- in-batch contrastive loss ----------------------------------------------------------------------------------------

def info_nce(q):
    """Queries (3 x 2) against their documents, the other documents as negatives, temperature 0.01."""
    qn = q / np.linalg.norm(q, axis=1, keepdims=True)
    logits = qn @ D_EMB.T / 0.01
    return np.mean(-np.log(np.exp(np.diagonal(logits)) / np.sum(np.exp(logits), axis=1)))


def info_nce_stable(q):
    qn = q / np.linalg.norm(q, axis=1, keepdims=True)
    logits = qn @ D_EMB.T / 0.01
    return np.mean(np.logsumexp(logits, axis=1) - np.diagonal(logits))
