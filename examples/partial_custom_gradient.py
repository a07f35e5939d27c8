"""TensorFlow Probability's custom_gradient(fx, gx, x) and its partial-gradient rule.

h = stop(fx) + stop(gx) * (x - stop(x)) has the value fx and the gradient gx
with respect to x, and no gradient with respect to anything else fx or gx
depend on (here y). To let part of the gradient through, stop the right parts
yourself and pass fx_gx_manually_stopped=True.

Run: python examples/partial_custom_gradient.py
"""

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli import stop_gradient as stop


def main():
    x = gradcli.Variable(np.float32(2.1), name="x")
    y = gradcli.Variable(np.float32(3.1), name="y")

    with gradcli.GradientTape() as tape:
        h = gradcli.custom_gradient(x * y, gnp.square(x) * y, x)
    dx, dy = tape.gradient(h, [x, y])
    print(f"default:          h = {h:.6g}, dh/dx = {dx:.6g} (x**2*y), dh/dy = {dy}")

    with gradcli.GradientTape() as tape:
        fx = stop(x) * y
        gx = stop(gnp.square(x)) * y
        h = gradcli.custom_gradient(fx, gx, x + stop(y), fx_gx_manually_stopped=True)
    dx, dy = tape.gradient(h, [x, y])
    print(f"manually stopped: h = {h:.6g}, dh/dx = {dx:.6g}, dh/dy = {dy:.6g} (x)")


if __name__ == "__main__":
    main()
