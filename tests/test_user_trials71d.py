"""The seventy-first round (d) of user trials (tests/trials/cases71d.py): audio and spectral losses as users write them
in JAX (jax_lib71d), PyTorch (torch_lib71d), TensorFlow (tf_lib71d) and plain NumPy (np_lib71d) on 8- and 16-sample
signals: log-power spectra and decibels (amplitude_to_DB by hand, top_db), magnitudes by abs of a complex FFT and by
sqrt / hypot of re and im at a silent signal and a pure tone's empty bins (the cone of |z| at 0), phases by arctan2 /
angle at an empty bin, spectral convergence and log-STFT L1 (framed by slicing, torch.stft, tf.signal.stft; Hann
windows) at an identical estimate, Parallel WaveGAN's multi-resolution STFT loss, a log-mel energy by a fixed matrix,
an autocorrelation by irfft(|rfft|^2) at silence, SI-SDR (bare, with eps, asteroid's) at a perfect estimate and a
silent reference, mu-law companding at 0 (cases71d.ALL; see its docstring for the counts; F1 and F2 mended since).
Here, cheap cases: JAX's mu-law at x = 0 (smooth, slope 255 / ln 256, the sign and abs rules give 0: wrong), sum |rfft|
at a pure tone (empty bins: the cone, domain), SI-SDR with eps at a perfect estimate (the ref slope 1 - |s|^2 /
(|s|^2 + eps) cancels: unstable), torchaudio's top_db floor at a pure tone (ok), the lag-1 autocorrelation at silence
(0 / 0: domain), PyTorch's torch.angle of an impulse's bin in float32 (ok), spectral convergence through
torch.stft's overlapping frames at an identical estimate (domain), NumPy's mu-law at 0 named at its switches (wrong).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases71d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases71d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "jax_lib71d:mu_law@x=[0.0,0.5,-0.25]:float64":
        "sign(x) log1p(255 |x|) / log1p(255) at x = 0: differentiable, slope 255 / ln 256 = 45.99 from both sides; "
        "jnp.sign's and jnp.abs's rules give 0: wrong at the user's line",
    "jax_lib71d:magnitude_sum@x=[1.0,0.0,-1.0,0.0,1.0,0.0,-1.0,0.0]:float64":
        "sum |rfft x| of cos(pi n / 2): every bin but 2 is exactly 0, the cone of |z|: domain in every sample",
    "jax_lib71d:si_sdr_eps@est=[0.3,-0.7,0.2,0.9,-0.4,0.1,-0.8,0.5],ref=[0.3,-0.7,0.2,0.9,-0.4,0.1,-0.8,0.5]:float64":
        "SI-SDR with eps at a perfect estimate: the ref's slope (~1e-8) is 2s(1 - |s|^2 / (|s|^2 + eps)), two paths "
        "through alpha * ref cancelling: unstable at that line",
    "torch_lib71d:db_top80@x=[1.0,0.0,-1.0,0.0,1.0,0.0,-1.0,0.0]:float64":
        "amplitude_to_DB with top_db = 80 at a pure tone: the empty bins floored at max - 80, which moves with the "
        "tone's bin: ok",
    "jax_lib71d:autocorr_coef@x=[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0]:float64":
        "r[1] / r[0] by irfft(|rfft x|^2) at silence: 0 / 0, no limit: domain",
    "torch_lib71d:spectral_convergence_abs@est=[0.3,-0.7,0.2,0.9,-0.4,0.1,-0.8,0.5],ref=[0.3,-0.7,0.2,0.9,-0.4,0.1,-0.8,0.5]:float64":
        "torch.stft's overlapping frames (hop 2 of 8: as_strided reads shared places, a gather) at an identical "
        "estimate: ||S - S'|| is a cone at 0: domain (F1, mended)",
    "np_lib71d:mu_law@x=[0.0,0.5,-0.25]:float64":
        "plain NumPy's mu-law at 0 on gradcli's own rules: wrong, named at its line with abs and sign at their "
        "switch (F2, mended)",
    "torch_lib71d:bin_angle@x=[1.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0]:float32":
        "torch.angle of an impulse's bin 1 (= 1 + 0i): slope -sin(2 pi n / 8) through the imaginary part: ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases71d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
