"""CLI latency: how long a user waits for ``gradcli grad`` and ``gradcli --help``.

Wall time of fresh processes, as a user starts them from a shell:

    gradcli grad "log(1+exp(x))" --at 100      the headline example, end to end
    gradcli --help
    python -c "import sympy"                   the yardstick, measured in the same run
    python -c pass                             bare interpreter start-up, for reference

``gradcli`` is the console script the package installs next to the running
interpreter (``.venv/bin/gradcli``), which is what users run; ``python -m
gradcli`` is used only when that script is missing. The runs are paired and
interleaved: each repetition starts every command once, in an order rotated
from one repetition to the next, and ratios are medians of the
per-repetition ratios. One untimed round first warms the file cache.

Targets:
  * ``gradcli grad`` at most 1.25x ``import sympy``;
  * ``gradcli --help`` at most 0.35x ``import sympy``;
  * ``gradcli --help`` imports none of numpy, sympy, mpmath, and ``gradcli
    grad`` on a formula does not import sympy (from ``python -X importtime``,
    whose table of what each command imports is printed too).

Run alone: ``.venv/bin/python bench/cli_latency.py``.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys

import common

REPS = 15
WORKLOAD = "CLI latency"
FORMULA = "log(1+exp(x))"
GRAD_LIMIT = 1.25
HELP_LIMIT = 0.35
HEAVY = ("numpy", "sympy", "mpmath")  # --help must import none of these
SHOWN = ("click", "rich", "numpy", "mpmath", "sympy", "scipy", "matplotlib")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gradcli_command():
    """How users start gradcli: the console script beside this interpreter, else ``python -m gradcli``."""
    script = shutil.which("gradcli", path=os.path.dirname(sys.executable))
    if script:
        return [script], f"{os.path.relpath(script, REPO)} (the installed console script)"
    return [sys.executable, "-m", "gradcli"], "python -m gradcli (no console script found)"


def commands():
    """(name, argv) of the commands timed, the yardstick last but one."""
    gradcli, _ = gradcli_command()
    return [
        ("gradcli grad", gradcli + ["grad", FORMULA, "--at", "100"]),
        ("gradcli --help", gradcli + ["--help"]),
        ("import sympy", [sys.executable, "-c", "import sympy"]),
        ("python -c pass", [sys.executable, "-c", "pass"]),
    ]


def run_once(argv):
    """Run one command to completion, output discarded (the timed unit); returns its exit code."""
    return subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO).returncode


def children_cpu():
    """CPU time (user + system) used so far by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_recording(argv, into):
    """``run_once(argv)`` that also appends the child's CPU time to the list ``into``."""

    def run():
        c0 = children_cpu()
        code = run_once(argv)
        into.append(children_cpu() - c0)
        return code

    return run


def with_importtime(argv):
    """The same command under ``python -X importtime`` (a console script is a Python file)."""
    if argv[0] == sys.executable:
        return [sys.executable, "-X", "importtime"] + argv[1:]
    return [sys.executable, "-X", "importtime"] + argv


def imports_of(argv):
    """Run ``argv`` under ``-X importtime``: {module: (self us, cumulative us, depth)}, exit code, stdout."""
    proc = subprocess.run(with_importtime(argv), capture_output=True, text=True, cwd=REPO)
    modules = {}
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        # "import time:     self |     cumulative | <2 spaces per nesting level>name"
        head, cumulative, name = line.split("|", 2)
        self_us = int(head.split(":", 1)[1])
        depth = (len(name) - len(name.lstrip()) - 1) // 2
        modules.setdefault(name.strip(), (self_us, int(cumulative), depth))
    return modules, proc.returncode, proc.stdout


def top_level(modules, count=6):
    """The costliest imports made directly by the program (depth 0), by cumulative time."""
    rows = sorted(((cum, name) for name, (_, cum, depth) in modules.items() if depth == 0), reverse=True)
    return [(name, cum) for cum, name in rows[:count]]


def _ms(us):
    return f"{us / 1000:.1f} ms"


def _package_time(modules, package):
    own = [s for m, (s, _, _) in modules.items() if m == package or m.startswith(package + ".")]
    return _ms(sum(own)) if own else "not imported"


def _import_table(found):
    names = list(found)
    rows = []
    for package in ("gradcli",) + SHOWN:
        rows.append([package] + [_package_time(found[n], package) for n in names])
    rows.append(["all imports"] + [_ms(sum(s for s, _, _ in found[n].values())) for n in names])
    rows.append(["modules imported"] + [str(len(found[n])) for n in names])
    common.table(
        ["package"] + names,
        rows,
        title=(
            "What each command imports: one run under python -X importtime, the own (self) import time "
            "of each package's modules added up (tracing inflates the times)"
        ),
    )
    for n in names:
        tops = ", ".join(f"{m} {_ms(c)}" for m, c in top_level(found[n]))
        print(f"  {n}: costliest top-level imports: {tops}")


