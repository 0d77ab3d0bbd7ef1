"""The reliability drills (ops/drills) run end to end: private Redis and PostgreSQL, real workers.

One subprocess runs them all, so its settings point at the private services, never at the test
database; it prints the table and exits 0 only when every drill found exactly the expected facts
and history events. Bounded: ~4.5 minutes on 2 cores, ~2 of them the kill-worker drill waiting, at
the default settings, for the killed worker's message to come back (it asserts recovery ≤ 5 minutes).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_drill_leaves_exactly_the_expected_facts_and_events(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ops.drills", "--fragments", "30", "--log-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=720,
    )
    print(result.stdout)
    assert result.returncode == 0, f"drills failed:\n{result.stdout}\n{result.stderr[-3000:]}"
    assert "6/6 drills passed" in result.stdout
    for drill in ("kill-worker", "restart-redis", "restart-postgres", "deliver-twice", "same-user", "two-beats"):
        assert any(line.startswith(drill) and "| PASS" in line for line in result.stdout.splitlines()), drill
