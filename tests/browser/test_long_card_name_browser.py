"""A 96-character monster name on the card face (a new user's report: the name overprinted
"MONSTER L3" in the exported position at 1280x800): the name gives way, the kind and the
number stay whole inside the card."""
from __future__ import annotations

import os
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_a_long_monster_name_leaves_kind_and_level_whole(browser, lab_env, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", lab_env["url"])
    from munchkin_lab.widgets import Board

    b = Board.from_scenario(HERE / "long_monster_name.yaml", journal=False, name="long", folder=tmp_path)
    b.click("Kick Down the Door")
    page_file = b.export_html(tmp_path / "long.position.html")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"file://{os.fspath(page_file)}")
        card = page.locator('.mlab-card[data-card^="Long Long"]').first
        box = card.bounding_box()
        parts = {sel: card.locator(sel).bounding_box() for sel in (".mlab-cname", ".mlab-ckind", ".mlab-cnum")}
        name, kind, num = parts[".mlab-cname"], parts[".mlab-ckind"], parts[".mlab-cnum"]
        assert name["y"] + name["height"] <= kind["y"] + 0.5, parts  # the name ends above the kind
        assert kind["y"] + kind["height"] <= num["y"] + 0.5, parts    # the kind above the number
        assert num["y"] + num["height"] <= box["y"] + box["height"], (parts, box)  # all inside the card
        assert card.locator(".mlab-cnum").inner_text().startswith("L3")
        assert card.locator(".mlab-ckind").inner_text() == "MONSTER"
        assert card.get_attribute("title").startswith("Long Long Long Long Long Long Long Long Long Long Long Long "
                                                      "Long Long Long Long Long Long Long Lad (")
        page.screenshot(path=str(tmp_path / "long_name.png"))
    finally:
        page.close()
