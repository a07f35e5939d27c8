"""`gradcli diff` within --max-time: one forked child differentiates, simplifies and writes the derivatives out.

A fork of a process that has imported a framework costs tens of
milliseconds, so the bounded run forks once where it could fork three times.
What the child writes out must be what this process would write, under the
CPU limits the child started with (its simplification budget is lifted
first); a child that stops or dies while simplifying still leaves every
derivative written out, by a fresh child, with the note that says why.
"""

import os
import resource
import signal

import pytest
import sympy as sp

from gradcli.expr import diff
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse

FORMULA = "(x^2 - 1)/(x - 1)*sin(y)"
FORMATS = ("text", "latex", "python", "sympy")


@pytest.fixture
def children(monkeypatch):
    """How many child processes `differentiate` starts."""
    started = []
    start = diff._start

    def counted(worker):
        started.append(worker)
        start(worker)

    monkeypatch.setattr(diff, "_start", counted)
    return started


def test_a_bounded_diff_forks_one_child_that_writes_what_this_process_writes(children):
    bounded = differentiate(parse(FORMULA), order=2, max_time=60, formats=FORMATS)
    assert len(children) == 1
    here = differentiate(parse(FORMULA), order=2, formats=FORMATS)  # written out in this process
    assert bounded.printed == here.printed and len(bounded.printed) == 1 + 3 * len(FORMATS) + 1
    assert [d.simplified for d in bounded.derivatives] == [True, True, True]
    assert [d.expr for d in bounded.derivatives] == [d.expr for d in here.derivatives]
    assert bounded.printed[("x,y", "text")] == "cos(y)"  # simplified before it was written out


def test_the_child_writes_out_under_the_cpu_limits_it_started_with(monkeypatch, children):
    # The simplification budget is a kernel CPU limit too; writing a long derivative out can take longer.
    monkeypatch.setitem(diff.PRINTERS, "latex", lambda expr, names: repr(resource.getrlimit(resource.RLIMIT_CPU)))
    result = differentiate(parse("x*y"), timeout=5, max_time=60, formats=("latex",))
    assert len(children) == 1 and all(d.simplified for d in result.derivatives)
    assert result.printed[("x", "latex")] == repr(resource.getrlimit(resource.RLIMIT_CPU))


@pytest.mark.parametrize(
    "sig, why",
    [
        (signal.SIGKILL, "early (its process ended)"),  # out of memory, say
        (signal.SIGXCPU, "after 5 s (--timeout)"),  # the kernel's CPU limit: the budget
    ],
)
def test_a_child_that_dies_simplifying_leaves_every_derivative_written_out_unsimplified(monkeypatch, children, sig, why):
    plain = differentiate(parse(FORMULA), simplify=False, formats=FORMATS)

    def dies(expr, *args, **kwargs):
        os.kill(os.getpid(), sig)  # in the child, which inherits this stand-in

    monkeypatch.setattr(sp, "simplify", dies)
    result = differentiate(parse(FORMULA), timeout=5, max_time=60, formats=FORMATS)
    assert result.notes == [f"simplification stopped {why}; 2 of 2 derivative(s) are shown unsimplified"]
    assert not any(d.simplified for d in result.derivatives)
    assert result.printed == plain.printed
    assert len(children) == 2  # the one that died, and a fresh one that wrote them out


def test_a_child_stopped_by_its_budget_leaves_the_rest_to_a_fresh_child(monkeypatch, children):
    simplify = sp.simplify
    calls = []

    def second_works_forever(expr, *args, **kwargs):
        calls.append(expr)
        while len(calls) > 1:
            pass
        return simplify(expr, *args, **kwargs)

    monkeypatch.setattr(sp, "simplify", second_works_forever)
    result = differentiate(parse(FORMULA), timeout=0.5, max_time=60, formats=FORMATS)
    assert result.notes == ["simplification stopped after 0.5 s (--timeout); 1 of 2 derivative(s) are shown unsimplified"]
    assert [d.simplified for d in result.derivatives] == [True, False]
    assert result.printed[("x", "text")] == "sin(y)"
    assert result.printed[("y", "text")] == differentiate(parse(FORMULA), wrt=["y"], simplify=False, formats=FORMATS).printed[("y", "text")]
    assert len(children) == 2
