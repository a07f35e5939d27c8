"""An audit case's timeout is CPU time: a loaded machine slows a case without stopping it; a case that sleeps is still
stopped at the wall ceiling. Decided with a fake clock and a fake CPU-time source (nothing here is timed)."""

import os
import time
import types

import pytest

from gradcli.isolation import WALL_CEILING, LocalWorkers, process_cpu_seconds


class Machine:
    """A fake wall clock and the fake CPU time of one worker process, moved by hand."""

    def __init__(self):
        self.wall, self.cpu = 1000.0, 5.0

    def run(self, wall, cpu):
        self.wall += wall
        self.cpu += cpu


@pytest.fixture
def machine():
    return Machine()


def pool_and_worker(machine, readable=True):
    pool = LocalWorkers(cpu_seconds=lambda pid: machine.cpu if readable else None, clock=lambda: machine.wall)
    worker = types.SimpleNamespace(process=types.SimpleNamespace(pid=12345), clock_started=None, cpu_from=None)
    pool._cpu_starts(worker)  # the job is sent
    return pool, worker, machine.wall


def clock_starts(pool, worker, machine):
    worker.clock_started = machine.wall
    pool._cpu_starts(worker)


def test_a_case_slowed_by_a_loaded_machine_runs_on_until_its_cpu_time_is_spent(machine):
    pool, worker, sent = pool_and_worker(machine)
    machine.run(wall=2.0, cpu=1.5)  # loading its module: not the case's time
    clock_starts(pool, worker, machine)
    machine.run(wall=60.0, cpu=2.7)  # trials14a's NumPy case at a load of ~20: 2.7 s of CPU in 60 s
    assert pool.over_time(worker, sent, 30.0) is None
    machine.run(wall=200.0, cpu=27.3)
    assert pool.over_time(worker, sent, 30.0) == "30 s of CPU time"


def test_a_case_that_sleeps_is_stopped_at_the_wall_ceiling(machine):
    pool, worker, sent = pool_and_worker(machine)
    clock_starts(pool, worker, machine)
    machine.run(wall=WALL_CEILING * 2.0 - 0.5, cpu=0.1)
    assert pool.over_time(worker, sent, 2.0) is None
    machine.run(wall=0.5, cpu=0.0)
    assert pool.over_time(worker, sent, 2.0) == (
        f"{WALL_CEILING * 2:g} s of wall time, {WALL_CEILING} times its limit of 2 s of CPU time, of which it used 0.1 s"
    )


def test_loading_has_a_cpu_limit_of_its_own_and_says_so(machine):
    pool, worker, sent = pool_and_worker(machine)
    machine.run(wall=30.0, cpu=3.9)
    assert pool.over_time(worker, sent, 4.0) is None
    machine.run(wall=1.0, cpu=0.2)
    assert pool.over_time(worker, sent, 4.0) == "4 s of CPU time while loading its module and framework"


def test_without_a_readable_cpu_time_the_limit_is_wall_time(machine):
    pool, worker, sent = pool_and_worker(machine, readable=False)
    clock_starts(pool, worker, machine)
    machine.run(wall=1.9, cpu=0.0)
    assert pool.over_time(worker, sent, 2.0) is None and pool.next_look(worker, sent, 2.0) == pytest.approx(machine.wall + 0.1)
    machine.run(wall=0.1, cpu=0.0)
    assert pool.over_time(worker, sent, 2.0) == "2 s"


def test_the_scheduler_looks_again_soon_enough_and_never_past_the_ceiling(machine):
    pool, worker, sent = pool_and_worker(machine)
    clock_starts(pool, worker, machine)
    machine.run(wall=3.0, cpu=1.75)
    assert pool.next_look(worker, sent, 2.0) == pytest.approx(machine.wall + 0.25)  # the soonest 2 s could be used
    assert pool.next_look(worker, sent, 30.0) == machine.wall + 1.0  # threads may use more than a core: look each second
    machine.run(wall=WALL_CEILING * 2.0 - 3.0 - 0.1, cpu=0.0)
    assert pool.next_look(worker, sent, 2.0) == pytest.approx(machine.wall + 0.1)  # the ceiling comes first


def test_a_process_cpu_time_is_read_from_proc():
    if not os.path.exists(f"/proc/{os.getpid()}/stat"):
        assert process_cpu_seconds(os.getpid()) is None
        return
    before = time.process_time()
    total = 0
    for i in range(200_000):  # some CPU time of this process, so the reading is not trivially 0
        total += i
    read = process_cpu_seconds(os.getpid())
    assert before - 0.05 <= read <= time.process_time()  # /proc counts whole clock ticks, never ahead
    assert process_cpu_seconds(-1) is None
