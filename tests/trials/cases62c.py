"""The sixty-second trial set (third part): issue 27's exact reference on Python functions doing GEOMETRY and PHYSICS
with gradcli.numpy the way scientific code writes them (tests/trials/lib62c.py): the angle between vectors by
arccos(a.b / (|a||b|)) (bare and with np.clip) and by arctan2(|a x b|, a.b); np.arctan2 and np.hypot at (0, 0),
(-0, -1), 1e-300, 1e300 and subnormals, sqrt(x^2 + y^2) by hand; a polar round trip and polar to cartesian; np.cross
(single, batched with np.roll, triple products); Heron's formula at a collinear triangle and at needles, Kahan's stable
form (given sorted, and sorted by np.sort at ties); triangle areas by the cross product and by np.linalg.det;
barycentric coordinates in a fixed and a moving triangle; the haversine distance (radians and degrees by np.radians) at
coincident and antipodal points; quaternion rotation, rotation matrices built with np.stack, np.array and np.einsum at
theta = 1e300, Rodrigues' formula with its small-angle branch np.where(theta < 1e-8, ...); signed distances to a line,
a plane and a sphere; unit vectors x / np.linalg.norm(x) (rows with axis=1, keepdims=True too); Lennard-Jones (by
positions, by powers, with a cut-off by np.where), Coulomb, softened gravity (by hand and through np.linalg.norm);
pairwise distance matrices (the diagonal's sqrt(0), by np.linalg.norm along an axis, by the double where, over i < j
by np.triu_indices); a spring chain; a pendulum's energy; 10 leapfrog steps of an anharmonic oscillator; the shoelace
area, a polygon's centroid and perimeter (np.diff with append=); the curvature of three points and of a parabola; the
Chebyshev and Manhattan norms (ord=np.inf, 1); np.unwrap; the smaller principal moment by np.linalg.eigvalsh; the
solid angle of a triangle (Van Oosterom and Strackee); complex numbers as plane geometry (np.abs, np.angle, a rotation
by e^(i theta)); the spectral and nuclear norms of a deformation gradient and a neo-Hookean energy; invariants that
are exactly constant (a rotated vector's length); log sin of degrees by np.radians and by the user's np.pi / 180. At
ordinary points, degenerate ones (0, parallel, antiparallel, collinear, coincident, ties, a branch's seam, arctan2's
cut), 1e-300 / 1e300 / 1e-200 / 1e200 and subnormals, float64 and float32.

Tried: 64 functions, about 176 checks through the CLI (at most two at once): 164 written as cases and judged by
tests/trials/judge.py through a driver in the manner of run.py, in six batches (79 dropped as repeats of kept kinds:
ALL keeps 85), then about 12 probes by hand (the findings' text, np.radians at 180 against the user's np.pi / 180,
np.unwrap at a step of np.pi, gradcli.value_and_grad on the new functions before their cases). Truths are written here
from the mathematics, never lib62c's code or gradcli: angles by atan2(|a x b|, a.b) whichever formula the user wrote,
the quaternion's rotation by its matrix written out (not by cross products), Rodrigues' by I + sin t K + (1 - cos t)
K^2 with the user's branch at the double 1e-8, the polar round trip as x + y, Heron by the product of the four
sums, a polygon's centroid by its fan triangles, three points' curvature by 4K/(abc) with K by Heron, leapfrog by
velocity Verlet (the same map), 2 x 2 singular values and eigenvalues in closed form, np.unwrap with the true pi, np.pi
and every float64 literal as the double it is; the derivative from the left and from the right by mpmath.diff
(cases30b.sided_grad), NaN where they differ. By hand where that cannot serve (0/0, x/0 or a root of a negative at
the point or on one side): no derivative anywhere (atan2 at (0, 0), Heron at a collinear triangle, barycentric
coordinates in a collinear triangle holding the point, a quaternion or a unit vector of 0, a collinear polygon's
centroid, a neo-Hookean energy at J = 0, log sin(np.radians(180)) = log sin pi = log 0); the slopes kept beside a pole
or a cut (atan2 at (-0, -1): y none, x 0; Coulomb with two charges on one spot: the third's -2; three collinear points'
curvature: y none, x 0); invariants proven constant (slopes 0).

ALL: 85 cases (24 ok, 24 unstable, 31 domain, 6 wrong). 84 agree with gradcli in verdict and every exact gradient
entry (to 1e-10 relative); the one that does not is F1. No check took over 5 s (most under 1 s).
What agreed: arccos angles at parallel and antiparallel vectors are cones (domain; the slope along the vectors 0), at
vectors 1e-8 / 1e-9 off (anti)parallel the cosine rounds to +-1 (unstable, bare or clipped), where arctan2(|a x b|,
a.b) is ok; arctan2 at (0, 0) and on its cut at (-0, -1) (a jump in y, x's slope 0): domain; np.arctan2 at 1e-300
and 1e300 and np.hypot at 1e-300 are ok (gradcli's rules form no x^2 + y^2), sqrt(x^2 + y^2) by hand there unstable;
np.hypot at (5e-324, 5e-324): the value 7.1e-324 rounds to 5e-324 and x / r to 1 against 0.7071: unstable; the polar
round trip at the origin is x + y, and the NaN of arctan2's and hypot's rules there is wrong (so are a pairwise
distance matrix's diagonal sqrt(0), by hand and by np.linalg.norm, |x|^2 as np.linalg.norm(x) ** 2 at 0, softened
gravity through np.linalg.norm at coincident bodies, and Rodrigues' unselected branch w / |w| at w = 0: wrong, the
exact slopes finite); Heron at a collinear triangle: domain; at a needle whose 2 + c is exact: ok, at one whose s
rounds: unstable, Kahan's form there ok, and sorted by np.sort at an equilateral tie ok; the cross product's area at
1e-200 underflows, abs' sign of 0 zeroes the slopes 5e-201 (unstable; np.linalg.det too); the haversine distance at
coincident points is a cone (domain), at points one float64 pi apart smooth (slopes [0, -1, 0, 1]) and float64's
arcsin' at h = 1 is inf: unstable; a quaternion's rotation at q = 0 (domain), at 1e-300 and 1e300 (|q|^2 under- and
overflows: unstable); cos / sin at 1e300 in rotation matrices built with np.stack, np.array and np.einsum: ok; complex
numbers: np.abs and np.angle at 1e-300 ok, np.angle on the cut at (-1, -0) domain; Rodrigues at 1e-9 (small branch)
ok, at |w| = 1e-8 (the seam, a 1e-16 jump in w0) domain, and where rounding flips the branch unstable; a plane's
signed distance at n = 1e-300 (slopes 1e600, past float64: domain); a unit vector at 0 (domain), at 1e-300 and at
float32 1e-30 (unstable), at subnormals (slopes 1.4e323, past float64: domain); Lennard-Jones at r = 1e-30 (the value
4e360: domain), r = 1e30 (unstable: an intermediate slope -1e-360 underflows to 0), r = 1e103 (r^6 overflows, 0 * inf:
unstable), r = 1e-4 in float32 (domain) and at float64's nearest 2^(1/6) (the slope is its offset from the minimum:
unstable); the cut-off by np.where: a jump at r = 2.5 (domain), 0 beyond; Coulomb with two charges on one spot (the
third keeps -2: domain) and at a subnormal distance (the value 2e323: domain); softened gravity at coincident bodies
(slope 0: ok) and at 1e200 (r^2 overflows: unstable); a spring chain with two coincident points (|dx| - 1 has a kink;
the others keep their slopes: domain); a pendulum at theta = 1e-8 (1 - cos rounds to 0: unstable); the leapfrog
integrator (ok, float32 too); collinear polygons (the shoelace area |0|, the centroid 0/0), a maximum at a tie, an
isotropic inertia tensor's smaller eigenvalue, equal singular values (the spectral norm) and a singular F (the nuclear
norm): domain; three collinear points' curvature: y none, x 0 (domain); a parabola's curvature at a = 1e300 (power's
rule at inf gives 0 * inf: unstable); a neo-Hookean energy at J = 1e-300 (slopes -1.4e303: ok) and J = 0 (domain);
invariants exactly constant (a rotated vector's length, by angle and by quaternion): every slope 0, proven, ok.

Truths the round corrected in itself, gradcli right each time: np.arctan2 at (1e-300, 1e-300), (1e300, 1e300) and
float32 (1e-30, 1e-30) is ok, not unstable (its rule forms no x^2 + y^2); Heron's needle [1, 1, 1.9999999999] is ok,
not unstable (2 + c is exact there: the case kept, and a needle whose s rounds added); a unit vector at [5e-324,
1e-323, 0] is domain, not unstable (its slopes 1.4e323 are past float64's range, README's wording); Lennard-Jones at
r = 1e30 is unstable, not ok (the final slope 2.4e-209 is a float64 number, but 1 / r2**3's slope -1e-360 underflows
on the way: float64 returns 0); the cross product's triangle area at 1e-200 is unstable, not ok (the value 5e-401
rounds to 0 rightly, but abs' sign of the underflowed 0 zeroes the slopes 5e-201); a parabola's curvature at a =
1e300 is unstable, not ok (NaN beside a 0 value: README's "a gradient NaN that an overflow made"); the leapfrog
integrator in float32: its Python floats 0.1 and 0.5 * 0.1 meet float32 arrays, which NumPy's weak promotion keeps
float32, so the program's step is float32(0.1) (slope 0.28731362668, not the double step's 0.28731364406).

Not findings: np.radians' pi / 180 is the exact number in the exact reference (ops_special.deg2rad), so log
sin(np.radians(180)) is log sin pi = log 0 (domain) while the user's own x * np.pi / 180 is the double and finite
(ok, slope -1.4e14): README's rule that a constant a library writes is the mathematics it means, and a Python
function's np.pi the float it is.

Findings:

- F1 (mended since: np.unwrap's default period is the exact 2 pi in an exact run, `ops_numeric.unwrap`'s
  `constant("pi", p, scale=2)`): np.unwrap's default period enters the exact reference as the double 2 * np.pi (ops_numeric.unwrap:
  `period=2 * np.pi`, lifted as a number), where np.radians' pi / 180 enters as the exact number (ops_special.deg2rad:
  `constant("pi/180", x)`), as README says a constant a library writes should ("the mathematics it means"). At p =
  [0, np.pi, 0, 1] (steps +np.pi, -np.pi, 1; np.pi is 1.2e-16 short of pi, so every step is inside (-pi, pi) and
  no period is taken off anywhere near) the exact sum W4 . unwrap(p) is smooth with slopes W4 = [1, -1, 2, 0.5];
  gradcli says domain, "the function jumps here in p[0] at its switch mod (lib62c.py:307): its value is -12.0664 from
  the left and -2.64159 from the right", exact gradient [nan, nan, nan, 0.5]. The truth: unstable (float64's where,
  ddmod == -pi and dd > 0, takes NumPy's half-period branch: gradient [2.5, -2.5, 2, 0.5]). A user's explicit
  period=2 * np.pi would be their double, rightly. Reproduce:
      gradcli check tests/trials/lib62c.py:unwrap_sum --at "p=[0.0,3.141592653589793,0.0,1.0]" --dtype float64
- F2 (mended since: the finding counts the entries made NaN or inf and shows the first with the op's operands
  there, `provenance._first_broken_entry`; tests/test_backward_entry_named.py) (wording, not a verdict: no xfail, the judge reads no message here): where a pairwise distance matrix's diagonal
  sqrt(0) makes the NaN, the backward finding names its arrays by shape alone: "the gradient of sqrt (upstream * 0.5
  / sqrt(x)) at sqrt(array(3, 3)) = array(3, 3) turned the finite upstream gradient array(3, 3) into array(3, 3)",
  which says neither which entries (the diagonal, where sqrt's argument is 0) nor that the result is NaN; the scalar
  case says "at sqrt(0.0) = 0.0 turned the finite upstream gradient 0.0 into nan", and forward findings name entries
  ("divide([0, 0, 0], 0.0) gave NaN: [nan, nan, nan]"). Reproduce:
      gradcli check tests/trials/lib62c.py:pair_sum --at "x=[[0.0,0.0],[3.0,4.0],[1.0,0.0]]" --dtype float64

Re-derived since (README's rule for a gradient the dtype holds beside a value past its range): the cases whose value
lies past the dtype's range while slopes the dtype holds come out inf, NaN or off are unstable, not domain (each
marked where it stands).
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib62c.py"
NAN = mpmath.nan
D = mpf  # a float64 literal of the user's code, as the double it is
S = mpmath.fsum

B3 = [mpf(1), mpf(2), mpf(2)]
W3 = [mpf(1), mpf(-2), mpf(1) / 2]
V3 = [mpf(1), mpf(2), mpf(3)]
TRI = [[mpf(0), mpf(0)], [mpf(4), mpf(0)], [mpf(0), mpf(3)]]


# --- the mathematics, in mpmath (from the statements, never lib62c's code) --------------------------------------------

def dot(a, b):
    return S(x * y for x, y in zip(a, b))


def norm(a):
    return mpmath.sqrt(S(x * x for x in a))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def angle(a, b):
    """The angle between a and b, one function whichever formula the user wrote: atan2(|a x b|, a . b) (acos would
    leave the reals where rounding at 2,000 digits puts the cosine past 1)."""
    return mpmath.atan2(norm(cross(a, b)), dot(a, b))


def m_heron(s3):  # the area from the sides, at points where it is a triangle (16 K^2 > 0)
    a, b, c = s3
    return mpmath.sqrt((a + b + c) * (-a + b + c) * (a - b + c) * (a + b - c)) / 4


def m_tri_area(p):
    u = [p[1][0] - p[0][0], p[1][1] - p[0][1]]
    v = [p[2][0] - p[0][0], p[2][1] - p[0][1]]
    return abs(u[0] * v[1] - u[1] * v[0]) / 2


def signed2(a, b, c):  # twice the signed area of the triangle a, b, c
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def m_barycentric(p):  # area(p, B, C) / area(A, B, C)
    a, b, c = TRI
    return signed2(p, b, c) / signed2(a, b, c)


def m_barycentric_tri(t):
    p = [mpf(1), mpf(1)]
    return signed2(p, t[1], t[2]) / signed2(t[0], t[1], t[2])


def m_haversine(p):
    """The central angle between two points (lat, lon) of the unit sphere, by the spherical law of haversines."""
    la1, lo1, la2, lo2 = p
    h = mpmath.sin((la2 - la1) / 2) ** 2 + mpmath.cos(la1) * mpmath.cos(la2) * mpmath.sin((lo2 - lo1) / 2) ** 2
    return 2 * mpmath.asin(mpmath.sqrt(h))


def quat_matrix(q):
    """The rotation matrix of the unit quaternion q = (w, x, y, z), written out (not by cross products)."""
    n = norm(q)
    w, x, y, z = [v / n for v in q]
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def m_quat_rotate(q):
    R = quat_matrix(q)
    return dot(W3, [dot(row, V3) for row in R])


def m_rot2(theta):  # 3 (cos - 2 sin) - (sin + 2 cos)
    return mpmath.cos(theta) - 7 * mpmath.sin(theta)


def m_rodrigues(w):
    """R(w) V3 by the matrix form I + sin t K + (1 - cos t) K^2 (K the cross-product matrix of w / t), and the
    first-order V3 + w x V3 where t = |w| < 1e-8, as the user's branch says."""
    t = norm(w)
    if t < D(1e-8):
        return dot(W3, [v + c for v, c in zip(V3, cross(w, V3))])
    k = [v / t for v in w]
    K = [[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]]
    K2 = [[S(K[i][m] * K[m][j] for m in range(3)) for j in range(3)] for i in range(3)]
    R = [[(1 if i == j else 0) + mpmath.sin(t) * K[i][j] + (1 - mpmath.cos(t)) * K2[i][j] for j in range(3)]
         for i in range(3)]
    return dot(W3, [dot(row, V3) for row in R])


