"""The deployment files agree with the code and with each other: the lock pins every
dependency, the image and the guide use the health check and the lock, the build
context leaves secrets out, the systemd unit runs what the guide installs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_the_lock_pins_every_dependency_and_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {_name(r) for r in extra if not r.startswith("tablebot")}
    pinned = {
        _name(line) for line in (ROOT / "requirements.lock").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }  # fmt: skip
    assert wanted - pinned == set(), "regenerate requirements.lock (README: The two commands)"


def test_aiohttp_is_only_for_the_sandbox() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "aiohttp" not in {_name(r) for r in project["dependencies"]}
    assert "aiohttp" in {_name(r) for r in project["optional-dependencies"]["sandbox"]}


def test_the_image_installs_the_lock_and_checks_its_health() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "pip install --no-cache-dir -c requirements.lock ." in dockerfile
    assert "COPY pyproject.toml README.md requirements.lock" in dockerfile
    assert "HEALTHCHECK" in dockerfile and "/healthz" in dockerfile
    assert "HEALTH_PORT=8081" in dockerfile
    compose = (DEPLOY / "compose.yaml").read_text()
    assert 'HEALTH_PORT: "8081"' in compose and "restart: unless-stopped" in compose


def test_the_build_context_leaves_the_secrets_and_the_rest_out() -> None:
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    for entry in ("deploy/.env", ".git", ".venv", "*.db", "tests"):
        assert entry in ignored


def test_the_systemd_unit_runs_what_the_guide_installs() -> None:
    unit = (DEPLOY / "tablebot.service").read_text()
    guide = (DEPLOY / "README.md").read_text()
    (executable,) = re.findall(r"^ExecStart=(\S+) -m bot$", unit, re.MULTILINE)
    venv = executable.removesuffix("/bin/python")
    assert f"python3 -m venv {venv}\n" in guide
    assert f"{venv}/bin/pip install -c /opt/tablebot/src/requirements.lock" in guide
    assert "RestartPreventExitStatus=2" in unit
    assert "ReadWritePaths=/var/lib/tablebot" in unit and "--home-dir /var/lib/tablebot" in guide


def test_the_proxy_examples_forward_the_webhook_path_unchanged() -> None:
    env = (DEPLOY / ".env.example").read_text()
    (url,) = re.findall(r"^# WEBHOOK_URL=(\S+)$", env, re.MULTILINE)
    path = "/" + url.split("/", 3)[3]
    caddy = (DEPLOY / "Caddyfile").read_text()
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert f"handle {path} {{" in caddy and "reverse_proxy 127.0.0.1:8443" in caddy
    assert f"location = {path} {{" in nginx and "proxy_pass http://127.0.0.1:8443;" in nginx


def test_the_proxy_examples_bound_the_body_of_a_webhook_request() -> None:
    caddy = (DEPLOY / "Caddyfile").read_text()
    nginx = (DEPLOY / "nginx.conf").read_text()
    hook = caddy.split("handle /", 1)[1].split("\n\t}", 1)[0]
    assert re.search(r"request_body \{\s*max_size 1MB\s*\}", hook)
    assert "respond @notpost 405" in hook
    assert "client_max_body_size 1m;" in nginx and "limit_except POST" in nginx


def test_the_docker_guide_installs_compose_v2_on_debian_12() -> None:
    # Debian 12 ships docker.io 20.10 and docker-compose 1.29 (Compose v1) and no
    # Compose v2 package; the compose files are run with `docker compose` (v2)
    guide = (DEPLOY / "README.md").read_text()
    docker = guide.split("## With Docker", 1)[1].split("\n## ", 1)[0]
    assert "https://download.docker.com/linux/debian" in docker
    install = docker.index("apt-get install -y docker-ce docker-ce-cli")
    assert "docker-compose-plugin" in docker[install:].splitlines()[0]
    assert install < docker.index("docker compose -f deploy/compose.yaml up")
    assert "docker compose version" in docker


def test_the_proxy_examples_forward_the_hand_app_with_a_small_body_limit() -> None:
    env = (DEPLOY / ".env.example").read_text()
    (url,) = re.findall(r"^# WEBAPP_URL=(\S+)$", env, re.MULTILINE)
    path = "/" + url.split("/", 3)[3]
    caddy = (DEPLOY / "Caddyfile").read_text()
    app = caddy.split(f"handle {path}* {{", 1)[1].split("\n\t}", 1)[0]
    assert re.search(r"request_body \{\s*max_size 4KB\s*\}", app)
    assert "reverse_proxy 127.0.0.1:8443" in app
    for name in ("nginx.conf", "nginx.workers.conf"):
        nginx = (DEPLOY / name).read_text()
        block = nginx.split(f"location {path} {{", 1)[1].split("}", 2)[1]
        assert "client_max_body_size 4k;" in block and ":8443;" in block, name
