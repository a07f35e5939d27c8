"""The thirteenth round of user trials, first half (tests/trials/cases13a.py): scientific-ML and probabilistic losses
as research code writes them (a physics-informed residual, RK4 steps, a triangular flow, pinball and Huber losses,
von Mises likelihoods, mixtures, causal attention, Student-t and Cauchy likelihoods, Box-Cox and Yeo-Johnson,
moving averages, ridge and pinv regressions, eigh), in JAX and in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib13a numpy_lib13a``; here, a few per user file. Finding L2 (np.log of a constant was float64 in the exact
run) is fixed; its case lives in tests/test_exact_constants_of_library_ops.py.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases13a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # scipy.stats.t.logpdf with a datum at the location: z = 0 sizes the high-precision path's extra digits
    "numpy_lib13a:student_t_nll@mu=0.5,scale=2:float64",
    # a where patching Box-Cox's removable singularity at lambda = 0 with a safe branch: the value is right, the
    # slope 0 is not (the truth is log(x)^2/2): the rule is wrong
    "jax_lib13a:box_cox_expm1@lam=0:float64",
    # pinball's max at r = 0 is a kink with slopes q - 1 and q
    "numpy_lib13a:pinball@y=2,yhat=2:float64",
    # the first query's softmax row has one unmasked entry: its weight is exactly 1, its derivative exactly 0
    "numpy_lib13a:causal_attention@causal_args:float64",
    # i0e's corner at kappa = 0 is a kink (`domain`); d/dmu there is a 0 a proof through i0e gives
    "jax_lib13a:von_mises_nll@kappa=0,mu=0.2:float64",
    # angles 0, a, 2a: d/dtheta1 is 0 by sin(2a) cos(a) - cos(2a) sin(a) = sin(a), which the proof of 0 sees as
    # constants a and 2a are multiples of one unit
    "jax_lib13a:circular_variance@theta=[0,2.0943951023931953,4.1887902047863905]:float64",
    # the sum of a degenerate eigenvalue pair by np.linalg.eigvalsh is the trace less the simple one: d/de = 0
    "numpy_lib13a:top_two_sum@d=2,e=0:float64",
    # finding L6: the top eigenvector's first entry squared of [[a, b], [b, a]] has slope 0 in b by the symmetry,
    # which atoms for the vector left unproven (no verdict): the vector is s P e_r / sqrt(P_rr), its slope R dA v
    "jax_lib13a:top_eigvec@a=1,b=1e-9,c=1:float64",
]
BY_ID = {case.id: case for case in cases13a.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases13a, CHOSEN)


def test_the_judge_fails_a_slope_of_zero_at_the_box_cox_patch():
    """The tester tested: the where-patched Box-Cox judged `ok` with the program's own slope 0 as the exact one
    (what a reference that takes the selected branch's derivative would say) is caught twice over."""
    case = BY_ID["jax_lib13a:box_cox_expm1@lam=0:float64"]
    said = {"results": [{"status": "ok", "findings": [], "exact_gradient": {"lam": 0.0}}]}
    problems = judge.judge(case, 0, json.dumps(said), "")
    assert any(p.startswith("verdict ok") for p in problems)
    assert any(p.startswith("lam[0]") for p in problems)