def m_lj(x):
    r = norm([x[i] - x[i + 3] for i in range(3)])
    return 4 * (r ** -12 - r ** -6)


def m_lj_r(r):
    return 4 * (r ** -12 - r ** -6)


def m_softened(x):
    r2 = S((x[i] - x[i + 3]) ** 2 for i in range(3))
    return -1 / mpmath.sqrt(r2 + D(1e-4))


def m_pairs(x, both):
    """The sum of |x_i - x_j| over i < j, twice over when ``both`` (i != j; the diagonal |x_i - x_i| is 0 for every x)."""
    total = S(norm([x[i][k] - x[j][k] for k in range(2)]) for i in range(3) for j in range(i + 1, 3))
    return 2 * total if both else total


def m_spring(x):
    return S((abs(x[i + 1] - x[i]) - 1) ** 2 for i in range(3)) / 2


def m_pendulum(theta, omega):
    return omega * omega / 2 + D(9.81) * (1 - mpmath.cos(theta))


def m_leapfrog(x0, dt=D(0.1)):
    """Velocity Verlet (the same map as kick-drift-kick) for x'' = -x - x^3, 10 steps of dt = 0.1, from rest. In a
    float32 run the Python floats 0.1 and 0.5 * 0.1 meet float32 arrays, which NumPy's weak promotion keeps float32: the
    program's step is float32(0.1) (and its half, float32(0.05), exactly)."""

    def acc(u):
        return -u - u ** 3
    x, v = x0, mpf(0)
    a = acc(x)
    for _ in range(10):
        x = x + dt * v + dt * dt / 2 * a
        a_new = acc(x)
        v = v + dt / 2 * (a + a_new)
        a = a_new
    return x


