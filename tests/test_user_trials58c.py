"""The fifty-eighth round (c) of user trials (tests/trials/cases58c.py): issue 27's exact reference on Python
functions doing linear algebra with gradcli.numpy as libraries write it (det, slogdet, inv, solve, cholesky, eigh and
eigvalsh, svd's singular values, the norms with ord / axis, qr, matrix_power, traces of products, a Gaussian
log-likelihood through cholesky and solve, a Mahalanobis distance, log det (K + s^2 I), attention, Gram and cosine
matrices), at nearly singular matrices (condition 1e8 to 1e16), entries at 1e-300 / 1e300 / 5e-324, repeated
eigenvalues and singular values, rank-deficient matrices, 2x2 and 3x3, float64 and float32, judged against the
round's own mpmath truths at 2,000 digits. Here, cheap cases: the sum of squared eigenvalues at a tie (3, 3) of a 3x3
(a symmetric function: ok, d/dA = 2 A on the lower triangle eigh reads); the largest eigenvalue of 2 I (a tie: a kink,
domain); an eigenvector's entry at 2 I (undefined: domain); a Gaussian log-likelihood at K = diag(1e-300, 1e300)
whose exact d/dK00 is -6.2e282 where float64's chain gives 0 (unstable); the nuclear norm of a rotation, its two
singular values tied (ok, d/dA = A / |col|).
And the round's finding, mended: G1, the smallest singular value of the rank-2 [[1, 1, 1], [1, 1, 1], [1, 1,
2]] had no exact reference (mpmath's svd leaves its zero singular value as noise of the working precision, which
never settles): the exact rank of the entries makes it an exact 0, so it is domain, a kink in A[0:2, 0:2] and slope
0 elsewhere.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases58c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases58c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib58c:eig_sumsq@A=[[2.0,1.0,0.0],[1.0,2.0,0.0],[0.0,0.0,3.0]]:float64":
        "sum of eigh(A)'s squared eigenvalues at eigenvalues 1, 3, 3: tr S^2 keeps its derivative at the tie, 2 A on "
        "the lower triangle eigh reads (below the diagonal doubled, above it an exact 0): ok",
    "lib58c:eig_max@A=[[2.0,0.0],[0.0,2.0]]:float64":
        "eigvalsh(A)[-1] at 2 I: the top eigenvalue of a tied pair alone is a kink (max(t, 0) along A[0, 0]): domain, "
        "NaN in the lower triangle, 0 above",
    "lib58c:eig_proj@A=[[2.0,0.0],[0.0,2.0]]:float64":
        "v[0, 0]^2 of eigh's first eigenvector at 2 I: an eigenvector of a repeated eigenvalue is undefined: domain",
    "lib58c:gauss_ll@K=[[1e-300,0.0],[0.0,1e+300]],x=[1e-150,1e+150]:float64":
        "a Gaussian log-likelihood through cholesky and solve at K = diag(1e-300, 1e300), x = [1e-150, 1e150]: the "
        "exact d/dK00 = (x0^2 - K00) / (2 K00^2) = -6.2e282 (1e-150^2 is not 1e-300 in binary), float64's 0: unstable",
    "lib58c:nuclear@A=[[0.6,-0.8],[0.8,0.6]]:float64":
        "sum of svd(A, compute_uv=False) at a rotation (singular values tied): a symmetric function of them, d/dA = "
        "U V^T = A / sqrt(0.6^2 + 0.8^2) as float64 holds them: ok",
    "lib58c:sv_min@A=[[1.0,1.0,1.0],[1.0,1.0,1.0],[1.0,1.0,2.0]]:float64":
        "G1, mended: the smallest singular value of a rank-2 3x3 is an exact 0 by the entries' rank (mpmath's svd "
        "leaves noise of the working precision there, which never settles): domain, a kink in A[0:2, 0:2] where the "
        "null vectors meet, slope 0 in the third row and column",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases58c, CHOSEN)
