"""What `gradcli grad` and `gradcli check` accept: targets, points, dtypes and the options.

Every case runs the real command line in-process (`gradcli.cli.main`) and asserts on its
exit code, its JSON and its messages. Bad input must exit 2 with a message naming the
problem, no traceback, and nothing written (no JSON, no JUnit file, no temporary litter).
User code that exits or raises anything while imported or called runs through
`fuzz.targets.run_cli`, held to the fuzz harness's promises (no traceback, no warning).
Reference values are computed here, with math, NumPy or sympy, never copied from gradcli.
"""

import importlib.util
import json
import math
import sys
import textwrap

import numpy as np
import pytest
from fuzz.targets import check_promises, run_cli

from gradcli.cli import main


def run(argv, capsys):
    """Run the command line in-process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in argv])
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


def run_json(argv, capsys):
    code, out, err = run([*argv, "--json"], capsys)
    assert code == 0, err
    return json.loads(out)


def close(a, b, rel=1e-12, abs_=0.0):
    return math.isclose(float(a), float(b), rel_tol=rel, abs_tol=abs_)


def write(path, source):
    path.write_text(textwrap.dedent(source))
    return path


FUNCTIONS = """
    import gradcli
    import gradcli.numpy as gnp


    def three(alpha, beta, gamma):
        return gnp.sin(alpha) * beta + gnp.exp(gamma * beta)


    def with_default(x, scale=3.0):
        return scale * x ** 2


    def total(x):
        return gnp.sum(x ** 2)


    def weighted(x, y):
        return gnp.sum(x ** 2) * y


    @gradcli.custom_gradient
    def doubled_exp(x):
        e = gnp.exp(x)

        def grad_fn(upstream):
            return upstream * 2 * e

        return e, grad_fn


    def uses_doubled(x):
        return doubled_exp(x)


    @gradcli.custom_gradient
    def stable_log1pexp(x):
        e = gnp.exp(-gnp.abs(x))

        def grad_fn(upstream):
            return upstream * gnp.where(x >= 0, 1 / (1 + e), e / (1 + e))

        return gnp.maximum(x, 0) + gnp.log1p(e), grad_fn


    def uses_stable(x):
        return stable_log1pexp(x)


    NOT_A_FUNCTION = 42
"""


@pytest.fixture
def functions(tmp_path):
    return write(tmp_path / "functions.py", FUNCTIONS)


def assert_bad_input(code, out, err, *needles):
    """Exit 2 with its message on stderr; on stdout nothing, or with --json the one document of the error."""
    assert code == 2, err
    assert "Traceback" not in err
    assert err.startswith("error: ")
    assert out == "" or err.startswith(f"error: {json.loads(out)['error']['message']}\n")
    for needle in needles:
        assert needle in err, (needle, err)


# -- targets ------------------------------------------------------------------------


def test_formula_target(capsys):
    data = run_json(["grad", "x*y + sin(x)", "--at", "x=0.5,y=-2", "--dtype", "float64", "--no-fix"], capsys)
    assert data["target"] == "x*y + sin(x)"
    assert data["variables"] == ["x", "y"]
    (result,) = data["results"]
    assert close(result["value"], 0.5 * -2 + math.sin(0.5))
    assert close(result["gradient"]["x"], -2 + math.cos(0.5))
    assert close(result["gradient"]["y"], 0.5)
    assert result["status"] == "ok"


def test_file_function_target_parameters_are_the_variables(functions, capsys):
    a, b, c = 0.3, 1.7, -0.4
    data = run_json(
        ["grad", f"{functions}:three", "--at", f"alpha={a},beta={b},gamma={c}", "--dtype", "float64"], capsys
    )
    assert data["variables"] == ["alpha", "beta", "gamma"]
    assert data["kind"] == "function"
    (result,) = data["results"]
    assert close(result["value"], math.sin(a) * b + math.exp(c * b))
    expected = {
        "alpha": math.cos(a) * b,
        "beta": math.sin(a) + c * math.exp(c * b),
        "gamma": b * math.exp(c * b),
    }
    for name, want in expected.items():
        assert close(result["gradient"][name], want), name
        assert close(result["exact_gradient"][name], want), name
    assert result["status"] == "ok"


def test_parameters_with_defaults_are_not_variables(functions, capsys):
    data = run_json(["grad", f"{functions}:with_default", "--at", "2", "--dtype", "float64"], capsys)
    assert data["variables"] == ["x"]
    assert close(data["results"][0]["gradient"]["x"], 2 * 3.0 * 2)


def test_a_custom_gradient_is_honoured_and_a_wrong_one_is_caught(functions, capsys):
    data = run_json(["grad", f"{functions}:uses_doubled", "--at", "0.7", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert close(result["value"], math.exp(0.7))
    assert close(result["gradient"]["x"], 2 * math.exp(0.7))  # the custom rule ran, not exp's own
    assert close(result["rule_gradient"]["x"], 2 * math.exp(0.7))
    assert close(result["exact_gradient"]["x"], math.exp(0.7))
    assert result["status"] == "wrong"
    assert any(f["kind"] == "wrong-rule" for f in result["findings"])


def test_a_correct_custom_gradient_is_ok_where_the_naive_one_fails(functions, capsys):
    data = run_json(["grad", f"{functions}:uses_stable", "--at", "100", "--at", "-40", "--no-fix"], capsys)
    assert {r["status"] for r in data["results"]} == {"ok"}
    for result in data["results"]:
        x = result["point"]["x"]
        exact = 1 / (1 + math.exp(-x))
        assert close(result["gradient"]["x"], exact, rel=1e-5), result


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package `gcpkg_inputs` importable from tmp_path; its modules are forgotten afterwards."""
    root = tmp_path / "site"
    (root / "gcpkg_inputs").mkdir(parents=True)
    (root / "gcpkg_inputs" / "__init__.py").write_text("")
    write(
        root / "gcpkg_inputs" / "model.py",
        """
        import gradcli.numpy as gnp

        def loss(w, b):
            return gnp.tanh(w * 2.0 + b)

        THRESHOLD = 0.5
        """,
    )
    (root / "gcpkg_inputs" / "broken.py").write_text("raise RuntimeError('cannot configure the model')\n")
    (root / "gcpkg_inputs" / "typo.py").write_text("def loss(w:\n    return w\n")
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield root
    for name in [m for m in sys.modules if m.startswith("gcpkg_inputs")]:
        del sys.modules[name]


