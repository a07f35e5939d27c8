"""gradcli's folder of compiled XLA executables (`gradcli/capture/jax_cache.py`): a repeat check in a new process
loads JAX's program instead of compiling it, with the same bits; off, unusable or full, it is never a check's failure.

The session turns the folder off (``tests/xla_programs.py``); each test here points it at a folder of its own.
"""

import json
import os
import subprocess
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax._src import compilation_cache  # the session's JAX cache set aside where a test fills gradcli's (`cache`)

import gradcli
from bitlevel import assert_same_bits
from gradcli.capture import jax_bridge, jax_cache

COMPILED = "/jax/core/compile/backend_compile_duration"  # the event JAX records once per XLA compilation
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LOSS = '''\
import jax.numpy as jnp


def loss(x, w):
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)
'''
POINTS = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}, {"x": 60.0, "w": [0.5, -1.0, 2.0]}]

# A check in a new process: its numbers as exact hex floats, and the XLA compilations it paid.
REPEAT = '''
import json, sys
import jax
import gradcli

compiled = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, duration, **kw: compiled.append(event) if event == "/jax/core/compile/backend_compile_duration" else None)
report = gradcli.check(sys.argv[1], json.loads(sys.argv[2]), fixes=False)
numbers = [[r.dtype, float(r.value).hex(), [float(g).hex() for g in r.gradient["w"]]] for r in report.results]
print(json.dumps({"compilations": len(compiled), "numbers": numbers}))
'''


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A folder of the test's own as gradcli's cache, the bridge's in-memory store and JAX's caches emptied, and
    JAX's own persistent cache (the session's, `xla_programs`) out of the way: a program it hands back is never
    kept in gradcli's folder (`test_a_program_jaxs_own_cache_hands_back_is_not_kept`), which these tests fill."""
    folder = tmp_path / "xla"
    monkeypatch.setenv(jax_cache.VARIABLE, str(folder))
    monkeypatch.setattr(compilation_cache, "is_cache_used", lambda backend: False)
    jax_bridge._EXECUTABLES.clear()
    jax.clear_caches()
    yield folder
    jax_bridge._EXECUTABLES.clear()


@pytest.fixture
def compilations():
    """The XLA compilations JAX records while the test runs (a list that grows)."""
    seen = []

    def heard(event, duration, **kwargs):
        if event == COMPILED:
            seen.append(duration)

    jax.monitoring.register_event_duration_secs_listener(heard)
    yield seen
    jax.monitoring.unregister_event_duration_listener(heard)


def _lowered(fun, *shapes, wide=False):
    """``fun`` traced and lowered afresh (JAX's caches emptied: each lowering compiles anew, as in a new process)."""
    jax.clear_caches()
    with jax.enable_x64(wide):
        return jax.jit(fun).trace(*[jax.ShapeDtypeStruct(s, np.float64 if wide else np.float32) for s in shapes]).lower()


def _entries(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".xla")) if folder.exists() else []


def _wiggle(x):
    return jnp.sin(x) * 3.0 + jnp.exp(-x * x)


def test_a_repeat_check_in_a_new_process_compiles_nothing_and_gives_the_same_bits(cache, compilations, tmp_path):
    model = tmp_path / "model.py"
    model.write_text(LOSS)
    first = gradcli.check(f"{model}:loss", POINTS, fixes=False)  # cache empty: XLA compiles, the entry is kept
    assert len(compilations) == 1 and len(_entries(cache)) == 1
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, "-c", REPEAT, f"{model}:loss", json.dumps(POINTS)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    again = json.loads(run.stdout.strip().splitlines()[-1])
    assert again["compilations"] == 0
    want = [[r.dtype, float(r.value).hex(), [float(g).hex() for g in r.gradient["w"]]] for r in first.results]
    assert again["numbers"] == want  # JAX's value and gradient bit for bit, both dtypes, both points
    assert len(want) == 4


