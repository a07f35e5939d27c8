"""A logistic loss as it is often first written, for `gradcli check` to fix.

log(1 + exp(-z)) is fine near 0, but at z = 43 exp(-z) = 2e-19 is lost when added
to 1, and the loss comes out as exactly 0. `gradcli check examples/logistic_loss.py:loss
--at 43` says so, and offers stable rewrites of this very line as a diff.

Run: python examples/logistic_loss.py
"""

import gradcli.numpy as np


def loss(z):
    return np.log(1 + np.exp(-z))


def main():
    for z in (1.0, 43.0):
        print(f"loss({z:g}) = {float(loss(z)):.6g}")


if __name__ == "__main__":
    main()
