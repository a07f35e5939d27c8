"""A user's code on gradcli.numpy and gradcli.scipy, round 40c: linear algebra where it breaks. Quantum information
(a real qubit's von Neumann entropy by eigvalsh and xlogy, its purity, a thermal free energy -log tr e^-H by expm and
by eigvalsh with logsumexp), graphs (Kirchhoff's weighted spanning-tree count by slogdet and by det, the algebraic
connectivity by eigvalsh, PageRank by solve), Markov chains (a two-state chain's stationary law by solve, the
gambler's ruin absorption time by solve of I - Q, a continuous-time transition probability by expm), a Gaussian
process's marginal likelihood by Cholesky, a bivariate normal's log-density by slogdet and solve beside det and inv,
a minimum-variance portfolio, matrix norms (spectral, nuclear) at ties and rank drops, an inverse's corner at 1e-300,
and reductions (the top two of a sort at ties, a survival curve by cumsum, a product with a zero entry, softmax
populations)."""

import gradcli.numpy as gnp
import gradcli.scipy.linalg as gsl
import gradcli.scipy.special as sps

# --- quantum information: a real qubit rho = (I + x X + z Z) / 2, r = [x, z] -----------------------------------------


def density(r):
    x, z = r[0], r[1]
    return 0.5 * gnp.array([[1.0 + z, x], [x, 1.0 - z]])


def von_neumann_entropy(r):
    """S(rho) = -sum l log l over rho's eigenvalues."""
    levels = gnp.linalg.eigvalsh(density(r))
    return -gnp.sum(sps.xlogy(levels, levels))


def von_neumann_entropy_closed(r):
    """The same entropy by the Bloch length: l = (1 +- |r|) / 2, the log of the small one by log1p."""
    length = gnp.sqrt(r[0] ** 2 + r[1] ** 2)
    up, down = (1 + length) / 2, (1 - length) / 2
    return -(up * gnp.log1p(length) + down * gnp.log1p(-length)) + gnp.log(2.0)


def purity(r):
    rho = density(r)
    return gnp.trace(rho @ rho)


def hamiltonian(h):
    """H = [[a, c], [c, b]] in units of kT, h = [a, b, c]."""
    return gnp.array([[h[0], h[2]], [h[2], h[1]]])


def free_energy_expm(h):
    """F = -log tr e^-H, by the matrix exponential."""
    return -gnp.log(gnp.trace(gsl.expm(-hamiltonian(h))))


def free_energy_eig(h):
    """F = -log sum e^-E over H's levels, by logsumexp."""
    return -sps.logsumexp(-gnp.linalg.eigvalsh(hamiltonian(h)))


def ground_population(h):
    """The ground level's thermal population softmax(-E)[0]."""
    return sps.softmax(-gnp.linalg.eigvalsh(hamiltonian(h)))[0]


# --- graphs: a triangle with edge weights w = [w01, w02, w12] --------------------------------------------------------


def laplacian(w):
    w01, w02, w12 = w[0], w[1], w[2]
    return gnp.array([[w01 + w02, -w01, -w02],
                      [-w01, w01 + w12, -w12],
                      [-w02, -w12, w02 + w12]])


def log_spanning_trees(w):
    """Kirchhoff: log det of the Laplacian with node 0's row and column struck out, by slogdet."""
    sign, logdet = gnp.linalg.slogdet(laplacian(w)[1:, 1:])
    return logdet


def log_spanning_trees_det(w):
    return gnp.log(gnp.linalg.det(laplacian(w)[1:, 1:]))


def algebraic_connectivity(w):
    """Fiedler's lambda_2: the second-smallest Laplacian eigenvalue."""
    return gnp.linalg.eigvalsh(laplacian(w))[1]


LINKS = gnp.array([[0.0, 0.0, 1.0],
                   [0.5, 0.0, 0.0],
                   [0.5, 1.0, 0.0]])  # column-stochastic: 0 -> 1, 2; 1 -> 2; 2 -> 0


def pagerank_first(d):
    """PageRank of node 0 at damping d: (I - d M) r = (1 - d) / n."""
    n = 3
    r = gnp.linalg.solve(gnp.eye(n) - d * LINKS, (1 - d) / n * gnp.ones(n))
    return r[0]


# --- Markov chains ---------------------------------------------------------------------------------------------------


def stationary_first(rates):
    """pi_0 of the chain [[1 - a, a], [b, 1 - b]]: pi (P - I) = 0 with pi summing to 1, by solve."""
    a, b = rates[0], rates[1]
    system = gnp.array([[-a, b], [1.0, 1.0]])
    return gnp.linalg.solve(system, gnp.array([0.0, 1.0]))[0]


def ruin_time(p):
    """Gambler's ruin on 0..4 from 1: the expected steps t = (I - Q)^-1 1 over the transient states 1, 2, 3."""
    q = 1 - p
    zero = 0 * p
    transient = gnp.array([[zero, p, zero], [q, zero, p], [zero, q, zero]])
    t = gnp.linalg.solve(gnp.eye(3) - transient, gnp.ones(3))
    return t[0]


RATE_OUT, RATE_BACK = 0.5, 0.25


def stay_probability(t):
    """P(X_t = 0 | X_0 = 0) of a two-state continuous-time chain, by the matrix exponential of its generator."""
    generator = gnp.array([[-RATE_OUT, RATE_OUT], [RATE_BACK, -RATE_BACK]])
    return gsl.expm(generator * t)[0, 0]


# --- a Gaussian process with two inputs DISTANCE apart and an RBF kernel ---------------------------------------------

