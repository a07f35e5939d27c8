"""What the user's code logs or writes to stderr while gradcli traces it never reaches the user's handlers: the
trace's numbers are fake tensors, formatted as NaN's text or refused by a handler's ``%`` formatting. PyTorch's own
runs log and write the numbers PyTorch computes. The user's module configures its logging as a training script does
(a handler of its own, at import); the truth is mpmath's 3 log(1 + e^x) at the point.
"""

import re
import textwrap

import mpmath
import pytest
import torch  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget

import gradcli
from gradcli.errors import InputError

SOURCE = textwrap.dedent('''\
    import logging
    import math
    import sys

    import torch

    SEEN = []  # every line the user's handler was given, as it formatted it


    class Kept(logging.Handler):
        def emit(self, record):
            SEEN.append(self.format(record))


    LOG = logging.getLogger("training")
    LOG.setLevel(logging.INFO)
    LOG.propagate = False
    LOG.addHandler(Kept())


    def loss(x):
        y = torch.log1p(torch.exp(x)) * 3
        LOG.info(f"f-string {float(y):.3f}")
        LOG.info("percent %g" % y.item())
        LOG.info("str " + str(y.item()))
        LOG.info("lazy %.4f", y.item())
        print(f"stderr {y.item():.2f}", file=sys.stderr)
        return y


    def computed(x):
        y = torch.exp(x)
        LOG.info("peak %g" % y.item())
        return x * math.log(y.item())
''')


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logged")
    (folder / "logged.py").write_text(SOURCE)
    return str(folder / "logged.py")


def test_the_trace_logs_nothing_and_pytorchs_runs_log_their_numbers(users, capsys):
    import sys

    (result,) = gradcli.check(f"{users}:loss", [{"x": 0.5}], dtypes=("float64",), fixes=False).results
    with mpmath.workdps(30):
        truth = float(3 * mpmath.log1p(mpmath.exp(mpmath.mpf(0.5))))
    assert result.status.value == "ok" and float(result.value) == pytest.approx(truth, rel=1e-12)
    module = next(m for m in sys.modules.values() if getattr(m, "__file__", None) == users)
    seen = module.SEEN
    assert seen and not [line for line in seen if "nan" in line or "Fake" in line], seen
    for label in ("f-string", "percent", "str", "lazy"):
        lines = [line for line in seen if line.startswith(label + " ")]
        assert lines, (label, seen)
        # PyTorch's runs: at the point, and at the few points its finite differences take beside it
        assert all(abs(float(line.split()[1]) - truth) < 1e-3 for line in lines), lines
    err = capsys.readouterr().err
    assert "Logging error" not in err and "nan" not in err, err
    written = re.findall(r"stderr (\S+)", err)
    assert written and all(abs(float(v) - truth) < 1e-2 for v in written), err


def test_the_users_logging_and_streams_are_theirs_again_after_the_trace(users):
    import logging
    import sys

    gradcli.check(f"{users}:loss", [{"x": 0.25}], dtypes=("float64",), fixes=False)
    assert logging.Logger.handle.__qualname__ == "Logger.handle"
    assert type(sys.stderr).__name__ != "_HiddenFor" and type(sys.stdout).__name__ != "_HiddenFor"


def test_a_number_read_and_computed_with_stays_refused_beside_one_formatted(users):
    with pytest.raises(InputError) as refused:
        gradcli.check(f"{users}:computed", [{"x": 0.5}], dtypes=("float64",), fixes=False)
    line = 1 + SOURCE.splitlines().index("    return x * math.log(y.item())")  # the call, not the logged read
    assert f"logged.py:{line}: math.log turns a traced value into a Python number" in str(refused.value), refused.value
