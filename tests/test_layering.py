"""The design's first rule: engines are pure; and bot/'s folders import only the ones below
(docs/architecture.md, "Layers")."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

FORBIDDEN = {"telegram", "aiosqlite", "asyncio", "logging", "time", "datetime", "aiohttp"}
ROOT = Path(__file__).resolve().parent.parent


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_games_import_nothing_impure() -> None:
    files = sorted((ROOT / "games").rglob("*.py"))
    assert files, "no engine modules found"
    offenders = {
        str(f.relative_to(ROOT)): sorted(_imported_roots(f) & (FORBIDDEN | {"bot", "storage"}))
        for f in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_storage_does_not_import_the_bot() -> None:
    for f in sorted((ROOT / "storage").rglob("*.py")):
        assert not _imported_roots(f) & {"bot", "telegram", "sandbox"}, f


def test_sandbox_does_not_import_the_bot() -> None:
    for f in sorted((ROOT / "sandbox").rglob("*.py")):
        assert not _imported_roots(f) & {"bot", "games", "storage", "telegram"}, f


# ---- bot/: folders by job (docs/architecture.md, "Layers") ------------------------

# the folders of bot/ each folder may import at run time (``if TYPE_CHECKING:`` blocks
# are left out); "root" is bot/*.py, the vocabulary every folder shares
BOT_LAYERS = {
    "root": {"root"},
    "table": {"root", "table"},
    "presenters": {"root", "table", "presenters"},
    "sync": {"root", "table", "presenters", "sync"},
    "pipeline": {"root", "table", "presenters", "sync", "pipeline"},
    "deadlines": {"root", "table", "presenters", "sync", "pipeline", "deadlines"},
    "glue": {"root", "table", "presenters", "sync", "pipeline", "deadlines", "glue"},
    "ops": {"root", "glue", "ops", "webapp"},
    # the hand app (issue 32): its initData check (the standard library only), what it
    # shows (presenters) and its server, whose moves go through the pipeline's play
    "webapp": {"root", "table", "presenters", "sync", "pipeline", "glue", "webapp"},
}
# imports across those lines (none left: the table is rendered by
# ``bot.presenters.table``, and blackjack's /stop is given to its adapter by the glue)
BOT_EXCEPTIONS: set[tuple[str, str]] = set()


def _bot_module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


# a game's folder, bot/games/<kind>/: each of its modules is one role, in the layer
# of that role ("table": a game's table rules around its engine, with no text); the
# folder's __init__ registers the game (its adapter and its own commands), as the
# glue does, and so does bot/games/__init__.py (the shape of a registration)
GAME_ROLES = {
    "table": "table", "leaving": "table", "meta": "table", "sitters": "table",
    "presenter": "presenters", "hand": "presenters", "texts": "presenters",
    "sentences": "presenters", "inline": "presenters", "record": "presenters",
    "picture": "presenters", "app": "presenters",
    "actions": "pipeline", "stop": "pipeline", "chips": "pipeline",
}  # fmt: skip


def _folder(module: str) -> str:
    parts = [*module.split("."), "", ""]
    if parts[1] == "games":  # the package (the shape of a registration) and each
        return GAME_ROLES[parts[3]] if parts[2] and parts[3] else "glue"  # folder register
    return parts[1] if parts[1] and (ROOT / "bot" / parts[1]).is_dir() else "root"


def _bot_imports(path: Path) -> set[str]:
    """The bot modules ``path`` imports at run time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, ast.ImportFrom):
            continue
        if node.module and node.module.split(".")[0] == "bot":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                is_module = (ROOT / Path(*full.split("."))).with_suffix(".py").exists()
                found.add(full if is_module else node.module)
    return found


def _bot_graph() -> dict[str, set[str]]:
    files = [f for f in (ROOT / "bot").rglob("*.py") if f.name != "__main__.py"]
    return {_bot_module(f): _bot_imports(f) for f in files}


def test_each_folder_of_the_bot_imports_only_the_folders_below_it() -> None:
    graph = _bot_graph()
    assert {_folder(m) for m in graph} == set(BOT_LAYERS), "a folder of bot/ has no layer"
    # every module of a game's folder has a known role (a KeyError above otherwise)
    wrong = sorted(
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if _folder(target) not in BOT_LAYERS[_folder(module)]
        and (module, target) not in BOT_EXCEPTIONS
    )
    assert wrong == []
    used = {(m, t) for m, targets in graph.items() for t in targets}
    assert used >= BOT_EXCEPTIONS, "an exception no longer needed: remove it"


