"""TensorFlow's SymbolicGradient: for f with N inputs and M outputs, g(x.., dy..) -> dL/dx.

Run: python examples/symbolic_gradient.py
"""

import gradcli
import gradcli.numpy as gnp


def f(x, y):
    return x * y, gnp.sin(x) + y


def main():
    g = gradcli.symbolic_gradient(f)
    dx, dy = g(2.0, 3.0, 1.0, 10.0)
    # L = 1*(x*y) + 10*(sin(x) + y): dL/dx = y + 10 cos(x), dL/dy = x + 10
    print(f"dL/dx = {dx:.12g}, dL/dy = {dy:.12g}")


if __name__ == "__main__":
    main()
