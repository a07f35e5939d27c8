"""The fourteenth round (b) of user trials (tests/trials/cases14b.py), PyTorch and TensorFlow/Keras: TensorFlow's
weighted cross-entropy at 0 (its stable form's abs and max kinks cancel, and TensorFlow's slope there is wrong), and
TensorFlow's CTC loss, whose loops are legacy Defun functions.

The whole set runs case by case through the CLI as run.py does (cases14b.ALL); here, the one test its CPU budget
allows (each CLI run imports a framework). Finding H1 (a legacy Defun loop body crashed the
TensorFlow walker with an AttributeError) is fixed as far as an honest limit: the CTC loss is refused naming the op
it cannot replay yet, exit 2, instead of reporting a crash as the user's code raising.
"""

import os
import sys


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases14b  # noqa: E402
import judge  # noqa: E402

from test_user_trials import assert_every_case_sound  # noqa: E402

# Each case is a process importing its framework, and the file's CPU budget is one: the CTC limit below. The judged
# cases (weighted cross-entropy at 0 among them: TensorFlow's slope is 1 and 0 where the truth is 0.5 and -1.5) run
# through tests/trials/run.py.
CTC = "tf_lib14b:ctc@logits=[[[0.5,1,-0.5],[0.2,-0.3,0.8],[0,0.4,1.2]]]:float32"
BY_ID = {case.id: case for case in cases14b.ALL}


def test_a_legacy_defun_loop_is_walked_to_an_honest_limit():
    """tf.nn.ctc_loss's While runs legacy Defun functions (no .graph, called by name): the walker builds their graphs
    and meets an op it cannot replay, named with the user's line, exit 2; never the walker's own AttributeError."""
    code, out, err = judge.run_cli(BY_ID[CTC])
    assert code == 2, (code, out[-600:], err[-600:])
    assert "is not one gradcli can replay yet" in err and "tf_lib14b.py:18" in err, err[-600:]
    assert "AttributeError" not in out + err


def test_every_case_exists_once_and_has_a_truth():
    judged = cases14b.TORCH + cases14b.TF  # input errors have messages
    assert_every_case_sound([], judged)
    assert CTC in BY_ID
    assert all(case.message for case in cases14b.INPUT_ERRORS)
    assert len(BY_ID) == len(cases14b.ALL)
