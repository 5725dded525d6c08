"""The fuzzing kit: damaged scenario files, records and saved states, and what the library
does with them.

Inputs from outside are untrusted (docs: Reliability). This kit checks that every reader
holds to that on thousands of damaged inputs made from real ones, and it works on any
registered game, including your own::

    from wargames.fuzz import make_case, run_case

    case = make_case("record", seed=7)           # the same seed always gives the same case
    verdict = run_case("record", case)           # rejected, accepted, or something bad
    assert not verdict.bad, verdict

* :mod:`wargames.fuzz.mutate`: the mutators of JSON-like documents, TOML text and bytes
  (seeded :class:`random.Random`, no other dependency);
* :mod:`wargames.fuzz.cases`: the corpus (shipped scenario files, records and positions of
  seeded games) and :func:`make_case`;
* :mod:`wargames.fuzz.verdict`: :func:`run_case` and the :class:`Verdict` (``rejected``,
  ``accepted``, ``accepted_broken``, ``raw``, ``slow``, ``unsafe``);
* :mod:`wargames.fuzz.runner`: :func:`run_many` and :func:`run_isolated`, cases in worker
  processes that are killed when they hang (``benchmarks/fuzz.py`` drives it).
"""

from __future__ import annotations

from wargames.fuzz.cases import KINDS, Case, Kind, make_case
from wargames.fuzz.mutate import mutate_bytes, mutate_document, mutate_toml, toml_text
from wargames.fuzz.runner import run_isolated, run_many
from wargames.fuzz.verdict import BAD, TIME_LIMIT, Verdict, check_loaded, run_case

__all__ = [
    "BAD",
    "KINDS",
    "TIME_LIMIT",
    "Case",
    "Kind",
    "Verdict",
    "check_loaded",
    "make_case",
    "mutate_bytes",
    "mutate_document",
    "mutate_toml",
    "run_case",
    "run_isolated",
    "run_many",
    "toml_text",
]
