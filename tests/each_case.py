"""Many cases in one test: each case tried, and every failing one named with its reason.

For tests whose cases are many and each cheap (an op at a point, an order
statistic at a layout): one pytest item per case costs more than the case.
"""


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
