"""munchkin-lab: design and mix Munchkin-style card games.

Subpackages: ``cards`` (database, search, pandas), ``engine`` (pure rules),
``decks`` (mixed decks), ``cli`` (the ``munchkin-lab`` command).
"""
__version__ = "0.1.0"
