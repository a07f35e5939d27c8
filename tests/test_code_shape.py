"""The shape of gradcli's own code: limits a reviewer would otherwise have to re-check by hand."""

import pathlib

import package_sources

PACKAGE = package_sources.PACKAGE
LONGEST_FUNCTION = 100  # lines, from `def` to the last line of the body


def too_long_functions(root, limit=LONGEST_FUNCTION):
    """Every function under ``root`` longer than ``limit`` lines, as 'path:line name (N lines)'."""
    found = []
    for path in package_sources.files(pathlib.Path(root)):
        for function in package_sources.module(path).functions:
            length = function.end_lineno - function.lineno + 1
            if length > limit:
                found.append(f"{path.relative_to(root)}:{function.lineno} {function.name} ({length} lines)")
    return found


def test_no_function_in_gradcli_is_longer_than_the_limit():
    assert len(package_sources.files()) > 30  # the package really is where the test looks
    too_long = too_long_functions(PACKAGE)
    assert not too_long, "split these into named steps:\n" + "\n".join(too_long)


def test_a_long_nested_function_is_found(tmp_path):
    body = "\n".join(f"        x{i} = {i}" for i in range(LONGEST_FUNCTION))
    (tmp_path / "m.py").write_text(f"def outer():\n    def inner():\n{body}\n    return inner\n")
    assert too_long_functions(tmp_path) == [
        f"m.py:1 outer ({LONGEST_FUNCTION + 3} lines)",
        f"m.py:2 inner ({LONGEST_FUNCTION + 1} lines)",
    ]
