"""The sixtieth round (c) of user trials (tests/trials/cases60c.py): issue 27's exact reference on Python functions
with complex intermediates and FFTs, written with gradcli.numpy as signal-processing and physics code writes them,
every loss real (power spectra, magnitude and phase losses, cepstra, autocorrelation and convolution by FFT, fft2, a
Hann window, |z|, |z|^2, log |z|, np.angle, arctan2, hypot, Re / Im of complex log and sqrt, rotations by
e^{i theta}, an array factor), at empty bins, on the branch cut, at 0, at 1e-300 / 1e300 / 5e-324 entries and prime
lengths, float64 (complex128) and float32 (complex64), judged against the round's own mpmath truths at 2,000 digits
(DFTs written out as sums). Here, cheap cases: np.angle of fft(x)[1] where that bin is exactly -1 (a jump across the
cut: domain, d/dx0 = d/dx2 = 0 exactly, d/dx1 and d/dx3 none); np.angle(-1 - 0j) (signed zero is the same point:
domain); the spectral flatness at [1, 1, 1, 1], smooth (O(t^(4/3))) though the chain rule's log 0 leaks NaN at every
precision (wrong, exact gradient 0); the energy sum real(X)^2 + imag(X)^2 at 1e-300 (ok: F1's contrast); the array
factor |sum e^{i theta}| at theta = [0, 2 pi/3, 4 pi/3], whose 1e-16 sum float64 holds as rounding (unstable).
F1, mended: np.abs of a complex array lost its gradient where |g| |z| underflows (the rule multiplied before it
divided), and at a subnormal |z| NumPy's complex division overflowed. F2, mended: Re of complex log and sqrt at
points on an axis had no exact reference (balls had no complex log or sqrt; mpmath's leaves noise).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases60c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases60c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib60c:phase1@x=[0.0,0.0,1.0,0.0]:float64":
        "np.angle(fft(x)[1]) where the bin is exactly -1 + 0i: a jump across the negative real axis in x1 and x3 "
        "(no derivative), the bin stays on the axis along x0 and x2 (slope 0): domain",
    "lib60c:zangle@x=-1.0,y=-0.0:float64":
        "np.angle(x + 1j y) at (-1, -0.0): float64 says -pi, the point is the same as (-1, +0): domain, d/dx = 0, "
        "d/dy none",
    "lib60c:flatness@x=[1.0,1.0,1.0,1.0]:float64":
        "the spectral flatness exp(mean log P) / mean P with two empty rfft bins: O(t^(4/3)), smooth, exact gradient "
        "0, while the chain rule's log 0 gives NaN at every precision: wrong",
    "lib60c:power_reim@x=[1e-300,2e-300,-1e-300,3e-300]:float64":
        "sum real(X)^2 + imag(X)^2 of fft(x) at 1e-300: Parseval's 8 x exactly, ok (F1's energy without np.abs)",
    "lib60c:array_factor@theta=[0.0,2.0943951023931953,4.1887902047863905]:float64":
        "|sum e^{i theta}| at three phasors that cancel: the exact S is 1e-16 and float64's S is its rounding, so the "
        "slopes' direction is lost: unstable",
    "lib60c:zabs_sq@x=1e-200,y=1e-200:float64":
        "F1, mended: np.abs(x + 1j y) ** 2 at (1e-200, 1e-200): the complex abs rule divides z by |z| before the "
        "product with g (ops_rules._phase), so 2e-200 each where g conj(z) underflowed to 0: ok",
    "lib60c:autocorr1@x=[1e-200,2e-200,3e-200,4e-200]:float64":
        "F1, mended: the autocorrelation irfft(|rfft x|^2)[1] at [1, 2, 3, 4] * 1e-200: [6e-200, 4e-200, 6e-200, "
        "4e-200], ok",
    "lib60c:zlog_re@x=2.0,y=0.0:float64":
        "F2, mended: Re(np.log(x + 1j y)) at z = 2: log |z| + i arctan2(y, x) on balls (arb_complex._log), d/dy = 0 "
        "proven: ok, (1/2, 0)",
    "lib60c:zsqrt_re@x=4.0,y=0.0:float64":
        "F2, mended: Re(np.sqrt(x + 1j y)) at z = 4: sqrt((|z| + x) / 2) on balls (arb_complex._sqrt): ok, (1/4, 0)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases60c, CHOSEN)
