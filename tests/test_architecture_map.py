"""docs/architecture.md, the project's map, names every module of the package and no file that does not exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "docs" / "architecture.md"
# Modules the map names as a group by their folder: one per SciPy distribution, each only re-exporting names.
NAMED_BY_FOLDER = {"gradcli/scipy/stats": "gradcli/scipy/"}
# Names in the map that stand for a pattern or an example, not a file.
PLACEHOLDERS = {"path/file.py", "_bridge.py"}
SOURCE_FOLDERS = ("gradcli", "tests", "bench")  # where the map's files live (not the virtual environment)


def _text():
    return MAP.read_text(encoding="utf-8")


def _modules():
    for path in sorted((ROOT / "gradcli").rglob("*.py")):
        if path.name != "__init__.py":
            yield path.relative_to(ROOT)


def test_every_module_of_the_package_is_on_the_map():
    text = _text()
    missing = []
    for module in _modules():
        folder = NAMED_BY_FOLDER.get(module.parent.as_posix())
        if folder is not None:
            named = folder in text
        else:
            named = re.search(rf"\b{re.escape(module.stem)}\b", text) is not None
        if not named:
            missing.append(module.as_posix())
    assert missing == [], f"modules docs/architecture.md does not name: {missing}"


def test_every_file_the_map_names_exists():
    files = {path.relative_to(ROOT).as_posix() for folder in SOURCE_FOLDERS for path in (ROOT / folder).rglob("*.py")}
    named = set(re.findall(r"([A-Za-z_][\w/]*\.py)\b", _text())) - PLACEHOLDERS
    absent = sorted(name for name in named if not any(f == name or f.endswith("/" + name) for f in files))
    assert absent == [], f"docs/architecture.md names files that do not exist: {absent}"


def test_the_map_points_at_nothing_outside_the_repository():
    text = _text()
    links = re.findall(r"\]\(([^)]+)\)", text)
    outside = [link for link in links if not (ROOT / "docs" / link).resolve().is_relative_to(ROOT)]
    absolute = re.findall(r"(?<![\w.])/(?:work|home|tmp|root)/\S*", text)
    assert outside == [] and absolute == [], (outside, absolute)
