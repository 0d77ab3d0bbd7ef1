"""Reliability drills: prove that every fragment is processed exactly once in effect.

    python -m ops.drills [--fragments N] [--only NAME ...]

Starts a private Redis (AOF on) and a private PostgreSQL cluster (initdb in a temporary
directory), so the machine's shared services are never disturbed, migrates the database, and
runs each drill against real Celery workers: kill a worker with SIGKILL mid-chain, restart Redis,
stop and start PostgreSQL, deliver every message twice, two workers on the same users, two beats
at once. After each, the facts and their history events are counted against what the fragments
must produce, and a table is printed. Exit status 0 only when every drill passed.
"""
