"""The eighty-seventh trial set (d): DIFFERENTIABLE PHYSICS WITH CONTACT, the losses a differentiable simulator
backpropagates through for a ball or a few particles over four unrolled time steps (dt = 1/64, g = 9.81, a floor at y
= 0 with the penalty stiffness k = 1000), as JAX, PyTorch, TensorFlow and plain NumPy code writes them. JAX
(jax_lib87d): a drop in a jax.lax.fori_loop (symplectic Euler, three independent balls, the loss the sum of the final
heights) with the penalty k max(0, -y)^p for p = 1 (a ball exactly on the floor at the start; all above or in it,
float32 too; a ball landing exactly on the floor after one step, y1 = g/4096 - g/4096 = 0), p = 2 (touching; landing)
and p = 1.5 (touching, float32 too); a Hertzian force where(y < 0, k (-y)^1.5, 0) (above the floor; in it); the soft
contact eps log(1 + exp(-d / eps)) at eps = 1e-3 (d = -1 and, float32, -0.1: exp overflows; ordinary) and eps
jax.nn.softplus(-d / eps) (both dtypes), with eps an input (z = -d / eps = 30, 25; ordinary); Coulomb friction mu
|F_n| sign(v) (v = 0; ordinary; F_n = 0), mu |F_n| tanh(v / eps) (ordinary, float32 too; v / eps = 20) and a
custom_jvp surrogate whose rule is tanh's slope; a restitution bounce where(y <= 0, -e v, v) (y = 0 moving; y = 0 at
rest; float32) and by lax.cond (y = 0; ordinary); the time of impact -y / v (ordinary; a ball at rest), capped
where(v < 0, -y / v, T_MAX) (at rest; ordinary), by the double where (at rest) and by bisection in a lax.while_loop;
symplectic and explicit Euler springs by lax.scan (both dtypes); a pendulum by sin (both dtypes) and its small-angle
form by fori_loop; explicit Euler's energy drift (E_T - E_0)^2 of a pendulum on a pivot at altitude h (h = 0; h =
1e12; float32 at h = 1000); a damped spring's closed form x(t) (c = 1; critical damping c = 4, sqrt(0) and sin(0)/0)
and its three regimes by where on c^2 - 4mk (c = 1, 4); a rope of springs |x_{i+1} - x_i| by jnp.linalg.norm with
rest length 0.25 (ordinary; a zero-length segment) and 0 (a zero-length segment); the penalty energy with a learned
exponent (p = 1.5 and 1 at a touching ball); particle-pair contact k max(0, 2r - |x_i - x_j|) over all pairs, the
diagonal masked by a multiply; the drop with the force as -jax.grad of a potential (ordinary; touching); a ball
driven by a learned force per step through lax.scan's xs (both dtypes); the contact force by a custom_vjp (right:
ordinary, float32, touching; forgetting the contact indicator: out of contact, all in contact) and inside a lax.scan
drop (right: ordinary, landing; forgetful); contacts gathered by y[y < 0] (refused). PyTorch (torch_lib87d): the drop
in a Python loop with F.relu(-y) ** p (p = 1 touching, landing, float32 ordinary; p = 2 and 1.5 touching), the
Hertzian torch.where, the soft contact naive (d = -1) and by F.softplus (its threshold 20 taking the deep entry) and
with eps an input, sign friction, tanh friction (v / eps = 20), a clamped regularised friction clamp(v / eps, -1, 1)
(at v = eps; inside), the bounce, the capped time of impact, the springs (both dtypes), the energy drift at h = 1e12,
the three regimes at c = 4, the rope (zero segment; rest length 0 there and float32), the learned exponent, particle
pairs by torch.linalg.norm, the state as one tensor updated row by row in place (ordinary; touching), the force by
torch.autograd.grad(create_graph=True) and by torch.func.grad (ordinary; touching / landing), the contact force as an
autograd.Function (right; forgetting the indicator), applied once per step of the drop (right: ordinary, landing;
forgetful), in PyTorch 2's spelling (forward without ctx, setup_context), and with a learned stiffness whose backward
returns None for it. TensorFlow (tf_lib87d): the drop in a tf.while_loop (p = 1 touching, float32 ordinary; p = 2
touching), in a Python loop under tf.function (p = 1.5 touching) and under tf.function(jit_compile=True) (p = 1
touching; ordinary), the soft contact naive and by tf.math.softplus, sign and tanh friction, the bounce, the capped
time of impact and tf.math.divide_no_nan's, the spring in a tf.while_loop (both dtypes), the energy drift at 1e12,
the three regimes at c = 4, the rope by tf.norm (zero segment; rest length 0 there), the learned exponent, particle
pairs, the heights of every step in a TensorArray, the force by a nested GradientTape (ordinary; touching), the
contact force by tf.custom_gradient (right; forgetting the indicator; the forgetful one in a tf.function loop), the
contacts by tf.boolean_mask. NumPy (np_lib87d): the drop by np.maximum (p = 1 touching; p = 1.5 touching), the soft
contact naive and by np.logaddexp, sign friction, the bounce, the capped time of impact, the explicit Euler spring,
the pendulum, the energy drift at 1e12, the damped closed form (c = 1; c = 4), the rope (zero segment; rest length
0).

Counts: 147 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged
one at a time in its main thread; a first run of 113, then 38 added in four batches, the corrected ones rerun, 12
repeats pruned, then 139 again in one run and the last 8 added). ALL keeps all 147: 76 ok, 35 domain, 21 wrong, 14
unstable, 1 input error; 130 float64, 17 float32 (JAX 68, PyTorch 37, TensorFlow 28, NumPy 14). All 147 agree with my
truths (after the corrections below) in verdict and in every exact gradient entry to 1e-10 relative and, where a case
names its line or message, in that. No finding. Each check took 1.0-15.6 s (median 4.7 s; NumPy 1.0-1.8 s, JAX
1.9-6.3 s, PyTorch 6.5-10.5 s, TensorFlow 6.8-15.6 s, over 15 s once, TensorFlow's start-up on the loaded machine);
the run of 139 about 14 min of CLI time (7 min on two cores); every truth under 0.3 s. The test file (8 chosen, no
xfails) takes about 10 s.

Agreed (verdicts and exact slopes):
- the penalty at exactly touching: p = 1 is a kink in that ball's y0 (its v0, which moves only later steps in the
  floor, keeps 0.0297): domain (JAX, PyTorch, TensorFlow, NumPy); landing exactly after one step puts the kink in
  y0[0] and v0[0] alike: domain (JAX, PyTorch's loop and torch.func); p = 2 and p = 1.5 have slope 0 on both sides
  and their rules' 2 * 0 and 1.5 * 0^0.5 give it: ok (float32 too; tf.function's loop too); the learned exponent's
  slope at a touching ball is 0 (0^p = 0), every library's pow rule gives it: ok; p = 1 there: domain; from the
  potential's gradient (jax.grad, torch.autograd.grad, torch.func.grad, a nested GradientTape) as from the force
  written out; XLA-compiled TensorFlow too;
- where(y < 0, k (-y)^1.5, 0) above the floor: the untaken power of a negative number is NaN and its rule's NaN times
  the cotangent 0 leaks: wrong, at the line (JAX, PyTorch); all in the floor: ok;
- the soft contact by log(1 + exp(-d / eps)) at -d / eps = 1000 (float32: 100): exp overflows, the slope -1 comes out
  NaN: unstable, at the line (JAX, PyTorch, TensorFlow, NumPy); the library softplus / logaddexp: ok; PyTorch's
  F.softplus is x beyond its threshold 20, its exact slope there -1, as computed; the learned softness eps: d/deps =
  softplus(z) - z sigmoid(z) at z = 30, 25 is 2.9e-12 + 3.6e-10 out of numbers near 30 and 25, JAX's 3.63940e-10 for
  3.63987e-10: unstable; PyTorch's thresholded softplus makes both entries z, its eps-slope exactly 0 = the exact 0:
  ok;
- sign(v) at v = 0 jumps (mu |F_n| each way): v[0] none, v[1] 0, F_n[0] 0 (the value is 0 whatever F_n[0]), F_n[1]
  0.5: domain (all four); |F_n| at F_n = 0: domain; tanh(v / eps) ok at v = 0 (slope mu |F_n| / eps = 1000), but at v
  / eps = 20 tanh rounds to 1 and the rule (1 + ans)(1 - ans) (PyTorch's and TensorFlow's 1 - y^2) gives 0 for
  1.7e-14: unstable; clamp(v / eps, -1, 1) at v = eps exactly (0.001 / 0.001 = 1 held exactly): domain; inside: ok;
  the custom_jvp surrogate (tanh's slope for sign's 0): wrong, at the rule;
- the bounce at y = 0 moving: y[0] jumps (the reflected -e v against v), v[0] keeps -e dt: domain (where and
  lax.cond); at rest (v = 0) no jump, y slope 1: ok;
- the time of impact at a ball at rest: -y / 0 is a pole (y[0], v[0] none; the other ball keeps -1/v = 4 and y/v^2 =
  8): domain; capped by where, the value is T_MAX and y[0]'s exact slope 0, the untaken -y / 0's rule NaN leaks:
  wrong (JAX, PyTorch, TensorFlow, NumPy); the double where: domain (v[0] none: -y / v runs to +inf beside it);
  divide_no_nan: domain (its 0 for y[0] right, v[0] none); ordinary: ok; the bisection's while_loop carries values
  that move only through comparisons: the time is constant near the point, slopes 0: ok (my truth corrected below);
- integrators: symplectic and explicit Euler springs (truth by the step matrix to the 4th power), pendulum and its
  small-angle form, scan over learned forces, every step's height in a TensorArray: ok (float32 too);
- energy drift: at h = 0 ok; at h = 1e12 the two energies near 9.8e12 (ulp 2e-3) cancel to a drift of 0.01087
  (float64 computes 0.01172), and (E_T - E_0)^2's slopes are 8% off: unstable (JAX, PyTorch, TensorFlow, NumPy);
  float32 at h = 1000 too; h's exact slope 0 comes out 0;
- the damped spring: the closed form at c = 1 ok; at critical damping sqrt(0) = 0 and sin(0)/0: no value: domain
  (JAX, NumPy); the three regimes by where: the untaken branches' sqrt of a negative number (or of 0, and sin(0)/0)
  leak NaN into the slope of a function that is entire in c: wrong at c = 1 and c = 4 (JAX), c = 4 (PyTorch,
  TensorFlow);
- norms at a zero-length segment: with rest length 0.25, (|d| - L0)^2 has a cone: domain (all four); with rest length
  0, |d|^2 is smooth: JAX's norm rule (and gradcli.numpy's np.linalg.norm, the standard sqrt rule) 0 / 0: wrong;
  PyTorch's norm rule (0 at 0) and TensorFlow's Sqrt rule (0 for a 0 upstream): ok; particle pairs over all i, j with
  the diagonal masked by a multiply: JAX NaN, wrong at the norm's line; PyTorch and TensorFlow ok;
- hand-written contact rules: right ok (float32 too), touching domain; forgetting the indicator (the slope -k out of
  contact): wrong, at the rule (custom_vjp, autograd.Function, tf.custom_gradient); all balls in contact: ok (the
  forgetful rule is right there); an autograd.Function returning None for a learned stiffness k (exact slope
  2.44e-6): wrong, at the backward; applied once per step of a drop (a Python loop, lax.scan, a tf.function loop):
  right ok, landing domain, forgetful wrong at its rule; PyTorch 2's setup_context spelling: ok;
- PyTorch's in-place row updates of one state tensor: replayed, ok; tf.boolean_mask: replayed, ok (slopes k y and 0);
- the refusal: y[y < 0.0] in JAX: exit 2, "JAX could not trace ...:contact_energy_masked at ...jax_lib87d.py:LINE:
  NonConcreteBooleanIndexError ... the user's own jax.grad of this function fails the same way ... or read it with
  jax.numpy (jnp.where for an if)": names the error and the line, clear.

My truths corrected (gradcli right):
- coulomb at v = 0 (all four frameworks), first by sided differences: a jump of the same height each way gives the
  same huge difference quotient from both sides (9e2003 at 2,000 digits), so the sides "agreed"; written by hand
  (v[0] none).
- np_lib87d:rope_zero_rest at a zero segment, meant ok: NumPy code is differentiated by gradcli's standard rules, and
  np.linalg.norm's is JAX's (sqrt's 0.5 / sqrt(0)), not PyTorch's masked one: wrong, as JAX's (and as cases86d's
  NumPy sphere at a graze).
- tf_lib87d:contact_energy_masked, meant refused as JAX's: TensorFlow runs tf.boolean_mask eagerly and gradcli
  replays it: ok with the exact slopes.
- jax_lib87d:toi_bisect, meant refused (a lax.while_loop JAX cannot reverse): its carry never meets a differentiated
  value (the bisection moves lo and hi only through comparisons), so JAX and gradcli differentiate it: slopes 0, ok.
- my own slips, not gradcli's: scalars wanted where lax.cond / while_loop take a scalar predicate; argument names.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: each slope from the left
and the right, NaN where they differ or either is not finite; by hand where a jump's quotients agree or a pole's
neighbours keep their slopes), never the files' code or gradcli: the drop as the scheme's own recursion with the
penalty k max(0, -y)^p (the mathematics the program means: v += dt (-g + f), y += dt v); the springs by the step
matrices [[1 - dt^2 k, dt], [-dt k, 1]] and [[1, dt], [-dt k, 1]] to the 4th power; the drift as L^2 (w_T^2 - w_0^2)
/ 2 - g L (cos th_T - cos th_0), h cancelled by hand; the damped spring as one entire function of c by the series
C(q) = sum (-q t^2)^n / (2n)!, S(q) = t sum (-q t^2)^n / (2n+1)! (checked against the closed forms at c = 1, 4, 6);
the soft contact by z + log1p(e^-z); tanh, sign, clamp and the norm by mpmath. Constants the programs hold (9.81,
1e-3, 0.8, 0.2) as the dtype holds them; dt, k, mu, L and the rest are exact."""
import mpmath

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib87d.py", "torch_lib87d.py", "tf_lib87d.py", "np_lib87d.py"
F32, F64 = "float32", "float64"

