"""The TensorFlow bridge benchmark (bench/tf_bridge.py) still runs: each workload once, tiny, untimed."""

import os
import sys

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
sys.path.insert(0, BENCH)

import tf_bridge  # noqa: E402


def test_the_check_workload_gives_the_twins_verdicts(tmp_path):
    twin = tf_bridge.twin_target(str(tmp_path))
    points = [{"x": 100.0}]
    assert tf_bridge.check_verdicts(tf_bridge.TENSORFLOW, points) == tf_bridge.check_verdicts(twin, points)
    assert ("float32", "unstable") in tf_bridge.check_verdicts(twin, points)


def test_the_sweep_workload_finds_the_twins_statuses(tmp_path):
    twin = tf_bridge.twin_target(str(tmp_path))
    tiny = (-5.0, 95.0, 5)
    found = tf_bridge.sweep_summary(tf_bridge.TENSORFLOW, tiny)
    assert found == tf_bridge.sweep_summary(twin, tiny)
    assert "unstable" in found["float32"]
