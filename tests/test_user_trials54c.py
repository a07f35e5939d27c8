"""The fifty-fourth round (c) of user trials (tests/trials/cases54c.py): a probe of issue 27's classes on array and
linear-algebra code written with gradcli.numpy and as plain NumPy: softmax / log-softmax with keepdims, temperature
scaling at 1e-300 / 1e300, attention at scores +-1131 and 1e-300, matrix norms (fro, 1, inf, 2, nuc), slogdet / det /
inv / solve / Cholesky log-determinants, eigvalsh / eigh at repeated and 1e-300-split eigenvalues, singular values,
matrix_power at 1e-300, fancy indexing, masks, sort-based top-k, median / percentile at ties, cumsum / cumprod,
where, einsum, matmul residuals, cross products, polyval at a double root, interp, convolve, clip with array bounds,
in float64 and float32. Here, cheap cases: attention's slopes along k's equal columns at scores +-1131 proven 0
(2,000 digits of cancellation would give 2e-2001); softmax(x / T) at T = 1e-300, divide's x / T^2 overflowing under
an upstream 0 (unstable, with slopes e^-5e299 / 1e-300 by their digits); the nuclear norm at a repeated singular
value 1e-300 (no kink: ok); the top two's sum at a tie (no kink: ok); the trace of a 1e-300 matrix cubed (slopes
3e-600 by their digits: ok).
And the round's finding: np.add.at(out, indices, values) on an array the function made, in a gradcli.numpy module,
refused with a message saying gradcli follows exactly that statement (it does in a plain NumPy module only); the
message now says so and names the rewrite, which the case writes.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases54c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases54c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "sm_lib54c:attention@q=[[800,-800],[1,0]],k=[[1,1],[-1,1]],v=[[1,2],[3,4]]:float64":
        "sum(W * softmax(q k^T / sqrt 2) v) at scores 0 / -1131: q's slopes along k's equal columns are 0 exactly "
        "(dS_00 + dS_01 = 0), proven, where a 2,000-digit 1 - (1 - e^-1131) leaves 2e-2001: ok",
    "sm_lib54c:softmax_temp@x=[1,0.5,0],t=1e-300:float64":
        "softmax(x / T)[0] at T = 1e-300: the exact slopes e^-5e299 / 1e-300 by their digits, while divide's slope "
        "-g x / T^2 forms inf (1 / 1e-600) under g = 0: a NaN of overflow, unstable",
    "sm_lib54c:norm_nuc@a=[[1e-300,0],[0,1e-300]]:float64":
        "the nuclear norm at a repeated singular value 1e-300: no kink there (U V^T = I), ok",
    "ix_lib54c:top2_sum@x=[1,1,0]:float64":
        "sort(x)[-1] + sort(x)[-2] at a tie of the top two: their sum is smooth, slopes (1, 1, 0): ok",
    "la_lib54c:trace_cube@a=[[1e-300,2e-300],[3e-300,4e-300]]:float64":
        "trace(matrix_power(A, 3)) at 1e-300 entries: slopes 3 (A^2)^T ~ 1e-600 by their digits, float64's 0 their "
        "rounding: ok",
    "ix_lib54c:add_at_sq@x=[1e-300,2e-300,5e-324]:float64":
        "F1, mended in its words: np.add.at's statement cannot write a traced value in gradcli.numpy code (followed in "
        "a plain NumPy module); the message now says so and names out + np.bincount(indices, weights=values, "
        "minlength=out.size), which this case writes: ok (tests/test_plainmp59_ufunc_methods.py)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases54c, CHOSEN)
