"""The thirty-eighth trial set (first part): in JAX, item response theory (a 2PL item by jax.nn.log_sigmoid and by
the log of a hand-written sigmoid at an ability of -800, where e^800 overflows; a 3PL item whose guessing floor keeps
the log finite, and with no floor; a Rasch test's likelihood over items by jax.vmap; a hand-written log-sigmoid
behind custom_jvp rules right and with the sign of its slope slipped; a 2PL test fitted from a parameter tree with
an ability vector, --wrt by path; one hand-written gradient-ascent step; Elo's expected score by 10^(d/400) at a gap
of 160,000 points, where the power overflows, and by a sigmoid; Glicko's g(RD) at RD = 0 and 1e200, where RD^2
overflows), real gases (van der Waals' pressure and compressibility, exactly at the covolume, a pole, and at
V = 1e300; the molar volume at a pressure by Newton in lax.fori_loop and lax.while_loop, behind custom_vjp implicit
rules right and with the temperature slope's sign forgotten; the fugacity coefficient), rocketry (Tsiolkovsky's
delta-v by the log of a mass ratio that rounds to 1 for 1e-13 kg of propellant and by log1p; the propellant a small
delta-v takes by 1 - exp and by expm1; staged delta-v by lax.scan; drag 10,000 km up, where the density underflows;
a jitted burn to the last kilogram, a pole), galaxy light profiles (a Sersic profile at its centre, where R^(1/4)
has no slope and R^1 has one; its total luminosity by gammaln and by a product whose b^(2n) overflows; the
enclosed light by gammainc, differentiated in its order) and Poisson regression (by exp of a linear predictor at
800, by jax.scipy.stats.poisson.logpmf at a rate that underflows to 0, by a softplus link whose log underflows, and
from a parameter tree). In plain NumPy and SciPy the same as legacy code writes them (scipy.special.expit, a
likelihood filled into an array in a loop, np.where guarding the covolume, Newton in a while loop on float() of the
step, scipy.special.gammainc and gammaln, scipy.stats.poisson.logpmf).

Truths are the mathematics written here in mpmath (closed forms, implicit slopes at roots from mpmath.findroot, or
mpmath.diff at 2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are the
numbers the dtype holds, constants the numbers the program writes. A coordinate with no derivative is NaN.
"""

import functools
import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib38a.py", "numpy_lib38a.py"
NAN = mpmath.nan


def _sig(z):
    return 1 / (1 + mpmath.exp(-z))


def _k(value, dtype):
    """A constant the program writes, as the dtype holds it (JAX takes a Python float into the array's dtype)."""
    return _in(dtype, [value])[0]


def ng(function, dtype="float64", **point):
    """num_grad of a restatement whose constants are taken into the dtype."""
    return num_grad(functools.partial(function, dtype=dtype), dtype, **point)


def _only(names, truth):
    return lambda: {k: v for k, v in truth().items() if k in names}


def _fixed(values):
    return lambda: {k: (mp(v) if not isinstance(v, mpmath.mpf) else v) for k, v in values.items()}


# --- item response theory --------------------------------------------------------------------------------------------

RESPONSES = [1, 0, 1, 1, 0]
DIFFICULTY = [_f(v) for v in (-1.0, 0.5, 0.0, -0.5, 1.5)]


def _item_2pl(theta, a, b):
    return mpmath.log(_sig(a * (theta - b)))


def _item_3pl(theta, a, b, c):
    return mpmath.log(c + (1 - c) * _sig(a * (theta - b)))


def _rasch(theta):
    return sum(mpmath.log(_sig(theta - d)) if r else mpmath.log(_sig(d - theta)) for r, d in zip(RESPONSES, DIFFICULTY))


def _after_step(theta):
    step = _f(0.5) * sum(r - _sig(theta - d) for r, d in zip(RESPONSES, DIFFICULTY))
    return _rasch(theta + step)