DT = mpf(1) / 64
STEPS = 4
KC = mpf(1000)
MU = mpf("0.5")
KS = mpf(100)
L = mpf("0.5")
KR = mpf(50)
REST = mpf("0.25")


def G(dtype):
    return H(dtype, 9.81)


# ------------------------------------------------------------------------------------------------- the mathematics
def relu(x):
    return max(x, mpf(0))


def drop(p, dtype):
    """The sum of the final heights of independent balls after STEPS symplectic Euler steps with the floor's penalty
    force k max(0, -y)^p (the velocity updated first, the height from the new velocity)."""
    g = G(dtype)

    def f(y0, v0):
        total = mpf(0)
        for y, v in zip(y0, v0):
            for _ in range(STEPS):
                v = v + DT * (-g + KC * relu(-y) ** p)
                y = y + DT * v
            total += y
        return total
    return f


def hertz_force(y):
    """k (-y)^1.5 in the floor, 0 above it."""
    return sum(KC * (-v) ** mpf("1.5") if v < 0 else mpf(0) for v in y)


def soft(dtype):
    """eps softplus(-d / eps), softplus(z) = log(1 + e^z) written as z + log1p(e^-z) for z > 0."""
    eps = H(dtype, 1e-3)

    def sp(z):
        return z + mpmath.log1p(mpmath.exp(-z)) if z > 0 else mpmath.log1p(mpmath.exp(z))
    return lambda d: sum(eps * sp(-v / eps) for v in d)


