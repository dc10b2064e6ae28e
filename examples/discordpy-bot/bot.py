"""A discord.py gateway bot, written as any bot is written; only where it
connects comes from the environment, so `cmdsync test` can point it at the
emulator (and production at the real service):

  DISCORD_TOKEN        the bot token
  CMDSYNC_API_URL      the REST base with the version (discord.py's Route.BASE);
                       unset: the real service
  CMDSYNC_GATEWAY_URL  the gateway (a plain Client connects to a fixed address,
                       not the one GET /gateway/bot gives); unset: the real service

The commands are declared in cmdsync.yaml and deployed by `cmdsync apply`: the
tree only handles them, it is never synced from here.
"""
import os

import discord
import yarl
from discord import app_commands

if os.environ.get("CMDSYNC_API_URL"):
    discord.http.Route.BASE = os.environ["CMDSYNC_API_URL"]
if os.environ.get("CMDSYNC_GATEWAY_URL"):
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["CMDSYNC_GATEWAY_URL"])

FRUITS = ["Apple", "Banana", "Blueberry", "Cherry"]


class Bot(discord.Client):
    def __init__(self):
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

    async def on_ready(self):
        print(f"ready as {self.user.name}")


bot = Bot()


@bot.tree.command(name="ping", description="Replies with pong")
async def ping(interaction: discord.Interaction):
    await interaction.response.send_message("pong")


@bot.tree.command(name="report", description="Thinks a while, then answers and follows up")
async def report(interaction: discord.Interaction):
    # Slow work: defer (the member sees "thinking…"), then answer and follow up.
    await interaction.response.defer(thinking=True)
    await interaction.edit_original_response(content="Report ready")
    await interaction.followup.send("Page 2 of the report")


async def fruit_names(interaction: discord.Interaction, current: str):
    return [app_commands.Choice(name=f, value=f.lower()) for f in FRUITS if f.lower().startswith(current.lower())]


@bot.tree.command(name="fruit", description="Pick a fruit")
@app_commands.describe(name="The fruit")
@app_commands.autocomplete(name=fruit_names)
async def fruit(interaction: discord.Interaction, name: str):
    await interaction.response.send_message(f"You picked {name}")


# Only members with BAN_MEMBERS see /ban (default_member_permissions in cmdsync.yaml).
@bot.tree.command(name="ban", description="Ban a member (a dry run)")
@app_commands.describe(who="Whom to ban")
async def ban(interaction: discord.Interaction, who: discord.User):
    await interaction.response.send_message(f"Would ban {who.name}")


class Confirm(discord.ui.View):
    @discord.ui.button(label="Yes", style=discord.ButtonStyle.success, custom_id="confirm-yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.edit_message(content="Done", view=None)


@bot.tree.command(name="confirm", description="Asks before doing it")
async def confirm(interaction: discord.Interaction):
    await interaction.response.send_message("Sure?", view=Confirm())


class Feedback(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Your text", custom_id="text", style=discord.TextStyle.paragraph)

    async def on_submit(self, interaction: discord.Interaction):
        await interaction.response.send_message(f"Thanks: {self.text.value}", ephemeral=True)


@bot.tree.command(name="feedback", description="Opens a feedback form")
async def feedback(interaction: discord.Interaction):
    await interaction.response.send_modal(Feedback(custom_id="feedback"))


# No log handler: only warnings and errors reach stderr (Python's last-resort handler).
bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)
