"""A user's JAX code, hundred-and-fifth round (d): signed distance fields and implicit surfaces as neural-implicit and
graphics code writes them: SDFs of a sphere, a box (norm(max(q, 0)) + min(max(q), 0), q = |p| - b), a torus and a
capsule (a clipped projection); CSG by min / max and smooth minima (the polynomial smin with a clipped h, the
exponential -k log(exp(-a/k) + exp(-b/k)) and its logsumexp form); an occupancy sigmoid(-sdf / eps); sphere tracing,
four fixed steps; a SIREN layer sin(30 (W x + b)); positional encodings sin(2^k pi x), k < 10 and k < 20; the eikonal
loss (||grad f(p)|| - 1)^2 with grad f by jax.grad inside the function; a surface normal grad f / ||grad f||; and a
safe norm by jax.custom_vjp, with the right rule and with a slipped one."""

import jax
import jax.numpy as jnp
import numpy as np

BOX = np.array([1.0, 0.5, 0.25])  # the box's half-sizes
R_MAJOR, R_MINOR = 1.0, 0.25  # the torus
CAP_A, CAP_B = np.array([0.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])  # the capsule's segment
C1, C2 = np.array([-1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0])  # two unit spheres for CSG
EPS_OCC = 1e-3
TARGET = np.array([0.0, 0.0, 3.0])  # the sphere a ray marches to
RAY = np.array([0.0, 0.0, 1.0])
W1 = np.array([[0.5, -0.25], [0.75, 0.5], [-0.5, 1.25]])  # SIREN's first layer
B1 = np.array([0.125, -0.25, 0.0625])
V = np.array([0.5, -0.75, 0.25])
W0 = 30.0
READ = np.array([0.5, -0.25, 1.0])


def _t(a, like):
    return jnp.asarray(a, dtype=like.dtype)


# ------------------------------------------------------------------------------------------------- primitives
def sphere(p, r):
    return jnp.linalg.norm(p) - r


def _box(p):
    q = jnp.abs(p) - _t(BOX, p)
    return jnp.linalg.norm(jnp.maximum(q, 0.0)) + jnp.minimum(jnp.max(q), 0.0)


def box(p):
    return _box(p)


def torus(p):
    q = jnp.stack([jnp.linalg.norm(p[jnp.array([0, 2])]) - R_MAJOR, p[1]])
    return jnp.linalg.norm(q) - R_MINOR


def capsule(p, r):
    pa, ba = p - _t(CAP_A, p), _t(CAP_B, p) - _t(CAP_A, p)
    h = jnp.clip(jnp.dot(pa, ba) / jnp.dot(ba, ba), 0.0, 1.0)
    return jnp.linalg.norm(pa - ba * h) - r


# ------------------------------------------------------------------------------------------------- CSG
def union(p):
    return jnp.minimum(jnp.linalg.norm(p - _t(C1, p)) - 1.0, jnp.linalg.norm(p - _t(C2, p)) - 1.0)


def intersect(p):
    return jnp.maximum(jnp.linalg.norm(p - _t(C1, p)) - 1.0, jnp.linalg.norm(p - _t(C2, p)) - 1.0)


def smin_poly(a, b, k):
    """Inigo Quilez's polynomial smooth minimum."""
    h = jnp.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1.0 - h) + a * h - k * h * (1.0 - h)


def smin_exp(a, b, k):
    return -k * jnp.log(jnp.exp(-a / k) + jnp.exp(-b / k))


def smin_lse(a, b, k):
    return -k * jax.nn.logsumexp(jnp.stack([-a / k, -b / k]))


# ------------------------------------------------------------------------------------------------- occupancy, tracing
def occupancy(p):
    return jax.nn.sigmoid(-(jnp.linalg.norm(p) - 1.0) / EPS_OCC)


def occupancy_naive(p):
    return 1.0 / (1.0 + jnp.exp((jnp.linalg.norm(p) - 1.0) / EPS_OCC))


