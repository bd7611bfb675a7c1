"""Rule citations: the rulebook sections named in refusals and docstrings (core rules = the
Munchkin core rulebook, ``shared/seeds/001``).
"""
from __future__ import annotations

R_CARDS = "core rules, 3. Handling Cards"
R_CHAR = "core rules, 4. Creating Your Character"
R_SIDEBAR = "core rules, Card Text and These Rules"
R_WIN = "core rules, 5. Starting and Ending the Game"
R_PHASES = "core rules, 6. Turn Phases"
R_COMBAT = "core rules, 7. Combat"
R_HELP = "core rules, 7. Combat: Help"
R_RUN = "core rules, 7. Combat: Running Away and Bad Stuff"
R_DEATH = "core rules, 7. Combat: Death"
R_STATS = "core rules, 8. Character Statistics"
R_ITEMS = "core rules, 9. Treasures and Items"
R_WHEN = "core rules, 10. When to Play Cards"
R_ACT = "core rules, 6. Turn Phases: When You May Act"
R_SD_HELP = "Scooby-Doo rules, Asking for Help"
R_SD_ITEMS = "Scooby-Doo rules, Treasures: Items"
R_SD_RUN = "Scooby-Doo rules, Running Away and Bad Stuff"
