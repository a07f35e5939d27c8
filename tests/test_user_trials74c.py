"""The seventy-fourth round (c) of user trials (tests/trials/cases74c.py): information retrieval and learning to rank
written with gradcli.numpy (tests/trials/lib74c.py): BM25 and its idf at df = 0, N and N + 0.5, TF-IDF's sublinear tf
guarded by np.where at tf = 0, cosine similarity of a zero document (bare, + eps, clamped, guarded), ListNet, ListMLE by
a reversed cumsum of exp, shifted and by logaddexp at gaps of 800, RankNet at ties and gaps of 800, a pairwise hinge at
its margin, LambdaRank's |delta NDCG| weights at ties, ApproxNDCG at T = 1e-3, NDCG with all-zero labels, DCG at rank 0,
a softmax approximate MRR and InfoNCE at temperature 0.01 (cases74c.ALL: 97 cases; F1 mended since).
Here, cheap cases: the C1 sublinear tf at tf = 0 (the untaken log leaks NaN: wrong, its line named), cosine + eps at a
zero document by sqrt (sqrt's rule at 0: wrong, its line named), ListMLE shifted by the max at a gap of -1000 (exp
underflows, log 0: unstable) and by logaddexp (ok), the hinge at 0.3 - (-0.7) (rounded onto the margin: unstable),
LambdaRank at a tie (domain, the others' slopes kept) and the guarded NDCG at all-zero labels (wrong).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases74c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases74c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib74c:tfidf_sublinear_c1@tf=[0.0,2.0,3.0]:float64":
        "np.where(tf >= 1, 1 + log(tf), tf) at tf = 0: the exact slope idf = 1.609 comes out NaN from the untaken "
        "log's 0 x inf at every precision: wrong, the user's line named",
    "lib74c:cosine_eps_sqrt@q=[1.0,2.0,0.5],d=[0.0,0.0,0.0]:float64":
        "q . d / (|q||d| + 1e-8) at a zero document: smooth, slope q / eps = [1e8, 2e8, 5e7], but sqrt's rule at 0 "
        "gives NaN: wrong, the user's line named",
    "lib74c:listmle_shifted@s=[0.0,0.0,0.0,0.0,-1000.0]:float64":
        "ListMLE's reversed cumsum of exp(t - max) with the last document 1000 below: exp underflows, log 0: unstable",
    "lib74c:listmle_loop@s=[0.0,0.0,0.0,0.0,-1000.0]:float64":
        "the same by a loop of np.logaddexp: ok",
    "lib74c:pair_hinge@s=[0.3,-0.7,-2.0,-1.5,-3.0]:float64":
        "max(0, 1 - (s_i - s_j)) with the doubles 5.6e-17 inside the margin (slopes -1, 1) but 0.3 + 0.7 rounded to 1: "
        "maximum's tie gives -0.5, 0.5: unstable",
    "lib74c:lambdarank@s=[0.5,0.5,-0.2,0.1,0.0]:float64":
        "|delta NDCG| (ranks by argsort) times RankNet's pair losses at a tie of labels 3 and 2: the tied entries jump, "
        "the others keep their slopes: domain",
    "lib74c:ndcg_labels_guarded@s=[0.5,0.3,-0.2,0.1,0.0],labels=[0,0,0,0,0]:float64":
        "np.where(ideal > 0, dcg / ideal, 0) with all labels 0: the slopes are 0, the untaken 0 / 0 leaks NaN: wrong",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases74c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
