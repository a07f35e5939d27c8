"""Overriding the gradient of a named op, in a scope or globally (TensorFlow's gradient_override_map).

Run: python examples/override_exp.py
"""

import gradcli
import gradcli.numpy as gnp


def doubled_exp_rule(g, ans, x):
    return 2 * g * ans  # deliberately twice the true derivative


def main():
    f = gradcli.grad(gnp.exp)
    print(f"built-in rule:       d/dx exp(x) at 1 = {f(1.0):.12g}")
    with gradcli.gradient_override({"exp": doubled_exp_rule}):
        print(f"inside the override: d/dx exp(x) at 1 = {f(1.0):.12g}")
    print(f"after the scope:     d/dx exp(x) at 1 = {f(1.0):.12g}")


if __name__ == "__main__":
    main()
