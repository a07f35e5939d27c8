"""tests/kernel_paths.py's reruns under other SIMD kernels: which files they collect, and the check that no marked
test is left out of them."""

import pathlib
import types

import pytest

import kernel_paths
from conftest import _bitlevel_tests_where_kernel_paths_finds_them


def test_the_reruns_collect_the_files_that_name_the_mark_and_only_those(tmp_path):
    (tmp_path / "test_marked.py").write_text("import pytest\n\n\n@pytest.mark.bitlevel\ndef test_a():\n    pass\n")
    (tmp_path / "test_module_marked.py").write_text("import pytest\n\npytestmark = pytest.mark.bitlevel\n")
    (tmp_path / "test_plain.py").write_text("from bitlevel import assert_same_bits\n\n\ndef test_b():\n    pass\n")
    (tmp_path / "helper_bitlevel.py").write_text("# bitlevel, but no test file\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "test_deeper.py").write_text("import pytest\n\nmarked = pytest.mark.bitlevel\n")
    assert [pathlib.Path(p).relative_to(tmp_path).as_posix() for p in kernel_paths.bitlevel_files(tmp_path)] == [
        "sub/test_deeper.py", "test_marked.py", "test_module_marked.py"]


def test_the_suites_own_bitlevel_files_are_found():
    found = {pathlib.Path(p).name for p in kernel_paths.bitlevel_files()}
    assert {"test_buffer_pool.py", "test_one_array_door.py", "test_jax_program.py"} <= found
    assert "test_kernel_paths.py" in found and "test_diff_cli.py" not in found and "test_jax_cache.py" not in found


def _item(path, marked):
    return types.SimpleNamespace(path=path, get_closest_marker=lambda name: marked if name == "bitlevel" else None)


def test_a_bitlevel_test_in_a_file_that_does_not_name_the_mark_stops_the_run(tmp_path):
    named, unnamed = tmp_path / "test_named.py", tmp_path / "test_unnamed.py"
    named.write_text("pytestmark = pytest.mark.bitlevel\n")
    unnamed.write_text("import bitlevel\n")
    _bitlevel_tests_where_kernel_paths_finds_them([_item(named, True), _item(unnamed, False)])
    with pytest.raises(pytest.UsageError, match="test_unnamed.py"):
        _bitlevel_tests_where_kernel_paths_finds_them([_item(named, True), _item(unnamed, True)])
