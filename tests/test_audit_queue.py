"""Each running worker holds the next case queued behind its own; a worker stopped or dead hands that case back."""

import os
import subprocess
import sys
from collections import deque

from gradcli.audit import run
from gradcli.audit.cases import make_case
from gradcli.audit.results import CaseResult


def cases(*names, timeout=30):
    return [make_case(name, "exp(x)", [{"at": ["x=1"], "dtypes": ["float64"], "timeout": timeout}]) for name in names]


class Worker:
    def __init__(self, number):
        self.number, self.jobs, self.alive = number, deque(), True


class FakeWorkers:
    """Workers simulated here: each answers its jobs in the order sent; a case named ``dies...`` kills its worker.

    ``log`` records what the scheduler did: ``(worker, "start"|"queue"|"answer"|"died", case name, cases waiting)``.
    """

    def __init__(self):
        self.workers, self.log = [], []

    def start(self, case):
        worker = Worker(len(self.workers))
        self.workers.append(worker)
        return self.send(worker, case, "start")

    def send_next(self, worker, case):
        self.send(worker, case, "queue")
        return True

    def send(self, worker, case, how):
        assert worker.alive
        worker.jobs.append(case)
        self.log.append((worker.number, how, case.name))
        return worker

    def holds(self, worker):
        return worker.alive

    def next_look(self, worker, started, timeout):
        return started + timeout

    def over_time(self, worker, started, timeout):
        return None

    def wait(self, workers, timeout):
        pass

    def outcome(self, worker, case):
        assert worker.jobs[0] is case  # the case the scheduler times is the one the worker runs
        if case.name.startswith("dies"):
            worker.alive = False
            self.log.append((worker.number, "died", case.name))
            return run.error_result(case, "its worker died")
        worker.jobs.popleft()
        self.log.append((worker.number, "answer", case.name))
        return CaseResult(case.name, case.target, "pass")

    def stop(self, worker):
        worker.alive = False
        return "its worker was stopped"


def schedule(chosen, jobs):
    pool, done = FakeWorkers(), {}
    run._schedule(list(enumerate(chosen)), jobs, pool, lambda index, result: done.__setitem__(index, result))
    return pool.log, [done[i].status for i in range(len(chosen))]


def test_a_worker_gets_its_next_case_before_it_answers_while_more_wait_than_run():
    log, statuses = schedule(cases("a", "b", "c", "d", "e"), jobs=1)
    assert statuses == ["pass"] * 5
    assert log[:3] == [(0, "start", "a"), (0, "queue", "b"), (0, "answer", "a")]
    # Near the end (no more waiting than running) a case is not queued: another worker might be idle by then.
    assert [entry for entry in log if entry[1] == "queue"] == [(0, "queue", n) for n in "bcd"]


def test_a_case_queued_behind_one_that_kills_its_worker_runs_on_another():
    log, statuses = schedule(cases("a", "dies", "b", "c", "d", "e"), jobs=1)
    assert statuses == ["pass", "error", "pass", "pass", "pass", "pass"]
    assert (0, "queue", "b") in log and (0, "died", "dies") in log
    assert log[log.index((0, "died", "dies")) + 1] == (1, "start", "b")  # handed back, first in line


def test_the_cases_that_need_scipy_go_to_one_worker_while_others_wait():
    # scipy.special costs each worker that imports it 0.25 s: the first worker to need it takes every such case
    # while other cases remain for the rest; only when nothing else waits does another worker take one.
    # (erf, erfc and xlogy need SciPy's ufuncs alone, not the package: they go to any worker.)
    targets = {"lg1": "gammaln(x) + 1", "dg": "1 - digamma (x)", "lg2": "x*gammaln(x)", "pg": "polygamma(1, x)", "lg4": "gammaln(2*x)"}
    names = ["a", "lg1", "b", "dg", "lg2", "c", "d", "pg", "e", "f", "g", "lg4"]
    plain = {"a": "exp(x) + erfx", "b": "erf(x)", "c": "erfc(x) + 1", "d": "xlogy(x, x)"}
    chosen = [make_case(n, targets.get(n, plain.get(n, "exp(x) + erfx")), [{"at": ["x=1"], "dtypes": ["float64"]}]) for n in names]
    assert [run._needs_scipy(c) for c in chosen if c.name in plain] == [False] * len(plain)
    log, statuses = schedule(chosen, jobs=2)
    assert statuses == ["pass"] * len(chosen)
    given = [(worker, name) for worker, how, name in log if how in ("start", "queue")]
    assert sorted(name for _, name in given) == sorted(names)  # each ran once
    keeper = dict((name, worker) for worker, name in given)["lg1"]
    last_plain = max(k for k, (_, name) in enumerate(given) if name not in targets)
    assert {worker for worker, name in given[:last_plain] if name in targets} == {keeper}
    assert len({worker for worker, name in given if name not in targets}) > 1  # the others were not idle


# A real pool: a case that hangs past its timeout and one that kills its worker, each with cases queued behind
# them, on one worker at a time; every other case still runs, and passes.
REAL_POOL = """
import os, sys, time
from gradcli.audit.cases import make_case
from gradcli.audit.run import run_audit

def case(name, target, timeout=60):
    return make_case(name, target, [{"at": ["x=1"], "dtypes": ["float64"], "timeout": timeout, "fixes": False}], folder=os.getcwd())

open("model.py", "w").write("import os, time\\ndef hang(x):\\n    while True:\\n        pass\\ndef die(x):\\n    os._exit(3)\\n")
chosen = [case("a", "exp(x)"), case("hang", "model.py:hang", timeout=2), case("b", "exp(x)"), case("c", "exp(x)"),
          case("die", "model.py:die"), case("d", "exp(x)"), case("e", "exp(x)"), case("f", "exp(x)")]
print(" ".join(f"{c.name}={c.status}" for c in run_audit(chosen, jobs=1).cases))
"""


def test_cases_queued_behind_a_hang_and_a_crash_run_and_pass(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", REAL_POOL], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.stdout.split() == ["a=pass", "hang=error", "b=pass", "c=pass", "die=error", "d=pass", "e=pass", "f=pass"], done.stderr