FIT_RESPONSES = [[1, 0, 1], [1, 1, 0], [0, 0, 1]]
FIT_DIFFICULTY = [_f(v) for v in (-0.5, 0.3, 1.1)]


def _fit_loss(log_a, shift, thetas):
    a, total = mpmath.exp(log_a), 0
    for row, theta in zip(FIT_RESPONSES, thetas):
        for r, d in zip(row, FIT_DIFFICULTY):
            z = a * (theta - d - shift)
            total -= mpmath.log(_sig(z)) if r else mpmath.log(_sig(-z))
    return total


def _rasch_fit():
    def truth():
        at = {"log_a": _f(0.2), "shift": _f(-0.1), "thetas": [_f(0.4), _f(1.2), _f(-0.7)]}

        def along(name, k=None):
            def f(v):
                args = dict(at)
                if k is None:
                    args[name] = v
                else:
                    args[name] = [v if i == k else t for i, t in enumerate(at[name])]
                return _fit_loss(**args)
            return mpmath.diff(f, at[name] if k is None else at[name][k])
        return {"params.log_a": along("log_a"), "params.shift": along("shift"),
                "params.theta": [along("thetas", k) for k in range(3)]}
    return hp(truth)


def _elo(ra, rb):
    return 1 / (1 + mpmath.power(10, (rb - ra) / 400))


def _elo_sigmoid(ra, rb, dtype="float64"):
    return _sig((ra - rb) * _k(math.log(10.0), dtype) / 400)


def _glicko(rd):
    q = _f(math.log(10.0) / 400.0)
    return 1 / mpmath.sqrt(1 + 3 * q ** 2 * rd ** 2 / mpmath.pi ** 2)


# --- real gases ------------------------------------------------------------------------------------------------------

def _gas(dtype):
    """R (L bar / mol K), CO2's a and b as the dtype holds them."""
    return _k(0.08314, dtype), _k(3.64, dtype), _k(0.04267, dtype)


def _pressure(V, T, dtype="float64"):
    R_GAS, A_VDW, B_VDW = _gas(dtype)
    return R_GAS * T / (V - B_VDW) - A_VDW / V ** 2


def _z(V, T, dtype="float64"):
    return _pressure(V, T, dtype) * V / (_gas(dtype)[0] * T)


def _ln_fugacity(V, T, dtype="float64"):
    R_GAS, A_VDW, B_VDW = _gas(dtype)
    RT = R_GAS * T
    return B_VDW / (V - B_VDW) - 2 * A_VDW / (RT * V) - mpmath.log(_pressure(V, T, dtype) * (V - B_VDW) / RT)


def _volume(P, T, dtype):
    R_GAS, _, B_VDW = _gas(dtype)
    return mpmath.findroot(lambda V: _pressure(V, T, dtype) - P, R_GAS * T / P + B_VDW)


def _volume_slopes(P, T, dtype="float64", scale=None):
    """dV/dP = 1 / (dp/dV), dV/dT = -(dp/dT) / (dp/dV) at the root; with scale, of scale / V."""
    def truth():
        (p,), (t,) = _in(dtype, [P]), _in(dtype, [T])
        V = _volume(p, t, dtype)
        R_GAS, A_VDW, B_VDW = _gas(dtype)
        dp_dv = -R_GAS * t / (V - B_VDW) ** 2 + 2 * A_VDW / V ** 3
        slopes = {"P": 1 / dp_dv, "T": -(R_GAS / (V - B_VDW)) / dp_dv}
        if scale is not None:
            slopes = {k: -_k(scale, dtype) / V ** 2 * v for k, v in slopes.items()}
        return slopes
    return hp(truth)


# --- rocketry --------------------------------------------------------------------------------------------------------

G0 = _f(9.80665)


def _delta_v(isp, dry, propellant, dtype="float64"):
    return isp * _k(9.80665, dtype) * mpmath.log((dry + propellant) / dry)


