"""A gradient rule's finding about a larger array says the entry it got most wrong, with its place, not a shape.

Fiedler's value of a triangle graph (the second-smallest eigenvalue of its 3 x 3 Laplacian) with edge weights
[1, 1, 1 + 2^-52] sits beside a near tie (3 and 3 + 4.4e-16): float64's eigenvectors of the tied pair are rounding's
choice, so eigh's rule hands back a 3 x 3 cotangent far off the exact one. The finding names the worst entry and
both its numbers; they are checked here against NumPy's own eigenvectors and mpmath's, computed independently.
"""

from __future__ import annotations

import json
import re

import mpmath
import numpy as np
from click.testing import CliRunner

from gradcli.cli import cli

SOURCE = '''\
import gradcli.numpy as gnp


def laplacian(w):
    w01, w02, w12 = w[0], w[1], w[2]
    return gnp.array([[w01 + w02, -w01, -w02], [-w01, w01 + w12, -w12], [-w02, -w12, w02 + w12]])


def fiedler(w):
    return gnp.linalg.eigvalsh(laplacian(w))[1]
'''
WEIGHTS = [1.0, 1.0, 1.0000000000000002]
NUMBER = r"(-?[0-9.]+(?:e[+-][0-9]+)?)"


def _laplacian(w01, w02, w12):
    return [[w01 + w02, -w01, -w02], [-w01, w01 + w12, -w12], [-w02, -w12, w02 + w12]]


def test_the_eigh_rule_finding_names_the_entry_it_got_most_wrong(tmp_path):
    target = tmp_path / "graph.py"
    target.write_text(SOURCE)
    args = ["check", f"{target}:fiedler", "--at", f"w={WEIGHTS!r}".replace(" ", ""), "--dtype", "float64", "--json"]
    (result,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    assert result["status"] == "unstable"
    (rule,) = [f for f in result["findings"] if f["phase"] == "backward" and "the gradient rule of linalg.eigh" in f["message"]]
    assert "array(" not in rule["message"]
    found = re.search(rf"computes {NUMBER} \(entry \[(\d), (\d)\] of 3 x 3\) where the exact value is {NUMBER}:",
                      rule["message"])
    assert found, rule["message"]
    computed, row, column, exact = float(found[1]), int(found[2]), int(found[3]), float(found[4])

    vectors = np.linalg.eigh(np.array(_laplacian(*WEIGHTS)))[1]
    floats = np.outer(vectors[:, 1], vectors[:, 1])  # d lambda_1 / dA = v1 v1^T
    with mpmath.workdps(50):
        _, exact_vectors = mpmath.eigsy(mpmath.matrix(_laplacian(*[mpmath.mpf(w) for w in WEIGHTS])))
        truth = np.array([[float(exact_vectors[i, 1] * exact_vectors[j, 1]) for j in range(3)] for i in range(3)])
    # A rule may fold a symmetric matrix's cotangent onto one triangle (twice the entries off the diagonal).
    factor = next(f for f in (1.0, 2.0) if abs(exact - f * truth[row, column]) <= 1e-9 * abs(exact))
    assert abs(computed - factor * floats[row, column]) <= 1e-6 * abs(computed)
    worst = np.abs(floats - truth) / np.abs(truth)
    assert np.isclose(worst[row, column], worst.max(), rtol=1e-9)  # the entry off the most
