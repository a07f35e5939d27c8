"""The session's JAX cache (tests/xla_programs.py): its writes skip JAX's search for entries to evict, which only a
smaller limit than the session's needs."""

import os

import pytest

pytest.importorskip("jax")  # the session's cache is JAX's; the extra is installed by `make test`

from jax._src.lru_cache import LRUCache  # noqa: E402 - loaded before each test's set-up, as in the suite

import xla_programs  # noqa: E402


def _entry_without_its_last_use(folder, key):
    """An entry JAX's search for evictions cannot read (its last-use file is missing): a search raises on it."""
    with open(os.path.join(folder, key + "-cache"), "wb") as out:
        out.write(b"x" * 100)


def test_a_write_to_a_cache_that_never_fills_reads_none_of_the_other_entries(tmp_path):
    _entry_without_its_last_use(tmp_path, "old")
    cache = LRUCache(str(tmp_path), max_size=xla_programs._NEVER_FULL)

    cache.put("new", b"program")

    assert cache.get("new") == b"program"


def test_a_cache_with_a_smaller_limit_still_evicts_its_entries_used_longest_ago(tmp_path):
    cache = LRUCache(str(tmp_path), max_size=250)
    cache.put("first", b"a" * 100)
    cache.put("second", b"b" * 100)

    cache.put("third", b"c" * 100)

    assert cache.get("first") is None
    assert cache.get("second") == b"b" * 100 and cache.get("third") == b"c" * 100
    _entry_without_its_last_use(tmp_path, "unreadable")
    with pytest.raises(FileNotFoundError):  # the search ran over the folder's entries
        cache.put("fourth", b"d" * 10)
