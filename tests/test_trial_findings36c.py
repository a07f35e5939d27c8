"""Round 36c's findings, each as a class.

A1: an answer of a call that gives several was blamed for a loss it never reached. SciPy's airy gives Ai, Ai', Bi
and Bi' of one x together, and gradcli records each as its own op; a rainbow's intensity Ai(x)^2 at x = -1e4, whose
float64 value loses 19 bits in SciPy's Ai, was reported as "airy_bip([-10000]) has relative error 7.1e-11": Bi', an
answer nothing read, amplified its input's rounding more than Ai did. An op whose result nothing reads counted as a
result of the program. An answer nothing reads beside an answer of the same call that is read now reaches no result,
and the root cause is the op the result came from (Ai). Truth: the op on the path, airy_ai.
"""

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def _rainbow_intensity(x):
    return gnp.sum(sps.airy(x)[0] ** 2)


def test_an_unread_answer_of_airy_is_not_the_root_cause():
    # SciPy's Ai(-1e4) comes from a phase of (2/3) 10^6 in float64: it loses about 19 bits
    (result,) = gradcli.check(_rainbow_intensity, [{"x": [-1e4]}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable"
    blamed = [f.op for f in result.findings if f.kind == "inaccurate"]
    assert blamed == ["airy_ai"], blamed
