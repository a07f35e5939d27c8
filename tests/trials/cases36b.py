"""The thirty-sixth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its forms
are written with tf), in 3D rotations and pose, electric circuits and power lines, contact mechanics, the thermodynamics
of mixing and of a real gas, traffic flow, the diffusion of a new product and X-ray diffraction: a rotation matrix's
angle by acos of its clamped trace at a general rotation, at a float32 turn of 1e-3 (PyTorch's acos keeps 1 - c^2), at
the identity and at a half turn (acos's infinite slope meets the clamp's flat side: no derivative), and by atan2 (the
skew part's norm is a cone at the identity); a sign-blind quaternion pose loss through F.normalize (at the target its
slope is a proven 0 and its value 1 - |t|^2 cancels, and at q = 0 F.normalize's eps makes it smooth and flat), a
landmark residual through q / |q| (0/0 at q = 0), a quaternion normalisation as an autograd.Function (right, and with
its projection forgotten: harmless where the weights are orthogonal to q), a pose network read by its parameters' names;
a rotation by torch.linalg.matrix_exp of a skew matrix (at 0 too); a series RLC circuit's impedance at resonance (by
torch.hypot, which scales before it squares; by a square root, where R^2 underflows and 0 * inf appears; at R = 0 a
cone), a line's power angle by asin at its stability limit and by Newton's method in a tf.while_loop, the maximum power
transfer (a proven 0 slope); Hertz contact by relu ** 2.5 (C1 at touching) and by sqrt(clamp(d)) ** 3 (0 * inf there, in
exact arithmetic too: wrong), Coulomb friction smoothed by tanh, hard by sign (a jump) and its work by |v| (a kink), a
sphere's contact penalty through torch.cdist (a centre on an obstacle's: a cone; in its matrix-multiplication mode a
centre 1e-7 away cancels), softplus contact at its switch to the linear piece (a jump), a Keras friction layer whose
tf.custom_gradient gives the coefficient's gradient through variables= (right, and with N forgotten, called eagerly and
inside a tf.function; Keras makes the weight's Constant(0.3) in float32); the Gibbs energy of mixing by xlogy,
special.entr, x log x and an autograd.Function without its + 1, at a pure component (an infinite one-sided slope); van
der Waals' pressure written out, by torch.autograd.grad of the Helmholtz energy and by a tf.GradientTape inside
tf.function, at V = b (a pole); Davidson's travel time at and near capacity, Greenshields' flow at jam density; Bass's
diffusion curve at an innovation rate of 1e-320 (q / p overflows; rewritten, the adoption itself is subnormal); Bragg's
angle at its edge; Gamma, LogNormal and Laplace travel-time likelihoods (the Laplace at a sample: a kink); Keras' ReLU
layer at its threshold (a jump) and its ceiling, LeakyReLU at 0, ELU at 0 (C1), MeanAbsoluteError at a zero residual,
and a Dense layer read by its kernel's name.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has a kink or a domain's edge the truth is taken from each side: where the two one-sided slopes differ, or one is
infinite, there is no derivative (NaN).
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad
from cases30b import _held, sided_grad
from cases33b import _at, _both

T, K = "torch_lib36b.py", "tf_lib36b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _nans(*shape):
    if len(shape) == 1:
        return [NAN] * shape[0]
    return [_nans(*shape[1:]) for _ in range(shape[0])]


# ------------------------------------------------------------------------------------------------ rotations, pose
ROT_Z = [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]]  # a 3-4-5 rotation about z
IDENTITY = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
HALF_TURN = [[1, 0, 0], [0, -1, 0], [0, 0, -1]]
SMALL_TURN = [[0.9999995000000417, -0.0009999998333333417, 0], [0.0009999998333333417, 0.9999995000000417, 0], [0, 0, 1]]


def _angle_slopes(R, dtype="float64"):
    """d acos((tr R - 1) / 2) / dR = -1 / (2 sqrt(1 - c^2)) on the diagonal, 0 elsewhere."""
    def truth():
        m = [_in(dtype, row) for row in R]
        c = (m[0][0] + m[1][1] + m[2][2] - 1) / 2
        d = -1 / (2 * mpmath.sqrt(1 - c * c))
        return {"R": [[d if i == j else mpf(0) for j in range(3)] for i in range(3)]}
    return hp(truth)


def _angle_at_edge():
    """At tr R = 3 or -1 the clamp is flat on one side and acos's slope infinite on the other: no derivative along the
    diagonal; the off-diagonal entries do not enter."""
    return lambda: {"R": [[NAN if i == j else mpf(0) for j in range(3)] for i in range(3)]}


def _angle_atan2(R):
    skew = [R[2][1] - R[1][2], R[0][2] - R[2][0], R[1][0] - R[0][1]]
    return mpmath.atan2(mpmath.sqrt(sum(s * s for s in skew)) / 2, (R[0][0] + R[1][1] + R[2][2] - 1) / 2)


TARGET_QUATERNION = [0.0, 0.6, 0.0, 0.8]


def _quaternion_loss(dtype):
    t = _in(dtype, TARGET_QUATERNION)

    def f(q):
        norm = mpmath.sqrt(sum(v * v for v in q))
        return 1 - (sum(a * b for a, b in zip(q, t)) / norm) ** 2
    return f


POINT, SEEN = [1.0, 2.0, 0.5], [0.5, -1.0, 2.0]


def _rotate(q, p):
    """q p q* for a unit quaternion q = (w, v): p + 2 w (v x p) + 2 v x (v x p)."""
    w, v = q[0], q[1:]

    def cross(a, b):
        return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    vp = cross(v, p)
    vvp = cross(v, vp)
    return [p[i] + 2 * w * vp[i] + 2 * vvp[i] for i in range(3)]


def _pose_residual(dtype):
    p, y = _in(dtype, POINT), _in(dtype, SEEN)

    def f(q):
        norm = mpmath.sqrt(sum(v * v for v in q))
        moved = _rotate([v / norm for v in q], p)
        return sum((a - b) ** 2 for a, b in zip(moved, y))
    return f


WEIGHTS = [1.0, -2.0, 0.5, 3.0]


def _unit_score_slopes(q, dtype="float64"):
    """d <w, q / |q|> / dq = (w - u <u, w>) / |q|."""
    def truth():
        qs, w = _in(dtype, q), _in(dtype, WEIGHTS)
        norm = mpmath.sqrt(sum(v * v for v in qs))
        u = [v / norm for v in qs]
        uw = sum(a * b for a, b in zip(u, w))
        return {"q": [(wi - ui * uw) / norm for wi, ui in zip(w, u)]}
    return hp(truth)


def _rodrigues_first(dtype):
    """(exp([omega]x) p)[0] by Rodrigues: p cos t + (k x p) sin t + k (k . p)(1 - cos t), k = omega / t."""
    p = _in(dtype, POINT)

    def f(omega):
        t = mpmath.sqrt(sum(v * v for v in omega))
        k = [v / t for v in omega]
        kxp0 = k[1] * p[2] - k[2] * p[1]
        kp = sum(a * b for a, b in zip(k, p))
        return p[0] * mpmath.cos(t) + kxp0 * mpmath.sin(t) + k[0] * kp * (1 - mpmath.cos(t))
    return f


def _rotate_at_zero():
    """At omega = 0 the action is p + omega x p + O(omega^2): d/domega of its first coordinate is (0, p_z, -p_y)."""
    return hp(lambda: {"omega": [mpf(0), mpf(POINT[2]), -mpf(POINT[1])]})


PN_W1 = [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]]
PN_B1 = _in("float32", [0.1, -0.2, 0.0])  # torch.tensor of Python floats is float32 before it is copied in
PN_W2 = [[1.0, -0.5, 2.0], [0.0, 1.0, 0.5], [0.5, 0.5, -1.0], [2.0, 0.0, 1.0]]
PN_B2 = [0.25, 0.0, -0.5, 1.0]
FEATURES = [0.3, -0.7]


def _pose_net(w1=PN_W1, b2=PN_B2):
    hidden = [mpmath.tanh(sum(mpf(w) * mpf(x) for w, x in zip(row, FEATURES)) + b) for row, b in zip(w1, PN_B1)]
    q = [sum(mpf(w) * h for w, h in zip(row, hidden)) + b for row, b in zip(PN_W2, b2)]
    return _quaternion_loss("float64")(q)


def _pose_net_truth():
    first, second = num_grad(lambda w1: _pose_net(w1=w1), w1=PN_W1), num_grad(lambda b2: _pose_net(b2=b2), b2=PN_B2)
    return lambda: {"model.fc1.weight": first()["w1"], "model.fc2.bias": second()["b2"]}


# ------------------------------------------------------------------------------------------------ circuits, power
def _impedance(R, L, C, omega):
    return mpmath.sqrt(R ** 2 + (omega * L - 1 / (omega * C)) ** 2)


RESONANT = {"R": 1, "L": 1, "C": 1, "omega": 1}
RESONANT_BARE = {"R": 0, "L": 1, "C": 1, "omega": 1}
RESONANT_TINY = {"R": 1e-200, "L": 1, "C": 1, "omega": 1}
CIRCUIT = {"R": 2, "L": 0.5, "C": 0.1, "omega": 3}


def _at_resonance():
    """Where the reactance is 0 and R > 0, |Z| = hypot(R, X) has d/dR = 1 and slope X / |Z| = 0 in the reactance."""
    return lambda: {"R": mpf(1), "L": mpf(0), "C": mpf(0), "omega": mpf(0)}


V_SEND, V_RECEIVE = 1.05, 1.0


def _power_angle_slopes(p, x, dtype="float64"):
    """d asin(p x / V) / dp = x / (V cos), d/dx = p / (V cos), V = V1 V2 held in the dtype."""
    def truth():
        pp, xx = _in(dtype, [p, x])
        v = _held(dtype, V_SEND * V_RECEIVE)
        cos = mpmath.sqrt(1 - (pp * xx / v) ** 2)
        return {"p": xx / (v * cos), "x": pp / (v * cos)}
    return hp(truth)


def _newton_angle_slopes(p, x, dtype="float64"):
    """The root of (V / x) sin d = p: dd/dp = x / (V cos d), dd/dx = tan d / x (V held in the dtype, divided by x in
    the dtype's arithmetic at the exact reference's precision)."""
    def truth():
        pp, xx = _in(dtype, [p, x])
        v = _held(dtype, V_SEND * V_RECEIVE)
        d = mpmath.asin(pp * xx / v)
        return {"p": xx / (v * mpmath.cos(d)), "x": mpmath.tan(d) / xx}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ contact mechanics
STIFFNESS = 1000.0
OVERLAPS = [0.01, 0, -0.02]
OVERLAPS_APART = [0.01, 0.02, -0.02]


def _hertz_energy_slopes(d, dtype="float64"):
    """d/dd of 0.4 K max(d, 0)^2.5: K max(d, 0)^1.5 (0.4 * 1000.0 is 400.0 in Python's arithmetic), 0 at touching from
    both sides."""
    return hp(lambda: {"overlap": [STIFFNESS * max(v, 0) ** mpf(1.5) for v in _in(dtype, d)]})


def _hertz_force_slopes(d, dtype="float64"):
    """d/dd of K max(d, 0)^1.5: 1.5 K sqrt(d) where d > 0, 0 on both sides of touching."""
    return hp(lambda: {"overlap": [mpf(1.5) * STIFFNESS * mpmath.sqrt(max(v, 0)) for v in _in(dtype, d)]})


def _friction_smooth_slopes(v, mu, dtype="float64"):
    def truth():
        vs, m, eps = _in(dtype, v), _held(dtype, mu), _held(dtype, 1e-4)
        return {"v": [m * 10 * (1 - mpmath.tanh(x / eps) ** 2) / eps for x in vs],
                "mu": 10 * sum(mpmath.tanh(x / eps) for x in vs)}
    return hp(truth)


OBSTACLES, RADIUS = [[0.25, 0.0], [2.0, 2.0]], 0.5


def _contact_penalty(centres):
    total = 0
    for c in centres:
        for o in OBSTACLES:
            gap = RADIUS - mpmath.sqrt(sum((a - mpf(b)) ** 2 for a, b in zip(c, o)))
            total += max(gap, 0) ** 2
    return total


def _soft_contact_slopes(d, dtype="float64"):
    """softplus(1024 d) / 1024 has slope sigmoid(1024 d) below the switch at 1024 d = 20, 1 above; at the switch the
    two differ by sigmoid(-20) (and the value jumps by log1p(e^-20) / 1024): no derivative."""
    def slope(v):
        z = 1024 * v
        return NAN if z == 20 else 1 / (1 + mpmath.exp(-z)) if z < 20 else mpf(1)
    return hp(lambda: {"d": [slope(v) for v in _in(dtype, d)]})


# ------------------------------------------------------------------------------------------------ thermodynamics
RT = 2.479


def _gibbs_slopes(x, dtype="float64", plus_one=True):
    """d RT sum x log x / dx = RT (log x + 1); at x = 0 the slope from the right is -infinite and there is no left."""
    def truth():
        rt = _held(dtype, RT)
        return {"x": [rt * (mpmath.log(v) + 1) if v > 0 else NAN for v in _in(dtype, x)]}
    return hp(truth)


A_VDW, B_VDW, R_GAS = 0.1382, 3.19e-5, 8.314


def _vdw_slopes(V, T, dtype="float64"):
    """P = R T / (V - b) - a / V^2: dP/dV = -R T / (V - b)^2 + 2 a / V^3, dP/dT = R / (V - b)."""
    def truth():
        v, t = _in(dtype, [V, T])
        a, b, r = (_held(dtype, c) for c in (A_VDW, B_VDW, R_GAS))
        return {"V": -r * t / (v - b) ** 2 + 2 * a / v ** 3, "T": r / (v - b)}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ traffic
FREE_TIME, DELAY = 10.0, 0.25


def _davidson(flow, capacity):
    x = flow / capacity
    return FREE_TIME * (1 + DELAY * x / (1 - x))


def _greenshields_slopes(k, dtype="float64"):
    """100 (1 - 2 k / 150) below jam density, 0 above; at 150 the two sides' -100 and 0 differ."""
    def slope(v):
        if v == 150:
            return NAN
        return 100 * (1 - 2 * v / 150) if v < 150 else mpf(0)
    return hp(lambda: {"density": [slope(v) for v in _in(dtype, k)]})


# ------------------------------------------------------------------------------------------------ product diffusion
def _bass(p, q):
    decay = mpmath.exp(-(p + q) * 10)
    return p * (1 - decay) / (p + q * decay)


# ------------------------------------------------------------------------------------------------ X-ray diffraction
WAVELENGTH = 1.5406


def _bragg_slope(d, dtype="float64"):
    """d asin(lambda / 2d) / dd = -lambda / (2 d^2 sqrt(1 - (lambda / 2d)^2))."""
    def truth():
        dd, lam = _held(dtype, d), _held(dtype, WAVELENGTH)
        u = lam / (2 * dd)
        return {"d": -lam / (2 * dd ** 2 * mpmath.sqrt(1 - u * u))}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ travel times
TIMES = [12.0, 7.5, 20.0]


def _gamma_slopes(a, b, dtype="float64"):
    """-sum log Gamma(t; a, b): d/da = -sum(log b + log t - digamma a), d/db = -sum(a / b - t)."""
    def truth():
        aa, bb = _in(dtype, [a, b])
        ts = _in(dtype, TIMES)
        return {"concentration": -sum(mpmath.log(bb) + mpmath.log(t) - mpmath.digamma(aa) for t in ts),
                "rate": -sum(aa / bb - t for t in ts)}
    return hp(truth)


def _lognormal_slopes(mu, s, dtype="float64"):
    """-sum log LogNormal(t; mu, s): d/dmu = -sum (log t - mu) / s^2, d/ds = sum (1 / s - (log t - mu)^2 / s^3)."""
    def truth():
        m, ss = _in(dtype, [mu, s])
        logs = [mpmath.log(t) for t in _in(dtype, TIMES)]
        return {"loc": -sum((lt - m) / ss ** 2 for lt in logs), "scale": sum(1 / ss - (lt - m) ** 2 / ss ** 3 for lt in logs)}
    return hp(truth)


def _laplace_slopes(mu, b, dtype="float64"):
    """-sum log Laplace(t; mu, b) = sum(log 2b + |t - mu| / b): d/dmu = -sum sign(t - mu) / b (none where mu is a
    sample), d/db = sum(1 / b - |t - mu| / b^2)."""
    def truth():
        m, bb = _in(dtype, [mu, b])
        ts = _in(dtype, TIMES)
        d_mu = NAN if m in ts else -sum(mpmath.sign(t - m) for t in ts) / bb
        return {"loc": d_mu, "scale": sum(1 / bb - abs(t - m) / bb ** 2 for t in ts)}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ Keras pieces
def _dense_truth():
    """E = sum tanh(x W + b)^2: dE/dW_ij = x_i 2 y_j (1 - y_j^2), dE/db_j = 2 y_j (1 - y_j^2)."""
    def truth():
        w = [[mpf(v) for v in row] for row in [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]]]
        b = [mpf(0.1), mpf(-0.2)]
        x = [mpf(1), mpf(2), mpf(-1)]
        y = [mpmath.tanh(sum(x[i] * w[i][j] for i in range(3)) + b[j]) for j in range(2)]
        g = [2 * v * (1 - v * v) for v in y]
        return {"dense.kernel": [[x[i] * g[j] for j in range(2)] for i in range(3)], "dense.bias": g}
    return hp(truth)


