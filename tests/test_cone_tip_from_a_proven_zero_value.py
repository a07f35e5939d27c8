"""The Fubini-Study angle between two equal qubit states is the tip of a cone: the kink test starts from the value's
proven 0, not from the point's own high-precision run.

arccos(|<a(y)|a(x)>|) at x = y, a(x) = [exp(-i x / 2) cos(x / 2), exp(i x / 2) sin(x / 2)] (RY then RZ on |0>): the
overlap is exactly 1, the value exactly 0, and a proof says so. But a directed-rounding run of the program puts the
overlap a hair past 1, where arccos is no number: the value's own noise is infinite, every one-sided test was "noisy"
at every precision, and the point got no exact reference (or one depending on the point and the digits). With the
proven 0 as the value, the sides are the cone's slopes -+ds/dx, ds^2 = <da|da> - |<a|da>|^2 = (1 + sin^2 x) / 4 for
this path; along y the same. The expected slopes are that closed form, never gradcli's output.
"""

from __future__ import annotations

import json
import math

import pytest

from gradcli.cli import main

jax = pytest.importorskip("jax")

SOURCE = '''\
import jax.numpy as jnp


def state(t):
    return jnp.array([jnp.exp(-0.5j * t) * jnp.cos(t / 2), jnp.exp(0.5j * t) * jnp.sin(t / 2)])


def fubini_study(x, y):
    return jnp.arccos(jnp.sqrt(jnp.abs(jnp.vdot(state(y), state(x))) ** 2))


def phases_only(x, y):
    a = jnp.array([jnp.exp(-0.5j * y) * jnp.cos(0.5), jnp.exp(0.5j * y) * jnp.sin(0.5)])
    b = jnp.array([jnp.exp(-0.5j * x) * jnp.cos(0.5), jnp.exp(0.5j * x) * jnp.sin(0.5)])
    return jnp.arccos(jnp.abs(jnp.vdot(a, b)))
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("cone_tip") / "states.py"
    path.write_text(SOURCE)
    return path


def _check(module, name, at, capsys):
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["check", f"{module}:{name}", "--at", at, "--dtype", "float64", "--no-fix", "--json"])
    [result] = json.loads(capsys.readouterr().out)["results"]
    return result


def _kink_slopes(result):
    return [f["message"] for f in result["findings"] if "has a kink here" in f["message"]]


@pytest.mark.parametrize("t", [1.0, 2.0, 0.3])
def test_the_angle_between_equal_states_is_a_cone(module, t, capsys):
    result = _check(module, "fubini_study", f"x={t},y={t}", capsys)
    # float64's overlap rounds to 1 (the value 0, right), past it (arccos NaN) or below it (arccos of 1 - 3e-16 is
    # 2.6e-8): the value lost is unstable, as the point has it
    assert result["status"] == ("domain" if result["value"] == 0.0 else "unstable"), result["findings"]
    assert result["exact_value"] == 0.0
    slope = 0.5 * math.sqrt(1 + math.sin(t) ** 2)
    kinks = _kink_slopes(result)
    assert len(kinks) == 2, result["findings"]
    for message in kinks:
        assert f"is {-slope:.6g} from the left and {slope:.6g} from the right" in message, message


def test_the_phases_alone_make_a_cone_too(module, capsys):
    # with the angles fixed at 1/2, the overlap is |cos^2(1/2) e^{i d/2} + sin^2(1/2) e^{-i d/2}|, d = x - y:
    # ds/dx = sin(1)/2 at d = 0
    result = _check(module, "phases_only", "x=1.0,y=1.0", capsys)
    assert result["status"] == "domain", result["findings"]
    slope = math.sin(1.0) / 2
    kinks = _kink_slopes(result)
    assert len(kinks) == 2, result["findings"]
    for message in kinks:
        assert f"is {-slope:.6g} from the left and {slope:.6g} from the right" in message, message