DISTANCE = 1.0
TARGETS = gnp.array([0.5, -0.25])


def gp_log_marginal(theta):
    """log N(y | 0, K + s^2 I) by Cholesky, theta = [lengthscale, noise s]."""
    ell, s = theta[0], theta[1]
    k = gnp.exp(-DISTANCE ** 2 / (2 * ell ** 2))
    cov = gnp.array([[1 + s ** 2, k], [k, 1 + s ** 2]])
    chol = gnp.linalg.cholesky(cov)
    alpha = gsl.solve_triangular(chol, TARGETS, lower=True)
    return -0.5 * gnp.sum(alpha ** 2) - gnp.sum(gnp.log(gnp.diagonal(chol))) - gnp.log(2 * gnp.pi)


# --- a bivariate normal N(0, s^2 C) ----------------------------------------------------------------------------------

SHAPE = gnp.array([[2.0, 1.0], [1.0, 2.0]])


def mvn_logpdf(x, s):
    cov = s ** 2 * SHAPE
    sign, logdet = gnp.linalg.slogdet(cov)
    return -0.5 * x @ gnp.linalg.solve(cov, x) - 0.5 * logdet - gnp.log(2 * gnp.pi)


def mvn_logpdf_naive(x, s):
    cov = s ** 2 * SHAPE
    return -0.5 * x @ gnp.linalg.inv(cov) @ x - 0.5 * gnp.log(gnp.linalg.det(cov)) - gnp.log(2 * gnp.pi)


# --- a minimum-variance portfolio of two assets, vol = [s1, s2], correlation c --------------------------------------


def min_variance(c):
    vol = gnp.array([1.0, 2.0])
    cov = gnp.array([[vol[0] ** 2, c * vol[0] * vol[1]], [c * vol[0] * vol[1], vol[1] ** 2]])
    ones = gnp.ones(2)
    return 1 / (ones @ gnp.linalg.solve(cov, ones))


# --- matrix norms and inverses ---------------------------------------------------------------------------------------


def spectral_norm(a):
    return gnp.linalg.norm(a, 2)


def nuclear_norm(a):
    return gnp.linalg.norm(a, "nuc")


def inverse_corner(t):
    """(A^-1)[0, 0] of A = [[1, t], [t, 1]]."""
    a = gnp.array([[1.0, t[0]], [t[0], 1.0]])
    return gnp.linalg.inv(a)[0, 0]


# --- reductions -----------------------------------------------------------------------------------------------------


def top_two(x):
    """The sum of the two largest entries."""
    return gnp.sum(gnp.sort(x)[-2:])


def expected_lifetime(h):
    """sum_k S_k with S_k = exp(-(h_0 + ... + h_k)): a discrete survival curve by cumsum of hazards."""
    return gnp.sum(gnp.exp(-gnp.cumsum(h)))


def all_working(x):
    return gnp.prod(x)


def largest_share(z):
    """The largest entry of a softmax population."""
    return gnp.max(sps.softmax(z))


def gp_log_marginal_solve(theta):
    """The same likelihood by slogdet and solve, as a user writes it from the textbook."""
    ell, s = theta[0], theta[1]
    k = gnp.exp(-DISTANCE ** 2 / (2 * ell ** 2))
    cov = gnp.array([[1 + s ** 2, k], [k, 1 + s ** 2]])
    sign, logdet = gnp.linalg.slogdet(cov)
    return -0.5 * TARGETS @ gnp.linalg.solve(cov, TARGETS) - 0.5 * logdet - gnp.log(2 * gnp.pi)


def fidelity(rs):
    """Uhlmann's fidelity (tr sqrt(sqrt(rho) sigma sqrt(rho)))^2 of two real qubits, rs = [x1, z1, x2, z2]."""
    root = gsl.sqrtm(density(rs[:2]))
    return gnp.trace(gsl.sqrtm(root @ density(rs[2:]) @ root)) ** 2


def chol_logdet(s):
    """log det(s^2 C) by Cholesky, as GP and Kalman code writes it."""
    chol = gnp.linalg.cholesky(s ** 2 * SHAPE)
    return 2 * gnp.sum(gnp.log(gnp.diagonal(chol)))


def principal_weight(h):
    """The squared first component of H's top eigenvector (its sign does not matter)."""
    vectors = gnp.linalg.eigh(hamiltonian(h))[1]
    return vectors[0, 1] ** 2


def condition_number(t):
    """cond([[1, t], [t, 1]]) = (1 + |t|) / (1 - |t|)."""
    return gnp.linalg.cond(gnp.array([[1.0, t[0]], [t[0], 1.0]]))


def condition_by_svd(t):
    """The same condition number as the ratio of the extreme singular values."""
    sv = gnp.linalg.svd(gnp.array([[1.0, t[0]], [t[0], 1.0]]), compute_uv=False)
    return sv[0] / sv[-1]


def matrix_condition(a):
    return gnp.linalg.cond(a)


def coupled_spectral_norm(t):
    """||[[1, t], [t, 1]]||_2 = 1 + |t|."""
    return gnp.linalg.norm(gnp.array([[1.0, t[0]], [t[0], 1.0]]), 2)


def coupled_top_level(t):
    """The upper level of [[1, t], [t, 1]]: 1 + |t|."""
    return gnp.linalg.eigvalsh(gnp.array([[1.0, t[0]], [t[0], 1.0]]))[-1]


def coupled_nuclear_norm(t):
    """|1 + t| + |1 - t| = 2 near 0: smooth."""
    return gnp.linalg.norm(gnp.array([[1.0, t[0]], [t[0], 1.0]]), "nuc")
