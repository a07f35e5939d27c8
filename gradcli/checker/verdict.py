"""Verdicts: what a check says of a point, with the two orders it is read in.

A point's verdict is decided by precedence: error > domain > wrong > unstable
> ok (`Verdict.decide`). A ``domain`` verdict outranks ``wrong`` there
because where the exact answer is undefined, no rule can be judged (inputs
whose exact slope is defined are judged beside it, and a failing one decides
the point: `judge._beside_the_domain`). Across
points and fixes, the worst is by severity: error > wrong > unstable > domain
> ok (`Verdict.worst`): a domain point fails no gradient, a wrong rule does.
"""

from __future__ import annotations

import enum


class Verdict(str, enum.Enum):
    """A verdict; a ``str`` whose value ("ok", "unstable", ...) is what JSON, JUnit and the terminal show."""

    OK = "ok"
    UNSTABLE = "unstable"
    WRONG = "wrong"
    DOMAIN = "domain"
    ERROR = "error"

    # Shown as the string it equals ('unstable'), in reports, f-strings and reprs alike.
    __str__, __format__, __repr__ = str.__str__, str.__format__, str.__repr__

    @property
    def severity(self) -> int:
        """This verdict's rank by severity: ok 0, domain 1, unstable 2, wrong 3, error 4."""
        return SEVERITY.index(self)

    @classmethod
    def decide(cls, *verdicts) -> Verdict:
        """The verdict of one point from its parts' verdicts: the first of these that any part has."""
        return next((v for v in (cls.ERROR, cls.DOMAIN, cls.WRONG, cls.UNSTABLE) if v in verdicts), cls.OK)

    @classmethod
    def worst(cls, *verdicts) -> Verdict:
        """The most severe of ``verdicts`` (ok when there are none)."""
        return max(map(cls, verdicts), key=lambda verdict: verdict.severity, default=cls.OK)


SEVERITY = (Verdict.OK, Verdict.DOMAIN, Verdict.UNSTABLE, Verdict.WRONG, Verdict.ERROR)
DEFAULT_FAIL_ON = (Verdict.UNSTABLE, Verdict.WRONG, Verdict.ERROR)


def worse_for_a_rewrite(after, before) -> bool:
    """Whether a rewrite's verdict ``after`` at a point is worse than the original's ``before``: more severe, except
    that a rewrite's ``domain`` counts against it nowhere.

    A rewrite is the same mathematics (a fix of another function is refused
    by its exact numbers), so where it alone is ``domain`` its own spelling
    has a switch there: PyTorch's F.softplus is x past x * beta > threshold
    (20), a jump of 2e-9 at 20 that its documentation chose. That point fails
    no check (``domain`` is in no default --fail-on), so it is said beside the
    fix, never a demotion of the stable spelling a user is told to use.
    """
    return after.severity > before.severity and after is not Verdict.DOMAIN
