"""Static checks of Dockerfile, .dockerignore and docker-compose.yml (no Docker engine here)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined."""
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    text = re.sub(r"\\\n", " ", text)
    result = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, args = line.partition(" ")
            result.append((word.upper(), args.strip()))
    return result


def of(kind: str) -> list[str]:
    return [args for word, args in instructions() if word == kind]


def test_base_image_is_python_311_slim() -> None:
    base = of("FROM")
    assert base, "no FROM"
    assert re.fullmatch(
        r"python:3\.11(\.\d+)?-slim(-\w+)?(@sha256:[0-9a-f]+)?", base[-1].split()[0]
    )


def test_installs_the_package_under_the_constraints() -> None:
    installs = [run for run in of("RUN") if "pip install" in run]
    assert installs, "no pip install"
    assert any(re.search(r"-c constraints\.txt\b.*\.\[postgres\]", run) for run in installs)
    copied = " ".join(of("COPY"))
    for needed in ("pyproject.toml", "constraints.txt", "rules", "bot", "cogs", "render", "db"):
        assert needed in copied, f"{needed} is not copied into the image"


def test_copy_sources_exist_and_are_not_dockerignored() -> None:
    ignored = {
        line.strip()
        for line in (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    for args in of("COPY"):
        *sources, _dest = args.split()
        for source in sources:
            if source.startswith("--"):
                continue
            assert source not in ignored, f"{source} is copied but listed in .dockerignore"
            if "*" not in source:
                assert (REPO / source).exists(), f"COPY source {source} does not exist"


def test_runs_as_a_non_root_user_with_a_data_volume() -> None:
    users = of("USER")
    assert users, "the image must not run as root: no USER"
    assert users[-1].split(":")[0] not in {"root", "0"}
    names = [word for word, _ in instructions()]
    assert names.index("USER") > max(i for i, w in enumerate(names) if w == "RUN")
    assert any("/data" in volume for volume in of("VOLUME"))
    assert any("PRAETOR_DB_PATH=/data/" in env for env in of("ENV"))


def test_default_command_is_praetor_bot() -> None:
    cmd = of("CMD")
    assert cmd, "no CMD"
    assert json.loads(cmd[-1]) == ["praetor", "bot"]


def parse_yaml_subset(text: str) -> dict[str, Any]:
    """Nested mappings and '- item' lists by indentation: enough for our compose file."""
    root: dict[str, Any] = {}
    stack: list[tuple[int, Any]] = [(-1, root)]
    for number, raw in enumerate(text.splitlines(), start=1):
        assert "\t" not in raw, f"line {number}: tab in YAML"
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        item = line.strip()
        if item.startswith("- "):
            assert isinstance(parent, list), f"line {number}: list item outside a list"
            parent.append(item[2:])
            continue
        key, sep, value = item.partition(":")
        assert sep and key and isinstance(parent, dict), f"line {number}: not 'key: value'"
        value = value.strip()
        if value:
            parent[key] = value
        else:
            # the next deeper line decides: a list or a mapping
            child: Any = [] if _next_is_list(text, number) else {}
            parent[key] = child
            stack.append((indent, child))
    return root


def _next_is_list(text: str, number: int) -> bool:
    for raw in text.splitlines()[number:]:
        if raw.strip() and not raw.strip().startswith("#"):
            return raw.strip().startswith("- ")
    return False


def test_compose_file_has_the_bot_and_postgres() -> None:
    compose = parse_yaml_subset((REPO / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert services["bot"]["build"] == "."
    assert services["db"]["image"].startswith("postgres:")
    url = services["bot"]["environment"]["DATABASE_URL"]
    assert url.startswith("postgresql+asyncpg://") and "@db:5432/" in url
    assert "DISCORD_TOKEN" in services["bot"]["environment"]
    assert "db" in services["bot"]["depends_on"]
    for service in services.values():
        for volume in service.get("volumes", []):
            name = volume.split(":")[0]
            if not name.startswith((".", "/")):
                assert name in compose["volumes"], f"volume {name} is not declared"


@pytest.mark.parametrize("path", ["Dockerfile", "docker-compose.yml", ".dockerignore"])
def test_files_exist(path: str) -> None:
    assert (REPO / path).is_file()
