"""The truth for BERT's additive attention mask in float64 (tests/test_mask66b_torch.py, tests/test_mask66b_tf.py):
mpmath's gradient of the scores as written, and what a check of a padded query and of an unpadded one must say."""

import math

import mpmath
import numpy as np

import gradcli

KEYS = [[1, 0], [mpmath.mpf("0.5"), mpmath.mpf("0.5")], [0, 1]]
VALUES = [[1, 2], [0, -1], [3, mpmath.mpf("0.5")]]
Q = [[1.0, 0.5], [0.2, -0.3]]


def exact_gradient(mask):
    """d/dq of sum(softmax(q k^T / sqrt2 + (1 - mask) * -1e9) v) by mpmath's differentiation of the sum, 50 digits;
    math.sqrt(2.0) is the float64 the code divides by."""
    root2 = mpmath.mpf(math.sqrt(2.0))

    def total(*flat):
        out = 0
        for i in range(2):
            scores = [(flat[2 * i] * key[0] + flat[2 * i + 1] * key[1]) / root2 + (1 - mask[i][j]) * mpmath.mpf(-1e9)
                      for j, key in enumerate(KEYS)]
            weights = [mpmath.exp(s - max(scores)) for s in scores]
            out += sum(w * sum(VALUES[j]) for j, w in enumerate(weights)) / sum(weights)
        return out

    with mpmath.workdps(50):
        point = [mpmath.mpf(x) for row in Q for x in row]
        return [mpmath.diff(total, point, tuple(int(k == n) for k in range(4))) for n in range(4)]


def check(tmp_path, user_code, function):
    (tmp_path / "masked.py").write_text(user_code)
    (result,) = gradcli.check(f"{tmp_path / 'masked.py'}:{function}", [{"q": Q}], dtypes=("float64",),
                              fixes=False).results
    return result



def assert_headed_at_the_mask_line(result, mask_line):
    """A padded query (a row of -1e9 scores): unstable, the exact gradient right, float64's off, and the first finding
    the rounding of the scores at ``mask_line`` of masked.py, no underflow among them."""
    truth = exact_gradient([[1, 1, 0], [0, 0, 0]])
    for got, want in zip(np.ravel(result.exact_gradient["q"]), truth):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-12 * abs(want) + 1e-300
    # float64's own gradient of the padded query is off by far more than its tolerance: the rounding lost digits
    off = max(abs(float(g) - float(t)) / abs(float(t)) for g, t in zip(np.ravel(result.gradient["q"])[2:], truth[2:]))
    assert off > 1e-6
    assert result.status == "unstable"
    first = result.findings[0]
    assert first.kind == "cancellation" and first.location.endswith(f"masked.py:{mask_line}")
    assert not any(f.kind == "underflow" for f in result.findings)


def assert_no_finding(result):
    """Every query sees a key: float64's gradient right, ok, and no underflow named."""
    truth = exact_gradient([[1, 1, 0], [1, 0, 1]])
    for got, want in zip(np.ravel(result.gradient["q"]), truth):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-12 * abs(want)
    assert result.status == "ok"
    assert not any(f.kind == "underflow" for f in result.findings)
