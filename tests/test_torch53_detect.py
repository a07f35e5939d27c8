"""A function that reaches a deep-learning framework only through the user's other code (a helper imported from a
module beside it, a module of the user's named by attribute, a callable it closes over, a default, a model it holds)
is read as that framework's code, from its file (before anything runs) and as a callable; NumPy helpers change
nothing."""

import functools
import importlib.util
import sys

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.capture.detect import framework_of_callable, framework_of_source
from gradcli.cli import cli

HELPERS = {
    "torch": "import torch\n\n\ndef softplus_sum(x):\n    return torch.nn.functional.softplus(x).sum()\n",
    "jax": "import jax.numpy as jnp\n\n\ndef softplus_sum(x):\n    return jnp.logaddexp(x, 0.0).sum()\n",
    "tensorflow": "import tensorflow as tf\n\n\ndef softplus_sum(x):\n    return tf.reduce_sum(tf.math.softplus(x))\n",
    "numpy": "import numpy as np\n\n\ndef softplus_sum(x):\n    return np.logaddexp(x, 0.0).sum()\n",
}

USER = '''
import numpy as np
from {module} import softplus_sum
import {module}


def imported(x):
    return softplus_sum(x) * 2


def by_attribute(x):
    return {module}.softplus_sum(x) * 2


def make():
    inner = softplus_sum

    def closed(x):
        return inner(x) + 1

    return closed


closed = make()


def own(x):
    return np.sum(x * x)
'''

READ_FROM_FILE = ("imported", "by_attribute", "closed")


def _files(tmp_path, framework):
    module = f"helpers53_{framework}"
    (tmp_path / f"{module}.py").write_text(HELPERS[framework])
    user = tmp_path / "user53.py"
    user.write_text(USER.format(module=module))
    return module, user


@pytest.mark.parametrize("framework", ["torch", "jax", "tensorflow"])
def test_a_function_reaching_a_framework_through_the_users_module_is_read_as_its_code(tmp_path, framework):
    _, user = _files(tmp_path, framework)
    source = user.read_text()
    assert [framework_of_source(source, str(user), name) for name in READ_FROM_FILE] == [framework] * 3
    assert framework_of_source(source, str(user), "own") == "numpy"  # names no framework: the module's imports


def test_numpy_helpers_leave_the_reading_as_it_was(tmp_path):
    _, user = _files(tmp_path, "numpy")
    assert [framework_of_source(user.read_text(), str(user), name) for name in READ_FROM_FILE] == ["numpy"] * 3


def test_a_relative_import_in_a_package_and_modules_importing_each_other(tmp_path):
    package = tmp_path / "pkg53"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS["jax"] + "\nfrom .loss import loss\n")
    (package / "loss.py").write_text("from .helpers import softplus_sum\nfrom . import helpers\n\n\n"
                                     "def loss(x):\n    return softplus_sum(x)\n\n\ndef whole(x):\n    return helpers.softplus_sum(x)\n")
    source = (package / "loss.py").read_text()
    assert framework_of_source(source, str(package / "loss.py"), "loss") == "jax"
    assert framework_of_source(source, str(package / "loss.py"), "whole") == "jax"


@pytest.fixture
def torch_user(tmp_path):
    module, user = _files(tmp_path, "torch")
    (tmp_path / "model53.py").write_text("import torch\n\n\nclass Scaled(torch.nn.Module):\n"
                                         "    def forward(self, x):\n        return 2 * x\n")
    loaded = {}
    for name, path in ((module, tmp_path / f"{module}.py"), ("model53", tmp_path / "model53.py"), ("user53", user)):
        spec = importlib.util.spec_from_file_location(name, path)
        loaded[name] = sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded[name])
    yield loaded
    for name in loaded:
        del sys.modules[name]


def test_a_callable_reaching_torch_through_the_users_code_is_read_as_pytorch(torch_user):
    user, helpers, model = torch_user["user53"], torch_user["helpers53_torch"], torch_user["model53"]

    def with_default(x, loss=helpers.softplus_sum):
        return loss(x)

    partial = functools.partial(lambda scale, x: scale * helpers.softplus_sum(x), 2.0)

    def through_partial(x):
        return partial(x)

    held = model.Scaled()

    def through_a_model(x):
        return held(x).sum()

    funs = [user.imported, user.by_attribute, user.closed, with_default, through_partial, through_a_model]
    assert [framework_of_callable(fun) for fun in funs] == ["torch"] * 6
    assert framework_of_callable(user.own) == "numpy"


def test_the_cli_reads_a_file_reaching_torch_through_its_helper(tmp_path):
    _, user = _files(tmp_path, "torch")
    result = CliRunner().invoke(cli, ["check", f"{user}:closed", "--at", "x=[1,2]", "--dtype", "float64", "--json"])
    import json

    report = json.loads(result.stdout)
    assert report["framework"] == "torch"
    assert report["results"][0]["status"] == "ok"
