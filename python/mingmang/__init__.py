"""Ming Mang and its custodian-capture relatives, from the mingmang engine.

The rules and the search are the engine's own (a Rust crate bound with PyO3); this package
adds Python's conventions on top:

>>> import mingmang
>>> game = mingmang.Game("mingmang", board_size="6x6")
>>> game.play("a2b2")
>>> engine = mingmang.Engine()
>>> found = engine.search(game, depth=3)
>>> game.is_legal(found.best_move)
True

- :class:`Rules`: a variant and its rule options.
- :class:`Game`: legal moves, play, undo, outcome, position strings, perft.
- :class:`Engine`: the search (depth, nodes, time or clock limits, Skill Level, MultiPV).
- :mod:`mingmang.openspiel`: the games as an OpenSpiel game (``pyspiel``).
- :mod:`mingmang.pettingzoo`: the games as PettingZoo AEC environments.

Every error the engine reports is a :class:`MingmangError` (a ``ValueError``) carrying the
engine's message, of the subclass for its kind; so is every bad argument (a wrong type, a
negative or too large number, a NaN time), never a bare ``TypeError`` or ``OverflowError``.
"""

from . import _mingmang
# The native module's public names are its __all__ (PyO3 lists each class and function it adds;
# the stubs repeat the list, and stubtest checks the two agree).
from ._mingmang import *  # noqa: F403

__all__ = [*_mingmang.__all__, "variants"]


def variants():
    """The names of the variants, the default first."""
    return Rules.variants()


def _rebuild_game(options, start_position, moves):
    """Rebuilds a pickled :class:`Game` from its rule settings, start position and moves."""
    variant = options.pop("Variant")
    return Game(variant, position=start_position, moves=moves, **options)