def soft_torch(dtype):
    """PyTorch's F.softplus: x beyond its threshold 20, log1p(exp(x)) up to it."""
    eps = H(dtype, 1e-3)

    def sp(z):
        return z if z > 20 else mpmath.log1p(mpmath.exp(z))
    return lambda d: sum(eps * sp(-v / eps) for v in d)


def coulomb(v, fn):
    return sum(MU * abs(f) * mpmath.sign(u) for u, f in zip(v, fn))


def coulomb_smooth(dtype):
    eps = H(dtype, 1e-3)
    return lambda v, fn: sum(MU * abs(f) * mpmath.tanh(u / eps) for u, f in zip(v, fn))


def bounce(dtype):
    e = H(dtype, 0.8)
    return lambda y, v: sum(a + DT * (-e * b if a <= 0 else b) for a, b in zip(y, v))


def toi_capped(y, v):
    return sum(-a / b if b < 0 else mpf(10) for a, b in zip(y, v))


def toi(y, v):
    return sum(-a / b for a, b in zip(y, v))


def _matpow_energy(step):
    """0.5 k x^2 + 0.5 v^2 of the state after STEPS applications of the linear step matrix."""
    def f(x0, v0):
        A = mpmath.matrix(step) ** STEPS
        x = A[0, 0] * x0 + A[0, 1] * v0
        v = A[1, 0] * x0 + A[1, 1] * v0
        return KS * x * x / 2 + v * v / 2
    return f


