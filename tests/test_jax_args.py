"""JAX losses of parameter trees in audits and sweeps: ``args = "..."`` in a case, ``--args`` for sweep and audit,
``@gradcli.audit`` and the ``gradcheck`` fixture on JAX functions."""

import json
import os
import pathlib
import textwrap

import pytest
from click.testing import CliRunner

from gradcli.audit.spec import load_spec
from gradcli.cli import cli
from gradcli.errors import InputError

ROOT = pathlib.Path(__file__).resolve().parent.parent

LOSSES = (ROOT / "examples" / "jax" / "losses.py").read_text()  # the README's example file, as a user has it


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / "losses.py").write_text(LOSSES)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write_spec(folder, text):
    path = folder / "gradcli.toml"
    path.write_text(textwrap.dedent(text))
    return str(path)


DECORATED = """
import gradcli
import jax.numpy as jnp


@gradcli.audit(at=["x=100"], dtypes=["float32"], expect="unstable")
def softplus(x):
    return jnp.log(1 + jnp.exp(x))
"""


@pytest.fixture(scope="module")
def spec_and_decorated_file(tmp_path_factory):
    """One audit of a spec whose cases name ``args`` (one names none: ``--args`` gives its points) and of a file of
    ``@gradcli.audit`` JAX functions, as a user runs both at once: its cases by name (each audit's worker imports
    JAX and compiles its programs afresh, so the tests share this one)."""
    folder = tmp_path_factory.mktemp("jax_args")
    (folder / "losses.py").write_text(LOSSES)
    (folder / "decorated.py").write_text(DECORATED)
    write_spec(
        folder,
        """
        [defaults]
        dtypes = ["float32"]

        [[case]]
        name = "xent"
        target = "losses.py:cross_entropy"
        args = "losses.py:example_args"

        [[case]]
        name = "scaled"
        target = "losses.py:scaled"
        range = "t=0:100:33"
        args = "losses.py:held"
        expect = "unstable"

        [[case]]
        name = "xent without args"
        target = "losses.py:cross_entropy"
        dtypes = ["float64"]
        """,
    )
    before = os.getcwd()
    os.chdir(folder)  # relative sources, as a user types them
    try:
        result = CliRunner().invoke(cli, ["audit", "gradcli.toml", "decorated.py", "--jobs", "1", "--json",
                                          "--args", "losses.py:example_args"])
    finally:
        os.chdir(before)
    assert result.exit_code == 0, result.output
    return {c["name"]: c for c in json.loads(result.stdout)["cases"]}


def test_a_case_takes_its_points_from_args_and_a_swept_case_its_held_values(spec_and_decorated_file):
    cases = spec_and_decorated_file
    assert cases["xent"]["status"] == "pass"
    check = cases["xent"]["check"]
    assert check["framework"] == "jax"
    assert set(check["variables"]) == {"params.w1", "params.w2", "batch.x"}
    assert cases["scaled"]["status"] == "pass"
    overflow = [i for i in cases["scaled"]["sweep"]["dtypes"]["float32"]["intervals"] if i["status"] == "unstable"]
    assert overflow and 40 < overflow[0]["lo"] < 50  # exp(2 t) overflows float32 from t = 44.36


def test_a_case_with_both_at_and_args_is_refused_on_its_line(project):
    path = write_spec(
        project,
        """
        [[case]]
        name = "twice"
        target = "losses.py:cross_entropy"
        at = ["params=1"]
        args = "losses.py:example_args"
        """,
    )
    with pytest.raises(InputError, match="gives its points twice"):
        load_spec(path)


def test_an_args_function_missing_from_its_file_is_named_at_the_args_line(project):
    path = write_spec(
        project,
        """
        [[case]]
        name = "missing"
        target = "losses.py:cross_entropy"
        args = "losses.py:no_such_points"
        """,
    )
    with pytest.raises(InputError) as caught:
        load_spec(path)
    assert "gradcli.toml:5:" in caught.value.message
    assert "no_such_points" in caught.value.message


def test_audit_args_on_the_command_line_gives_the_points_of_cases_that_name_none(project, spec_and_decorated_file):
    write_spec(
        project,
        """
        [[case]]
        name = "xent"
        target = "losses.py:cross_entropy"
        dtypes = ["float64"]
        """,
    )
    without = CliRunner().invoke(cli, ["audit", "--jobs", "1"])
    assert without.exit_code == 2
    case = spec_and_decorated_file["xent without args"]  # the same case in the shared audit, given --args
    assert case["status"] == "pass" and case["check"]["framework"] == "jax"
    assert set(case["check"]["variables"]) == {"params.w1", "params.w2", "batch.x"}


