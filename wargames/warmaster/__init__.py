"""The Warmaster (Jervis Johnson, White Dwarf 161, 1993): the Emperor boards Horus's battle
barge and hunts for the Warmaster among face-down traitor counters, traps and horrors, while
traitor reinforcements teleport in from the cup.

The reference data (ship map, Teleportation Table, Battle Results Table, counter manifest and
special rules, all reconstructed) and the boarding scenario are in
:mod:`wargames.warmaster.data`. The game engine is not written yet, so the game is not
registered.
"""
