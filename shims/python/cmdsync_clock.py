"""The bot's clock on the test's clock (issue 38), started by sitecustomize when
the runner gives CMDSYNC_CLOCK (host:port:token of its private channel).

The asyncio event loop's clock (time.monotonic), time.time and
datetime.datetime.now/utcnow/today run at real time plus what the test
advanced. When the runner says `advance`, the offset grows inside the loop and
the loop is woken, so asyncio.sleep, wait_for timeouts, a View's timeout,
tasks.loop and cooldowns see the time pass. What keeps the connection alive
stays on the real clock: a timer scheduled from inside aiohttp or the
library's gateway and HTTP modules is moved along with the jump, so a
receive timeout never fires early and the session is never dropped because
time moved. discord.py's heartbeat runs in a thread on time.perf_counter,
which is not shifted. Threads keep real time (threading is loaded first).
"""
import threading  # noqa: F401  (imported before time is shifted: its waits keep real time)
import asyncio
import asyncio.base_events
import datetime as _datetime
import heapq
import json
import os
import re
import socket
import sys
import time as _time
import weakref

_CONNECTION = re.compile(r"[\\/](?:aiohttp|async_timeout)[\\/]|[\\/](?:discord|nextcord|disnake)[\\/](?:gateway|http)\.py$")
_FRAMES = 16

_offset = 0.0
_real_monotonic = _time.monotonic
_real_monotonic_ns = _time.monotonic_ns
_real_time = _time.time
_real_time_ns = _time.time_ns
_real_datetime = _datetime.datetime
_loops = weakref.WeakSet()
# By identity: a TimerHandle hashes and compares by its time, which a jump changes.
_kept_real = weakref.WeakValueDictionary()


def _monotonic():
    return _real_monotonic() + _offset


def _monotonic_ns():
    return _real_monotonic_ns() + int(_offset * 1e9)


def _time_now():
    return _real_time() + _offset


def _time_ns():
    return _real_time_ns() + int(_offset * 1e9)


class _DatetimeType(type):
    # A datetime made before the shift, or by C code, is still a datetime.datetime.
    def __instancecheck__(cls, obj):
        return isinstance(obj, _real_datetime)

    def __subclasscheck__(cls, sub):
        return issubclass(sub, _real_datetime)


class _ShiftedDatetime(_real_datetime, metaclass=_DatetimeType):
    @classmethod
    def now(cls, tz=None):
        return _real_datetime.now(tz) + _datetime.timedelta(seconds=_offset)

    @classmethod
    def utcnow(cls):
        return _real_datetime.utcnow() + _datetime.timedelta(seconds=_offset)

    @classmethod
    def today(cls):
        return cls.now()


_base_init = asyncio.base_events.BaseEventLoop.__init__
_base_call_at = asyncio.base_events.BaseEventLoop.call_at


def _init(self, *args, **kwargs):
    _base_init(self, *args, **kwargs)
    _loops.add(self)


def _call_at(self, when, callback, *args, **kwargs):
    handle = _base_call_at(self, when, callback, *args, **kwargs)
    frame = sys._getframe(1)
    for _ in range(_FRAMES):
        if frame is None:
            break
        if _CONNECTION.search(frame.f_code.co_filename):
            _kept_real[id(handle)] = handle
            break
        frame = frame.f_back
    return handle


def _is_kept_real(handle):
    return _kept_real.get(id(handle)) is handle


def _running_loop():
    for loop in list(_loops):
        if loop.is_running() and not loop.is_closed():
            return loop
    return None


def _next_ms(loop):
    """ms until the bot's next timer on the loop, or None when none waits."""
    first = None
    for handle in loop._scheduled:
        if handle.cancelled() or _is_kept_real(handle):
            continue
        if first is None or handle.when() < first:
            first = handle.when()
    return None if first is None else max(0.0, (first - loop.time()) * 1000)


def _advance(loop, ms):
    seconds = ms / 1000
    _shift(ms)
    moved = False
    for handle in loop._scheduled:
        if _is_kept_real(handle):
            handle._when += seconds
            moved = True
    if moved:
        heapq.heapify(loop._scheduled)
    return True


def _shift(ms):
    global _offset
    _offset += ms / 1000


def _in_loop(work):
    """Runs `work(loop)` on the bot's running loop and waits for what it returns (None without a loop)."""
    loop = _running_loop()
    if loop is None:
        return None
    done = threading.Event()
    result = []

    def run():
        result.append(work(loop))
        # What fell due runs in the next iterations; answer after they have begun.
        loop.call_soon(loop.call_soon, loop.call_soon, done.set)

    loop.call_soon_threadsafe(run)
    done.wait(10)
    return result[0] if result else None


def _serve(address):
    host, port, token = address
    try:
        sock = socket.create_connection((host, int(port)))
    except OSError:
        return
    sock.sendall((json.dumps({"hello": token, "runtime": "python", "pid": os.getpid()}) + "\n").encode())
    for line in sock.makefile("r", encoding="utf-8"):
        try:
            order = json.loads(line)
        except ValueError:
            continue
        if order.get("op") == "next":
            ms = _in_loop(_next_ms)
            sock.sendall((json.dumps({"id": order.get("id"), "next": ms}) + "\n").encode())
        elif order.get("op") == "advance":
            ms = order.get("ms")
            if isinstance(ms, (int, float)) and ms >= 0:
                if _in_loop(lambda loop: _advance(loop, ms)) is None:
                    _shift(ms)
                sock.sendall((json.dumps({"id": order.get("id"), "done": True}) + "\n").encode())


def install(value):
    match = re.match(r"^([^:]+):(\d+):([A-Za-z0-9_-]+)$", value)
    if not match:
        return False
    _time.monotonic = _monotonic
    _time.monotonic_ns = _monotonic_ns
    _time.time = _time_now
    _time.time_ns = _time_ns
    _datetime.datetime = _ShiftedDatetime
    asyncio.base_events.BaseEventLoop.__init__ = _init
    asyncio.base_events.BaseEventLoop.call_at = _call_at
    threading.Thread(target=_serve, args=(match.groups(),), name="cmdsync-clock", daemon=True).start()
    sys.stderr.write("[cmdsync] shim: the bot's asyncio clock, time and datetime follow the test's advance (Python)\n")
    return True
