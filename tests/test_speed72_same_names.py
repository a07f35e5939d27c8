"""The names `precision.SameNumbers` gives a call: equal exact numbers computed apart share one, any difference parts them."""

import mpmath
import numpy as np

from gradcli.checker.precision import SameNumbers


def _apart(n):
    """An object array of ``n`` mpf numbers, built afresh (new objects, the same values) at each call."""
    return np.array([mpmath.mpf(k + 1) / 7 for k in range(n)], dtype=object)


def test_equal_numbers_computed_apart_share_a_name_and_the_first_answer():
    with mpmath.workdps(40):
        same = SameNumbers()
        first, second = _apart(6), _apart(6)
        assert first[0] is not second[0]
        answer = first * 3
        assert same.seen("multiply", (first, 3.0), {}, answer) is None
        again = same.seen("multiply", (second, 3.0), {}, second * 3)
        assert again is not answer and list(again) == list(answer)  # a copy of the first answer, entry for entry
        x = mpmath.mpf(1) / 3
        assert same.seen("exp", (x,), {}, mpmath.exp(x)) is None
        assert same.seen("exp", (mpmath.mpf(1) / 3,), {}, mpmath.mpf(5)) == mpmath.exp(x)


def test_any_difference_in_the_call_is_another_name():
    with mpmath.workdps(40):
        same = SameNumbers()
        a = _apart(4)
        named = [
            (a,), (a.reshape(2, 2),), (_apart(5),), (a, 0.0), (a, -0.0), (a, np.float32(0.0)), (a, np.float64(0.0)),
            (a, [1.0, 2.0]), (a, (1.0, 2.0)), (np.zeros(4),), (np.zeros(4, dtype=np.float32),),
            (mpmath.mpf(1) / 3,), (mpmath.mpc(1, 0) / 3,), (np.array([], dtype=object),),
        ]
        names = [same._name(args) for args in named]
        assert None not in names
        assert len(set(names)) == len(names)
        b = a.copy()
        b[3] = b[3] + mpmath.mpf(2) ** -130  # one entry off in its last bits
        assert same._name((b,)) != same._name((a,))
        assert same.seen("sin", (a,), {"axis": 0}, a) is None and same.seen("sin", (a,), {"axis": 1}, a) is None


def test_what_it_cannot_name_keeps_its_own_answer():
    with mpmath.workdps(40):
        same = SameNumbers()
        past = _apart(SameNumbers.MAX_ENTRIES + 1)
        assert same._name((past,)) is None
        assert same._name((object(),)) is None
        assert same.seen("negative", (past,), {}, -past) is None and same.seen("negative", (past,), {}, -past) is None
