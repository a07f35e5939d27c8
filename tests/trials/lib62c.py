"""A user's code on gradcli.numpy, round 62c: geometry and physics as scientific code writes them (the angle between
vectors by arccos and by arctan2, np.arctan2 and np.hypot at their edges, polar / cartesian round trips, np.cross,
Heron's and Kahan's triangle areas, the haversine distance, quaternion rotation, Rodrigues' formula with its
small-angle branch, signed distances, Lennard-Jones / Coulomb / softened gravity, pairwise distance matrices, a spring
chain, a pendulum, a leapfrog integrator, barycentric coordinates, the shoelace area and centroid, curvature, unit
vectors), checked at ordinary points, at degenerate ones (0, parallel, collinear, coincident), at 1e-300 / 1e300 and
subnormals, float64 and float32."""

import gradcli.numpy as np

B3 = np.array([1.0, 2.0, 2.0])
W3 = np.array([1.0, -2.0, 0.5])
V3 = np.array([1.0, 2.0, 3.0])
TRI = np.array([[0.0, 0.0], [4.0, 0.0], [0.0, 3.0]])


# --- angles -----------------------------------------------------------------------------------------------------------

def angle_acos(a, b):
    """The angle between a and b by arccos of the normalised dot product (the textbook formula)."""
    return np.arccos(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


def angle_atan2(a, b):
    """The angle between a and b by arctan2(|a x b|, a . b) (the stable formula)."""
    return np.arctan2(np.linalg.norm(np.cross(a, b)), np.dot(a, b))


def atan2_xy(y, x):
    """np.arctan2(y, x) itself."""
    return np.arctan2(y, x)


def hypot_xy(x, y):
    """np.hypot(x, y) itself."""
    return np.hypot(x, y)


def norm_naive(x, y):
    """The length by sqrt(x^2 + y^2), as written by hand."""
    return np.sqrt(x * x + y * y)


def polar_roundtrip(x, y):
    """Cartesian to polar and back: r cos(theta) + r sin(theta), which is x + y."""
    r = np.hypot(x, y)
    th = np.arctan2(y, x)
    return r * np.cos(th) + r * np.sin(th)


def polar_to_cart(r, th):
    """A polar point's cartesian coordinates, weighted: 3 r cos(theta) - 2 r sin(theta)."""
    return 3.0 * r * np.cos(th) - 2.0 * r * np.sin(th)


def parallelogram(a):
    """The area of the parallelogram spanned by a and B3: |a x B3|."""
    return np.linalg.norm(np.cross(a, B3))


def triple(a, b):
    """The signed volume a . (b x V3)."""
    return np.dot(a, np.cross(b, V3))


# --- triangles --------------------------------------------------------------------------------------------------------

def heron(s3):
    """Heron's formula for the area of a triangle with sides s3."""
    a, b, c = s3[0], s3[1], s3[2]
    s = 0.5 * (a + b + c)
    return np.sqrt(s * (s - a) * (s - b) * (s - c))


def heron_kahan(s3):
    """Kahan's stable form of Heron's formula (sides given sorted, a >= b >= c)."""
    a, b, c = s3[0], s3[1], s3[2]
    return 0.25 * np.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))


def triangle_area(p):
    """The area of the triangle with vertices p (3 x 2) by half the cross product."""
    u = p[1] - p[0]
    v = p[2] - p[0]
    return 0.5 * np.abs(u[0] * v[1] - u[1] * v[0])


def barycentric(p):
    """The first barycentric coordinate of the point p in the fixed triangle TRI."""
    a, b, c = TRI[0], TRI[1], TRI[2]
    den = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    return ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / den


def barycentric_tri(t):
    """The first barycentric coordinate of the point (1, 1) in the moving triangle t (3 x 2)."""
    a, b, c = t[0], t[1], t[2]
    den = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    return ((b[1] - c[1]) * (1.0 - c[0]) + (c[0] - b[0]) * (1.0 - c[1])) / den


# --- the sphere -------------------------------------------------------------------------------------------------------

def haversine(p):
    """The great-circle distance on the unit sphere between (p0, p1) and (p2, p3) (latitude, longitude)."""
    dlat = p[2] - p[0]
    dlon = p[3] - p[1]
    h = np.sin(dlat / 2) ** 2 + np.cos(p[0]) * np.cos(p[2]) * np.sin(dlon / 2) ** 2
    return 2.0 * np.arcsin(np.sqrt(h))


# --- rotations --------------------------------------------------------------------------------------------------------

