"""Pure game engines: rules, state, legal actions, views and computer players.

Nothing in this package imports telegram, aiosqlite, asyncio, logging or the
clock; randomness is always an injected ``random.Random``.
"""
