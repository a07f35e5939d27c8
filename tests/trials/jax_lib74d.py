"""A user's JAX code, seventy-fourth round (d): graph neural networks on a tiny graph by jax.ops' segment operations.
The graph: 5 nodes, 8 directed edges (src -> dst) with a duplicate edge 1 -> 2 and a self-loop 3 -> 3, node 4
isolated. GCN's symmetric normalisation with self-loops (edge weights given, and through softplus), without them
(1/sqrt(deg) guarded by jnp.where, by jnp.maximum(deg, 1), and bare) and as a dense D^-1/2 A D^-1/2; mean aggregation
(bare and guarded), max aggregation by jax.ops.segment_max (its -inf on the empty neighbourhood replaced by
jnp.where, and left to tanh); GAT's attention (leaky_relu scores, a softmax over each node's incoming edges shifted by
segment_max; unshifted; a dense masked softmax); GraphSAGE with an L2 normalise (norm clamped, and rsqrt of the clamped
squared norm); link prediction's BCE on dot products (naive and by log_sigmoid); a graph readout (sum, mean, max); a
Laplacian's eigenvalues by jnp.linalg.eigh; and an inverse-degree-weighted regression loss. Then: GraphSAGE's pooling
max of relu(w x), the GAT softmax with a stop_gradient shift and by jax.nn.softmax(where=), a Fiedler-vector feature,
and GCN by jnp.bincount(weights=)."""

import jax
import jax.numpy as jnp

N = 5
SRC = jnp.array([0, 1, 1, 2, 2, 3, 1, 3])
DST = jnp.array([1, 0, 2, 1, 3, 2, 2, 3])
PAIRS_POS = (jnp.array([0, 2]), jnp.array([1, 3]))
PAIRS_NEG = (jnp.array([0, 1]), jnp.array([4, 3]))
CYCLE = (jnp.array([0, 1, 2, 3]), jnp.array([1, 2, 3, 0]))  # a 4-cycle's undirected edges, for the Laplacian
READOUT = jnp.array([0.5, 1.0, 2.0])
TARGET = jnp.array([0.2, -0.1, 0.4, 0.0, 0.3])
C = jnp.array([0.6, -0.8])


# ------------------------------------------------------------------------------------------------- GCN
def gcn_self_loops(x, ew):
    """Kipf & Welling: D^-1/2 (A + I) D^-1/2 x with weighted edges."""
    deg = jax.ops.segment_sum(ew, DST, num_segments=N) + 1.0
    dinv = deg ** -0.5
    norm = dinv[SRC] * ew * dinv[DST]
    h = jax.ops.segment_sum(norm * x[SRC], DST, num_segments=N) + x / deg
    return 0.5 * jnp.sum(h ** 2)


def gcn_softplus_weights(x, raw):
    """The same with learned edge weights ew = softplus(raw)."""
    return gcn_self_loops(x, jax.nn.softplus(raw))


def _gcn_no_loops(x, ew, dinv_of):
    deg = jax.ops.segment_sum(ew, DST, num_segments=N)
    dinv = dinv_of(deg)
    h = jax.ops.segment_sum(dinv[SRC] * ew * dinv[DST] * x[SRC], DST, num_segments=N)
    return 0.5 * jnp.sum((h - TARGET) ** 2)


def gcn_no_loops_where(x, ew):
    return _gcn_no_loops(x, ew, lambda deg: jnp.where(deg > 0, deg ** -0.5, 0.0))


def gcn_no_loops_clamp(x, ew):
    return _gcn_no_loops(x, ew, lambda deg: jnp.maximum(deg, 1.0) ** -0.5)


def gcn_no_loops_bare(x, ew):
    return _gcn_no_loops(x, ew, lambda deg: deg ** -0.5)


def gcn_dense(x, ew):
    """The textbook dense form, without self-loops."""
    A = jnp.zeros((N, N), dtype=x.dtype).at[DST, SRC].add(ew)
    dinv = A.sum(axis=1) ** -0.5
    A_norm = dinv[:, None] * A * dinv[None, :]
    return 0.5 * jnp.sum((A_norm @ x - TARGET) ** 2)


