"""Run the bit-level tests once more under each other set of SIMD kernels this CPU offers NumPy.

NumPy picks its kernels by CPU at run time, and ``NPY_DISABLE_CPU_FEATURES``
makes a process take older ones. A test that asserts what two code paths
share (marked ``bitlevel``) must hold on every kernel, or a machine unlike
this one turns it red. The main run covers every feature this CPU has; this
script reruns the marked tests without AVX-512 (where the CPU has it) and on
the baseline kernels alone (where the CPU has anything beyond them). A CPU
with no kernels beyond the baseline, or a NumPy without run-time dispatch,
has no other set: then there is nothing to run.

Each rerun collects only the test files that name the mark (`bitlevel_files`):
collecting the whole suite would import every framework and test module once
more per set of kernels, for a few dozen tests. The main run's collection
checks that every marked test is in such a file (``tests/conftest.py``).

    python tests/kernel_paths.py [pytest options]
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

TESTS = pathlib.Path(__file__).resolve().parent

_ACTIVE = """
try:
    from numpy._core import _multiarray_umath as umath
except ImportError:  # NumPy 1
    from numpy.core import _multiarray_umath as umath
print(" ".join(umath.__cpu_baseline__ + [f for f in umath.__cpu_dispatch__ if umath.__cpu_features__.get(f)]))
print(" ".join(umath.__cpu_dispatch__))
"""


def _kernels(disabled=()):
    """(the features NumPy runs with, the features it can dispatch to) in a process with ``disabled`` turned off.

    None when NumPy refuses that set (it will not disable a baseline feature).
    """
    env = {**os.environ, "NPY_DISABLE_CPU_FEATURES": " ".join(disabled)}
    done = subprocess.run([sys.executable, "-c", _ACTIVE], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr.strip(), file=sys.stderr)
        return None
    active, dispatch = done.stdout.splitlines()
    return active.split(), dispatch.split()


def feature_sets(active, dispatch):
    """{name: the features to disable} for each other set of kernels, given this CPU's active and dispatchable ones."""
    present = [f for f in dispatch if f in active]
    wide = [f for f in present if "AVX512" in f or f == "X86_V4"]
    sets = {}
    if wide and wide != present:
        sets["without AVX-512"] = wide
    if present:
        sets["baseline only"] = present
    return sets


def may_hold_bitlevel(path):
    """Whether the test file at ``path`` can hold a ``bitlevel`` test: it names the mark (``mark.bitlevel``; a file
    that only uses tests/bitlevel.py's helpers is not rerun)."""
    return "mark.bitlevel" in pathlib.Path(path).read_text(encoding="utf-8")


def bitlevel_files(folder=TESTS):
    """The test files under ``folder`` that can hold a ``bitlevel`` test, as paths for pytest's command line."""
    return [str(path) for path in sorted(folder.rglob("test_*.py")) if may_hold_bitlevel(path)]


def main(pytest_args):
    active, dispatch = _kernels()
    print(f"NumPy's kernels on this CPU: {' '.join(active)}")
    sets = feature_sets(active, dispatch)
    if not sets:
        print("NumPy has no other kernels on this CPU: the main run was the only set")
        return 0
    failed = []
    for name, disabled in sets.items():
        kernels = _kernels(disabled)
        if kernels is None:
            print(f"== {name}: NumPy refuses NPY_DISABLE_CPU_FEATURES={' '.join(disabled)!r}, skipped")
            continue
        print(f"== bit-level tests, {name}: kernels {' '.join(kernels[0])}", flush=True)
        env = {**os.environ, "NPY_DISABLE_CPU_FEATURES": " ".join(disabled)}
        command = [sys.executable, "-m", "pytest", "-m", "bitlevel", *pytest_args, *bitlevel_files()]
        if subprocess.run(command, env=env).returncode:
            failed.append(name)
    if failed:
        print(f"the bit-level tests failed with: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
