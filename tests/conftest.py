"""Shared test set-up: the helper modules in tests/ are importable, and every test is seeded."""

import contextlib
import functools
import gc
import math
import multiprocessing.util
import os
import shutil
import signal
import sys
import tempfile

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import file_costs  # noqa: E402
import kernel_paths  # noqa: E402
import opcheck  # noqa: E402

from gradcli import stack_room  # noqa: E402
from gradcli.pytest_plugin import not_assertion_rewritten  # noqa: E402

pytest_plugins = ("xla_programs",)  # JAX's compiled programs kept for the session (tests/xla_programs.py)

# Hypothesis's modules are rewritten as a plugin's package (pytest11), afresh in every process of a run where
# bytecode is not cached (~1.6 s of CPU each, the controller's at the very end, when its summary imports them):
# their assert statements are Hypothesis's own checks, not the tests'.
not_assertion_rewritten("hypothesis")


@pytest.fixture(scope="session", autouse=True)
def _temporary_folder_made_first(tmp_path_factory):
    """The session's temporary folder, made before any test asks for one from several threads at once.

    Under pytest-xdist each worker makes its folder on first use, and two
    threads arriving together (a fixture's thread pool) both try to make it.
    """
    tmp_path_factory.getbasetemp()


@pytest.fixture(scope="session", autouse=True)
def _temporary_files_in_the_sessions_folder(_temporary_folder_made_first, tmp_path_factory):
    """The temporary files that libraries make go into a folder of the session's, removed at its end, not into /tmp.

    TensorFlow's autograph writes a source file for every function it converts
    and deletes it at exit, which a forked child ending with ``os._exit``
    never reaches. Child processes started later (gradcli's workers, the CLI
    in a subprocess) take the folder from ``TMPDIR``. multiprocessing's own
    folder is made first, where it always is: multiprocessing removes it at
    the process's exit, after the session.
    """
    multiprocessing.util.get_temp_dir()
    folder = tmp_path_factory.mktemp("tempfile", numbered=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "tempdir", str(folder))
        patch.setenv("TMPDIR", str(folder))
        yield
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def _one_forkserver_per_test_process(_temporary_files_in_the_sessions_folder):
    """One forkserver for this test process's in-process audits and ``--timeout`` runs, started here, as a library's
    caller would start it.

    gradcli starts a forkserver per command and stops it when the command ends
    (`gradcli.isolation.stop_forkserver`: a command line's pipes would wait
    for its exit), and each start imports the checker again, about a second
    of CPU; in-process tests ran ~100 commands. A forkserver the caller's own
    code started first is the library's case (tests/test_isolation_library.py):
    gradcli forks its workers from it and leaves it running. Started with the
    audit's preload, which holds the check's. What gradcli does with its own
    forkserver is tested in fresh interpreters (test_isolation_leftovers.py,
    test_audit_startup.py, test_timeout.py), where this fixture does not reach.
    The forkserver takes this process's environment as it is now (``TMPDIR``
    set above); every worker forked from it is handed the current directory
    and ``sys.path`` by multiprocessing, as from one started later.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():
        yield
        return
    from multiprocessing import forkserver  # noqa: PLC0415 - where there is one

    from gradcli.audit.preload import PRELOAD  # noqa: PLC0415

    multiprocessing.get_context("forkserver").set_forkserver_preload(list(PRELOAD))
    forkserver.ensure_running()
    yield


# Files of the long mode, named on the command line or collected with ``--long``: the regression files of the
# earlier new-user trial rounds re-run whole user programs through the CLI (seconds each; the findings they guard
# are tested by the files of the fixes that closed them, and from round 23 on by test_trial_findings<round>.py),
# run by `make trials`; the benchmark scripts' tiny runs, run by `make bench` before the benchmarks. The suite keeps
# within its ten minutes on two cores; the latest trial round of each series (c, d), a round that holds an open
# finding as a strict xfail (48c) and the trials' shared helpers (test_user_trials.py) stay in every run; the d
# rounds' files run in the long mode from their landing from 82d on (their PyTorch and TensorFlow cases take 10-30 s
# each: 82d's open findings 20 s even at 120 digits), their findings guarded in every run by the files of the fixes.
LONG_MODE = {f"test_user_trials{r}.py" for r in ("3", "4", "5", "6", "7", "8", "9a", "9b", "10a", "10b", "11a", "11b",
                                                 "12a", "12b", "13a", "13b", "14a", "14b", "15a", "15b", "16a", "16b",
                                                 "17a", "17b", "18", "19a", "19b", "20a", "20b", "21a", "21b", "21c",
                                                 "22a", "22b", "23a", "23b", "23c", "24a", "24b", "24c", "25a", "25b",
                                                 "25c", "26a", "26b", "26c", "27a", "27b", "27c", "28a", "28b",
                                                 "28c", "29a", "29b", "29c", "30a", "30b", "30c", "31a", "31b",
                                                 "31c", "32a", "32b", "32c", "33a", "33b",
                                                 "33c", "34a", "34b", "34c", "35a", "35b", "35c",
                                                 "36a", "36b", "36c", "37a", "37b", "37c", "38a", "38b",
                                                 "38c", "39b", "39c", "40a", "40b", "40c", "41a", "41b", "41c",
                                                 "42a", "42b", "42c", "43a", "43b", "43c", "44a", "44b",
                                                 "44c", "45a", "45b", "45c", "46a", "46b", "46c", "47b", "48a",
                                                 "49a", "49b", "50a", "50b", "51c", "51d", "52c", "52d", "53c", "53d", "54c", "54d", "55c",
                                                 "55d", "56c", "56d", "57c", "57d", "58c", "58d", "59c", "59d", "60c", "60d", "61c", "61d", "62c", "62d", "63c", "63d", "64c", "64d", "65c", "65d", "66c", "66d", "67c", "68c", "67d", "69c", "68d", "70c", "71c", "69d", "72c", "73c", "70d", "74c", "71d", "75c", "72d", "76c", "73d", "77c", "74d", "78c", "75d", "79c", "76d", "80c", "77d", "81c", "78d", "82c", "79d", "83c", "80d", "84c", "82d", "85c", "86c", "87c", "81d", "88c", "89c", "84d", "90c", "85d", "83d", "91c", "86d", "92c", "87d", "93c", "88d", "94c", "89d", "95c", "90d", "96c", "91d", "97c", "98c", "92d", "99c", "93d", "100c", "94d", "101c", "102c", "95d", "103c", "96d", "104c", "97d", "105c", "98d", "106c", "99d", "107c", "100d", "108c", "101d", "109c", "102d", "110c", "111c", "103d", "112c", "104d", "113c", "105d", "114c", "115c", "106d")} | {
    "test_bench_smoke.py"}


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", help="also collect the long mode's files (tests/conftest.py)")


def pytest_ignore_collect(collection_path, config):
    """The long mode's files are collected where named or with ``--long`` alone."""
    if collection_path.name in LONG_MODE and not config.getoption("--long"):
        return True
    return None