def test_sweep_args_holds_the_tree_and_sweeps_the_number(project):
    result = CliRunner().invoke(
        cli, ["sweep", "losses.py:scaled", "--range", "t=0:100:33", "--args", "losses.py:held", "--dtype", "float32", "--json"]
    )
    assert result.exit_code == 0, result.output
    intervals = json.loads(result.stdout)["dtypes"]["float32"]["intervals"]
    assert intervals[0]["status"] == "ok" and intervals[-1]["status"] == "unstable"
    assert 44.0 < intervals[-1]["lo"] < 44.5 or any(44.0 < i["lo"] < 44.5 for i in intervals)


def test_audit_decorator_on_a_jax_function_is_collected_and_judged(spec_and_decorated_file):
    case = spec_and_decorated_file["decorated:softplus"]  # named by its module, as a target
    assert case["status"] == "pass"
    assert case["check"]["framework"] == "jax"
    assert case["check"]["results"][0]["status"] == "unstable"


def test_the_gradcheck_fixture_judges_a_jax_function(project, monkeypatch, capsys):
    # Run in this interpreter, whose JAX is loaded already; the fixture still arrives through a pytest11 entry point.
    site = project / "site"
    dist_info = site / "gradcli_plugin_entry_point-0.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: gradcli-plugin-entry-point\nVersion: 0\n")
    (dist_info / "entry_points.txt").write_text("[pytest11]\ngradcli = gradcli.pytest_plugin\n")
    monkeypatch.syspath_prepend(str(site))
    (project / "test_jax_losses.py").write_text(textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp


        def test_stable(gradcheck):
            gradcheck(jax.nn.softplus, [100.0, -3.0], dtypes=("float32", "float64"))


        def test_naive(gradcheck):
            gradcheck(lambda x: jnp.log(1 + jnp.exp(x)), [100.0], dtypes=("float32",))
        """
    ))
    exit_code = pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--import-mode=importlib",
                             str(project / "test_jax_losses.py")])
    output = capsys.readouterr().out
    assert exit_code == pytest.ExitCode.TESTS_FAILED, output
    pytest.LineMatcher(output.splitlines()).fnmatch_lines([
        "*x=100.0 [[]float32[]]: unstable*", "*forward jax.numpy.exp (exp)*jax.numpy.exp(100.0) overflowed*",
        "*1 failed, 1 passed*"])


WRITTEN = """
import jax
import jax.numpy as jnp


def loss(w, b, noise, half):
    return jnp.sum((w * noise - b) ** 2) + jnp.sum(half * w)


def example_args():
    noise = jax.random.normal(jax.random.key(0), (3,))  # JAX draws other numbers under x64
    return jnp.array([0.5, -1.0, 0.3]), jnp.array(0.2), noise, jnp.array(0.1, dtype=jnp.float32)


def refusing_x64():
    if jax.config.jax_enable_x64:
        raise RuntimeError("only in the default mode")
    return example_args()
"""


def _points_by_dtype(project, args_function):
    (project / "written.py").write_text(WRITTEN)
    result = CliRunner().invoke(cli, ["check", "written.py:loss", "--args", f"written.py:{args_function}", "--json"])
    assert result.exit_code == 0, result.output
    return {r["dtype"]: r["point"] for r in json.loads(result.stdout)["results"]}


def test_args_give_the_numbers_written_where_jax_s_default_mode_rounds_them_to_float32(project):
    """A float64 check starts from the 0.2 and 0.3 written, not their float32 roundings; JAX's random draws and a
    leaf written as float32 keep the numbers of the user's own float32 run, in both checks."""
    import jax  # lazy: the user file imports jax
    import numpy as np

    points = _points_by_dtype(project, "example_args")
    assert not jax.config.jax_enable_x64  # the user's mode, unchanged by the second run under x64
    user_run = jax.random.normal(jax.random.key(0), (3,))
    assert user_run.dtype == np.float32
    for dtype in ("float32", "float64"):
        point = points[dtype]
        assert point["b"] == 0.2 and point["w"] == [0.5, -1.0, 0.3]
        assert np.array_equal(np.float32(point["noise"]), np.asarray(user_run))
        assert point["half"] == float(np.float32(0.1)) != 0.1


def test_an_args_function_that_fails_under_x64_gives_its_own_mode_s_numbers(project):
    import numpy as np

    point = _points_by_dtype(project, "refusing_x64")["float64"]
    assert point["b"] == float(np.float32(0.2)) != 0.2
