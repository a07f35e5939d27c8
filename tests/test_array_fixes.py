"""Fixes of array code in plain NumPy and gradcli.numpy, and the patterns' limits: look-alikes get no fix."""

import ast
import textwrap

import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.checker.source_fixes import source_rewrites
from gradcli.expr.parse import parse

CODE = """
import numpy as np


def logsumexp(x):
    return np.log(np.sum(np.exp(x), axis=0))


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def sigmoid_from_exp(x):
    e = np.exp(x)
    return e / (1 + e)


def bce(z):
    p = 1 / (1 + np.exp(-z))
    return -np.log(1 - p)


def where_second(x):
    return np.where(x < 1, 0.0, np.log(x - 1) ** 2)


def logdiffexp(a, b):
    return np.log(np.exp(a) - np.exp(b))
"""

POINTS = {
    "logsumexp": ({"x": [100.0, 101.0]}, "float32"),
    "sigmoid": ({"z": -800.0}, "float32"),
    "sigmoid_from_exp": ({"x": 100.0}, "float32"),
    "bce": ({"z": 20.0}, "float32"),
    "where_second": ({"x": 0.5}, "float64"),
    "logdiffexp": ({"a": 1000.0, "b": 999.0}, "float64"),
}

# Plain NumPy has no logsumexp, sigmoid or softplus: SciPy's logsumexp and logaddexp stand in.
CASES = [
    ("numpy", "logsumexp", "logsumexp", "+    return scipy.special.logsumexp(x, axis=0)\n"),
    ("numpy", "sigmoid", "sigmoid", "+    return np.exp(-np.logaddexp(0, -z))\n"),
    ("numpy", "sigmoid_from_exp", "sigmoid", "+    return np.exp(-np.logaddexp(0, -x))\n"),
    ("numpy", "bce", "log_sigmoid", "+    return np.logaddexp(0, z)\n"),
    ("numpy", "where_second", "double where", "+    return np.where(x < 1, 0.0, np.log(np.where(x >= 1, x, 2) - 1) ** 2)\n"),
    ("numpy", "logdiffexp", "logdiffexp", "+    return (a + np.log(-np.expm1(b - a)))\n"),
    ("gradcli.numpy", "logsumexp", "logsumexp", "+    return np.logsumexp(x, axis=0)\n"),
    ("gradcli.numpy", "sigmoid", "sigmoid", "+    return np.sigmoid(z)\n"),
    ("gradcli.numpy", "sigmoid_from_exp", "sigmoid", "+    return np.sigmoid(x)\n"),
    ("gradcli.numpy", "bce", "log_sigmoid", "+    return np.softplus(z)\n"),
]