def _propellant(dv, wet):
    return wet * (1 - mpmath.exp(-dv / (300 * G0)))


def _staged(masses, dtype="float64"):
    above, total = mp(1), 0
    for m in reversed(masses):
        wet = above + _k(1.1, dtype) * m
        total += mpmath.log(wet / (above + _k(0.1, dtype) * m))
        above = wet
    return _k(320.0 * 9.80665, dtype) * total


def _drag(h, v):
    return _f(0.5) * _f(1.225) * mpmath.exp(-h / 8500) * v ** 2 * _f(0.5)


def _burnout(thrust, burn):
    return thrust / _f(2.5) * mpmath.log(1000 / (1000 - _f(2.5) * burn))


# --- galaxy light profiles -------------------------------------------------------------------------------------------


def _b_program(n, dtype="float64"):
    """b_n as the program computes its constants: 1.0 / 3.0 is a float."""
    return 2 * n - _k(1.0 / 3.0, dtype) + 4 / (405 * n)


def _sersic(R, n, dtype="float64"):
    return mpmath.exp(-_b_program(n, dtype) * (mpmath.power(R, 1 / n) - 1))


def _sersic_log_luminosity(n, dtype="float64"):
    b = _b_program(n, dtype)
    return mpmath.log(_k(2.0 * math.pi, dtype) * n) + b - 2 * n * mpmath.log(b) + mpmath.loggamma(2 * n)


def _enclosed(R, n):
    return mpmath.gammainc(2 * n, 0, _b_program(n) * mpmath.power(R, 1 / n), regularized=True)


def _sersic_centre(n):
    """At R = 0, R^(1/n) = 0 for every n: d/dn of e^(b_n) is b_n' e^(b_n); d/dR has none for n > 1."""
    def truth():
        nv = _f(n)
        db = 2 - 4 / (405 * nv * nv)
        dR = NAN if nv > 1 else (-_b_program(nv) * mpmath.exp(_b_program(nv)) if nv == 1 else mp(0))
        return {"R": dR, "n": db * mpmath.exp(_b_program(nv))}
    return hp(truth)


# --- Poisson regression ----------------------------------------------------------------------------------------------

COUNTS, XS = [0, 3, 7], [0, 1, 2]


def _poisson_nll(w0, w1):
    return sum(mpmath.exp(w0 + w1 * x) - y * (w0 + w1 * x) + mpmath.loggamma(y + 1) for x, y in zip(XS, COUNTS))


def _poisson_softplus(w0, w1):
    total = 0
    for x, y in zip(XS, COUNTS):
        mu = mpmath.log1p(mpmath.exp(w0 + w1 * x))
        total += mu - y * mpmath.log(mu)
    return total


def _poisson_fit():
    def truth():
        at = {"w0": _f(0.3), "w1": _f(0.8)}
        return {"params." + n: mpmath.diff(lambda v, n=n: _poisson_nll(**dict(at, **{n: v})), at[n]) for n in at}
    return hp(truth)


