"""Discovery: `gradcli audit PATH...` imports files and packages and collects the functions marked @gradcli.audit."""

import pytest
from audit_helpers import audit

from gradcli.audit.decorator import discover
from gradcli.errors import InputError

MARKED = "import gradcli\n\n@gradcli.audit(at=['x=1'])\ndef {name}(x):\n    return x\n"


def test_packages_are_walked_and_named_by_module(tmp_path):
    package = tmp_path / "src" / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text(MARKED.format(name="top"))
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "deep.py").write_text(MARKED.format(name="deep") + "\ndef plain(x):\n    raise SystemExit('called')\n")
    (tmp_path / "src" / "loose.py").write_text(MARKED.format(name="loose"))
    cases = discover([str(tmp_path / "src")])
    assert [(c.name, c.target, c.folder) for c in cases] == [
        ("loose:loose", "loose:loose", str(tmp_path / "src")),
        ("pkg:top", "pkg:top", str(tmp_path / "src")),
        ("pkg.sub.deep:deep", "pkg.sub.deep:deep", str(tmp_path / "src")),
    ]


def test_an_imported_function_is_collected_once_where_it_is_defined(tmp_path):
    (tmp_path / "first.py").write_text(MARKED.format(name="f"))
    (tmp_path / "second.py").write_text("from first import f\n")
    assert [c.name for c in discover([str(tmp_path)])] == ["first:f"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("def f(:\n", "second_bad.py:1: not valid Python"),
        ("raise ImportError('no such thing')\n", "importing {path} failed: ImportError: no such thing"),
        ("import gradcli\n@gradcli.audit(at=['x=1'], range='x=0:1')\ndef f(x):\n    return x\n", "{path}:2: @gradcli.audit on f: case 'f': at 'x=1' holds x, which its range sweeps"),
    ],
)
def test_import_errors_name_the_file(tmp_path, text, message):
    path = tmp_path / "second_bad.py"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        discover([str(path)])
    assert message.format(path=path) in caught.value.message
    code, _, err = audit(path)
    assert code == 2 and str(path) in err


def test_missing_paths_and_no_cases_exit_2(tmp_path):
    code, _, err = audit(tmp_path / "nowhere")
    assert code == 2 and "no such file or folder" in err
    (tmp_path / "plain.py").write_text("def f(x):\n    return x\n")
    code, _, err = audit(tmp_path / "plain.py")
    assert code == 2 and "no audit cases" in err


def test_bad_spec_and_bad_shard_exit_2(tmp_path):
    (tmp_path / "gradcli.toml").write_text('[defaults]\nrtol = "small"\n')
    code, _, err = audit(tmp_path / "gradcli.toml")
    assert code == 2 and f"{tmp_path / 'gradcli.toml'}:2: 'rtol' must be a number" in err
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "a"\ntarget = "exp(x)"\nat = ["x=1"]\n')
    for shard in ("3/2", "0/2", "a/b", "1"):
        code, _, err = audit(tmp_path / "gradcli.toml", "--shard", shard)
        assert code == 2 and "--shard" in err


def test_without_arguments_the_spec_is_found_walking_up(tmp_path, monkeypatch):
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "a"\ntarget = "exp(x)"\nat = ["x=1"]\ndtypes = ["float64"]\n')
    (tmp_path / "deeper").mkdir()
    monkeypatch.chdir(tmp_path / "deeper")
    code, out, err = audit()
    assert code == 0 and "1 case: 1 passed, 0 failed, 0 errors" in err


def test_a_bare_decorator_sweeps_the_one_variable_over_the_default_range(tmp_path):
    (tmp_path / "losses.py").write_text("import gradcli\n\n@gradcli.audit\ndef f(x):\n    return x * x\n")
    (case,) = discover([str(tmp_path / "losses.py")])
    assert case.ranges == ("x=-1000:1000",) and not case.at
    code, out, err = audit(tmp_path / "losses.py", "--jobs", "1")
    assert code == 0, err
    assert "losses:f" in out


def test_points_from_the_spec_defaults_take_the_place_of_the_bare_default(tmp_path):
    (tmp_path / "losses.py").write_text("import gradcli\n\n@gradcli.audit\ndef f(x):\n    return x * x\n")
    (case,) = discover([str(tmp_path / "losses.py")], {"at": ("x=2",)})
    assert case.at == ("x=2",) and not case.ranges


@pytest.mark.parametrize(
    "decorator, says",
    [
        ("@gradcli.audit(dtype=['float64'], at=['x=1'])", ":3: @gradcli.audit: unknown setting 'dtype' (did you mean 'dtypes'?)"),
        ("@gradcli.audit", ":3: @gradcli.audit on f names no points, and a function of 2 variables has no default range"),
    ],
)
def test_a_decorator_mistake_names_the_file_and_line_of_the_decorator(tmp_path, decorator, says):
    path = tmp_path / "losses.py"
    path.write_text(f"import gradcli\n\n{decorator}\ndef f(x, y):\n    return x * y\n")
    code, _, err = audit(path)
    assert code == 2 and f"{path}{says}" in err
    assert err.count(str(path)) == 1
