"""``python -m bot``: run the bot (long polling, or a webhook when configured).

``python -m bot sandbox`` runs it against the local Bot API stand-in;
``python -m bot backup PATH`` copies the database while the bot runs;
``python -m bot --help`` prints the commands and every setting with its default.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys

from bot.config import SETTINGS, TOKEN_PATTERN, ConfigError, load_config

COMMANDS: tuple[tuple[str, str], ...] = (
    ("run", "run the bot (the default): long polling, or a webhook if WEBHOOK_URL is set"),
    ("sandbox", "try the bot without Telegram, in a browser (python -m bot sandbox --help)"),
    ("backup PATH [--force]", "copy the live database to PATH (--force: replace PATH)"),
    ("migrate", "apply database migrations (start-up does it too)"),
    (
        "copy-db SOURCE TARGET",
        "copy every game, chip, result and rating to an empty database "
        "(e.g. sqlite:////data/tablebot.db to postgresql://…)",
    ),
)
# the module of each command after ``run``, and its ``main(argv) -> int`` (or the
# function named after a colon)
MODULES = {"sandbox": "bot.ops.sandbox_run", "backup": "bot.ops.backup",
           "migrate": "bot.ops.migrate", "copy-db": "bot.ops.migrate:copy_main"}  # fmt: skip
# without aiohttp (a production install): the command that adds it, at the tested versions
HINT_SANDBOX_EXTRA = (
    "error: the sandbox needs its extra: pip install -c requirements.lock '.[sandbox]'"
)


def usage() -> str:
    width = max(len(name) for name, _ in COMMANDS)
    lines = ["usage: python -m bot [COMMAND] [-h | --help]", "", "commands:"]
    lines += [f"  {name:<{width}}  {meaning}" for name, meaning in COMMANDS]
    lines += ["", "settings (environment variables):"]
    width = max(len(name) for name, _, _ in SETTINGS)
    for name, default, meaning in SETTINGS:
        lines.append(f"  {name:<{width}}  {meaning}; default: {default}")
    lines += ["", "Exit codes: 0 stopped cleanly, 2 refused as configured (one line says why)."]
    return "\n".join(lines)


def run() -> int:
    try:
        config = load_config(os.environ)
    except ConfigError as error:
        from bot.ops.logs import Redactor

        # a setting may quote the token (a webhook path made of it): never shown
        token = os.environ.get("BOT_TOKEN", "").strip()
        redact = Redactor(token if TOKEN_PATTERN.match(token) else "")
        print(f"error: {redact(str(error))}", file=sys.stderr)
        return 2
    from bot.ops.logs import setup_logging
    from bot.ops.serve import serve
    from bot.ops.workers import is_worker, supervise

    setup_logging(config.token)  # from here on, no output shows the token
    if config.workers > 1 and not is_worker(os.environ):
        return asyncio.run(supervise(config))
    return asyncio.run(serve(config))


def _command(name: str, argv: list[str]) -> int:
    module_name, _, function = MODULES[name].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == "aiohttp":
            print(HINT_SANDBOX_EXTRA, file=sys.stderr)
            return 2
        if error.name == module_name:
            print(f"error: {name!r} is not available in this version", file=sys.stderr)
            return 2
        raise
    code: int = getattr(module, function or "main")(argv)
    return code


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "run"
    if command in ("-h", "--help", "help"):
        try:
            print(usage(), flush=True)
        except BrokenPipeError:  # python -m bot --help | head: no traceback
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if command == "run" and len(argv) <= 1:
        return run()
    if command in MODULES:
        return _command(command, argv[1:])
    print(f"error: unknown command {' '.join(argv)!r}; python -m bot --help lists them",
          file=sys.stderr)  # fmt: skip
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
