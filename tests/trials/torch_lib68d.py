"""A user's PyTorch code, sixty-eighth round (d): 3-D geometry, rotations and simple physics as graphics / robotics /
simulation code writes them. Quaternion normalisation (torch.linalg.norm and F.normalize), quaternion -> rotation
matrix (pytorch3d's two_s = 2 / |q|^2 form), Rodrigues' rotation naive, by sin(t)/t and (1 - cos t)/t^2, with a
Taylor switch by one torch.where and with the double where, the SO(3) angle by acos of the trace, the angle between
two vectors by acos(clamp) and by atan2(|a x b|, a.b), atan2 at the origin, a sphere SDF and a union of two, torch.cdist
(self, pairwise, the matmul mode), the Chamfer distance, springs, pairwise gravity and two Verlet steps."""
import torch
import torch.nn.functional as F

V3 = [1.0, 2.0, 3.0]  # the vector rotated
W3 = [1.0, -2.0, 0.5]  # weights of the rotated vector's entries
W4 = [0.5, -1.0, 2.0, 0.25]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def skew(v):
    z = torch.zeros((), dtype=v.dtype)
    return torch.stack([torch.stack([z, -v[2], v[1]]),
                        torch.stack([v[2], z, -v[0]]),
                        torch.stack([-v[1], v[0], z])])


# --- quaternions ------------------------------------------------------------------------------------------------------

def quat_normalize(q):
    """The unit quaternion q / |q|, weighted."""
    return (_t(W4, q) * (q / torch.linalg.norm(q))).sum()


def quat_fnormalize(q):
    """The same by F.normalize (x / max(|x|, eps), eps = 1e-12)."""
    return (_t(W4, q) * F.normalize(q, dim=0)).sum()


def quaternion_to_matrix(q):
    """pytorch3d's quaternion_to_matrix (real part first, any norm), applied to V3 and weighted by W3."""
    r, i, j, k = q[0], q[1], q[2], q[3]
    two_s = 2.0 / (q * q).sum()
    R = torch.stack([
        1 - two_s * (j * j + k * k), two_s * (i * j - k * r), two_s * (i * k + j * r),
        two_s * (i * j + k * r), 1 - two_s * (i * i + k * k), two_s * (j * k - i * r),
        two_s * (i * k - j * r), two_s * (j * k + i * r), 1 - two_s * (i * i + j * j),
    ]).reshape(3, 3)
    return _t(W3, q) @ (R @ _t(V3, q))


# --- Rodrigues ----------------------------------------------------------------------------------------------------------

def rodrigues_naive(w):
    """R = I + sin(t) K + (1 - cos t) K^2 with K = skew(w / |w|), t = |w|."""
    theta = torch.linalg.norm(w)
    K = skew(w / theta)
    R = torch.eye(3, dtype=w.dtype) + torch.sin(theta) * K + (1 - torch.cos(theta)) * (K @ K)
    return _t(W3, w) @ (R @ _t(V3, w))


def rodrigues_coeff(w):
    """R = I + A W + B W^2, W = skew(w), A = sin(t) / t, B = (1 - cos t) / t^2."""
    theta = torch.linalg.norm(w)
    A = torch.sin(theta) / theta
    B = (1 - torch.cos(theta)) / theta ** 2
    Wx = skew(w)
    R = torch.eye(3, dtype=w.dtype) + A * Wx + B * (Wx @ Wx)
    return _t(W3, w) @ (R @ _t(V3, w))


def rodrigues_taylor(w):
    """The small-angle switch by one torch.where: v + w x v below 1e-6."""
    v = _t(V3, w)
    theta = torch.linalg.norm(w)
    small = v + torch.cross(w, v, dim=0)
    k = w / theta
    full = (v * torch.cos(theta) + torch.cross(k, v, dim=0) * torch.sin(theta)
            + k * torch.dot(k, v) * (1 - torch.cos(theta)))
    return _t(W3, w) @ torch.where(theta < 1e-6, small, full)


def rodrigues_safe(w):
    """The double where: the full branch sees theta = 1 where theta is small."""
    v = _t(V3, w)
    theta = torch.linalg.norm(w)
    small_angle = theta < 1e-6
    th = torch.where(small_angle, torch.ones_like(theta), theta)
    k = w / th
    full = (v * torch.cos(th) + torch.cross(k, v, dim=0) * torch.sin(th)
            + k * torch.dot(k, v) * (1 - torch.cos(th)))
    small = v + torch.cross(w, v, dim=0)
    return _t(W3, w) @ torch.where(small_angle, small, full)


