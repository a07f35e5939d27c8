"""The suite's shared set-up (conftest.py): what every test can count on."""

import gc
import os
import pathlib
import subprocess
import sys
import tempfile


def test_temporary_files_go_into_the_sessions_folder_for_this_process_and_its_children(tmp_path_factory):
    session = tmp_path_factory.getbasetemp()
    assert pathlib.Path(tempfile.gettempdir()).is_relative_to(session)
    with tempfile.NamedTemporaryFile(prefix="__autograph_generated_file") as made:
        assert pathlib.Path(made.name).is_relative_to(session)
    child = subprocess.run([sys.executable, "-c", "import tempfile; print(tempfile.gettempdir())"],
                           capture_output=True, text=True, env=os.environ, check=True)
    assert pathlib.Path(child.stdout.strip()).is_relative_to(session)


def test_the_garbage_collector_runs_in_every_test_with_what_collection_imported_set_aside():
    # off while the test files are imported, on again once they are, with that heap frozen out of its sight
    assert gc.isenabled()
    assert gc.get_freeze_count() > 10_000  # NumPy, pytest and every test module at least
    assert gc.get_threshold()[2] == 100  # a full collection walks what the tests made: one in a hundred, not ten
