"""The suite's own scheduling: xdist workers take the longest test files first, by the table of file costs."""

import pathlib
import re
import statistics
import types

import file_costs

pytest_plugins = ["pytester"]

TESTS = pathlib.Path(__file__).resolve().parent


def _items(*nodeids):
    return [types.SimpleNamespace(nodeid=nodeid) for nodeid in nodeids]


def test_longest_file_first_each_files_tests_in_their_own_order():
    items = _items("a.py::one", "a.py::two", "b.py::one", "c.py::one", "c.py::two", "c.py::three")
    ordered = file_costs.longest_files_first(items, {"a.py": 1.0, "b.py": 9.0, "c.py": 5.0})
    assert [item.nodeid for item in ordered] == [
        "b.py::one", "c.py::one", "c.py::two", "c.py::three", "a.py::one", "a.py::two",
    ]


def test_a_file_the_table_does_not_name_counts_as_the_median_file():
    items = _items("new.py::t", "slow.py::t", "mid.py::t", "fast.py::t", "quick.py::t")
    costs = {"slow.py": 50.0, "mid.py": 10.0, "fast.py": 2.0, "quick.py": 1.0}
    ordered = [item.nodeid for item in file_costs.longest_files_first(items, costs)]
    assert ordered == ["slow.py::t", "mid.py::t", "new.py::t", "fast.py::t", "quick.py::t"]  # the median is 6
    assert file_costs.longest_files_first(items, {}) == sorted(items, key=lambda item: item.nodeid)


def test_the_table_in_the_repository_names_existing_files_with_positive_seconds():
    costs = file_costs.read_costs()
    assert len(costs) > 100
    root = TESTS.parent
    assert all((root / path).is_file() and seconds >= 0 for path, seconds in costs.items())
    assert costs["tests/test_readme.py"] > statistics.median(costs.values())


def _write_files(pytester, tests_per_file):
    for name, count in tests_per_file.items():
        body = "".join(f"def test_{i}():\n    pass\n" for i in range(count))
        pytester.makepyfile(**{name: body})


def test_the_recorder_writes_each_files_seconds_and_keeps_the_rows_of_files_not_run(pytester, monkeypatch):
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # the installed plugins play no part here
    _write_files(pytester, {"test_quick": 2})
    pytester.makepyfile(test_sleepy="import time\ndef test_sleeps():\n    time.sleep(0.3)\n")
    table = pytester.path / "costs.tsv"
    table.write_text("7.0\ttest_kept.py\n3.0\ttest_gone.py\n999.0\ttest_quick.py\n")
    (pytester.path / "test_kept.py").write_text("")
    result = pytester.runpytest_inprocess("test_sleepy.py", "test_quick.py", plugins=[file_costs.CostRecorder(table)])
    result.assert_outcomes(passed=3)
    costs = file_costs.read_costs(table)
    assert set(costs) == {"test_kept.py", "test_sleepy.py", "test_quick.py"}
    assert costs["test_kept.py"] == 7.0
    assert costs["test_sleepy.py"] >= 0.3  # set-up, call and tear-down added up, the call's sleep included
    assert costs["test_quick.py"] < 999.0
    assert list(costs) == sorted(costs, key=lambda path: -costs[path])


def test_an_xdist_worker_runs_the_files_longest_first(pytester, monkeypatch):
    """Through xdist itself: by test count (its own default) the order would be many_tests, middle, few_tests."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # xdist alone, named below
    _write_files(pytester, {"test_many_tests": 5, "test_few_tests": 1, "test_middle": 3})
    table = pytester.path / "costs.tsv"
    table.write_text("1.0\ttest_many_tests.py\n9.0\ttest_few_tests.py\n4.0\ttest_middle.py\n")
    pytester.makeconftest(
        f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nimport file_costs\n"
        "def pytest_collection_modifyitems(config, items):\n"
        f"    file_costs.order_for_workers(config, items, file_costs.pathlib.Path({str(table)!r}))\n"
    )
    result = pytester.runpytest_inprocess("-p", "xdist.plugin", "-n", "1", "--dist", "loadfile", "--no-loadscope-reorder", "-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=9)
    ran = [m.group(1) for line in result.outlines if (m := re.search(r"PASSED (test_\w+)\.py::", line))]
    files_in_order = [name for i, name in enumerate(ran) if i == 0 or ran[i - 1] != name]
    assert files_in_order == ["test_few_tests", "test_middle", "test_many_tests"], result.outlines


def test_each_xdist_worker_imports_the_files_from_its_own_share_and_runs_them_in_one_order(pytester, monkeypatch):
    """Two workers: the second imports the folder's files from halfway through, and xdist finds the same tests in the
    same order in both (it refuses to run where they differ)."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # xdist alone, named below
    log = pytester.path / "imports.log"
    for name in ("test_a", "test_b", "test_c", "test_d"):
        pytester.makepyfile(**{name: f"import os\nwith open({str(log)!r}, 'a') as log:\n"
                                     "    log.write(os.environ['PYTEST_XDIST_WORKER'] + ' ' + __name__ + '\\n')\n"
                                     "def test_one():\n    pass\n"})
    pytester.makeconftest(
        f"import os, sys\nimport pytest\nsys.path.insert(0, {str(TESTS)!r})\nimport file_costs\n"
        "def pytest_collection_modifyitems(config, items):\n"
        f"    file_costs.order_for_workers(config, items, file_costs.pathlib.Path({str(pytester.path / 'none.tsv')!r}))\n"
        "@pytest.hookimpl(wrapper=True)\n"
        "def pytest_make_collect_report(collector):\n"
        "    report = yield\n"
        "    file_costs.import_from_the_workers_share(collector, report, os.path.dirname(os.path.abspath(__file__)))\n"
        "    return report\n"
    )
    result = pytester.runpytest_inprocess("-p", "xdist.plugin", "-n", "2", "--dist", "loadfile", "--no-loadscope-reorder", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)
    imports = [line.split() for line in log.read_text().splitlines()]
    assert [name for worker, name in imports if worker == "gw0"] == ["test_a", "test_b", "test_c", "test_d"], imports
    assert [name for worker, name in imports if worker == "gw1"] == ["test_c", "test_d", "test_a", "test_b"], imports