# symplectic Euler: v' = v - dt k x, x' = x + dt v' = (1 - dt^2 k) x + dt v;
# explicit Euler: x' = x + dt v, v' = v - dt k x
spring_symplectic = _matpow_energy([[1 - DT * DT * KS, DT], [-DT * KS, 1]])
spring_explicit = _matpow_energy([[1, DT], [-DT * KS, 1]])


def pendulum(dtype, small=False):
    """Semi-implicit Euler on theta'' = -(g / L) sin theta (or theta): the angle after STEPS steps."""
    gl = G(dtype) / L

    def f(theta0, w0):
        th, w = theta0, w0
        for _ in range(STEPS):
            w = w - DT * gl * (th if small else mpmath.sin(th))
            th = th + DT * w
        return th
    return f


def drift(dtype):
    """(E_T - E_0)^2 of explicit Euler on the pendulum, E = L^2 w^2 / 2 + g (h - L cos theta): the pivot's altitude
    h cancels from the difference exactly."""
    g = G(dtype)

    def f(theta0, w0, h):
        th, w = theta0, w0
        for _ in range(STEPS):
            th, w = th + DT * w, w - DT * g / L * mpmath.sin(th)
        diff = L * L * (w * w - w0 * w0) / 2 - g * L * (mpmath.cos(th) - mpmath.cos(theta0))
        return diff * diff
    return f


def damped(c):
    """x(t) of x'' + c x' + 4 x = 0, x(0) = 1, x'(0) = 0, at t = 1/2, as one entire function of c: with q = (4 m k -
    c^2) / (4 m^2), x = e^{-a t} (x0 C(q) + (v0 + a x0) S(q)), C = sum (-q t^2)^n / (2n)!, S = t sum (-q t^2)^n /
    (2n+1)! (cos / sin(w t)/w for every sign of q, critical damping included)."""
    m, k, t, x0, v0 = mpf(1), mpf(4), mpf("0.5"), mpf(1), mpf(0)
    q = (4 * m * k - c * c) / (4 * m * m)
    a = c / (2 * m)
    z = -q * t * t
    C = S = mpf(0)
    term, n = mpf(1), 0
    tiny = mpmath.mpf(10) ** (-mpmath.mp.dps - 20)
    while True:  # term = z^n / (2n)!
        C += term
        S += term / (2 * n + 1)
        n += 1
        term = term * z / ((2 * n - 1) * (2 * n))
        if abs(term) < tiny and n > 5:
            break
    return mpmath.exp(-a * t) * (x0 * C + (v0 + a * x0) * t * S)


def _seglen(a, b):
    return mpmath.sqrt(sum((p - q) ** 2 for p, q in zip(a, b)))


def rope(x):
    return sum(KR / 2 * (_seglen(x[i + 1], x[i]) - REST) ** 2 for i in range(len(x) - 1))


def rope_zero_rest(x):
    """|d|^2 = d . d: no norm needed."""
    return sum(KR / 2 * sum((p - q) ** 2 for p, q in zip(x[i + 1], x[i])) for i in range(len(x) - 1))


def contact_step(dtype):
    """One symplectic step with the force k max(0, -y): sum of y + dt (v + dt (-g + k max(0, -y)))."""
    g = G(dtype)
    return lambda y, v: sum(a + DT * (b + DT * (-g + KC * relu(-a))) for a, b in zip(y, v))


def contact_step_bad(dtype):
    """What the forgetful rule differentiates: the force -k y everywhere (its slope -k), the value the right one."""
    g = G(dtype)
    return lambda y, v: sum(a + DT * (b + DT * (-g - KC * a)) for a, b in zip(y, v))


def penalty_energy(y, p):
    """sum k max(0, -y)^p, the exponent an input too: 0^p = 0 for p > 0, whatever p."""
    return sum(KC * relu(-v) ** p for v in y)


def pairs(x):
    """sum over ordered pairs i != j of k max(0, 2r - |x_i - x_j|), 2r the double 0.2."""
    r2 = H(F64, 0.2)
    return sum(KC * relu(r2 - _seglen(x[i], x[j])) for i in range(len(x)) for j in range(len(x)) if i != j)