def test_a_loaded_executable_computes_what_the_compiled_one_does(cache, compilations):
    x = np.linspace(-3.0, 3.0, 7)
    fresh = jax_cache.compiled(_lowered(_wiggle, (7,), wide=True))
    assert len(compilations) == 1 and len(_entries(cache)) == 1
    loaded = jax_cache.compiled(_lowered(_wiggle, (7,), wide=True))
    assert len(compilations) == 1  # loaded, not compiled
    with jax.enable_x64(True):
        assert_same_bits(np.asarray(loaded(x)), np.asarray(fresh(x)))


def test_the_key_holds_the_program_its_dtype_and_xla_flags(monkeypatch):
    big = np.linspace(0.0, 1.0, 4096, dtype=np.float32)
    other = big.copy()
    other[3000] += 0.25  # one number deep inside a large constant

    def scaled_by(constant):
        return lambda x: x * constant

    key = jax_cache._key(_lowered(scaled_by(big), (4096,)))
    assert jax_cache._key(_lowered(scaled_by(big), (4096,))) == key  # the same program, traced again
    assert jax_cache._key(_lowered(scaled_by(other), (4096,))) != key
    assert jax_cache._key(_lowered(_wiggle, (3,))) != jax_cache._key(_lowered(_wiggle, (3,), wide=True))
    monkeypatch.setenv("XLA_FLAGS", "--xla_cpu_use_fusion_emitters=false")
    assert jax_cache._key(_lowered(scaled_by(big), (4096,))) != key


def test_off_compiles_every_time_and_keeps_nothing(cache, compilations, monkeypatch):
    monkeypatch.setenv(jax_cache.VARIABLE, "off")
    for _ in range(2):
        jax_cache.compiled(_lowered(_wiggle, (5,)))
    assert len(compilations) == 2
    assert not cache.exists()


@pytest.mark.parametrize("unusable", ["under_a_file", "writable_by_others"])
def test_a_folder_that_cannot_be_used_means_no_cache(tmp_path, compilations, monkeypatch, unusable):
    if unusable == "under_a_file":
        (tmp_path / "plain").write_text("a file, not a folder")
        where = tmp_path / "plain" / "xla"
    else:
        where = tmp_path / "shared"
        where.mkdir()
        where.chmod(0o777)  # anyone could put an executable there for gradcli to load
    monkeypatch.setenv(jax_cache.VARIABLE, str(where))
    assert jax_cache.folder() is None
    x = np.linspace(-1.0, 1.0, 5, dtype=np.float32)
    got = jax_cache.compiled(_lowered(_wiggle, (5,)))
    assert len(compilations) == 1  # compiled, as without a cache
    assert_same_bits(np.asarray(got(x)), np.asarray(jax.jit(_wiggle)(x)))
    assert not where.exists() or os.listdir(where) == []