# ------------------------------------------------------------------------------------------------- mean / max
def mean_agg(x, w):
    s = jax.ops.segment_sum(x[SRC], DST, num_segments=N)
    cnt = jax.ops.segment_sum(jnp.ones_like(x[SRC]), DST, num_segments=N)
    h = w[0] * x + w[1] * s / cnt
    return 0.5 * jnp.sum(h ** 2)


def mean_agg_guarded(x, w):
    s = jax.ops.segment_sum(x[SRC], DST, num_segments=N)
    cnt = jax.ops.segment_sum(jnp.ones_like(x[SRC]), DST, num_segments=N)
    h = w[0] * x + w[1] * s / jnp.maximum(cnt, 1.0)
    return 0.5 * jnp.sum(h ** 2)


def max_agg(x, w):
    m = jax.ops.segment_max(x[SRC], DST, num_segments=N)
    m = jnp.where(jnp.isneginf(m), 0.0, m)
    h = w[0] * x + w[1] * m
    return 0.5 * jnp.sum(h ** 2)


def max_agg_tanh(x):
    m = jax.ops.segment_max(x[SRC], DST, num_segments=N)  # -inf at the isolated node
    return jnp.sum(jnp.tanh(x + m) ** 2)


# ------------------------------------------------------------------------------------------------- GAT
def _scores(x, a):
    return jax.nn.leaky_relu(a[0] * x[SRC] + a[1] * x[DST], negative_slope=0.2)


def gat(x, a):
    e = _scores(x, a)
    emax = jax.ops.segment_max(e, DST, num_segments=N)
    ex = jnp.exp(e - emax[DST])
    den = jax.ops.segment_sum(ex, DST, num_segments=N)
    alpha = ex / den[DST]
    h = jax.ops.segment_sum(alpha * x[SRC], DST, num_segments=N)
    return 0.5 * jnp.sum((h - TARGET) ** 2)


def gat_noshift(x, a):
    ex = jnp.exp(_scores(x, a))
    den = jax.ops.segment_sum(ex, DST, num_segments=N)
    alpha = ex / den[DST]
    h = jax.ops.segment_sum(alpha * x[SRC], DST, num_segments=N)
    return 0.5 * jnp.sum((h - TARGET) ** 2)


def gat_dense(x, a):
    """Dense attention: scores masked to -inf off the edges, softmax per row; a row without edges set to 0."""
    adj = jnp.zeros((N, N), dtype=bool).at[DST, SRC].set(True)
    s = jax.nn.leaky_relu(a[0] * x[None, :] + a[1] * x[:, None], negative_slope=0.2)
    att = jax.nn.softmax(jnp.where(adj, s, -jnp.inf), axis=1)
    att = jnp.where(adj.any(axis=1, keepdims=True), att, 0.0)
    h = att @ x  # the duplicate edge 1 -> 2 is one entry of adj
    return 0.5 * jnp.sum((h - TARGET) ** 2)


# ------------------------------------------------------------------------------------------------- GraphSAGE
def _sage(x, w):
    s = jax.ops.segment_sum(x[SRC], DST, num_segments=N)
    cnt = jax.ops.segment_sum(jnp.ones_like(x[SRC]), DST, num_segments=N)
    m = s / jnp.maximum(cnt, 1.0)
    return jnp.stack([w[0] * x + w[1] * m, w[2] * x + w[3] * m], axis=1)


def sage_l2(x, w):
    h = _sage(x, w)
    z = h / jnp.maximum(jnp.linalg.norm(h, axis=1, keepdims=True), 1e-12)
    return jnp.sum(z @ C)


def sage_rsqrt(x, w):
    h = _sage(x, w)
    z = h * jax.lax.rsqrt(jnp.maximum(jnp.sum(h ** 2, axis=1, keepdims=True), 1e-24))
    return jnp.sum(z @ C)


# ------------------------------------------------------------------------------------------------- link prediction
def _dots(z, pairs):
    return jnp.sum(z[pairs[0]] * z[pairs[1]], axis=-1)


