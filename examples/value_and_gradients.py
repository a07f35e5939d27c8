"""TensorFlow eager's value_and_gradients_function, with params by name or by index.

Run: python examples/value_and_gradients.py
"""

import gradcli


def f(x, y):
    return x**3 * y - x * y**2


def main():
    value, grads = gradcli.value_and_gradients_function(f)(2.0, 3.0)
    print(f"f(2, 3) = {value}, gradients = {grads}")
    print("params=[1]:   ", gradcli.value_and_gradients_function(f, params=[1])(2.0, 3.0)[1])
    print("params=['y']: ", gradcli.value_and_gradients_function(f, params=["y"])(2.0, 3.0)[1])
    try:
        gradcli.value_and_gradients_function(f, params=[0, "y"])
    except ValueError as error:
        print(f"params=[0, 'y'] -> ValueError: {error}")
    weighted = gradcli.gradients_function(lambda x: [x * x, 3 * x])(2.0, dy=[1.0, 10.0])
    print(f"d/dx (1*x**2 + 10*3x) at 2 with dy=[1, 10]: {weighted}")


if __name__ == "__main__":
    main()