@pytest.mark.parametrize("namespace, function, name, added", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_fix_is_offered_in_the_modules_spelling_and_rechecks_ok(tmp_path, namespace, function, name, added):
    path = tmp_path / "legacy.py"
    path.write_text(textwrap.dedent(CODE).replace("import numpy as np", f"import {namespace} as np"))
    point, dtype = POINTS[function]
    report = gradcli.check(f"{path}:{function}", [point], dtypes=(dtype,))
    assert report.results[0].status.value in ("unstable", "wrong")
    fixed = {f.name: f for f in report.fixes}
    assert name in fixed, report.notes
    assert added in fixed[name].diff, fixed[name].diff
    assert set(fixed[name].after.values()) == {"ok"}  # the rewritten file, loaded afresh, judged again


def _rewrites(source, namespace="jax.numpy", spellings=None, lines=None):
    source = textwrap.dedent(source)
    if spellings is None:
        from gradcli.capture.jax_bridge import SPELLINGS as spellings
    lines = lines or range(1, source.count("\n") + 2)
    found = source_rewrites(source, list(lines), namespace, spellings)
    return {name: [e for e in edits if not e[1].startswith("import ")] for name, _, edits in found}  # not the imports added


def test_reductions_that_are_not_a_log_sum_exp_get_no_logsumexp():
    found = _rewrites(
        """
        import jax.numpy as jnp


        def typed(x):
            return jnp.log(jnp.sum(jnp.exp(x), dtype=jnp.float32))


        def mean_over_axes(x):  # log(mean(exp(u))) over one axis or all is logsumexp(u) - log(n): not over a tuple
            return jnp.log(jnp.mean(jnp.exp(x), axis=(0, 1)))


        def sum_of_logs(x):
            return jnp.sum(jnp.log(jnp.exp(x)))
        """
    )
    assert "logsumexp" not in found


def test_a_weighted_sum_of_exps_is_a_log_sum_exp_of_u_plus_log_w():
    """exp(x) w = exp(x + log w) where w >= 0 (a mask's 0 an entry of -inf): offered, and re-checked where it runs."""
    [[edit]] = _rewrites(
        """
        import jax.numpy as jnp


        def weighted(x, w):
            return jnp.log(jnp.sum(jnp.exp(x) * w, axis=0))
        """
    )["logsumexp"],
    assert edit[1] == "jax.scipy.special.logsumexp(x + jnp.log(w), axis=0)"


def test_axis_arguments_are_carried_through():
    [[edit]] = _rewrites(
        """
        import jax.numpy as jnp


        def f(x):
            return jnp.log(jnp.sum(jnp.exp(x), axis=-1, keepdims=True))
        """
    )["logsumexp"],
    assert edit[1] == "jax.scipy.special.logsumexp(x, axis=-1, keepdims=True)"


def test_a_local_bound_twice_or_used_elsewhere_is_not_read_through():
    found = _rewrites(
        """
        import jax.numpy as jnp


        def rebound(x):
            e = jnp.exp(x)
            e = e * 2
            return e / (1 + e)


        def input_rebound(x):
            e = jnp.exp(x)
            x = x + 1
            return e / (1 + e)


        def assigned_again_in_a_branch(x, flag):
            e = jnp.exp(x)
            if flag:
                e = jnp.exp(-x)
            return e / (1 + e)


        def in_a_loop(xs):
            total = 0.0
            for x in xs:
                e = jnp.exp(x)
                total = total + e / (1 + e)
            return total
        """
    )
    assert "sigmoid" not in found


def test_a_local_used_outside_the_expression_stays_assigned():
    source = """
    import jax.numpy as jnp


    def f(x):
        e = jnp.exp(x)
        print(e)
        return e / (1 + e)
    """
    found = _rewrites(source)
    assert found["sigmoid"] == [(((8, 11), (8, 22)), "jax.nn.sigmoid(x)")]  # e is printed too: its assignment stays
    kept = _rewrites(source.replace("        print(e)\n", ""))
    assert [text for _, text in kept["sigmoid"]] == ["", "jax.nn.sigmoid(x)"]
    assert kept["sigmoid"][0][0] == ((6, 0), (7, 0))  # the assignment goes with its use


def test_a_local_another_line_reads_is_read_through_and_stays_assigned():
    """pi = sigmoid(l) read by two lines: log(1 - pi) in one is log_sigmoid(-l), and pi stays for the other."""
    source = """
    import jax
    import jax.numpy as jnp


    def zero_inflated(logit, lam):
        pi = jax.nn.sigmoid(logit)
        zero = -jnp.log(pi + (1 - pi) * jnp.exp(-lam))
        count = -jnp.log(1 - pi)
        return jnp.where(lam > 1, zero, count).sum()
    """
    found = _rewrites(source)
    assert found["log_sigmoid"] == [(((9, 13), (9, 28)), "jax.nn.log_sigmoid(-logit)")]  # line 7 stays


@pytest.mark.parametrize("namespace, module, spellings", [
    ("jax.numpy", "jax.numpy as jnp", None),
    ("torch", "torch", "torch"),
])
def test_a_local_the_rewrite_still_reads_keeps_its_assignment(namespace, module, spellings):
    """exp(s) / sum(exp(s)) reads s through only to see both exps take the same argument; softmax(s) still reads it."""
    if spellings == "torch":
        from gradcli.capture.torch_bridge import SPELLINGS as spellings
    exp, total = ("jnp.exp", "jnp.sum({0}, axis=-1, keepdims=True)") if namespace == "jax.numpy" else (
        "torch.exp", "{0}.sum(-1, keepdim=True)")
    found = _rewrites(
        f"""
        import {module}


        def attention(q, k):
            scores = q @ k.T / 2
            return {exp}(scores) / {total.format(exp + "(scores)")}
        """, namespace, spellings)
    [edit] = found["softmax"]
    assert edit[0] == ((7, 11), (7, 11 + len(f"{exp}(scores) / {total.format(exp + '(scores)')}")))
    assert "(scores, " in edit[1]  # the assignment of scores (line 6) is left as it is


def test_log_of_a_softmax_with_other_arguments_is_left_alone():
    found = _rewrites(
        """
        import jax


        def f(x, mask):
            return jax.numpy.log(jax.nn.softmax(x, where=mask, initial=0.0))
        """
    )
    assert "log_softmax" not in found


def test_only_lines_with_findings_are_rewritten():
    source = """
    import jax.numpy as jnp


    def f(x):
        a = jnp.log(jnp.sum(jnp.exp(x)))
        return a * a + jnp.log(jnp.sum(jnp.exp(2 * x)))
    """
    [[edit]] = _rewrites(source, lines=[7])["logsumexp"],
    assert edit[1] == "jax.scipy.special.logsumexp(2 * x)"


def test_double_where_guards_the_second_operand_with_x_first():
    rewrites = {name: text for name, _, text in candidate_rewrites(parse("where(x < 1, 0, log(x - 1)**2)"))}
    assert rewrites["double where"] == "where(x < 1, 0, log(where(x >= 1, x, 2) - 1)**2)"
    first = {name: text for name, _, text in candidate_rewrites(parse("where(x > 0, sqrt(x), 0)"))}
    assert first["double where"] == "where(x > 0, sqrt(where(x > 0, x, 1)), 0)"
    none = {name for name, _, _ in candidate_rewrites(parse("where(x < 1, 0, 2)"))}
    assert "double where" not in none


def test_the_rewritten_text_parses_as_python():
    for edits in _rewrites(
        """
        import jax
        import jax.numpy as jnp


        def f(z, y):
            p = jax.nn.sigmoid(z)
            return -(y * jnp.log(p) + (1 - y) * jnp.log(1 - p)) + 2 * jnp.log(1 - jax.nn.sigmoid(-z - 1))
        """
    ).values():
        for _, text in edits:
            ast.parse(text or "0", mode="eval")


def test_tensor_methods_read_as_their_functions_but_another_modules_functions_do_not():
    from gradcli.capture.torch_bridge import SPELLINGS

    found = _rewrites(
        """
        import math
        import torch


        def f(x):
            return torch.log(torch.exp(x).sum(dim=0)) + math.log(torch.sum(math.exp(x)))
        """,
        namespace="torch",
        spellings=SPELLINGS,
    )
    assert [text for _, text in found["logsumexp"]] == ["torch.logsumexp(x, dim=0)"]


def test_a_cross_entropy_needs_the_same_labels_and_logits_in_both_terms():
    from gradcli.capture.torch_bridge import SPELLINGS

    source = """
    import torch


    def f(z, y, w):
        return -(y * torch.log(torch.sigmoid(z)) + (1 - w) * torch.log(1 - torch.sigmoid(z)))


    def g(z, y):
        return -(y * torch.log(torch.sigmoid(z)) + (1 - y) * torch.log(1 - torch.sigmoid(2 * z)))
    """
    assert "cross entropy with logits" not in _rewrites(source, namespace="torch", spellings=SPELLINGS)
    same = source.replace("(1 - w)", "(1 - y)").replace("sigmoid(2 * z)", "sigmoid(z)")
    [[edit]] = _rewrites(same, namespace="torch", spellings=SPELLINGS)["cross entropy with logits"][:1],
    assert edit[1] == 'torch.nn.functional.binary_cross_entropy_with_logits(z, y, reduction="none")'


@pytest.mark.parametrize("imports, log_sigmoid, sigmoid", [
    # SciPy's expit and log_expit are the spelling of a module that imports from scipy.special (trials21a F1), by
    # the name it imports or else in full (with `import scipy` added, as scipy.special.logsumexp is)
    ("from scipy.special import expit, log_expit", "log_expit(z)", "expit(z)"),
    ("from scipy.special import expit", "scipy.special.log_expit(z)", "expit(z)"),
    ("import scipy.special as sc", "sc.log_expit(z)", "sc.expit(z)"),
    # without SciPy NumPy's own longer spelling, no import added
    ("", "-np.logaddexp(0, -z)", "np.exp(-np.logaddexp(0, -z))"),
])
def test_plain_numpy_writes_scipy_special_names_where_the_module_imports_them(imports, log_sigmoid, sigmoid):
    source = f"import numpy as np\n{imports}\n\n\ndef f(z):\n    return np.log(1 / (1 + np.exp(-z)))\n"
    assert [e[1] for e in _rewrites(source, "numpy", {})["log_sigmoid"]] == [log_sigmoid]
    source = f"import numpy as np\n{imports}\n\n\ndef f(z):\n    return 1 / (1 + np.exp(-z))\n"
    assert [e[1] for e in _rewrites(source, "numpy", {})["sigmoid"]] == [sigmoid]
