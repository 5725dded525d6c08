"""Planted bugs for the armageddon catalogue (to be filled)."""

from __future__ import annotations

from mutations import Mutation

MUTATIONS: list[Mutation] = []

SKIPPED: dict[str, str] = {}
