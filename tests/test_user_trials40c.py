"""The fortieth round (c) of user trials (tests/trials/cases40c.py): issue 27's classes on Python functions written
against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in linear algebra and in domains not tried
before (a qubit's von Neumann entropy by eigvalsh at the maximally mixed state, 1e-300 from it and 2^-53 from a pure
state; a thermal free energy by expm and by eigvalsh with logsumexp at +-800; Kirchhoff's spanning trees by slogdet
and det at 1e+-200; the algebraic connectivity at and beside a triple eigenvalue; PageRank, a stationary law and a
ruin time by solve; a continuous-time chain by expm at t = 800 and 3000; a Gaussian process by Cholesky at length
scales 1e-300, 1e150 and 1e300; a bivariate normal by slogdet and solve beside inv and det; spectral and nuclear norms
at ties and rank drops; sort, cumsum, prod and softmax at ties, subnormals and overflow), float32 and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases40c.ALL; cases40c.CRASHING alone,
never in a batch); here, the cases the CPU budget allows. What the round taught about its own truths: a tie float64
makes where the point has none (eigenvalues 1/2 +- 5e-301, e^5e-324 = 1 in a softmax's max) is `unstable`, not a
kink; float64's 0.6 and 0.8 put a "pure" Bloch vector 4.4e-17 outside the ball (domain); float64's expm answers a
slope of -e^-600/2 with 0 and one of -e^-2250/2 with 1.4e-17 (unstable, the paths' sum cancelling).

Findings (gradcli bugs), F1-F5 mended in the same session and held here as chosen cases:
F1 the exact reference's rational slogdet/solve (`autodiff/mp.py` `_fractions`) shifted 1 by an entry's binary
   exponent: e^-5e599 aborted GMP or exhausted memory (tests/test_exact_linalg_far_exponents.py).
F2 a bivariate normal by slogdet and solve whose d/ds is an exact 0 that balls bound below 2^-32736 without proving
   it: float64's 2e-8 there fails any tolerance against the bound, yet the point was `error`
   (tests/test_bound_judges_the_program.py).
F3 inv and solve of an exactly singular matrix (a pole of (A^-1)_00, a chain with no unique stationary law) were
   `error` ("the exact reference failed: ZeroDivisionError"), where README's LinAlgError rule, and slogdet, give
   `domain` (tests/test_exactly_singular_domain.py).
F4 a misspelt --wrt with integer-looking --at numbers was told as "nothing to differentiate: ... every argument here
   is [an integer]", not as the misspelt name (tests/test_trial_findings26a.py).
F5 cond([[1, t], [t, 1]]) = (1 + |t|)/(1 - |t|) at t = 0 (equal singular values, the larger over the smaller: a kink,
   slopes -2 and 2) was `ok` with an exact 0, as was s[0]/s[-1] by svd; the function is even in t, so every central
   difference is 0. The upper eigenvalue 1 + |t| by eigvalsh was `error` there, not the kink it is
   (tests/test_spectrum_at_a_tie.py).
F6 (messages only, no verdict moved) a Gaussian process by Cholesky and solve_triangular at a length scale of
   1e-300 was told "where() did not select the branch ... leaks through where": the program has no where (the value is
   finite because e^-inf = 0; solve_triangular's own triangle mask is the where meant; mended,
   tests/test_no_where_leak_in_a_mask.py); an eigh rule's "computes array(3, 3) where the exact value is array(3, 3)"
   now names the entry off the most and its two numbers (mended in the next session,
   tests/test_rule_finding_names_its_worst_entry.py); eigh's rule's own where at the user's eigvalsh line is named as
   "where in the gradient of linalg.eigh", and no longer offers its branches' accuracy ("inputs accurate to 1.0e+00")
   as what flipped its condition.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases40c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib40c:von_neumann_entropy@r=[0,0]:float64":
        "the maximally mixed qubit: a repeated eigenvalue that -sum xlogy(l, l) treats alike, slopes a proven 0",
    "gn_lib40c:largest_share@z=[5e-324,0,0]:float64":
        "e^5e-324 = 1 puts float64 on a tie the point is not on: unstable, slopes [2/9, -1/9, -1/9], no kink",
    "gn_lib40c:stay_probability@t=800:float64":
        "expm's slope -e^-600/2 = -1.3e-261 answered 0 by float64: unstable at the user's expm line",
    "gn_lib40c:log_spanning_trees_det@w=[1e-200,1e-200,1e-200]:float64":
        "det = 3e-400 underflows under log: unstable at its line, slogdet offered and re-checked ok",
    "gn_lib40c:nuclear_norm@a=[[1,0],[0,0]]:float64":
        "a rank drop is a kink in a[1,1] alone; the other entries' slopes 1, 0, 0",
    "gn_lib40c:mvn_logpdf@x=[1e-8,2e-8],s=1e-8:float64":
        "F2: d/ds is exactly 0, bounded below 2^-32736 by balls; float64's 2e-8 is off any number in the bound: "
        "unstable, the slopes said as their bound",
    "gn_lib40c:gp_log_marginal_solve@theta=[1e-300,0.1]:float64":
        "F1: e^-5e599 in a solve: no fraction of it is made, the verdict is unstable where l^2 underflows",
    "gn_lib40c:inverse_corner@t=[1]:float64": "F3: (A^-1)_00 = 1/(1 - t^2) at its pole: domain at the inv line",
    "gn_lib40c:mvn_logpdf@x=[3,1],s=2:float64": "F4: --wrt sigma is named, whatever the numbers' type",
    "gn_lib40c:condition_number@t=[0]:float64": "F5: cond = (1 + |t|)/(1 - |t|): a kink at t = 0, slopes -2 and 2",
    "gn_lib40c:coupled_top_level@t=[0]:float64": "F5: the upper eigenvalue 1 + |t|: a kink at t = 0",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases40c, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
