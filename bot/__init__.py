"""Telegram glue: the python-telegram-bot application, handlers, rendering, i18n."""