def test_the_sync_and_the_presenters_never_import_a_handler() -> None:
    graph = _bot_graph()
    for module, targets in graph.items():
        if _folder(module) in {"presenters", "sync"}:
            assert not {t for t in targets if _folder(t) in {"glue", "ops", "deadlines"}}, module


def _no_circle(graph: dict[str, set[str]]) -> None:
    """Fails naming the first circle of imports found in ``graph``."""
    done, path = set[str](), list[str]()

    def visit(module: str) -> None:
        path.append(module)
        for target in sorted(graph.get(module, ())):
            assert target not in path, " -> ".join([*path[path.index(target) :], target])
            if target not in done:
                visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module)


def test_no_module_of_the_bot_imports_itself_round_a_circle() -> None:
    _no_circle(_bot_graph())


def test_the_save_knows_no_presentation() -> None:
    # what a save decides (deadlines, the seats it waits for, outbox marks) comes from
    # the game's declared rules: the save reaches no presenter and no sender, directly
    # or through the modules it imports
    graph, reached, todo = _bot_graph(), set[str](), ["bot.pipeline.save"]
    while todo:
        module = todo.pop()
        for target in graph.get(module, ()):
            if target not in reached:
                reached.add(target)
                todo.append(target)
    assert "bot.pipeline.save" in graph
    assert sorted(m for m in reached if _folder(m) in {"presenters", "sync"}) == []


def test_every_game_is_created_by_the_one_create() -> None:
    # /blackjack made its table on its own path (its own deadline and wake); every
    # game now goes through bot/pipeline/save.py's create, as every save through save
    callers = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if path.name != "save.py" and "create_game" in path.read_text(encoding="utf-8")
    ]
    assert callers == []


def test_a_games_status_is_the_enum_never_a_string_in_the_bot() -> None:
    # storage.records.Status: a misspelt status is an error before it runs
    words = {"lobby", "running", "finished", "stopped"}
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Compare):
                targets = [node.left, *node.comparators]
            elif isinstance(node, ast.Assign):
                targets = [*node.targets, node.value]
            elif isinstance(node, ast.keyword) and node.arg == "status":
                targets = [node.value]
            on_status = any(isinstance(t, ast.Attribute) and t.attr == "status" for t in targets)
            strings = [t for t in targets if isinstance(t, ast.Constant) and t.value in words]
            if (on_status or isinstance(node, ast.keyword)) and strings:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_no_presenter_runs_a_games_table_rules() -> None:
    # a game's rules around its engine (its deadlines, a move applied for someone, its
    # own meta section) live in its folder's table module, run by the adapter's hooks;
    # a presenter draws and words them (Blackjack's once sat in a presenter)
    found = []
    drawing = [p for p in (ROOT / "bot").rglob("*.py") if _folder(_bot_module(p)) == "presenters"]
    for path in sorted(drawing):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.name}:{getattr(node, 'lineno', 0)}"
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            written = {ast.unparse(t) for t in targets}
            if any(w.endswith((".deadline_at", ".warning_at")) or ".blackjack." in w
                   for w in written):  # fmt: skip
                found.append(where)
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".apply"):
                found.append(where)
    assert found == []


def test_no_comment_or_document_names_code_that_is_gone() -> None:
    # tools/stale_names.py: a module, a name in it or a file of the repository named
    # in a document, a comment or a docstring must exist (six such names had outlived
    # their code: a processor module, a press origin function, a blackjack clock ...)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from stale_names import problems
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert problems() == []


def _every_import(package: str) -> dict[str, set[str]]:
    """Who imports whom among ``package``'s modules, ``if TYPE_CHECKING:`` imports and
    imports inside functions included (``from pkg import mod`` names the module)."""
    files = {_bot_module(f): f for f in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    targets.add(full if full in files else node.module)
        graph[module] = {t for t in targets if t in files and t != module}
    return graph


@pytest.mark.parametrize("package", ["bot", "storage", "sandbox", "games"])
def test_no_import_circle_not_even_for_types(package: str) -> None:
    # a circle hid the worst defect of its week (two records of unfinished updates):
    # 14 modules of bot/ went round through bot/services.py and the adapter
    _no_circle(_every_import(package))


def test_one_module_asks_telegram_who_is_in_a_chat() -> None:
    # two is_member functions once gave seating and notices two rules
    # (bot.people.membership is the one)
    askers = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "bot").rglob("*.py")
        if "get_chat_member(" in path.read_text(encoding="utf-8")
    )
    assert askers == ["bot/people.py"]