# --- SO(3) angles ---------------------------------------------------------------------------------------------------

def so3_angle(w):
    """The rotation angle of R(w) read back by acos((trace R - 1) / 2): |w| for |w| < pi."""
    theta = torch.linalg.norm(w)
    K = skew(w / theta)
    R = torch.eye(3, dtype=w.dtype) + torch.sin(theta) * K + (1 - torch.cos(theta)) * (K @ K)
    return torch.acos((torch.trace(R) - 1) / 2)


def so3_log_angle(R):
    """The angle of a rotation matrix, clamped as SO(3) libraries do."""
    return torch.acos(torch.clamp((torch.trace(R) - 1) / 2, -1.0, 1.0))


# --- angles between vectors ---------------------------------------------------------------------------------------------

def angle_acos(a, b):
    cos = torch.dot(a, b) / (torch.linalg.norm(a) * torch.linalg.norm(b))
    return torch.acos(torch.clamp(cos, -1.0, 1.0))


def angle_atan2(a, b):
    return torch.atan2(torch.linalg.norm(torch.cross(a, b, dim=0)), torch.dot(a, b))


def atan2_yx(y, x):
    return torch.atan2(y, x)


# --- signed distances ---------------------------------------------------------------------------------------------------

def sphere_sdf(p):
    """Distance to the sphere of radius 0.5 about (1, 2, 3)."""
    return torch.linalg.norm(p - _t(V3, p)) - 0.5


def sdf_union(p):
    """min of two spheres' SDFs: radius 1 about the origin and radius 1 about (3, 0, 0)."""
    d1 = torch.linalg.norm(p) - 1.0
    d2 = torch.linalg.norm(p - _t([3.0, 0.0, 0.0], p)) - 1.0
    return torch.minimum(d1, d2)


# --- point sets ---------------------------------------------------------------------------------------------------------

B_PTS = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]


def cdist_self(x):
    """Sum of all pairwise distances of the rows of x, the zero diagonal included."""
    return torch.cdist(x, x).sum()


def cdist_pair(a):
    """Sum of the distances from the rows of a to the fixed points B_PTS."""
    return torch.cdist(a, _t(B_PTS, a)).sum()


def cdist_mm(a):
    """The same through the matmul form sqrt(|a|^2 + |b|^2 - 2 a.b), as cdist uses for large sets."""
    return torch.cdist(a, _t(B_PTS, a), compute_mode="use_mm_for_euclid_dist").sum()


def chamfer(a):
    """Symmetric Chamfer distance (squared) between the rows of a and B_PTS."""
    d = ((a[:, None, :] - _t(B_PTS, a)[None, :, :]) ** 2).sum(-1)
    return d.min(dim=1).values.sum() + d.min(dim=0).values.sum()


# --- physics ------------------------------------------------------------------------------------------------------------

def spring(x):
    """A spring of stiffness 10 and rest length 1 between the rows of x (2 x 3)."""
    return 10.0 * (torch.linalg.norm(x[0] - x[1]) - 1.0) ** 2


def spring_zero_rest(x):
    """A zero-rest-length spring (a soft constraint pinning two points together)."""
    return 10.0 * torch.linalg.norm(x[0] - x[1]) ** 2


def gravity(x):
    """Pairwise potential -m_i m_j / |x_i - x_j| of three bodies (rows of x), masses 1, 2, 3."""
    m = [1.0, 2.0, 3.0]
    energy = torch.zeros((), dtype=x.dtype)
    for i in range(3):
        for j in range(i + 1, 3):
            energy = energy - m[i] * m[j] / torch.linalg.norm(x[i] - x[j])
    return energy


def verlet(x0):
    """Two position-Verlet steps of a Kepler orbit (a = -x / |x|^3) from x0 with velocity (0, 1), dt = 0.125;
    the final position weighted by (1, -2)."""
    dt = 0.125
    v0 = torch.tensor([0.0, 1.0], dtype=x0.dtype)

    def acc(x):
        return -x / torch.linalg.norm(x) ** 3

    x1 = x0 + v0 * dt + 0.5 * acc(x0) * dt ** 2
    x2 = 2 * x1 - x0 + acc(x1) * dt ** 2
    return x2[0] - 2 * x2[1]
