"""The pytest plugin: the ``gradcheck`` fixture arrives through the ``pytest11`` entry point and fails with the findings.

pytest runs in a subprocess on a small project, with the entry point pyproject.toml
declares installed as pip would: a dist-info directory whose entry_points.txt names
it and whose RECORD lists gradcli's package. So the fixture is found the way a
user's pytest finds it, with no conftest and no ``-p``, and pytest marks gradcli for
assertion rewriting as it does a wheel's. The project's test files that use the
fixture share one run (`project_run`), each test here reading its own file's
outcome and failure; the README's example and a project that never uses the
fixture have runs of their own (pytester).
"""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pytest

import package_sources

pytest_plugins = ["pytester"]

ROOT = pathlib.Path(__file__).resolve().parent.parent


def declared_entry_points():
    """The ``pytest11`` entry points pyproject.toml declares, as {name: module}."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project["entry-points"]["pytest11"]


def _install_entry_point(site):
    """A dist-info directory in ``site`` declaring gradcli's ``pytest11`` entry points, as pip installs them."""
    dist_info = site / "gradcli_plugin_entry_point-0.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: gradcli-plugin-entry-point\nVersion: 0\n")
    lines = [f"{name} = {module}" for name, module in declared_entry_points().items()]
    (dist_info / "entry_points.txt").write_text("[pytest11]\n" + "\n".join(lines) + "\n")
    (dist_info / "RECORD").write_text("gradcli/__init__.py,,\ngradcli/pytest_plugin.py,,\n")
    return f"{site}{':'}{ROOT}"


@pytest.fixture
def installed(pytester, monkeypatch, tmp_path):
    """Runs pytest in a subprocess where gradcli's plugin is installed by its entry point only."""
    monkeypatch.setenv("PYTHONPATH", _install_entry_point(tmp_path / "site"))
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)

    def run(*args):
        return pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)

    return run


# The project's test files that use the fixture, {file name: source}: one pytest run for them all.
PROJECT = {
    "test_softplus.py": """
def test_overflow(gradcheck):
    gradcheck("log(1+exp(x))", [100.0], dtypes=("float32",))
""",
    "model.py": """
import gradcli.numpy as gnp

def softplus(x):
    return gnp.log(1 + gnp.exp(x))
""",
    "test_model.py": """
from model import softplus

def test_model(gradcheck):
    gradcheck(softplus, [100.0], dtypes=("float32",))
""",
    "test_typo.py": """
def test_typo(gradcheck):
    gradcheck("log(1+exp(x)", [1.0])
""",
    "test_fine.py": """
import inspect

import pytest

import gradcli
from gradcli.errors import InputError
from gradcli.testing import assert_gradients_ok

def test_signature(gradcheck):
    assert inspect.signature(gradcheck) == inspect.signature(assert_gradients_ok)
    assert str(inspect.signature(gradcheck)) == "(target, points, options=None, **changes)"

def test_stable(gradcheck):
    report = gradcheck("softplus(x)", [100.0, -40.0])
    assert report.ok and {r.dtype for r in report.results} == {"float32", "float64"}

def test_options_then_changes(gradcheck):
    options = gradcli.CheckOptions(dtypes=("float32",), rtol=1e-3)
    report = gradcheck("log(1+exp(x))", [{"x": 1.0}], options, dtypes=("float64",), wrt=None)
    assert [(r.dtype, r.rtol) for r in report.results] == [("float64", 1e-3)]

def test_an_unknown_option_is_named(gradcheck):
    with pytest.raises(InputError, match="dtype: not a check option"):
        gradcheck("x", [1.0], dtype="float32")

def test_what_the_fixture_loaded_is_not_assertion_rewritten():
    import sys

    rewritten = {name for name, module in sys.modules.items() if name.startswith("gradcli.")
                 and type(getattr(module, "__loader__", None)).__name__ == "AssertionRewritingHook"}
    assert "gradcli.testing" in sys.modules and "gradcli.checker" in sys.modules
    assert rewritten <= {"gradcli._version", "gradcli.display", "gradcli.pytest_plugin"}, rewritten
""",
}


@pytest.fixture(scope="module")
def project_run(tmp_path_factory):
    """pytest's report on `PROJECT`, run as pytester runs it (a home of its own, no outer options, no colour):
    {test file's name: (passed, failed, its failure's section of the report)}."""
    folder = tmp_path_factory.mktemp("project")
    for name, source in PROJECT.items():
        (folder / name).write_text(source.lstrip("\n"))
    env = {**os.environ, "PYTHONPATH": _install_entry_point(tmp_path_factory.mktemp("site")), "HOME": str(folder),
           "USERPROFILE": str(folder), "PY_COLORS": "0"}
    for name in ("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "PYTEST_ADDOPTS", "TOX_ENV_DIR"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", f"--basetemp={folder / 'tmp'}"],
                          cwd=folder, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    lines = done.stdout.splitlines()
    outcomes = {name: [0, 0, []] for name in PROJECT if name.startswith("test_")}
    for line in lines:  # -rA's summary: one "PASSED file::test" or "FAILED file::test - ..." line per test
        word, _, test = line.partition(" ")
        if word in ("PASSED", "FAILED") and test.split("::")[0] in outcomes:
            outcomes[test.split("::")[0]][word == "FAILED"] += 1
    headers = [n for n, line in enumerate(lines) if re.fullmatch(r"_{3,} test_\w+ _{3,}", line)]
    for start in headers:  # a failure's section: up to the next test's, or to the next part of the report
        end = next((n for n in range(start + 1, len(lines)) if re.match(r"_{3,} |={3,} ", lines[n])), len(lines))
        section = lines[start:end]
        files = [name for name in outcomes if any(line.startswith(f"{name}:") for line in section)]
        assert len(files) == 1, section
        outcomes[files[0]][2] = section
    return {name: (passed, failed, pytest.LineMatcher(section)) for name, (passed, failed, section) in outcomes.items()}


