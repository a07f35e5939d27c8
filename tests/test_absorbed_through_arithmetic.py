"""A log of exactly 1 names the add that absorbed a term even where exact arithmetic on the 1 stands between them.

Hagan's SABR ratio z / x(z), with x(z) = log((sqrt(1 - 2 rho z + z^2) + z -
rho) / (1 - rho)), at the money (z = 1e-300): 1 + z absorbs z, the rest of
the quotient is 1.4 / 1.4 = 1 exactly, the log gives 0 and z / 0 is inf. The
walk back from the log's argument went only through ops that pick entries, so
the divide stopped it and only the division by 0 was named. It now follows
arithmetic on the 1 (adds, subtracts, products, quotients, roots) to the add
that lost the term. A 1 that no add made (a ratio of equal numbers the point
gives) names none.
"""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp


    def shifted_ratio(z, rho):
        return z / gnp.log((1 + z - rho) / (1 - rho))


    def sabr_z_over_x(z, rho):
        x = gnp.log((gnp.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
        return z / x


    def ratio_of_equals(a, b):
        return a / gnp.log(a / b)
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("absorbed") / "sabr.py"
    path.write_text(SOURCE)
    return str(path)


def _absorption(result):
    return [f for f in result.findings if "absorbs" in f.message and f.op == "log"]


@pytest.mark.parametrize("name, line", [("shifted_ratio", 6), ("sabr_z_over_x", 10)])
def test_the_absorbing_add_behind_a_quotient_of_one_is_named(user_file, name, line):
    result, = gradcli.check(f"{user_file}:{name}", [{"z": 1e-300, "rho": -0.4}], dtypes=["float64"],
                            fixes=False).results
    assert result.status == "unstable"
    found = _absorption(result)
    assert found, [f.message for f in result.findings]
    assert "absorbs 1e-300 entirely" in found[0].message
    assert found[0].location.endswith(f"sabr.py:{line}")
    assert "the root cause is the absorption, not divide" in found[0].message


def test_a_one_no_add_made_names_no_absorption(user_file):
    result, = gradcli.check(f"{user_file}:ratio_of_equals", [{"a": 0.7, "b": 0.7}], dtypes=["float64"],
                            fixes=False).results
    assert not _absorption(result), [f.message for f in result.findings]