def sphere_trace(o):
    """Four sphere-tracing steps from o along +z to the unit sphere at (0, 0, 3): the distance travelled."""
    t = jnp.zeros((), o.dtype)
    for _ in range(4):
        t = t + jnp.linalg.norm(o + t * _t(RAY, o) - _t(TARGET, o)) - 1.0
    return t


def sphere_trace_union(o):
    """The same march to the union of unit spheres at (-0.5, 0, 3) and (0.5, 0, 3)."""
    t = jnp.zeros((), o.dtype)
    for _ in range(4):
        x = o + t * _t(RAY, o)
        d1 = jnp.linalg.norm(x - _t([-0.5, 0.0, 3.0], o)) - 1.0
        d2 = jnp.linalg.norm(x - _t([0.5, 0.0, 3.0], o)) - 1.0
        t = t + jnp.minimum(d1, d2)
    return t


# ------------------------------------------------------------------------------------------------- SIREN, encodings
def _siren(x):
    return jnp.dot(_t(V, x), jnp.sin(W0 * (_t(W1, x) @ x + _t(B1, x))))


def siren(x):
    return _siren(x)


def posenc10(x):
    k = jnp.arange(10)
    return jnp.sum(jnp.sin(2.0 ** k * jnp.pi * x))


def posenc20(x):
    k = jnp.arange(20)
    return jnp.sum(jnp.sin(2.0 ** k * jnp.pi * x))


# ------------------------------------------------------------------------------------------------- eikonal, normals
def _sq(p):
    return jnp.sum(p * p) - 1.0


def eikonal_sq(p):
    """(||grad f|| - 1)^2 for f = |p|^2 - 1 (not a distance: its gradient is 2p)."""
    return (jnp.linalg.norm(jax.grad(_sq)(p)) - 1.0) ** 2


def eikonal_box(p):
    return (jnp.linalg.norm(jax.grad(_box)(p)) - 1.0) ** 2


def eikonal_siren(x):
    return (jnp.linalg.norm(jax.grad(_siren)(x)) - 1.0) ** 2


def _sphere_sdf(p):
    return jnp.linalg.norm(p) - 1.0


def eikonal_sphere(p):
    return (jnp.linalg.norm(jax.grad(_sphere_sdf)(p)) - 1.0) ** 2


def normal_sq(p):
    g = jax.grad(_sq)(p)
    return jnp.dot(g / jnp.linalg.norm(g), _t(READ, p))


def normal_torus(p):
    g = jax.grad(torus)(p)
    return jnp.dot(g / jnp.linalg.norm(g), _t(READ, p))


# ------------------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def safe_norm(x):
    return jnp.linalg.norm(x)


def _safe_norm_fwd(x):
    n = jnp.linalg.norm(x)
    return n, (x, n)


def _safe_norm_bwd(res, ct):
    x, n = res
    return (ct * jnp.where(n > 0, x / jnp.where(n > 0, n, 1.0), 0.0),)


safe_norm.defvjp(_safe_norm_fwd, _safe_norm_bwd)


@jax.custom_vjp
def slipped_norm(x):
    return jnp.linalg.norm(x)


def _slipped_norm_fwd(x):
    return jnp.linalg.norm(x), x


def _slipped_norm_bwd(x, ct):
    return (ct * x,)  # forgets to divide by the norm


slipped_norm.defvjp(_slipped_norm_fwd, _slipped_norm_bwd)


def sphere_safe(p, r):
    return safe_norm(p) - r


def box_safe(p):
    q = jnp.abs(p) - _t(BOX, p)
    return safe_norm(jnp.maximum(q, 0.0)) + jnp.minimum(jnp.max(q), 0.0)


def box_slipped(p):
    q = jnp.abs(p) - _t(BOX, p)
    return slipped_norm(jnp.maximum(q, 0.0)) + jnp.minimum(jnp.max(q), 0.0)
