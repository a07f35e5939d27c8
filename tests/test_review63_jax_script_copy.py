"""A JAX script that calls gradcli.check on its own function is not run a second time for its float64 constants.

The float64 check takes a copy of the function's module loaded under x64
(`jax_wide_constants`); for a module run as the script (``__main__``) that copy
would be the whole program again: its prints, its files, and its own call of
gradcli.check. The script's float32 constants are then held as JAX's program
holds them, and a note names them. Truths are mpmath's from float32's numbers.
"""

import importlib.util

import mpmath
import numpy as np

import gradcli

SCRIPT = '''\
import jax.numpy as jnp

with open(MARKS, "a") as marks:
    marks.write("ran\\n")

W = jnp.array([0.1, 0.3])


def loss(x):
    return jnp.sum(W * x ** 2)
'''


def _run_as_script(path, marks):
    spec = importlib.util.spec_from_file_location("__main__", path)  # its name as `python script.py` gives it
    module = importlib.util.module_from_spec(spec)
    module.MARKS = str(marks)
    spec.loader.exec_module(module)  # not put in sys.modules: pytest's own __main__ stays
    return module


def test_a_script_is_not_run_again_for_its_float64_constants(tmp_path):
    path, marks = tmp_path / "jax_script_review63.py", tmp_path / "marks.txt"
    path.write_text(SCRIPT.replace("MARKS", repr(str(marks))))
    script = _run_as_script(path, marks)
    report = gradcli.check(script.loss, [{"x": np.array([1.25, -0.5])}], dtypes=["float64"], fixes=False)
    (r,) = report.results
    assert marks.read_text() == "ran\n"
    assert r.status == "ok", r.findings
    with mpmath.workdps(40):  # JAX's program holds float32's 0.1 and 0.3
        truths = [2 * mpmath.mpf(float(np.float32(w))) * x for w, x in ((0.1, 1.25), (0.3, -0.5))]
    assert all(abs(g - float(t)) <= 1e-15 * abs(float(t)) for g, t in zip(r.exact_gradient["x"], truths))
    assert any("W (jax_script_review63.py:6)" in note for note in report.notes), report.notes