def fails_showing(project_run, test_file, lines):
    """The failure of ``test_file``, the project's one test of that file: its section of the report has ``lines``
    (fnmatch patterns) in order."""
    passed, failed, section = project_run[test_file]
    assert (passed, failed) == (0, 1)
    section.fnmatch_lines(lines)
    return section


def test_the_entry_point_names_the_plugin_module():
    assert declared_entry_points() == {"gradcli": "gradcli.pytest_plugin"}


def test_a_failing_check_shows_the_op_its_message_and_the_underlined_formula(project_run):
    section = fails_showing(
        project_run,
        "test_softplus.py",
        [
            ">       gradcheck(*",
            "E       gradcli.testing.GradientCheckError: gradient check of log(1+exp(x)) failed at 1 of 1 results:",
            "E         x=100.0 [[]float32]: unstable; value inf *",
            "E           forward exp: exp(100.0) overflowed: inf",
            "E             log(1+exp(x))",
            "E                   ^^^^^^",
            "test_softplus.py:2: GradientCheckError",
        ],
    )
    # The failure is reported at the test's line; gradcli's own frames are hidden.
    assert "testing.py" not in section.str()


def test_a_python_target_shows_the_file_line_and_the_underlined_source(project_run):
    fails_showing(
        project_run,
        "test_model.py",
        [
            "E           forward exp at */model.py:4: exp(100.0) overflowed: inf",
            "E             return gnp.log(1 + gnp.exp(x))",
            "E                                    ^^^",
        ],
    )


def test_bad_input_shows_the_users_call_and_the_message_without_gradclis_frames(project_run):
    section = fails_showing(
        project_run, "test_typo.py", [">       gradcheck(*", "E       gradcli.errors.InputError: *", "test_typo.py:2: InputError"]
    )
    shown = section.str()
    # The user's call and the one-paragraph message; none of the checker's frames between them.
    assert "gradcli/" not in shown and "runner.py" not in shown and "testing.py" not in shown, shown
    assert "During handling" not in shown and "direct cause" not in shown, shown


def test_passing_checks_pass_and_the_fixture_takes_what_assert_gradients_ok_takes(project_run):
    assert project_run["test_fine.py"][:2] == (5, 0)


def test_gradcli_holds_no_assert_statement_for_pytest_to_rewrite():
    """What leaving gradcli's modules unrewritten under pytest loses: nothing, while none asserts."""
    asserting = [str(path.relative_to(ROOT)) for path in package_sources.files(ROOT / "gradcli")
                 if package_sources.module(path).asserts]
    assert asserting == []


def test_a_project_that_never_uses_the_fixture_loads_nothing_heavy(pytester, installed):
    pytester.makepyfile(
        test_plain="""
        import sys

        def test_plain():
            assert "gradcli.pytest_plugin" in sys.modules  # loaded, through the entry point
            heavy = {"numpy", "sympy", "mpmath", "flint", "rich"} & set(sys.modules)
            assert not heavy, heavy
        """
    )
    installed().assert_outcomes(passed=1)


def test_importing_the_plugin_imports_only_pytest_and_gradcli():
    code = "import sys, gradcli.pytest_plugin; print(sorted({'numpy', 'sympy', 'mpmath', 'rich', 'click'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def readme_example():
    """The README's pytest example: the test file, and the output of ``pytest -q`` on it."""
    text = (ROOT / "README.md").read_text()
    test_file = re.search(r"^```python\n# test_softplus.py\n(.*?)^```\n", text, re.S | re.M).group(1)
    output = re.search(r"^```text\n\$ pytest -q test_softplus.py\n(.*?)^```\n", text, re.S | re.M).group(1)
    return test_file, output


def test_the_readme_example_prints_what_the_readme_shows(pytester, installed, monkeypatch):
    test_file, shown = readme_example()
    pytester.makepyfile(test_softplus=test_file)
    monkeypatch.setenv("COLUMNS", "80")
    for name in ("CI", "BUILD_NUMBER"):  # on CI pytest leaves the summary lines whole; the README shows a terminal's
        monkeypatch.delenv(name, raising=False)
    result = installed("-q")

    def stable(text):
        # An object's address and the run time differ between runs.
        return re.sub(r" in [0-9.]+s$", " in Ns", re.sub(r"0x[0-9a-f]+", "0x?", text.rstrip("\n")), flags=re.M)

    assert stable(result.stdout.str()) == stable(shown)


def test_a_point_copied_from_the_command_line_is_told_the_python_spelling():
    """The fixture's points are Python values; "x=[0.5]" (--at's text, as parametrize invites) is named as such."""
    from gradcli.errors import InputError
    from gradcli.testing import assert_gradients_ok

    with pytest.raises(InputError, match=r"'x=\[0\.5\]' is --at's text: .* such as \{'x': \[0\.5, 1\.0\]\}"):
        assert_gradients_ok("sin(x)", ["x=[0.5]"])
    with pytest.raises(InputError, match="'hello' is not a number or an array of numbers"):
        assert_gradients_ok("sin(x)", ["hello"])
