"""The user's own literals are held as the dtype holds them on every path the program takes, library constants as written.

Each case is a program whose float32 run computes exactly what its user wrote
only if the reference holds the user's literal as float32 does: ``(x - 0.1)**2``
at x = 0.1 is 0 in float32 (x and the literal are one float32 number), so a
reference taking 0.1 as written would call the float32 program unstable.

- A literal inside a branch (``lax.cond``, ``lax.switch``, ``tf.cond``, a
  formula's ``where``) or a loop body (``fori_loop``, ``scan``,
  ``tf.while_loop``, Python loops) is held like one outside.
- A constant a JAX library function writes (``jnp.deg2rad``'s pi/180,
  ``jnp.log10``'s 1/log 10), which JAX inlines at the user's call with the
  user's line alone, stays as written; a number the user hands to a jitted
  ``jnp`` function (``jnp.clip(x, 0.1, 0.3)``) is the user's and held.
- A number the user's TensorFlow or NumPy code computes as it runs
  (``math.sqrt(0.5)``, a local ``c = 1/3``) is the user's, as in JAX and
  PyTorch: held.
- A sweep's wider reference and ``--order 2`` run the same held program as
  the point checks.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli

FORMULAS = {
    "branch": "where(x > 0, (x - 0.1)^2, x*x)",
    "square": "(x - 0.1)^2",
    "cube": "(x - 0.1)^3",
}

NUMPY = '''

def loop(x):
    for _ in range(2):
        x = (x - 0.1) ** 2 + 0.1
    return x - 0.1


def branch(x):
    step = lambda v: (v - 0.1) ** 2
    return step(x) if x > 0 else x * x


def square(x):
    return (x - 0.1) ** 2


def cube(x):
    return (x - 0.1) ** 3


def computed(x):
    return (x - math.sqrt(0.5)) ** 2
'''

MODELS = {
    "numpy": "import math\n\nimport numpy as np" + NUMPY,
    "gradcli": "import math\n\nimport gradcli.numpy as np" + NUMPY,
    "jax": '''import jax.numpy as jnp
from jax import lax


def cond(x):
    return lax.cond(x > 0, lambda v: (v - 0.1) ** 2, lambda v: v * v, x)


def switch(x):
    return lax.switch(1, [lambda v: v * v, lambda v: (v - 0.1) ** 2], x)


def fori(x):
    return lax.fori_loop(0, 2, lambda i, v: (v - 0.1) ** 2 + 0.1, x) - 0.1


def scan(x):
    return lax.scan(lambda c, _: ((c - 0.1) ** 2, None), x, None, length=1)[0]


def square(x):
    return (x - 0.1) ** 2


def deg(x):
    return jnp.deg2rad(x) ** 2


def log10(x):
    return jnp.log10(x)


def clipped(x):
    return jnp.clip(x, 0.1, 0.3) * x
''',
    "torch": '''import math

import torch


def loop(x):
    for _ in range(2):
        x = (x - 0.1) ** 2 + 0.1
    return x - 0.1


def square(x):
    return (x - 0.1) ** 2


def computed(x):
    return (x - 1 / math.sqrt(2.0)) ** 2
''',
    "tensorflow": '''import math

import tensorflow as tf


def cond(x):
    return tf.cond(x > 0, lambda: (x - 0.1) ** 2, lambda: x * x)


def loop(x):
    return tf.while_loop(lambda i, v: i < 1, lambda i, v: (i + 1, (v - 0.1) ** 2), (0, x))[1]


def square(x):
    return (x - 0.1) ** 2


def computed(x):
    return (x - math.sqrt(0.5)) ** 2


def computed_local(x):
    c = 1 / 3
    return tf.maximum(x, c) * x
''',
}


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """``{kind: path}`` of each model file, written once for the module."""
    folder = tmp_path_factory.mktemp("held_paths")
    for kind, text in MODELS.items():
        (folder / f"held_paths_{kind}.py").write_text(text)
    return {kind: str(folder / f"held_paths_{kind}.py") for kind in MODELS}


def target(models, kind, name):
    return FORMULAS[name] if kind == "formula" else f"{models[kind]}:{name}"


def check(models, kind, name, at, **options):
    """``{dtype: PointResult}`` of ``name`` in ``kind``'s spelling at x = ``at``."""
    report = gradcli.check(target(models, kind, name), [{"x": at}], dtypes=("float32", "float64"), **options)
    return {r.dtype: r for r in report.results}