def trajectory(dtype):
    """The heights of every step summed: symplectic Euler with the penalty k max(0, -y)^2."""
    g = G(dtype)

    def f(y0, v0):
        total = mpf(0)
        for y, v in zip(y0, v0):
            for _ in range(STEPS):
                v = v + DT * (-g + KC * relu(-y) ** 2)
                y = y + DT * v
                total += y
        return total
    return f


def soft_eps(d, eps):
    """eps softplus(-d / eps) with eps an input: d/deps = softplus(z) - z sigmoid(z), z = -d / eps."""
    def sp(z):
        return z + mpmath.log1p(mpmath.exp(-z)) if z > 0 else mpmath.log1p(mpmath.exp(z))
    return sum(eps * sp(-v / eps) for v in d)


def soft_eps_torch(d, eps):
    """F.softplus: x beyond its threshold 20 (the deep entry's z = 30 takes it)."""
    def sp(z):
        return z if z > 20 else mpmath.log1p(mpmath.exp(z))
    return sum(eps * sp(-v / eps) for v in d)


def stiffness_step(dtype):
    g = G(dtype)
    return lambda y, v, k: sum(a + DT * (b + DT * (-g + k * relu(-a))) for a, b in zip(y, v))


def forced(dtype):
    """sum over the steps of the height, the ball starting at rest, driven by the forces (penalty k max(0, -y)^2)."""
    g = G(dtype)

    def f(y0, forces):
        total = mpf(0)
        y, v = y0, mpf(0)
        for u in forces:
            v = v + DT * (-g + u + KC * relu(-y) ** 2)
            y = y + DT * v
            total += y
        return total
    return f


def coulomb_clamped(dtype):
    eps = H(dtype, 1e-3)
    return lambda v, fn: sum(MU * abs(f) * min(max(u / eps, mpf(-1)), mpf(1)) for u, f in zip(v, fn))


def masked_energy(y):
    return sum(KC / 2 * v * v for v in y if v < 0)


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Hand(file, function, dtype, verdict, truth, line=None, **point):
    """A truth written by hand (entries that keep their slopes beside a pole)."""
    return Case(file, function, at(**point), dtype, verdict, hp(lambda: {k: [mpf(v) for v in vs] if isinstance(vs, list)
                                                                         else mpf(vs) for k, vs in truth.items()}),
                line=line)


def Nan(file, function, dtype, verdict, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(lambda: {k: NAN for k in point}))


def Err(file, function, point, message, dtype=F64):
    return Case(file, function, at(**point), dtype, "input-error", message=message)


Y_TOUCH = [0.0, 0.25, -0.01]  # ball 0 exactly on the floor, ball 1 above it, ball 2 in it
# ball 0 lands exactly after one step: y1 = g/4096 + (1/64)(0 - g/64) = 0 (g the double 9.81; g/4096 is a double);
# its second step's force meets the kink, in y0[0] and v0[0] alike
Y_LAND = [9.81 / 4096, 0.25]
V_LAND = [0.0, -1.0]
Y_FREE = [0.5, 0.25, -0.01]
V_DROP = [0.0, -1.0, 0.5]
D_DEEP = [-1.0, 0.002, 0.0]  # -d / eps = 1000: exp overflows float64
D_DEEP32 = [-0.1, 0.002, 0.0]  # -d / eps = 100: exp overflows float32
D_ORD = [0.001, 0.002, 0.0]
FN = [-2.0, 1.5]
Y_B = [0.0, 0.5, -0.1]
V_B = [-2.0, -1.0, -3.0]
Y_T = [1.0, 0.5]
V_T0 = [0.0, -0.25]  # the first ball at rest: no impact
X_ROPE = [[0.0, 0.0], [0.25, 0.1], [0.5, 0.0]]
X_COINCIDE = [[0.0, 0.0], [0.3, 0.0], [0.3, 0.0]]  # a zero-length segment
Y_C = [-0.01, 0.3]
V_C = [0.5, -1.0]
D_EPS = [-0.03, -0.025]  # z = -d / eps = 30, 25: softplus(z) - z sigmoid(z) (2.9e-12, 3.6e-10) from two numbers near z
Y_PEN = [0.0, -0.01, 0.3]
X_PAIRS = [[0.0, 0.0], [0.15, 0.0], [1.0, 0.0]]  # particles 0 and 1 overlap (0.15 < 2r = 0.2)

