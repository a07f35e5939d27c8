"""A sweep of a JAX function whose op JAX computes but cannot differentiate (betainc in a): every point is an `error`
of kind "no derivative" carrying the check's own finding at its line, and the note says why the range ran point by
point, never "not elementwise"."""

import json

import jax
import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

USERS = '''\
import jax.numpy as jnp
from jax.scipy import special


def betainc_in_a(a):
    return jnp.sum(special.betainc(a, 2.0, 0.3))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax63_sweep") / "users.py"
    path.write_text(USERS)
    return str(path)


def test_the_sweep_says_what_the_check_says(users):
    target = f"{users}:betainc_in_a"
    swept = CliRunner().invoke(cli, ["sweep", target, "--range", "a=0.5:3:3", "--dtype", "float64", "--json"])
    assert swept.exit_code == 0, swept.output
    document = json.loads(swept.stdout)
    float64 = document["dtypes"]["float64"]
    assert float64["counts"] == {"error": 3}
    (interval,) = float64["intervals"]
    assert interval["kind"] == "no derivative" and interval["op"] == "jax.scipy.special.betainc"
    assert not any("not elementwise" in note for note in document["notes"])
    assert any("no derivative for jax.scipy.special.betainc" in note for note in document["notes"])

    checked = CliRunner().invoke(cli, ["check", target, "--at", f"a={interval['example']['a']}", "--dtype", "float64",
                                       "--json"])
    (point,) = json.loads(checked.stdout)["results"]
    (finding,) = point["findings"]
    assert interval["error"] == f"{finding['message']} (at {finding['location']})"
    assert finding["location"].endswith("users.py:6")
    a = mpmath.mpf(interval["example"]["a"])
    with mpmath.workdps(30):
        slope = mpmath.diff(lambda v: mpmath.betainc(v, 2, 0, mpmath.mpf("0.3"), regularized=True), a)
    assert point["exact_gradient"]["a"] == pytest.approx(float(slope), rel=1e-12)  # the check shows what it says


def test_the_terminal_names_the_finding_not_a_raise(users):
    swept = CliRunner().invoke(cli, ["sweep", f"{users}:betainc_in_a", "--range", "a=0.5:3:3", "--dtype", "float64"])
    assert swept.exit_code == 0, swept.output
    assert "no derivative" in swept.output and "JAX has no derivative for jax.scipy.special.betainc" in swept.output
    assert "the target raised" not in swept.output


def test_a_sweep_of_more_points_compiles_no_more_programs(users):
    # every point asks for JAX's value alone; its failed trace of the gradient empties JAX's caches each time
    compiled = []

    def listener(event, duration, **kwargs):
        if event == "/jax/core/compile/backend_compile_duration":  # recorded once per XLA compilation
            compiled.append(duration)

    def compilations(points):
        compiled.clear()
        result = gradcli.sweep(f"{users}:betainc_in_a", {"a": (0.5, 3.0, points)}, dtypes=("float64",), fixes=False)
        assert result.dtypes["float64"].counts == {"error": points}
        return len(compiled)

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        few, more = compilations(2), compilations(6)
    finally:
        jax.monitoring.unregister_event_duration_listener(listener)
    assert more <= few
