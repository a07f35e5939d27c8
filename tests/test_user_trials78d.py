"""The seventy-eighth round (d) of user trials (tests/trials/cases78d.py): object-detection and segmentation losses on
one or two small boxes and 3x3 masks as JAX (jax_lib78d), PyTorch (torch_lib78d), TensorFlow (tf_lib78d) and plain
NumPy (np_lib78d) code writes them: IoU by clamped intersection widths at disjoint, touching and identical boxes,
GIoU, DIoU, CIoU (torchvision's alpha under stop_gradient / no_grad, YOLO's h + eps) at a zero-height box, smooth L1
at a zero residual and at beta = 0, box decoding by exp at -800 and +800 (plain, clamped, a straight-through custom
rule), a log-space anchor target at a zero-width box, focal losses at p = 1 and saturated logits, soft Dice and
Tversky on empty masks, the Lovasz hinge at ties, FCOS's centerness at a zero distance and at the centre. Here, cheap
cases: IoU at touching boxes (the clamp's kink: domain) and centerness at a zero distance (sqrt'(0) * 0 where t, r, b
have the exact slope 0: wrong) in NumPy; smooth L1 at beta = 0 (the unselected 0.5 d^2 / beta leaks NaN: wrong);
PyTorch's straight-through ClampedExp at a clamped log-scale (rule exp(4.135), slope 0: wrong); JAX's (1 - p)**0.0 at
p = 1 (the pow rule's 0 * 0^-1: NaN where the slope is -1: wrong); soft Dice through a sigmoid at logits -800 on an
empty mask (0/0 from underflow where the value is 1, slope 0: unstable); the Lovasz hinge at a tie between a positive
and a negative pixel (domain); decoding at a log-scale of -800 (ok: the slope 1e-347 rounds to 0).
Findings, both mended (the cases in CHOSEN):
F1: beside an entry whose move jumps (a zero-height box: atan(w / h) at h = 0), the exact reference differentiated
through stop_gradient: the box's equal corners moved alike kept alpha still, so it was taken for a constant of the
function; b's exact slope was 0.0573 (alpha moved) where it is 0.0318 (alpha held), in JAX and TensorFlow.
F2: the width's exact 0 beside the jumping height (alpha held) was "within 4.8e-2561 of 0 but not proven 0": no
verdict, where the truth is wrong (the program's 0 * inf); in JAX and TensorFlow.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases78d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases78d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib78d:ciou_aspect@a=[1.0,5.0,3.0,5.0],b=[0.0,0.0,2.0,2.0]:float64":
        "CIoU's alpha v, alpha under stop_gradient, at a zero-height box: b's slopes with alpha held, +-1/(10 pi), "
        "the width's 0 computed NaN beside the height's jump: wrong (F1, mended)",
    "tf_lib78d:ciou_v@wh=[2.0,0.0],wh_gt=[2.0,2.0]:float64":
        "the aspect term from (w, h) pairs at h = 0, alpha held: w's exact 0 computed NaN: wrong (F2, mended)",
    "np_lib78d:box_iou@a=[0.0,0.0,2.0,2.0],b=[2.0,0.5,4.0,3.0]:float64":
        "IoU of boxes touching at an edge: the clipped width min(a2, b2) - max(a0, b0) = 0 is the clamp's kink in a[2] "
        "and b[0] (the others keep 0): domain",
    "np_lib78d:centerness@ltrb=[0.0,1.0,3.0,2.0]:float64":
        "FCOS centerness sqrt(min/max * min/max) at l = 0: no derivative in l, and t, r, b have the exact slope 0 "
        "(the value is 0 whatever they do) that sqrt'(0) * 0 makes NaN: wrong",
    "np_lib78d:smooth_l1@pred=[0.5,2.0,-1.0],beta=0.0:float64":
        "smooth L1 by np.where at beta = 0: the unselected 0.5 d^2 / beta has the slope d / 0 = inf, times 0: NaN "
        "where the slopes are sign(d) and -1.5: wrong",
    "torch_lib78d:decode_ste_loss@deltas=[0.1,-0.2,800.0,-0.1]:float64":
        "a hand-written autograd.Function exp(clamp(x, max=log(62.5))) whose backward passes through the clamp: at "
        "dw = 800 the slope is 0, the rule gives 62.5 times the upstream: wrong",
    "jax_lib78d:focal@p=1.0,gamma=0.0:float64":
        "the focal loss -(1 - p)**gamma log p at gamma = 0, p = 1: -log p, slope -1; JAX's pow rule gamma * "
        "(1 - p)**(gamma - 1) is 0 * inf = NaN (PyTorch's and NumPy's give -1): wrong",
    "jax_lib78d:dice_logits@z=[[-800.0,-800.0,-800.0],[-800.0,-800.0,-800.0],[-800.0,-800.0,-800.0]],"
    "y=[[0.0,0.0,0.0],[0.0,0.0,0.0],[0.0,0.0,0.0]]:float64":
        "soft Dice through a sigmoid on an empty mask at logits -800: exactly 1 - 0 / sum(sigmoid(z)) = 1, slope 0; "
        "sigmoid underflows to 0 and 0 / 0 gives NaN: unstable",
    "jax_lib78d:lovasz_hinge@logits=[2.0,-0.5,0.5,0.3]:float64":
        "the Lovasz hinge with a negative and a positive pixel tied at error 0.5: their Jaccard increments differ "
        "with the order, a kink in both: domain",
    "jax_lib78d:decode_loss@deltas=[0.1,-0.2,-800.0,-0.1]:float64":
        "box decoding with exp(dw) at dw = -800: the width's slope 16 e^-800 ~ 1e-346 is below float64's range and "
        "0 is its rounding: ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases78d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
