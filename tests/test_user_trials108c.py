"""The hundred-and-eighth round (c) of user trials (tests/trials/cases108c.py): remote sensing and radiative transfer
written with gradcli.numpy (tests/trials/lib108c.py): spectral indices (NDVI at nir = red = 0 and at subnormal
reflectances, its masked forms, EVI's 1 + ... denominator cancelling to 0, SAVI's L keeping 0 / 0 away, NBR and dNBR),
top-of-atmosphere reflectance pi L d^2 / (E cos sza) at sza = 90 deg (np.deg2rad's exact pi / 180: a pole; np.pi by
hand: cos(pi_d / 2) = 6.1e-17, finite), Beer-Lambert exp(-tau / mu) at mu = 0, tau = 0, mu = 1e-300 and float32's
subnormal exp(-100), the inverse Planck brightness temperature (log1p and log(1 + ...)) at L = 0, 1e-300, 1e-290 and
1e100-1e300, Landsat's K2 / log(K1 / L + 1), Rayleigh and aerosol optical depth, the Angstrom exponent at l1 = l2 and at
adjacent doubles, two-stream and Kubelka-Munk albedo at omega = 1 and 1 - 1e-12 and at large optical depth, a
conservative cloud albedo at tau = 1e200, split-window SST at theta = 90, dark-object subtraction's np.maximum ties,
the Ross-Thick kernel's hot spot through a clipped arccos, Cox-Munk glint at subnormal densities, and a retrieval's
Gaussian log-likelihood, summed and as the log of a product.

Chosen here: cheap cases that show the round's kinds of verdicts. The round has no open finding (cases108c's docstring
says what was observed). The whole set runs case by case through the CLI as tests/trials/run.py does (cases108c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases108c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib108c:ndvi@nir=0.0,red=0.0:float64":
        "NDVI (n - r) / (n + r) on a black pixel: 0 / 0: domain",
    "lib108c:savi@nir=0.0,red=0.0:float32":
        "SAVI's + L keeps the same pixel finite: slopes +-3: ok",
    "lib108c:evi@nir=0.5,red=0.0,blue=0.2:float64":
        "EVI's nir + 6 red - 7.5 blue + 1 is -8.3e-17 at the doubles, computed 0: value inf: unstable",
    "lib108c:toa_reflectance@sza=90.0,L=80.0,d=1.0167,esun=1536.0:float64":
        "cos(np.deg2rad(90)): deg2rad's pi / 180 is exact, cos(pi / 2) = 0: a pole the program's 6.1e-17 hides: domain",
    "lib108c:transmittance@tau=0.3,mu=0.0:float64":
        "exp(-tau / mu) at mu = 0: 0 for every tau (slope 0), computed 0 * -inf: wrong",
    "lib108c:planck_bt@L=1e+200,lam=1.09e-05:float64":
        "the inverse Planck function at a huge radiance: divide's rule overflows beside an underflowed c1 / (lam^5 L)^2: "
        "unstable",
    "lib108c:angstrom_where@tau1=0.3,tau2=0.15,l1=0.55,l2=0.55:float64":
        "np.where(l1 != l2, -log(t1 / t2) / log(l1 / l2), 0) at l1 = l2: the taus keep slope 0, the unselected x / 0 "
        "leaks NaN: wrong",
    "lib108c:kubelka_munk@tau=2.0,omega=0.999999999999:float64":
        "Kubelka-Munk near conservative scattering: b = sqrt(1 / w^2 - 1) cancels, the slope in w 1e-4 off: unstable",
    "lib108c:dark_object@L=5.0,Ldark=5.0:float64":
        "dark-object subtraction np.maximum(L - Ldark, 0) at the tie: domain",
    "lib108c:ross_thick_clipped@sza=0.2245819397993311,vza=0.2245819397993311,phi=0.0:float64":
        "Ross-Thick's hot spot where cos^2 + sin^2 rounds to 1 + 2^-52: the clip's slope 0 stops arccos's NaN: ok",
    "lib108c:cox_munk@zx=1.48,zy=0.0,W=0.0:float64":
        "Cox-Munk glint at a steep slope: exp(-730) = 1.5e-317 is subnormal, 22 bits: unstable",
    "lib108c:loglik_naive@tau=3.0,rho_s=0.05:float64":
        "log of a product of Gaussian densities at residuals of 80 sigma: exp(-3200) = 0, log(0): unstable",
}
KNOWN_WRONG = {}  # no open finding in this round
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases108c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
