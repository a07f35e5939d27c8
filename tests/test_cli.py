"""The command line: help, version, the op catalogue and its columns, exit codes and lazy imports.

Also: counts of thousands of digits are refused, and a reader that closes the pipe early
leaves gradcli quiet with exit 0.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner
from fuzz.targets import check_promises, run_cli

import gradcli.numpy as gnp
from gradcli.autodiff import catalog, ops_array, ops_linalg
from gradcli.autodiff import mp as gmp
from gradcli.autodiff.tracer import primitive_of
from gradcli.autodiff.values import raw
from gradcli.cli import cli, main
from gradcli.errors import InputError


def run(*args):
    return CliRunner().invoke(cli, list(args))


def exit_code_of(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    return stop.value.code, capsys.readouterr()


def test_version_matches_package():
    import gradcli

    result = run("--version")
    assert result.exit_code == 0
    assert gradcli.__version__ in result.output


def test_every_command_has_help():
    for name, command in cli.commands.items():
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert command.help and command.help.strip(), f"{name} has no docstring"


def test_ops_table_lists_the_catalogue():
    result = run("ops")
    assert result.exit_code == 0
    for name in ("logaddexp", "linalg.cholesky", "einsum", "floor", "softplus", "erf"):
        assert name in result.output
    assert "differentiable" in result.output


def test_ops_json_is_the_catalogue():
    result = run("ops", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "gradcli.ops/1"
    rows = {row["name"]: row for row in data["ops"]}
    assert rows["exp"]["differentiable"] == "yes" and rows["exp"]["vjp"] == "rule"
    assert rows["exp"]["jvp"] == "rule" and rows["exp"]["mpmath"] is True
    assert rows["floor"]["differentiable"] == "no"
    assert rows["zeros"]["differentiable"] == "constant"
    assert rows["var"]["vjp"] == "derived"
    assert rows["hypot"]["arity"] == "2"
    assert rows["linalg.inv"]["mpmath"] is True


def test_ops_kind_filter():
    data = json.loads(run("ops", "--json", "--kind", "reduction").stdout)
    names = {row["name"] for row in data["ops"]}
    assert {"sum", "mean", "prod", "max", "min", "cumsum", "logsumexp"} <= names
    assert all(row["kind"] == "reduction" for row in data["ops"])


def test_unknown_command_exits_2(capsys):
    code, out = exit_code_of(["no-such-command"], capsys)
    assert code == 2
    assert "No such command" in out.err


def test_bad_option_value_exits_2(capsys):
    code, out = exit_code_of(["ops", "--kind", "nope"], capsys)
    assert code == 2
    assert "Traceback" not in out.err


def test_input_error_exits_2_with_underline(monkeypatch, capsys):
    def bad_input(**_):
        raise InputError("unknown function 'sinn'", text="sinn(x) + 1", span=(0, 4))

    monkeypatch.setattr(cli.commands["ops"], "callback", bad_input)
    code, out = exit_code_of(["ops"], capsys)
    assert code == 2
    assert out.err.splitlines() == ["error: unknown function 'sinn'", "  sinn(x) + 1", "  ^^^^"]


def test_internal_error_exits_3_without_traceback(monkeypatch, capsys):
    def broken(**_):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli.commands["ops"], "callback", broken)
    code, out = exit_code_of(["ops"], capsys)
    assert code == 3
    assert "internal error: RuntimeError: boom" in out.err
    assert "Traceback" not in out.err
    code, out = exit_code_of(["--debug", "ops"], capsys)
    assert code == 3
    assert "Traceback" in out.err


def test_python_dash_m_runs_the_cli():
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert "gradcli, version" in done.stdout


@pytest.mark.parametrize("entry", ["cli.main", "console script"])
@pytest.mark.parametrize("argv", [["--help"], ["sweep", "--help"]])
def test_help_imports_no_heavy_library(argv, entry):
    """Neither the command line nor the console script's wrapper around it (`gradcli.__main__.run`, which ends a run
    whose framework call was left running) imports a heavy library for --help, up to the process's exit."""
    call = f"main({argv!r})" if entry == "cli.main" else f"sys.argv = ['gradcli', *{argv!r}]; run()"
    probe = (
        "import sys\n"
        "from gradcli.cli import main\n"
        "from gradcli.__main__ import run\n"
        "try:\n"
        f"    {call}\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('numpy', 'sympy', 'mpmath', 'matplotlib', 'rich', 'jax', 'torch', 'tensorflow') if m in sys.modules]\n"
        "print('heavy=' + ','.join(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "heavy="


def test_import_gradcli_is_lazy():
    probe = "import sys, gradcli; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False"


# -- counts of thousands of digits: int() refuses them ---------------------------------------------


def run_keeping_promises(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


EXAMPLE_SPEC = Path(__file__).resolve().parents[1] / "examples" / "audit" / "gradcli.toml"


@pytest.mark.parametrize(
    "argv",
    [
        ["sweep", "x", "--range", "x=0:1:" + "9" * 5_000],
        ["grad", "x", "--random", f"x=(2, {'9' * 5_000})"],
        ["audit", "--shard", "1/" + "9" * 5_000, str(EXAMPLE_SPEC)],
    ],
    ids=["sweep --range N", "grad --random shape", "audit --shard"],
)
def test_a_count_of_thousands_of_digits_is_refused(argv):
    outcome = run_keeping_promises(*argv)
    assert outcome.code == 2 and "a number of 5,000 digits is far too big" in outcome.stderr


def test_a_count_of_a_hundred_digits_is_still_read_as_a_number():
    outcome = run_keeping_promises("sweep", "x", "--range", "x=0:1:" + "9" * 100)
    assert outcome.code == 2 and "N is 2 to 10,000,000, not 9,999,999,999," in outcome.stderr


# -- the op catalogue: arity, indexing, the scipy and mpmath columns -------------------------------


def rows():
    return {row.name: row for row in catalog.catalogue(include_scipy=True)}


def test_special_functions_have_their_real_arity():
    table = rows()
    arity = {"erf": 1, "erfc": 1, "gammaln": 1, "digamma": 1, "polygamma": 2, "xlogy": 2, "xlog1py": 2}
    assert {name: table[name].arity for name in arity} == {k: str(v) for k, v in arity.items()}


def test_indexing_is_in_the_catalogue():
    table = rows()
    assert table["getitem"].kind == table["untake"].kind == "indexing"
    assert table["getitem"].vjp == table["untake"].vjp == "rule"
    result = CliRunner().invoke(cli, ["ops", "--json", "--kind", "indexing"])
    assert {row["name"] for row in json.loads(result.stdout)["ops"]} == {"getitem", "untake"}


_WITHOUT_SCIPY = textwrap.dedent(
    """
    import json, sys
    sys.modules["scipy"] = None  # import scipy now fails, as when it is not installed
    import gradcli, gradcli.numpy as gnp
    from gradcli.autodiff.catalog import catalogue

    def fails(call):
        try:
            call()
        except ImportError:
            return True
        return False

    points = {"polygamma": (1, 2.5), "xlogy": (0.5, 2.0), "xlog1py": (0.5, 2.0)}
    out = {}
    for row in catalogue():
        if row.name in ("erf", "erfc", "gammaln", "digamma", "polygamma", "xlogy", "xlog1py"):
            op, args = getattr(gnp, row.name), points.get(row.name, (0.5,))
            out[row.name] = {
                "note": row.note,
                "value_fails": fails(lambda: op(*args)),
                "gradient_fails": fails(lambda: gradcli.grad(op, argnums=len(args) - 1)(*args)),
                "value": None if fails(lambda: op(*args)) else float(op(*args)),
            }
    print(json.dumps(out))
    """
)


def test_needs_scipy_notes_match_what_fails_without_scipy():
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_SCIPY], capture_output=True, text=True, check=True,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    found = json.loads(done.stdout)
    assert found["gammaln"]["note"] == "gradient needs scipy"  # its derivative, digamma, needs scipy
    for name, seen in found.items():
        if seen["value_fails"]:
            assert seen["note"] == "needs scipy", name
        elif seen["gradient_fails"]:
            assert seen["note"] == "gradient needs scipy", name
        else:
            assert seen["note"] == "", name
    scipy_special = pytest.importorskip("scipy.special")
    for name, seen in found.items():  # and the fallbacks compute the same values
        if seen["value"] is not None:
            args = {"xlogy": (0.5, 2.0), "xlog1py": (0.5, 2.0)}.get(name, (0.5,))
            assert seen["value"] == pytest.approx(getattr(scipy_special, name)(*args), rel=1e-15), name


def test_mpmath_column_is_what_runs_on_mpmath_numbers():
    # Every op runs on its sample at 30 digits; the column must say whether that works
    # (for primitives it is read off the registered mpmath rules, so this cross-checks them),
    # and where it works, the answer must be float64's to float64's precision.
    with mpmath.workdps(30), np.errstate(all="ignore"):  # arccosh(0.5) is nan in both
        for row in rows().values():
            op = catalog.probed(row.name, _op(row.name))
            sample = catalog.mp_sample(row.name, row.kind, row.arity)
            assert catalog.runs_on_mpmath(op, sample) == row.mpmath, row.name
            if row.mpmath and row.differentiable != "constant":
                floats = catalog.mp_sample(row.name, row.kind, row.arity, num=_float64)
                if row.name in WRITES_IN_PLACE:
                    op(*sample), op(*floats)
                    _assert_same(sample[0], floats[0], row.name)
                else:
                    _assert_same(op(*sample), op(*floats), row.name)


# NumPy's statements among the ops: each writes into its first argument and returns None.
WRITES_IN_PLACE = {"fill_diagonal"}


def test_mpmath_probe_notices_a_float_fallback():
    assert not catalog.runs_on_mpmath(lambda x: np.asarray(x, dtype=np.float64), (mpmath.mpf(1),))
    assert not catalog.runs_on_mpmath(lambda x: 1 / 0, (mpmath.mpf(1),))
    assert catalog.runs_on_mpmath(lambda x: x * 2, (mpmath.mpf(1),))


def test_composites_are_not_marked_mpmath_by_fiat():
    gmp.enable()
    svdvals = primitive_of(ops_linalg.svdvals)  # what the nuclear norm runs on
    m = catalog.mp_sample("linalg.norm", "composite", "1")[0]
    assert catalog.runs_on_mpmath(lambda a: gnp.linalg.norm(a, "nuc"), (m,)) == (svdvals.mp is not None)


def _op(name):
    if name in ("getitem", "untake"):
        return getattr(ops_array, name)
    target = gnp
    if name.startswith("scipy."):  # gradcli.scipy's functions, listed under SciPy's dotted names
        from gradcli.autodiff import scipy_namespace

        space, _, name = name[len("scipy."):].rpartition(".")
        return getattr(scipy_namespace.modules()[space], name)
    for part in name.split("."):
        target = getattr(target, part)
    return target


def _float64(value):
    return np.asarray(value, dtype=np.float64) if isinstance(value, list) else np.float64(value)


def _assert_same(mp_out, float_out, name):
    if isinstance(mp_out, (list, tuple)):
        for a, b in zip(mp_out, float_out):
            _assert_same(a, b, name)
        return
    expected = np.asarray(float_out)
    got = np.asarray(raw(mp_out))  # a step's answer (ceil) on a bare exact number is boxed once balls are on
    if expected.dtype == bool:
        np.testing.assert_array_equal(got.astype(bool), expected, err_msg=name)
    else:
        as_float = np.complex128 if expected.dtype.kind == "c" else np.float64  # a transform's spectrum is complex
        np.testing.assert_allclose(got.astype(as_float), expected, rtol=1e-14, atol=1e-15, err_msg=name)


# -- a reader that stops early ---------------------------------------------------------------------


@pytest.mark.parametrize("args", [["ops"], ["ops", "--json"]], ids=" ".join)
def test_closed_pipe_exits_quietly_with_zero(args):
    # The reader closes before gradcli writes anything (`gradcli ops | head -0`), so every
    # write fails with EPIPE; exit 1 would mean "a check failed".
    process = subprocess.Popen(
        [sys.executable, "-m", "gradcli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 0
    assert stderr == b""
