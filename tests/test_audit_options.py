"""Every check option has its three doors: a CLI flag (audit and check), a spec key and a decorator keyword.

The options are read from the `CheckOptions` dataclass itself, so a new field
without its flag, key and keyword fails here; each door is also shown to
reach the options object, through `build_options`, the one place they merge.
"""

import dataclasses
import inspect
import json

import pytest
from click.testing import CliRunner

import gradcli
from gradcli.audit import run as audit_run
from gradcli.audit.decorator import ATTRIBUTE, discover
from gradcli.audit.results import AuditReport
from gradcli.audit.spec import load_spec
from gradcli.checker.options import CheckOptions, build_options
from gradcli.checker.verdict import Verdict
from gradcli.cli import OPTION_FLAGS, cli
from gradcli.errors import InputError

# field: (CLI words, the value in a spec or a keyword, the value CheckOptions holds), none of them the default.
SAMPLES = {
    "dtypes": (["--dtype", "float32"], ["float32"], ("float32",)),
    "wrt": (["--wrt", "x"], ["x"], ("x",)),
    "order": (["--order", "2"], 2, 2),
    "rtol": (["--rtol", "0.001"], 0.001, 0.001),
    "atol": (["--atol", "1e-9"], 1e-9, 1e-9),
    "full": (["--full"], True, True),
    "seed": (["--seed", "7"], 7, 7),
    "fail_on": (["--fail-on", "wrong"], ["wrong"], (Verdict.WRONG,)),
    "fixes": (["--no-fix"], False, False),
    "treat_as_variables": (["--var", "e"], ["e"], ("e",)),
    "max_time": (["--max-time", "5"], 5.0, 5.0),
    "max_digits": (["--max-digits", "500"], 500, 500),
    "framework": (["--framework", "numpy"], "numpy", "numpy"),
}
FIELDS = [f.name for f in dataclasses.fields(CheckOptions)]


def test_every_option_has_a_sample_here():
    assert sorted(SAMPLES) == sorted(FIELDS)
    for name, (_, _, held) in SAMPLES.items():
        assert held != getattr(CheckOptions(), name), f"{name}: pick a value other than the default"


@pytest.mark.parametrize("command", ["audit", "check"])
def test_every_option_has_its_flag(command):
    assert sorted(OPTION_FLAGS) == sorted(FIELDS)
    flags = {opt for param in cli.commands[command].params for opt in param.opts}
    assert [OPTION_FLAGS[name][0] for name in FIELDS if OPTION_FLAGS[name][0] not in flags] == []


@pytest.mark.parametrize("name", FIELDS)
def test_every_option_has_its_decorator_keyword(name):
    value = SAMPLES[name][1]

    @gradcli.audit(at=["x=1"], **{name: value})
    def f(x):
        return x

    assert getattr(f, ATTRIBUTE)[name] == value


def spec_with(key_values):
    lines = "".join(f"{key} = {json.dumps(value)}\n" for key, value in key_values.items())
    return f'[[case]]\nname = "c"\ntarget = "exp(x)"\nat = ["x=1"]\n{lines}'


def test_every_spec_key_reaches_the_options(tmp_path):
    (tmp_path / "gradcli.toml").write_text(spec_with({name: value for name, (_, value, _) in SAMPLES.items()}))
    (case,) = load_spec(str(tmp_path / "gradcli.toml"))
    assert {name: getattr(case.options, name) for name in FIELDS} == {name: held for name, (_, _, held) in SAMPLES.items()}


def test_every_keyword_reaches_the_options(tmp_path):
    keywords = ", ".join(f"{name}={value!r}" for name, (_, value, _) in SAMPLES.items())
    (tmp_path / "marked.py").write_text(f"import gradcli\n\n@gradcli.audit(at=['x=1'], {keywords})\ndef f(x):\n    return x\n")
    (case,) = discover([str(tmp_path / "marked.py")])
    assert case.name == "marked:f" and case.folder == str(tmp_path)
    assert {name: getattr(case.options, name) for name in FIELDS} == {name: held for name, (_, _, held) in SAMPLES.items()}


def test_every_flag_reaches_the_options_over_the_spec(tmp_path, monkeypatch):
    seen = []

    def fake_run(cases, *args):
        seen.extend(cases)
        return AuditReport()

    monkeypatch.setattr(audit_run, "run_audit", fake_run)
    (tmp_path / "gradcli.toml").write_text(spec_with({}) + '[[case]]\nname = "own"\ntarget = "exp(x)"\nat = ["x=1"]\nseed = 3\n')
    words = [word for cli_words, _, _ in SAMPLES.values() for word in cli_words]
    result = CliRunner().invoke(cli, ["audit", str(tmp_path / "gradcli.toml"), *words, "--timeout", "4"])
    assert result.exit_code == 0, result.output
    plain, own = seen
    assert {name: getattr(plain.options, name) for name in FIELDS} == {name: held for name, (_, _, held) in SAMPLES.items()}
    assert plain.timeout == 4.0
    assert own.options.seed == 7  # the flag typed wins over the case's own setting, as in pytest


def test_build_options_is_the_one_merge():
    options = build_options({"rtol": 1e-3, "dtypes": ["float64"]}, {"rtol": None, "seed": 2}, {"rtol": 1e-4})
    assert (options.rtol, options.dtypes, options.seed) == (1e-4, ("float64",), 2)
    with pytest.raises(InputError, match="tolerance: not a check option"):
        build_options({"tolerance": 1})


def test_the_decorator_returns_the_function_unchanged():
    def f(x):
        return x * 2

    assert gradcli.audit(at=["x=1"], rtol=1e-3)(f) is f
    assert getattr(f, ATTRIBUTE) == {"at": ["x=1"], "rtol": 1e-3}
    with pytest.raises(InputError, match="@gradcli.audit on .*<locals>.g: --rtol -1: a tolerance is a number above 0"):

        @gradcli.audit(at=["x=1"], rtol=-1)
        def g(x):
            return x
