"""What round 42 of user trials found, mended (tests/trials/cases42a.py):

- a log-determinant at a matrix singular in float64 (a storey's k1 = 1e-300 beside k2 = 1): gradcli.numpy's slogdet
  rule inverted the matrix and raised, told as the user's program raising with no line; its slope is NaN there now,
  as JAX's is, and the add that absorbed k1 is named at the matrix's line, before slogdet's -inf (no "overflow");
- gradcli's exact Cholesky called a pivot that rounds to 0 at its working precision "not positive definite" and the
  reference never climbed: `error` with no exact gradient where the exact matrix is positive definite; it is NaN at
  that precision now, as a singular matrix's inverse is, and the reference climbs to the digits that hold k1 + k2
  (JAX's cholesky, which answers NaN, is one op that a check names, with the add that made its matrix singular);
- custom_jvp rules given per argument by defjvps were taken for JAX's own (JAX's jvp that calls them lives in its
  custom_derivatives.py): a wrong one was named at the call; each is named at its def now, with the argument it is
  the slope in, and a wrong one located at the rule of the variable it is off in.

- (42b) a log10 or log2 of 1 + u in PyTorch or TensorFlow was offered log1p(u) over the framework's log of the base,
  torch.log(10) (which refuses an int; through torch.tensor, a float32 number) or tf.math.log(10): the re-check failed
  and was told "worse"; a call on numbers alone is written with Python's math now (the import added), the fix re-checked
  ok in float32 and float64, TensorFlow's tf.experimental.numpy.log10 read too; a rewrite whose re-check raises says so.
- (42b) at sqrt's one-sided infinite slope the JSON's exact gradient said "inf" and its 20-digit text "nan" (the text
  made from the reference's NaN before the one-sided limit replaced it); the text is the settled limit's now.
- (42b) an underflow inside a product (torch.cumprod, torch.prod, tf.reduce_prod, a multiply in a tf.scan body)
  feeding a log was not named, only log(0): a product of finite nonzero numbers that is 0 underflowed, and PyTorch's
  select and TensorFlow's strided slice, replayed as gradcli's getitem, link the entry read to the op that made it.
- (42a F1) JAX's slogdet of a nearly singular 2 x 2, which XLA computes with a fused multiply-add, was explained by a
  note claiming "an unjitted call" gives the numbers of the steps run one by one: jnp.linalg.slogdet is jitted of its
  own, so an unjitted call gives the compiled numbers; such a call is named only where no library jit is inside, and
  the note names the fusion among XLA's rewrites.

Truths are written out from the mathematics: det of the storey's stiffness matrix is k1 k2 k3.
"""

import json
import math

import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

NUMPY_USERS = '''\
import numpy as np


def storey_logdet(k1, k2, k3):
    K = np.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return np.linalg.slogdet(K)[1]


def storey_logdet_chol(k1, k2, k3):
    K = np.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return 2 * np.sum(np.log(np.diag(np.linalg.cholesky(K))))
'''

