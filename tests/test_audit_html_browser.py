"""The HTML audit report in a real browser: headless Chromium runs its script, we read the table back and look at it.

Chromium comes from Debian's ``chromium`` package: ``make test`` installs it
where it is missing, and so does this test's set-up when it runs as root with
apt-get; only where neither can, the test is skipped, saying why.
"""

import os
import shutil
import subprocess

import pytest
from audit_reports import HOSTILE, case_rows, parse_html, sample_report

from gradcli.views import html
from gradcli.files import write_atomically

BROWSER_SECONDS = 60  # per Chromium run; each takes about two seconds


def install_chromium():
    """Chromium's path, installing Debian's package if missing and allowed; else the reason it is not there."""
    found = shutil.which("chromium")
    if found:
        return found, None
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        return None, "chromium is not installed and apt-get cannot install it here (no apt-get, or not root)"
    try:
        done = subprocess.run(
            ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
            capture_output=True, text=True, timeout=600, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )
    except subprocess.TimeoutExpired:
        return None, "installing chromium with apt-get took over 10 minutes"
    if done.returncode != 0:
        return None, f"apt-get install chromium failed: {done.stderr.strip().splitlines()[-1:]}"
    return shutil.which("chromium"), None


@pytest.fixture(scope="session")
def chromium():
    path, reason = install_chromium()
    if path is None:
        pytest.skip(reason)
    return path


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "audit.html"
    write_atomically(path, html.render(sample_report()))
    return path


def run_chromium(chromium, tmp_path, *args):
    profile = tmp_path / "profile"  # a profile of its own: runs in parallel never share one
    done = subprocess.run(
        [chromium, "--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={profile}", *args],
        capture_output=True, text=True, timeout=BROWSER_SECONDS,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_page_opens_sorted_worst_first_and_sorts_as_asked(chromium, page, tmp_path):
    dom = parse_html(run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri()))
    rows = case_rows(dom)
    # The script ran: errors, then failures, then passes; spec order among equals.
    assert [(row[1], row[3]) for row in rows] == [
        (HOSTILE, "error"), ("headline", "fail"), ("swept", "fail"), ("expected", "pass"), ("calm", "pass"),
    ]
    status = next(th for th in dom.iter("th") if th.attrs.get("data-column") == "status")
    assert status.attrs.get("aria-sort") == "descending"
    by_name = case_rows(parse_html(run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri() + "#sort=case")))
    assert [row[1] for row in by_name] == [HOSTILE, "calm", "expected", "headline", "swept"]
    assert [row[0] for row in by_name] == ["5", "4", "2", "1", "3"]  # each case's cells moved with it


def test_the_page_is_drawn(chromium, page, tmp_path):
    from PIL import Image

    shot = tmp_path / "audit.png"
    run_chromium(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1200,900", page.as_uri())
    with Image.open(shot) as image:
        assert image.size == (1200, 900)
        counts = {colour: n for n, colour in image.convert("RGB").getcolors(maxcolors=1200 * 900)}
    colours = set(counts)
    # A blank page is one colour; ours has text (anti-aliased: many greys) and coloured status cells.
    assert len(colours) > 100
    assert counts.get((255, 255, 255), 0) < 0.97 * 1200 * 900
    assert (0x5C, 0x1A, 0x1A) in colours  # the error case's status cell
    assert (0xF8, 0xD0, 0xD0) in colours  # a failing case's status cell
