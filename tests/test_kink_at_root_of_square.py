"""The root of a square that is 0 at the point, |s| spelled as sqrt(s^2): a kink, on every bridge and in every spelling.

sqrt((x - 3)^2) at x = 3, and the non-rectangular hyperbola's 2c / (b + sqrt(b*b - 4c)) with b = aI + P, c = aIP at
its double root aI = P (the radicand (aI - P)^2 written out): one-sided slopes -1 and 1 (a and 0), so no derivative,
however JAX traces the square (integer_pow, square, mul) or NumPy computes it. The radicand at a step h is h^2, at the
rounding of b*b at any precision's shorter step: the kink test takes the values there at more digits. Just away from
the kink the derivative is ordinary. Truths: the slopes written out by hand (sign(x - 3); a on the left of the double
root, 0 on the right).
"""

import math

import pytest

import gradcli

QUANTUM_YIELD, P_MAX = 0.0625, 25.0  # a I = P at I = 400, exactly in binary

BODIES = """
def hyperbola(light):
    b = {a} * light + {p}
    c = {a} * light * {p}
    return 2.0 * c / (b + {sqrt}(b * b - 4.0 * c))


def power(x):
    return {sqrt}((x - 3.0) ** 2)


def product(x):
    return {sqrt}((x - 3.0) * (x - 3.0))
"""

NUMPY = "import numpy as np\n" + BODIES.format(a=QUANTUM_YIELD, p=P_MAX, sqrt="np.sqrt")
JAX = ("import jax\nimport jax.numpy as jnp\nfrom jax import lax\n" + BODIES.format(a=QUANTUM_YIELD, p=P_MAX,
                                                                                  sqrt="jnp.sqrt") + """

def square(x):
    return jnp.sqrt(jnp.square(x - 3.0))


def integer_pow(x):
    return jnp.sqrt(lax.integer_pow(x - 3.0, 2))
""")


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("roots")
    (folder / "numpy_roots.py").write_text(NUMPY)
    (folder / "jax_roots.py").write_text(JAX)
    return folder


def _exact_slopes(programs, target, at, dtype):
    report = gradcli.check(f"{programs / target}", [at], dtypes=(dtype,))
    return [next(iter(r.exact_gradient.values())) for r in report.results]


SPELLINGS = [("numpy_roots.py", "hyperbola"), ("numpy_roots.py", "power"), ("jax_roots.py", "hyperbola"),
             ("jax_roots.py", "power"), ("jax_roots.py", "product"), ("jax_roots.py", "square"),
             ("jax_roots.py", "integer_pow")]


def _point(name, beside):
    if name == "hyperbola":
        return {"light": 400.0 + beside}
    return {"x": 3.0 + beside}


AT_THE_KINK = [(m, n, "float64") for m, n in SPELLINGS] + [("numpy_roots.py", "power", "float32"),
                                                             ("jax_roots.py", "integer_pow", "float32"),
                                                             ("jax_roots.py", "hyperbola", "float32")]


@pytest.mark.parametrize("module, name, dtype", AT_THE_KINK)
def test_no_derivative_at_the_kink(programs, module, name, dtype):
    [slope] = _exact_slopes(programs, f"{module}:{name}", _point(name, 0.0), dtype)
    assert math.isnan(float(slope))


@pytest.mark.parametrize("module, name", SPELLINGS)
def test_an_ordinary_derivative_beside_the_kink(programs, module, name):
    # left of the double root the hyperbola is a I (slope a); right of x = 3, |x - 3| has slope 1
    beside, truth = (-0.5, QUANTUM_YIELD) if name == "hyperbola" else (0.5, 1.0)
    [slope] = _exact_slopes(programs, f"{module}:{name}", _point(name, beside), "float64")
    assert float(slope) == pytest.approx(truth, rel=1e-12)