def m_shoelace(p):
    n = len(p)
    return abs(S(p[i][0] * p[(i + 1) % n][1] - p[(i + 1) % n][0] * p[i][1] for i in range(n))) / 2


def m_centroid_x(p):
    """The centroid's x of a polygon: the area-weighted mean of its fan triangles' centroids (origin, p_i, p_i+1)."""
    n = len(p)
    o = [mpf(0), mpf(0)]
    parts = [(signed2(o, p[i], p[(i + 1) % n]), (p[i][0] + p[(i + 1) % n][0]) / 3) for i in range(n)]
    return S(a * cx for a, cx in parts) / S(a for a, _ in parts)


def m_curvature3(p):
    """1 / R of the circle through three points: 4 K / (a b c), K by Heron from the side lengths."""
    a = norm([p[1][k] - p[0][k] for k in range(2)])
    b = norm([p[2][k] - p[1][k] for k in range(2)])
    c = norm([p[2][k] - p[0][k] for k in range(2)])
    return 4 * m_heron([a, b, c]) / (a * b * c)


def m_curve(a):
    return abs(2 * a) / (1 + 4 * a * a) ** mpf(1.5)


W4 = [mpf(1), mpf(-1), mpf(2), mpf(1) / 2]


def m_rot3(theta):  # W3 . (c - 2 s, s + 2 c, 3)
    return -3 * mpmath.cos(theta) - 4 * mpmath.sin(theta) + mpf(3) / 2


