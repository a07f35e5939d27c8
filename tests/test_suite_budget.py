"""The suite's checks have no wall-clock budget unless a test names one (tests/conftest.py): a loaded machine makes a
check slower, never a different verdict. A test about the budget itself sees the real default."""

import dataclasses
import math

import pytest

from gradcli import cli
from gradcli.checker.options import CheckOptions, build_options

REAL_DEFAULT = next(f.default for f in dataclasses.fields(CheckOptions) if f.name == "max_time")
CHECKING_COMMANDS = ("grad", "check", "sweep", "audit")


def _cli_defaults():
    return {name: next(p.default for p in cli.cli.commands[name].params if p.name == "max_time")
            for name in (*CHECKING_COMMANDS, "diff")}


def test_a_check_that_names_no_budget_has_none():
    assert CheckOptions().max_time == math.inf and build_options({"rtol": 1e-3}).max_time == math.inf
    assert {name: seconds for name, seconds in _cli_defaults().items() if name != "diff"} == dict.fromkeys(
        CHECKING_COMMANDS, math.inf)


def test_a_budget_a_test_names_is_kept():
    assert CheckOptions(max_time=2.5).max_time == 2.5 and build_options({"max_time": 4}).max_time == 4
    assert dataclasses.replace(CheckOptions(max_time=2.5), rtol=1e-3).max_time == 2.5


@pytest.mark.wall_clock_budget
def test_a_test_about_the_budget_sees_the_real_default():
    assert REAL_DEFAULT == 30.0 and CheckOptions().max_time == REAL_DEFAULT
    assert _cli_defaults() == {**dict.fromkeys(CHECKING_COMMANDS, REAL_DEFAULT), "diff": 60.0}


def test_diffs_budget_for_sympy_is_its_own():
    assert _cli_defaults()["diff"] == 60.0
