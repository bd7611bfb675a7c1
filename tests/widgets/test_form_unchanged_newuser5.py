"""New-user finding: saving the card editor's form with no change said "saved ... (version 4)"
as if something were written, where ``cards edit`` says ``unchanged``. The form now says so."""
from __future__ import annotations


def test_a_form_saved_without_changes_says_unchanged(designer_db):
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    b.s_code.value, b.s_name.value = "same_lab", "Same Lab"
    assert b.create_set(), b.form_msg.value
    b.f_set.value = "same_lab"
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value, b.f_level.value = "Fen Lurker", "monster", "door", "3"
    b.effect_editor.yaml.value = "bad_stuff:\n- lose_levels: 1\n"
    assert b.save_card(), b.form_msg.value
    assert "saved Fen Lurker as a designer card (version 1)" in b.form_msg.value
    assert b.save_card(), b.form_msg.value  # the same form again: nothing to write
    assert "unchanged Fen Lurker" in b.form_msg.value and "nothing to save" in b.form_msg.value
    assert "saved" not in b.form_msg.value
    assert b.editing[1] == 1  # (the row version the form edits: none written)
    b.f_level.value = "4"
    assert b.save_card() and "saved Fen Lurker as a designer card (version 2)" in b.form_msg.value
