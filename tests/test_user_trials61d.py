"""The sixty-first round (d) of user trials (tests/trials/cases61d.py): indexing, gather / scatter and discrete picks
inside losses as users write them, on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: x.at[].set / add / mul /
max with repeated and out-of-range indices, jnp.take (clip, fill), take_along_axis, segment_sum / segment_max with
empty and out-of-range segments, bincount weights, one_hot (a padded label), lax.top_k, jnp.sort / argsort then
gather; index_select, gather, scatter_add, scatter_reduce (amax, mean), index_put(_), index_add, masked_select, mask
means, topk, sort, F.embedding with repeated ids, F.cross_entropy(ignore_index); tf.gather / gather_nd,
tensor_scatter_nd_add / update, unsorted_segment_sum (a dropped negative id) / max (an empty segment), top_k, sort,
boolean_mask, one_hot cross-entropy; np.add.at, fancy indexing, np.maximum.reduceat, boolean masks, np.sort. Here,
cheap cases: PyTorch's scatter_reduce amax at a tie (domain), embedding rows hit twice (ok), a tf.boolean_mask mean
at a 0 where the count jumps (domain), TensorFlow's naive log(softmax) at +-100 in float32 (unstable at the line),
np.maximum.reduceat (ok), jnp.take(mode="clip") (ok). K1 and K2, mended: JAX's out-of-range scatter and gather
indices (dropped by .at[].add / .set and segment_sum, filled by take(mode="fill")) were replayed by clamping, and
JAX's wrong gather rule at a clamped index was called unstable. K3, mended: scatter_mul at repeated indices was an
error quoting JAX without the user's line; now an input error naming it.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases61d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases61d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib61d:scatter_amax@x=[3,3,2]:float64":
        "scatter_reduce(amax, include_self=False) with two tied entries in one bucket: a kink, domain, the untied "
        "entry's slope 2",
    "torch_lib61d:embed_repeat@weight=[[1,2],[3,-1]]:float64":
        "F.embedding with row 1 looked up twice: its slope counted twice, ok",
    "tf_lib61d:boolean_mask_mean@x=[0,1.5,-1,2]:float64":
        "tf.reduce_mean(tf.boolean_mask(x, x > 0) ** 2) at x0 = 0: the count jumps from 2 to 3, no derivative in "
        "x0: domain, the others' slopes given",
    "tf_lib61d:nll_naive@logits=[[100,-100,0],[-100,100,0]]:float32":
        "log(softmax) picked by one_hot labels at +-100 in float32: exp(-200) underflows, unstable at the line",
    "np_lib61d:max_reduceat@x=[1,3,2,-1]:float64":
        "np.maximum.reduceat on plain NumPy: ok, the segment maxima's slopes",
    "jax_lib61d:take_clip@x=[1,2,3]:float64":
        "jnp.take(x, [0, 7], mode='clip'): the clamped index's slope counted, ok",
    "jax_lib61d:at_add_out_of_range@x=[1,2,3]:float64":
        "K1, mended: .at[[0, 3, 1]].add(x) drops index 3 as XLA's scatter does (jax_ops._scatter_index's inside): "
        "value 10, JAX's [2, 0, 6] ok",
    "jax_lib61d:take_fill@x=[1,2,3]:float64":
        "K1, mended: jnp.take(mode='fill', fill_value=0) fills index 7 with 0 (jax_ops._gather): value 1, [1, 0, 0] ok",
    "jax_lib61d:gather_clamped@x=[1,2,3]:float64":
        "K2, mended: x[[0, 7]] clamps 7 in the forward while JAX's rule (a scatter promising in-bound indices) drops "
        "it: [1, 0, 0] against the derivative [1, 0, 2], a wrong framework rule at the gather's line",
    "jax_lib61d:at_mul_repeat@x=[2,3,4]:float64":
        "K3, mended: .at[[0, 0, 1]].mul(x), which JAX cannot differentiate at repeated indices: an input error (exit "
        "2) naming the user's line and what to write instead (jax_bridge._UNDIFFERENTIATED)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases61d, CHOSEN)
