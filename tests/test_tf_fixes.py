"""Fixes of TensorFlow code: rewrites spelled in TensorFlow's own calls, re-checked by running them in TensorFlow."""

import os
import textwrap

import gradcli
from gradcli.capture.tf_bridge import SPELLINGS

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "tensorflow")


def test_log1pexp_is_fixed_with_tf_math_softplus_and_the_fix_is_rechecked():
    report = gradcli.check(os.path.join(EXAMPLES, "log1pexp.py") + ":naive", [{"x": 100.0}], dtypes=("float32",))
    [fix] = [f for f in report.fixes if f.name == "softplus"]
    assert "-    return tf.math.log(1 + tf.exp(x))\n+    return tf.math.softplus(x)\n" in fix.diff
    assert fix.after == {"x=100 float32": "ok"}  # the rewritten file, run in TensorFlow, judged again


def test_calls_spelled_through_tf_math_read_as_the_formula_functions(tmp_path):
    path = tmp_path / "spelled.py"
    path.write_text(textwrap.dedent(
        """
        import tensorflow as tf


        def loss(x):
            return tf.math.log(1.0 + tf.math.exp(x)) * 2.0
        """
    ))
    report = gradcli.check(f"{path}:loss", [{"x": 100.0}], dtypes=("float32",))
    fixed = {f.name: f for f in report.fixes}
    assert "softplus" in fixed, report.notes
    assert "+    return tf.math.softplus(x) * 2.0\n" in fixed["softplus"].diff
    assert fixed["softplus"].after == {"x=100 float32": "ok"}


def test_log1p_of_exp_is_fixed_with_tf_math_softplus_too(tmp_path):
    path = tmp_path / "log1p_spelled.py"
    path.write_text(textwrap.dedent(
        """
        import tensorflow as tf


        def loss(x):
            return tf.reduce_sum(tf.math.log1p(tf.exp(x)))
        """
    ))
    report = gradcli.check(f"{path}:loss", [{"x": [800.0]}], dtypes=("float64",))
    fixed = {f.name: f for f in report.fixes}
    assert "softplus" in fixed, report.notes
    assert "+    return tf.reduce_sum(tf.math.softplus(x))\n" in fixed["softplus"].diff
    assert fixed["softplus"].after == {"x=[800.0] float64": "ok"}


def test_every_spelling_names_a_tensorflow_function():
    import functools

    import tensorflow as tf

    for name, path in SPELLINGS.items():
        if name.startswith("<"):  # a key of how fixes are written (`source_fixes.CONSTANTS`), no function's
            continue
        head, *rest = path.split(".")
        assert head == "tf", path
        assert callable(functools.reduce(getattr, rest, tf)), (name, path)


def test_a_tf_function_is_fixed_and_its_rewrite_traced_from_the_rewritten_lines(tmp_path):
    # autograph reads a tf.function's source again when it traces it: the re-check must run the
    # rewritten lines, not the file on disk (whose naive form stays unstable).
    path = tmp_path / "jitted.py"
    path.write_text(textwrap.dedent(
        """
        import tensorflow as tf


        @tf.function
        def naive(x):
            return tf.math.log(1 + tf.exp(x))
        """
    ))
    report = gradcli.check(f"{path}:naive", [{"x": 100.0}], dtypes=("float32",))
    fixed = {f.name: f for f in report.fixes}
    assert "softplus" in fixed, report.notes
    assert "+    return tf.math.softplus(x)\n" in fixed["softplus"].diff
    assert fixed["softplus"].after == {"x=100 float32": "ok"}


def test_bessel_functions_logs_and_ratios_are_written_through_tensorflows_scaled_ones():
    from gradcli.checker.source_fixes import source_rewrites

    source = textwrap.dedent(
        """
        import tensorflow as tf


        def log_k1(x):
            return tf.reduce_sum(tf.math.log(tf.math.special.bessel_k1(x)))


        def log_k0_shifted(x):
            return tf.math.log(tf.math.special.bessel_k0(2 * x - 1))


        def resultant(kappa):
            return tf.math.special.bessel_i1(kappa) / tf.math.bessel_i0(kappa)


        def mixed(x):
            return tf.math.bessel_i1(x) / tf.math.special.bessel_k0(x)
        """
    )
    found = {name: [text for _, text in edits if not text.startswith("import ")]
             for name, _, edits in source_rewrites(source, list(range(1, 20)), "tensorflow", SPELLINGS)}
    assert found["scaled bessel"] == ["tf.math.log(tf.math.special.bessel_k1e(x)) - x",
                                      "tf.math.log(tf.math.special.bessel_k0e(2 * x - 1)) - (2 * x - 1)"]
    assert found["scaled bessel ratio"] == ["tf.math.bessel_i1e(kappa) / tf.math.bessel_i0e(kappa)"]  # not i1 / k0
