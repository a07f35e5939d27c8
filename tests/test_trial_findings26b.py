"""What the twenty-sixth round (b) of user trials found (tests/test_user_trials26b.py, tests/trials/cases26b.py), for
the whole class of each finding: TensorFlow's reparameterised gamma draws replayed (G1, asked of the tables), and an
exact gradient entry the dtype can only hold as 0, beside larger entries, judged as that 0 (Z1). A local read through
though another line reads it too (F1) is tested by tests/test_array_fixes.py, Airy's Ai replayed with its slope
(A1) by tests/test_misc62_torch.py.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import mpmath
import numpy as np

from gradcli.checker.compare import compare


def test_tensorflows_reparameterised_gamma_draws_have_a_replay():
    """G1: tf.random.stateless_gamma's draw and its gradient's kernel are replayed (asked of the tables: TensorFlow's
    import has no room in this file's budget; tests/test_tf62_tf.py checks the draw against mpmath's slope)."""
    from gradcli.capture import tf_graph, tf_ops

    replayed = set(tf_ops.OPS) | set(tf_graph.DRAWS)
    assert {"StatelessRandomGammaV3", "RandomGammaGrad"} <= replayed


# Z1: a sound forward algorithm's gradient (a CRF's log-partition through PyTorch's logsumexp at an emission of 800)
# has an entry whose exact value, -5.5e-348, float64 holds only as 0; PyTorch's 1.1e-15 there, beside entries of 0.33
# and 0.44, is the rounding of 1 - 1, as right as beside an exact 0. The whole class: an entry the dtype holds as 0,
# beside larger ones, is measured against the array's magnitude, in every dtype; a tiny entry the dtype can hold keeps
# its own relative error, and so does one alone in its array.


CRF_COMPUTED = [1.1102230246251565e-15, 0.0, 0.33096615063158913, -0.33096615063158796, 0.44169526604192694,
                -0.44169526604189535]


def _crf_exact():
    with mpmath.workdps(60):
        tiny = mpmath.mpf("5.5427749196278883377e-348")
        return np.array([-tiny, tiny, mpmath.mpf("0.33096615063158642773"), mpmath.mpf("-0.33096615063158642773"),
                         mpmath.mpf("0.44169526604191175432"), mpmath.mpf("-0.44169526604191175432")], dtype=object)


def test_an_entry_the_dtype_holds_as_0_is_judged_as_that_0_beside_larger_entries():
    error, passed = compare(np.array(CRF_COMPUTED), _crf_exact(), 1e-10, 0.0, np.dtype(np.float64))
    assert passed and error < 1e-10


def test_in_float32_too_and_beyond_the_tolerance_it_still_fails():
    exact = _crf_exact()
    exact[0] = mpmath.mpf("-1e-50")  # float32 holds it as 0
    computed = np.array(CRF_COMPUTED, dtype=np.float32)
    computed[0] = np.float32(3e-8)
    assert compare(computed, exact, 1e-4, 0.0, np.dtype(np.float32))[1]
    computed[0] = np.float32(1e-3)  # 2e-3 of the array's magnitude: lost
    assert not compare(computed, exact, 1e-4, 0.0, np.dtype(np.float32))[1]


def test_a_tiny_entry_the_dtype_can_hold_keeps_its_own_relative_error():
    exact = _crf_exact()
    exact[0] = mpmath.mpf("-5e-131")  # float64 holds it: the computed 1.1e-15 has lost every digit
    assert not compare(np.array(CRF_COMPUTED), exact, 1e-10, 0.0, np.dtype(np.float64))[1]


def test_an_entry_alone_keeps_its_own_relative_error():
    with mpmath.workdps(60):
        alone = np.array([mpmath.mpf("5.5e-348")], dtype=object)
    assert not compare(np.array([1e-320]), alone, 1e-10, 0.0, np.dtype(np.float64))[1]
