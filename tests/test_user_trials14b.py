"""The fourteenth round (b) of user trials (tests/trials/cases14b.py), PyTorch and TensorFlow/Keras: TensorFlow's
weighted cross-entropy at 0 (its stable form's abs and max kinks cancel, and TensorFlow's slope there is wrong), and
TensorFlow's CTC loss, whose loops are legacy Defun functions.

The whole set runs case by case through the CLI as run.py does (cases14b.ALL); here, one of each kind, the file's CPU
time bounded (the two frameworks' imports are most of it). Finding H1 (a legacy Defun loop body crashed the
TensorFlow walker with an AttributeError) is fixed as far as an honest limit: the CTC loss is refused naming the op
it cannot replay yet, exit 2, instead of reporting a crash as the user's code raising.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases14b  # noqa: E402
import judge  # noqa: E402

from test_user_trials import assert_every_case_sound, problems_of  # noqa: E402

CHOSEN = [  # TensorFlow's alone: each case is a process importing its framework, and the file's budget is two
    # smooth at 0 where TensorFlow's abs and max kinks cancel; TensorFlow's gradient there is 1 and 0, the truth 0.5 and -1.5
    "tf_lib14b:weighted_ce@logits=[-800,0,0,30]:float64",
]
CTC = "tf_lib14b:ctc@logits=[[[0.5,1,-0.5],[0.2,-0.3,0.8],[0,0.4,1.2]]]:float32"
BY_ID = {case.id: case for case in cases14b.ALL}


@pytest.mark.parametrize("case_id", CHOSEN)
def test_trial(case_id):
    assert problems_of(BY_ID[case_id]) == []


def test_a_legacy_defun_loop_is_walked_to_an_honest_limit():
    """tf.nn.ctc_loss's While runs legacy Defun functions (no .graph, called by name): the walker builds their graphs
    and meets an op it cannot replay, named with the user's line, exit 2; never the walker's own AttributeError."""
    code, out, err = judge.run_cli(BY_ID[CTC])
    assert code == 2, (code, out[-600:], err[-600:])
    assert "is not one gradcli can replay yet" in err and "tf_lib14b.py:18" in err, err[-600:]
    assert "AttributeError" not in out + err


def test_the_chosen_trials_exist_and_every_case_has_a_truth():
    judged = cases14b.TORCH + cases14b.TF  # input errors have messages
    assert_every_case_sound([c for c in CHOSEN if BY_ID[c] in judged], judged)
    assert set(CHOSEN) <= set(BY_ID) and CTC in BY_ID
    assert all(case.message for case in cases14b.INPUT_ERRORS)
    assert len(BY_ID) == len(cases14b.ALL)
