"""Mistakes in a spec or a decorator are caught when it loads (exit 2, file and line), before any case runs."""

import pytest
from audit_helpers import audit

LOSSES = '''
import gradcli
import gradcli.numpy as np


def softplus(x):
    return np.log1p(np.exp(x))


loss_alias = softplus
'''


def case(target, at='"x=1"'):
    return f'[defaults]\ndtypes = ["float64"]\n\n[[case]]\nname = "c"\ntarget = "{target}"\nat = [{at}]\n'


@pytest.mark.parametrize(
    "target, at, message",
    [
        ("sinn(x)", '"x=1"', "gradcli.toml:6: case 'c': target sinn(x): unknown function 'sinn'; did you mean sin?"),
        ("lossez.py:softplus", '"x=1"', "gradcli.toml:6: case 'c': target lossez.py:softplus: no such file: lossez.py"),
        ("losses.py:softplsu", '"x=1"', "gradcli.toml:6: case 'c': target losses.py:softplsu: losses.py has no function 'softplsu' (did you mean 'softplus'?)"),
        ("lossez:softplus", '"x=1"', "gradcli.toml:6: case 'c': target lossez:softplus: cannot import lossez"),
        ("losses:nothing", '"x=1"', "gradcli.toml:6: case 'c': target losses:nothing: losses has no function 'nothing'"),
        ("losses.py:softplus", '"y=1"', "gradcli.toml:7: case 'c': in at y=1: 'y' is not a variable of the target (its variables: x)"),
        ("sin(x)", '"x=1,,"', "gradcli.toml:7: case 'c': in at x=1,,: an empty item between commas"),
    ],
)
def test_a_spec_mistake_exits_2_on_its_line_before_any_case_runs(tmp_path, target, at, message):
    (tmp_path / "losses.py").write_text(LOSSES)
    (tmp_path / "gradcli.toml").write_text(case(target, at))
    code, out, err = audit(tmp_path / "gradcli.toml")
    assert code == 2 and out == ""
    assert err.startswith("error: " + str(tmp_path / "gradcli.toml").replace("gradcli.toml", "")) and message in err
    assert "[1/1]" not in err and "--at" not in err


def test_a_target_only_an_import_can_resolve_is_left_to_the_worker(tmp_path):
    (tmp_path / "losses.py").write_text(LOSSES)
    (tmp_path / "gradcli.toml").write_text(case("losses.py:loss_alias"))
    code, out, err = audit(tmp_path / "gradcli.toml")
    assert code == 0, err


def test_a_decorated_point_naming_no_parameter_exits_2_at_the_decorator(tmp_path):
    (tmp_path / "marked.py").write_text(
        "import gradcli\nimport gradcli.numpy as np\n\n\n@gradcli.audit(at=[\"y=1\"])\ndef f(x):\n    return np.exp(x)\n"
    )
    code, out, err = audit(tmp_path / "marked.py")
    assert code == 2 and f"{tmp_path / 'marked.py'}:5: @gradcli.audit on f: in at y=1: 'y' is not a variable" in err


def test_an_empty_item_in_at_is_refused_on_the_command_line():
    from click.testing import CliRunner

    from gradcli.cli import cli

    result = CliRunner().invoke(cli, ["grad", "sin(x)", "--at", "x=1,,"])
    assert result.exit_code == 2 and "--at x=1,,: an empty item between commas" in result.stderr
