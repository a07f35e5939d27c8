"""Shards drawn by the cases' names, and a baseline that is one shard's report compared honestly.

A CI matrix keeps one baseline per shard: adding a case to the spec must move
no other case to another shard, and a case the baseline could not hold (it is
another shard's) is said to be outside the baseline, not called new.
"""

import json

from audit_reports import case
from click.testing import CliRunner

from gradcli.audit.baseline import compare
from gradcli.audit.results import AuditReport, Case, shard_of
from gradcli.audit.run import select_shard
from gradcli.cli import cli
from gradcli.views.terminal_audit import summary

NAMES = [f"case {k}" for k in range(60)]


def shards(names, n):
    """Each case name's shard of n, as `gradcli audit --shard I/N` picks them."""
    cases = list(enumerate(Case(name=name, target="x") for name in names))
    return {case.name: i for i in range(1, n + 1) for _, case in select_shard(cases, (i, n))}


def test_adding_removing_or_reordering_cases_moves_no_other_case():
    for n in (2, 3, 5):
        before = shards(NAMES, n)
        assert sorted(before) == sorted(NAMES)  # every case in a shard
        assert sum(len(select_shard(list(enumerate(Case(name=m, target="x") for m in NAMES)), (i, n))) for i in range(1, n + 1)) == len(NAMES)
        assert all(shards(["added first", *NAMES], n)[name] == before[name] for name in NAMES)
        assert all(shards(NAMES[::-1][5:], n)[name] == before[name] for name in NAMES[:-5])


def test_every_shard_gets_a_share():
    for n in (2, 4):
        counts = [sum(1 for name in NAMES if shard_of(name, n) == i) for i in range(1, n + 1)]
        assert all(len(NAMES) / n / 2 < count < len(NAMES) / n * 2 for count in counts), counts


def shard_report(i, n, *named):
    """A report of shard i/n holding those of ``named`` ((name, status) pairs) whose names hash to it."""
    return AuditReport(cases=[case(name, status) for name, status in named if shard_of(name, n) == i], shard=(i, n))


def named_in(i, n, count, prefix):
    """``count`` case names that hash to shard i of n."""
    return [name for name in (f"{prefix} {k}" for k in range(1000)) if shard_of(name, n) == i][:count]


def test_a_case_of_another_shard_is_outside_the_baseline_not_new():
    ones, twos = named_in(1, 2, 2, "one"), named_in(2, 2, 2, "two")
    everything = [(ones[0], "fail"), (ones[1], "pass"), (twos[0], "fail"), (twos[1], "pass")]
    baseline = shard_report(1, 2, *everything)
    report = compare(shard_report(2, 2, *everything), baseline, "base1.json")
    assert report.new == [] and report.regressions == []
    assert set(report.outside_baseline) == set(twos) and report.failing_outside_baseline == [twos[0]]
    assert "shard 2/2" in report.outside_baseline[twos[0]] and "the baseline is shard 1/2" in report.outside_baseline[twos[0]]
    assert not report.ok  # the baseline says nothing about the failing case: it fails as with no baseline
    told = summary(report)
    assert "1 failing outside the baseline" in told and f"outside the baseline: {twos[0]} (fails, in shard 2/2" in told
    assert "new" not in told and "gradcli report merge" in told
    assert json.loads(json.dumps(report.to_dict()))["outside_baseline"] == report.outside_baseline


def test_a_case_added_to_the_baselines_own_shard_is_new():
    ones = named_in(1, 2, 3, "one")
    baseline = shard_report(1, 2, (ones[0], "fail"), (ones[1], "pass"))
    report = compare(shard_report(1, 2, (ones[0], "fail"), (ones[1], "pass"), (ones[2], "fail")), baseline, "base1.json")
    assert report.new == [ones[2]] and report.outside_baseline == {} and not report.ok
    whole = AuditReport(cases=baseline.cases)  # a whole run's baseline could hold every case
    assert compare(shard_report(1, 2, (ones[2], "fail")), whole, "base.json").new == [ones[2]]


def test_a_baseline_whose_shard_was_not_drawn_by_name_holds_no_missing_case():
    ones, twos = named_in(1, 2, 2, "one"), named_in(2, 2, 1, "two")
    by_position = AuditReport(cases=[case(ones[0], "fail"), case(twos[0], "fail")], shard=(1, 2))
    report = compare(AuditReport(cases=[case(ones[1], "fail")], shard=(1, 2)), by_position, "old.json")
    assert report.new == [] and "not drawn by name" in report.outside_baseline[ones[1]]


def test_a_partial_merge_as_baseline_lacks_its_missing_shards_cases():
    threes, ones = named_in(3, 3, 1, "three"), named_in(1, 3, 2, "one")
    partial = AuditReport(cases=[case(ones[0], "pass")], missing_shards=["2/3", "3/3"])
    report = compare(AuditReport(cases=[case(threes[0], "fail"), case(ones[1], "fail")]), partial, "partial.json")
    assert report.new == [ones[1]]
    assert "in shard 3/3; the baseline lacks shards 2/3, 3/3" in report.outside_baseline[threes[0]]


def test_a_per_shard_baseline_after_a_case_is_added_at_the_top(tmp_path):
    """The CI of finding A1 end to end: shard 2/2's baseline, a passing case inserted first, shard 2/2 again: exit 0."""
    failing, passing = named_in(2, 2, 1, "unstable"), named_in(2, 2, 1, "stable")
    tables = [
        f'[[case]]\nname = "{failing[0]}"\ntarget = "log(1+exp(x))"\nat = ["x=100"]\ndtypes = ["float32"]\n',
        f'[[case]]\nname = "{passing[0]}"\ntarget = "x*x"\nat = ["x=3"]\ndtypes = ["float64"]\n',
    ]
    spec = tmp_path / "gradcli.toml"
    spec.write_text("[defaults]\nfixes = false\n" + "".join(tables))
    base = tmp_path / "base2.json"
    first = CliRunner().invoke(cli, ["audit", str(spec), "--shard", "2/2", "--jobs", "1", "--update-baseline", str(base)])
    assert first.exit_code == 0 and len(json.loads(base.read_text())["cases"]) == 2
    added = named_in(1, 2, 1, "added")[0]
    spec.write_text(f'[defaults]\nfixes = false\n[[case]]\nname = "{added}"\ntarget = "x"\nat = ["x=1"]\n' + "".join(tables))
    again = CliRunner().invoke(cli, ["audit", str(spec), "--shard", "2/2", "--jobs", "1", "--baseline", str(base)])
    assert again.exit_code == 0, again.stderr
    assert "0 regressions" in again.stderr and "new" not in again.stderr and "outside" not in again.stderr
