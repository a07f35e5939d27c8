"""The hundred-and-fifteenth round (c) of user trials (tests/trials/cases115c.py): radar, antennas and wireless
communications written with gradcli.numpy (tests/trials/lib115c.py): decibels at P = 0 and at subnormal powers, dBm
to watts past float32, path loss at d = 0 (f keeping its slope), the radar equation's R^4 overflowing float32, Shannon's
capacity at SNR = 1e-20 (log2(1 + x) against log1p), SINR at a zero denominator, water-filling's ties, BPSK's BER at
Eb/N0 = 0 and its log past erfc's underflow, fading outage at small x (expm1), CA-CFAR's threshold at N = 1e9 (expm1
saves the value, not N's slope), the array factor's 0 / 0 at the main lobe (and guarded by where), sinc beams, the
polarisation loss at 90 deg, a soft-max beam selection, noise cascades, attenuation in dB through exp, and hand-written
rules (right, slipped, a slip hidden at p = 1, TFP's form).

Chosen here: cheap cases that show the round's kinds of verdicts. Known wrong: none (no finding this round; see
cases115c's docstring). The whole set runs case by case through the CLI as tests/trials/run.py does (cases115c.ALL)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases115c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib115c:to_db@p=0.0:float64":
        "10 log10(P) at P = 0: -inf, an infinite slope: domain",
    "lib115c:to_db@p=1e-320:float64":
        "10 log10(P) at a subnormal P: the slope 4.3e320 is past float64: domain",
    "lib115c:dbm_to_w@dbm=420.0:float32":
        "1e39 W past float32 beside a slope 2.3e38 float32 holds: unstable",
    "lib115c:power_sum_dbm@a=-3300.0,b=-3300.0:float64":
        "two powers added in dBm through 10^(a/10): underflow, log10(0): unstable",
    "lib115c:power_sum_dbm_stable@a=-3300.0,b=-3300.0:float64":
        "the same through logaddexp: ok",
    "lib115c:fspl_db@d=0.0,f=2400000000.0:float64":
        "free-space loss in dB at d = 0: a pole in d, f keeping 20 / (f ln 10): domain",
    "lib115c:radar_power@pt=1000000.0,g=1000.0,lam=0.03,sigma=1.0,r=10000000000.0:float32":
        "the radar equation's R^4 = 1e40 overflowing float32: unstable",
    "lib115c:cfar_alpha_expm1@n=1000000000.0,pfa=1e-06:float64":
        "CA-CFAR's N expm1(-ln Pfa / N) at N = 1e9: N's slope still cancels: unstable",
    "lib115c:capacity@b=1000000.0,snr=1e-20:float64":
        "B log2(1 + SNR) at SNR = 1e-20: B's slope lost: unstable",
    "lib115c:capacity_log1p@b=1000000.0,snr=1e-20:float64":
        "the same through log1p: ok",
    "lib115c:waterfill_power@mu=1.0,n=[0.2,1.0,1.5]:float64":
        "water-filling's level on a channel's floor: max's tie: domain",
    "lib115c:ber_bpsk@ebn0=0.0:float64":
        "BPSK's 0.5 erfc(sqrt(Eb/N0)) at 0: sqrt's infinite slope at its end: domain",
    "lib115c:log_ber_bpsk@ebn0=800.0:float64":
        "the log of BPSK's BER past erfc's underflow: unstable",
    "lib115c:outage_rayleigh_expm1@x=1e-10,mean=1.0:float32":
        "Rayleigh outage through expm1 at a small threshold in float32: ok",
    "lib115c:array_factor@psi=0.0,n=8.0:float64":
        "the array factor's 0 / 0 at the main lobe: domain",
    "lib115c:array_factor_guarded@psi=0.0,n=8.0:float64":
        "the same guarded by where: the idle 0 / 0 leaks NaN into exact slopes 0: wrong",
    "lib115c:sinc_beam@u=1.0:float64":
        "NumPy's sinc at its first null: slope -1 (pi exact): ok",
    "lib115c:pol_loss@theta=90.0:float64":
        "cos^2(deg2rad(90)): the loss's minimum, slope 0: ok",
    "lib115c:softmax_beam@g=[100.0,99.0,50.0],t=1.0:float32":
        "a soft-max beam selection's exp(100) in float32: inf / inf: unstable",
    "lib115c:db_rule_slip@p=2.0:float64":
        "a hand-written dB rule forgetting ln 10: wrong, the rule named",
    "lib115c:clipped_power_slip@p=1.0:float64":
        "a slipped clipping rule whose slip multiplies by p = 1: ok there",
}

KNOWN_WRONG = {}  # case id -> the finding, open (none this round)
SYMPTOMS = {}  # case id -> words of the finding's output

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases115c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
