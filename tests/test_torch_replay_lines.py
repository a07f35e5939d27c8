"""What a PyTorch check says beside its verdict: no note for a decomposition's exact float32 constants, and the
user's line on a finding raised by the replay of an op.

``torch.special.entr`` decomposes into ``where(p > 0, -p log p, where(p == 0,
0, -inf))``, whose 0 and -inf PyTorch makes float32 0-d tensors: they never
narrow a float64 tensor, so a float64 check notes no float32 step. At a
singular matrix ``torch.linalg.slogdet``'s log|det| is -inf and its gradient
has no value: `domain`, the finding at the user's slogdet line.
"""

import numpy as np
import torch

import gradcli


def _entropy(p):
    return torch.special.entr(p).sum()


def _log_abs_det(a):
    sign, log_abs = torch.linalg.slogdet(a)  # the line named
    return log_abs


def test_entrs_float32_constants_are_no_note_in_a_float64_check():
    report = gradcli.check(_entropy, [np.array([0.1, 0.3])], dtypes=("float64",), framework="torch", fixes=False)
    [result] = report.results
    assert result.status == "ok" and not result.notes, result.notes
    np.testing.assert_allclose(np.asarray(result.exact_gradient["p"], dtype=float), -(np.log([0.1, 0.3]) + 1), rtol=1e-14)


def test_a_singular_slogdet_is_domain_at_the_users_line():
    report = gradcli.check(_log_abs_det, [np.array([[1.0, 2.0], [2.0, 4.0]])], dtypes=("float64",), framework="torch",
                           fixes=False)
    [result] = report.results
    assert result.status == "domain", result.findings
    [finding] = [f for f in result.findings if f.kind == "raised"]
    assert finding.location.endswith(f"test_torch_replay_lines.py:{_log_abs_det.__code__.co_firstlineno + 1}")