JAX = [
    # --- item response theory
    Case(J, "item_2pl", "theta=0.5,a=1.2,b=-0.3", "float64", "ok", num_grad(_item_2pl, theta=0.5, a=1.2, b=-0.3)),
    Case(J, "item_2pl", "theta=0.5,a=1.2,b=-0.3", "float32", "ok",
         num_grad(_item_2pl, "float32", theta=0.5, a=1.2, b=-0.3)),
    Case(J, "item_2pl", "theta=-800,a=1,b=0", "float64", "ok", num_grad(_item_2pl, theta=-800, a=1, b=0)),
    Case(J, "item_2pl", "theta=-60,a=1,b=0", "float32", "ok", num_grad(_item_2pl, "float32", theta=-60, a=1, b=0)),
    Case(J, "item_2pl_naive", "theta=0.5,a=1.2,b=-0.3", "float64", "ok",
         num_grad(_item_2pl, theta=0.5, a=1.2, b=-0.3)),
    # e^800 overflows: 1 / inf = 0, and log(0)
    Case(J, "item_2pl_naive", "theta=-800,a=1,b=0", "float64", "unstable", num_grad(_item_2pl, theta=-800, a=1, b=0),
         "return jnp.log(1.0 / (1.0 + jnp.exp(-a * (theta - b))))"),
    # e^-800 underflows harmlessly: the slope e^-800 is below float64's least subnormal
    Case(J, "item_2pl_naive", "theta=800,a=1,b=0", "float64", "ok", num_grad(_item_2pl, theta=800, a=1, b=0)),
    Case(J, "item_3pl", "theta=0.3,a=1.5,b=0.2,c=0.25", "float64", "ok",
         num_grad(_item_3pl, theta=0.3, a=1.5, b=0.2, c=0.25)),
    Case(J, "item_3pl", "theta=0.3,a=1.5,b=0.2,c=0.25", "float32", "ok",
         num_grad(_item_3pl, "float32", theta=0.3, a=1.5, b=0.2, c=0.25)),
    # the floor holds the log at log(0.2); the slopes in theta, a and b are e^-800 small
    Case(J, "item_3pl", "theta=-800,a=1,b=0,c=0.2", "float64", "ok",
         num_grad(_item_3pl, theta=-800, a=1, b=0, c=0.2)),
    # no floor: sigmoid(-800) underflows to 0, and log(0); the floor's slope 1 / sigma(-800) = e^800 is beyond
    # float64's range, so no float64 program can give it: a property of the point and the dtype
    # an input with a finite slope beside one without a derivative is judged (round 46a F1): that verdict
    Case(J, "item_3pl", "theta=-800,a=1,b=0,c=0", "float64", "unstable",
         num_grad(_item_3pl, theta=-800, a=1, b=0, c=0)),
    Case(J, "rasch_loglik", "theta=0.3", "float64", "ok", num_grad(_rasch, theta=0.3)),
    Case(J, "rasch_loglik", "theta=0.3", "float32", "ok", num_grad(_rasch, "float32", theta=0.3)),
    Case(J, "rasch_loglik", "theta=-700", "float64", "ok", num_grad(_rasch, theta=-700)),
    Case(J, "rasch_custom", "theta=0.3", "float64", "ok", num_grad(_rasch, theta=0.3)),
    Case(J, "rasch_custom", "theta=0.3", "float32", "ok", num_grad(_rasch, "float32", theta=0.3)),
    Case(J, "rasch_custom_bad", "theta=0.3", "float64", "wrong", num_grad(_rasch, theta=0.3),
         "def _log_sig_bad_jvp"),
    Case(J, "rasch_fit", None, "float64", "ok", _rasch_fit(), args="rasch_args", wrt="params"),
    Case(J, "after_sgd_step", "theta=0.3", "float64", "ok", num_grad(_after_step, theta=0.3)),
    Case(J, "after_sgd_step", "theta=-2", "float32", "ok", num_grad(_after_step, "float32", theta=-2)),
    Case(J, "elo_expected", "ra=1600,rb=1500", "float64", "ok", num_grad(_elo, ra=1600, rb=1500)),
    Case(J, "elo_expected", "ra=1600,rb=1500", "float32", "ok", num_grad(_elo, "float32", ra=1600, rb=1500)),
    # 10^400 overflows: the value 1 / inf is 0 (exactly 1e-400), and pow's slope inf times 1 / inf^2 is NaN
    Case(J, "elo_expected", "ra=0,rb=160000", "float64", "unstable", num_grad(_elo, ra=0, rb=160000),
         "return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))"),
    Case(J, "elo_expected_sigmoid", "ra=0,rb=160000", "float64", "ok", num_grad(_elo_sigmoid, ra=0, rb=160000)),
    Case(J, "elo_expected_sigmoid", "ra=1600,rb=1500", "float32", "ok",
         ng(_elo_sigmoid, "float32", ra=1600, rb=1500)),
    Case(J, "glicko_g", "rd=350", "float64", "ok", num_grad(_glicko, rd=350)),
    Case(J, "glicko_g", "rd=0", "float64", "ok", num_grad(_glicko, rd=0)),
    # RD^2 = 1e400 overflows: g is 0 where it is 1.4e-197
    Case(J, "glicko_g", "rd=1e+200", "float64", "unstable", num_grad(_glicko, rd=1e200),
         "return 1.0 / jnp.sqrt(1.0 + 3.0 * q ** 2 * rd ** 2 / jnp.pi ** 2)"),
    # --- real gases
    Case(J, "vdw_pressure", "V=0.5,T=350", "float64", "ok", num_grad(_pressure, V=0.5, T=350)),
    Case(J, "vdw_pressure", "V=0.5,T=350", "float32", "ok", ng(_pressure, "float32", V=0.5, T=350)),
    # exactly the covolume: RT / 0, a pole in V, and dp/dT = R / 0
    Case(J, "vdw_pressure", "V=0.04267,T=350", "float64", "domain", _fixed({"V": NAN, "T": NAN})),
    # V^2 overflows to inf and a / inf is 0, which is the attraction's 3.6e-600 rounded: harmless
    Case(J, "vdw_pressure", "V=1e+300,T=350", "float64", "ok", num_grad(_pressure, V=1e300, T=350)),
    Case(J, "vdw_z", "V=0.5,T=350", "float64", "ok", num_grad(_z, V=0.5, T=350)),
    Case(J, "vdw_z", "V=0.1,T=310", "float32", "ok", ng(_z, "float32", V=0.1, T=310)),
    Case(J, "vdw_volume", "P=10,T=350", "float64", "ok", _volume_slopes(10, 350)),
    Case(J, "vdw_volume", "P=80,T=350", "float64", "ok", _volume_slopes(80, 350)),
    Case(J, "vdw_volume", "P=10,T=350", "float32", "ok", _volume_slopes(10, 350, "float32")),
    Case(J, "vdw_volume_tol", "P=10,T=350", "float64", "input-error", message=("while_loop",)),
    Case(J, "density", "P=10,T=350", "float64", "ok", _volume_slopes(10, 350, scale=44.01)),
    Case(J, "density", "P=80,T=350", "float32", "ok", _volume_slopes(80, 350, "float32", scale=44.01)),
    Case(J, "density_bad", "P=10,T=350", "float64", "wrong", _volume_slopes(10, 350, scale=44.01),
         "def _mv_bad_bwd"),
    Case(J, "vdw_ln_fugacity", "V=0.5,T=350", "float64", "ok", num_grad(_ln_fugacity, V=0.5, T=350)),
    Case(J, "vdw_ln_fugacity", "V=2,T=400", "float32", "ok", ng(_ln_fugacity, "float32", V=2, T=400)),
    # --- rocketry
    Case(J, "delta_v", "isp=300,dry=1000,propellant=4000", "float64", "ok",
         num_grad(_delta_v, isp=300, dry=1000, propellant=4000)),
    Case(J, "delta_v", "isp=300,dry=1000,propellant=4000", "float32", "ok",
         ng(_delta_v, "float32", isp=300, dry=1000, propellant=4000)),
    # (1000 + 1e-13) / 1000 rounds to 1: delta-v 0 where it is 2.9e-13, and the dry mass's slope cancels
    Case(J, "delta_v", "isp=300,dry=1000,propellant=1e-13", "float64", "unstable",
         num_grad(_delta_v, isp=300, dry=1000, propellant=1e-13), "return isp * G0 * jnp.log((dry + propellant)"),
    Case(J, "delta_v_log1p", "isp=300,dry=1000,propellant=1e-13", "float64", "ok",
         num_grad(_delta_v, isp=300, dry=1000, propellant=1e-13)),
    Case(J, "delta_v_log1p", "isp=300,dry=1000,propellant=4000", "float32", "ok",
         ng(_delta_v, "float32", isp=300, dry=1000, propellant=4000)),
    Case(J, "propellant_needed", "dv=1000,wet=5000", "float64", "ok", num_grad(_propellant, dv=1000, wet=5000)),
    # 1 - e^-3.4e-16: the subtraction keeps no digit of the mass
    Case(J, "propellant_needed", "dv=1e-12,wet=5000", "float64", "unstable", num_grad(_propellant, dv=1e-12, wet=5000),
         "return wet * (1.0 - jnp.exp(-dv / (300.0 * G0)))"),
    Case(J, "propellant_needed_expm1", "dv=1e-12,wet=5000", "float64", "ok",
         num_grad(_propellant, dv=1e-12, wet=5000)),
    Case(J, "staged_delta_v", "masses=[50,10,2]", "float64", "ok", num_grad(_staged, masses=[50, 10, 2])),
    Case(J, "staged_delta_v", "masses=[50,10,2]", "float32", "ok", ng(_staged, "float32", masses=[50, 10, 2])),
    Case(J, "drag", "h=10000,v=300", "float64", "ok", num_grad(_drag, h=10000, v=300)),
    # e^-1176 underflows: drag and its slopes are below float64's least subnormal
    Case(J, "drag", "h=10000000,v=7000", "float64", "ok", num_grad(_drag, h=1e7, v=7000)),
    Case(J, "burnout_velocity", "thrust=7000,burn=100", "float64", "ok",
         num_grad(_burnout, thrust=7000, burn=100)),
    Case(J, "burnout_velocity", "thrust=7000,burn=100", "float32", "ok",
         num_grad(_burnout, "float32", thrust=7000, burn=100)),
    # the last kilogram burnt: 1000 / 0, a pole of the log
    Case(J, "burnout_velocity", "thrust=7000,burn=400", "float64", "domain", _fixed({"thrust": NAN, "burn": NAN})),
    # --- galaxy light profiles
    Case(J, "sersic", "R=0.5,n=4", "float64", "ok", num_grad(_sersic, R=0.5, n=4)),
    Case(J, "sersic", "R=0.5,n=4", "float32", "ok", ng(_sersic, "float32", R=0.5, n=4)),
    Case(J, "sersic", "R=3,n=0.5", "float64", "ok", num_grad(_sersic, R=3, n=0.5)),
    # the centre of a de Vaucouleurs profile: R^(1/4) has an infinite slope
    Case(J, "sersic", "R=0,n=4", "float64", "domain", _sersic_centre(4)),
    # an exponential disc (n = 1) has a slope at its centre
    Case(J, "sersic", "R=0,n=1", "float64", "ok", _sersic_centre(1)),
    Case(J, "sersic_cond", "R=0.5,n=4", "float64", "ok", num_grad(_sersic, R=0.5, n=4)),
    # the centre's branch of an exponential disc is the constant e^b: its slope 0 is not the disc's -b e^b there
    # (the profile is smooth through R = 0); the rule to blame is the cond's constant branch, whose line gradcli does
    # not name (it names b_n's helper): a strict xfail in test_user_trials38a.py
    Case(J, "sersic_cond", "R=0,n=1", "float64", "wrong", _sersic_centre(1), "return jax.lax.cond(R == 0.0"),
    Case(J, "sersic_log_luminosity", "n=4", "float64", "ok", num_grad(_sersic_log_luminosity, n=4)),
    Case(J, "sersic_log_luminosity", "n=0.5", "float64", "ok", num_grad(_sersic_log_luminosity, n=0.5)),
    Case(J, "sersic_log_luminosity", "n=4", "float32", "ok", ng(_sersic_log_luminosity, "float32", n=4)),
    Case(J, "sersic_luminosity_naive", "n=4", "float64", "ok",
         num_grad(lambda n: mpmath.exp(_sersic_log_luminosity(n)), n=4)),
    # b^(2n) = 400^400 overflows, and Gamma(400) too: 0 times inf
    Case(J, "sersic_luminosity_naive", "n=200", "float64", "unstable",
         num_grad(lambda n: mpmath.exp(_sersic_log_luminosity(n)), n=200),
         "return 2.0 * jnp.pi * n * jnp.exp(b) / b ** (2.0 * n)"),
    Case(J, "enclosed_fraction", "R=1,n=4", "float64", "ok", num_grad(_enclosed, R=1, n=4)),
    Case(J, "enclosed_fraction", "R=2,n=1", "float64", "ok", num_grad(_enclosed, R=2, n=1)),
    Case(J, "enclosed_fraction", "R=0,n=4", "float64", "domain", _fixed({"R": NAN, "n": 0})),
    # --- Poisson regression
    Case(J, "poisson_nll", "w0=0.3,w1=0.8", "float64", "ok", num_grad(_poisson_nll, w0=0.3, w1=0.8)),
    Case(J, "poisson_nll", "w0=0.3,w1=0.8", "float32", "ok", num_grad(_poisson_nll, "float32", w0=0.3, w1=0.8)),
    # e^800 overflows where the likelihood, e^800 itself, is beyond float64: no float64 program can give it
    Case(J, "poisson_nll", "w0=800,w1=0", "float64", "domain", num_grad(_poisson_nll, w0=800, w1=0)),
    # e^700 is a number, and 3 e^700 too; the sum of the three rates overflows no float64
    Case(J, "poisson_nll", "w0=0,w1=350", "float64", "ok", num_grad(_poisson_nll, w0=0, w1=350)),
    Case(J, "poisson_nll_stats", "w0=0.3,w1=0.8", "float64", "ok", num_grad(_poisson_nll, w0=0.3, w1=0.8)),
    # the rate e^-800 underflows to 0, where three and seven events have log-probability -inf
    Case(J, "poisson_nll_stats", "w0=-800,w1=0", "float64", "unstable", num_grad(_poisson_nll, w0=-800, w1=0),
         "return -jnp.sum(poisson.logpmf(COUNTS, jnp.exp(w0 + w1 * X)))"),
    Case(J, "poisson_softplus", "w0=0.3,w1=0.8", "float64", "ok", num_grad(_poisson_softplus, w0=0.3, w1=0.8)),
    Case(J, "poisson_softplus", "w0=0.3,w1=0.8", "float32", "ok",
         num_grad(_poisson_softplus, "float32", w0=0.3, w1=0.8)),
    # softplus(-800) = e^-800 underflows to 0: log(0)
    Case(J, "poisson_softplus", "w0=-800,w1=0", "float64", "unstable", num_grad(_poisson_softplus, w0=-800, w1=0),
         "return jnp.sum(mu - COUNTS * jnp.log(mu))"),
    Case(J, "poisson_fit", None, "float64", "ok", _poisson_fit(), args="poisson_args", wrt="params"),
    # --- input errors a user makes
    Case(J, "poisson_fit", None, "float32", "input-error", args="poisson_args", wrt="params.w2", message=("w2",)),
    Case(J, "vdw_pressure", "V=0.5", "float64", "input-error", message=("T",)),
    Case(J, "staged_delta_v", "masses=[50,10,]", "float64", "input-error", message=("[50,10,]",)),
]


