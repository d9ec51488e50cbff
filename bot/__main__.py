"""``python -m bot``: run the bot (long polling, or a webhook when configured).

``python -m bot sandbox`` runs it against the local Bot API stand-in;
``python -m bot backup PATH`` copies the database while the bot runs.
"""

from __future__ import annotations

import asyncio
import os
import sys

from bot.config import ConfigError, load_config


def run() -> int:
    try:
        config = load_config(os.environ)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    from bot.logs import setup_logging
    from bot.serve import serve

    setup_logging(config.token)  # from here on, no output shows the token
    return asyncio.run(serve(config))


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "run"
    if command == "run":
        return run()
    if command == "backup":
        from bot.backup import main as backup_main

        return backup_main(argv[1:])
    if command == "sandbox":
        from bot.sandbox_run import main as sandbox_main

        return sandbox_main(argv[1:])
    usage = "python -m bot [run | sandbox | backup PATH]"
    print(f"error: unknown command {command!r}; use: {usage}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
