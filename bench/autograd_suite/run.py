"""Run HIPS autograd's own test suite, unmodified, against gradcli through the shim beside this script.

The tests are not kept in this repository: the script asks pip for autograd's
source distribution (which ships them) into a temporary folder, unpacks its
``tests/`` there, and runs pytest on them with ``shim/`` first on the path, so
``import autograd`` and its submodules are gradcli. It prints pytest's summary
and exits with pytest's code. Extra arguments go to pytest (``-k fft``, ``-x``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHIM = os.path.join(HERE, "shim")
REPO = os.path.dirname(os.path.dirname(HERE))
# The release whose tests the README's count is for; AUTOGRAD_VERSION picks another.
VERSION = os.environ.get("AUTOGRAD_VERSION", "1.9.1")


def download_sdist(folder):
    """autograd's source distribution, fetched by pip into ``folder``; its path."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:"]
    subprocess.run(command + ["-d", folder, f"autograd=={VERSION}"], check=True)
    (name,) = [f for f in os.listdir(folder) if f.endswith((".tar.gz", ".zip"))]
    return os.path.join(folder, name)


def unpack_tests(sdist, folder):
    """The sdist's ``tests/`` folder unpacked into ``folder``; its path, or None when the sdist has none."""
    with tarfile.open(sdist) as archive:
        members = [m for m in archive.getmembers() if "/tests/" in m.name and m.isfile()]
        if not members:
            return None
        archive.extractall(folder, members=members, filter="data")
    return os.path.join(folder, os.path.commonpath([m.name for m in members]))


def main(pytest_args):
    with tempfile.TemporaryDirectory(prefix="autograd-suite-") as folder:
        sdist = download_sdist(folder)
        tests = unpack_tests(sdist, folder)
        if tests is None:
            print(f"{os.path.basename(sdist)} ships no tests/: nothing to run", file=sys.stderr)
            return 2
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([SHIM, REPO, os.environ.get("PYTHONPATH", "")]))
        # -p no:cacheprovider: no .pytest_cache left behind; -o addopts=: none of autograd's own pytest options.
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--rootdir", tests]
        return subprocess.run(command + list(pytest_args) + [tests], env=env, cwd=folder).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
