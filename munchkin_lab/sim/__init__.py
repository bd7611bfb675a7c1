"""Bots and many-game simulation (Dask) for balancing decks."""