def pytest_collection_modifyitems(config, items):
    """The longest test files first in an xdist worker, so that neither worker ends on a long one.

    ``--dist loadfile`` hands files out in this order given
    ``--no-loadscope-reorder``, as ``make test`` runs it (``file_costs.py``).
    """
    file_costs.order_for_workers(config, items)
    _bitlevel_tests_where_kernel_paths_finds_them(items)


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """Each xdist worker imports this folder's test files from its own share of them first (``file_costs.py``)."""
    report = yield
    file_costs.import_from_the_workers_share(collector, report, os.path.dirname(os.path.abspath(__file__)))
    return report


def _bitlevel_tests_where_kernel_paths_finds_them(items):
    """Every test marked ``bitlevel`` is in a file that ``kernel_paths.py`` reruns (one that names the mark): a mark
    applied from elsewhere (a hook, a helper module) would leave its test out of the reruns under other kernels."""
    marked = {item.path for item in items if item.get_closest_marker("bitlevel")}
    missed = sorted(str(path) for path in marked if not kernel_paths.may_hold_bitlevel(path))
    if missed:
        raise pytest.UsageError("tests marked bitlevel in files that do not name the mark, which tests/kernel_paths.py "
                                "would not rerun: " + ", ".join(missed))


def _keeps_ctrl_c(phase):
    """Run one phase of a test and fail it if it leaves Ctrl-C answered otherwise than it found it: a process
    started later by this worker inherits an ignored SIGINT and can never be stopped by Ctrl-C (the tests of
    Ctrl-C would fail far from the cause). The handler found is put back."""
    before = signal.getsignal(signal.SIGINT)
    outcome = yield
    after = signal.getsignal(signal.SIGINT)
    if after is not before:
        signal.signal(signal.SIGINT, before)
        raise AssertionError(f"the test's {phase} left SIGINT's handler {after!r} (it found {before!r})")
    return outcome


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    return (yield from _keeps_ctrl_c("setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    return (yield from _keeps_ctrl_c("call"))


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    """Each test function called in the frame stack's room (`gradcli.stack_room`), as gradcli's own entry points call
    the checker: a test that calls a lower layer directly (the differences, the exact reference) runs as a check
    runs it, without mapping memory at every call where its loops meet a chunk's end of the frame stack."""
    test = pyfuncitem.obj
    pyfuncitem.obj = stack_room.roomy(test)
    try:
        return (yield)
    finally:
        pyfuncitem.obj = test


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    return (yield from _keeps_ctrl_c("teardown"))


def pytest_sessionfinish(session):
    """In an xdist worker: what its teardown would do slowly, done before it reports its session finished.

    Once a worker reports it, the controller ends its gateway, and execnet sends
    the worker a SIGINT if it is still busy 5 s later. Two parts of a worker's
    teardown can take that long: Hypothesis's terminal summary imports
    Hypothesis (seconds from source, with assertion rewriting, in a worker that
    ran no Hypothesis test), and pytest's collection of unraisable exceptions
    walks the whole heap (JAX, PyTorch, TensorFlow). A KeyboardInterrupt lands
    wherever the worker is, JAX's garbage-collector callback among the places,
    where Python can only report it (PytestUnraisableExceptionWarning). Done
    here, both run while the controller still waits.
    """
    if not hasattr(session.config, "workerinput"):
        return
    if "_hypothesis_pytestplugin" in sys.modules:
        import hypothesis.internal.observability  # noqa: F401 - what its terminal summary imports
    gc.collect()  # cycles freed now, their finalizers' errors still reported
    gc.freeze()  # and the teardown's own collections skip what lives to the end


# A test that is about the wall-clock budget itself (its default, or a check it stops) says so with this mark.
WALL_CLOCK_BUDGET = "wall_clock_budget"


def pytest_configure(config):
    config.addinivalue_line("markers", f"{WALL_CLOCK_BUDGET}: the test sees the check's default --max-time (30 s) "
                                       "rather than no limit (tests/conftest.py)")


@pytest.fixture(autouse=True)
def _no_wall_clock_budget(request):
    """A check, sweep or audit that a test starts without saying ``max_time`` (or ``--max-time``, in this process)
    has no time budget: a slow or loaded machine makes it slower, never a different verdict.

    The default budget is wall-clock seconds, 30 for the whole check, which a
    machine at a load of 15 on two cores spends before a reference of a few
    seconds is done. A test that names a budget keeps it, and a test marked
    ``wall_clock_budget`` sees the real default. A CLI run in a subprocess
    keeps the real default: it says ``--max-time inf`` where it needs to.
    """
    if request.node.get_closest_marker(WALL_CLOCK_BUDGET):
        yield
        return
    with default_max_time(math.inf):
        yield


@contextlib.contextmanager
def default_max_time(seconds):
    """The budget of a check that names none is ``seconds`` in this block: `CheckOptions`' default, and the default of
    every command's ``--max-time`` of a check's budget (``gradcli diff``'s bounds sympy, and is left alone)."""
    init, at, options = _budget_defaults()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(init, "__defaults__", init.__defaults__[:at] + (seconds,) + init.__defaults__[at + 1:])
        for option in options:
            patch.setattr(option, "default", seconds)
        yield


@functools.lru_cache(maxsize=None)
def _budget_defaults():
    """`CheckOptions.__init__`, where ``max_time`` stands in its defaults, and the commands' ``--max-time`` options that
    default to it."""
    from gradcli import cli  # noqa: PLC0415 - click's commands, loaded once per worker, by its first test
    from gradcli.checker.options import CheckOptions  # noqa: PLC0415

    init = CheckOptions.__init__
    names = init.__code__.co_varnames[1:init.__code__.co_argcount]
    at = names.index("max_time") - (len(names) - len(init.__defaults__))
    real = init.__defaults__[at]
    options = tuple(param for command in cli.cli.commands.values() for param in command.params
                    if param.name == "max_time" and param.default == real)
    return init, at, options


@pytest.fixture(autouse=True)
def _seeded_rng():
    """Every test starts from the same random state, whatever ran before it."""
    opcheck.seed(0)
    np.random.seed(0)
    yield


@pytest.fixture(autouse=True)
def _precision_left_as_found():
    """mpmath's and python-flint's global precisions are the same after a test as before: every later test in the
    process reads them.

    A test that sets ``mpmath.mp.dps`` or ``flint.ctx.prec`` (rather than
    ``mpmath.workdps`` or ``flint.ctx.workprec``) fails here, not in whichever
    test the same worker runs next.
    """
    before = {name: _global_precision(name) for name in ("mpmath", "flint")}
    yield
    for name, was in before.items():
        now = _global_precision(name)
        if now is None:
            continue
        was = 53 if was is None else was  # each library's default, where the test imported it first
        if now != was:
            _set_global_precision(name, was)
            pytest.fail(f"the test left {name}'s precision at {now} bits (was {was})", pytrace=False)


# JAX's x64 mode is one setting for the whole process; gradcli turns it on for a float64 check and back, and JAX
# tests assert what the user's float32 run gives with it off. Off unless the environment asks for it.
_JAX_X64_AS_FOUND = os.environ.get("JAX_ENABLE_X64", "").lower() in ("1", "true", "yes")


def _jax_x64():
    jax = sys.modules.get("jax")
    return None if jax is None else bool(jax.config.jax_enable_x64)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """The cyclic garbage collector is off while a worker collects (``pytest_collection_finish`` freezes the heap).

    Collection imports every test file, and with them JAX, PyTorch and
    TensorFlow: a heap of a million objects that only grows, where each full
    collection its growth sets off walks all of it (23 of them, 5.5 s of CPU
    in a 22 s collection of the whole folder).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return (yield)
    finally:
        if collecting:
            gc.enable()


def pytest_collection_finish(session):
    """A test module that turns JAX's x64 mode on where it is imported turns it on for every test its worker runs.

    What collection imported (every test file, and with them JAX, PyTorch and TensorFlow) lives to the session's end:
    it is frozen out of the garbage collector (``gc.freeze``), so that neither the worker's later full collections nor
    those of the children it forks (gradcli's ``--timeout`` and ``--max-time`` workers, a forked CLI) walk it again.
    It is frozen uncollected: the cycles the imports left (115,000 objects of a million) keep their memory, which
    freeing them would not hand back to the system (the worker's resident size is the same, 1.1 GB, either way),
    and a full collection to find them would walk the whole heap once more (1 s of CPU in each worker).
    """
    if _jax_x64() not in (None, _JAX_X64_AS_FOUND):
        raise pytest.UsageError("a test module turned JAX's x64 mode on as it was imported (jax.config.update): every "
                                "later JAX test in the worker would run in it; use `with jax.enable_x64(True):` in the test")
    gc.freeze()
    youngest, middle, _ = gc.get_threshold()
    gc.set_threshold(youngest, middle, FULL_COLLECTION_EVERY)


# A full collection after every 100th collection of the middle generation rather than every 10th (Python's default).
# With the collected heap frozen, a full collection walks every object the tests made since, which grows with what
# they keep (compiled programs, traced graphs, caches). In 40 test files of every kind, on two workers: at the
# default 22 automatic full collections, 3.0 s of their 73 s of CPU with the two before freezing; at 100, 3 and 1.6 s.
FULL_COLLECTION_EVERY = 100


@pytest.fixture(autouse=True)
def _jax_mode_left_as_found():
    """JAX's x64 mode is the same after a test as before it (a test that turns it on globally fails here)."""
    yield
    now = _jax_x64()
    if now not in (None, _JAX_X64_AS_FOUND):
        sys.modules["jax"].config.update("jax_enable_x64", _JAX_X64_AS_FOUND)
        pytest.fail(f"the test left JAX's x64 mode {'on' if now else 'off'}", pytrace=False)


def _global_precision(name):
    module = sys.modules.get(name)
    if module is None:
        return None
    return module.mp.prec if name == "mpmath" else module.ctx.prec


def _set_global_precision(name, bits):
    module = sys.modules[name]
    if name == "mpmath":
        module.mp.prec = bits
    else:
        module.ctx.prec = bits


@pytest.fixture
def quiet_numpy():
    """NumPy's floating-point warnings off for one test (inf and nan are what some tests are about).

    Not autouse: other tests assert that no warning leaks out of gradcli.
    """
    with np.errstate(all="ignore"):
        yield
