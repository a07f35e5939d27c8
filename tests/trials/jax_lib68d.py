"""A user's JAX code, sixty-eighth round (d): 3-D geometry, rotations and simple physics as robotics / simulation code
writes it in JAX. Quaternion normalisation with an eps floor, quaternion -> rotation matrix, Rodrigues' rotation
naive, with a Taylor switch by one jnp.where, with the double where around jnp.linalg.norm and around the squared
norm, the SO(3) log map (theta / (2 sin theta) by a where), the angle between vectors by arccos(clip), a sphere SDF,
pairwise distances by hand (bare and with the double where), the Chamfer distance, a zero-rest-length spring,
pairwise gravity and Verlet steps in lax.fori_loop."""
import jax
import jax.numpy as jnp

V3 = jnp.array([1.0, 2.0, 3.0])
W3 = jnp.array([1.0, -2.0, 0.5])
W4 = jnp.array([0.5, -1.0, 2.0, 0.25])


def skew(v):
    return jnp.array([[0.0, -v[2], v[1]],
                      [v[2], 0.0, -v[0]],
                      [-v[1], v[0], 0.0]])


def quat_normalize_eps(q):
    """q / max(|q|, 1e-12), weighted."""
    return jnp.sum(W4 * q / jnp.maximum(jnp.linalg.norm(q), 1e-12))


def quat_to_matrix(q):
    """The rotation matrix of the quaternion q (w, x, y, z) normalised first, applied to V3 and weighted."""
    w, x, y, z = q / jnp.linalg.norm(q)
    R = jnp.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])
    return W3 @ (R @ V3)


def rodrigues_naive(w):
    theta = jnp.linalg.norm(w)
    K = skew(w / theta)
    R = jnp.eye(3) + jnp.sin(theta) * K + (1 - jnp.cos(theta)) * (K @ K)
    return W3 @ (R @ V3)


def rodrigues_taylor(w):
    """One jnp.where: v + w x v below 1e-6."""
    theta = jnp.linalg.norm(w)
    small = V3 + jnp.cross(w, V3)
    k = w / theta
    full = V3 * jnp.cos(theta) + jnp.cross(k, V3) * jnp.sin(theta) + k * jnp.dot(k, V3) * (1 - jnp.cos(theta))
    return W3 @ jnp.where(theta < 1e-6, small, full)


def rodrigues_safe_norm(w):
    """The double where, but theta from jnp.linalg.norm(w) itself."""
    theta = jnp.linalg.norm(w)
    small_angle = theta < 1e-6
    th = jnp.where(small_angle, 1.0, theta)
    k = w / th
    full = V3 * jnp.cos(th) + jnp.cross(k, V3) * jnp.sin(th) + k * jnp.dot(k, V3) * (1 - jnp.cos(th))
    small = V3 + jnp.cross(w, V3)
    return W3 @ jnp.where(small_angle, small, full)


def rodrigues_safe(w):
    """The double where on the squared norm (JAX's FAQ pattern)."""
    theta2 = jnp.sum(w * w)
    small_angle = theta2 < 1e-12
    th = jnp.sqrt(jnp.where(small_angle, 1.0, theta2))
    k = w / th
    full = V3 * jnp.cos(th) + jnp.cross(k, V3) * jnp.sin(th) + k * jnp.dot(k, V3) * (1 - jnp.cos(th))
    small = V3 + jnp.cross(w, V3)
    return W3 @ jnp.where(small_angle, small, full)


def so3_log(R):
    """The SO(3) log map w = theta / (2 sin theta) vee(R - R^T), with theta's Taylor switch, weighted by W3."""
    cos = jnp.clip((jnp.trace(R) - 1) / 2, -1.0, 1.0)
    theta = jnp.arccos(cos)
    coef = jnp.where(theta < 1e-6, 0.5 + theta ** 2 / 12, theta / (2 * jnp.sin(theta)))
    vee = jnp.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    return W3 @ (coef * vee)


def angle_acos(a, b):
    cos = jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b))
    return jnp.arccos(jnp.clip(cos, -1.0, 1.0))


def sphere_sdf(p):
    return jnp.linalg.norm(p - V3) - 0.5


def pairwise(x):
    """Sum of all pairwise distances by hand: sqrt(sum((x_i - x_j)^2)), the diagonal included."""
    d2 = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, axis=-1)
    return jnp.sum(jnp.sqrt(d2))


def pairwise_safe(x):
    """The same with the double where on d2 > 0."""
    d2 = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, axis=-1)
    pos = d2 > 0
    return jnp.sum(jnp.where(pos, jnp.sqrt(jnp.where(pos, d2, 1.0)), 0.0))


B_PTS = jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])


def chamfer(a):
    d = jnp.sum((a[:, None, :] - B_PTS[None, :, :]) ** 2, axis=-1)
    return jnp.sum(jnp.min(d, axis=1)) + jnp.sum(jnp.min(d, axis=0))


def spring_zero_rest(x):
    return 10.0 * jnp.linalg.norm(x[0] - x[1]) ** 2


def gravity(x):
    """-sum_{i<j} m_i m_j / |x_i - x_j| for three bodies, masses 1, 2, 3, by the distance matrix's upper triangle."""
    m = jnp.array([1.0, 2.0, 3.0])
    i, j = jnp.triu_indices(3, k=1)
    r = jnp.linalg.norm(x[i] - x[j], axis=-1)
    return -jnp.sum(m[i] * m[j] / r)


def verlet(x0):
    """Position Verlet for a Kepler orbit, 4 steps in lax.fori_loop, dt = 0.125, v0 = (0, 1)."""
    dt = 0.125

    def acc(x):
        return -x / jnp.linalg.norm(x) ** 3

    x1 = x0 + jnp.array([0.0, 1.0]) * dt + 0.5 * acc(x0) * dt ** 2

    def step(_, state):
        prev, cur = state
        return cur, 2 * cur - prev + acc(cur) * dt ** 2

    _, x = jax.lax.fori_loop(0, 3, step, (x0, x1))
    return x[0] - 2 * x[1]
