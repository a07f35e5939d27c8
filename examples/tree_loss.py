"""A loss of a parameter tree and a batch of data, checked at the points its own code gives.

`gradcli check examples/tree_loss.py:loss --args examples/tree_loss.py:example_args
--wrt params` checks the gradient with respect to every leaf of ``params``
(``params.w``, ``params.b``), each named by its path; the integer labels in the
batch are held as they are.

Run: python examples/tree_loss.py
"""

import numpy as np


def loss(params, batch):
    z = batch["x"] @ params["w"] + params["b"]
    signs = 2 * batch["labels"] - 1
    return np.mean(np.log(1 + np.exp(-signs * z)))


def example_args():
    params = {"w": np.array([0.5, -1.0]), "b": 0.25}
    batch = {"x": np.array([[1.0, 2.0], [0.5, -1.5], [-2.0, 0.0]]), "labels": np.array([1, 0, 1])}
    return params, batch


def main():
    print(f"loss = {loss(*example_args()):.6f}")


if __name__ == "__main__":
    main()