def _friction_layer_truth(names):
    def truth():
        vs, eps = [mpf(2e-4), mpf(-1e-3), mpf(5e-3)], mpf(1e-3)
        mu = _held("float32", 0.3)  # Keras' Constant(0.3) is made in float32 before the float64 weight takes it
        slopes = {"layer.mu": 10 * sum(mpmath.tanh(v / eps) for v in vs),
                  "v": [mu * 10 * (1 - mpmath.tanh(v / eps) ** 2) / eps for v in vs]}
        return {name: slopes[name] for name in names}
    return hp(truth)


def _first(truth):
    return lambda: dict(list(truth().items())[:1])


def _plain(slopes):
    return hp(lambda: {name: [mpf(v) if not isinstance(v, mpf) else v for v in values] for name, values in slopes.items()})


# ------------------------------------------------------------------------------------------------------ cases
UNIT_SLIP = "class UnitQuaternionSlip>>def backward(ctx, grad):"
XLOGX_SLIP = "class XLogXSlip>>def backward(ctx, grad):"
FRICTION_SLIP = "class Friction>>def grad(dy, variables=None):"
SQRT_T = "return torch.sqrt(R ** 2 + reactance ** 2)"
SQRT_K = "return tf.sqrt(R ** 2 + reactance ** 2)"
QLOSS = "return 1 - (unit @ torch.tensor(TARGET_QUATERNION, dtype=q.dtype)) ** 2"
CDIST_MM = "gaps = RADIUS - torch.cdist(centres, obstacles, compute_mode=\"use_mm_for_euclid_dist\")"
HERTZ_SQRT = "return (STIFFNESS * torch.sqrt(torch.clamp(overlap, min=0)) ** 3).sum()"
BASS_NAIVE = "return (1 - decay) / (1 + q / p * decay)"

