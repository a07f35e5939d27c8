"""A loss written for plain NumPy, never for gradcli, checked as it stands.

`gradcli check examples/plain_numpy.py:loss --at 50` loads a fresh copy of this
module with gradcli.numpy in NumPy's place (this file, NumPy and every other
module untouched): in float32 exp overflows at w = 50, and the offered fix is
written with NumPy's own functions.

Run: python examples/plain_numpy.py
"""

import numpy as onp

FEATURES = onp.array([-1.0, 0.0, 1.0, 2.0], dtype=onp.float32)


def loss(w):
    return onp.sum(onp.log(1 + onp.exp(FEATURES * w)))


def main():
    with onp.errstate(over="ignore"):  # the overflow at 50 is the point of the example
        for w in (1.0, 50.0):
            print(f"loss({w:g}) in float32 = {loss(onp.float32(w))}")


if __name__ == "__main__":
    main()
