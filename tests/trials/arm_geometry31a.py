"""The user's own helper module for the arm of numpy_lib31a.py: its link lengths, its goal and a rotation."""

import numpy as np

L1, L2 = 1.0, 0.5
LINKS = (L1, L2)
GOAL = np.array([0.9, 0.8])


def rotation(angle):
    """The 2 x 2 rotation by angle (radians)."""
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s], [s, c]])
