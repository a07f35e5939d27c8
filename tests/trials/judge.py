"""How a trial is run as a user runs it (the CLI, --json) and judged against its truth."""

import json
import re
import os
import subprocess
import sys

import mpmath

import truths
from cases import DPS

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def truth_of(case):
    """The case's exact gradient: {variable: mpf or nested lists of mpf}."""
    with mpmath.workdps(DPS):
        if isinstance(case.truth, str):
            name = case.truth.split(":", 1)[1]
            if name == "np_logistic":
                w = [float(v) for v in case.at.split("=", 1)[1].strip("[]").split(",")]
                return truths.np_logistic(w)
            return getattr(truths, name)()
        return case.truth()


def command(case):
    """The command line a user types for the case (relative paths, from the repository)."""
    path = os.path.relpath(os.path.join(HERE, case.file), REPO)
    target = case.function if case.file == "formula" else f"{path}:{case.function}"
    argv = ["check", target, "--dtype", case.dtype, "--json"]
    if case.at is not None:
        argv += ["--at", case.at]
    if case.args is not None:
        argv += ["--args", f"{path}:{case.args}"]
    if case.wrt is not None:
        argv += ["--wrt", case.wrt]
    return argv


def run_cli(case, timeout=900):
    """Run ``gradcli check`` for the case; (exit code, stdout, stderr)."""
    env = dict(os.environ, PYTHONPATH=REPO)
    argv = [*command(case), "--max-time", "600"]  # a verdict, not the shared machine's load, is under test
    done = subprocess.run([sys.executable, "-m", "gradcli", *argv], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def line_number(case, fragment):
    """The line of the case's file holding ``fragment`` (exactly one must; ``anchor>>fragment``: the first after anchor)."""
    with open(os.path.join(HERE, case.file)) as handle:
        lines = list(enumerate(handle, 1))
    if ">>" in fragment:
        anchor, fragment = fragment.split(">>")
        start = next(n for n, text in lines if anchor in text)
        return next(n for n, text in lines if n > start and fragment in text)
    found = [n for n, text in lines if fragment in text]
    assert len(found) == 1, (fragment, found)
    return found[0]


def _flat(value):
    if isinstance(value, (list, tuple)):
        return [v for item in value for v in _flat(item)]
    return [value]


class _Below:
    """An exact entry the report gives only as a bound on its magnitude ("below 2^-32687 in magnitude"): right where
    the truth's magnitude is below it, never an exact number."""

    def __init__(self, log2):
        self.log2 = log2

    def holds(self, truth):
        return abs(truth) < mpmath.ldexp(1, self.log2)


def _number(value):
    if isinstance(value, str) and (bound := re.fullmatch(r"below 2\^(-?\d+) in magnitude", value)):
        return _Below(int(bound.group(1)))
    if isinstance(value, str):
        power = re.fullmatch(r"(-?)(?:([0-9.e+-]+)\*)?10\^\((.+)\)", value)  # beyond mpf's own syntax: 10^(-434294481.5)
        if power:
            sign, mantissa, exponent = power.groups()
            return (-1 if sign else 1) * mpmath.mpf(mantissa or 1) * mpmath.power(10, mpmath.mpf(exponent))
        return mpmath.mpf(value)
    return value


def gradient_problems(case, result):
    """Where the reported exact gradient is off the truth by more than 1e-10 relative."""
    problems = []
    exact = dict(result.get("exact_gradient") or {})
    for name, text in (result.get("exact_gradient_text") or {}).items():
        if text is not None:  # digits of an answer beyond float64's range (1e-348)
            exact[name] = text
    whys = dict(result.get("exact_gradient_why") or {})
    truth = truth_of(case)
    directional = result.get("exact_directional")
    kinked = any(mpmath.isnan(w) for want in truth.values() for w in _flat(want))
    if kinked and directional is not None and all(exact.get(name) is None for name in truth):
        # along one random direction (above 16 inputs at a switch): NaN there is a coordinate without a derivative;
        # a finite number there is judged as no entries at all (missing)
        if not mpmath.isnan(mpmath.mpf(directional)):
            problems.append(f"exact derivative along the direction {directional}, but the truth has a coordinate "
                            "without a derivative")
        return problems
    for name, want in truth.items():
        got = exact.get(name)
        if got is None:
            problems.append(f"exact gradient of {name} missing (keys {sorted(exact)})")
            continue
        got, want, why = _flat(got), _flat(want), _flat(whys.get(name))
        if len(got) != len(want):
            problems.append(f"exact gradient of {name} has {len(got)} entries, truth {len(want)}")
            continue
        for k, (g, w) in enumerate(zip(got, want)):
            g = _number(g)
            if isinstance(g, _Below):
                if mpmath.isnan(w) or not g.holds(w):
                    problems.append(f"{name}[{k}]: exact below 2^{g.log2}, truth {mpmath.nstr(w, 17)}")
                continue
            if mpmath.isnan(w):
                # no derivative: NaN, or an infinite one-sided slope at a domain's edge the report explains
                explained = g is not None and mpmath.isinf(g) and k < len(why) and why[k]
                if g is None or not (mpmath.isnan(g) or explained):
                    problems.append(f"{name}[{k}]: exact {g}, truth: no derivative (nan)")
                continue
            if g is not None and mpmath.isnan(g):  # a NaN compares false with everything: no derivative where there is one
                problems.append(f"{name}[{k}]: exact nan, truth {mpmath.nstr(w, 17)}")
                continue
            if isinstance(g, mpmath.mpf) and w != 0 and abs(mpmath.log10(abs(w))) > 1e6:
                # past a million-digit exponent the report gives 10^(log10 |g|) to 10 digits, by design
                if mpmath.sign(g) != mpmath.sign(w) or abs(mpmath.log10(abs(g)) - mpmath.log10(abs(w))) > 1e-9 * abs(mpmath.log10(abs(w))):
                    problems.append(f"{name}[{k}]: exact {g}, truth {mpmath.nstr(w, 17)}")
                continue
            if g is None or abs(mpmath.mpf(g) - w) > 1e-10 * abs(w) + (1e-300 if w == 0 else 0):
                problems.append(f"{name}[{k}]: exact {g}, truth {mpmath.nstr(w, 17)}")
    return problems


def _names_line(report, result, where):
    """Whether a finding names ``file.py:LINE`` (that line, not LINE0...)."""
    pattern = re.compile(r"(^|[/\\ ])" + re.escape(where) + r"(?!\d)")
    for finding in result.get("findings", []):
        text = " ".join(str(finding.get(k) or "") for k in ("location", "message", "rule"))
        if pattern.search(text):
            return True
    return False


def judge(case, code, out, err):
    """Every way the run fails the case's truth, as sentences (empty: the trial passed)."""
    if case.verdict == "input-error":
        problems = []
        if code != 2:
            problems.append(f"exit {code}, expected 2 (input error)")
        if "Traceback" in err:
            problems.append("traceback printed")
        for fragment in case.message:
            if fragment not in err:
                problems.append(f"message lacks {fragment!r}: {err.strip()[:300]}")
        return problems
    if code not in (0, 1):
        return [f"exit {code}: {err.strip()[-600:]}"]
    report = json.loads(out)
    result = report["results"][0]
    problems = []
    if result["status"] != case.verdict:
        said = result.get("error") or "; ".join(f.get("message", "")[:160] for f in result.get("findings", [])[:2])
        problems.append(f"verdict {result['status']}, truth {case.verdict} ({said})")
    problems += gradient_problems(case, result)
    if case.line is not None:
        where = f"{case.file}:{line_number(case, case.line)}"
        if not _names_line(report, result, where):
            found = [f.get("location") for f in result.get("findings", [])]
            problems.append(f"no finding names {where} (locations {found})")
    if case.fix is not None:
        fixes = report.get("fixes", [])
        good = [f for f in fixes if any(w in (f.get("diff") or "") for w in case.fix.split("|")) and not f.get("partial")
                and all(v == "ok" for v in (f.get("after") or {}).values())]
        if not good:
            offered = [(f.get("name"), f.get("partial"), f.get("after")) for f in fixes]
            problems.append(f"no re-checked fix spelled {case.fix!r} (offered {offered})")
    return problems