def f32(number):
    return float(np.float32(number))


def relative(a, b):
    return abs(mpmath.mpf(a) - b) / abs(b)


@pytest.mark.parametrize("kind, name", [
    ("formula", "branch"), ("numpy", "loop"), ("numpy", "branch"), ("gradcli", "loop"), ("gradcli", "branch"),
    ("jax", "cond"), ("jax", "switch"), ("jax", "fori"), ("jax", "scan"), ("torch", "loop"),
    ("tensorflow", "cond"), ("tensorflow", "loop"),
])
def test_a_literal_in_a_branch_or_a_loop_body_is_held(models, kind, name):
    results = check(models, kind, name, 0.1)
    narrow = results["float32"]
    assert {d: r.status.value for d, r in results.items()} == {"float32": "ok", "float64": "ok"}
    # x and the literal are one float32 number: the float32 program's value and slope are exactly 0.
    assert narrow.exact_value == 0 and narrow.exact_gradient["x"] == 0
    assert abs(narrow.fd_gradient["x"]) < 1e-12


@pytest.mark.parametrize("name, constant", [("deg", math.pi / 180), ("log10", 1 / math.log(10))])
def test_a_constant_a_jax_library_function_writes_is_as_written(models, name, constant):
    """jnp.deg2rad and jnp.log10 are jitted functions JAX inlines at the user's line: their constants are JAX's."""
    at = 0.3
    slope = check(models, "jax", name, at)["float32"].exact_gradient["x"]
    x = mpmath.mpf(f32(at))

    def derivative(c):
        c = mpmath.mpf(c)
        return 2 * c * c * x if name == "deg" else c / x

    assert relative(slope, derivative(constant)) < 1e-12
    assert relative(slope, derivative(f32(constant))) > 1e-9  # the test tells written from held


def test_a_number_handed_to_a_jitted_jax_function_is_the_users(models):
    """jnp.clip's bounds are the user's: at x = 0.1 both dtypes sit on the same bound (a kink), as the program does."""
    results = check(models, "jax", "clipped", 0.1)
    assert [r.status.value for r in results.values()] == ["domain", "domain"]


@pytest.mark.parametrize("kind, name, at", [
    ("numpy", "computed", math.sqrt(0.5)),
    ("gradcli", "computed", math.sqrt(0.5)),
    ("torch", "computed", 1 / math.sqrt(2.0)),
    ("tensorflow", "computed", math.sqrt(0.5)),
])
def test_a_number_the_users_code_computes_as_it_runs_is_held(models, kind, name, at):
    results = check(models, kind, name, at)
    narrow = results["float32"]
    assert narrow.status.value == "ok" and narrow.exact_value == 0 and narrow.exact_gradient["x"] == 0


def test_a_tensorflow_number_computed_in_a_local_is_held(models):
    """tf.maximum(x, c) with c = 1/3 computed as the function runs: at x = 1/3 both dtypes sit on the same tie."""
    results = check(models, "tensorflow", "computed_local", 1 / 3)
    assert [r.status.value for r in results.values()] == ["domain", "domain"]


@pytest.mark.parametrize("kind", ["formula", "numpy", "gradcli", "jax", "torch", "tensorflow"])
def test_a_sweeps_reference_runs_the_held_program(models, kind):
    """At the swept point 0.1 float32 computes (x - 0.1)**2 exactly (0): no bit of it is lost against the reference."""
    report = gradcli.sweep(target(models, kind, "square"), {"x": (0.0999, 0.1001, 3)}, dtypes=("float32",))
    samples = report.dtypes["float32"].samples
    middle = list(samples.axes["x"]).index(0.1)
    assert samples.value[middle] == 0
    assert samples.value_bits[middle] == 0 and samples.gradient_bits[middle] == 0


@pytest.mark.parametrize("kind", ["formula", "numpy", "gradcli"])
def test_second_derivatives_are_those_of_the_held_program(models, kind):
    """(x - 0.1)**3 at 0.1: float32's second derivative 6*(x - 0.1) is exactly 0, as is the held program's."""
    results = check(models, kind, "cube", 0.1, order=2)
    narrow = results["float32"]
    assert narrow.hessian == [[0.0]] and narrow.rule_hessian == [[0.0]]
    assert narrow.status.value == "ok"
