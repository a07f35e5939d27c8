"""The twelfth round (b) of user trials (tests/trials/cases12b.py), PyTorch and TensorFlow/Keras: a focal loss whose
1 - p rounds to 0, a hand-written cumprod backward dividing by x, Keras' cross-entropy on softmax probabilities in
float32, a Dense layer under mixed_float16, a segment product through a zero, a tf.function with an input_signature,
the ops whose output shape depends on values (CTC, a boolean mask's selection), i0e's kink at 0, a label constant
clipped in float32, and the shapes gradcli cannot yet check (random draws).

The whole set runs case by case through the CLI as run.py does (cases12b.ALL); here, one of each kind, the file's CPU
time bounded (the two frameworks' imports are most of it). Findings E1 (Keras' graph-only logits branch taken for
TensorFlow's own numbers), E2 (a tf.function with an input_signature had no exact reference), E3 (a float32 label
clipped), E4 (CTC and masks: a raw exception; CTC is now replayed, a mask's selection refused with the way out), E5 (a
mixed-precision cast named in optree), E6 (i0e's kink at 0), E7 (a seeded Normal sample had no replay) and E9 (segment
products had no replay) and E8 (a Gamma sample had no replay) are fixed: their cases are chosen.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases12b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # sigmoid(40) rounds to 1: (1 - p_t) ** 0.5 differentiates to inf, times 0; named at that line
    "torch_lib12b:focal_loss@z=[40]:float64",
    # a Function's backward dividing by x: 0 / 0 where the derivative is 8, wrong at its own line
    "torch_lib12b:my_cumprod_sum@x=[2,0,3]:float64",
    # Keras takes a Softmax op's logits only in a graph: TensorFlow's own numbers are the eager call's (E1)
    "tf_lib12b:cce_probs@z=[[0,40]]:float32",
    # a mixed_float16 Dense: unstable, the cast named at the user's line, not in optree (E5)
    "tf_lib12b:half_dense@x=[0.37,-1.1]:float32",
    # a tf.function whose input_signature fixes float32: the exact reference traces its Python function (E2)
    "tf_lib12b:signed@x=[0.5,-2]:float32",
    # a segment product through a zero (E9)
    "tf_lib12b:segment_prod@x=[2,0,3,5]:float64",
    # log(i0e(k)) + k at 0: i0e's e^-|k| is a kink, slopes 2 | 0 (E6)
    "torch_lib12b:log_bessel@k=[0]:float64",
    # a boolean mask's selection: exit 2 naming aten.nonzero and advising torch.where (E4)
    "torch_lib12b:masked_sq@x=[1,-2,3]:float64",
    # CTC replayed as its forward walk over the extended labels (E4's verdict)
    "torch_lib12b:ctc@logits=[[[0.5,-0.25]],[[1,0.3]]]:float64",
    # a seeded Normal rsample: loc + scale * eps, the draw a constant of the function (E7)
    "torch_lib12b:normal_sample@mu=[0.5],sigma=[2]:float64",
    # a seeded Gamma rsample: PyTorch's draw held, its exact implicit slope; PyTorch's fitted slope is wrong (E8)
    "torch_lib12b:gamma_sample@alpha=[0.5,3]:float64",
    # Keras' KL divergence at its labels in float32: the label constant, clipped (a fold), is float32's number (E3)
    "tf_lib12b:kl_div@pred=[[0.2,0.3,0.5]]:float32",
]


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases12b, CHOSEN)
