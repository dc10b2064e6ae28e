"""cmdsync's connection shim for a Python bot under test (issue 38).

The runner puts this folder first on PYTHONPATH. When the bot imports
discord.py (or a fork that shares its names: nextcord, disnake), the REST
base (`http.Route.BASE`) and the gateway (`gateway.DiscordWebSocket.DEFAULT_GATEWAY`)
are pointed at the emulator, so a bot that never names them talks to it
unchanged. A bot that sets them itself afterwards keeps its own. Without
CMDSYNC_API_URL (the runner's variable) it does nothing. Any other
sitecustomize on the path is run after it.
"""
import importlib.abc
import os
import sys

_BASE = os.environ.get("CMDSYNC_API_URL")
_GATEWAY = os.environ.get("CMDSYNC_GATEWAY_URL")
_LIBRARIES = ("discord", "nextcord", "disnake")


def _patch_http(module):
    route = getattr(module, "Route", None)
    if route is not None and _BASE:
        route.BASE = _BASE
        sys.stderr.write("[cmdsync] shim: %s.http.Route.BASE points at the emulator\n" % module.__name__.split(".")[0])


def _patch_gateway(module):
    ws = getattr(module, "DiscordWebSocket", None)
    if ws is not None and _GATEWAY:
        import yarl

        ws.DEFAULT_GATEWAY = yarl.URL(_GATEWAY)


class _AfterImport(importlib.abc.MetaPathFinder):
    """Finds the library's http and gateway modules as the other finders do, and patches each once it has run."""

    def __init__(self):
        self._patches = {}
        for lib in _LIBRARIES:
            self._patches[lib + ".http"] = _patch_http
            self._patches[lib + ".gateway"] = _patch_gateway

    def find_spec(self, fullname, path, target=None):
        patch = self._patches.get(fullname)
        if patch is None:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module):
            run(module)
            patch(module)

        loader.exec_module = exec_module
        return spec


def _next_sitecustomize():
    here = os.path.dirname(os.path.abspath(__file__))
    for entry in sys.path:
        if os.path.abspath(entry or ".") == here:
            continue
        candidate = os.path.join(entry or ".", "sitecustomize.py")
        if os.path.isfile(candidate):
            with open(candidate, encoding="utf-8") as f:
                code = compile(f.read(), candidate, "exec")
            exec(code, {"__name__": "sitecustomize", "__file__": candidate})
            return


if _BASE:
    sys.meta_path.insert(0, _AfterImport())
if os.environ.get("CMDSYNC_CLOCK"):
    # The bot's clock on the test's clock (cmdsync_clock.py, beside this file).
    import cmdsync_clock

    cmdsync_clock.install(os.environ["CMDSYNC_CLOCK"])
_next_sitecustomize()