JAX_USERS = '''\
import jax
import jax.numpy as jnp


def storey_logdet_chol(k1, k2, k3):
    K = jnp.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return 2.0 * jnp.sum(jnp.log(jnp.diag(jnp.linalg.cholesky(K))))


@jax.custom_jvp
def pileup(rate, frame):
    return -jnp.expm1(-rate * frame)


def _pileup_drate(t, ans, rate, frame):
    return t * frame * jnp.exp(-rate * frame)


def _pileup_dframe(t, ans, rate, frame):
    return t * frame * jnp.exp(-rate * frame)  # wrong: the slope in frame is rate e^(-rate frame)


pileup.defjvps(_pileup_drate, _pileup_dframe)


def pileup_fraction(rate, frame):
    return pileup(rate, frame)


def chain_logdet(k1, k2, k3):
    return jnp.linalg.slogdet(jnp.array([[k1 + k2, -k2], [-k2, k2 + k3]]))[1]
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    folder = tmp_path_factory.mktemp("findings42")
    (folder / "plain.py").write_text(NUMPY_USERS)
    (folder / "withjax.py").write_text(JAX_USERS)
    return folder


STOREY = {"k1": 1e-300, "k2": 1.0, "k3": 1.0}


def _check(target, point):
    (result,) = gradcli.check(target, [point], dtypes=("float64",), fixes=False).results
    return result


def _exact_storey(result):
    assert result.exact_value == pytest.approx(math.log(1e-300), rel=1e-13)  # log(k1 k2 k3)
    assert [result.exact_gradient[n] for n in ("k1", "k2", "k3")] == pytest.approx([1e300, 1.0, 1.0], rel=1e-12)


def test_slogdet_at_a_matrix_singular_in_the_dtype_is_unstable_at_its_line(users):
    result = _check(f"{users}/plain.py:storey_logdet", STOREY)
    assert result.status == "unstable" and result.value == -math.inf
    assert all(math.isnan(result.gradient[n]) for n in ("k1", "k2", "k3"))
    _exact_storey(result)
    assert not any("raised" in f.message for f in result.findings)
    assert any(f.location and f.location.endswith("plain.py:6") and f.op == "linalg.slogdet" for f in result.findings)
    # where the digits went: k1 + k2 at the matrix's line, which float64 rounds to k2, the matrix then singular
    (absorbed,) = [f for f in result.findings if f.op == "add"]
    assert absorbed.location.endswith("plain.py:5") and "add(1e-300, 1.0) = 1.0 absorbs 1e-300 entirely" in \
        absorbed.message and "singular in float64" in absorbed.message
    assert not any("overflowed" in f.message for f in result.findings)  # a singular matrix's -inf is no overflow


@pytest.mark.parametrize("module", ["plain", "withjax"])
def test_cholesky_of_a_matrix_positive_definite_only_at_high_precision_climbs(users, module):
    result = _check(f"{users}/{module}.py:storey_logdet_chol", STOREY)
    assert result.status == "unstable", [f.message for f in result.findings]
    _exact_storey(result)
    if module == "withjax":  # JAX's cholesky answers NaN, named, and the add that made its matrix singular before it
        (absorbed,) = [f for f in result.findings if f.location and f.location.endswith("withjax.py:6")]
        assert "absorbs 1e-300 entirely" in absorbed.message and "gave NaN in every entry of a 3 x 3 array" in \
            absorbed.message


def test_cholesky_of_a_matrix_not_positive_definite_has_no_derivative(users):
    result = _check(f"{users}/plain.py:storey_logdet_chol", {"k1": -0.5, "k2": 1.0, "k3": 1.0})
    assert result.status == "domain"


def test_a_wrong_defjvps_rule_is_named_at_its_own_def(users):
    result = _check(f"{users}/withjax.py:pileup_fraction", {"rate": 3.0, "frame": 0.5})
    assert result.status == "wrong"
    assert result.exact_gradient["frame"] == pytest.approx(3.0 * math.exp(-1.5), rel=1e-13)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("withjax.py:19")  # def _pileup_dframe, the slope in frame, off
    # each per-argument rule judged alone at the call's own (number) inputs: the one off is named, the right one not
    assert "_pileup_dframe() of pileup (its slope in frame)" in finding.op and "_pileup_drate()" not in finding.op
    assert "_pileup_dframe() of pileup (its slope in frame) is off" in finding.message


TORCH_USERS = '''\
import torch


def decibels(u):
    return 10 * torch.log10(1 + u)


def bits(u):
    return torch.log2(1 + u)
'''

TF_USERS = '''\
import tensorflow as tf


def decibels(u):
    return 10 * tf.experimental.numpy.log10(1 + u)
