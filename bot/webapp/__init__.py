"""The hand in a Mini App (issue 32): what the bot's side of a Telegram Mini App needs.

So far only :mod:`bot.webapp.initdata`, the check of the ``initData`` a Mini App
sends (standard library only: it imports nothing of the bot).
"""
