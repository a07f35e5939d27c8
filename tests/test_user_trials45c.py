"""The forty-fifth round (c) of user trials (tests/trials/cases45c.py): issue 27's classes on Python functions written
against gradcli.numpy and gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on statistical physics and
information geometry: the Langevin and Brillouin functions at 1e-300, 1e-8, 800 and 1e5 and behind a series switch (a
jump of 2.1e-25 on the switch itself), a paramagnet's magnetisation, Fermi-Dirac occupancy at (e - mu)/kT = +-800,
-1e4 and -1e300 (slopes of e^-800, 1.1e-4339 and 10^(-4.3e299) by their digits), its log, custom -f(1 - f) rules right
and with the sign slipped, Bose-Einstein's log(1 - e^-x), Debye's integrand, Cohen's inverse Langevin and the
Marko-Siggia force near full extension, the Gaussian KL at coincident Gaussians (proven zeros, and NaN where the
dtype squares 1e-300 or 5e-324 to 0), a VAE's KL, the Renyi entropy as alpha -> 1 (a slope of 3.6e-644 with a
subnormal outcome), Bregman divergences at coincident points, the Airy pattern by j1 and a slit by sinc, Yeo-Johnson
and the Tsallis q-logarithm as their parameters reach 0/0; kinks as the point's own (|m|^3 and max(m, 0)^2 smooth
through their switches, |m| + m^2 not); float32, formulas and input errors.

The whole set runs case by case through the CLI (cases45c.ALL): 172 cases, every one passed; the exact reference was
right at every point and so was every verdict. The round's one finding was in a message, held below by a test of its
own (the judge reads no entry index, so it cannot be a KNOWN_WRONG case), and mended (the entry a rule's finding shows
is one off by more than its dtype's rounding; a forward op off by as much as the gradient, an expit underflowed in that
entry alone, is named first where no backward op is; a subnormal rounded right is said to be one:
tests/test_provenance_entries_and_origins.py):

F1 a custom rule's inaccurate-gradient finding names an entry float64 rounds right: fermi_rule at
   x = [800, -800, 0, 720, 3] is rightly `unstable` (SciPy's expit gives 0 at -720, where float64 holds 2.03e-313, so
   the rule's -f (1 - f) is -0 for -2.03e-313 at entry 3), but its one finding reads "the gradient rule of _fermi_rule
   computes -0.0 (entry [0] of 5) where the exact value is -3.667874584e-348: relative error 1.0e+00": entry 0's -0 is
   float64's correct rounding of -3.7e-348. `provenance._worst_entry_text` takes the first entry of the largest
   relative error, and a 0 for a value below the dtype's least subnormal counts as a full error. Its float32 face:
   expit in float32 at 100 is named with "the gradient rule of sigmoid computes 3.783505853677006e-44 where the exact
   value is 3.720075976e-44: relative error 1.7e-02", where 3.78e-44 is float32's rounding of 3.72e-44.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases45c  # noqa: E402

from test_user_trials import _run, round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib45c:fermi_dirac_expit@e=0,mu=1,kt=1e-300:float64":
        "slopes of 10^(-4.3e299) right by their digits; the quotient's rule squaring kT = 1e-300 to 0: unstable, named",
    "gn_lib45c:fermi_rule_slipped@x=[800]:float64":
        "a custom rule's slipped sign judged by its digits (3.7e-348 for -3.7e-348) where float64 holds both as 0",
    "gn_lib45c:renyi_entropy_p@p=[5e-324,0.5,0.5],alpha=2:float64":
        "a subnormal outcome: the collision entropy's slope in alpha 3.6e-644, float64's 0 its rounding, ok",
    "gn_lib45c:kl_gauss_ratio@m1=0,s1=5e-324,m2=0,s2=5e-324:float64":
        "coincident Gaussians: proven-zero slopes, the one in s2 NaN where the quotient's rule squares 5e-324: "
        "unstable",
    "gn_lib45c:langevin_series@x=0.001:float64":
        "on the series switch the two branches differ by 2.1e-25: a jump, no derivative, domain",
    "numpy_lib45c:yeo_johnson_boxcox1p@y=1.5,lam=0:float64":
        "SciPy's boxcox1p is Box-Cox itself: smooth through lambda = 0, its slope log^2(1 + y)/2",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases45c, CHOSEN, run_elsewhere=("gn_lib45c:fermi_rule@x=[800,-800,0,720,3]:float64",))

F1_CASE = "gn_lib45c:fermi_rule@x=[800,-800,0,720,3]:float64"


def test_a_rules_finding_names_the_entry_that_lost_its_digits():
    """fermi_rule at [800, -800, 0, 720, 3]: unstable for entry 3 (-0 for -2.03e-313, which float64 holds), never for
    entries 0 and 1, whose -0 is the rounding of -3.7e-348."""
    case = {c.id: c for c in cases45c.ALL}[F1_CASE]
    code, out, err = _run(case)
    result = json.loads(out)["results"][0]
    assert result["status"] == "unstable"
    messages = " ".join(f.get("message") or "" for f in result["findings"])
    assert "entry [0]" not in messages and "entry [1]" not in messages, messages
    assert "entry [3]" in messages or "2.03" in messages, messages
