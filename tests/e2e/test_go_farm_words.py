"""Go Farm's words agree (issue 22): /rules names it as its title and /help do
("Granja" in Spanish, not only "Pesca para dos"), and its draw line is good
Spanish ("robó una carta del valor pedido", not "robó el rango")."""

from __future__ import annotations

from bot.games.gofish.sentences import event_line
from games.gofish import GOFARM, GoFish
from tests.e2e.harness import World


async def test_rules_and_help_name_go_farm_as_its_title_does(world: World) -> None:
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Español")
    listing = await world.command(world.bob, world.group, "/rules")
    assert "/gofarm — Granja, la Pesca para dos: siete libros ganan" in (listing.text or "")
    help_text = await world.command(world.bob, world.bob, "/help")  # Bob's own: English
    assert "/gofarm — Go Farm, the two-player Go Fish" in (help_text.text or "")
    rules = await world.command(world.bob, world.group, "/rules gofarm")
    assert (rules.text or "").startswith("Granja")


def test_the_go_farm_draw_reads_right_in_spanish() -> None:
    lucky = GoFish(seat=0, rank=7, drew=True, lucky=True, variant=GOFARM)
    line = event_line(lucky, ["Alice", "Bob"], "es")
    assert line == "¡A la granja! Alice robó una carta del valor pedido y vuelve a pedir."
    assert "rango" not in line
