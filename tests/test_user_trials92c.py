"""The ninety-second round (c) of user trials (tests/trials/cases92c.py): thermodynamics and equations of state written
with gradcli.numpy (tests/trials/lib92c.py): the van der Waals pressure near V = b and in reduced form at Vr = 1/3, the
Peng-Robinson alpha at T = Tc and T = 0, a cubic's largest root by Viete's formula at a double root (and clipped), the
ideal-gas entropy as p -> 0, Antoine and Clausius-Clapeyron vapour pressures at their poles, mixing entropy with a mole
fraction 0 (xlogy, written out, by where), a regular solution's Gibbs energy at x = 0, 1/2, 1, the Einstein and Debye
heat capacities at small and large theta / T, Planck's law (exp - 1, expm1, e^-x), the Carnot efficiency and COP,
the log-mean temperature difference at dT1 = dT2 (as written, with log1p, guarded by where), the virial departure Z - 1,
an enthalpy with a melting step, and NASA polynomials; float64 and float32.

Chosen here: seven cheap cases that show the round's kinds of verdicts, and the cases of its two findings, open: F1,
gradcli.numpy.polyval answers float64 for float32 inputs (NumPy's keeps float32), so a float32 check evaluates the
polynomial and everything after it in float64: `ok` where the NumPy program loses 1.3% of Z - 1 (the same polynomial
written out is `unstable`), and the exact reference reads the constants after it (R) as doubles; F2, the same for
gradcli.numpy.heaviside. The whole set runs case by case through the CLI as tests/trials/run.py does (cases92c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases92c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib92c:virial_departure@rho=1e-05,b=[0.01,-0.1,1.0]:float32":
        "np.polyval(b, rho) - 1.0 in float32: NumPy's polyval keeps float32 and loses 1.3% of Z - 1: unstable (F1, "
        "mended: gradcli's polyval answered float64 and the check said ok)",
    "lib92c:vdw_reduced@Tr=1.0,Vr=0.3333333333333333:float64":
        "the reduced van der Waals pressure at Vr = the double of 1/3: 3 Vr - 1 is -5.6e-17, but 3.0 * Vr rounds "
        "to 1.0 and the program returns inf for -1.4e17: unstable",
    "lib92c:pr_alpha@T=0.0,Tc=304.13,omega=0.225:float64":
        "the Peng-Robinson alpha at T = 0: T has no left side and an infinite slope; Tc's exact slope 0 (sqrt(0 / Tc) "
        "= 0 for every Tc) comes out inf * 0 = NaN: wrong",
    "lib92c:cubic_largest_root@b=-6.0,c=9.0,d=-4.0:float64":
        "Viete's formula at roots 1, 1, 4: the arccos argument is exactly 1 and every coefficient moves it past 1 on "
        "one side, where the formula has no real value: domain",
    "lib92c:ideal_gas_entropy@T=350.0,p=1e-303,Cp=37.1:float64":
        "the ideal-gas entropy at p = 1e-303: p's slope -R / p = -8.3e303 holds in float64, but -R / (p / p0) "
        "overflows on the way: unstable",
    "lib92c:lmtd_guarded@dT1=20.0,dT2=20.0:float64":
        "the LMTD guarded by where at dT1 = dT2: the mean, slopes 1/2 and 1/2, but the unselected 0 / 0 leaks NaN: "
        "wrong",
    "lib92c:planck_reduced_expm1@x=1e-09:float64":
        "Planck's x^3 / expm1(x) at x = 1e-9: no digits lost: ok",
    "lib92c:einstein_cv_stable@T=3000000.0,theta=300.0:float64":
        "the Einstein heat capacity with expm1 at x = 1e-4: the value keeps its digits, but the slope of the flat "
        "function is two 2 / x's cancelling: unstable",
}

KNOWN_WRONG = {}  # F1 and F2 mended: gradcli.numpy computes polyval and heaviside in NumPy's dtype
SYMPTOMS = {case_id: "returned float64 at lib92c.py:" for case_id in KNOWN_WRONG}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases92c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
