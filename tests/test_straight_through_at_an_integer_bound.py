"""A straight-through round over a clip whose bounds are Python ints, at a bound: the exact derivative is the one the
stop_gradient defines, the clip's kink there, in every spelling.

At x = 3 the clip's int bound 3 is what the point's own run picks, so the round and the value the stop_gradient
holds are constants there (no stop_gradient holds a moving value); beside the point, on either side of the tie,
they move. The sides' derivatives (1 below the bound, 0 above) are the kink the user's stop_gradient defines, not
the 0 of the plain quantiser round(clip(x)), which differences through the held value would give. Float bounds
(-4.0, 3.0) took the right path already; the int ones must take it too.
"""

import json
import subprocess
import sys

import pytest

MODULES = {
    "gradcli": '''
import gradcli.numpy as np
from gradcli import stop_gradient


def ste(x):
    v = np.clip(x, -4, 3)
    return v + stop_gradient(np.round(v) - v)


def lsq(w, s):
    v = np.clip(w / s, -4, 3)
    return np.sum((v + stop_gradient(np.round(v) - v)) * s)
''',
    "jax": '''
import jax
import jax.numpy as jnp


def ste(x):
    v = jnp.clip(x, -4, 3)
    return v + jax.lax.stop_gradient(jnp.round(v) - v)


def lsq(w, s):
    v = jnp.clip(w / s, -4, 3)
    return jnp.sum((v + jax.lax.stop_gradient(jnp.round(v) - v)) * s)
''',
    "torch": '''
import torch


def ste(x):
    v = torch.clamp(x, -4, 3)
    return v + (torch.round(v) - v).detach()


def lsq(w, s):
    v = torch.clamp(w / s, -4, 3)
    return (((v.round() - v).detach() + v) * s).sum()
''',
}


def _check(tmp_path, spelling, function, at):
    path = tmp_path / f"ste_{spelling}.py"
    path.write_text(MODULES[spelling])
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:{function}", "--at", at, "--dtype",
                           "float64", "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["results"][0]


@pytest.mark.parametrize("spelling", sorted(MODULES))
def test_the_clip_bound_under_a_straight_through_round_is_a_kink(tmp_path, spelling):
    result = _check(tmp_path, spelling, "ste", "x=3.0")
    assert result["status"] == "domain", result
    said = " ".join(f["message"] for f in result["findings"])
    assert "1 from the left and 0 from the right" in said, said


@pytest.mark.parametrize("spelling", sorted(MODULES))
def test_an_entry_inside_the_bounds_keeps_the_slope_the_stop_gradient_defines(tmp_path, spelling):
    # w / s = [1.2, -4, 3]: w[1] and w[2] at the bounds (no derivative, s neither); w[0] inside: d(v s)/dw0 = 1
    result = _check(tmp_path, spelling, "lsq", "w=[0.3,-1.0,0.75],s=0.25")
    assert result["status"] == "domain", result
    assert result["exact_gradient"]["w"] == [1.0, "nan", "nan"] and result["exact_gradient"]["s"] == "nan"
