"""The Barracks Emperors: a trick-taking card game of Rome's third-century crisis."""

from rules.barracks.game import BarracksGame

GAME = BarracksGame

__all__ = ["GAME", "BarracksGame"]
