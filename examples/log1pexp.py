"""log(1 + exp(x)): the naive gradient is NaN where exp overflows; a custom gradient is not.

exp overflows float32 at x ~ 88.7 and float64 at x ~ 709.8, so at x = 100 only
float32 breaks, and at x = 800 both do. The custom gradient (the one printed in
TensorFlow's documentation) never exponentiates into infinity's neighbourhood
in a way that makes 0 * inf.

Run: python examples/log1pexp.py
"""

import numpy as np

import gradcli
import gradcli.numpy as gnp


def log1pexp_naive(x):
    return gnp.log(1 + gnp.exp(x))


@gradcli.custom_gradient
def log1pexp(x):
    e = gnp.exp(x)

    def grad_fn(upstream):
        return upstream * (1 - 1 / (1 + e))

    return gnp.log(1 + e), grad_fn


def main():
    print(f"{'x':>6} {'dtype':>8} {'naive gradient':>15} {'custom gradient':>16}")
    with np.errstate(all="ignore"):
        for x in (100.0, 800.0):
            for dtype in (np.float32, np.float64):
                naive = gradcli.grad(log1pexp_naive)(dtype(x))
                custom = gradcli.grad(log1pexp)(dtype(x))
                print(f"{x:>6g} {dtype.__name__:>8} {naive!s:>15} {custom!s:>16}")


if __name__ == "__main__":
    main()