'''


@pytest.mark.parametrize("framework, function, base, scale", [
    ("torch", "decibels", 10, 10), ("torch", "bits", 2, 1), ("tensorflow", "decibels", 10, 10)])
def test_log1p_of_a_logarithm_in_another_base_is_offered_and_rechecked_in_every_dtype(tmp_path, framework, function,
                                                                                       base, scale):
    path = tmp_path / "logs.py"
    path.write_text(TORCH_USERS if framework == "torch" else TF_USERS)
    report = gradcli.check(f"{path}:{function}", [{"u": 1e-20}], dtypes=("float32", "float64"))
    assert [r.status for r in report.results] == ["unstable", "unstable"]
    for result in report.results:
        assert result.exact_gradient["u"] == pytest.approx(scale / math.log(base), rel=1e-12)
    (fix,) = [f for f in report.fixes if f.name == "log1p"]
    assert f"/ math.log({base}))" in fix.diff and "+import math" in fix.diff
    assert all(status == "ok" for status in fix.after.values()), fix.after


def test_a_rewrite_whose_recheck_raises_says_so(tmp_path, monkeypatch):
    from gradcli.capture import torch_bridge

    path = tmp_path / "logs.py"
    path.write_text(TORCH_USERS)
    for key in ("<constants>", "<number>"):  # torch.log(10): PyTorch refuses the int
        monkeypatch.delitem(torch_bridge.SPELLINGS, key)
    report = gradcli.check(f"{path}:decibels", [{"u": 1e-20}], dtypes=("float64",))
    assert not [f for f in report.fixes if f.name == "log1p"]
    (note,) = [n for n in report.notes if n.startswith("rewrites tried that did not help")]
    assert "log1p (it raises at u=1e-20 float64: TypeError: log(): argument" in note


@pytest.mark.parametrize("target", ["sqrt(x) * 3", "sqrt(x) * 3 + x"])
def test_a_one_sided_infinite_slope_says_the_same_in_every_json_field(target):
    result = CliRunner().invoke(cli, ["check", target, "--at", "x=0", "--dtype", "float64", "--json"])
    (point,) = json.loads(result.stdout)["results"]
    assert point["exact_gradient"] == {"x": "inf"}
    assert point["exact_gradient_text"] == {"x": "+inf"}
    assert "+inf from the right" in point["exact_gradient_why"]["x"]


PRODUCTS = {
    "torch": '''\
import torch


def cohort(h):
    survivors = torch.cumprod(torch.exp(-h), 0)
    return torch.log(survivors[-1])


def whole(h):
    return torch.log(torch.prod(torch.exp(-h)))
''',
    "tensorflow": '''\
import tensorflow as tf


def cohort(h):
    survival = tf.scan(lambda s, x: s * tf.exp(-x), h, initializer=tf.constant(1.0, dtype=h.dtype))
    return tf.math.log(survival[-1])


def whole(h):
    return tf.math.log(tf.reduce_prod(tf.exp(-h)))
''',
    "gradcli": '''\
import gradcli.numpy as gnp


def cohort(h):
    survivors = gnp.cumprod(gnp.exp(-h))
    return gnp.log(survivors[-1])


def whole(h):
    return gnp.log(gnp.prod(gnp.exp(-h)))
''',
}


@pytest.mark.parametrize("framework", sorted(PRODUCTS))
@pytest.mark.parametrize("function, line", [("cohort", 5), ("whole", 10)])
def test_an_underflow_inside_a_product_is_named_at_its_line(tmp_path, framework, function, line):
    path = tmp_path / f"products_{framework}.py"
    path.write_text(PRODUCTS[framework])
    result = _check(f"{path}:{function}", {"h": [300.0, 300.0, 300.0]})
    assert result.status == "unstable"
    assert [float(g) for g in result.exact_gradient["h"]] == [-1.0, -1.0, -1.0]
    (underflow,) = [f for f in result.findings if f.kind == "underflow"]
    assert underflow.location.endswith(f"products_{framework}.py:{line}") and "underflowed to" in underflow.message


def test_a_note_on_xlas_fused_program_claims_nothing_of_an_unjitted_call_that_runs_a_library_jit(users):
    import importlib.util

    import jax

    spec = importlib.util.spec_from_file_location("withjax_again", users / "withjax.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with jax.enable_x64(True):
        unjitted = float(module.chain_logdet(1e-8, 1e8, 1e-8))  # slogdet's own jit: the compiled numbers
    result = _check(f"{users}/withjax.py:chain_logdet", {"k1": 1e-8, "k2": 1e8, "k3": 1e-8})
    assert result.status == "unstable"  # log 2 is the truth; k1 + k2 rounds k1
    assert result.value == pytest.approx(unjitted, rel=1e-12)  # JAX's compiled program, in or out of a jit
    notes = [n for n in result.notes if n.startswith("XLA's compiled program computes otherwise")]
    assert all("an unjitted call" not in n and "fuses a multiply into the add after it" in n for n in notes)
    # the steps one by one give log 2 by luck ((1e8 + 1.5e-8)^2 - 1e16 rounds to 2); a CPU whose XLA fuses the
    # products into a multiply-add (1.092 here) gets the note
    assert bool(notes) == (abs(result.value - math.log(2)) > 1e-3)