def m_unwrap(p):
    """A phase sequence unwrapped: each step taken to (-pi, pi] by adding a multiple of 2 pi (true pi)."""
    u = [p[0]]
    for i in range(1, len(p)):
        d = p[i] - p[i - 1]
        u.append(u[-1] + d - 2 * mpmath.pi * mpmath.floor((d + mpmath.pi) / (2 * mpmath.pi)))
    return S(w * v for w, v in zip(W4, u))


def m_inertia_min(p):
    """The smaller eigenvalue of [[a, b], [b, c]] (a = sum y^2, b = -sum x y, c = sum x^2), in closed form."""
    a = S(v[1] ** 2 for v in p)
    c = S(v[0] ** 2 for v in p)
    b = -S(v[0] * v[1] for v in p)
    return (a + c) / 2 - mpmath.sqrt(((a - c) / 2) ** 2 + b * b)


def m_haversine_deg(p):
    return m_haversine([v * mpmath.pi / 180 for v in p])


def m_lj_cut(x):
    r = abs(x[1] - x[0])
    return m_lj_r(r) if r < D(2.5) else mpf(0)


def m_solid_angle(r):
    """2 atan2(a . (b x c), |a||b||c| + (a . b)|c| + (a . c)|b| + (b . c)|a|): Van Oosterom and Strackee's formula,
    whose atan2 takes the angle's half; a triangle whose plane holds the origin inside it is on atan2's cut."""
    a, b, c = r
    la, lb, lc = norm(a), norm(b), norm(c)
    return 2 * mpmath.atan2(dot(a, cross(b, c)), la * lb * lc + dot(a, b) * lc + dot(a, c) * lb + dot(b, c) * la)


