"""The twenty-fourth round of user trials, third part (tests/trials/cases24c.py, audit24c.toml): framework code
through the user's other entry points, sweeps, an audit spec with args = and leaves picked by wrt, the pytest
fixture and gradcli.check on pytrees, with the round's findings:

- X1: the softmax's entry picked inside the exp (``-log(exp(z[0]) / sum(exp(z)))``) was offered no log_softmax;
- A1: an audit's first finding of a swept case named a threshold inside one verdict's interval (wrong -> wrong, where
  only the bits lost change) before the one where the verdict changes;
- J1: the sweep's JSON (gradcli.sweep/1) did not say which framework the target was read as, as a check's does;
- P1: a plain NumPy function in a script that imports gradcli is read as gradcli code and fails on NumPy's own
  functions, with nothing saying framework='numpy' checks it unchanged;
- F1: a jump of 2e-9 (F.softplus's threshold written out) was told as "20 from the left and 20 from the right";
- T1: a sweep could not range over a number of a tree held from --args (params.a).

The whole set runs with ``python tests/trials/run.py lib24c``; here, a few cheap ones (NumPy alone), in the long mode
(`make trials`). The findings' classes are tested in every run by tests/test_trial_findings24c.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases24c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding X1: exp(z[0]) / sum(exp(z)) is the softmax's entry 0: log_softmax offered and re-checked ok
    "numpy_lib24c:softmax_xent_naive@z=[800,0,1]:float64",
    # a tree of parameters from --args, the whole tree picked by --wrt params
    "numpy_lib24c:poly_fit_loss@poly_fit_args:float64",
    "numpy_lib24c:log_cosh_naive@x=[711]:float64",
]
KNOWN_WRONG = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases24c, CHOSEN, KNOWN_WRONG)
