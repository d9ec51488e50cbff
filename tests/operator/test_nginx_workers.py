"""deploy/nginx.workers.conf run by a real nginx (skipped where nginx is not installed):
a stub DNS server plays Docker's (one address per `bot` replica) and small HTTP servers
on 127.0.0.x play the replicas. Every webhook POST is answered 200 although one replica
is dead and one answers 503, the POSTs are spread over the live replicas, a replica added
later is found, and nothing but a POST to the webhook path is forwarded."""

from __future__ import annotations

import shutil
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "nginx.workers.conf"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")
HOOK = "/tablebot/hook"


class StubDns:
    """Answers every A question with `self.addresses` (Docker's DNS does the same for a
    service name: one address per running replica)."""

    def __init__(self, addresses: list[str]) -> None:
        self.addresses = addresses
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                data, peer = self.sock.recvfrom(512)
            except OSError:
                return
            end = data.index(b"\0", 12) + 5  # the question: name, type, class
            asks_a = data[end - 4 : end - 2] == b"\0\1"
            records = [
                b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 1, 4) + socket.inet_aton(address)
                for address in (self.addresses if asks_a else [])
            ]
            header = struct.pack(">HHHHHH", int.from_bytes(data[:2]), 0x8180, 1, len(records), 0, 0)
            self.sock.sendto(header + data[12:end] + b"".join(records), peer)


class Replica(ThreadingHTTPServer):
    def __init__(self, address: str, port: int, status: int, seen: Counter[str]) -> None:
        self.status, self.seen, self.address = status, seen, address
        super().__init__((address, port), _Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


class _Handler(BaseHTTPRequestHandler):
    server: Replica

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        secret = self.headers.get("X-Telegram-Bot-Api-Secret-Token")
        self.server.seen[f"{self.server.address} {self.path} {secret}"] += 1
        self.send_response(self.server.status)
        self.send_header("Content-Length", str(len(self.server.address)))
        self.end_headers()
        self.wfile.write(self.server.address.encode())

    def log_message(self, format: str, *args: object) -> None:
        return None


World = tuple[StubDns, int, Counter[str]]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _config(tmp: Path, dns: int, listen: int, replicas: int) -> Path:
    text = CONFIG.read_text()
    for old, new in (("worker_processes auto;", "worker_processes 1;"),  # one cache
                     ("resolver 127.0.0.11 valid=5s", f"resolver 127.0.0.1:{dns} valid=1s"),
                     ("listen 8080;", f"listen 127.0.0.1:{listen};"),
                     ("$bot_service:8443;", f"$bot_service:{replicas};"),
                     ("pid /tmp/nginx.pid;", f"pid {tmp}/nginx.pid;")):  # fmt: skip
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (tmp / "nginx.conf").write_text(text)
    return tmp / "nginx.conf"


def _wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and process.poll() is None:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)  # polling for the port, bounded by the deadline
    raise AssertionError(f"nginx did not listen (exit code {process.poll()})")


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    seen: Counter[str] = Counter()
    port = _free_port()
    replicas = [Replica(f"127.0.0.{n}", port, status, seen)
                for n, status in ((2, 200), (3, 200), (4, 503), (6, 200))]  # fmt: skip
    dns = StubDns(["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"])  # .5: a dead one
    listen = _free_port()
    config = _config(tmp_path, dns.port, listen, port)
    assert NGINX is not None
    command = [NGINX, "-p", str(tmp_path), "-c", str(config), "-e", str(tmp_path / "error.log")]
    process = subprocess.Popen([*command, "-g", "daemon off;"])
    try:
        _wait_listening(listen, process)
        yield dns, listen, seen
    finally:
        process.terminate()
        process.wait(10)
        dns.sock.close()
        for replica in replicas:
            replica.shutdown()
            replica.server_close()


def _send(port: int, path: str = HOOK, method: str = "POST") -> tuple[int, str]:
    body = b'{"update_id": 1}' if method == "POST" else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", body, method=method)
    request.add_header("X-Telegram-Bot-Api-Secret-Token", "s3cret")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
        raise AssertionError("unreachable")
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_every_post_is_answered_by_a_live_replica_and_spread_over_them(world: World) -> None:
    _, port, seen = world
    answers = Counter(_send(port) for _ in range(60))
    assert set(answers) <= {(200, "127.0.0.2"), (200, "127.0.0.3")}, answers
    # each request starts at a random one of the 4 addresses (.3 first: 1 in 4)
    assert len(answers) == 2 and min(answers.values()) >= 3, answers
    assert seen[f"127.0.0.4 {HOOK} s3cret"] > 0  # the 503 was tried, then the next one
    assert all(key.endswith(f" {HOOK} s3cret") for key in seen)  # path and header kept


def test_a_replica_added_later_is_found(world: World) -> None:
    dns, port, _ = world
    assert _send(port)[0] == 200  # nginx has looked the name up
    dns.addresses = [*dns.addresses, "127.0.0.6"]  # docker compose up --scale bot=4
    deadline = time.monotonic() + 10
    while _send(port) != (200, "127.0.0.6"):
        assert time.monotonic() < deadline, "the new replica was never asked"


def test_only_a_post_to_the_webhook_path_is_forwarded(world: World) -> None:
    _, port, seen = world
    assert _send(port, method="GET")[0] == 403
    assert _send(port, path="/healthz")[0] == 404
    assert _send(port, path="/tablebot/hook/x")[0] == 404
    assert sum(seen.values()) == 0
