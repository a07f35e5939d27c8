"""A project to audit, written into a folder: a spec with every kind of case, and a package of decorated functions."""

import json

from click.testing import CliRunner

from gradcli.cli import cli

TARGETS = '''
import os
import signal
import time

import gradcli.numpy as gnp


def hang(x):
    end = time.monotonic() + 60  # busy: a case's limit is CPU time
    while time.monotonic() < end:
        pass
    return x


def boom(x):
    raise RuntimeError("boom in the target")


def die(x):
    os._exit(3)


def segfault(x):
    os.kill(os.getpid(), signal.SIGSEGV)


def softplus(x):
    return gnp.log1p(gnp.exp(x))
'''

SPEC = '''
[defaults]
dtypes = ["float64"]
fixes = false
timeout = 20

[[case]]
name = "passing"
target = "exp(x)"
at = ["x=1"]

[[case]]
name = "failing"
target = "log(1+exp(x))"
at = ["x=100"]
dtypes = ["float32"]

[[case]]
name = "known"
target = "log(1+exp(x))"
at = ["x=100"]
dtypes = ["float32"]
expect = "unstable"

[[case]]
name = "better"
target = "exp(x)"
at = ["x=1"]
expect = "unstable"

[[case]]
name = "hanging"
target = "targets.py:hang"
at = ["x=1"]
timeout = 1

[[case]]
name = "raising"
target = "targets.py:boom"
at = ["x=1"]

[[case]]
name = "killing"
target = "targets.py:die"
at = ["x=1"]

[[case]]
name = "segfault"
target = "targets.py:segfault"
at = ["x=1"]

[[case]]
name = "swept"
target = "targets.py:softplus"
range = "x=-50:50:21"
'''

LOSSES = '''
import gradcli
import gradcli.numpy as gnp


@gradcli.audit(at=["x=2"], dtypes=["float64"], fixes=False)
def softplus(x):
    return gnp.log1p(gnp.exp(x))


@gradcli.audit(at=["x=100"], dtypes=["float32"], fixes=False)
def naive(x):
    return gnp.log(1 + gnp.exp(x))


def never(x):
    open(__file__ + ".called", "w").close()  # proof, if it ever runs
    return x
'''

STATUSES = {
    "passing": "pass",
    "failing": "fail",
    "known": "pass",
    "better": "fail",
    "hanging": "error",
    "raising": "error",
    "killing": "error",
    "segfault": "error",
    "swept": "pass",
    "models.losses:softplus": "pass",
    "models.losses:naive": "fail",
}


def spec_of(names):
    """SPEC with only the [[case]] tables named (and its [defaults])."""
    defaults, *tables = SPEC.split("[[case]]")
    return defaults + "".join("[[case]]" + t for t in tables if any(f'name = "{n}"\n' in t for n in names))


def write_project(folder):
    """The spec, its target file and the package ``models`` in ``folder``; returns the folder."""
    (folder / "gradcli.toml").write_text(SPEC)
    (folder / "targets.py").write_text(TARGETS)
    (folder / "models").mkdir()
    (folder / "models" / "__init__.py").write_text("")
    (folder / "models" / "losses.py").write_text(LOSSES)
    return folder


def audit(*args):
    """``gradcli audit ARGS`` in this process: (exit code, stdout, stderr)."""
    result = CliRunner().invoke(cli, ["audit", *map(str, args)])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def audit_json(*args):
    code, out, err = audit(*args, "--json")
    return code, json.loads(out), err
