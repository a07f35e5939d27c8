"""A user's plain NumPy code, sixty-eighth round (d): rotations and point sets as NumPy robotics scripts write them.
Rodrigues' rotation by sin(t)/t and (1 - cos t)/t^2, the SO(3) log map with a Taylor switch by np.where, the
quaternion -> matrix of a unit quaternion, the Chamfer distance by np.min, a spring chain and Verlet steps."""
import numpy as np

V3 = np.array([1.0, 2.0, 3.0])
W3 = np.array([1.0, -2.0, 0.5])


def skew(v):
    return np.array([[0.0, -v[2], v[1]],
                     [v[2], 0.0, -v[0]],
                     [-v[1], v[0], 0.0]])


def rodrigues_coeff(w):
    theta = np.linalg.norm(w)
    A = np.sin(theta) / theta
    B = (1 - np.cos(theta)) / theta ** 2
    Wx = skew(w)
    R = np.eye(3) + A * Wx + B * (Wx @ Wx)
    return W3 @ (R @ V3)


def so3_log(R):
    """w = theta / (2 sin theta) vee(R - R^T) with the Taylor switch, weighted by W3."""
    cos = np.clip((np.trace(R) - 1) / 2, -1.0, 1.0)
    theta = np.arccos(cos)
    coef = np.where(theta < 1e-6, 0.5 + theta ** 2 / 12, theta / (2 * np.sin(theta)))
    vee = np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    return W3 @ (coef * vee)


def quat_matrix_trace(q):
    """The trace of the rotation matrix of q / |q|: 4 w^2 - 1 (w the normalised real part)."""
    w, x, y, z = q / np.linalg.norm(q)
    R = np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])
    return np.trace(R)


B_PTS = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])


def chamfer(a):
    d = np.sum((a[:, None, :] - B_PTS[None, :, :]) ** 2, axis=-1)
    return np.sum(np.min(d, axis=1)) + np.sum(np.min(d, axis=0))


def spring_chain(x):
    """Springs of stiffness 10, rest length 1 between consecutive rows of x (n x 2)."""
    d = np.linalg.norm(np.diff(x, axis=0), axis=1)
    return np.sum(10.0 * (d - 1.0) ** 2)


def verlet(x0):
    dt = 0.125
    v0 = np.array([0.0, 1.0])

    def acc(x):
        return -x / np.linalg.norm(x) ** 3

    x1 = x0 + v0 * dt + 0.5 * acc(x0) * dt ** 2
    x2 = 2 * x1 - x0 + acc(x1) * dt ** 2
    return x2[0] - 2 * x2[1]
