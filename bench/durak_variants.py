"""The Durak panel with the search's constants changed: a variant measured on the
panel's own deals before any change to ``games/`` (issue 35).

Each ``NAME=VALUE`` sets an integer constant of :mod:`games.durak.search`
(``BUDGET``, ``CANDIDATES``, ``ENDGAME_NODES``) in this process and the panel's
workers (forked after the change); the arguments after ``--`` are
``bench/durak_panel.py``'s. Nothing under ``games/`` is changed.

Run: python -m bench.durak_variants CANDIDATES=8 -- 300 35 --seats 3 --style defensive --jobs 1
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import durak_panel
from games.durak import search

KNOBS = ("BUDGET", "CANDIDATES", "ENDGAME_NODES")


def patch(items: list[str]) -> list[str]:
    """Set each ``NAME=VALUE`` of ``items``; the lines that say so."""
    said = []
    for item in items:
        name, _, value = item.partition("=")
        if name not in KNOBS:
            raise SystemExit(f"not a search constant: {name} (one of {', '.join(KNOBS)})")
        setattr(search, name, int(value))
        said.append(f"search.{name} = {int(value)}")
    return said


def main() -> int:
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    for line in patch(argv[:cut]):
        print(line, flush=True)
    multiprocessing.set_start_method("fork")  # the workers see the changed constants
    sys.argv = [sys.argv[0], *argv[cut + 1 :]]
    return durak_panel.main()


if __name__ == "__main__":
    sys.exit(main())