def test_package_module_function_target(package, monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(package))
    w, b = 0.25, -0.1
    data = run_json(["grad", "gcpkg_inputs.model:loss", "--at", f"w={w},b={b}", "--dtype", "float64"], capsys)
    assert data["variables"] == ["w", "b"]
    (result,) = data["results"]
    sech2 = 1 - math.tanh(2 * w + b) ** 2
    assert close(result["gradient"]["w"], 2 * sech2)
    assert close(result["gradient"]["b"], sech2)
    assert result["status"] == "ok"


def test_package_target_is_found_from_the_current_directory(package, monkeypatch, capsys):
    # As under `python -m`: a console script does not put the working directory on sys.path.
    monkeypatch.chdir(package)
    sys.path[:] = [p for p in sys.path if p not in ("", str(package))]
    data = run_json(["grad", "gcpkg_inputs.model:loss", "--at", "w=1,b=0", "--dtype", "float64"], capsys)
    assert data["results"][0]["status"] == "ok"


@pytest.mark.parametrize(
    "target, needles",
    [
        ("gcpkg_inputs.model:nope", ["gcpkg_inputs.model has no function 'nope'\n", "^^^^"]),
        ("gcpkg_inputs.model:los", ["gcpkg_inputs.model has no function 'los' (did you mean 'loss'?)", "^^^"]),
        ("gcpkg_inputs.model:THRESHOLD", ["'THRESHOLD'", "not a function"]),
        ("gcpkg_inputs.missing:loss", ["cannot import gcpkg_inputs.missing"]),
        ("gcpkg_inputs.broken:loss", ["importing gcpkg_inputs.broken failed", "cannot configure the model"]),
        ("gcpkg_inputs.typo:loss", ["not valid Python", "line 1"]),
    ],
)
def test_package_target_errors_exit_2(package, monkeypatch, capsys, target, needles):
    monkeypatch.syspath_prepend(str(package))
    assert_bad_input(*run(["grad", target, "--at", "1"], capsys), *needles)


def test_file_target_errors_exit_2(functions, tmp_path, capsys):
    missing = tmp_path / "absent.py"
    assert_bad_input(*run(["grad", f"{missing}:f", "--at", "1"], capsys), "no such file", "absent.py")
    assert_bad_input(
        *run(["grad", f"{functions}:nope", "--at", "1"], capsys), "has no function 'nope'"
    )
    assert_bad_input(
        *run(["grad", f"{functions}:NOT_A_FUNCTION", "--at", "1"], capsys), "'NOT_A_FUNCTION'", "not a function"
    )
    broken = write(tmp_path / "broken.py", "import gcpkg_no_such_dependency\n\ndef f(x):\n    return x\n")
    assert_bad_input(
        *run(["grad", f"{broken}:f", "--at", "1"], capsys),
        "importing",
        "ModuleNotFoundError",
        "gcpkg_no_such_dependency",
    )
    raising = write(tmp_path / "raising.py", "1 / 0\n")
    assert_bad_input(*run(["grad", f"{raising}:f", "--at", "1"], capsys), "ZeroDivisionError")
    syntax = write(tmp_path / "syntax.py", "def f(x)\n    return x\n")
    assert_bad_input(*run(["grad", f"{syntax}:f", "--at", "1"], capsys), "not valid Python", "line 1")


