"""Ruleset discovery (``hexwar.core.registry``): the entry points and ``HEXWAR_RULESETS``
loaded once per process, whatever the number of threads asking first."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest

from hexwar.core import registry

THREADS = 10

# Run in a fresh interpreter, where nothing has discovered the rulesets yet. Loading an entry
# point is slowed down so that every thread asks while the first is still loading: the race
# window is wide, and the test fails the same way every time where discovery is not safe.
RACE = f"""
import json, threading, time
from importlib.metadata import EntryPoint

load = EntryPoint.load


def slow_load(self):
    time.sleep(0.05)
    return load(self)


EntryPoint.load = slow_load

from hexwar.core import registry

barrier = threading.Barrier({THREADS})
errors = []


def ask():
    barrier.wait()
    try:
        registry.get("aggressor")
    except Exception as exc:
        errors.append(f"{{type(exc).__name__}}: {{exc}}")


threads = [threading.Thread(target=ask) for _ in range({THREADS})]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps(errors))
"""


def test_concurrent_first_lookups_all_find_the_ruleset(cli_env: dict[str, str]) -> None:
    """Issue 38 item 4: ten concurrent first requests to a fresh web server were told
    ``unknown ruleset 'aggressor' (known: none installed)`` -- discovery marked itself done
    before it had loaded anything, and the other threads looked in the empty registry. Every
    thread that asks while discovery runs waits for it and finds the ruleset."""
    done = subprocess.run(
        [sys.executable, "-c", RACE],
        capture_output=True,
        text=True,
        env=cli_env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_a_failed_discovery_leaves_nothing_half_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38 item 4: a ruleset that fails to load fails discovery as a whole -- no ruleset
    loaded before it is registered and discovery is not marked done -- so the next lookup
    tries again instead of answering from half a registry."""
    points = list(registry.entry_points(group=registry.ENTRY_POINT_GROUP))
    assert len(points) >= 2
    broken = EntryPoint("broken", "hexwar.no_such_module:Ruleset", registry.ENTRY_POINT_GROUP)
    found = [points[0], broken, *points[1:]]
    monkeypatch.setattr(registry, "entry_points", lambda group: found)
    monkeypatch.setattr(registry, "_registry", {})
    monkeypatch.setattr(registry, "_discovered", False)
    with pytest.raises(ModuleNotFoundError):
        registry.get(points[0].name)
    assert registry._registry == {}
    assert not registry._discovered
    found.remove(broken)
    assert registry.get(points[0].name).info.id == points[0].name
