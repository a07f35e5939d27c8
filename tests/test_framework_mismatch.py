"""`--framework` naming a framework the file's imports rule out: an input error naming both, before the file runs."""

import pytest
from click.testing import CliRunner

from gradcli.checker.targets import resolve
from gradcli.cli import cli
from gradcli.errors import InputError

SOURCES = {
    "tensorflow": "import tensorflow as tf\n\ndef f(x):\n    return tf.reduce_sum(tf.sin(x))\n",
    "torch": "import torch\n\ndef f(x):\n    return torch.sin(x).sum()\n",
    "jax": "import jax.numpy as jnp\n\ndef f(x):\n    return jnp.sum(jnp.sin(x))\n",
    "numpy": "import math\nimport numpy as np\n\ndef f(x):\n    return np.sum(np.sin(x))\n",
}
SHOWN = {"numpy": "NumPy", "jax": "JAX", "torch": "PyTorch", "tensorflow": "TensorFlow"}


def written(tmp_path, framework, source=None):
    path = tmp_path / f"{framework}_code.py"
    path.write_text(source or SOURCES[framework])
    return f"{path}:f"


MISMATCHES = [
    (found, given) for found in sorted(SOURCES) for given in ("gradcli", *SOURCES)
    if given != found and (found, given) != ("numpy", "gradcli")  # NumPy code may run as it is
]


@pytest.mark.parametrize("found,given", MISMATCHES)
def test_a_flag_the_files_imports_rule_out_is_refused_naming_both(tmp_path, found, given):
    with pytest.raises(InputError) as raised:
        resolve(written(tmp_path, found), framework=given)
    message = raised.value.message
    assert f"imports {SHOWN[found]}, not " in message and f"--framework {found}" in message
    assert "gradcli, numpy, jax, torch, tensorflow" in message


def test_the_command_line_exits_2_with_one_paragraph(tmp_path):
    result = CliRunner().invoke(cli, ["check", written(tmp_path, "tensorflow"), "--at", "x=1", "--framework", "torch"])
    assert result.exit_code == 2, result.output
    assert "imports TensorFlow, not PyTorch" in result.output and "Traceback" not in result.output


def test_a_numpy_file_that_imports_a_module_of_the_users_keeps_the_override(tmp_path):
    (tmp_path / "helpers_of_mine.py").write_text("import torch\n\ndef g(x):\n    return torch.sin(x).sum()\n")
    source = "import numpy as np\nfrom helpers_of_mine import g\n\ndef f(x):\n    return g(x)\n"
    resolved = resolve(written(tmp_path, "numpy", source), framework="torch")
    assert resolved.framework == "torch"


def test_a_file_that_imports_the_flags_framework_keeps_the_override(tmp_path):
    source = "import numpy as np\nimport torch\n\ndef f(x):\n    return torch.sin(x).sum() + np.pi\n"
    assert resolve(written(tmp_path, "torch", source), framework="numpy").framework == "numpy"
