"""arctan2 at the origin jumps in both of its arguments, on every front: `domain`, never no verdict.

At (0, 0) arctan2 has a limit along each direction of its own: in y it goes from -pi/2
to pi/2 (at x = 0), in x from pi to 0 (at y = 0). The formula's switch analysis
finds the jumps; a Python function's run on balls hands the point to the one-sided
test as it does a root of an exact 0.
"""

import math

import pytest

import gradcli

HEADING = {
    "gradcli": "import gradcli.numpy as np\n\n\ndef heading(y, x):\n    return np.arctan2(y, x)\n",
    "numpy": "import numpy as np\n\n\ndef heading(y, x):\n    return np.arctan2(y, x) + y * x\n",
    "jax": "import jax.numpy as jnp\n\n\ndef heading(y, x):\n    return jnp.arctan2(y, x)\n",
    "torch": "import torch\n\n\ndef heading(y, x):\n    return torch.atan2(y, x)\n",
    "tensorflow": "import tensorflow as tf\n\n\ndef heading(y, x):\n    return tf.math.atan2(y, x)\n",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("origin")
    for kind, text in HEADING.items():
        (folder / f"origin_{kind}.py").write_text(text)
    return {kind: str(folder / f"origin_{kind}.py") for kind in HEADING}


@pytest.mark.parametrize("front", ["formula", *HEADING])
def test_arctan2_at_the_origin_jumps_in_both_arguments(files, front):
    target = "atan2(y, x)" if front == "formula" else f"{files[front]}:heading"
    result = gradcli.check(target, [{"y": 0.0, "x": 0.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "domain"
    jumps = {f.op: f.message for f in result.findings if "jumps here" in f.message}
    assert set(jumps) == {"y", "x"}
    assert f"{-math.pi / 2:.6g} from the left and {math.pi / 2:.6g} from the right" in jumps["y"]
    assert f"{math.pi:.6g} from the left and 0 from the right" in jumps["x"]
    assert result.exact_value == 0
