"""``python -m munchkin_lab.printing DECK_OR_QUERY --out cards.pdf [--size --paper --bleed --no-backs]``."""
from .cli import standalone

if __name__ == "__main__":  # pragma: no branch
    standalone()(prog_name="python -m munchkin_lab.printing")
