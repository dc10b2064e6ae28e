"""A discord.py moderator for the emulator's moderation test: once ready it
bans one member (with a reason), gives another a role and a nickname, and
tries to ban a member above its own role; it prints what came of each as one
JSON line.

Usage: python3 moderation_bot.py API_URL GATEWAY_URL TOKEN GUILD BAN ROLE_MEMBER ROLE ABOVE
"""
import asyncio
import json
import sys

import discord
import yarl

api, gateway, token, guild_id, ban_id, role_member_id, role_id, above_id = sys.argv[1:9]
discord.http.Route.BASE = api
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

intents = discord.Intents.default()
intents.members = True
client = discord.Client(intents=intents)


async def attempt(what):
    try:
        await what
        return "ok"
    except discord.HTTPException as e:
        return f"{type(e).__name__} {e.code}"


@client.event
async def on_ready():
    guild = client.get_guild(int(guild_id))
    member = guild.get_member(int(role_member_id))
    out = {
        "ban": await attempt(guild.ban(discord.Object(int(ban_id)), reason="spam from py")),
        "add_roles": await attempt(member.add_roles(guild.get_role(int(role_id)), reason="promoted")),
        "nick": await attempt(member.edit(nick="Caz")),
        "ban_above": await attempt(guild.ban(discord.Object(int(above_id)))),
    }
    print(json.dumps(out), flush=True)
    await client.close()


async def main():
    async with client:
        await asyncio.wait_for(client.start(token), timeout=30)


asyncio.run(main())
