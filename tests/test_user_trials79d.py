"""The seventy-ninth round (d) of user trials (tests/trials/cases79d.py): the losses of models that predict their own
uncertainty, as JAX (jax_lib79d), PyTorch (torch_lib79d), TensorFlow (tf_lib79d) and plain NumPy (np_lib79d) code
writes them: a heteroscedastic Gaussian NLL with a predicted log-variance at -800 / +800 and with the variance by
softplus at -40 (library, hand-written, + 1e-6), F.gaussian_nll_loss's eps clamp, Seitzer's beta-NLL, a Laplace NLL
at a zero residual, deep evidential regression's Normal-Inverse-Gamma NLL (nu = 0, nu = 1e-300, alpha = 1e17, a
softplus head at -800) and its evidence regulariser at y = gamma, evidential classification's digamma loss and KL to
the uniform Dirichlet at alpha = 1, a Beta NLL at p = 0 and 1 (log, xlogy, clipped), the expected calibration error at
a bin edge and at a calibrated bin, temperature scaling at T -> 0, MC dropout's mean + std at zero variance, quantile
regression's crossing penalty at a tie, a mixture density network with one sigma -> 0; float64 and float32.

Chosen here, cheap cases: the Gaussian NLL at log_var = -800 with a zero residual (exp(800) overflows, 0 * inf: the
value -400 and slopes 0, 0.5 become NaN: unstable); MC dropout's mean + np.std at zero variance (w[0] keeps its slope
1.6, sqrt'(0) * 0 makes it NaN: wrong); the ECE with a confidence on a bin edge between two occupied bins (the value
jumps: domain); F.gaussian_nll_loss below its eps clamp (the clamp under no_grad passes a slope where the function is
flat: wrong); the evidential KL at alpha = 1 with relu evidence at its kink (both sides 0 at the KL's minimum: ok);
temperature scaling by log(softmax(z / T)) at T = 1e-3 (softmax underflows: unstable); an MDN component with
log_sigma = -800 (its weight e^-(1e694) times 0 * inf: NaN where the slopes are 0: unstable); the quantile crossing
penalty at a tie (domain).
The round found nothing wrong in gradcli (KNOWN_WRONG is empty); every case of the round runs with
`python tests/trials/run.py`.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases79d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib79d:gauss_nll@mu=[1.3,0.1,0.4],log_var=[-800.0,0.2,1.0]:float64":
        "0.5 (log_var + (y - mu)^2 exp(-log_var)) at log_var = -800 with y = mu: exactly -400 + ..., slopes 0 (mu) and "
        "0.5 (log_var); exp(800) overflows and 0 * inf gives NaN: unstable",
    "np_lib79d:mc_ucb@w=[0.0,0.0,0.0]:float64":
        "mean + np.std of four dropout passes at w = 0 (every pass 0): w[0]'s feature is kept in every pass, so it "
        "moves no spread and keeps the mean's slope 1.6, which sqrt'(0) * 0 makes NaN; w[1], w[2] have a kink: wrong",
    "np_lib79d:ece@conf=[0.95,0.33,0.5,0.45,0.55,0.15]:float64":
        "the expected calibration error with a confidence on the bin edge 0.5 and a neighbour in each bin: moving it "
        "up changes the bins' gaps, a jump: conf[2] has no derivative, the others keep -1/6 or 1/6: domain",
    "torch_lib79d:gaussian_nll_builtin@mu=[0.3,0.1,0.4],var=[1e-08,1.2,2.0]:float64":
        "F.gaussian_nll_loss with var[0] = 1e-8 below eps = 1e-6: the loss uses max(var, eps), flat in var[0] (slope "
        "0), but the clamp is made in place under no_grad, so PyTorch gives the unclamped formula's slope: wrong",
    "jax_lib79d:edl_kl@z=[0.0,2.0,0.0]:float64":
        "the KL of the label-removed Dirichlet to the uniform one at alpha = 1, with alpha = relu(z) + 1 at relu's "
        "kink: the KL's gradient is 0 at its minimum, so both sides are 0: ok",
    "jax_lib79d:temp_nll_naive@z=[2.0,1.0,0.5],T=0.001:float64":
        "temperature scaling as -log(softmax(z / T))[1] at T = 1e-3: softmax(z / T)[1] = e^-1000 underflows to 0, the "
        "value 1000 comes out inf: unstable (log_softmax is ok there)",
    "jax_lib79d:mdn_nll@logit_pi=[0.2,-0.1,0.5],mu=[0.0,1.0,0.4],log_sigma=[-0.3,-800.0,0.1]:float64":
        "a mixture density network whose component 1 has log_sigma = -800 and y != mu: its weight is e^-(1e694), its "
        "slopes 0; sigma underflows, z = inf, and the logsumexp's 0 weight times -z = -inf gives NaN: unstable",
    "np_lib79d:quantile_loss@q=[0.7,0.7]:float64":
        "pinball losses plus the crossing penalty max(q_lo - q_hi, 0) at a tie q_lo = q_hi: relu's kink in both: "
        "domain",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases79d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
