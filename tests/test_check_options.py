"""CheckOptions (one options object for every door), verdicts as an ordered type, and the dtype facts."""

import dataclasses
import json

import pytest
from click.testing import CliRunner

import gradcli
from gradcli.checker import CheckOptions, Verdict, hessian
from gradcli.checker.dtypes import DEFAULT_RTOL, mantissa_bits, rtol_help
from gradcli.cli import check_command, cli, grad
from gradcli.errors import InputError

# Each field of CheckOptions and the flag that sets it on the command line.
FLAGS = {
    "dtypes": "--dtype",
    "wrt": "--wrt",
    "order": "--order",
    "rtol": "--rtol",
    "atol": "--atol",
    "full": "--full",
    "seed": "--seed",
    "fail_on": "--fail-on",
    "fixes": "--no-fix",
    "treat_as_variables": "--var",
    "max_time": "--max-time",
    "max_digits": "--max-digits",
    "framework": "--framework",
}


def flags_of(command):
    return {flag for param in command.params for flag in param.opts}


def test_every_option_has_a_flag_on_the_command_line():
    fields = [field.name for field in dataclasses.fields(CheckOptions)]
    assert sorted(fields) == sorted(FLAGS), "a new option needs its flag (and an entry in FLAGS)"
    for name in fields:
        assert FLAGS[name] in flags_of(check_command), name
        assert FLAGS[name] in flags_of(grad) or name == "fail_on", name


def test_the_flag_defaults_are_the_options_defaults():
    defaults = CheckOptions()
    params = {param.name: param for param in check_command.params}
    # list options may be repeated (their repeats joined), so each default is one comma-separated entry
    assert params["dtypes"].default == (",".join(defaults.dtypes),) == ("float32,float64",)
    assert params["fail_on"].default == (",".join(defaults.fail_on),) == ("unstable,wrong,error",)
    assert params["seed"].default == defaults.seed
    assert params["order"].default == str(defaults.order)
    assert params["atol"].default == defaults.atol == 0.0
    assert rtol_help() == "float16 1e-2, bfloat16 5e-2, float32 1e-4, float64 1e-10"
    assert "float64 1e-10" in params["rtol"].help


def test_options_are_spelled_canonically_and_frozen():
    options = CheckOptions(dtypes=("f8", "float64", "f4"), wrt=["x"], fail_on=["wrong"])
    assert options.dtypes == ("float64", "float32")
    assert options.wrt == ("x",)
    assert options.fail_on == (Verdict.WRONG,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.order = 2


@pytest.mark.parametrize(
    "changes, needle",
    [
        ({"order": 3}, "order 3"),
        ({"dtypes": ("float32", "int8")}, "'int8' is not a floating-point dtype"),
        ({"dtypes": ()}, "at least one dtype"),
        ({"rtol": 0.0}, "--rtol 0.0"),
        ({"rtol": -1e-3}, "--rtol -0.001"),
        ({"atol": -1e-12}, "--atol -1e-12"),
        ({"atol": float("nan")}, "--atol nan"),
        ({"atol": float("inf")}, "--atol inf"),
        ({"atol": "tiny"}, "--atol tiny"),
        ({"fail_on": ("ok",)}, "--fail-on ok"),
        ({"fail_on": ()}, "at least one verdict"),
        ({"wrt": ("q",)}, "--wrt q"),
    ],
)
def test_every_option_is_validated_before_any_point_is_checked(changes, needle):
    calls = []

    def f(x):
        calls.append(x)
        return x * x

    with pytest.raises(InputError, match=needle):
        gradcli.check(f, [1.0, 2.0], **changes)
    assert calls == []


def test_order_2_at_an_array_point_fails_before_any_point_is_checked():
    calls = []

    def f(x):
        calls.append(x)
        return gradcli.numpy.sum(x * x)

    with pytest.raises(InputError, match="--order 2"):
        gradcli.check(f, [1.0, {"x": [1.0, 2.0]}], order=2)
    assert calls == []


def test_check_takes_an_options_object_and_keyword_changes_to_it():
    options = CheckOptions(dtypes=("float64",), fixes=False)
    report = gradcli.check("log(1+exp(x))", [100.0], options, dtypes=("float32",))
    assert [r.dtype for r in report.results] == ["float32"]
    assert report.results[0].status == "unstable" and report.fixes == []
    assert gradcli.CheckOptions is CheckOptions


def test_verdicts_decide_a_point_by_precedence_and_rank_by_severity():
    assert Verdict.decide() is Verdict.OK
    assert Verdict.decide("ok", "unstable") is Verdict.UNSTABLE
    assert Verdict.decide(Verdict.UNSTABLE, Verdict.WRONG) is Verdict.WRONG
    assert Verdict.decide(Verdict.WRONG, Verdict.DOMAIN) is Verdict.DOMAIN  # no rule is judged where no answer exists
    assert Verdict.decide(Verdict.DOMAIN, Verdict.ERROR, Verdict.OK) is Verdict.ERROR
    assert Verdict.worst(Verdict.WRONG, Verdict.DOMAIN) is Verdict.WRONG  # a domain point fails no gradient
    assert Verdict.worst("domain", "ok") is Verdict.DOMAIN
    assert [v.severity for v in (Verdict.OK, Verdict.DOMAIN, Verdict.UNSTABLE, Verdict.WRONG, Verdict.ERROR)] == [0, 1, 2, 3, 4]


def test_verdicts_show_as_their_strings():
    assert json.dumps([Verdict.UNSTABLE]) == '["unstable"]'
    assert f"{Verdict.WRONG}" == str(Verdict.WRONG) == "wrong"
    assert Verdict.DOMAIN == "domain"


def test_mantissa_bits_come_from_the_dtype():
    assert [mantissa_bits(name) for name in DEFAULT_RTOL] == [11, 8, 24, 53]


def test_a_hessian_without_true_second_derivatives_is_not_called_exact(monkeypatch):
    monkeypatch.setattr(hessian, "_true_hessian", lambda *args: (None, None))
    (result,) = gradcli.check("exp(x)", [0.5], dtypes=("float64",), order=2).results
    assert result.status == "ok"
    assert result.exact_hessian is None
    assert result.rule_hessian == result.hessian
    assert any("compared only with gradcli's own second-derivative rules" in note for note in result.notes)


# -- the default tolerances in --help --------------------------------------------------------------


def test_grad_help_lists_every_default_tolerance():
    text = " ".join(CliRunner().invoke(cli, ["grad", "--help"]).stdout.split())
    for name, tolerance in DEFAULT_RTOL.items():
        assert f"{name} {tolerance:.0e}".replace("e-0", "e-") in text, name
