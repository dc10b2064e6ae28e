"""A discord.py bot, unmodified but for where it connects: the emulator.

Run by test/clients/discordpy.test.ts with Debian's python3-discord. It logs
in over the gateway (discord.py asks for zlib-stream compression), answers
the /ping slash command, and answers /confirm with a button that, when
clicked, updates the message in place. Each step is printed on stdout as one
JSON line, which the test reads.

Environment: CMDSYNC_API (the emulator's REST base with its version,
http://127.0.0.1:PORT/api/v10), CMDSYNC_GATEWAY (ws://127.0.0.1:PORT),
CMDSYNC_BOT_TOKEN, CMDSYNC_GUILD_ID.
"""
import json
import os
import sys

import discord
import yarl
from discord import app_commands

# Where it connects, and nothing else changed: discord.py 2.2 keeps one
# address for the REST API and one for the gateway's first connection (later
# ones use READY's resume_gateway_url).
discord.http.Route.BASE = os.environ["CMDSYNC_API"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["CMDSYNC_GATEWAY"])
GUILD = discord.Object(id=int(os.environ["CMDSYNC_GUILD_ID"]))


def say(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)


class Confirm(discord.ui.View):
    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.success, custom_id="confirm")
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button):
        say("clicked", user=str(interaction.user.id), custom_id=interaction.data.get("custom_id"))
        await interaction.response.edit_message(content="Confirmed.", view=None)


class Bot(discord.Client):
    def __init__(self):
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

    async def on_ready(self):
        say("ready", user=str(self.user.id), guilds=[str(g.id) for g in self.guilds])


bot = Bot()


@bot.tree.command(name="ping", description="Replies with pong", guild=GUILD)
async def ping(interaction: discord.Interaction):
    say("invoked", command="ping", user=str(interaction.user.id))
    await interaction.response.send_message(f"pong, {interaction.user.name}")


@bot.tree.command(name="confirm", description="Asks to confirm", guild=GUILD)
async def confirm(interaction: discord.Interaction):
    say("invoked", command="confirm", user=str(interaction.user.id))
    await interaction.response.send_message("Are you sure?", view=Confirm())


@bot.event
async def on_error(event, *args, **kwargs):
    say("error", where=event, error=repr(sys.exc_info()[1]))


bot.run(os.environ["CMDSYNC_BOT_TOKEN"], log_handler=None)
