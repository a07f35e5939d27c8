"""TensorFlow: a tf.where leak over two lines is the first finding, naming both lines."""

import pytest

from headline65_leak import assert_leak_is_the_headline, leak_module

pytest.importorskip("tensorflow")


def test_a_tf_where_leak_over_two_lines_leads_the_findings(tmp_path):
    assert_leak_is_the_headline(tmp_path, leak_module("import tensorflow as tf", "tf.where", "tf.reduce_sum",
                                                      "tf.zeros_like(depth)"))
