"""Many cases in one test: each case tried, and every failing one named with its reason.

For tests whose cases are many and each cheap (an op at a point, an order
statistic at a layout): one pytest item per case costs more than the case.
"""

import numpy as np

import opcheck


def failing_cases(check, cases):
    """``{case: why}`` for each case (a tuple) where ``check(*case)`` raises: an assertion's own message, or what the code
    under test raised."""
    failures = {}
    for case in cases:
        try:
            check(*case)
        except Exception as error:
            failures[case] = f"{type(error).__name__}: {error}"
    return failures


def failing_rows(check, rows):
    """``{(name,): why}`` for each row ``(name, *parameters)`` of an op table where ``check(name, *parameters)``
    fails, each row from the random state a test of its own starts from (conftest's seeds)."""
    parameters = {row[0]: row[1:] for row in rows}
    assert len(parameters) == len(rows), "two rows share a name"

    def seeded(name):
        opcheck.seed(0)
        np.random.seed(0)
        check(name, *parameters[name])

    return failing_cases(seeded, [(row[0],) for row in rows])
