"""The fuzz targets under hypothesis, bounded for `make test`; and every saved input replayed.

About 570 examples in all (hypothesis spends most of the time drawing the
texts): the parser and the spec loader take most of them; ``diff``, ``grad``,
``sweep`` and ``audit`` (whose cases run in worker processes) fewer. The
parser's 150 still find a parser whose work grows with the square of the
text's length. `make fuzz` runs the same targets for as long as asked
(atheris, or these strategies without a bound).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz import strategies, targets

BOUNDED = dict(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), database=None)


@settings(max_examples=150, **BOUNDED)
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


@settings(max_examples=30, **BOUNDED)
@given(strategies.sweeps())
def test_sweep_keeps_its_promises(text):
    targets.sweep_target(text)


@settings(max_examples=250, **BOUNDED)
@given(strategies.specs())
def test_the_spec_loader_names_file_line_and_key_for_every_bad_spec(text):
    targets.spec_target(text)


@settings(max_examples=30, **BOUNDED)
@given(strategies.valid_specs())  # the loader's refusals are above: here, specs whose cases mostly run
def test_audit_keeps_its_promises(text):
    targets.audit_target(text)


@pytest.mark.parametrize("target, text", targets.corpus_cases(), ids=lambda v: v if v in targets.TARGETS else None)
def test_saved_inputs_keep_their_promises(target, text):
    targets.TARGETS[target](text)


def test_a_broken_promise_is_caught():
    # The harness is no use if it passes everything: an internal error and a warning both fail it.
    with pytest.raises(AssertionError):
        targets.check_promises(targets.Outcome(3, "", "internal error: boom"), ["grad"])
    with pytest.raises(AssertionError):
        targets.check_promises(targets.Outcome(0, "", "debug: a Python warning: RuntimeWarning: x"), ["grad"])


def test_a_misplaced_spec_error_is_caught():
    # A spec's error must name a line of the file, and the line of the key it names.
    text = "[defaults]\nrtol = 'x'\n\n[[case]]\nname = 'a'\n"
    targets.check_spec_error("g.toml:2: 'rtol' must be a number, not 'x'", "g.toml", text)
    for message in ("g.toml:5: 'rtol' must be a number", "g.toml:9: unknown key 'b'", "g.toml: unknown key 'b'"):
        with pytest.raises(AssertionError):
            targets.check_spec_error(message, "g.toml", text)
