"""gradcli's own folder of the XLA executables its JAX checks compile, so a repeat check in a new process loads them.

A user checks the same loss again and again (check, edit, check; a sweep
after a check; an audit on every CI build), and each ``gradcli check`` is a
new process, whose compilation of JAX's value-and-gradient program (~0.1 s
of CPU) costs about as much as the whole check of the same function written
with ``gradcli.numpy``. `compiled` hands back the executable an earlier
process compiled for the same program: XLA's own machine code, serialised by
JAX (``jax.experimental.serialize_executable``) and loaded in a few
milliseconds, so every number is the one a fresh compilation gives.

- The folder: ``$GRADCLI_XLA_CACHE`` if set (``off`` turns the cache off),
  else ``$XDG_CACHE_HOME/gradcli/xla``, else ``~/.cache/gradcli/xla``. A
  folder that cannot be made or written, or that another user owns or may
  write into (loading an executable runs its code), means no cache: a check
  never fails because of its cache.
- The key: everything that changes the machine code (`_key`): the program's
  StableHLO text, JAX's and jaxlib's versions, the backend and its devices,
  the CPU's model and features, ``XLA_FLAGS`` and JAX's configuration, which
  holds every option a compilation reads.
- Writes go to a file of their own and are renamed into place (atomic), so
  processes sharing the folder (audit workers, pytest-xdist) never read half
  an entry; past `LIMIT` bytes the entries used longest ago are removed.

Only gradcli's own compilations go through here: JAX's configuration (its
own persistent cache among it) is read, never changed, and the user's
``jax.jit`` calls never see this folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import threading
import time

from ..errors import InputError
from ..caches import CacheUsage, folder_usage, user_cache_folder
from ..files import replace_atomically

VARIABLE = "GRADCLI_XLA_CACHE"
LIMIT = 200 * 1024 * 1024  # bytes the folder's entries may take (an entry of a check's program: ~20-60 kB)
_FORMAT = b"gradcli-xla-executable 1\n"  # first line of every entry: a later layout is another key, never misread
_SUFFIX = ".xla"
_WRITING = ".xla-part"  # the end of a write's temporary file's name, until it is renamed into place
_STALE = 3600.0  # seconds after which a write's temporary file is a dead process's, removed by the next eviction
# JAX's options that configure JAX's own compilation cache and its logs: they change no machine code.
_NOT_CODE = {
    "jax_compilation_cache_dir", "jax_compilation_cache_max_size", "jax_enable_compilation_cache",
    "jax_persistent_cache_min_compile_time_secs", "jax_persistent_cache_min_entry_size_bytes",
    "jax_raise_persistent_cache_errors", "jax_compilation_cache_check_contents", "jax_log_compiles",
    "jax_explain_cache_misses",
}


def location():
    """The cache's folder as configured (not made), or None where ``$GRADCLI_XLA_CACHE`` turns the cache off."""
    chosen = os.environ.get(VARIABLE, "").strip()
    if chosen.lower() == "off":
        return None
    return chosen or os.path.join(user_cache_folder(), "gradcli", "xla")


def folder():
    """The cache's folder (made if missing), or None: turned off, or not a folder this user alone can write."""
    chosen = location()
    if chosen is None:
        return None
    try:
        os.makedirs(chosen, mode=0o700, exist_ok=True)
        if not os.access(chosen, os.W_OK | os.X_OK) or not _private(os.stat(chosen)):
            return None
    except (OSError, ValueError):
        return None
    return chosen


def _private(stat):
    """Whether a folder with ``stat`` is this user's and no one else may write into it (where the OS says so)."""
    if not hasattr(os, "getuid"):
        return True
    return stat.st_uid == os.getuid() and not stat.st_mode & 0o022


def compiled(lowered):
    """``lowered.compile()``, or the same executable loaded from the folder where an earlier compilation kept it.

    XLA's errors are raised as ``compile`` raises them; the cache's own
    troubles (a folder gone, a full disk, an entry a newer jaxlib cannot
    read) only mean a compilation.
    """
    where = folder()
    if where is None:
        return lowered.compile()
    try:
        path = os.path.join(where, _key(lowered) + _SUFFIX)
    except Exception:  # noqa: BLE001 - a program or a JAX whose key cannot be read: compiled, not kept
        return lowered.compile()
    loaded = _loaded(path, lowered)
    if loaded is not None:
        return loaded
    _listening()
    _HANDED_BACK.by_jax = False
    executable = lowered.compile()
    if not _HANDED_BACK.by_jax:
        _keep(where, path, executable)
    return executable


# Whether JAX's own persistent cache (a user's ``jax_compilation_cache_dir``) handed back the executable the
# compilation in this thread asked for: jaxlib serialises such an executable without its compiled functions
# (loaded again, it fails "Function ... not found" when it runs), so it is never kept here.
_HANDED_BACK = threading.local()
_LISTENING = []  # the listener, once registered (one for the process)
_LOCK = threading.Lock()


def _listening():
    """JAX's event of a hit of its own cache heard, in the thread that compiles (JAX tells its listeners there)."""
    if _LISTENING:
        return
    import jax  # lazy: only a JAX target loads JAX

    def heard(event, **kwargs):
        if event == "/jax/compilation_cache/cache_hits":
            _HANDED_BACK.by_jax = True

    with _LOCK:
        if not _LISTENING:
            jax.monitoring.register_event_listener(heard)
            _LISTENING.append(heard)