NUMPY = [
    Case(N, "item_3pl", "theta=0.3,a=1.5,b=0.2,c=0.25", "float64", "ok",
         num_grad(_item_3pl, theta=0.3, a=1.5, b=0.2, c=0.25)),
    Case(N, "item_3pl", "theta=-800,a=1,b=0,c=0.2", "float64", "ok",
         num_grad(_item_3pl, theta=-800, a=1, b=0, c=0.2)),
    # an input with a finite slope beside one without a derivative is judged (round 46a F1): that verdict
    Case(N, "item_3pl", "theta=-800,a=1,b=0,c=0", "float64", "unstable",
         num_grad(_item_3pl, theta=-800, a=1, b=0, c=0)),
    Case(N, "rasch_loglik", "theta=0.3", "float64", "ok", num_grad(_rasch, theta=0.3)),
    # expit(41.5) rounds to 1: log(1 - p) is log(0) for the items answered wrong
    Case(N, "rasch_loglik", "theta=40", "float64", "unstable", num_grad(_rasch, theta=40),
         "np.log(1 - p)"),
    Case(N, "elo_expected", "ra=1600,rb=1500", "float64", "ok", num_grad(_elo, ra=1600, rb=1500)),
    Case(N, "elo_expected", "ra=0,rb=160000", "float64", "unstable", num_grad(_elo, ra=0, rb=160000),
         "return 1 / (1 + 10 ** ((rb - ra) / 400))"),
    Case(N, "vdw_pressure", "V=0.5,T=350", "float64", "ok", num_grad(_pressure, V=0.5, T=350)),
    Case(N, "vdw_pressure", "V=0.04267,T=350", "float64", "domain", _fixed({"V": NAN, "T": NAN})),
    Case(N, "vdw_volume", "P=10,T=350", "float64", "ok", _volume_slopes(10, 350)),
    Case(N, "vdw_volume", "P=80,T=350", "float64", "ok", _volume_slopes(80, 350)),
    Case(N, "delta_v", "isp=300,dry=1000,propellant=4000", "float64", "ok",
         num_grad(_delta_v, isp=300, dry=1000, propellant=4000)),
    Case(N, "delta_v", "isp=300,dry=1000,propellant=1e-13", "float64", "unstable",
         num_grad(_delta_v, isp=300, dry=1000, propellant=1e-13), "return isp * 9.80665 * np.log((dry + propellant)"),
    Case(N, "delta_v_log1p", "isp=300,dry=1000,propellant=1e-13", "float64", "ok",
         num_grad(_delta_v, isp=300, dry=1000, propellant=1e-13)),
    Case(N, "propellant_needed", "dv=1000,wet=5000", "float64", "ok", num_grad(_propellant, dv=1000, wet=5000)),
    Case(N, "propellant_needed", "dv=1e-12,wet=5000", "float64", "unstable", num_grad(_propellant, dv=1e-12, wet=5000),
         "return wet * (1 - np.exp("),
    Case(N, "sersic", "R=0.5,n=4", "float64", "ok", num_grad(_sersic, R=0.5, n=4)),
    Case(N, "sersic", "R=0,n=4", "float64", "domain", _sersic_centre(4)),
    Case(N, "sersic_centre_guarded", "R=0.5,n=4", "float64", "ok", num_grad(_sersic, R=0.5, n=4)),
    Case(N, "sersic_centre_guarded", "R=0,n=1", "float64", "wrong", _sersic_centre(1)),
    Case(N, "enclosed_fraction", "R=1,n=4", "float64", "ok", num_grad(_enclosed, R=1, n=4)),
    Case(N, "enclosed_fraction", "R=0,n=4", "float64", "domain", _fixed({"R": NAN, "n": 0})),
    Case(N, "sersic_log_luminosity", "n=4", "float64", "ok", num_grad(_sersic_log_luminosity, n=4)),
    Case(N, "poisson_nll", "w0=0.3,w1=0.8", "float64", "ok", num_grad(_poisson_nll, w0=0.3, w1=0.8)),
    Case(N, "poisson_nll_hand", "w0=0.3,w1=0.8", "float64", "ok", num_grad(_poisson_nll, w0=0.3, w1=0.8)),
    Case(N, "poisson_nll_hand", "w0=800,w1=0", "float64", "domain", num_grad(_poisson_nll, w0=800, w1=0)),
    Case(N, "vdw_pressure", "V=0.5,temp=350", "float64", "input-error", message=("temp",)),
]

ALL = JAX + NUMPY