Q_GENERAL = [0.1, 0.5, -0.2, 0.9]

TORCH = _both(T, "rotation_angle", {"R": ROT_Z}, lambda d: _angle_slopes(ROT_Z, d)) + [
    Case(T, "rotation_angle", _at(R=IDENTITY), "float64", "domain", _angle_at_edge()),
    Case(T, "rotation_angle", _at(R=IDENTITY), "float32", "domain", _angle_at_edge()),
    Case(T, "rotation_angle", _at(R=HALF_TURN), "float64", "domain", _angle_at_edge()),
] + _both(T, "rotation_angle_atan2", {"R": ROT_Z}, lambda d: num_grad(_angle_atan2, d, R=ROT_Z)) + [
    # a turn of 1e-3 in float32: cos is 8 units in the last place below 1, the trace of such numbers is exact, and
    # PyTorch's acos backward keeps 1 - c^2 (its slope -1024.0001 comes out -1024.0)
    Case(T, "rotation_angle", _at(R=SMALL_TURN), "float32", "ok", _angle_slopes(SMALL_TURN, "float32")),
    Case(T, "rotation_angle_atan2", _at(R=SMALL_TURN), "float32", "ok", num_grad(_angle_atan2, "float32", R=SMALL_TURN)),
    # the skew part's norm is a cone at the identity: the off-diagonal entries have slopes +-1/2 on either side
    Case(T, "rotation_angle_atan2", _at(R=IDENTITY), "float64", "domain", sided_grad(_angle_atan2, R=IDENTITY)),
] + _both(T, "quaternion_loss", {"q": Q_GENERAL}, lambda d: num_grad(_quaternion_loss(d), d, q=Q_GENERAL)) + [
    # at the target, and at its antipode, the slope is a proven 0; the loss is 1 - |t|^2, which is -4.4e-17 for the
    # float64 numbers 0.6 and 0.8 and rounds to 0: the value cancels
    Case(T, "quaternion_loss", _at(q=TARGET_QUATERNION), "float64", "unstable", _plain({"q": [0, 0, 0, 0]}), QLOSS),
    Case(T, "quaternion_loss", _at(q=[0, -0.6, 0, -0.8]), "float32", "unstable", _plain({"q": [0, 0, 0, 0]}), QLOSS),
    # F.normalize divides by max(|q|, 1e-12): near 0 the loss is 1 - (q . t)^2 / 1e-24, flat at 0
    Case(T, "quaternion_loss", _at(q=[0, 0, 0, 0]), "float64", "ok", _plain({"q": [0, 0, 0, 0]})),
    Case(T, "quaternion_loss", _at(q=[0, 0, 0, 0]), "float32", "ok", _plain({"q": [0, 0, 0, 0]})),
] + _both(T, "pose_residual", {"q": Q_GENERAL}, lambda d: num_grad(_pose_residual(d), d, q=Q_GENERAL)) + [
    Case(T, "pose_residual", _at(q=[0, 0, 0, 0]), "float64", "domain", lambda: {"q": _nans(4)}),
    Case(T, "unit_quaternion_score", _at(q=Q_GENERAL), "float64", "ok", _unit_score_slopes(Q_GENERAL)),
    Case(T, "unit_quaternion_score", _at(q=Q_GENERAL), "float32", "ok", _unit_score_slopes(Q_GENERAL, "float32")),
    Case(T, "unit_quaternion_score_slip", _at(q=Q_GENERAL), "float64", "wrong", _unit_score_slopes(Q_GENERAL), UNIT_SLIP),
    Case(T, "unit_quaternion_score_slip", _at(q=Q_GENERAL), "float32", "wrong", _unit_score_slopes(Q_GENERAL, "float32"),
         UNIT_SLIP),
    # w . q = 2 - 2 = 0: the forgotten projection takes nothing away
    Case(T, "unit_quaternion_score_slip", _at(q=[2, 1, 0, 0]), "float64", "ok", _unit_score_slopes([2, 1, 0, 0])),
] + _both(T, "rotate_by_exp", {"omega": [0.1, 0.2, 0.3]},
          lambda d: num_grad(_rodrigues_first(d), d, omega=[0.1, 0.2, 0.3])) + [
    Case(T, "rotate_by_exp", _at(omega=[0, 0, 0]), "float64", "ok", _rotate_at_zero()),
    # a turn of 3 radians: the matrix exponential scales and squares
    Case(T, "rotate_by_exp", _at(omega=[1, 2, 2]), "float32", "ok", num_grad(_rodrigues_first("float32"), "float32",
                                                                              omega=[1, 2, 2])),
    Case(T, "pose_net_loss", None, "float64", "ok", _pose_net_truth(), args="pose_args",
         wrt="model.fc1.weight,model.fc2.bias"),
    # a layer the model does not have
    Case(T, "pose_norm_penalty", None, "float64", "input-error", args="pose_args", wrt="model.fc3.weight",
         message=("model.fc3.weight",)),
    Case(T, "impedance", _at(**RESONANT), "float64", "ok", _at_resonance()),
    Case(T, "impedance", _at(**RESONANT), "float32", "ok", _at_resonance()),
    # R = 0 at resonance: hypot(0, 0) is a cone's apex in every input
    Case(T, "impedance", _at(**RESONANT_BARE), "float64", "domain", lambda: {k: NAN for k in RESONANT}),
] + _both(T, "impedance", CIRCUIT, lambda d: num_grad(_impedance, d, **CIRCUIT)) + [
    # hypot scales before it squares: R = 1e-200 (float64) and 1e-30 (float32) are no trouble
    Case(T, "impedance", _at(**RESONANT_TINY), "float64", "ok", _at_resonance()),
    Case(T, "impedance", _at(R=1e-30, L=1, C=1, omega=1), "float32", "ok", _at_resonance()),
    Case(T, "impedance_naive", _at(**CIRCUIT), "float32", "ok", num_grad(_impedance, "float32", **CIRCUIT)),
    # R^2 = 1e-400 underflows: sqrt(0)'s infinite slope meets 2R and the reactance's 0
    Case(T, "impedance_naive", _at(**RESONANT_TINY), "float64", "unstable", _at_resonance(), SQRT_T),
    Case(T, "impedance_naive", _at(**RESONANT), "float64", "ok", _at_resonance()),
    # a typo'd call: omega forgotten
    Case(T, "impedance", _at(R=1, L=1, C=1), "float64", "input-error", message=("omega",)),
] + _both(T, "power_angle", {"p": 0.5, "x": 0.8}, lambda d: _power_angle_slopes(0.5, 0.8, d)) + [
    # p x = V1 V2: asin's slope is infinite and past it there is no angle
    Case(T, "power_angle", _at(p=1.05, x=1), "float64", "domain", lambda: {"p": NAN, "x": NAN}),
    Case(T, "power_angle", _at(p=1.05, x=1), "float32", "domain", lambda: {"p": NAN, "x": NAN}),
    # the matched load: the delivered power is at its maximum in r_load
    Case(T, "load_power", _at(r_load=2, r_source=2), "float64", "ok", hp(lambda: {"r_load": mpf(0),
                                                                               "r_source": mpf(-1) / 16})),
    Case(T, "load_power", _at(r_load=2, r_source=2), "float32", "ok", hp(lambda: {"r_load": mpf(0),
                                                                               "r_source": mpf(-1) / 16})),
] + _both(T, "hertz_energy", {"overlap": OVERLAPS}, lambda d: _hertz_energy_slopes(OVERLAPS, d)) + [
    # sqrt(0)'s infinite slope times the cube's 0 at touching, where the force is C1 with slope 0: the rules' chain
    # gives NaN in exact arithmetic too
    Case(T, "hertz_force_sqrt", _at(overlap=OVERLAPS), "float64", "wrong", _hertz_force_slopes(OVERLAPS), HERTZ_SQRT),
    Case(T, "hertz_force_sqrt", _at(overlap=OVERLAPS), "float32", "wrong", _hertz_force_slopes(OVERLAPS, "float32"),
         HERTZ_SQRT),
] + _both(T, "hertz_force_sqrt", {"overlap": OVERLAPS_APART}, lambda d: _hertz_force_slopes(OVERLAPS_APART, d)) + _both(
    T, "friction_smooth", {"v": [1e-5, -2e-4, 0], "mu": 0.3},
    lambda d: _friction_smooth_slopes([1e-5, -2e-4, 0], 0.3, d)) + [
    Case(T, "friction_sign", _at(v=[0.5, -0.2], mu=0.3), "float64", "ok", hp(lambda: {"v": [mpf(0), mpf(0)], "mu": mpf(0)})),
    # at rest the sign jumps from -1 to 1
    Case(T, "friction_sign", _at(v=[0, 0.5], mu=0.3), "float64", "domain",
         hp(lambda: {"v": [NAN, mpf(0)], "mu": mpf(10)})),
    Case(T, "friction_work", _at(v=[0, 0.5], mu=0.3), "float64", "domain",
         hp(lambda: {"v": [NAN, 10 * _held("float64", 0.3)], "mu": mpf(5)})),
    Case(T, "friction_work", _at(v=[-0.1, 0.5], mu=0.3), "float32", "ok",
         hp(lambda: {"v": [-10 * _held("float32", 0.3), 10 * _held("float32", 0.3)], "mu": 10 * (_held(
             "float32", 0.1) + _held("float32", 0.5))})),
] + _both(T, "contact_penalty", {"centres": [[0, 0], [1, 1]]},
          lambda d: num_grad(_contact_penalty, d, centres=[[0, 0], [1, 1]])) + [
    # a centre on an obstacle's: the distance is a cone's apex
    Case(T, "contact_penalty", _at(centres=[[0.25, 0], [1, 1]]), "float64", "domain",
         sided_grad(_contact_penalty, centres=[[0.25, 0], [1, 1]])),
    Case(T, "contact_penalty", _at(centres=[[0.25, 0], [1, 1]]), "float32", "domain",
         sided_grad(_contact_penalty, "float32", centres=[[0.25, 0], [1, 1]])),
    Case(T, "contact_penalty_mm", _at(centres=[[0, 0], [1, 1]]), "float64", "ok",
         num_grad(_contact_penalty, centres=[[0, 0], [1, 1]])),
    # a centre 1e-7 from an obstacle's: |c|^2 + |o|^2 - 2 c . o cancels 0.0625 down to 1e-14
    Case(T, "contact_penalty_mm", _at(centres=[[0.2500001, 0], [1, 1]]), "float64", "unstable",
         num_grad(_contact_penalty, centres=[[0.2500001, 0], [1, 1]]), CDIST_MM),
    Case(T, "contact_penalty", _at(centres=[[0.2500001, 0], [1, 1]]), "float64", "ok",
         num_grad(_contact_penalty, centres=[[0.2500001, 0], [1, 1]])),
    Case(T, "soft_contact", _at(d=[0.01, -0.005, 0.03]), "float64", "ok", _soft_contact_slopes([0.01, -0.005, 0.03])),
    # 1024 d = 20 exactly: softplus switches to its linear piece with a jump of 2e-12
    Case(T, "soft_contact", _at(d=[0.01953125, 0.01]), "float64", "domain", _soft_contact_slopes([0.01953125, 0.01])),
    Case(T, "soft_contact", _at(d=[0.01953125, 0.01]), "float32", "domain",
         _soft_contact_slopes([0.01953125, 0.01], "float32")),
    # Shepperd's branch is a Python if on a tensor
    Case(T, "quaternion_from_matrix", _at(R=ROT_Z), "float64", "input-error",
         message=("torch_lib36b.py:", "branches on a tensor's value")),
] + _both(T, "gibbs_mixing", {"x": [0.3, 0.7]}, lambda d: _gibbs_slopes([0.3, 0.7], d)) + [
    # a pure component: x log x has slope -infinite at 0 from the right and no left
    Case(T, "gibbs_mixing", _at(x=[1, 0]), "float64", "domain", _gibbs_slopes([1, 0])),
    Case(T, "gibbs_mixing", _at(x=[1, 0]), "float32", "domain", _gibbs_slopes([1, 0], "float32")),
    Case(T, "gibbs_mixing_entr", _at(x=[0.3, 0.7]), "float64", "ok", _gibbs_slopes([0.3, 0.7])),
    Case(T, "gibbs_mixing_entr", _at(x=[1, 0]), "float64", "domain", _gibbs_slopes([1, 0])),
    Case(T, "gibbs_mixing_naive", _at(x=[0.3, 0.7]), "float32", "ok", _gibbs_slopes([0.3, 0.7], "float32")),
    Case(T, "gibbs_mixing_naive", _at(x=[1, 0]), "float64", "domain", _gibbs_slopes([1, 0])),
    Case(T, "gibbs_mixing_rule", _at(x=[0.3, 0.7]), "float64", "ok", _gibbs_slopes([0.3, 0.7])),
    Case(T, "gibbs_mixing_rule", _at(x=[0.2, 0.5, 0.3]), "float32", "ok", _gibbs_slopes([0.2, 0.5, 0.3], "float32")),
    Case(T, "gibbs_mixing_rule_slip", _at(x=[0.3, 0.7]), "float64", "wrong", _gibbs_slopes([0.3, 0.7]), XLOGX_SLIP),
] + _both(T, "vdw_pressure", {"V": 0.001, "T": 300}, lambda d: _vdw_slopes(0.001, 300, d)) + [
    Case(T, "vdw_pressure_from_energy", _at(V=0.001, T=300), "float64", "ok", _vdw_slopes(0.001, 300)),
    Case(T, "vdw_pressure_from_energy", _at(V=0.0224, T=273.15), "float32", "ok", _vdw_slopes(0.0224, 273.15, "float32")),
    # V = b: the covolume, a pole
    Case(T, "vdw_pressure", _at(V=3.19e-5, T=300), "float64", "domain", lambda: {"V": NAN, "T": NAN}),
    Case(T, "vdw_pressure_from_energy", _at(V=3.19e-5, T=300), "float64", "domain", lambda: {"V": NAN, "T": NAN}),
] + _both(T, "davidson_time", {"flow": 1500, "capacity": 2000},
          lambda d: num_grad(_davidson, d, flow=1500, capacity=2000)) + [
    # at capacity the delay is infinite
    Case(T, "davidson_time", _at(flow=2000, capacity=2000), "float64", "domain", lambda: {"flow": NAN, "capacity": NAN}),
    Case(T, "davidson_time", _at(flow=1999, capacity=2000), "float64", "ok",
         num_grad(_davidson, flow=1999, capacity=2000)),
    Case(T, "greenshields_flow", _at(density=[30, 75, 200]), "float64", "ok", _greenshields_slopes([30, 75, 200])),
    Case(T, "greenshields_flow", _at(density=[30, 150]), "float32", "domain", _greenshields_slopes([30, 150], "float32")),
] + _both(T, "bass_adoption", {"p": 0.03, "q": 0.38}, lambda d: num_grad(_bass, d, p=0.03, q=0.38)) + [
    # an innovation rate of 1e-320 (subnormal): q / p overflows
    Case(T, "bass_adoption", _at(p=1e-320, q=0.4), "float64", "unstable", num_grad(_bass, p=1e-320, q=0.4), BASS_NAIVE),
    # rewritten, q / p is gone, but the adoption itself, 1.3e-318, is subnormal: p (1 - e) keeps 5 digits
    Case(T, "bass_adoption_stable", _at(p=1e-320, q=0.4), "float64", "unstable", _first(num_grad(_bass, p=1e-320, q=0.4)),
         wrt="p"),
    Case(T, "bass_adoption_stable", _at(p=0.03, q=0.38), "float32", "ok", num_grad(_bass, "float32", p=0.03, q=0.38)),
] + _both(T, "bragg_angle", {"d": 2.0}, lambda d: _bragg_slope(2.0, d)) + [
    # lambda = 2d: asin(1), an infinite slope, no angle for a smaller d
    Case(T, "bragg_angle", _at(d=0.7703), "float64", "domain", lambda: {"d": NAN}),
    Case(T, "bragg_angle", _at(d=0.7703), "float32", "domain", lambda: {"d": NAN}),
] + _both(T, "gamma_nll", {"concentration": 2, "rate": 0.2}, lambda d: _gamma_slopes(2, 0.2, d)) + [
    Case(T, "gamma_nll", _at(concentration=1e-8, rate=0.2), "float64", "ok", _gamma_slopes(1e-8, 0.2)),
] + _both(T, "lognormal_nll", {"loc": 2, "scale": 0.5}, lambda d: _lognormal_slopes(2, 0.5, d)) + [
    Case(T, "laplace_nll", _at(loc=10, scale=2), "float64", "ok", _laplace_slopes(10, 2)),
    # the location at a sample: |t - mu| has a kink
    Case(T, "laplace_nll", _at(loc=12, scale=2), "float64", "domain", _laplace_slopes(12, 2)),
    Case(T, "laplace_nll", _at(loc=12, scale=2), "float32", "domain", _laplace_slopes(12, 2, "float32")),
]

