"""``pytest`` and ``pytest -q`` both end with the count line ("N passed"): CI and the
README's test command are judged by it. (``-q`` in pyproject's addopts made
``pytest -q`` mean ``-qq``, which leaves the count out.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("flags", [[], ["-q"]], ids=["plain", "quiet"])
def test_the_run_ends_with_the_count(tmp_path: Path, flags: list[str]) -> None:
    (tmp_path / "test_one.py").write_text("def test_one() -> None:\n    pass\n")
    command = [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml")]
    command += ["--rootdir", str(tmp_path), "-n", "0", "-p", "no:cacheprovider", *flags]
    run = subprocess.run(
        [*command, str(tmp_path / "test_one.py")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout.splitlines()[-1], run.stdout
