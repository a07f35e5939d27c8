"""JAX functions checked as they stand: JAX's own numbers judged against gradcli's replay of JAX's graphs.

What a JAX user meets: a wrong custom_vjp or custom_jvp rule caught `wrong`
at its own line, the float32 overflow named at the user's line, the `where`
leak, the norm at 0, jit-compiled functions, parameter trees, the CLI and
its JSON, and JAX left unloaded for every target not written for it.
"""

import json
import subprocess
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.capture.jax_bridge import capture
from gradcli.checker.targets import resolve
from gradcli.cli import cli
from gradcli.errors import InputError

MODEL = '''\
import jax
import jax.numpy as jnp


def softplus(x):
    return jnp.log(1 + jnp.exp(x))


def stable(x):
    return jax.nn.softplus(x)


@jax.custom_vjp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


def log1pexp_fwd(x):
    return log1pexp(x), x


def log1pexp_bwd(x, g):
    return (g * 2.0 / (1 + jnp.exp(-x)),)


log1pexp.defvjp(log1pexp_fwd, log1pexp_bwd)


def doubled(x):
    return log1pexp(x)


@jax.custom_vjp
def straight_round(x):
    return jnp.round(x)


def straight_round_fwd(x):
    return jnp.round(x), None


def straight_round_bwd(_, g):
    return (g,)


straight_round.defvjp(straight_round_fwd, straight_round_bwd)


def quantized(x):
    return jnp.sum(straight_round(x) * jnp.array([1.0, 2.0]))


@jax.custom_jvp
def bad(x):
    return jnp.log1p(jnp.exp(x))


@bad.defjvp
def bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return bad(x), t * jnp.exp(x)


@jax.custom_jvp
def good(x):
    return jnp.log1p(jnp.exp(x))


@good.defjvp
def good_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return good(x), t * jax.nn.sigmoid(x)


def sqrt_or_zero(x):
    return jnp.where(x > 0, jnp.sqrt(x), 0.0)


def norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@jax.jit
def jitted(x, y):
    return jnp.sum(jnp.tanh(x) * y)


def tree_loss(params, x):
    return jnp.sum(jnp.tanh(x @ params["w"] + params["b"]) ** 2)


def top_two_loss(x):
    return jnp.sum(jax.lax.approx_max_k(x, 2)[0] ** 2)
'''


def line_of(text, source=MODEL):
    return next(i for i, line in enumerate(source.splitlines(), start=1) if text in line)


