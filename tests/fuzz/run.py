"""`make fuzz`: the fuzz targets for as long as asked, under atheris or, without it, hypothesis.

    python tests/fuzz/run.py [--minutes 30] [--targets parse,diff,...] [--engine hypothesis]

The minutes are shared among the targets, one after another. atheris (the
``fuzz`` extra) is coverage-guided: it runs each target in a child process
(`_atheris_child`), from the saved corpus. Without it, the hypothesis strategies
of `strategies` run unbounded instead, with a message saying so. An input that
breaks a promise is saved under ``tests/fuzz/corpus/<target>/``, which `make
test` replays; the run ends with the figures (inputs tried, findings) and exits 1
if there was a finding.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/: `fuzz` and `bounded_work`


def _hypothesis(target, seconds):
    """``target`` on hypothesis's examples for ``seconds``: (inputs tried, inputs saved)."""
    from hypothesis import HealthCheck, given, settings

    from fuzz import strategies, targets

    STRATEGIES = {"at": strategies.points, "sweep": strategies.sweeps, "spec": strategies.specs, "audit": strategies.specs}
    strategy = STRATEGIES.get(target, strategies.formulas)()
    tried, failing, saved = [0], [], []
    deadline = time.monotonic() + seconds

    @settings(max_examples=200, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(text):
        tried[0] += 1
        try:
            targets.TARGETS[target](text)
        except BaseException:
            failing.append(text)  # the last one is hypothesis's smallest
            raise

    while time.monotonic() < deadline:
        try:
            one()
        except Exception as error:  # noqa: BLE001 - a finding: keep it and go on
            path = targets.save(target, failing[-1])
            saved.append(path)
            print(f"  {target}: finding saved to {path.relative_to(HERE.parent.parent)}: {str(error)[:300]}", flush=True)
            failing.clear()
    return tried[0], saved


def _atheris_child(target):
    """In a child process: atheris's loop over ``target`` (libFuzzer flags in sys.argv)."""
    import atheris

    with atheris.instrument_imports():
        import gradcli.audit.spec  # noqa: F401
        import gradcli.checker.points  # noqa: F401
        import gradcli.checker.runner  # noqa: F401
        import gradcli.sweep.run  # noqa: F401
        import gradcli.cli  # noqa: F401
        import gradcli.expr.diff  # noqa: F401
    from fuzz import targets

    def one(data):
        text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
        try:
            targets.TARGETS[target](text)
        except BaseException:
            print(f"finding saved to {targets.save(target, text)}", flush=True)
            raise

    atheris.Setup(sys.argv, one)
    atheris.Fuzz()


def _atheris(target, seconds):
    """``target`` under atheris in a child for ``seconds``: (inputs tried, findings)."""
    corpus = HERE / "corpus" / target
    work = HERE / "corpus" / ".work" / target  # what atheris grows: not kept in the repository
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(work, exist_ok=True)
    # The specs of examples/ are seeds: atheris's bytes seldom grow a valid [[case]] from nothing.
    seeds = [str(p.parent) for p in sorted(HERE.parents[1].glob("examples/*/gradcli.toml"))] if target in ("spec", "audit") else []
    argv = [sys.executable, __file__, "--child", target, f"-max_total_time={int(seconds)}", "-timeout=120",
            "-rss_limit_mb=4096", "-max_len=4096", f"-artifact_prefix={work}/", str(work), str(corpus), *seeds]
    done = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    runs = [line for line in done.stderr.splitlines() if "DONE" in line or "pulse" in line or "#" in line[:2]]
    tried = 0
    for line in runs:
        if line.startswith("#") and line[1:].split()[0].isdigit():
            tried = int(line[1:].split()[0])
    findings = [line for line in done.stdout.splitlines() if line.startswith("finding saved")]
    if done.returncode and not findings:
        # A hang (-timeout) or a crash below Python: atheris kept the input as an artifact; keep it too.
        from fuzz import targets

        kept = [targets.save(target, p.read_bytes().decode("utf-8", "surrogateescape")) for p in work.glob("*-*")]
        findings = [f"atheris stopped with status {done.returncode} (inputs kept: {kept}): {done.stderr[-800:]}"]
    for line in findings:
        print(f"  {target}: {line}", flush=True)
    return tried, findings


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--targets", help="comma-separated (default: all of them, from fuzz.targets.TARGETS)")
    parser.add_argument("--engine", choices=("atheris", "hypothesis"), default="atheris",
                        help="hypothesis draws well-formed formulas far more often than atheris's bytes")
    parser.add_argument("--child")
    args, rest = parser.parse_known_args()
    if args.child:
        sys.argv = [sys.argv[0], *rest]
        return _atheris_child(args.child)
    if args.targets is None:
        from fuzz import targets

        args.targets = ",".join(targets.TARGETS)
    names = args.targets.split(",")
    try:
        import atheris  # noqa: F401

        engine, run = ("atheris", _atheris) if args.engine == "atheris" else ("hypothesis", _hypothesis)
    except ImportError:
        engine, run = "hypothesis", _hypothesis
        print("atheris is not installed (pip install -e '.[fuzz]'; it needs a wheel or clang to build), "
              "so the hypothesis strategies run instead, unbounded, for the same time", flush=True)
    seconds = args.minutes * 60 / len(names)
    total, findings = 0, 0
    for name in names:
        started = time.monotonic()
        tried, found = run(name, seconds)
        total, findings = total + tried, findings + len(found)
        print(f"{engine} {name}: {tried:,} inputs in {(time.monotonic() - started) / 60:.1f} min, "
              f"{len(found)} finding(s)", flush=True)
    print(f"{engine}: {total:,} inputs in {args.minutes:g} min, {findings} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
