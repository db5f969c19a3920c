"""Original Daifugō (オリジナル大富豪): seed 004, rules/daifugo.md.

``ENGINE`` is the engine singleton (see :class:`games.core.engine.Engine` for the contract).
"""
from .engine import DaifugoEngine

ENGINE = DaifugoEngine()

__all__ = ["ENGINE", "DaifugoEngine"]
