"""A rule entry that is a rounding residue of 0 at the most digits is 0 beside an exact 0, though the directed runs'
spread falls a little short of it.

The noise of a rule entry is the spread of two directed runs about the nearest one: an estimate of its rounding,
no bound. TensorFlow's slope of |<a|b>|^2 at two equal states ends in Im(a conj b) at a = 2b, whose nearest run
leaves a residue 1.17 times that spread at 3840 digits (both directed runs on one side of it): a rule entry of
-1.7e-3842 beside a proven 0 was called `wrong`. Within `ZERO_WITHIN_NOISE` times its noise it is that 0; an entry
well clear of its noise stays what it is, and where the exact entry is a number far from 0 nothing is cleaned; below the check's last precision the entry takes
more digits instead.
"""

import mpmath
import pytest

from gradcli.checker.precision import ZERO_WITHIN_NOISE, rule_entries


def test_a_residue_just_past_its_noise_is_zero_beside_an_exact_zero():
    with mpmath.workdps(3840):
        noise = mpmath.mpf("1.49e-3842")
        cleaned, accurate = rule_entries([mpmath.mpf(0), mpmath.mpf("-1.744e-3842")], [0 * noise, noise],
                                         [mpmath.mpf(0), mpmath.mpf(0)], last=True)
    assert accurate
    assert cleaned == [0, 0]


def test_below_the_last_precision_an_entry_past_its_noise_takes_more_digits():
    # a real tiny rule entry beside an exact 0 stays as the digits double while its noise shrinks: judged there
    with mpmath.workdps(120):
        noise = mpmath.mpf("1e-130")
        value = 3 * noise
        cleaned, accurate = rule_entries([value], [noise], [mpmath.mpf(0)])
    assert not accurate and cleaned == [value]


@pytest.mark.parametrize("times", [ZERO_WITHIN_NOISE * 2, 10 ** 30])
def test_an_entry_clear_of_its_noise_is_kept_for_the_judge(times):
    with mpmath.workdps(60):
        noise = mpmath.mpf("1e-70")
        value = noise * times
        cleaned, accurate = rule_entries([value], [noise], [mpmath.mpf(0)])
    assert cleaned == [value]
    assert accurate == (times == 10 ** 30)  # settled only where its noise is below AGREE_DIGITS (20) of it


def test_nothing_is_cleaned_beside_an_exact_number_it_could_move():
    with mpmath.workdps(60):
        noise, value = mpmath.mpf("1e-10"), mpmath.mpf("2e-10")
        cleaned, accurate = rule_entries([value], [noise], [mpmath.mpf("3e-10")])
    assert not accurate and cleaned == [value]