@pytest.fixture()
def model(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    return str(path)


def check(target, points, **options):
    return gradcli.check(target, points, **options).results


def finding(result, kind):
    return next(f for f in result.findings if f.kind == kind)


def test_the_float32_overflow_is_unstable_naming_exp_at_the_users_line(model):
    [result] = check(f"{model}:softplus", [{"x": 100.0}], dtypes=("float32",))
    assert result.status == "unstable"
    nonfinite = finding(result, "nonfinite")
    assert (nonfinite.op, nonfinite.gradcli_op) == ("jax.numpy.exp (exp)", "exp")
    assert nonfinite.location == f"{model}:{line_of('return jnp.log(1 + jnp.exp(x))')}"


def test_jax_nn_softplus_is_ok_where_the_naive_one_overflows_and_its_exact_gradient_holds_to_1e_10(model):
    results = check(f"{model}:stable", [{"x": 100.0}, {"x": -30.0}], dtypes=("float32", "float64"))
    assert [r.status for r in results] == ["ok"] * 4
    for r in results:
        x = r.point["x"]
        assert float(r.exact_gradient["x"]) == pytest.approx(1 / (1 + np.exp(-x)), rel=1e-10)


def test_a_wrong_custom_vjp_rule_is_wrong_at_the_rules_own_line(model):
    [result] = check(f"{model}:doubled", [{"x": 1.0}], dtypes=("float64",))
    assert result.status == "wrong"
    rule = finding(result, "wrong-rule")
    assert rule.location == f"{model}:{line_of('def log1pexp_bwd')}"
    assert "log1pexp_bwd() of log1pexp" in rule.op
    assert result.gradient["x"] == pytest.approx(2 / (1 + np.exp(-1.0)), rel=1e-15)  # JAX's own number
    assert float(result.exact_gradient["x"]) == pytest.approx(1 / (1 + np.exp(-1.0)), rel=1e-12)


def test_a_rule_that_computes_nothing_is_still_named_at_its_line_when_wrong(model):
    # A straight-through estimator: its bwd hands g on untouched, but round's derivative is 0.
    [result] = check(f"{model}:quantized", [{"x": np.array([0.3, 1.2])}], dtypes=("float64",))
    assert result.status == "wrong"
    rule = finding(result, "wrong-rule")
    assert rule.location == f"{model}:{line_of('def straight_round_bwd')}"
    assert "straight_round_bwd() of straight_round" in rule.op
    assert list(np.ravel(result.gradient["x"])) == [1.0, 2.0]  # JAX's own numbers, passed through the rule


def test_a_wrong_custom_jvp_rule_is_wrong_at_its_line_and_a_right_one_is_ok(model):
    [wrong] = check(f"{model}:bad", [{"x": 1.0}], dtypes=("float64",))
    assert wrong.status == "wrong"
    assert finding(wrong, "wrong-rule").location == f"{model}:{line_of('def bad_jvp')}"
    [right] = check(f"{model}:good", [{"x": 1.0}], dtypes=("float64",))
    assert right.status == "ok"


def test_the_where_leak_is_a_nan_gradient_where_the_exact_one_is_zero(model):
    [result] = check(f"{model}:sqrt_or_zero", [{"x": -1.0}], dtypes=("float64",))
    assert np.isnan(result.gradient["x"])
    assert float(result.exact_gradient["x"]) == 0.0
    assert result.status == "wrong"
    assert finding(result, "nonfinite").location == f"{model}:{line_of('jnp.where(x > 0')}"


def test_the_norm_at_zero_has_no_derivative_and_is_fine_elsewhere(model):
    [at_zero] = check(f"{model}:norm", [{"x": [0.0, 0.0]}], dtypes=("float64",))
    assert at_zero.status == "domain"
    elsewhere = check(f"{model}:norm", [{"x": [3.0, 4.0]}], dtypes=("float32", "float64"))
    assert [r.status for r in elsewhere] == ["ok", "ok"]
    np.testing.assert_allclose(np.asarray(elsewhere[1].exact_gradient["x"], dtype=float), [0.6, 0.8], rtol=1e-12)


def test_a_jit_compiled_function_is_checked_with_jaxs_numbers(model):
    results = check(f"{model}:jitted", [{"x": [1.0, 2.0], "y": [3.0, 4.0]}], dtypes=("float32", "float64"))
    assert [r.status for r in results] == ["ok", "ok"]
    np.testing.assert_allclose(np.asarray(results[1].exact_gradient["y"], dtype=float), np.tanh([1.0, 2.0]), rtol=1e-12)


def test_tree_arguments_are_named_leaves_and_their_exact_gradient_is_jaxs(model):
    rng = np.random.default_rng(1)
    params = {"w": rng.normal(size=(3, 2)), "b": rng.normal(size=2)}
    x = rng.normal(size=(4, 3))
    report = gradcli.check(f"{model}:tree_loss", [{"params": params, "x": x}], dtypes=("float64",))
    [result] = report.results
    assert report.variables[:2] == ("params.b", "params.w") or set(report.variables) >= {"params.w", "params.b"}
    assert result.status == "ok"
    fun = lambda p, v: jnp.sum(jnp.tanh(v @ p["w"] + p["b"]) ** 2)  # noqa: E731
    with jax.enable_x64(True):
        expected = jax.jit(jax.grad(fun))(params, x)  # one compiled program, not one per primitive
    np.testing.assert_allclose(np.asarray(result.gradient["params.w"], dtype=float), expected["w"], rtol=1e-12)


def test_the_float64_check_leaves_the_users_float32_jax_alone(model):
    check(f"{model}:softplus", [{"x": 1.0}], dtypes=("float64",))
    assert jnp.ones(2).dtype == jnp.float32
    assert not jax.config.jax_enable_x64


def test_a_primitive_gradcli_cannot_replay_is_named_with_the_users_line(model):
    with pytest.raises(InputError) as caught:
        check(f"{model}:top_two_loss", [{"x": [3.0, 1.0, 2.0]}], dtypes=("float64",))
    assert "`approx_top_k`" in str(caught.value)
    assert f"model.py:{line_of('jax.lax.approx_max_k(x, 2)')}" in str(caught.value)


def test_the_bridge_returns_numpy_in_the_arguments_dtype():
    bridge = capture(lambda x: jnp.sum(jnp.exp(x)), "f")
    for dtype in (np.float32, np.float64):
        x = np.array([1.0, 2.0], dtype=dtype)
        value, (gradient,) = bridge.own((x,), dtype(1.0))
        assert isinstance(value, np.ndarray) and value.dtype == dtype
        assert isinstance(gradient, np.ndarray) and gradient.dtype == dtype
        assert np.asarray(bridge.forward(x)).dtype == dtype


def test_cli_check_of_a_file_that_imports_jax_in_float32(model):
    result = CliRunner().invoke(cli, ["check", f"{model}:softplus", "--at", "x=100", "--dtype", "float32"])
    assert result.exit_code == 1, result.output
    assert "unstable" in result.output
    assert "jax.numpy.exp (exp) at model.py:" in result.output


def test_cli_json_names_the_framework_and_framework_overrides(model, tmp_path):
    result = CliRunner().invoke(cli, ["check", f"{model}:stable", "--at", "x=2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["framework"] == "jax"
    plain = tmp_path / "plain.py"
    plain.write_text("import jax.numpy as jnp\nimport gradcli.numpy as gnp\n\n\ndef f(x):\n    return jnp.tanh(x)\n")
    forced = CliRunner().invoke(cli, ["check", f"{plain}:f", "--at", "x=0.5", "--framework", "jax", "--json"])
    assert forced.exit_code == 0, forced.output
    assert json.loads(forced.stdout)["framework"] == "jax"


def test_a_jax_callable_in_a_module_that_imports_gradcli_too_is_checked_by_jax():
    def loss(x):
        return jnp.sum(jnp.log1p(jnp.exp(x)))

    # This module imports gradcli and jax: the function's own names (jnp) say jax before anything runs.
    assert resolve(loss).framework == "jax"
    report = gradcli.check(loss, [{"x": [1.0, -2.0]}], dtypes=("float64",))
    assert report.framework == "jax"
    assert [r.status for r in report.results] == ["ok"]


PROBE = textwrap.dedent(
    """
    import sys
    {setup}
    print("jax" in sys.modules, "jaxlib" in sys.modules)
    """
)


@pytest.mark.parametrize(
    "setup",
    [
        "import gradcli",
        "from gradcli.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
        "import gradcli\ngradcli.check('log(1+exp(x))', [{'x': 1.0}], dtypes=('float64',))",
        "import gradcli, gradcli.numpy as gnp\ngradcli.check(lambda x: gnp.tanh(x), [{'x': 1.0}], dtypes=('float64',))",
    ],
    ids=["import", "help", "formula", "gradcli-numpy"],
)
def test_jax_is_never_loaded_for_anything_not_written_for_it(setup):
    done = subprocess.run([sys.executable, "-c", PROBE.format(setup=setup)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False False"


def test_a_sweep_evaluates_the_whole_range_in_one_vectorised_jax_call_per_dtype(model):
    target = resolve(f"{model}:softplus")
    calls = []
    vectorised = target.bridge.vectorised

    def counted(arrays, dtype):
        calls.append((len(arrays[0]), np.dtype(dtype).name))
        return vectorised(arrays, dtype)

    target.bridge.vectorised = counted
    result = gradcli.sweep(target, {"x": (0.0, 100.0, 64)}, dtypes=("float32",), fixes=False)
    assert (64, "float32") in calls
    assert not any("once per point" in note for note in result.notes)
    intervals = result.dtypes["float32"].intervals
    assert (intervals[0].lo, intervals[0].status) == (0.0, "ok")
    assert (intervals[-1].hi, intervals[-1].status) == (100.0, "unstable")
    assert 88.0 < intervals[-1].lo < 89.0  # exp overflows float32 past 88.72