def quat_rotate(q):
    """V3 rotated by the unit quaternion q / |q| (q = [w, x, y, z]), weighted by W3."""
    q = q / np.linalg.norm(q)
    w, u = q[0], q[1:]
    t = 2.0 * np.cross(u, V3)
    v = V3 + w * t + np.cross(u, t)
    return np.dot(W3, v)


def rot2(theta):
    """The rotation matrix of angle theta applied to (1, 2), weighted by (3, -1)."""
    c, s = np.cos(theta), np.sin(theta)
    R = np.stack([np.stack([c, -s]), np.stack([s, c])])
    v = R @ np.array([1.0, 2.0])
    return 3.0 * v[0] - v[1]


def rodrigues(w):
    """Rodrigues' rotation of V3 by the rotation vector w, with the small-angle branch v + w x v, weighted by W3."""
    theta = np.linalg.norm(w)
    small = V3 + np.cross(w, V3)
    k = w / theta
    full = (V3 * np.cos(theta) + np.cross(k, V3) * np.sin(theta)
            + k * np.dot(k, V3) * (1.0 - np.cos(theta)))
    return np.dot(W3, np.where(theta < 1e-8, small, full))


# --- distances --------------------------------------------------------------------------------------------------------

def line_distance(p):
    """The distance of the point p to the line through (0, 0) and (3, 4)."""
    return np.abs(3.0 * p[1] - 4.0 * p[0]) / 5.0


def plane_signed(n):
    """The signed distance of the point V3 to the plane n . x = 1 (n moves)."""
    return (np.dot(n, V3) - 1.0) / np.linalg.norm(n)


def sphere_sdf(p):
    """The signed distance of p to the unit sphere."""
    return np.linalg.norm(p) - 1.0


def unit_dot(x):
    """The unit vector x / |x|, weighted by W3."""
    return np.dot(W3, x / np.linalg.norm(x))


# --- physics ----------------------------------------------------------------------------------------------------------

def lennard_jones(x):
    """The Lennard-Jones energy 4 (r^-12 - r^-6) of two particles at x[:3] and x[3:]."""
    d = x[:3] - x[3:]
    r2 = np.sum(d * d)
    ir6 = 1.0 / r2 ** 3
    return 4.0 * (ir6 * ir6 - ir6)


def lj_r(r):
    """The Lennard-Jones energy at distance r, by powers."""
    return 4.0 * (r ** -12 - r ** -6)


def coulomb(x):
    """The Coulomb energy of three unit charges on a line at x."""
    return 1.0 / np.abs(x[0] - x[1]) + 1.0 / np.abs(x[1] - x[2]) + 1.0 / np.abs(x[0] - x[2])


def softened(x):
    """The softened gravity -1 / sqrt(r^2 + eps^2) of two bodies at x[:3] and x[3:], eps = 0.01."""
    d = x[:3] - x[3:]
    return -1.0 / np.sqrt(np.sum(d * d) + 1e-4)


def pair_sum(x):
    """The sum of the pairwise distance matrix of 3 points in the plane (x is 3 x 2; the diagonal is sqrt(0))."""
    diff = x[:, None, :] - x[None, :, :]
    D = np.sqrt(np.sum(diff * diff, axis=-1))
    return np.sum(D)


def pair_norm(x):
    """The same sum by np.linalg.norm along the last axis."""
    diff = x[:, None, :] - x[None, :, :]
    return np.sum(np.linalg.norm(diff, axis=-1))


def pair_safe(x):
    """The same sum with the double-where trick on the diagonal's zeros."""
    diff = x[:, None, :] - x[None, :, :]
    d2 = np.sum(diff * diff, axis=-1)
    safe = np.where(d2 > 0, d2, 1.0)
    return np.sum(np.where(d2 > 0, np.sqrt(safe), 0.0))


def pair_upper(x):
    """The same sum over i < j only (np.triu_indices)."""
    i, j = np.triu_indices(3, k=1)
    diff = x[i] - x[j]
    return np.sum(np.sqrt(np.sum(diff * diff, axis=-1)))


def spring_chain(x):
    """The potential of a chain of 4 points on a line joined by springs of rest length 1: sum (|dx| - 1)^2 / 2."""
    d = np.abs(np.diff(x))
    return 0.5 * np.sum((d - 1.0) ** 2)


def pendulum(theta, omega):
    """A pendulum's energy omega^2 / 2 + g (1 - cos theta), g = 9.81."""
    return 0.5 * omega * omega + 9.81 * (1.0 - np.cos(theta))


