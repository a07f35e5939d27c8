"""Fixes for Python functions: the formula catalogue applied to the user's own source, as a diff.

Each fix is re-checked by running the rewritten file in memory; the file on
disk is never written. Expected diffs are written out by hand here.
"""

import json
import os
import sys
import textwrap

from click.testing import CliRunner

import gradcli
from gradcli.checker.source_fixes import numpy_aliases, source_rewrites, splice
from gradcli.cli import cli

F64 = ("float64",)


def write(folder, name, text):
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    return path


def load(path, name):
    """The function ``name`` of the file at ``path``, as gradcli loads a file target."""
    from gradcli.checker.targets import resolve

    return resolve(f"{path}:{name}").function


SOFTPLUS = """
import gradcli.numpy as np


def loss(z):
    return np.log(1 + np.exp(-z))
"""


def test_the_z43_example_gets_a_diff_that_rechecks_ok(tmp_path, monkeypatch):
    write(tmp_path, "model.py", SOFTPLUS)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "model.py:loss", "--at", "43", "--json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert [r["status"] for r in report["results"]] == ["unstable", "unstable"]
    fixes = report["fixes"]
    assert [f["name"] for f in fixes] == ["softplus", "logaddexp(0, u)", "log1p"]
    assert fixes[0]["diff"] == (
        "--- model.py\n"
        "+++ model.py\n"
        "@@ -4,2 +4,2 @@\n"
        " def loss(z):\n"
        "-    return np.log(1 + np.exp(-z))\n"
        "+    return np.softplus(-z)\n"
    )
    assert "+    return np.logaddexp(0, -z)\n" in fixes[1]["diff"]
    assert "+    return np.log1p(np.exp(-z))\n" in fixes[2]["diff"]
    for fix in fixes:
        assert fix["kind"] == "rewrite" and not fix["partial"]
        assert set(fix["before"].values()) == {"unstable"}
        assert set(fix["after"].values()) == {"ok"}


def test_the_terminal_shows_the_diff(tmp_path, monkeypatch):
    write(tmp_path, "model.py", SOFTPLUS)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "model.py:loss", "--at", "43", "--dtype", "float64"])
    assert result.exit_code == 1
    out = result.stdout
    assert "softplus (log(1 + exp(u)) -> softplus(u); z=43 float64: unstable -> ok):" in out
    assert "    -    return np.log(1 + np.exp(-z))\n" in out
    assert "    +    return np.softplus(-z)\n" in out
    assert "--- model.py" in out and "+++ model.py" in out


def test_the_users_file_is_untouched_on_disk(tmp_path):
    path = write(tmp_path, "model.py", SOFTPLUS)
    before = path.read_bytes()
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))  # an mtime a rewrite would change
    stat = os.stat(path)
    listing = sorted(p.name for p in tmp_path.iterdir())
    report = gradcli.check(load(path, "loss"), [43.0], dtypes=F64)
    assert report.fixes  # the rewritten module really ran
    assert path.read_bytes() == before
    assert os.stat(path).st_mtime_ns == stat.st_mtime_ns
    # The original import may leave __pycache__; the fixes add nothing next to the file.
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "__pycache__") == [
        n for n in listing if n != "__pycache__"
    ]
    assert not [name for name in sys.modules if name.startswith("gradcli_fix_")]


def test_a_module_using_gnp_gets_its_own_alias(tmp_path):
    path = write(
        tmp_path,
        "small.py",
        """
        import gradcli.numpy as gnp


        def growth(x):
            y = 2 * x
            return gnp.exp(y) - 1
        """,
    )
    report = gradcli.check(load(path, "growth"), [1e-10], dtypes=F64)
    assert report.results[0].status == "unstable"
    (fix,) = report.fixes
    assert fix.name == "expm1" and fix.formula is None
    assert "-    return gnp.exp(y) - 1\n+    return gnp.expm1(y)\n" in fix.diff
    assert fix.after == {"x=1e-10 float64": "ok"}


def test_no_rewrite_applies_no_fix_no_crash(tmp_path):
    path = write(
        tmp_path,
        "plain.py",
        """
        import gradcli.numpy as np


        def f(x):
            return np.sin(x) - x
        """,
    )
    report = gradcli.check(load(path, "f"), [1e-8], dtypes=F64)
    assert report.results[0].status == "unstable"  # sin(1e-8) - 1e-8 cancels to 0 in float64
    assert report.fixes == []
    assert not any("rewrites tried" in note for note in report.notes)


