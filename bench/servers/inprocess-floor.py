"""The floor of any in-process runner of examples/discordpy-bot (bench/bot-test-inprocess.mjs).

An in-process runner (SimCord, dpytest) starts Python, imports discord.py and
the bot's module (its client, command tree and views), and only then runs
handlers. This does exactly that much and no more: the bot's `run` is made a
no-op so the module defines everything and returns. What it leaves out (the
runner's own imports, pytest, building fake interactions, the handlers'
few milliseconds) only makes a real in-process runner slower than this floor.
"""
import os
import sys

import discord

discord.Client.run = lambda self, *args, **kwargs: None
os.environ.setdefault("DISCORD_TOKEN", "floor")
path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    code = compile(f.read(), path, "exec")
exec(code, {"__name__": "bot", "__file__": path})
