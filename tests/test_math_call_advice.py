"""A ``math`` function on the differentiated value in a framework's file: an input error at its line, advising the
framework's own function as the file spells it."""

import pytest

import gradcli
from gradcli.errors import InputError

FILES = {
    "jax": ("import math\n\nimport jax.numpy as xp\n\n\ndef loss(x):\n    return math.exp(-x) * x\n", "use xp.exp instead"),
    "jax, not imported": ("import math\n\nimport jax\n\n\ndef loss(x):\n    return math.exp(-x) * x\n", "use jnp.exp instead"),
    "torch": ("import math\n\nimport torch\n\n\ndef loss(x):\n    return math.exp(-x) * x\n", "use torch.exp instead"),
    "tensorflow": ("import math\n\nimport tensorflow as tf\n\n\ndef loss(x):\n    return math.exp(-x) * x\n", "use tf.math.exp instead"),
}


@pytest.mark.parametrize("name", FILES)
def test_a_math_call_on_the_variable_is_an_input_error_advising_the_frameworks_function(tmp_path, name):
    source, advice = FILES[name]
    path = tmp_path / "scalar.py"
    path.write_text(source)
    with pytest.raises(InputError) as raised:
        gradcli.check(f"{path}:loss", [2.0], dtypes=("float64",))
    message = str(raised.value)
    assert message.startswith(f"{path}:7: math.exp") and advice in message