D1 = lambda *a: drop(1, *a)  # noqa: E731
D2 = lambda *a: drop(2, *a)  # noqa: E731
D15 = lambda *a: drop(mpf("1.5"), *a)  # noqa: E731
# mu |fn| sign(v) at v = 0: a jump of mu |fn| each way (the same difference quotient from both sides, so by hand):
# v[0] none, v[1] 0; fn[0] 0 (the value 0 whatever fn[0]), fn[1] mu sign(fn[1]) sign(v[1]) = 0.5
SIGN_JUMP = {"v": [NAN, 0], "fn": [0, "0.5"]}
BOUNCE1 = lambda y, v: bounce(F64)([y], [v])  # noqa: E731  one ball, scalars
TOI_POLE = {"y": [NAN, 4], "v": [NAN, 8]}  # -y / v: the resting ball's entries none, the other's -1/v and y/v^2

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "drop_linear", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(J, "drop_linear", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(J, "drop_linear", F32, "ok", D1(F32), y0=Y_FREE, v0=V_DROP),
    S(J, "drop_quadratic", F64, "ok", D2(F64), y0=Y_TOUCH, v0=V_DROP),
    S(J, "drop_linear", F64, "domain", D1(F64), y0=Y_LAND, v0=V_LAND),
    S(J, "drop_quadratic", F64, "ok", D2(F64), y0=Y_LAND, v0=V_LAND),
    S(J, "drop_hertz", F64, "ok", D15(F64), y0=Y_TOUCH, v0=V_DROP),
    S(J, "drop_hertz", F32, "ok", D15(F32), y0=Y_TOUCH, v0=V_DROP),
    S(J, "contact_where", F64, "wrong", hertz_force, y=[0.3, -0.01],
      line="force = jnp.where(y < 0.0, K_CONTACT * (-y) ** 1.5, 0.0)"),
    S(J, "contact_where", F64, "ok", hertz_force, y=[-0.2, -0.01]),
    S(J, "soft_contact_naive", F64, "unstable", soft(F64), d=D_DEEP,
      line="return jnp.sum(EPS * jnp.log(1.0 + jnp.exp(-d / EPS)))"),
    S(J, "soft_contact", F64, "ok", soft(F64), d=D_DEEP),
    S(J, "soft_contact_naive", F32, "unstable", soft(F32), d=D_DEEP32),
    S(J, "soft_contact", F32, "ok", soft(F32), d=D_DEEP32),
    S(J, "soft_contact_naive", F64, "ok", soft(F64), d=D_ORD),
    Hand(J, "coulomb", F64, "domain", SIGN_JUMP, v=[0.0, 0.3], fn=FN),
    S(J, "coulomb", F64, "ok", coulomb, v=[-0.1, 0.3], fn=FN),
    S(J, "coulomb", F64, "domain", coulomb, v=[0.3, 0.3], fn=[0.0, 1.5]),
    S(J, "coulomb_smooth", F64, "ok", coulomb_smooth(F64), v=[0.0, 0.0005], fn=FN),
    S(J, "coulomb_smooth", F32, "ok", coulomb_smooth(F32), v=[0.0, 0.0005], fn=FN),
    S(J, "coulomb_smooth", F64, "unstable", coulomb_smooth(F64), v=[0.02, 0.0005], fn=FN),
    S(J, "bounce", F64, "domain", bounce(F64), y=Y_B, v=V_B),
    S(J, "bounce", F64, "ok", bounce(F64), y=[0.0, 0.5], v=[0.0, -1.0]),
    S(J, "bounce", F32, "ok", bounce(F32), y=[0.25, -0.5], v=[-1.0, 2.0]),
    S(J, "toi", F64, "ok", toi, y=Y_T, v=[-2.0, -0.25]),
    Hand(J, "toi", F64, "domain", TOI_POLE, y=Y_T, v=V_T0),
    S(J, "toi_capped", F64, "wrong", toi_capped, y=Y_T, v=V_T0, line="t = jnp.where(v < 0.0, -y / v, T_MAX)"),
    S(J, "toi_capped", F64, "ok", toi_capped, y=Y_T, v=[1.0, -0.25]),
    S(J, "toi_safe", F64, "domain", toi_capped, y=Y_T, v=V_T0),
    S(J, "spring_symplectic", F64, "ok", spring_symplectic, x0=1.0, v0=0.0),
    S(J, "spring_symplectic", F32, "ok", spring_symplectic, x0=1.0, v0=0.0),
    S(J, "spring_explicit", F64, "ok", spring_explicit, x0=1.0, v0=0.5),
    S(J, "spring_explicit", F32, "ok", spring_explicit, x0=1.0, v0=0.5),
    S(J, "pendulum", F64, "ok", pendulum(F64), theta0=0.5, w0=0.0),
    S(J, "pendulum", F32, "ok", pendulum(F32), theta0=0.5, w0=0.0),
    S(J, "pendulum_small", F64, "ok", pendulum(F64, small=True), theta0=0.5, w0=0.25),
    S(J, "energy_drift", F64, "ok", drift(F64), theta0=0.5, w0=0.0, h=0.0),
    S(J, "energy_drift", F64, "unstable", drift(F64), theta0=0.5, w0=0.0, h=1e12),
    S(J, "energy_drift", F32, "unstable", drift(F32), theta0=0.5, w0=0.0, h=1000.0),
    S(J, "damped", F64, "ok", damped, c=1.0),
    Nan(J, "damped", F64, "domain", c=4.0),
    S(J, "damped_cases", F64, "wrong", damped, c=1.0),
    S(J, "damped_cases", F64, "wrong", damped, c=4.0),
    S(J, "rope", F64, "ok", rope, x=X_ROPE),
    S(J, "rope", F64, "domain", rope, x=X_COINCIDE),
    S(J, "rope_zero_rest", F64, "wrong", rope_zero_rest, x=X_COINCIDE),
    S(J, "step_custom", F64, "ok", contact_step(F64), y=Y_C, v=V_C),
    S(J, "step_custom", F32, "ok", contact_step(F32), y=Y_C, v=V_C),
    S(J, "step_custom", F64, "domain", contact_step(F64), y=[0.0, 0.3], v=V_C),
    S(J, "step_custom_bad", F64, "wrong", contact_step(F64), y=Y_C, v=V_C, line="def contact_bad_bwd"),
    S(J, "step_custom_bad", F64, "ok", contact_step(F64), y=[-0.01, -0.3], v=V_C),
    S(J, "penalty_energy", F64, "ok", penalty_energy, y=Y_PEN, p=1.5),
    S(J, "penalty_energy", F64, "domain", penalty_energy, y=Y_PEN, p=1.0),
    S(J, "pair_penalty", F64, "wrong", pairs, x=X_PAIRS,
      line="dist = jnp.linalg.norm(diff, axis=-1)"),
    S(J, "coulomb_surrogate", F64, "wrong", coulomb, v=[0.01, 0.3], fn=FN, line="def smooth_sign_jvp"),
    S(J, "soft_contact_eps", F64, "unstable", soft_eps, d=D_EPS, eps=0.001),
    S(J, "soft_contact_eps", F64, "ok", soft_eps, d=D_ORD, eps=0.001),
    S(J, "drop_potential", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),  # -d/dy (k max(0,-y)^2 / 2) = k max(0,-y)
    S(J, "drop_potential", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(J, "bounce_cond", F64, "domain", BOUNCE1, y=0.0, v=-2.0),
    S(J, "bounce_cond", F64, "ok", BOUNCE1, y=0.5, v=-2.0),
    S(J, "forced", F64, "ok", forced(F64), y0=0.005, forces=[0.0, 5.0, -5.0, 20.0]),
    S(J, "forced", F32, "ok", forced(F32), y0=0.005, forces=[0.0, 5.0, -5.0, 20.0]),
    S(J, "drop_custom_scan", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(J, "drop_custom_scan", F64, "domain", D1(F64), y0=Y_LAND, v0=V_LAND),
    S(J, "drop_custom_scan_bad", F64, "wrong", D1(F64), y0=Y_FREE, v0=V_DROP, line="def contact_bad_bwd"),
    # the bisection's carry moves only through comparisons: the time it returns is a constant near the point
    Hand(J, "toi_bisect", F64, "ok", {"y": 0, "v": 0}, y=1.0, v=0.5),
    # the contacts gathered by a boolean mask: a shape that depends on the values (JAX cannot trace it)
    Err(J, "contact_energy_masked", dict(y=[-0.01, 0.3]), ("NonConcreteBooleanIndexError", "jax_lib87d.py:")),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "drop_linear", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(T, "drop_linear", F32, "ok", D1(F32), y0=Y_FREE, v0=V_DROP),
    S(T, "drop_quadratic", F64, "ok", D2(F64), y0=Y_TOUCH, v0=V_DROP),
    S(T, "drop_linear", F64, "domain", D1(F64), y0=Y_LAND, v0=V_LAND),
    S(T, "drop_hertz", F64, "ok", D15(F64), y0=Y_TOUCH, v0=V_DROP),
    S(T, "contact_where", F64, "wrong", hertz_force, y=[0.3, -0.01]),
    S(T, "soft_contact_naive", F64, "unstable", soft(F64), d=D_DEEP),
    S(T, "soft_contact", F64, "ok", soft_torch(F64), d=D_DEEP),
    Hand(T, "coulomb", F64, "domain", SIGN_JUMP, v=[0.0, 0.3], fn=FN),
    S(T, "coulomb_smooth", F64, "unstable", coulomb_smooth(F64), v=[0.02, 0.0005], fn=FN),
    S(T, "bounce", F64, "domain", bounce(F64), y=Y_B, v=V_B),
    S(T, "toi_capped", F64, "wrong", toi_capped, y=Y_T, v=V_T0),
    S(T, "spring_symplectic", F64, "ok", spring_symplectic, x0=1.0, v0=0.0),
    S(T, "spring_symplectic", F32, "ok", spring_symplectic, x0=1.0, v0=0.0),
    S(T, "energy_drift", F64, "unstable", drift(F64), theta0=0.5, w0=0.0, h=1e12),
    S(T, "damped_cases", F64, "wrong", damped, c=4.0),
    S(T, "rope", F64, "domain", rope, x=X_COINCIDE),
    S(T, "rope_zero_rest", F64, "ok", rope_zero_rest, x=X_COINCIDE),
    S(T, "rope_zero_rest", F32, "ok", rope_zero_rest, x=X_ROPE),
    S(T, "step_custom", F64, "ok", contact_step(F64), y=Y_C, v=V_C),
    S(T, "step_custom_bad", F64, "wrong", contact_step(F64), y=Y_C, v=V_C,
      line="class ContactForceBad>>def backward(ctx, g):"),
    S(T, "penalty_energy", F64, "ok", penalty_energy, y=Y_PEN, p=1.5),
    S(T, "pair_penalty", F64, "ok", pairs, x=X_PAIRS),
    S(T, "drop_inplace", F64, "ok", D2(F64), y0=Y_FREE, v0=V_DROP),
    S(T, "drop_potential", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(T, "drop_potential", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(T, "drop_functorch", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(T, "drop_functorch", F64, "domain", D1(F64), y0=Y_LAND, v0=V_LAND),
    S(T, "drop_custom", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(T, "drop_custom", F64, "domain", D1(F64), y0=Y_LAND, v0=V_LAND),
    S(T, "drop_custom_bad", F64, "wrong", D1(F64), y0=Y_FREE, v0=V_DROP,
      line="class ContactForceBad>>def backward(ctx, g):"),
    S(T, "step_ctx", F64, "ok", contact_step(F64), y=Y_C, v=V_C),
    S(T, "coulomb_clamped", F64, "domain", coulomb_clamped(F64), v=[0.001, 0.0005], fn=FN),
    S(T, "coulomb_clamped", F64, "ok", coulomb_clamped(F64), v=[0.002, 0.0005], fn=FN),
    S(T, "soft_contact_eps", F64, "ok", soft_eps_torch, d=D_EPS, eps=0.001),
    S(T, "step_stiffness", F64, "wrong", stiffness_step(F64), y=Y_C, v=V_C, k=1000.0,
      line="class ContactForceK>>def backward(ctx, g):"),
    S(T, "drop_inplace", F64, "ok", D2(F64), y0=Y_TOUCH, v0=V_DROP),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "drop_linear", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(K, "drop_linear", F32, "ok", D1(F32), y0=Y_FREE, v0=V_DROP),
    S(K, "drop_quadratic", F64, "ok", D2(F64), y0=Y_TOUCH, v0=V_DROP),
    S(K, "drop_hertz", F64, "ok", D15(F64), y0=Y_TOUCH, v0=V_DROP),
    S(K, "soft_contact_naive", F64, "unstable", soft(F64), d=D_DEEP),
    S(K, "soft_contact", F64, "ok", soft(F64), d=D_DEEP),
    Hand(K, "coulomb", F64, "domain", SIGN_JUMP, v=[0.0, 0.3], fn=FN),
    S(K, "coulomb_smooth", F64, "unstable", coulomb_smooth(F64), v=[0.02, 0.0005], fn=FN),
    S(K, "bounce", F64, "domain", bounce(F64), y=Y_B, v=V_B),
    S(K, "toi_capped", F64, "wrong", toi_capped, y=Y_T, v=V_T0),
    S(K, "spring_symplectic", F64, "ok", spring_symplectic, x0=1.0, v0=0.0),
    S(K, "spring_symplectic", F32, "ok", spring_symplectic, x0=1.0, v0=0.0),
    S(K, "energy_drift", F64, "unstable", drift(F64), theta0=0.5, w0=0.0, h=1e12),
    S(K, "rope", F64, "domain", rope, x=X_COINCIDE),
    S(K, "rope_zero_rest", F64, "ok", rope_zero_rest, x=X_COINCIDE),
    S(K, "step_custom", F64, "ok", contact_step(F64), y=Y_C, v=V_C),
    S(K, "step_custom_bad", F64, "wrong", contact_step(F64), y=Y_C, v=V_C, line="def contact_force_bad>>def grad(g):"),
    S(K, "penalty_energy", F64, "ok", penalty_energy, y=Y_PEN, p=1.5),
    S(K, "pair_penalty", F64, "ok", pairs, x=X_PAIRS),
    # tf.boolean_mask is replayed: the energy of the contacts gathered, each penetration's slope k y
    S(K, "contact_energy_masked", F64, "ok", masked_energy, y=[-0.01, 0.3]),
    S(K, "drop_custom_bad", F64, "wrong", D1(F64), y0=Y_FREE, v0=V_DROP, line="def contact_force_bad>>def grad(g):"),
    S(K, "drop_xla", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(K, "drop_xla", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(K, "drop_potential", F64, "ok", D1(F64), y0=Y_FREE, v0=V_DROP),
    S(K, "drop_potential", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    # divide_no_nan(-y, 0) is 0 for every y: y[0]'s slope 0; v[0] none (-y / v beside it)
    Hand(K, "toi_no_nan", F64, "domain", {"y": [0, 4], "v": [NAN, 8]}, y=Y_T, v=V_T0),
    S(K, "damped_cases", F64, "wrong", damped, c=4.0),
    S(K, "trajectory_heights", F64, "ok", trajectory(F64), y0=Y_TOUCH, v0=V_DROP),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "drop_linear", F64, "domain", D1(F64), y0=Y_TOUCH, v0=V_DROP),
    S(N, "drop_hertz", F64, "ok", D15(F64), y0=Y_TOUCH, v0=V_DROP),
    S(N, "soft_contact_naive", F64, "unstable", soft(F64), d=D_DEEP,
      line="return np.sum(EPS * np.log(1.0 + np.exp(-d / EPS)))"),
    S(N, "soft_contact", F64, "ok", soft(F64), d=D_DEEP),
    Hand(N, "coulomb", F64, "domain", SIGN_JUMP, v=[0.0, 0.3], fn=FN),
    S(N, "bounce", F64, "domain", bounce(F64), y=Y_B, v=V_B),
    S(N, "toi_capped", F64, "wrong", toi_capped, y=Y_T, v=V_T0),
    S(N, "spring_explicit", F64, "ok", spring_explicit, x0=1.0, v0=0.5),
    S(N, "pendulum", F64, "ok", pendulum(F64), theta0=0.5, w0=0.0),
    S(N, "energy_drift", F64, "unstable", drift(F64), theta0=0.5, w0=0.0, h=1e12),
    S(N, "damped", F64, "ok", damped, c=1.0),
    Nan(N, "damped", F64, "domain", c=4.0),
    S(N, "rope", F64, "domain", rope, x=X_COINCIDE),
    # np.linalg.norm differentiated by the standard rule, as JAX's: sqrt's 0.5 / sqrt(0) meets the zero segment
    S(N, "rope_zero_rest", F64, "wrong", rope_zero_rest, x=X_COINCIDE),
]
