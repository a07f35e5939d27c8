"""Two findings of round 45a's in words: an exact pole is no cancellation, and a pass's own sum keeps its own name.

- Vis-viva's ``a = p / (1 - e ** 2)`` at e = 1: 1 - e ** 2 is 0 exactly, for e ** 2 = 1 is exact, so nothing
  cancelled; the finding said "cancelled to exactly 0.0 (an operand carries the rounding of an op before it)". A whole
  power of exact operands is exact arithmetic now, as a sum or product is, and the division by 0 is named alone.
- The gradient accumulation of a value's uses on one line was spelled "jax.numpy.log1p (add)", the API of another add on
  that line: an op the backward pass makes itself keeps gradcli's words for it.
"""

import textwrap

import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = textwrap.dedent('''
    import jax.numpy as jnp

    MU = 398600.4418


    def vis_viva(r, p, e):
        a = p / (1.0 - e ** 2)
        return MU * (2.0 / r - 1.0 / a)


    def copula_term(theta):
        return jnp.log1p(theta) - (2.0 + 1.0 / theta) * jnp.log(2.0 ** theta + 3.0 ** theta - 1.0)
''')

NUMPY_SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp


    def vis_viva(r, p, e):
        a = p / (1.0 - gnp.power(e, 2))
        return 398600.4418 * (2.0 / r - 1.0 / a)
''')


@pytest.fixture(scope="module")
def user_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("words45a")
    (folder / "orbits.py").write_text(SOURCE)
    (folder / "orbits_np.py").write_text(NUMPY_SOURCE)
    return folder


@pytest.mark.parametrize("file", ["orbits.py", "orbits_np.py"])
def test_an_exact_pole_is_no_cancellation(user_files, file):
    result, = gradcli.check(f"{user_files / file}:vis_viva", [{"r": 7000.0, "p": 14000.0, "e": 1.0}],
                            dtypes=("float64",), fixes=False).results
    assert result.status == "wrong"
    assert not any(f.kind == "cancellation" for f in result.findings), [f.message for f in result.findings]
    assert any("gave inf" in f.message and f.phase == "forward" for f in result.findings)


def test_a_pass_accumulation_keeps_its_words(user_files):
    result, = gradcli.check(f"{user_files / 'orbits.py'}:copula_term", [{"theta": 0.001}], dtypes=("float32",),
                            fixes=False).results
    assert result.status == "unstable"
    summed = [f for f in result.findings if "the gradient accumulation" in f.op]
    assert summed and summed[0].op.startswith("add (the gradient accumulation of the input theta's 3 uses"), \
        [f.op for f in result.findings]
    assert not any("log1p" in f.op for f in summed)
