"""deploy/compose.postgres.yml: PostgreSQL, a one-shot migration, several bot workers and
a proxy that spreads the webhook over them, in that order, with no secret in the file.
(deploy/nginx.workers.conf is run by a real nginx in test_nginx_workers.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.operator.yaml_subset import read_yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
TEXT = (DEPLOY / "compose.postgres.yml").read_text()
COMPOSE: dict[str, Any] = read_yaml(TEXT)
SERVICES: dict[str, Any] = COMPOSE["services"]
PASSWORD = re.compile(r"^\$\{POSTGRES_PASSWORD:\?[^}]+\}$")
TOKEN = re.compile(r"\d{3,}:[A-Za-z0-9_-]{20,}")  # what @BotFather hands out


def _webhook_path() -> str:
    env = (DEPLOY / ".env.example").read_text()
    (url,) = re.findall(r"^# WEBHOOK_URL=(\S+)$", env, re.MULTILINE)
    return "/" + url.split("/", 3)[3]


def test_the_reader_reads_the_file_as_pyyaml_does() -> None:
    yaml = pytest.importorskip("yaml")
    assert yaml.safe_load(TEXT) == COMPOSE


def test_postgres_keeps_its_data_in_a_named_volume_and_says_when_it_is_ready() -> None:
    postgres = SERVICES["postgres"]
    assert postgres["image"].startswith("postgres:16")
    (volume,) = postgres["volumes"]
    name, mount = volume.split(":")
    assert mount == "/var/lib/postgresql/data" and name in COMPOSE["volumes"]
    assert "pg_isready" in postgres["healthcheck"]["test"]
    assert "env_file" not in postgres  # the bot's token stays out of it
    assert postgres["restart"] == "unless-stopped"


def test_the_schema_is_migrated_once_before_any_worker_starts() -> None:
    migrate, bot = SERVICES["migrate"], SERVICES["bot"]
    assert migrate["command"] == ["python", "-m", "bot", "migrate"]
    assert migrate["restart"] == "no"
    assert migrate["depends_on"]["postgres"] == {"condition": "service_healthy"}
    assert bot["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
    assert bot["depends_on"]["postgres"] == {"condition": "service_healthy"}
    for service in (migrate, bot):
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert service["environment"]["DATABASE_URL"] == migrate["environment"]["DATABASE_URL"]


def test_several_webhook_workers_share_one_database_and_report_their_health() -> None:
    bot = SERVICES["bot"]
    assert bot["deploy"]["replicas"] >= 2
    assert "container_name" not in bot and "ports" not in bot  # replicas need neither
    env = bot["environment"]
    url = re.fullmatch(r"postgresql://tablebot:(.+)@postgres:5432/tablebot", env["DATABASE_URL"])
    assert url is not None and PASSWORD.match(url.group(1))
    assert env["LISTEN"] == "0.0.0.0" and env["HEALTH_PORT"] == ""
    assert bot["env_file"] == ".env"  # BOT_TOKEN, WEBHOOK_URL, WEBHOOK_SECRET
    test = bot["healthcheck"]["test"]
    assert f"http://127.0.0.1:{env['PORT']}/healthz" in test[-1]
    assert bot["restart"] == "unless-stopped"


def test_the_proxy_spreads_the_webhook_path_over_the_bot_service() -> None:
    proxy = SERVICES["proxy"]
    assert proxy["image"].startswith("nginx:")
    (mount,) = proxy["volumes"]
    source, target, mode = mount.split(":")
    assert target == "/etc/nginx/nginx.conf" and mode == "ro"
    config = (DEPLOY / source).read_text()
    (published,) = proxy["ports"]
    address, port, inside = published.split(":")
    # where the host's deploy/Caddyfile and deploy/nginx.conf forward the webhook to
    assert (address, port) == ("127.0.0.1", "8443") and f"listen {inside};" in config
    (block,) = re.findall(rf"location = {_webhook_path()} {{(.*?)\n        }}", config, re.DOTALL)
    (variable,) = re.findall(r"set \$(\w+) bot;", block)  # the service's name, looked up
    assert f"proxy_pass http://${variable}:{SERVICES['bot']['environment']['PORT']};" in block
    # Docker's DNS, asked again while nginx runs; no upstream block (resolved once)
    (valid,) = re.findall(r"^\s*resolver 127\.0\.0\.11 valid=(\d+)s", config, re.MULTILINE)
    assert int(valid) <= 10  # a new or restarted replica is seen within seconds
    assert not re.search(r"^\s*upstream\s", config, re.MULTILINE)
    (retry,) = re.findall(r"proxy_next_upstream ([^;]+);", block)
    assert {"error", "timeout", "http_502", "http_503", "non_idempotent"} <= set(retry.split())
    assert re.search(r"location / \{\s*return 404;", config)


def test_no_secret_is_written_in_the_file() -> None:
    assert PASSWORD.match(SERVICES["postgres"]["environment"]["POSTGRES_PASSWORD"])
    assert not TOKEN.search(TEXT)
    for service in SERVICES.values():
        written = set(service.get("environment", {}))
        assert written.isdisjoint({"BOT_TOKEN", "WEBHOOK_SECRET", "WEBHOOK_URL"})
    assert "deploy/.env" in (DEPLOY.parent / ".dockerignore").read_text().split()
