"""A sweep's table and refined stretches print each stretch's two ends as two numbers, however close they are.

A float64 sweep refined to adjacent floats finds stretches 5e-9 long near 966.35 (round 40a's Kubelka-Munk
reflectance): at seven digits each read "966.35 .. 966.35". The digits grow, for the whole table, until every
stretch's ends differ; the end of one stretch and the start of the next, adjacent floats, may still read alike.
"""

from gradcli.views.terminal_sweep import refined_text, telling_digits

NEAR = [966.3500456685128, 966.350045668513, 966.3500456739951]


def test_the_digits_grow_until_each_stretch_has_two_ends():
    assert telling_digits([(0.001, 677.6505077931624)]) == 7
    assert telling_digits([(NEAR[1], NEAR[2])]) == 12  # 966.35004567 twice at eleven digits
    assert telling_digits([(NEAR[0], NEAR[0]), (0.5, 0.75)]) == 7  # one float is one text
    assert telling_digits([(NEAR[0], NEAR[1])]) == 16  # adjacent floats: every digit a float64 needs
    assert telling_digits([(1.0, 1.0000000000000002)]) == 17


def test_refined_stretches_say_their_ends_apart():
    stretches = [{"status": "unstable", "variable": "ks", "lo": NEAR[1], "hi": NEAR[2], "points": 0},
                 {"status": "unstable", "variable": "ks", "lo": 0.5, "hi": 0.75, "points": 2}]
    text = refined_text(stretches)
    assert "[966.35004567, 966.35004567]" not in text and "[966.350045669, 966.350045674]" in text
    assert "[0.5, 0.75]" in text