def leapfrog(x0):
    """The position after 10 leapfrog steps (dt = 0.1) of x'' = -x - x^3 from rest at x0."""
    x, v, dt = x0, 0.0 * x0, 0.1
    for _ in range(10):
        v = v + 0.5 * dt * (-x - x ** 3)
        x = x + dt * v
        v = v + 0.5 * dt * (-x - x ** 3)
    return x


# --- polygons and curves ----------------------------------------------------------------------------------------------

def shoelace(p):
    """The area of the polygon with vertices p (n x 2) by the shoelace formula."""
    x, y = p[:, 0], p[:, 1]
    return 0.5 * np.abs(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def centroid_x(p):
    """The x coordinate of the polygon's centroid (signed-area formula)."""
    x, y = p[:, 0], p[:, 1]
    xn, yn = np.roll(x, -1), np.roll(y, -1)
    c = x * yn - xn * y
    return np.sum((x + xn) * c) / (3.0 * np.sum(c))


def curvature3(p):
    """The curvature of the circle through three points p (3 x 2): 4 area / (|a| |b| |c|)."""
    a = p[1] - p[0]
    b = p[2] - p[1]
    c = p[2] - p[0]
    area2 = np.abs(a[0] * c[1] - a[1] * c[0])
    return 2.0 * area2 / (np.linalg.norm(a) * np.linalg.norm(b) * np.linalg.norm(c))


def curve_curvature(a):
    """The curvature |x'y'' - y'x''| / (x'^2 + y'^2)^1.5 of the parabola (t, a t^2) at t = 1."""
    xp, yp, xpp, ypp = 1.0, 2.0 * a, 0.0, 2.0 * a
    return np.abs(xp * ypp - yp * xpp) / (xp * xp + yp * yp) ** 1.5


# --- round two: arrays built from traced scalars, norms with ord, eigenvalues, cut-offs, solid angles ------------------

W4 = np.array([1.0, -1.0, 2.0, 0.5])


def rot2_array(theta):
    """The rotation matrix built with np.array from traced entries, applied to (1, 2), weighted by (3, -1)."""
    c, s = np.cos(theta), np.sin(theta)
    R = np.array([[c, -s], [s, c]])
    v = R @ np.array([1.0, 2.0])
    return 3.0 * v[0] - v[1]


def rot3_einsum(theta):
    """A rotation about z by np.einsum('ij,j->i', R, V3), weighted by W3."""
    c, s = np.cos(theta), np.sin(theta)
    R = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    return np.dot(W3, np.einsum("ij,j->i", R, V3))


def angle_clip(a, b):
    """The angle by arccos with the cosine clipped to [-1, 1] (the usual guard)."""
    cosang = np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))
    return np.arccos(np.clip(cosang, -1.0, 1.0))


def maxnorm(x):
    """The Chebyshev length np.linalg.norm(x, np.inf)."""
    return np.linalg.norm(x, np.inf)


def l1norm(x):
    """The Manhattan length np.linalg.norm(x, 1)."""
    return np.linalg.norm(x, 1)


def unwrap_sum(p):
    """np.unwrap of a phase sequence, weighted by W4."""
    return np.sum(W4 * np.unwrap(p))


def tri_det(p):
    """The triangle's area as half |det| of its edge matrix (p is 3 x 2)."""
    M = np.stack([p[1] - p[0], p[2] - p[0]])
    return 0.5 * np.abs(np.linalg.det(M))


def inertia_min(p):
    """The smaller principal moment of the planar inertia tensor of unit masses at p (n x 2), by np.linalg.eigvalsh."""
    x, y = p[:, 0], p[:, 1]
    M = np.stack([np.stack([np.sum(y * y), -np.sum(x * y)]), np.stack([-np.sum(x * y), np.sum(x * x)])])
    return np.linalg.eigvalsh(M)[0]


def haversine_deg(p):
    """The haversine distance with the coordinates in degrees (np.radians)."""
    r = np.radians(p)
    dlat = r[2] - r[0]
    dlon = r[3] - r[1]
    h = np.sin(dlat / 2) ** 2 + np.cos(r[0]) * np.cos(r[2]) * np.sin(dlon / 2) ** 2
    return 2.0 * np.arcsin(np.sqrt(h))


def lj_cut(x):
    """The Lennard-Jones energy of two particles on a line, cut off (to 0) at r >= 2.5 by np.where."""
    r = np.abs(x[1] - x[0])
    return np.where(r < 2.5, 4.0 * (r ** -12 - r ** -6), 0.0)


