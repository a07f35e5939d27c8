"""What the twenty-seventh round (b) of user trials found (tests/test_user_trials27b.py, tests/trials/cases27b.py), for
the whole class of each finding, without TensorFlow's import: TensorFlow's gather with batch_dims
(``tf.gather(probs, labels, batch_dims=1)``) was replayed as a plain take along its axis (the wrong entries, then an
error in its gradient) and picks from each batch entry's own slice (B1, asked of the replay table); the provenance of a
NaN through a pick whose index is arrays that broadcast together (``p[rows[:, None], cols]``) was an internal error
(exit 3) and names the user's line (P1, asked of a plain NumPy module); a cast to bfloat16 was taken for a cast to an
integer (no exact reference at all for a bfloat16 projection in a float32 model) and keeps exact numbers exact (B2);
and tf.searchsorted's UpperBound and LowerBound, with no replay (an input error), are replayed row by row (B3, asked of
the replay table). PyTorch's own constants as the numbers they round, a continuous Bernoulli's log 2 (C1) and
torch.special.ndtr's M_SQRT1_2 (N1), are tested by tests/test_const63_torch_constants.py.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import json

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.capture import tf_ops
from gradcli.cli import cli


# B1: TensorFlow's GatherV2 with batch_dims b picks, for each of the leading b entries of the indices, from its own
# slice of the params: tf.gather(p, i, batch_dims=1)[k] = p[k, i[k]]. Replayed as a plain take along the axis, the
# forward pass held every row's picks for every row (the wrong numbers, the exact reference of another function)
# and TensorFlow's gradient graph for it failed to replay. The truth below is the definition, entry by entry.

def _gathered_by_loops(params, indices, axis, batch):
    """tf.gather(params, indices, axis=axis, batch_dims=batch) written from its definition, one entry at a time."""
    params, indices = np.asarray(params), np.asarray(indices)
    axis, batch = axis % params.ndim, batch % indices.ndim if batch < 0 else batch
    shape = params.shape[:axis] + indices.shape[batch:] + params.shape[axis + 1:]
    out = np.empty(shape, dtype=params.dtype)
    middle = indices.ndim - batch
    for place in np.ndindex(*shape):
        lead, picks, tail = place[:axis], place[axis:axis + middle], place[axis + middle:]
        out[place] = params[lead + (indices[lead[:batch] + picks],) + tail]
    return out


GATHERS = [  # params shape, indices shape, axis, batch_dims
    ((4, 4), (4,), 1, 1),  # NT-Xent's positives: probs[k, labels[k]]
    ((2, 3, 5), (2, 4), 2, 1),  # a dimension between the batch and the axis
    ((2, 3, 5), (2, 4), 1, 1),  # trailing dimensions kept
    ((2, 3, 5, 2), (2, 3, 4), 2, 2),  # two batch dimensions
    ((3, 5), (3, 2, 2), 1, 1),  # indices of higher rank than the batch
    ((2, 3, 4), (2, 3), -1, -1),  # negative axis and batch_dims
]


def _case(shapes, seed=0):
    params_shape, indices_shape, axis, batch = shapes
    rng = np.random.default_rng(seed)
    params = rng.normal(size=params_shape)
    indices = rng.integers(0, params_shape[axis % len(params_shape)], size=indices_shape)
    return params, indices, axis, batch


@pytest.mark.parametrize("shapes", GATHERS, ids=str)
def test_tensorflows_gather_with_batch_dims_picks_from_each_batch_entrys_own_slice(shapes):
    params, indices, axis, batch = _case(shapes)
    got = tf_ops._gather([params, indices, np.array(axis)], {"batch_dims": batch})
    want = _gathered_by_loops(params, indices, axis, batch)
    assert np.shape(got) == want.shape and np.array_equal(got, want)  # picks: the same numbers, bit for bit


def test_the_batched_gather_on_exact_numbers_picks_the_same_entries():
    params, indices, axis, batch = _case(GATHERS[1])
    exact = np.vectorize(mpmath.mpf, otypes=[object])(params)
    got = tf_ops._gather([exact, indices, np.array(axis)], {"batch_dims": batch})
    assert all(isinstance(v, mpmath.mpf) for v in np.ravel(got))
    assert np.array_equal(np.asarray(got, dtype=float), _gathered_by_loops(params, indices, axis, batch))


def test_the_batched_gathers_gradient_adds_each_weight_into_the_entry_it_picked():
    params, indices, axis, batch = _case(GATHERS[1], seed=1)
    weights = np.random.default_rng(2).normal(size=_gathered_by_loops(params, indices, axis, batch).shape)

    def readout(p):
        return gradcli.numpy.sum(tf_ops._gather([p, indices, np.array(axis)], {"batch_dims": batch}) * weights)
    want = np.zeros_like(params)
    middle = indices.ndim - batch
    for place in np.ndindex(*weights.shape):  # each output entry's weight lands where it was picked from
        lead, picks, tail = place[:axis], place[axis:axis + middle], place[axis + middle:]
        want[lead + (indices[lead[:batch] + picks],) + tail] += weights[place]
    assert np.allclose(gradcli.grad(readout)(params), want, rtol=1e-14, atol=0)


# P1: a NaN's provenance followed the zeros of each op's arguments back through the recorded ops; an argument that
# is a pick's index of arrays broadcasting together (p[rows[:, None], cols], or the batched gather above) is no one
# array, and reading it as one raised: exit 3, "a bug in gradcli", where the user's softmax had underflowed.

PICKED = '''import numpy as np

ROWS = np.arange(3)[:, None]
COLS = np.array([2, 0, 1])


def picked_log(z):
    p = np.exp(z) / np.sum(np.exp(z), axis=1, keepdims=True)
    return np.sum(np.log(p[ROWS, COLS]))
'''
Z = [[1, 0.5, 2], [-1e4, 1e4, 0.3], [0, 0, 1]]


def test_a_nans_provenance_passes_a_pick_by_broadcast_index_arrays(tmp_path):
    path = tmp_path / "picked.py"
    path.write_text(PICKED)
    result = CliRunner().invoke(cli, ["check", f"{path}:picked_log", "--at", "z=" + json.dumps(Z).replace(" ", ""),
                                      "--dtype", "float64", "--json"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)["results"][0]
    assert found["status"] == "unstable"
    assert any("picked.py:9" in (f.get("location") or "") for f in found["findings"])  # np.exp(z) overflowed
    # the picks hold every column of every row: the sum is sum_r (sum_j z[r, j] - 3 logsumexp(z_r)), its slopes
    # 1 - 3 softmax(z_r), from the mathematics in mpmath
    with mpmath.workdps(50):
        want = []
        for row in Z:
            top = max(row)
            e = [mpmath.exp(mpmath.mpf(v) - top) for v in row]
            want.append([1 - 3 * v / sum(e) for v in e])
        for got_row, want_row in zip(found["exact_gradient"]["z"], want):
            for got, truth in zip(got_row, want_row):
                assert abs(mpmath.mpf(got) - truth) <= 1e-12 * abs(truth)


# B2: a cast to bfloat16 (tf.cast(x, tf.bfloat16), a TPU-style projection in a float32 model) was taken for a cast to
# an integer: NumPy files ml_dtypes' bfloat16 under no float kind. On exact numbers it raised ("expected number, got
# mpf"), so the check had no exact reference and no verdict; in a dtype the cast was not recorded, so provenance could
# not name it. Asked of the replay table, without TensorFlow's import.

def test_a_cast_to_bfloat16_keeps_exact_numbers_exact():
    ml_dtypes = pytest.importorskip("ml_dtypes")  # lazy: TensorFlow's bfloat16 is ml_dtypes'
    with mpmath.workdps(40):
        exact = np.array([mpmath.mpf(1) / 3, mpmath.mpf(2) ** 0.5], dtype=object)
        got = tf_ops._cast([exact], {"DstT": np.dtype(ml_dtypes.bfloat16)})
        assert all(isinstance(v, mpmath.mpf) for v in got) and got[0] == mpmath.mpf(1) / 3


def test_a_cast_to_bfloat16_rounds_floats_to_bfloat16_as_ml_dtypes_does():
    ml_dtypes = pytest.importorskip("ml_dtypes")  # lazy: TensorFlow's bfloat16 is ml_dtypes'
    x = np.array([1 / 3, 2.0 ** 0.5, 1e-3], dtype=np.float32)
    narrow = tf_ops._cast([x], {"DstT": np.dtype(ml_dtypes.bfloat16)})
    assert np.asarray(narrow).dtype == np.dtype(ml_dtypes.bfloat16)
    assert np.array_equal(np.asarray(narrow).astype(np.float32), x.astype(ml_dtypes.bfloat16).astype(np.float32))
    wide = tf_ops._cast([narrow], {"DstT": np.dtype(np.float32)})
    assert np.asarray(wide).dtype == np.float32


def test_a_recorded_cast_to_bfloat16_carries_the_gradient():
    ml_dtypes = pytest.importorskip("ml_dtypes")  # lazy: TensorFlow's bfloat16 is ml_dtypes'

    def narrowed(x):
        back = tf_ops._cast([tf_ops._cast([x * 3.0], {"DstT": np.dtype(ml_dtypes.bfloat16)})], {"DstT": np.dtype(np.float32)})
        return gradcli.numpy.sum(back)
    assert np.allclose(gradcli.grad(narrowed)(np.array([0.1, 0.2], dtype=np.float32)), [3.0, 3.0])


# B3: tf.searchsorted's ops (UpperBound for side="right", LowerBound for "left"), which a spline flow uses to find each
# input's bin, had no replay: an input error. Replayed row by row, on exact numbers each comparison is a decision of
# the path, so a tie with a knot is seen (the spline's log-determinant at its knots: domain, its two one-sided slopes).

KNOTS = np.array([[-1.0, -0.25, 0.5, 1.0], [0.0, 1.0, 2.0, 3.0]])
WANTED = np.array([[-0.25, 0.1, 0.5], [3.0, -1.0, 1.5]])


@pytest.mark.parametrize("op, side", [("UpperBound", "right"), ("LowerBound", "left")])
def test_tensorflows_searchsorted_finds_each_rows_places_on_floats_and_exact_numbers(op, side):
    replay, _ = tf_ops.OPS[op]
    want = np.array([[sum(k < w or (side == "right" and k == w) for k in knots) for w in wanted]
                     for knots, wanted in zip(KNOTS, WANTED)])  # the definition: how many knots go before
    assert np.array_equal(replay([KNOTS, WANTED], {"out_type": np.int32}), want)
    exact = np.vectorize(mpmath.mpf, otypes=[object])
    assert np.array_equal(replay([exact(KNOTS), exact(WANTED)], {"out_type": np.int32}), want)
