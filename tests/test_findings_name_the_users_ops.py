"""Findings name the op the user wrote, in the pass the user wrote it in.

- JAX's backward graph replays the forward's log(1 - alpha) to read its
  value; where that log is what lost the digits (Eyring's T60 at alpha =
  2.66e-7: log(0.99999973) amplifies 1 - alpha's rounding 4.5e5 times), the
  finding is the forward's log, not "backward, log".
- A 0 that underflowed and then met a log inside scipy.special.logit is said
  to reach "log(0.0) in scipy.special.logit", the call the user wrote.
"""

import textwrap

import pytest

import gradcli


def _write(tmp_path, name, source):
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return str(path)


def test_a_forward_op_the_backward_graph_replays_is_the_forwards(tmp_path):
    pytest.importorskip("jax")
    path = _write(tmp_path, "acoustics.py", '''
        import jax.numpy as jnp


        def eyring(alpha, V, S):
            return 0.161 * V / (-S * jnp.log(1.0 - alpha))
    ''')
    result, = gradcli.check(f"{path}:eyring", [{"alpha": 2.66e-7, "V": 200.0, "S": 150.0}], dtypes=["float64"],
                            fixes=False).results
    assert result.status == "unstable"
    first = result.findings[0]
    assert (first.phase, first.kind) == ("forward", "cancellation"), (first.phase, first.message)
    assert "log(0.999999734) of a number next to 1 amplifies" in first.message
    assert first.message.endswith("the gradient reads this forward result"), first.message


def test_a_zero_reaching_a_part_of_a_call_names_the_call(tmp_path):
    path = _write(tmp_path, "kinetics.py", '''
        from scipy import special


        def logistic_kinetics(t, k, t_half):
            X = special.expit(k * (t - t_half))
            return special.logit(X) / k + t_half
    ''')
    result, = gradcli.check(f"{path}:logistic_kinetics", [{"t": -790.0, "k": 1.0, "t_half": 10.0}],
                            dtypes=["float64"], fixes=False).results
    first = result.findings[0]
    assert "underflowed to 0.0" in first.message
    assert "that 0 reached log(0.0) in scipy.special.logit, which gave -inf" in first.message, first.message
