"""A discord.py bot for the emulator's gateway test: it logs in over zlib-stream
(discord.py always asks for it), chunks its guilds at start-up (members intent,
op 8 with integer snowflakes), and prints what it saw as one JSON line.

Usage: python3 members_bot.py API_URL GATEWAY_URL TOKEN
"""
import asyncio
import json
import sys

import discord
import yarl

api, gateway, token = sys.argv[1:4]
discord.http.Route.BASE = api
# A plain Client connects to a hard-coded gateway (facts §7.7): point it at the emulator.
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

intents = discord.Intents.default()
intents.members = True
client = discord.Client(intents=intents)


@client.event
async def on_ready():
    guilds = [
        {
            "id": str(g.id),
            "name": g.name,
            "chunked": g.chunked,
            "members": sorted(str(m.id) for m in g.members),
            # Each channel as discord.py's own parser made it (a voice channel reads bitrate, user_limit, rtc_region).
            "channels": [
                {"name": c.name, "kind": type(c).__name__, "bitrate": getattr(c, "bitrate", None), "user_limit": getattr(c, "user_limit", None), "nsfw": c.is_nsfw() if hasattr(c, "is_nsfw") else None}
                for c in g.channels
            ],
        }
        for g in client.guilds
    ]
    print(json.dumps({"user": str(client.user.id), "guilds": guilds}), flush=True)
    await client.close()


async def main():
    async with client:
        await asyncio.wait_for(client.start(token), timeout=30)


asyncio.run(main())
