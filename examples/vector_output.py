"""Vector-valued functions, checked through their Jacobian.

``masked_sqrt`` is the classic NaN leak: ``where`` selects 0.0 at x = -1, but
the backward pass of the unselected ``sqrt`` branch still computes 0 * NaN.
``spiral`` is a correct function of three inputs with three outputs.

Run: python examples/vector_output.py
(or: gradcli grad examples/vector_output.py:spiral --at "x=[0.5,2,-1]")
"""

import gradcli
import gradcli.numpy as gnp


def masked_sqrt(x):
    return gnp.where(x > 0, gnp.sqrt(x), 0.0)


def spiral(x):
    return gnp.stack([x[0] * x[1], gnp.sin(x[2]), gnp.exp(x[0]) + x[2] ** 2])


if __name__ == "__main__":
    for function, point in ((masked_sqrt, [-1.0, 4.0]), (spiral, [0.5, 2.0, -1.0])):
        (result,) = gradcli.check(function, {"x": point}, dtypes=("float64",)).results
        rows = ", ".join(f"{label} {row.status}" for label, row in zip(result.jacobian.labels, result.jacobian.rows))
        print(f"{function.__name__}: {result.status} ({rows})")