def link_bce_naive(z):
    pos, neg = _dots(z, PAIRS_POS), _dots(z, PAIRS_NEG)
    return -jnp.mean(jnp.log(jax.nn.sigmoid(pos))) - jnp.mean(jnp.log(1.0 - jax.nn.sigmoid(neg)))


def link_bce_logits(z):
    pos, neg = _dots(z, PAIRS_POS), _dots(z, PAIRS_NEG)
    return -jnp.mean(jax.nn.log_sigmoid(pos)) - jnp.mean(jax.nn.log_sigmoid(-neg))


# ------------------------------------------------------------------------------------------------- readout, spectrum
def readout(x, w):
    h = w * x
    g = jnp.stack([jnp.sum(h), jnp.mean(h), jnp.max(h)])
    return jnp.dot(READOUT, g)


def _laplacian(w):
    A = jnp.zeros((4, 4), dtype=w.dtype).at[CYCLE[0], CYCLE[1]].add(w).at[CYCLE[1], CYCLE[0]].add(w)
    return jnp.diag(A.sum(axis=1)) - A


def lap_lambda2(w):
    """Algebraic connectivity: the second-smallest Laplacian eigenvalue."""
    return jnp.linalg.eigh(_laplacian(w))[0][1]


def lap_pair_sum(w):
    evals = jnp.linalg.eigh(_laplacian(w))[0]
    return evals[1] + evals[2]


def lap_energy(w):
    return jnp.sum(jnp.linalg.eigh(_laplacian(w))[0] ** 2)


# ------------------------------------------------------------------------------------------------- degree weighting
def degree_weighted(x, ew):
    """Each node's squared error weighted by 1 / deg, isolated nodes weighted 0."""
    deg = jax.ops.segment_sum(ew, DST, num_segments=N)
    h = jax.ops.segment_sum(ew * x[SRC], DST, num_segments=N)
    wts = jnp.where(deg > 0, 1.0 / deg, 0.0)
    return jnp.sum(wts * (h - TARGET) ** 2)


# ------------------------------------------------------------------------------------------------- more
def max_pool(x, w):
    """GraphSAGE's pooling aggregator: the max over in-edges of relu(w x_src); empty neighbourhoods give 0."""
    m = jax.ops.segment_max(jax.nn.relu(w * x[SRC]), DST, num_segments=N)
    m = jnp.where(jnp.isneginf(m), 0.0, m)
    return 0.5 * jnp.sum((x + m) ** 2)


def gat_stop_gradient(x, a):
    """The same softmax with its shift held constant, as many implementations write it."""
    e = _scores(x, a)
    emax = jax.lax.stop_gradient(jax.ops.segment_max(e, DST, num_segments=N))
    ex = jnp.exp(e - emax[DST])
    alpha = ex / jax.ops.segment_sum(ex, DST, num_segments=N)[DST]
    h = jax.ops.segment_sum(alpha * x[SRC], DST, num_segments=N)
    return 0.5 * jnp.sum((h - TARGET) ** 2)


def gat_dense_where_arg(x, a):
    """Dense attention by jax.nn.softmax's where= argument, the row without edges left as it comes out."""
    adj = jnp.zeros((N, N), dtype=bool).at[DST, SRC].set(True)
    s = jax.nn.leaky_relu(a[0] * x[None, :] + a[1] * x[:, None], negative_slope=0.2)
    att = jax.nn.softmax(s, axis=1, where=adj)
    return 0.5 * jnp.sum((att @ x - TARGET) ** 2)


def lap_fiedler(w):
    """A sign-invariant positional feature: sum_i c_i v2_i^2, v2 the Fiedler vector."""
    v = jnp.linalg.eigh(_laplacian(w))[1][:, 1]
    return jnp.sum(jnp.array([1.0, 2.0, 3.0, 4.0]) * v ** 2)


def gcn_bincount(x, ew):
    """GCN with self-loops, degrees and messages summed by jnp.bincount(weights=)."""
    deg = jnp.bincount(DST, weights=ew, length=N) + 1.0
    dinv = deg ** -0.5
    h = jnp.bincount(DST, weights=dinv[SRC] * ew * dinv[DST] * x[SRC], length=N) + x / deg
    return 0.5 * jnp.sum(h ** 2)