def solid_angle(r):
    """The solid angle of the triangle r (3 x 3) seen from the origin (Van Oosterom and Strackee)."""
    a, b, c = r[0], r[1], r[2]
    la, lb, lc = np.linalg.norm(a), np.linalg.norm(b), np.linalg.norm(c)
    num = np.dot(a, np.cross(b, c))
    den = la * lb * lc + np.dot(a, b) * lc + np.dot(a, c) * lb + np.dot(b, c) * la
    return 2.0 * np.arctan2(num, den)


# --- round three: invariants that are exactly constant, batches of vectors, rows normalised, perimeters -------------

def rot_invariant(theta):
    """|R(theta) (1, 2)|^2: a rotation keeps length, so this is 5 for every theta (its slope exactly 0)."""
    c, s = np.cos(theta), np.sin(theta)
    v = np.stack([c * 1.0 - s * 2.0, s * 1.0 + c * 2.0])
    return np.sum(v * v)


def quat_norm_invariant(q):
    """|rotate(V3 by q / |q|)|^2: 14 for every q != 0 (every slope exactly 0)."""
    q = q / np.linalg.norm(q)
    w, u = q[0], q[1:]
    t = 2.0 * np.cross(u, V3)
    v = V3 + w * t + np.cross(u, t)
    return np.sum(v * v)


def batch_cross(a):
    """The total area of the parallelograms spanned by the rows of a (n x 3) and the rows of a rolled by one."""
    c = np.cross(a, np.roll(a, 1, axis=0))
    return np.sum(np.sqrt(np.sum(c * c, axis=1)))


def rows_unit(X):
    """The rows of X made unit by np.linalg.norm(X, axis=1, keepdims=True), weighted by W3."""
    U = X / np.linalg.norm(X, axis=1, keepdims=True)
    return np.sum(U @ W3)


def perimeter(p):
    """The perimeter of the closed polygon p (n x 2): np.diff with append= the first vertex, row norms."""
    e = np.diff(p, axis=0, append=p[:1])
    return np.sum(np.linalg.norm(e, axis=1))


# --- round four: complex numbers as 2-D geometry, matrix norms of a deformation, a hyperelastic energy --------------

def complex_abs(x, y):
    """|x + iy| by np.abs of a complex number."""
    return np.abs(x + 1j * y)


def complex_angle(x, y):
    """arg(x + iy) by np.angle."""
    return np.angle(x + 1j * y)


def complex_rotate(theta):
    """The real part of (1 + 2i) e^(i theta), plus 3 times its imaginary part."""
    z = (1.0 + 2.0j) * np.exp(1j * theta)
    return np.real(z) + 3.0 * np.imag(z)


def spectral(F):
    """The largest stretch of a deformation gradient: np.linalg.norm(F, 2)."""
    return np.linalg.norm(F, 2)


def nuclear(F):
    """The nuclear norm np.linalg.norm(F, 'nuc')."""
    return np.linalg.norm(F, "nuc")


def neo_hookean(F):
    """A compressible neo-Hookean energy (mu = 1, lambda = 2): (tr F^T F - 2)/2 - log J + (log J)^2, J = det F."""
    J = np.linalg.det(F)
    return 0.5 * (np.sum(F * F) - 2.0) - np.log(J) + np.log(J) ** 2


# --- round five: smooth functions written through a norm's cone, a sorted Kahan form ------------------------------

def norm_sq(x):
    """A moment of inertia about the origin as np.linalg.norm(x) ** 2 (smooth: |x|^2)."""
    return np.linalg.norm(x) ** 2


def softened_norm(x):
    """The softened gravity of two bodies written with np.linalg.norm: -1 / sqrt(|d|^2 + eps^2), eps = 0.01."""
    r = np.linalg.norm(x[:3] - x[3:])
    return -1.0 / np.sqrt(r ** 2 + 1e-4)


def heron_sorted(s3):
    """Kahan's form on the sides sorted in decreasing order by np.sort (any order in)."""
    t = np.sort(s3)[::-1]
    a, b, c = t[0], t[1], t[2]
    return 0.25 * np.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))


# --- round six: degrees, and np.unwrap at a step of exactly np.pi ----------------------------------------------------

def log_sin_deg(x):
    """log sin of an angle in degrees, by np.radians."""
    return np.log(np.sin(np.radians(x)))


def log_sin_pi(x):
    """log sin of an angle in degrees, by x * np.pi / 180 written out."""
    return np.log(np.sin(x * np.pi / 180.0))