def _key(lowered):
    """The entry's name: a digest of the program and of everything else that decides XLA's machine code for it."""
    import jax  # lazy: only a JAX target loads JAX
    import jaxlib  # lazy: only a JAX target loads JAX

    devices = jax.devices()
    client = devices[0].client
    said = {
        "format": _FORMAT.decode(),
        "jax": jax.__version__,
        "jaxlib": jaxlib.__version__,
        "backend": [client.platform, client.platform_version],
        "devices": [[d.id, d.device_kind, d.process_index] for d in devices],
        "host": _host(),
        "xla_flags": os.environ.get("XLA_FLAGS", ""),
        "argv_flags": [a for a in sys.argv if a.startswith("--xla")],
        "config": {name: repr(value) for name, value in sorted(jax.config.values.items()) if name not in _NOT_CODE},
    }
    digest = hashlib.sha256(json.dumps(said, sort_keys=True).encode())
    digest.update(lowered.as_text().encode())
    return digest.hexdigest()


_HOST = []  # the CPU's description, read once per process


def _host():
    """The machine and the CPU that XLA compiles for: its architecture, model and instruction set features."""
    if not _HOST:
        kept = ("vendor_id", "cpu family", "model", "model name", "flags", "Features", "CPU implementer",
                "CPU architecture", "CPU variant", "CPU part")
        lines = []
        try:
            with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    if not line.strip():
                        break  # the first processor's block: XLA compiles for the host's features, alike on every core
                    name = line.split(":", 1)[0].strip()
                    if name in kept:
                        lines.append(line.strip())
        except OSError:
            pass
        _HOST.append([platform.system(), platform.machine(), platform.processor()] + lines)
    return _HOST[0]


def _loaded(path, lowered):
    """The executable kept at ``path`` loaded onto the devices it was compiled for, or None (no usable entry)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    try:
        from jax.experimental import serialize_executable  # lazy: only a JAX target loads JAX

        import jax  # lazy: only a JAX target loads JAX

        head, rest = data[len(_FORMAT):].split(b"\n", 1)
        said = json.loads(head)
        if not data.startswith(_FORMAT) or hashlib.sha256(rest).hexdigest() != said["sha256"]:
            raise ValueError("not a whole entry")
        by_id = {d.id: d for d in jax.devices()}
        devices = [by_id[i] for i in said["devices"]]
        executable = serialize_executable.deserialize_and_load(rest, lowered.in_tree, lowered.out_tree,
                                                               execution_devices=devices)
    except Exception:  # noqa: BLE001 - an entry this JAX cannot load: removed, and the program compiled
        _remove(path)
        return None
    try:
        os.utime(path)  # its use recorded: the eviction removes the entries used longest ago
    except OSError:
        pass
    return executable


def _keep(where, path, executable):
    """``executable`` written to ``path`` (through a file of its own, renamed into place); the folder kept in bounds."""
    try:
        from jax.experimental import serialize_executable  # lazy: only a JAX target loads JAX

        payload = serialize_executable.serialize(executable)[0]
        devices = [d.id for d in executable.runtime_executable().local_devices()]
    except Exception:  # noqa: BLE001 - an executable JAX cannot serialise (a closed-over constant argument): not kept
        return
    head = json.dumps({"sha256": hashlib.sha256(payload).hexdigest(), "devices": devices}).encode()

    def write(temporary):
        with open(temporary, "wb") as out:
            out.write(_FORMAT + head + b"\n" + payload)

    try:
        replace_atomically(path, write, suffix=_WRITING)
    except InputError:  # a full disk, a folder removed meanwhile: the next check compiles again
        return
    evict(where, spared=path)


def evict(where, limit=None, spared=None):
    """The entries of ``where`` used longest ago removed until the rest take at most ``limit`` bytes (`LIMIT`),
    ``spared`` (the entry just written) never; a write's temporary file older than an hour (its process died)
    removed too."""
    limit = LIMIT if limit is None else limit
    entries, total, now = [], 0, time.time()
    try:
        names = os.listdir(where)
    except OSError:
        return
    for name in names:
        path = os.path.join(where, name)
        try:
            stat = os.stat(path)
        except OSError:  # removed by another process meanwhile
            continue
        if name.endswith(_WRITING) and now - stat.st_mtime > _STALE:
            _remove(path)
        elif name.endswith(_SUFFIX):
            total += stat.st_size
            if path != spared:
                entries.append((stat.st_mtime, stat.st_size, path))
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        _remove(path)
        total -= size


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def usage(clear=False):
    """The cache as ``gradcli cache`` shows it, its entries removed first if ``clear``.

    Only gradcli's entries are counted and removed, never other files: the
    folder may be one the user named in ``$GRADCLI_XLA_CACHE``.
    """
    name = "XLA executables of JAX checks"
    where = location()
    if where is None:
        return CacheUsage(name, None, 0, 0, f"off (${VARIABLE}=off)")
    note = ""
    if clear:
        before = folder_usage(where, _counted)
        evict(where, limit=0)
        note = f"removed {before[0]} files"
    return CacheUsage(name, where, *folder_usage(where, _counted), note)


def _counted(name):
    return name.endswith(_SUFFIX)
