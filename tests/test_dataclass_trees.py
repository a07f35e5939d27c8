"""Arguments that are dataclasses are trees: their fields are leaves named by path, in every framework.

JAX users hold parameters in dataclasses registered as pytrees (``jax.tree_util.register_dataclass``, flax.struct,
equinox modules); PyTorch and plain code use dataclasses of tensors and arrays too. A point holding one was refused
("not a number or an array of numbers", and ``--wrt orbit.e`` was no variable). Each field is now a leaf named
``orbit.e``, differentiated where it is a float, held where it is not (an int order, a string), and the function is
given a copy of the user's own class with the leaves in it (a frozen one too).
"""

import dataclasses
import importlib.util
import math
import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.errors import InputError


@dataclasses.dataclass(frozen=True)
class Softplus:
    w: object
    b: float
    order: int = 2
    name: str = "softplus"


def _softplus_power(p):
    return gnp.sum(gnp.log1p(gnp.exp(p.w * p.b))) ** p.order


def _softplus_truth(w, b, order):
    """d/dw_i and d/db of (sum_i log(1 + e^(w_i b)))^order."""
    with mpmath.workdps(40):
        s = sum(mpmath.log1p(mpmath.exp(wi * b)) for wi in w)
        outer = order * s ** (order - 1)
        sig = [1 / (1 + mpmath.exp(-wi * b)) for wi in w]
        return [outer * si * b for si in sig], outer * sum(si * wi for si, wi in zip(sig, w))


def _example(path, name):
    """The point the user's own ``name`` in ``path`` gives, as ``--args path:name`` reads it."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [getattr(module, name)()]


def test_a_frozen_dataclass_of_parameters_is_a_tree_with_held_fields():
    point = {"p": Softplus(w=np.array([1.0, -2.0]), b=0.5)}
    report = gradcli.check(_softplus_power, [point], dtypes=("float64",), fixes=False)
    result, = report.results
    assert result.status == "ok", [f.message for f in result.findings]
    assert set(result.exact_gradient) == {"p.w", "p.b"}  # the int order and the name are held
    d_w, d_b = _softplus_truth([1.0, -2.0], 0.5, 2)
    assert all(abs(mpmath.mpf(got) - want) <= 1e-13 * abs(want) for got, want in zip(result.exact_gradient["p.w"], d_w))
    assert abs(mpmath.mpf(result.exact_gradient["p.b"]) - d_b) <= 1e-13 * abs(d_b)
    assert [float(g) for g in result.gradient["p.w"]] == pytest.approx([float(v) for v in d_w], rel=1e-13)


def test_a_gradient_rule_given_a_dataclass_returns_one_of_its_class():
    @gradcli.custom_gradient
    def scaled(p):
        def grad_fn(upstream):
            return Softplus(w=upstream * p.b * gnp.ones_like(p.w), b=upstream * gnp.sum(p.w))
        return gnp.sum(p.w) * p.b, grad_fn

    @gradcli.custom_gradient
    def scaled_as_dict(p):
        def grad_fn(upstream):
            return {"w": upstream * p.b, "b": upstream}
        return gnp.sum(p.w) * p.b, grad_fn

    point = {"p": Softplus(w=np.array([1.0, 2.0]), b=0.5)}
    result, = gradcli.check(scaled, [point], dtypes=("float64",), fixes=False).results
    assert result.status == "ok"
    assert list(result.gradient["p.w"]) == [0.5, 0.5] and result.gradient["p.b"] == 3.0
    result, = gradcli.check(scaled_as_dict, [point], dtypes=("float64",), fixes=False).results
    assert result.status == "error" and "returned a dict of 2 for argument 0, which is a Softplus" in result.error


JAX_SOURCE = textwrap.dedent('''
    import dataclasses

    import jax
    import jax.numpy as jnp


    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class Orbit:
        p: jnp.ndarray
        e: jnp.ndarray
        nu: jnp.ndarray


    def radius(orbit):
        return orbit.p / (1.0 + orbit.e * jnp.cos(orbit.nu))


    def orbit_args():
        return {"orbit": Orbit(p=jnp.array(7000.0), e=jnp.array(0.5), nu=jnp.array(2.0))}
''')


def test_a_jax_registered_dataclass_is_checked_by_path(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "orbits.py"
    path.write_text(JAX_SOURCE)
    report = gradcli.check(f"{path}:radius", _example(path, "orbit_args"), dtypes=("float32", "float64"), wrt=("orbit.e",),
                           fixes=False)
    for result in report.results:
        assert result.status == "ok", [f.message for f in result.findings]
        assert list(result.exact_gradient) == ["orbit.e"]
        want = -7000 * math.cos(2.0) / (1 + 0.5 * math.cos(2.0)) ** 2  # d/de of p / (1 + e cos nu)
        assert float(result.exact_gradient["orbit.e"]) == pytest.approx(want, rel=1e-14)
        assert result.gradient["orbit.e"] == pytest.approx(want, rel=1e-5 if result.dtype == "float32" else 1e-13)


def test_a_misspelled_field_names_the_fields(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "orbits.py"
    path.write_text(JAX_SOURCE)
    with pytest.raises(InputError, match=r"orbit\.x: not a variable of the target \(orbit\.p, orbit\.e, orbit\.nu\)"):
        gradcli.check(f"{path}:radius", _example(path, "orbit_args"), dtypes=("float64",), wrt=("orbit.x",), fixes=False)


TORCH_SOURCE = textwrap.dedent('''
    import dataclasses

    import torch


    @dataclasses.dataclass
    class Layer:
        w: torch.Tensor
        b: torch.Tensor


    def loss(layer):
        return torch.nn.functional.softplus(layer.w * layer.b).sum() ** 2


    def layer_args():
        return {"layer": Layer(w=torch.tensor([1.0, -2.0]), b=torch.tensor(0.5))}
''')


def test_a_torch_dataclass_of_tensors_is_checked_by_path(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "layers.py"
    path.write_text(TORCH_SOURCE)
    result, = gradcli.check(f"{path}:loss", _example(path, "layer_args"), dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    d_w, d_b = _softplus_truth([1.0, -2.0], 0.5, 2)
    assert float(result.exact_gradient["layer.b"]) == pytest.approx(float(d_b), rel=1e-14)
    assert [float(g) for g in result.exact_gradient["layer.w"]] == pytest.approx([float(v) for v in d_w], rel=1e-14)
