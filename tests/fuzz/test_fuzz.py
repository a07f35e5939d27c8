"""The fuzz targets under hypothesis, bounded for `make test`; and every saved input replayed.

About 500 examples in all, under a minute on a busy two-CPU machine (hypothesis
spends most of it drawing the texts): the parser takes most of them, ``diff`` and
``grad`` fewer. `make fuzz` runs the same
targets for as long as asked (atheris, or these strategies without a bound).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz import strategies, targets

BOUNDED = dict(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), database=None)


@settings(max_examples=400, **BOUNDED)
@given(strategies.formulas())
def test_the_parser_answers_every_text_within_its_budget(text):
    targets.parse_target(text)


@settings(max_examples=40, **BOUNDED)
@given(strategies.formulas())
def test_diff_keeps_its_promises(text):
    targets.diff_target(text)


@settings(max_examples=25, **BOUNDED)
@given(strategies.formulas())
def test_grad_keeps_its_promises(text):
    targets.grad_target(text)


@settings(max_examples=40, **BOUNDED)
@given(strategies.points())
def test_points_keep_their_promises(text):
    targets.at_target(text)


@pytest.mark.parametrize("target, text", targets.corpus_cases(), ids=lambda v: v if v in targets.TARGETS else None)
def test_saved_inputs_keep_their_promises(target, text):
    targets.TARGETS[target](text)


def test_a_broken_promise_is_caught():
    # The harness is no use if it passes everything: an internal error and a warning both fail it.
    with pytest.raises(AssertionError):
        targets.check_promises(targets.Outcome(3, "", "internal error: boom"), ["grad"])
    with pytest.raises(AssertionError):
        targets.check_promises(targets.Outcome(0, "", "debug: a Python warning: RuntimeWarning: x"), ["grad"])