def m_batch_cross(a):
    n = len(a)
    return S(norm(cross(a[i], a[(i - 1) % n])) for i in range(n))


def m_rows_unit(X):
    return S(dot(W3, row) / norm(row) for row in X)


def m_perimeter(p):
    n = len(p)
    return S(norm([p[(i + 1) % n][k] - p[i][k] for k in range(2)]) for i in range(n))


SEAM = [5.9e-09, 8.07403244977378e-09, 0.0]  # |w| is 1e-8 in float64, 4.1e-25 below the double 1e-8 exactly


def svals2(F):
    """The singular values of a 2 x 2 matrix: sigma^2 = (T +- sqrt(T^2 - 4 D^2)) / 2, T = |F|_F^2, D = det F."""
    T = S(v * v for row in F for v in row)
    Dt = F[0][0] * F[1][1] - F[0][1] * F[1][0]
    gap = mpmath.sqrt(max(mpf(0), T * T - 4 * Dt * Dt))
    return mpmath.sqrt((T + gap) / 2), mpmath.sqrt(max(mpf(0), (T - gap) / 2))


def m_neo(F):
    J = F[0][0] * F[1][1] - F[0][1] * F[1][0]
    return (S(v * v for row in F for v in row) - 2) / 2 - mpmath.log(J) + mpmath.log(J) ** 2


def _cabs(x, y):
    return mpmath.sqrt(x * x + y * y)


# --- truths written by hand where sided_grad cannot serve ------------------------------------------------------------

