"""PyTorch's polygamma: the order is a whole number >= 0 (torch refuses others), replayed as the JAX and TensorFlow
bridges replay theirs; the in-place Tensor.polygamma_(n), whose tensor comes first, replays as polygamma(n, x).
Truths are mpmath's psi(n, x)."""

import pytest

from polygamma_checks import checked, psi, users_file

USERS = '''\
import torch


def spellings(x):
    return (torch.polygamma(2, x) + torch.special.polygamma(1, x) + x.polygamma(4)).sum()


def in_place(x):
    y = x.clone()
    y.polygamma_(1)
    return y.sum()
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    return users_file(tmp_path_factory, "poly63_torch", USERS)


def test_spellings_of_polygamma(users):
    point = checked(f"{users}:spellings", ["x=[1.7,0.3]"])
    xs = (1.7, 0.3)
    assert point["exact_value"] == pytest.approx(sum(psi(2, x) + psi(1, x) + psi(4, x) for x in xs), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx([psi(3, x) + psi(2, x) + psi(5, x) for x in xs],
                                                         rel=1e-12)


def test_the_in_place_form_reads_its_order_from_its_second_argument(users):
    point = checked(f"{users}:in_place", ["x=[1.7,0.3]"])
    assert point["exact_value"] == pytest.approx(psi(1, 1.7) + psi(1, 0.3), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx([psi(2, 1.7), psi(2, 0.3)], rel=1e-12)
