"""JAX: a where leak over two lines (the Manning sum) is the first finding, naming both lines."""

import pytest

from headline65_leak import assert_leak_is_the_headline, leak_module

pytest.importorskip("jax")


def test_a_jax_where_leak_over_two_lines_leads_the_findings(tmp_path):
    assert_leak_is_the_headline(tmp_path, leak_module("import jax.numpy as jnp", "jnp.where", "jnp.sum"))
