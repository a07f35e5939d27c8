"""JAX functions whose Python reads a held integer (``range(n)``), and their exact values by mpmath: shared by the
tests of points holding different integers (from --at, --args, the library and audit specs)."""

import mpmath
import pytest

USERS = '''\
import jax.numpy as jnp


def log_partial_sum(x, n):
    total = 0.0
    for k in range(n):
        total = total + jnp.exp(-x * k)
    return jnp.log(total)


def softplus_nested(x, k):
    s = x
    for _ in range(k):
        s = jnp.log(1 + jnp.exp(s))
    return s


def points():
    return [(1.5, 2), (2.0, 3), (0.25, 2)]
'''


def module_fixture(source, folder):
    """A module-scoped fixture giving the path of a user's module ``users.py`` holding ``source``, written once."""
    @pytest.fixture(scope="module")
    def written(tmp_path_factory):
        path = tmp_path_factory.mktemp(folder) / "users.py"
        path.write_text(source)
        return str(path)

    return written


users = module_fixture(USERS, "jax65_held")


def log_partial_sum(x, n):
    """log(sum_{k<n} e^(-k x)) and its slope, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        x = mpmath.mpf(x)
        terms = [mpmath.exp(-k * x) for k in range(n)]
        return float(mpmath.log(mpmath.fsum(terms))), float(-mpmath.fsum(k * t for k, t in enumerate(terms)) / mpmath.fsum(terms))


def softplus_nested(x, k):
    """softplus applied k times and its slope, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        def value(t):
            for _ in range(k):
                t = mpmath.log1p(mpmath.exp(t))
            return t

        return float(value(mpmath.mpf(x))), float(mpmath.diff(value, mpmath.mpf(x)))


def judged_against_truth(results, points):
    """Each result at its own point's held n, in the points' order, value and gradient the exact ones."""
    assert [(r["point"]["x"], r["held"]["n"]) for r in results] == [p for p in points for _ in range(len(results) // len(points))]
    for r in results:
        value, slope = log_partial_sum(r["point"]["x"], r["held"]["n"])
        assert r["status"] == "ok"
        assert r["exact_value"] == pytest.approx(value, rel=1e-12)
        assert r["exact_gradient"]["x"] == pytest.approx(slope, rel=1e-12)
        assert r["gradient"]["x"] == pytest.approx(slope, rel=1e-5 if r["dtype"] == "float32" else 1e-12)
