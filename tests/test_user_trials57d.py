"""The fifty-seventh round (d) of user trials (tests/trials/cases57d.py): subnormals, flush-to-zero and eager vs graph
on the JAX, PyTorch, TensorFlow and plain-NumPy bridges. XLA and TensorFlow's CPU kernels flush subnormal results to 0
and read subnormal operands as 0; PyTorch and NumPy keep them. Here, cheap cases: lax.cond(exp(x) > 0, log(exp(x)), 0)
at float32's -90 (exp flushed: unstable at exp's line); lax.cond(x != 0, sin(x) / x, 1) at 1e-40 (the other branch
runs, its answer right to float32: ok); tf.maximum(x, 0) at 1e-40 (TensorFlow's Maximum gradient gives the flushed tie
to x: ok, exact); PyTorch's safe |x| at 1e-160 in float64 (x * x keeps 11 bits: unstable at x * x); NumPy's at 1e-20
in float32 (17 bits, inside float32's tolerance: ok). And the round's findings, mended: the double-where safe |x|
through s = x * x, s flushed, was named at the where's condition as "rounding", not at the mul that flushed (F1); a
comparison reading a subnormal input as 0 was explained as rounding or as a wrong "gradient rule", never as the flush
(F2, a tf.while_loop whose y > 0 stops it at once). The whole set runs case by case through the CLI as
tests/trials/run.py does (cases57d.ALL).
"""

import os
import json
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases57d  # noqa: E402
import judge  # noqa: E402

from test_user_trials import _run, round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib57d:cond_exp@x=-90:float32":
        "lax.cond(exp(x) > 0, log(exp(x)), 0) at float32's -90: exp(-90) = 8.2e-40 is subnormal, XLA flushes it to 0 "
        "and the 0 branch runs: unstable at exp's line (exact slope 1)",
    "jax_lib57d:cond_sinc@x=1e-40:float32":
        "lax.cond(x != 0, sin(x) / x, 1) at 1e-40: XLA reads x as 0 and runs the 1 branch, whose value 1 and gradient "
        "0 are right to float32 (the exact slope -3.3e-41 is below its smallest normal): ok",
    "tf_lib57d:relu_sum@x=[1e-40,2]:float32":
        "tf.maximum(x, 0) at the flushed 1e-40: a tie TensorFlow's Maximum gradient gives to x, so its slope 1 is "
        "exact: ok (JAX's maximum gives 0.5 there: unstable, a case of the set)",
    "torch_lib57d:safe_abs@x=[1e-160]:float64":
        "PyTorch keeps subnormals: x * x = 1e-320 holds 11 of float64's 53 bits, the gradient 1.0000056: unstable "
        "at x * x",
    "np_lib57d:safe_abs@x=[1e-20]:float32":
        "NumPy keeps subnormals: x * x = 1e-40 holds 17 bits, |x| and its slope 2.6e-6 off, inside float32's "
        "tolerance: ok",
    "jax_lib57d:safe_abs@x=[1e-20]:float32":
        "F1, mended: s = x * x flushed to 0 turns the safe |x|'s where to its 0 branch; the finding names the mul that "
        "flushed (provenance._flushed_before_the_switch), its where said after it",
    "tf_lib57d:safe_abs@x=[1e-20]:float32":
        "F1, mended: as JAX's, in eager TensorFlow (its CPU kernels flush x * x too)",
    "tf_lib57d:grow_auto@x=1e-40:float32":
        "F2, mended: autograph's while i < 3 and y > 0 in a tf.function at 1e-40: the replay is fed x as TensorFlow "
        "reads it (0), and the comparison that read it is named at its line (provenance._fed_as_zero)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases57d, CHOSEN)


def test_loop_condition_reading_a_subnormal_is_said_as_the_flush():
    """F2, mended (provenance.first_flushed): tf.while_loop(i < 3 and y > 0, y * 2) at float32's 1e-40: TensorFlow's
    Greater reads y as 0, the loop runs no trip (gradient 1, exact 8). The verdict (unstable) and the line (the
    while_loop's) were right, but the finding said "the gradient rule of grow_while computes 1.0 where the exact value
    is 8.0": the user wrote no rule, and nothing was rounded. The finding says the condition read a subnormal as 0,
    as gradcli says of a Mul that did (scale_input: "read its operand ..., a subnormal float32, as 0")."""
    case = next(c for c in cases57d.ALL if c.id == "tf_lib57d:grow_while@x=1e-40:float32")
    code, out, err = _run(case)
    if code != 1 or judge.judge(case, code, out, err):
        pytest.fail(f"the check no longer runs as F2 saw it (exit {code}): {out[-2000:]}\n{err[-2000:]}")
    line = f"tf_lib57d.py:{judge.line_number(case, case.line)}"
    findings = json.loads(out)["results"][0]["findings"]
    said = [f.get("message") or "" for f in findings if line in (f.get("location") or "")]
    assert said and any("subnormal" in m for m in said), said
