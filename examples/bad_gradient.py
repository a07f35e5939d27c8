"""A deliberately wrong custom gradient, for the checker to catch.

softplus'(x) is sigmoid(x) = 1/(1 + exp(-x)); this custom gradient uses
1/(1 + exp(-2x)) instead. It agrees at x = 0 (both 0.5) and is wrong everywhere
else, which a check at a single point x = 0 would miss.

Run: python examples/bad_gradient.py
"""

import gradcli
import gradcli.numpy as gnp


@gradcli.custom_gradient
def softplus(x):
    def grad_fn(upstream):
        return upstream / (1 + gnp.exp(-2 * x))  # wrong on purpose: should be exp(-x)

    return gnp.logaddexp(0.0, x), grad_fn


def main():
    for x in (0.0, 1.0, -3.0):
        claimed = gradcli.grad(softplus)(x)
        true = 1 / (1 + gnp.exp(-x))
        print(f"x = {x:5}: custom gradient {claimed:.6f}, true derivative {true:.6f}")


if __name__ == "__main__":
    main()
