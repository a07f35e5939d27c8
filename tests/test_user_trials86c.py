"""The eighty-sixth round (c) of user trials (tests/trials/cases86c.py): acoustics, audio levels and signal metrics
written with gradcli.numpy (tests/trials/lib86c.py): sound pressure level at silence, with an epsilon floor on the RMS
and on the mean square, where p^2 underflows; the decibel sum of levels by powers of ten (float32 overflow at 400 dB,
float64 at 3100 dB, underflow and subnormals below) and by logsumexp; A-weighting's rational response at f = 0, 1 kHz
(float32 loses the value's cancellation) and subnormal f^4; SNR and SI-SDR at a perfect estimate, a silent reference
and an orthogonal estimate, with and without epsilons; spectral flatness at a zero bin (by logs and by a product);
the log-spectral distance at P = Q; Sabine and Eyring at no and at full absorption; the mel scale, its inverse
beyond the dtype's range, and the round trip at 1e-20 Hz; crest factor at a tie of peaks and at silence; RMS
normalisation; librosa's power_to_db at its top_db switch; mu-law companding at a zero sample; a tanh soft clipper at
g = 0 and small g; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts. No finding is open: every case agrees.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases86c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases86c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib86c:level_sum@L=[400.0,390.0]:float32":
        "10 log10(sum 10^(L/10)) at 400 dB in float32: 10^40 overflows, inf / inf: unstable",
    "lib86c:level_sum_lse@L=[400.0,390.0]:float32":
        "the same sum by logsumexp(L ln10 / 10) / (ln10 / 10): ok, its slopes softmax(c L) with float32's c",
    "lib86c:a_weight_db@f=1000.0:float32":
        "A-weighting at 1 kHz in float32: 20 log10(R_A) + 2 = -1.99986 + 2 = 1.4e-4 dB cancels: unstable",
    "lib86c:spectral_flatness@P=[0.0,2.0,0.5,4.0]:float64":
        "spectral flatness at a zero bin: the value 0 whatever the other bins (slopes 0), the zero bin's P^(1/N - 1) "
        "infinite: domain",
    "lib86c:eyring@V=200.0,S=150.0,alpha=1.0:float64":
        "Eyring at alpha = 1: V / (S ln 0) = 0 for every V and S, but the chain rule gives S's 0 as inf / inf = NaN: "
        "wrong",
    "lib86c:mu_law@x=[0.0,0.5]:float64":
        "mu-law sign(x) ln(1 + mu |x|) / ln(1 + mu) at a zero sample: smooth, slope 45.99; sign's and abs's rules "
        "give 0: wrong",
    "lib86c:power_to_db@S=[100000000.0,1.0,0.5]:float64":
        "librosa's power_to_db with a bin exactly top_db below the top: the floor switches there: domain",
    "lib86c:soft_clip@x=0.5,g=1e-09:float64":
        "tanh(g x) / tanh(g) at g = 1e-9: the g-slope's two 5e8 paths cancel to 0 where it is 2.5e-10: unstable",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases86c, CHOSEN)