def undefined(**shapes):  # the function is 0/0, x/0 or the root of a negative on one side: no derivative anywhere
    def nans(n):
        return [NAN] * n if isinstance(n, int) else [nans(m) for m in n]
    return hp(lambda: {k: nans(v) for k, v in shapes.items()})


def fixed(**values):  # a truth given entry by entry (mpf, NaN)
    return hp(lambda: {k: (v() if callable(v) else v) for k, v in values.items()})


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


PI = float(numpy.pi)
X1 = [1.0, 0.0, 0.0]
PAIR = [[0.0, 0.0], [3.0, 4.0], [1.0, 0.0]]
LINE4 = [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]
QUAD = [[0.0, 0.0], [2.0, 0.0], [3.0, 2.0], [0.5, 1.5]]


def _atan2(y, x):
    return mpmath.atan2(y, x)


def _hyp(x, y):
    return mpmath.sqrt(x * x + y * y)


ALL = [
    # angles between vectors: arccos of the normalised dot product, arctan2(|a x b|, a . b)
    C("angle_acos", angle, a=[1.0, 2.0, 3.0], b=[3.0, -1.0, 2.0]),
    C("angle_acos", angle, "wrong", a=X1, b=[2.0, 0.0, 0.0]),  # parallel: a cone in the normal directions
    C("angle_acos", angle, "unstable", a=[1.0, 1e-8, 0.0], b=X1),  # cos 1e-8 rounds to 1: the angle 0
    C("angle_atan2", angle, "wrong", a=X1, b=[2.0, 0.0, 0.0]),
    C("angle_atan2", angle, a=[1.0, 1e-8, 0.0], b=X1),
    C("angle_atan2", angle, "unstable", a=[1e-300, 0.0, 0.0], b=[0.0, 1e-300, 0.0]),  # the cross product underflows
    # np.arctan2 and np.hypot at their edges
    H("atan2_xy", undefined(y=1, x=1), "domain", y=0.0, x=0.0),
    H("atan2_xy", fixed(y=NAN, x=mpf(0)), "domain", y=-0.0, x=-1.0),  # on the cut: a jump in y, constant in x
    C("atan2_xy", _atan2, y=1e-300, x=1e-300),  # x^2 + y^2 underflows; gradcli's rule does not form it
    C("hypot_xy", _hyp, x=1e-300, y=1e-300),
    C("hypot_xy", _hyp, "unstable", x=5e-324, y=5e-324),  # the value 7.1e-324 rounds to 5e-324: x / r = 1
    C("norm_naive", _hyp, "unstable", x=1e-300, y=1e-300),
    C("norm_naive", _hyp, "unstable", x=1e300, y=1e300),
    # polar and cartesian
    C("polar_roundtrip", lambda x, y: x + y, "wrong", x=0.0, y=0.0),  # x + y: hypot's x / r is 0/0 at the origin
    C("polar_to_cart", lambda r, th: 3 * r * mpmath.cos(th) - 2 * r * mpmath.sin(th), r=1e300, th=1e300),
    # cross products
    # triangles: Heron, Kahan, the cross product, barycentric coordinates
    H("heron", undefined(s3=3), "domain", s3=[1.0, 2.0, 3.0]),  # collinear: sqrt of a negative on one side
    C("heron", m_heron, s3=[1.0, 1.0, 1.9999999999]),  # a needle whose 2 + c happens to be exact
    C("heron", m_heron, "unstable", s3=[1.0, 0.6, 0.4000000001]),  # a needle: s rounds, s - a cancels
    C("heron_kahan", m_heron, s3=[1.0, 0.6, 0.4000000001]),
    C("triangle_area", m_tri_area, "domain", p=[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]),
    C("triangle_area", m_tri_area, "unstable", p=[[0.0, 0.0], [1e-200, 0.0], [0.0, 1e-200]]),  # abs' sign of 0
    H("barycentric_tri", undefined(t=[2, 2, 2]), "domain", t=[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]),  # 0/0
    # the great-circle distance
    C("haversine", m_haversine, "domain", p=[0.5, 0.3, 0.5, 0.3]),  # coincident: a cone
    C("haversine", m_haversine, "unstable", p=[0.0, 0.0, 0.0, PI]),  # float64's pi is short of pi: h < 1, smooth
    # rotations: quaternions, rotation matrices, Rodrigues with its small-angle branch
    H("quat_rotate", undefined(q=4), "domain", q=[0.0, 0.0, 0.0, 0.0]),
    C("quat_rotate", m_quat_rotate, "unstable", q=[1e-300, 2e-300, 3e-300, 4e-300]),
    C("quat_rotate", m_quat_rotate, "unstable", q=[1e300, 2e300, 3e300, 4e300]),
    C("rot2", m_rot2, theta=1e300),
    C("rodrigues", m_rodrigues, "wrong", w=[0.0, 0.0, 0.0]),  # NaN from the unselected branch's w / 0
    C("rodrigues", m_rodrigues, w=[1e-9, 0.0, 0.0]),
    C("rodrigues", m_rodrigues, "unstable", w=[1e-8, 0.0, 0.0]),  # the branches' seam: a jump of 1e-16 in w0
    # signed and unsigned distances, unit vectors
    # the value -inf for -5.8e299, lost beside slopes past float64: unstable
    C("plane_signed", lambda n: (dot(n, V3) - 1) / norm(n), "unstable", n=[1e-300, 1e-300, 1e-300]),  # slopes 1e600
    H("unit_dot", undefined(x=3), "domain", x=[0.0, 0.0, 0.0]),
    C("unit_dot", lambda x: dot(W3, x) / norm(x), "unstable", x=[1e-300, 2e-300, 2e-300]),
    # the value NaN for -1.34, lost beside slopes past float64: unstable
    C("unit_dot", lambda x: dot(W3, x) / norm(x), "unstable", x=[5e-324, 1e-323, 0.0]),  # slopes 1.4e323
    C("unit_dot", lambda x: dot(W3, x) / norm(x), "unstable", dtype="float32", x=[1e-30, 2e-30, 2e-30]),
    # physics: Lennard-Jones, Coulomb, softened gravity, pairwise distances, springs, a pendulum, leapfrog
    # the value 4e360 and the x-slopes 4.8e391 past float64, the y- and z-slopes 0 not: computed NaN
    C("lennard_jones", m_lj, "unstable", x=[0.0, 0.0, 0.0, 1e-30, 0.0, 0.0]),
    C("lennard_jones", m_lj, "unstable", x=[0.0, 0.0, 0.0, 1e30, 0.0, 0.0]),  # d(1/u) = -1e-360 underflows
    C("lennard_jones", m_lj, "unstable", x=[0.0, 0.0, 0.0, 1e103, 0.0, 0.0]),  # r^6 overflows: 0 * inf
    C("lj_r", m_lj_r, "domain", dtype="float32", r=1e-4),  # the value 4e48: past float32
    # the minimum: the slope 2.0e-15 is float64's offset from it, computed 1.8e-15; ok since 9c9f9767 (a lone number
    # where an exact 0 would pass is measured by the data's reach: 2 ulps of r move the slope by 57 x 4.4e-16)
    C("lj_r", m_lj_r, r=2.0 ** (1.0 / 6.0)),
    H("coulomb", fixed(x=[NAN, NAN, mpf(-2)]), "domain", x=[0.0, 0.0, 1.0]),
    C("coulomb", lambda x: S(1 / abs(x[i] - x[j]) for i, j in ((0, 1), (1, 2), (0, 2))), "domain",
      x=[0.0, 5e-324, 1.0]),  # the value 2e323  # the third charge keeps its slope
    C("softened", m_softened, x=[0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    C("softened", m_softened, "unstable", x=[0.0, 0.0, 0.0, 1e200, 0.0, 0.0]),
    C("pair_sum", lambda x: m_pairs(x, True), "wrong", x=PAIR),  # the diagonal's sqrt(0): 0 * inf
    C("pair_norm", lambda x: m_pairs(x, True), "wrong", x=PAIR),
    C("pair_safe", lambda x: m_pairs(x, True), x=PAIR),
    C("pair_upper", lambda x: m_pairs(x, False), "domain", x=[[0.0, 0.0], [0.0, 0.0], [1.0, 0.0]]),
    C("spring_chain", m_spring, "domain", x=[0.0, 1.5, 1.5, 3.0]),
    C("pendulum", m_pendulum, "unstable", theta=1e-8, omega=0.0),  # 1 - cos 1e-8 is 0 in float64
    C("leapfrog", m_leapfrog, x0=0.5),
    C("leapfrog", lambda x0: m_leapfrog(x0, D(float(numpy.float32(0.1)))), dtype="float32", x0=0.5),
    # polygons and curves
    C("shoelace", m_shoelace, "domain", p=LINE4),  # collinear: |0|
    H("centroid_x", undefined(p=[2, 2, 2, 2]), "domain", p=LINE4),  # 0/0
    H("curvature3", fixed(p=[[mpf(0), NAN], [mpf(0), NAN], [mpf(0), NAN]]), "domain",
      p=[[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]),  # a straight piece: |area| in y, constant 0 in x
    C("curve_curvature", m_curve, "unstable", a=1e300),  # 4 a^2 overflows: power's rule at inf gives 0 * inf
    # round two: arrays built from traced scalars, einsum, clipped cosines, norms with ord, np.unwrap, det, eigvalsh,
    # degrees, a cut-off by np.where, solid angles
    C("rot3_einsum", m_rot3, theta=-2.0),
    C("angle_clip", angle, "unstable", a=[1.0, 2.0, 3.0], b=[1.0, 2.0, 3.00000001]),  # the cosine rounds to 1
    C("maxnorm", lambda x: max(abs(v) for v in x), "domain", x=[1.0, -1.0, 0.5]),  # a tie
    C("unwrap_sum", m_unwrap, p=[0.0, 3.0, -3.0, 2.0]),
    C("tri_det", m_tri_area, "unstable", p=[[0.0, 0.0], [1e-200, 0.0], [0.0, 1e-200]]),
    C("inertia_min", m_inertia_min, "domain", p=[[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]]),  # isotropic
    C("haversine_deg", m_haversine_deg, p=[51.5, -0.12, 40.7, -74.0]),
    C("lj_cut", m_lj_cut, x=[0.0, 3.0]),
    C("lj_cut", m_lj_cut, "domain", x=[0.0, 2.5]),  # the cut-off's jump
    C("solid_angle", m_solid_angle, "domain", r=[[1.0, 0.0, 0.0], [-1.0, 0.1, 0.0], [-1.0, -0.1, 0.0]]),  # on the cut
    # round three: a branch that rounding flips, near-antiparallel cosines, invariants exactly constant, batches
    C("rodrigues", m_rodrigues, "unstable", w=SEAM),  # exact: the small branch; float64: the full one
    H("rot_invariant", fixed(theta=mpf(0)), theta=0.5),  # 5 for every theta: the slope 0, proven
    C("angle_acos", angle, "unstable", a=X1, b=[-1.0, 1e-9, 0.0]),  # the cosine rounds to -1: arccos' -inf
    H("quat_norm_invariant", fixed(q=[mpf(0)] * 4), q=[1.0, 2.0, 3.0, 4.0]),  # 14 for every q != 0
    C("rows_unit", m_rows_unit, "unstable", X=[[1e-300, 2e-300, 2e-300], [0.0, 3.0, 4.0]]),
    # round four: complex numbers as plane geometry, matrix norms of a deformation gradient, a hyperelastic energy
    C("complex_abs", _cabs, x=1e-300, y=1e-300),
    H("complex_angle", fixed(x=mpf(0), y=NAN), "domain", x=-1.0, y=-0.0),  # on the cut
    C("complex_rotate", lambda theta: 7 * mpmath.cos(theta) + mpmath.sin(theta), theta=1e300),
    C("spectral", lambda F: svals2(F)[0], "domain", F=[[1.0, 0.0], [0.0, 1.0]]),  # equal singular values
    C("nuclear", lambda F: sum(svals2(F)), "domain", F=[[1.0, 2.0], [2.0, 4.0]]),  # singular: |det| at 0
    H("neo_hookean", undefined(F=[2, 2]), "domain", F=[[1.0, 2.0], [2.0, 4.0]]),  # J = 0: -log 0
    C("neo_hookean", m_neo, F=[[1.0, 0.0], [0.0, 1e-300]]),  # slopes -1.4e303, inside float64
    # round five: smooth functions written through a norm's cone; a sorted Kahan form at ties
    C("norm_sq", lambda x: dot(x, x), "wrong", x=[0.0, 0.0, 0.0]),  # |x|^2: 2 |x| * (x / |x|) = 0 * NaN
    C("softened_norm", m_softened, "wrong", x=[0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),  # slope 0; norm's rule 0/0
    C("heron_sorted", m_heron, s3=[1.0, 1.0, 1.0]),  # ties in np.sort: symmetric, smooth
    # round six: the constants a library writes (np.radians' pi / 180, np.unwrap's period 2 pi) against the user's np.pi
    H("log_sin_deg", fixed(x=NAN), "domain", x=180.0),  # np.radians(180) is pi: log sin pi = log 0
    C("log_sin_pi", lambda x: mpmath.log(mpmath.sin(x * D(numpy.pi) / 180)), x=180.0),  # the user's np.pi: finite
    C("unwrap_sum", m_unwrap, "unstable", p=[0.0, PI, 0.0, 1.0]),  # F1: steps of +-np.pi, inside (-2 pi / 2, 2 pi / 2)
]
