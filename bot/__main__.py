"""``python -m bot``: run the bot (long polling, or a webhook when configured).

``python -m bot sandbox`` runs it against the local Bot API stand-in.
"""

from __future__ import annotations

import os
import sys

from bot.config import ConfigError, load_config


def run() -> int:
    try:
        config = load_config(os.environ)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    from bot.app import ALLOWED_UPDATES, build_application
    from bot.logs import setup_logging

    setup_logging(config.token)
    application = build_application(config)
    application.run_polling(allowed_updates=ALLOWED_UPDATES, drop_pending_updates=False)
    return 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "run"
    if command == "run":
        return run()
    if command == "sandbox":
        from bot.sandbox_run import main as sandbox_main

        return sandbox_main(argv[1:])
    print(f"error: unknown command {command!r}; use: python -m bot [run|sandbox]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