def main(argv=()):
    common.ensure_gc_on()
    cmds = commands()
    _, how = gradcli_command()
    common.heading(f'{WORKLOAD}: fresh processes of gradcli grad "{FORMULA}" --at 100 and gradcli --help vs import sympy')
    print(f"gradcli started as {how}")

    found, outputs, codes = {}, {}, {}
    for name, cmd in cmds[:2]:
        found[name], codes[name], outputs[name] = imports_of(cmd)
    help_heavy = [m for m in HEAVY if m in found["gradcli --help"]]
    grad_sympy = sorted(m for m in found["gradcli grad"] if m == "sympy" or m.startswith("sympy."))
    checks = [
        ("gradcli grad exits 0 (it computed)", codes["gradcli grad"] == 0),
        ("gradcli grad prints the derivative exp(x) / (1 + exp(x))", "exp(x) / (1 + exp(x))" in outputs["gradcli grad"]),
        ("gradcli grad finds float32 unstable, float64 ok", "unstable" in outputs["gradcli grad"] and " ok " in outputs["gradcli grad"]),
        ("gradcli --help exits 0 and prints usage", codes["gradcli --help"] == 0 and "Usage:" in outputs["gradcli --help"]),
    ]

    cpu = {name: [] for name, _ in cmds}
    warmup = 1
    t = common.paired(
        [(name, cpu_recording(cmd, cpu[name])) for name, cmd in cmds], reps=REPS, warmup=warmup, collect=False
    )
    base = "import sympy"
    cpu = {name: samples[warmup:] for name, samples in cpu.items()}  # paired by repetition, like t.samples

    def cpu_ratio(name):
        return statistics.median(a / b if b else float("nan") for a, b in zip(cpu[name], cpu[base]))
    limits = {"gradcli grad": GRAD_LIMIT, "gradcli --help": HELP_LIMIT}
    rows = []
    for name, _ in cmds:
        ratio = t.ratio(name, base)
        limit = limits.get(name)
        rows.append(
            [
                name,
                common.fmt_time(t.median(name)),
                common.fmt_pct(t.spread(name)),
                common.fmt_ratio(ratio),
                common.fmt_time(statistics.median(cpu[name])),
                common.fmt_ratio(cpu_ratio(name)),
                f"<= {limit:g}x" if limit else "",
                ("PASS" if ratio <= limit else "FAIL") if limit else "",
            ]
        )
    common.table(
        ["command", "wall time", "spread", f"vs {base}", "CPU time", "(CPU)", "target", ""],
        rows,
        title=f"median of {t.reps} paired, interleaved runs of each command (fresh processes, output discarded)",
        notes=[
            f"vs {base}: median over repetitions of the paired per-repetition ratio of wall times (the target)",
            "CPU time: user + system time of the child process, which waits for other processes do not inflate; "
            "(CPU): its paired ratio",
            "python -c pass: interpreter start-up alone, included in every figure above",
            *t.noise_notes(),
        ],
    )
    print()
    _import_table(found)
    print(f"  gradcli --help imports of {', '.join(HEAVY)}: {', '.join(help_heavy) or 'none'}")
    print(f"  gradcli grad (a formula) imports of sympy: {', '.join(grad_sympy) or 'none'}")
    print()
    common.table(["check", "ok"], [[what, "yes" if ok else "NO"] for what, ok in checks], title="Correctness")

    correct = all(ok for _, ok in checks)
    targets = [
        common.Target(
            WORKLOAD,
            f"gradcli grad {FORMULA} --at 100 / import sympy",
            t.ratio("gradcli grad", base),
            GRAD_LIMIT,
            "<=",
            correct,
            note=(
                f"{common.fmt_time(t.median('gradcli grad'))} vs {common.fmt_time(t.median(base))}; "
                f"CPU time ratio {cpu_ratio('gradcli grad'):.2f}x"
            ),
        ),
        common.Target(
            WORKLOAD,
            "gradcli --help / import sympy",
            t.ratio("gradcli --help", base),
            HELP_LIMIT,
            "<=",
            correct,
            note=f"{common.fmt_time(t.median('gradcli --help'))}; CPU time ratio {cpu_ratio('gradcli --help'):.2f}x",
        ),
        common.Target(
            WORKLOAD,
            f"modules among {'/'.join(HEAVY)} that gradcli --help imports",
            len(help_heavy),
            0,
            "<=",
            unit="n",
            note=", ".join(help_heavy) or "none",
        ),
        common.Target(
            WORKLOAD,
            "sympy modules that gradcli grad on a formula imports",
            len(grad_sympy),
            0,
            "<=",
            unit="n",
        ),
    ]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
