"""The fourteenth round (b) of user trials (tests/trials/cases14b.py), PyTorch and TensorFlow/Keras: TensorFlow's
weighted cross-entropy at 0 (its stable form's abs and max kinks cancel, and TensorFlow's slope there is wrong), and
TensorFlow's CTC loss, whose loops are legacy Defun functions.

The whole set runs case by case through the CLI as run.py does (cases14b.ALL); here, that every case is sound.
Finding H1 (a legacy Defun loop body crashed the TensorFlow walker with an AttributeError) is mended: the CTC loss
is replayed and judged `ok` (its case runs through run.py; tests/test_tf_ctc.py checks the loss at a smaller point
within the suite's CPU budget).
"""

import os
import sys


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases14b  # noqa: E402

from test_user_trials import assert_every_case_sound  # noqa: E402

CTC = "tf_lib14b:ctc@logits=[[[0.5,1,-0.5],[0.2,-0.3,0.8],[0,0.4,1.2]]]:float32"
BY_ID = {case.id: case for case in cases14b.ALL}


def test_every_case_exists_once_and_has_a_truth():
    judged = cases14b.TORCH + cases14b.TF  # input errors have messages
    assert_every_case_sound([], judged)
    assert CTC in BY_ID
    assert all(case.message for case in cases14b.INPUT_ERRORS)
    assert len(BY_ID) == len(cases14b.ALL)