@pytest.mark.parametrize("damage", ["half", "one_byte"])
def test_a_damaged_entry_is_compiled_again_and_replaced(cache, compilations, damage):
    jax_cache.compiled(_lowered(_wiggle, (5,)))
    (entry,) = _entries(cache)
    whole = bytearray((cache / entry).read_bytes())
    if damage == "half":
        whole = whole[: len(whole) // 2]  # a disk's fault or a copy cut short, never a write of ours
    else:
        whole[-len(whole) // 3] ^= 0x10  # one bit of XLA's machine code: loaded, it could run anything
    (cache / entry).write_bytes(bytes(whole))
    x = np.linspace(-1.0, 1.0, 5, dtype=np.float32)
    got = jax_cache.compiled(_lowered(_wiggle, (5,)))
    assert len(compilations) == 2
    assert_same_bits(np.asarray(got(x)), np.asarray(jax.jit(_wiggle)(x)))
    jax_cache.compiled(_lowered(_wiggle, (5,)))
    assert len(compilations) == 2  # the entry written again, whole, and loaded
    assert os.listdir(cache) == [entry]  # written aside and renamed into place: no temporary file left


def test_past_the_limit_the_entries_used_longest_ago_go(cache, monkeypatch):
    cache.mkdir(mode=0o700)
    now = time.time()
    for age, name in enumerate(["newest", "middle", "oldest"]):
        (cache / f"{name}.xla").write_bytes(b"x" * 1000)
        os.utime(cache / f"{name}.xla", (now - 60 * age, now - 60 * age))
    (cache / ".gradcli-dead.xla-part").write_bytes(b"x")
    os.utime(cache / ".gradcli-dead.xla-part", (now - 7200, now - 7200))  # a write whose process died
    jax_cache.evict(str(cache), limit=2500)
    assert sorted(os.listdir(cache)) == ["middle.xla", "newest.xla"]
    monkeypatch.setattr(jax_cache, "LIMIT", 1500)  # a real entry is ~20 kB: past the limit alone, and kept
    jax_cache.compiled(_lowered(_wiggle, (5,)))
    assert len(_entries(cache)) == 1 and _entries(cache)[0] not in ("middle.xla", "newest.xla")


def test_a_check_leaves_jaxs_configuration_and_the_users_own_jit_alone(cache, tmp_path):
    model = tmp_path / "model.py"
    model.write_text(LOSS)
    before = dict(jax.config.values)
    gradcli.check(f"{model}:loss", POINTS[:1], fixes=False)
    assert dict(jax.config.values) == before
    kept = _entries(cache)
    assert len(kept) == 1
    jax.jit(lambda v: jnp.cos(v) * 7.0 - v)(np.arange(11.0, dtype=np.float32)).block_until_ready()
    assert _entries(cache) == kept  # the user's own compilation is JAX's business, never written here


def test_a_program_jaxs_own_cache_hands_back_is_not_kept(tmp_path, monkeypatch, compilations):
    # The session's JAX cache (`xla_programs`) is a user's jax_compilation_cache_dir: jaxlib serialises the
    # executable it hands back without its functions, so kept, it would fail the next process's check.
    hits = []

    def heard(event, **kwargs):
        if event == "/jax/compilation_cache/cache_hits":
            hits.append(event)

    def program(x):
        return jnp.tanh(x) * 5.0 - x

    monkeypatch.setenv(jax_cache.VARIABLE, "off")
    jax_cache.compiled(_lowered(program, (4,)))  # compiled, and kept in JAX's folder alone
    monkeypatch.setenv(jax_cache.VARIABLE, str(tmp_path / "xla"))
    jax.monitoring.register_event_listener(heard)
    try:
        got = jax_cache.compiled(_lowered(program, (4,)))
    finally:
        jax.monitoring.unregister_event_listener(heard)
    assert hits == ["/jax/compilation_cache/cache_hits"]  # JAX's cache handed it back
    assert _entries(tmp_path / "xla") == []
    x = np.linspace(-2.0, 2.0, 4, dtype=np.float32)
    np.testing.assert_allclose(np.asarray(got(x)), np.tanh(x) * 5.0 - x, rtol=1e-6)


def test_checks_writing_one_entry_at_once_leave_it_whole(cache, compilations):
    # Audit workers and pytest-xdist share the folder: each write goes through a file of its own, renamed into
    # place, so a reader meets no entry or a whole one, and no temporary file is left.
    import threading

    lowerings = [_lowered(_wiggle, (6,)) for _ in range(4)]  # four lowerings, as four processes would hold
    got = [None] * len(lowerings)

    def one(i):
        got[i] = jax_cache.compiled(lowerings[i])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(lowerings))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(os.listdir(cache)) == 1 and len(_entries(cache)) == 1
    compiled = len(compilations)  # 1 to 4: a thread that starts late finds the entry another one wrote
    again = jax_cache.compiled(_lowered(_wiggle, (6,)))
    assert len(compilations) == compiled  # the entry whole: loaded
    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32)
    for executable in got:
        assert_same_bits(np.asarray(executable(x)), np.asarray(again(x)))


def test_the_folder_is_under_xdgs_cache_home_else_the_homes_cache(tmp_path, monkeypatch):
    monkeypatch.delenv(jax_cache.VARIABLE, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert jax_cache.folder() == str(tmp_path / "xdg" / "gradcli" / "xla")
    assert (tmp_path / "xdg" / "gradcli" / "xla").stat().st_mode & 0o777 == 0o700  # made private
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # XDG says: ignore a relative path
    assert jax_cache.folder() == str(tmp_path / "home" / ".cache" / "gradcli" / "xla")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert jax_cache.folder() == str(tmp_path / "home" / ".cache" / "gradcli" / "xla")
