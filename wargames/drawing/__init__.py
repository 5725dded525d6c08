"""Drawing games for people: the SVG writer every game's drawing uses
(:mod:`wargames.drawing.svg`), and what a notebook shows (:mod:`wargames.drawing.notebook`:
:func:`wargames.render`, the one-line reprs, the drawings of states and matches).

Nothing is imported here, so ``import wargames`` does not pay for the SVG writer until a game
draws.
"""
