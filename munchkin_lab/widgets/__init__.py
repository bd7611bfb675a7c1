"""ipywidgets views of the lab: card browser, deck builder, board (no rules here)."""
