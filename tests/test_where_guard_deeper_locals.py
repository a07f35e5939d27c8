"""A where's idle branch whose unsafe operation lies several assignments above the where gets a re-checked double where.

Paulson's psi_m is written ``x = (1 - 16 * zeta) ** 0.25`` on one line, the
unstable side made from x on the next, and ``where(zeta < 0, unstable, -5 * zeta)``
on a third: at zeta = 0.5 the idle quarter power of -7 is NaN and its gradient
leaks through the where. The guard belongs on the line of the unsafe operation,
two assignments up; each local read through on the way must be used nowhere
else, or editing it would change another result.
"""

import textwrap

import numpy
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import numpy as np


    def psi_m(zeta):
        x = (1 - 16 * zeta) ** 0.25
        unstable = 2 * np.log((1 + x) / 2) + np.log((1 + x * x) / 2) - 2 * np.arctan(x) + np.pi / 2
        return np.where(zeta < 0, unstable, -5 * zeta)


    def three_up(zeta):
        u = 1 - 16 * zeta
        x = u ** 0.25
        side = np.log(1 + x)
        return np.where(zeta < 0, side, -5 * zeta)


    def harmless_between(z):
        u = z * 3
        v = u + 2
        w = np.sqrt(v)
        return np.where(z > -0.5, w, 0.0)


    def shared(zeta):
        x = (1 - 16 * zeta) ** 0.25
        unstable = np.log(1 + x)
        other = np.where(zeta < -1, x, 1.0)
        return np.where(zeta < 0, unstable, -5 * zeta) + other
''')


def _added_lines(diff):
    return [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("deeper") / "stability.py"
    path.write_text(SOURCE)
    return path


def _double_where(user_file, function, point):
    report = gradcli.check(f"{user_file}:{function}", [point], dtypes=("float64",))
    assert report.results[0].status == "wrong"  # the leak: NaN where the function is -5 zeta (or 0)
    return report, next((f for f in report.fixes if f.name == "double where"), None)


@pytest.mark.parametrize("function, point, guarded", [
    ("psi_m", {"zeta": 0.5}, "x = (1 - 16 * np.where(zeta < 0, zeta, -1.0)) ** 0.25"),
    ("three_up", {"zeta": 0.5}, "u = 1 - 16 * np.where(zeta < 0, zeta, -1.0)"),
    ("harmless_between", {"z": -1.0}, "u = np.where(z > -0.5, z, 0.5) * 3"),
])
def test_the_unsafe_line_above_the_where_is_guarded_and_rechecked(user_file, function, point, guarded):
    report, fix = _double_where(user_file, function, point)
    assert fix is not None, [f.name for f in report.fixes]
    assert _added_lines(fix.diff) == [guarded]
    assert set(fix.after.values()) == {"ok"}
    # the guarded program, run in NumPy: its slope is the taken side's (-5, or 0)
    head, _, rest = SOURCE.partition(f"def {function}(")
    assigned = guarded.split(" = ")[0] + " = "
    original = next(line.strip() for line in rest.splitlines() if line.strip().startswith(assigned))
    namespace = {}
    exec(compile(head + f"def {function}(" + rest.replace(original, guarded, 1), "stability.py", "exec"), namespace)
    (name, value), = point.items()
    step = 1e-6
    with numpy.errstate(all="ignore"):
        slope = (namespace[function](value + step) - namespace[function](value - step)) / (2 * step)
    assert abs(slope - (-5.0 if function != "harmless_between" else 0.0)) < 1e-6


def test_a_local_read_elsewhere_is_not_edited(user_file):
    report, fix = _double_where(user_file, "shared", {"zeta": 0.5})
    lines = [] if fix is None else _added_lines(fix.diff)
    assert not any(line.startswith("x = ") for line in lines)
