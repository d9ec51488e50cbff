"""Coverage of the bot's own processes: coverage.py (``patch = ["subprocess"]`` in
pyproject.toml) hands its settings to a child through ``COVERAGE_*`` environment
variables, but many tests start ``python -m bot`` with an environment of their
own (only PATH and the bot's settings). When the run is measured, those
variables are added to every child's environment, so its lines count too."""

from __future__ import annotations

import os
import subprocess
from typing import Any

_original_init = subprocess.Popen.__init__


def _with_coverage(self: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
    env = kwargs.get("env")
    if env is not None:
        measured = {k: v for k, v in os.environ.items() if k.startswith("COVERAGE_")}
        kwargs["env"] = {**env, **measured}
    _original_init(self, *args, **kwargs)


if "COVERAGE_PROCESS_CONFIG" in os.environ:
    subprocess.Popen.__init__ = _with_coverage  # type: ignore[method-assign]
