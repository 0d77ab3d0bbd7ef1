"""Print the runtime dependencies, `[project].dependencies` of pyproject.toml, one per line.

    python ops/requirements.py [pyproject.toml] > requirements.txt

The one list the production install reads: the Dockerfile runs this file before `pip install -r`,
and tests/test_runtime_install.py builds its runtime-only virtualenv the same way. Standard library
only, so it runs in a bare `python:3.11-slim` before anything is installed.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path


def runtime_requirements(pyproject: Path) -> list[str]:
    with pyproject.open("rb") as file:
        return list(tomllib.load(file)["project"]["dependencies"])


if __name__ == "__main__":
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "pyproject.toml"
    print("\n".join(runtime_requirements(path)))