def test_a_rewrite_that_does_not_help_is_not_offered(tmp_path):
    # log1p fixes the log, but the cancellation in sin(x) - x still loses everything:
    # no verdict gets better, so the rewrite is named as tried, not offered.
    path = write(
        tmp_path,
        "mixed.py",
        """
        import gradcli.numpy as np


        def f(x):
            return np.sin(x) - x + np.log(1 + x) - x
        """,
    )
    report = gradcli.check(load(path, "f"), [1e-8], dtypes=F64)
    assert report.results[0].status == "unstable"
    assert report.fixes == []
    assert any("log1p (better nowhere)" in note for note in report.notes)


def test_a_python_callable_passed_to_check_is_fixed_too(tmp_path):
    path = write(tmp_path, "model.py", SOFTPLUS)
    fun = load(path, "loss")
    report = gradcli.check(fun, [43.0], dtypes=F64)
    assert [f.name for f in report.fixes] == ["softplus", "logaddexp(0, u)", "log1p"]
    assert all(f.diff.startswith("--- ") for f in report.fixes)


def test_only_the_findings_lines_are_rewritten():
    source = textwrap.dedent(
        """
        import gradcli.numpy as np

        def f(x):
            a = np.log(1 + x)
            return np.log(1 + np.exp(x)) + a
        """
    ).lstrip("\n")  # line 5 is the return
    rewrites = {name: splice(source, edits) for name, _, edits in source_rewrites(source, [5])}
    assert "    a = np.log(1 + x)\n" in rewrites["log1p"]
    assert "    return np.log1p(np.exp(x)) + a\n" in rewrites["log1p"]
    assert "    return np.softplus(x) + a\n" in rewrites["softplus"]


def test_every_way_of_importing_gradcli_numpy_is_an_alias():
    import ast

    tree = ast.parse("import gradcli\nimport gradcli.numpy as gnp\nfrom gradcli import numpy as gn\nimport numpy as np\n")
    assert numpy_aliases(tree) == ["gradcli.numpy", "gnp", "gn"]
    source = "import gradcli\n\ndef f(a, b):\n    return gradcli.numpy.sqrt(a[0] * a[0] + b.c ** 2)\n"
    ((name, _, edits),) = [r for r in source_rewrites(source, [4]) if r[0] == "hypot"]
    assert splice(source, edits).endswith("    return gradcli.numpy.hypot(a[0], b.c)\n")


def test_a_module_without_gradcli_numpy_gets_no_rewrite():
    source = "import numpy as np\n\ndef f(x):\n    return np.log(1 + np.exp(x))\n"
    assert source_rewrites(source, [4]) == []


def test_a_helper_in_the_same_file_is_rewritten_where_the_finding_is(tmp_path):
    path = write(
        tmp_path,
        "helpers.py",
        """
        import gradcli.numpy as np


        def soft(u):
            return np.log(1 + np.exp(u))


        def loss(z):
            return 2 * soft(-z)
        """,
    )
    report = gradcli.check(load(path, "loss"), [43.0], dtypes=F64)
    assert report.fixes[0].name == "softplus"
    assert "-    return np.log(1 + np.exp(u))\n+    return np.softplus(u)\n" in report.fixes[0].diff
    assert report.fixes[0].after == {"z=43 float64": "ok"}


def test_a_frameworks_spellings_read_and_write_its_own_calls():
    source = textwrap.dedent(
        """
        import jax.numpy as jnp

        def f(x):
            return jnp.log(1 + jnp.exp(x))
        """
    ).lstrip("\n")
    spellings = {"softplus": "jax.nn.softplus", "logaddexp": "jnp.logaddexp"}
    rewrites = {name: splice(source, edits) for name, _, edits in source_rewrites(source, [4], "jax.numpy", spellings)}
    # jax.nn is not reachable through `jnp`: the fix writes it in full and imports its package.
    assert rewrites["softplus"] == "import jax.numpy as jnp\nimport jax\n\ndef f(x):\n    return jax.nn.softplus(x)\n"
    assert "    return jnp.logaddexp(0, x)\n" in rewrites["logaddexp(0, u)"]


def test_a_spelled_function_imported_by_name_reads_and_writes_under_that_name():
    source = textwrap.dedent(
        """
        import jax.numpy as jnp
        from jax.nn import softplus as sp
        from jax.numpy import log as ln

        def f(x):
            return ln(1 + jnp.exp(sp(x)))
        """
    ).lstrip("\n")
    spellings = {"softplus": "jax.nn.softplus", "log": "jax.numpy.log"}
    rewrites = {name: edits for name, _, edits in source_rewrites(source, [6], "jax.numpy", spellings)}
    assert [text for _, text in rewrites["softplus"]] == ["sp(sp(x))"]  # `ln` read as log; softplus written as `sp`
    assert [text for _, text in rewrites["log1p"]] == ["jnp.log1p(jnp.exp(sp(x)))"]