KEYS = {"p": 0.5, "x": 0.8}

TF = _both(K, "vdw_pressure", {"V": 0.001, "T": 300}, lambda d: _vdw_slopes(0.001, 300, d)) + [
    Case(K, "vdw_pressure", _at(V=3.19e-5, T=300), "float64", "domain", lambda: {"V": NAN, "T": NAN}),
    Case(K, "gibbs_mixing", _at(x=[0.3, 0.7]), "float64", "ok", _gibbs_slopes([0.3, 0.7])),
    Case(K, "gibbs_mixing", _at(x=[1, 0]), "float64", "domain", _gibbs_slopes([1, 0])),
    Case(K, "gibbs_mixing", _at(x=[0.2, 0.8]), "float32", "ok", _gibbs_slopes([0.2, 0.8], "float32")),
    Case(K, "vdw_pressure", _at(V=0.0224, T=273.15), "float32", "ok", _vdw_slopes(0.0224, 273.15, "float32")),
] + _both(K, "power_angle", KEYS, lambda d: _newton_angle_slopes(0.5, 0.8, d)) + _both(
    K, "power_angle", {"p": -0.9, "x": 0.3}, lambda d: _newton_angle_slopes(-0.9, 0.3, d)) + [
    Case(K, "impedance_naive", _at(**CIRCUIT), "float32", "ok", num_grad(_impedance, "float32", **CIRCUIT)),
    Case(K, "impedance_naive", _at(**RESONANT_TINY), "float64", "unstable", _at_resonance(), SQRT_K),
    Case(K, "friction_force", None, "float64", "ok", _friction_layer_truth(("layer.mu", "v")), args="friction_args",
         wrt="layer.mu,v"),
    Case(K, "friction_force", None, "float64", "wrong", _friction_layer_truth(("layer.mu",)), FRICTION_SLIP,
         args="friction_slip_args", wrt="layer.mu"),
    Case(K, "friction_force_graph", None, "float64", "ok", _friction_layer_truth(("layer.mu", "v")),
         args="friction_args", wrt="layer.mu,v"),
    Case(K, "friction_force_graph", None, "float64", "wrong", _friction_layer_truth(("layer.mu",)), FRICTION_SLIP,
         args="friction_slip_args", wrt="layer.mu"),
    Case(K, "rotation_angle", _at(R=ROT_Z), "float32", "ok", _angle_slopes(ROT_Z, "float32")),
    Case(K, "rotation_angle", _at(R=IDENTITY), "float64", "wrong", _angle_at_edge()),
    Case(K, "rotation_angle", _at(R=HALF_TURN), "float32", "wrong", _angle_at_edge()),
    # Keras' ReLU(threshold=0.5): x where x > 0.5, else 0: a jump at 0.5; capped at 6, a kink
    Case(K, "relu6_threshold", _at(x=[0.2, 3, 7]), "float32", "ok", _plain({"x": [0, 1, 0]})),
    Case(K, "relu6_threshold", _at(x=[0.5, 3]), "float32", "domain", hp(lambda: {"x": [NAN, mpf(1)]})),
    Case(K, "relu6_threshold", _at(x=[6, 3]), "float32", "domain", hp(lambda: {"x": [NAN, mpf(1)]})),
    Case(K, "leaky", _at(x=[2, -3]), "float32", "ok", hp(lambda: {"x": [mpf(1), _held("float32", 0.2)]})),
    Case(K, "leaky", _at(x=[0, 2]), "float32", "domain", hp(lambda: {"x": [NAN, mpf(1)]})),
    # ELU with alpha 1 joins its two pieces with slope 1 on both sides of 0
    Case(K, "elu", _at(x=[0, 1, -1]), "float32", "ok", hp(lambda: {"x": [mpf(1), mpf(1), mpmath.exp(-1)]})),
    Case(K, "mae", _at(y_pred=[1.5, 2.5, 2]), "float32", "ok", hp(lambda: {"y_pred": [mpf(1) / 3, mpf(1) / 3,
                                                                                      -mpf(1) / 3]})),
    # a zero residual: |r| has a kink
    Case(K, "mae", _at(y_pred=[1, 2.5, 2]), "float32", "domain", hp(lambda: {"y_pred": [NAN, mpf(1) / 3, -mpf(1) / 3]})),
    Case(K, "dense_energy", None, "float64", "ok", _dense_truth(), args="dense_args", wrt="dense.kernel,dense.bias"),
    Case(K, "dense_output", None, "float64", "input-error", args="dense_args", wrt="dense.kernal",
         message=("dense.kernal",)),
]

ALL = TORCH + TF