@pytest.mark.parametrize("numpy_import", ["import numpy as np\n", ""])
def test_a_syntax_error_in_a_helper_module_names_the_helper(tmp_path, monkeypatch, capsys, numpy_import):
    # The message names the file the error is in, not the checked file that imports it (plain NumPy and plain Python).
    write(tmp_path / "gc_inputs_helper.py", numpy_import + "def g(x)\n    return x\n")
    checked = write(tmp_path / "gc_inputs_uses_helper.py", numpy_import + "from gc_inputs_helper import g\n\n"
                    "def f(x):\n    return g(x)\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["grad", f"{checked}:f", "--at", "1"], capsys)
    assert_bad_input(code, out, err, "gc_inputs_helper.py is not valid Python", f"line {1 + bool(numpy_import)}")
    assert "gc_inputs_uses_helper.py is not valid" not in err


def test_file_target_imports_its_sibling_modules(tmp_path, capsys):
    write(tmp_path / "helpers_gc_sibling.py", "import gradcli.numpy as gnp\n\ndef square(v):\n    return v * v\n")
    target = write(
        tmp_path / "model.py", "from helpers_gc_sibling import square\n\ndef f(x):\n    return square(x) + x\n"
    )
    try:
        data = run_json(["grad", f"{target}:f", "--at", "3", "--dtype", "float64"], capsys)
    finally:
        sys.modules.pop("helpers_gc_sibling", None)
    assert close(data["results"][0]["gradient"]["x"], 7.0)
    assert str(tmp_path) not in sys.path  # the folder was importable only while loading


def test_functions_gradcli_cannot_call_exit_2(tmp_path, capsys):
    target = write(
        tmp_path / "odd.py",
        """
        def keyword_only(x, *, k):
            return x * k

        def star_args(*xs):
            return xs[0]

        def nothing(x):
            return None

        def text(x):
            return "a string"
        """,
    )
    assert_bad_input(*run(["grad", f"{target}:keyword_only", "--at", "1"], capsys), "keyword-only", "k")
    assert_bad_input(*run(["grad", f"{target}:star_args", "--at", "1"], capsys), "*args")
    assert_bad_input(*run(["grad", f"{target}:nothing", "--at", "1"], capsys), "returns NoneType", "not a number")
    assert_bad_input(*run(["grad", f"{target}:text", "--at", "1"], capsys), "returns str")


def test_a_target_calling_sys_exit_is_an_error_verdict_not_gradclis_exit_code(tmp_path, capsys):
    target = write(
        tmp_path / "quits.py",
        """
        import sys

        def quits(x):
            sys.exit(5)
        """,
    )
    code, out, err = run(["check", f"{target}:quits", "--at", "1", "--dtype", "float64", "--json"], capsys)
    assert code == 1  # the check failed; gradcli's own exit code is not the target's
    (result,) = json.loads(out)["results"]
    assert result["status"] == "error" and result["error"].startswith("SystemExit: 5 (at ")


def test_bad_formula_exits_2_with_the_bad_part_underlined(capsys):
    code, out, err = run(["grad", "sinn(x)", "--at", "1"], capsys)
    assert_bad_input(code, out, err, "unknown function 'sinn'")
    assert err.splitlines()[1:] == ["  sinn(x)", "  ^^^^"]


# -- points ---------------------------------------------------------------------------


def test_at_a_bare_number_for_one_variable(capsys):
    data = run_json(["grad", "exp(x)", "--at", "100", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["point"] == {"x": 100.0}
    assert close(result["value"], math.exp(100))


def test_at_named_values(capsys):
    data = run_json(["grad", "x**y", "--at", "x=1.5,y=2", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["point"] == {"x": 1.5, "y": 2.0}
    assert close(result["gradient"]["x"], 2 * 1.5)
    assert close(result["gradient"]["y"], 1.5**2 * math.log(1.5))


def test_at_spaces_and_order_do_not_matter(capsys):
    data = run_json(["grad", "x - y", "--at", " y = 2 , x = 7 ", "--dtype", "float64"], capsys)
    assert data["results"][0]["point"] == {"x": 7.0, "y": 2.0}
    assert data["results"][0]["value"] == 5.0


def test_at_a_list(functions, capsys):
    data = run_json(["grad", f"{functions}:total", "--at", "x=[1,2,3]", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["point"] == {"x": [1.0, 2.0, 3.0]}
    assert result["value"] == 14.0
    assert result["gradient"]["x"] == [2.0, 4.0, 6.0]
    assert result["status"] == "ok"


def test_at_a_npy_file(functions, tmp_path, capsys):
    array = np.random.default_rng(11).uniform(-2, 2, size=(2, 3))
    np.save(tmp_path / "arr.npy", array)
    data = run_json(
        ["grad", f"{functions}:total", "--at", f"x=@{tmp_path / 'arr.npy'}", "--dtype", "float64"], capsys
    )
    (result,) = data["results"]
    assert result["point"]["x"] == array.tolist()
    np.testing.assert_allclose(result["gradient"]["x"], 2 * array, rtol=1e-15)
    assert close(result["value"], float(np.sum(array**2)))


def test_at_a_npy_file_with_a_scalar_variable_too(functions, tmp_path, capsys):
    np.save(tmp_path / "ints.npy", np.arange(1, 4))  # integers are read as floats
    data = run_json(
        ["grad", f"{functions}:weighted", "--at", f"x=@{tmp_path / 'ints.npy'},y=0.5", "--dtype", "float64"], capsys
    )
    (result,) = data["results"]
    assert result["gradient"]["x"] == [1.0, 2.0, 3.0]
    assert result["gradient"]["y"] == 14.0


def test_at_is_repeatable_one_result_per_point_and_dtype(capsys):
    data = run_json(["grad", "sin(x)", "--at", "0.1", "--at", "2", "--at", "x=-3", "--no-fix"], capsys)
    seen = [(r["point"]["x"], r["dtype"]) for r in data["results"]]
    assert seen == [(0.1, "float32"), (0.1, "float64"), (2.0, "float32"), (2.0, "float64"), (-3.0, "float32"), (-3.0, "float64")]
    for r in data["results"]:
        x32 = float(np.float32(r["point"]["x"]))
        working = x32 if r["dtype"] == "float32" else r["point"]["x"]
        assert close(r["exact_gradient"]["x"], math.cos(working), rel=1e-14)


def test_nan_and_inf_points_are_bad_input(capsys):
    # A gradient at a non-finite point means nothing: exit 2 with the value underlined.
    code, out, err = run(["grad", "x*y", "--at", "x=nan,y=-inf", "--dtype", "float64"], capsys)
    assert_bad_input(code, out, err, "'nan' is not finite", "x=nan,y=-inf\n    ^^^")


def test_random_draws_are_reproducible_by_seed(functions, capsys):
    def draw(seed):
        data = run_json(
            ["grad", f"{functions}:total", "--random", "x=(300,)", "--seed", seed, "--dtype", "float64"], capsys
        )
        (result,) = data["results"]
        return np.array(result["point"]["x"]), result

    first, result = draw(3)
    again, _ = draw(3)
    other, _ = draw(4)
    assert first.shape == (300,)
    assert np.array_equal(first, again)
    assert not np.allclose(first, other)
    assert abs(first.mean()) < 0.2 and 0.8 < first.std() < 1.2  # standard normal draws
    np.testing.assert_allclose(result["gradient"]["x"], 2 * first, rtol=1e-15)
    assert close(result["value"], float(np.sum(first**2)), rel=1e-12)


def test_random_shapes_and_repeats(functions, capsys):
    data = run_json(
        ["grad", f"{functions}:total", "--random", "x=(3,2)", "--random", "x=(3,2)", "--dtype", "float64"], capsys
    )
    first, second = (np.array(r["point"]["x"]) for r in data["results"])
    assert first.shape == second.shape == (3, 2)
    assert not np.array_equal(first, second)  # each --random is a fresh draw


def test_random_with_at_for_the_other_variables(functions, capsys):
    data = run_json(
        ["grad", f"{functions}:weighted", "--random", "x=(4,)", "--at", "y=2", "--at", "y=3", "--dtype", "float64"],
        capsys,
    )
    assert [r["point"]["y"] for r in data["results"]] == [2.0, 3.0]
    for r in data["results"]:
        x = np.array(r["point"]["x"])
        np.testing.assert_allclose(r["gradient"]["x"], 2 * x * r["point"]["y"], rtol=1e-15)
        assert close(r["gradient"]["y"], float(np.sum(x**2)))


TWO = "x*y"


@pytest.mark.parametrize(
    "target, options, needles",
    [
        (TWO, ["--at", "x=1"], ["no value for y"]),
        (TWO, ["--at", "x=1,y=2,z=3"], ["'z' is not a variable", "x, y"]),
        (TWO, ["--at", "x=1,x=2,y=1"], ["'x' is given twice"]),
        (TWO, ["--at", "100"], ["2 variables", "x, y"]),
        (TWO, ["--at", "x=abc,y=1"], ["'abc' is not a number", "^^^"]),
        (TWO, ["--at", "x=,y=1"], ["is not a number"]),
        (TWO, ["--at", "x=1,=2"], ["expected name=value"]),
        (TWO, [], ["give a point with --at"]),
        ("exp(x)", ["--at", ""], ["--at needs a value"]),
        ("exp(x)", ["--at", "x=[1,2"], ["'[1,2' is not a list of numbers"]),
        ("exp(x)", ["--at", "x=[1,\"a\"]"], ["is not a list of numbers"]),
        ("exp(x)", ["--at", "x=[[1,2],[3]]"], ["is not a list of numbers"]),
        ("exp(x)", ["--at", "x=[]"], ["empty array"]),
        ("exp(x)", ["--at", "x=@"], ["needs a file name"]),
        ("exp(x)", ["--random", "y=(3,)"], ["--random y=(3,)", "(x)"]),
        ("exp(x)", ["--random", "x=(a,)"], ["is not a shape"]),
        ("exp(x)", ["--random", "x=(0,)"], ["no elements"]),
        ("exp(x)", ["--random", "x=(100000,100000)"], ["10,000,000,000 elements"]),
        ("exp(x)", ["--random", "x=(3,)", "--at", "2"], ["already comes from --random"]),
        ("exp(x)", ["--at", "1", "--dtype", "float7"], ["float7"]),
        ("exp(x)", ["--at", "1", "--wrt", "y"], ["--wrt y", "not a variable"]),
    ],
)
def test_bad_points_exit_2_and_write_nothing(target, options, needles, tmp_path, capsys):
    junit = tmp_path / "report.xml"
    code, out, err = run(["check", target, *options, "--json", "--junit", junit], capsys)
    assert_bad_input(code, out, err, *needles)
    assert not junit.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind either


def test_bad_npy_files_exit_2_and_write_nothing(tmp_path, capsys):
    junit = tmp_path / "out" / "report.xml"
    junit.parent.mkdir()
    (tmp_path / "text.npy").write_text("these are not numbers\n")
    np.save(tmp_path / "words.npy", np.array(["a", "b"]))
    np.savez(tmp_path / "archive.npz", a=np.ones(3))
    (tmp_path / "folder.npy").mkdir()
    cases = {
        "absent.npy": ["cannot read the array file", "absent.npy", "No such file"],
        "text.npy": ["cannot read the array file", "not a NumPy .npy array file"],
        "words.npy": ["words.npy holds <U1 values, not numbers"],
        "archive.npz": ["archive.npz is an .npz archive"],
        "folder.npy": ["cannot read the array file", "folder.npy"],
    }
    for name, needles in cases.items():
        argv = ["check", "exp(x)", "--at", f"x=@{tmp_path / name}", "--junit", junit, "--json"]
        assert_bad_input(*run(argv, capsys), *needles)
    assert list(junit.parent.iterdir()) == []


def test_a_bad_second_point_or_second_target_writes_nothing(tmp_path, capsys):
    junit = tmp_path / "report.xml"
    argv = ["check", "exp(x)", "--at", "1", "--at", "x=oops", "--junit", junit]
    assert_bad_input(*run(argv, capsys), "'oops'")
    argv = ["check", "exp(x)", "sinn(x)", "--at", "1", "--junit", junit, "--json"]
    assert_bad_input(*run(argv, capsys), "sinn")
    assert not junit.exists()


# -- dtypes ---------------------------------------------------------------------------


def test_default_dtypes_are_float32_and_float64(capsys):
    data = run_json(["grad", "sin(x)", "--at", "1"], capsys)
    assert [r["dtype"] for r in data["results"]] == ["float32", "float64"]
    value32 = data["results"][0]["value"]
    assert value32 == float(np.sin(np.float32(1.0)))  # computed in float32, as float32 code would
    assert data["results"][1]["value"] == math.sin(1.0)


def test_float16(capsys):
    data = run_json(["grad", "sin(x)*x", "--at", "0.3", "--dtype", "float16"], capsys)
    (result,) = data["results"]
    assert result["dtype"] == "float16"
    x = np.float16(0.3)
    assert result["value"] == float(np.sin(x) * x)
    exact = math.cos(float(x)) * float(x) + math.sin(float(x))
    assert close(result["exact_gradient"]["x"], exact, rel=1e-14)
    assert close(result["gradient"]["x"], exact, rel=1e-2)
    assert result["status"] == "ok"


def test_dtype_names_are_canonical_and_listed_once(capsys):
    data = run_json(["grad", "sin(x)", "--at", "1", "--dtype", "f8,float64,float32"], capsys)
    assert [r["dtype"] for r in data["results"]] == ["float64", "float32"]


def test_bfloat16_whichever_way_ml_dtypes_is(capsys):
    code, out, err = run(["grad", "sin(x)", "--at", "0.5", "--dtype", "bfloat16", "--json"], capsys)
    if importlib.util.find_spec("ml_dtypes") is not None:
        assert code == 0, err
        (result,) = json.loads(out)["results"]
        assert result["dtype"] == "bfloat16"
        assert close(result["gradient"]["x"], math.cos(0.5), rel=5e-2)
    else:
        assert_bad_input(code, out, err, "ml_dtypes", "pip install ml_dtypes")


def test_bfloat16_without_ml_dtypes_exits_2(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # `import ml_dtypes` now raises ImportError
    junit = tmp_path / "r.xml"
    code, out, err = run(["check", "sin(x)", "--at", "0.5", "--dtype", "float32,bfloat16", "--junit", junit], capsys)
    assert_bad_input(code, out, err, "bfloat16 needs the ml_dtypes package", "pip install ml_dtypes")
    assert not junit.exists()


@pytest.mark.parametrize("dtype", ["float7", "int32", "complex128", "float128", "", ","])
def test_unknown_dtypes_exit_2(dtype, capsys):
    code, out, err = run(["grad", "sin(x)", "--at", "1", "--dtype", dtype], capsys)
    assert_bad_input(code, out, err, "dtype")


# -- what to differentiate, tolerances, printing --------------------------------------


def test_wrt_checks_and_reports_only_those(capsys):
    data = run_json(["grad", "x*y + sin(x)", "--at", "x=1,y=2", "--wrt", "y", "--dtype", "float64"], capsys)
    assert data["variables"] == ["x", "y"]  # still the target's variables
    assert list(data["derivative"]) == ["y"]
    (result,) = data["results"]
    for key in ("gradient", "exact_gradient", "fd_gradient", "rule_gradient"):
        assert list(result[key]) == ["y"], key
    assert result["gradient"]["y"] == 1.0


def test_wrt_with_a_wrong_rule_only_blames_the_chosen_variable(tmp_path, capsys):
    target = write(
        tmp_path / "half.py",
        """
        import gradcli
        import gradcli.numpy as gnp

        @gradcli.custom_gradient
        def product(x, y):
            def grad_fn(g):
                return g * y, g * x * 3  # right for x, wrong for y
            return x * y, grad_fn

        def f(x, y):
            return product(x, y)
        """,
    )
    only_x = run_json(["grad", f"{target}:f", "--at", "x=2,y=5", "--wrt", "x", "--dtype", "float64"], capsys)
    assert only_x["results"][0]["status"] == "ok"
    both = run_json(["grad", f"{target}:f", "--at", "x=2,y=5", "--dtype", "float64"], capsys)
    assert both["results"][0]["status"] == "wrong"
    assert both["results"][0]["gradient"] == {"x": 5.0, "y": 6.0}


def test_wrt_an_unknown_name_exits_2(capsys):
    assert_bad_input(*run(["grad", "x*y", "--at", "x=1,y=2", "--wrt", "x,q"], capsys), "--wrt q", "x, y")


def test_order_2_checks_the_hessian(capsys):
    import sympy

    x, y = sympy.symbols("x y")
    f = x**3 * y + sympy.sin(x * y)
    at = {x: sympy.Rational(3, 2), y: 2}
    exact = [[sympy.N(sympy.diff(f, a, b).subs(at), 30) for b in (x, y)] for a in (x, y)]
    data = run_json(["grad", "x**3*y + sin(x*y)", "--at", "x=1.5,y=2", "--order", "2", "--no-fix"], capsys)
    for result in data["results"]:
        assert result["status"] == "ok"
        rel = 1e-5 if result["dtype"] == "float32" else 1e-13
        for i in range(2):
            for j in range(2):
                want = float(exact[i][j])
                assert close(result["hessian"][i][j], want, rel=rel), (result["dtype"], i, j)
                assert close(result["exact_hessian"][i][j], want, rel=1e-14), (i, j)


def test_order_2_with_wrt_is_that_block_of_the_hessian(capsys):
    data = run_json(["grad", "x**3*y", "--at", "x=1.5,y=2", "--order", "2", "--wrt", "x", "--dtype", "float64"], capsys)
    assert data["results"][0]["hessian"] == [[6 * 1.5 * 2]]


def test_order_2_catches_a_wrong_second_order_custom_gradient(tmp_path, capsys):
    target = write(
        tmp_path / "second.py",
        """
        import gradcli
        import gradcli.numpy as gnp

        @gradcli.custom_gradient
        def frozen_exp(x):
            e = gnp.exp(x)
            def grad_fn(g):
                return g * gradcli.stop_gradient(e)  # right slope, but its own derivative is 0
            return e, grad_fn

        @gradcli.custom_gradient
        def good_exp(x):
            e = gnp.exp(x)
            def grad_fn(g):
                return g * e
            return e, grad_fn

        def frozen(x):
            return frozen_exp(x)

        def good(x):
            return good_exp(x)
        """,
    )
    first_only = run_json(["grad", f"{target}:frozen", "--at", "0.5", "--dtype", "float64"], capsys)
    assert first_only["results"][0]["status"] == "ok"  # the first derivative is right
    data = run_json(["grad", f"{target}:frozen", "--at", "0.5", "--dtype", "float64", "--order", "2"], capsys)
    (result,) = data["results"]
    assert result["status"] == "wrong"
    assert result["hessian"] == [[0.0]]
    assert close(result["exact_hessian"][0][0], math.exp(0.5), rel=1e-14)
    assert any(f["kind"] == "wrong-rule" and f["op"] == "second derivative" for f in result["findings"])
    good = run_json(["grad", f"{target}:good", "--at", "0.5", "--dtype", "float64", "--order", "2"], capsys)
    assert good["results"][0]["status"] == "ok"
    assert close(good["results"][0]["hessian"][0][0], math.exp(0.5))


def test_order_2_where_the_second_derivative_jumps_is_domain_not_wrong(capsys):
    # d/dx (max(x, 0)**2 + x) = 2 max(x, 0) + 1 is continuous; its derivative jumps from 0 to 2 at 0.
    data = run_json(["grad", "maximum(x,0)**2 + x", "--at", "0", "--at", "0.5", "--order", "2", "--dtype", "float64"], capsys)
    at_zero, at_half = data["results"]
    assert at_zero["status"] == "domain"
    assert [f["kind"] for f in at_zero["findings"] if f["op"] == "second derivative"] == ["kink"]
    assert at_zero["exact_hessian"] is None
    assert at_half["status"] == "ok" and at_half["hessian"] == [[2.0]]


def test_order_2_of_a_gradient_that_cannot_be_differentiated_is_an_error_verdict(tmp_path, capsys):
    target = write(
        tmp_path / "plain_numpy_rule.py",
        """
        import numpy as np
        import gradcli
        import gradcli.numpy as gnp

        @gradcli.custom_gradient
        def my_exp(x):
            def grad_fn(g):
                return g * np.exp(x)  # plain NumPy: fine once, not differentiable again
            return gnp.exp(x), grad_fn

        def f(x):
            return my_exp(x)
        """,
    )
    code, out, err = run(["grad", f"{target}:f", "--at", "0.5", "--dtype", "float64", "--order", "2", "--json"], capsys)
    assert code == 1, err  # an error result exits 1, from grad too
    (result,) = json.loads(out)["results"]
    assert result["status"] == "error"
    assert "TracedValueError" in result["error"] and "second derivatives" in result["error"]
    assert close(result["gradient"]["x"], math.exp(0.5))


def test_order_2_needs_scalar_variables_and_order_3_is_not_offered(functions, capsys):
    assert_bad_input(
        *run(["grad", f"{functions}:total", "--at", "x=[1,2]", "--order", "2"], capsys), "scalar variables"
    )
    code, out, err = run(["grad", "x**3", "--at", "1", "--order", "3"], capsys)
    assert code == 2 and "Traceback" not in err and out == ""


def test_rtol_decides_unstable(capsys):
    # (1 + x) - 1 in float32 at x = 1e-4 loses about 1.7e-4 relative: unstable at the default 1e-4.
    x = np.float32(1e-4)
    lost = abs(float((np.float32(1) + x) - np.float32(1)) - float(x)) / float(x)
    assert 1e-4 < lost < 1e-3

    def status(*options):
        data = run_json(["grad", "(1+x)-1", "--at", "1e-4", "--dtype", "float32", "--no-fix", *options], capsys)
        (result,) = data["results"]
        assert close(result["value_error"], lost, rel=1e-9)
        return result["status"]

    assert status() == "unstable"
    assert status("--rtol", "1e-3") == "ok"
    assert status("--rtol", f"{lost * 0.99}") == "unstable"
    assert status("--rtol", f"{lost * 1.01}") == "ok"


def test_rtol_must_be_positive(capsys):
    code, out, err = run(["grad", "x", "--at", "1", "--rtol", "0"], capsys)
    assert code == 2 and "Traceback" not in err


def test_digits_sets_the_printed_precision(capsys):
    x = 1.2345678901
    code, out, err = run(["grad", "exp(x)", "--at", x, "--dtype", "float64", "--digits", "3"], capsys)
    assert code == 0, err
    assert f"{math.exp(x):.3g}" in out and f"{math.exp(x):.7g}" not in out
    code, out, err = run(["grad", "exp(x)", "--at", x, "--dtype", "float64", "--digits", "12"], capsys)
    assert f"{math.exp(x):.12g}" in out
    code, out, err = run(["grad", "exp(x)", "--at", x, "--digits", "30"], capsys)
    assert code == 2 and "Traceback" not in err


def test_var_makes_a_constant_name_a_variable(capsys):
    plain = run_json(["grad", "e*x", "--at", "2", "--dtype", "float64"], capsys)
    assert plain["variables"] == ["x"]
    assert close(plain["results"][0]["gradient"]["x"], math.e)
    as_variable = run_json(["grad", "e*x", "--var", "e", "--at", "e=3,x=2", "--dtype", "float64"], capsys)
    assert sorted(as_variable["variables"]) == ["e", "x"]
    assert as_variable["results"][0]["gradient"] == {"e": 2.0, "x": 3.0}
    assert as_variable["results"][0]["value"] == 6.0


# -- user code that exits or raises anything; a negative seed --------------------------------------


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


@pytest.fixture
def user_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "exits.py").write_text("import sys\nsys.exit(4)\n")
    (tmp_path / "closes.py").write_text("raise GeneratorExit('at import')\n")
    (tmp_path / "raising.py").write_text(textwrap.dedent("""
        def base(x):
            raise BaseException("boom")

        def generator_exit(x):
            raise GeneratorExit("closed")

        def exits(x):
            import sys
            sys.exit(5)

        def interrupted(x):
            raise KeyboardInterrupt
    """))
    return tmp_path


@pytest.mark.parametrize(
    "target, says",
    [("exits.py:f", "exits.py exited with status 4 while being imported at exits.py:2 (sys.exit(4))"),
     ("closes.py:f", "importing closes.py failed at closes.py:1 (raise GeneratorExit('at import')): GeneratorExit: at "
                     "import")],
)
def test_a_module_that_exits_or_raises_anything_while_imported_is_bad_input(user_code, target, says):
    outcome = cli("grad", target, "--at", "1")
    assert outcome.code == 2 and says in outcome.stderr


@pytest.mark.parametrize(
    "name, error",
    [("base", "BaseException: boom"), ("generator_exit", "GeneratorExit: closed"), ("exits", "SystemExit: 5")],
)
def test_a_target_raising_anything_is_status_error_naming_it(user_code, name, error):
    outcome = cli("grad", f"raising.py:{name}", "--at", "1", "--json")
    results = json.loads(outcome.stdout)["results"]
    assert [r["status"] for r in results] == ["error", "error"]
    assert all(r["error"].startswith(f"{error} (at ") and "raising.py:" in r["error"] for r in results)


def test_keyboard_interrupt_still_stops_with_130(user_code):
    assert run_cli(["grad", "raising.py:interrupted", "--at", "1"]).code == 130


def test_a_negative_seed_is_bad_usage():
    outcome = cli("grad", "x", "--at", "1", "--seed", "-1")
    assert outcome.code == 2 and "'--seed'" in outcome.stderr


def test_a_failed_import_names_its_line(tmp_path, monkeypatch):
    """A module importing a missing package (or a helper of the user's that raises) names the line that raised:
    the innermost of the user's files, in the message and as the JSON error's file and line."""
    (tmp_path / "helper.py").write_text("import math\n\nSCALE = math.sqrt(-1)\n")
    (tmp_path / "model.py").write_text("import numpy as np\nimport not_a_package_anywhere\n\n\ndef f(x):\n    return x\n")
    (tmp_path / "uses.py").write_text("import numpy as np\nfrom helper import SCALE\n\n\ndef f(x):\n    return x\n")
    monkeypatch.chdir(tmp_path)
    outcome = cli("grad", "model.py:f", "--at", "1")
    assert outcome.code == 2 and "Traceback" not in outcome.stderr
    assert ("importing model.py failed at model.py:2 (import not_a_package_anywhere): ModuleNotFoundError"
            in outcome.stderr), outcome.stderr
    outcome = cli("grad", "uses.py:f", "--at", "1", "--json")
    error = json.loads(outcome.stdout)["error"]
    assert "failed at helper.py:3 (SCALE = math.sqrt(-1)): ValueError: math domain error" in error["message"], error
    assert (error["file"], error["line"]) == ("helper.py", 3)
