"""The position builder: the game state a scenario describes.

The file names what matters; the builder places those cards, hands out the rest of the pack in
:data:`FILL_ORDER`, and refuses a position that cannot exist with a
:class:`~railroad_canasta.scenarios.model.ScenarioError` naming the field and the clause it breaks. The
state it makes is then checked by the same invariants as every state
(:func:`~railroad_canasta.testing.invariants.check_state`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import overload

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of, pack_counts
from railroad_canasta.game import new_game
from railroad_canasta.scenarios.classic_builder import build_classic_position
from railroad_canasta.scenarios.model import (
    DealSpec,
    PlayerSpec,
    PositionSpec,
    Scenario,
    ScenarioError,
    canon_bool,
    canon_mask,
)
from railroad_canasta.scenarios.options import rules_for
from railroad_canasta.testing.invariants import InvariantError, check_state
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.rules import CanastaKind, Rules, TableMeld, canasta_mask
from railroad_canasta.variants.railroad.scoring import canasta_bonuses, melds_value
from railroad_canasta.variants.railroad.state import GameState, PlayerState

__all__ = ["FILL_ORDER", "build_position"]

#: The order in which the cards a scenario leaves out are handed out (see :func:`build_position`):
#: the plain naturals first, then the 7s, and the special cards last.
FILL_ORDER: tuple[Kind, ...] = (
    Kind.FOUR,
    Kind.FIVE,
    Kind.SIX,
    Kind.EIGHT,
    Kind.NINE,
    Kind.TEN,
    Kind.JACK,
    Kind.QUEEN,
    Kind.KING,
    Kind.ACE,
    Kind.SEVEN,
    Kind.BLACK_THREE,
    Kind.TWO,
    Kind.JOKER,
    Kind.RED_THREE,
)


def _meld_counts(meld: TableMeld) -> Counts:
    out = [0] * KIND_COUNT
    if meld.rank is not Kind.JOKER:
        out[meld.rank] += meld.naturals
    out[Kind.JOKER] += meld.jokers
    out[Kind.TWO] += meld.twos
    return tuple(out)


def _turn_points(melds: Sequence[TableMeld], rules: Rules) -> int:
    """What melds laid this turn count toward the requirement (with their canasta bonuses by R-DEC-11)."""
    points = melds_value(tuple(melds))
    if rules.requirement_counts_bonuses:
        points += canasta_bonuses(melds, rules)
    return points


def _field(path: str, spec: PositionSpec, seats: Sequence[PlayerSpec]) -> str:
    """The field of the file that a path of the built state comes from (``pile[2]`` -> ``position.pile``)."""
    match = re.match(r"^players\[(\d+)\](?:\.(\w+))?(.*)$", path)
    if match:
        seat, key, rest = int(match[1]), match[2], match[3]
        player = seats[seat] if seat < len(seats) else PlayerSpec()
        if key == "hand" and player.hand is None:
            key, rest = "hand_size", ""
        elif key in ("kitty", "kitty_taken"):
            key = "kitty" if player.kitty is not None or player.kitty_taken else "kitty_size"
            rest = ""
        elif key == "canastas":
            key, rest = "melds", ""
        return f"players[{seat}]" + (f".{key}{rest}" if key else "")
    head = re.split(r"[.\[]", path, maxsplit=1)[0]
    if head == "turn_points":
        return f"players[{spec.to_move}].opened"
    if head in ("pile", "pile_frozen"):
        return "position.pile"
    if head in ("phase", "to_move", "dealer", "round", "stock", "pending", "turn_canasta"):
        return f"position.{head}"
    return "position"


@overload
def build_position(scenario: Scenario, rules: Rules) -> GameState: ...
@overload
def build_position(scenario: Scenario, rules: ClassicRules) -> ClassicState: ...
@overload
def build_position(scenario: Scenario, rules: None = None) -> GameState | ClassicState: ...
def build_position(scenario: Scenario, rules: Rules | ClassicRules | None = None) -> GameState | ClassicState:
    """The game state a scenario of either variant describes, under ``rules`` (default: its own rules).

    One builder for both variants: a classic file (``variant = "classic"``) builds a
    :class:`~railroad_canasta.ClassicState` (:mod:`~railroad_canasta.scenarios.classic_builder`), any
    other a Railroad :class:`~railroad_canasta.GameState`. Pass the rules (``Rules`` or
    ``ClassicRules``) to get the exact type.

    The cards the scenario names are placed first: hands, kitties, melds, red 3s put down, the pile, a
    pending pile and the top of the stock. The rest of the pack, laid out in :data:`FILL_ORDER` (plain
    naturals first, red 3s last), is then handed out in this order: each hand not given gets
    ``hand_size`` cards (default ``rules.hand_size``), each kitty not given gets ``kitty_size`` cards
    (default ``rules.kitty_size``; none once taken), and the stock gets the rest under ``stock_top``, the
    first cards of the fill order drawn first. When ``stock`` fixes the stock size, the kitties given
    neither as cards nor by ``kitty_size`` share whatever is left instead (earlier seats first).

    Raises :class:`ScenarioError` for a position that cannot exist.
    """
    rules = rules if rules is not None else rules_for(scenario)
    if isinstance(scenario.start, DealSpec):
        return new_game(rules, seed=scenario.start.seed)
    if isinstance(rules, ClassicRules):
        return build_classic_position(scenario.file, scenario.start, rules, FILL_ORDER)
    return _Builder(scenario.file, scenario.start, rules).build()


class _Builder:
    """Builds a :class:`GameState` from a :class:`PositionSpec`, refusing what cannot exist.

    What any position must satisfy is checked once, by the variant's invariants on the built state
    (:func:`~railroad_canasta.testing.invariants.check_state`), and reported at the field of the file it
    comes from. The builder itself refuses only what stops it from building (seats, cards beyond the
    pack) and the file's claims about what it derives (``canastas``, ``may_look``, ``pile_frozen``).
    """

    def __init__(self, file: str, spec: PositionSpec, rules: Rules) -> None:
        self.file = file
        self.spec = spec
        self.rules = rules
        self.full = pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
        self.used = [0] * KIND_COUNT

    def error(self, field: str, reason: str) -> ScenarioError:
        return ScenarioError(self.file, field, reason)

    def place(self, field: str, counts: Counts) -> None:
        for i in range(KIND_COUNT):
            self.used[i] += counts[i]
            if counts[i] and self.used[i] > self.full[i]:
                raise self.error(
                    field,
                    f"too many {Kind(i)}: the pack for {self.rules.players} players holds {self.full[i]}, "
                    f"and the scenario places {self.used[i]} by this field (R-CRD-1)",
                )

    def build(self) -> GameState:
        spec, rules = self.spec, self.rules
        n = rules.players
        if len(spec.players) > n:
            raise self.error(
                "players",
                f"{len(spec.players)} [[players]] tables for a game of {n} players (set players in [rules])",
            )
        seats = spec.players + (PlayerSpec(),) * (n - len(spec.players))
        if spec.to_move >= n:
            raise self.error("position.to_move", f"there is no seat {spec.to_move} in a game of {n} players")
        dealer = (spec.to_move - 1) % n if spec.dealer is None else spec.dealer
        if dealer >= n:
            raise self.error("position.dealer", f"there is no seat {dealer} in a game of {n} players")
        masks = [self.check_claims(seat, p) for seat, p in enumerate(seats)]
        self.check_pile_claim()
        self.check_beyond_invariants(seats)
        mover = seats[spec.to_move]
        turn_points = _turn_points(mover.melds, rules) if mover.opened is False else 0
        for seat, p in enumerate(seats):
            path = f"players[{seat}]"
            if p.hand is not None:
                self.place(f"{path}.hand", p.hand)
            if p.kitty is not None:
                self.place(f"{path}.kitty", p.kitty)
            for j, meld in enumerate(p.melds):
                self.place(f"{path}.melds[{j}]", _meld_counts(meld))
            self.place(f"{path}.red_threes", counts_of([Kind.RED_THREE] * p.red_threes))
        self.place("position.pile", counts_of(spec.pile))
        if spec.pending is not None:
            self.place("position.pending", spec.pending)
        self.place("position.stock_top", counts_of(spec.stock_top))
        hands, kitties, stock = self.fill(seats)
        players = tuple(
            PlayerState(
                hand=hands[seat],
                kitty=kitties[seat],
                melds=p.melds,
                red_threes=p.red_threes,
                canastas=masks[seat],
                opened=bool(p.melds) if p.opened is None else p.opened,
                kitty_taken=p.kitty_taken,
                score=p.score,
            )
            for seat, p in enumerate(seats)
        )
        state = GameState(
            rules=rules,
            seed=spec.seed,
            round=spec.round,
            dealer=dealer,
            to_move=spec.to_move,
            phase=spec.phase,
            players=players,
            stock=stock,
            pile=spec.pile,
            pile_frozen=self.frozen(),
            turn_points=turn_points,
            pending=spec.pending,
            turn_canasta=spec.turn_canasta,
        )
        try:
            check_state(state)
        except InvariantError as exc:
            field = _field(exc.path, spec, seats)
            where = f" (state field {exc.path})" if exc.path and exc.path != field else ""
            raise self.error(field, exc.tagged_reason + where) from None
        return state

    def check_claims(self, seat: int, p: PlayerSpec) -> int:
        """Check what the file says of a seat's canastas against its melds; return its canasta mask."""
        path = f"players[{seat}]"
        mask = canasta_mask(p.melds)
        if p.canastas is not None and p.canastas != mask:
            raise self.error(
                f"{path}.canastas",
                f"the melds complete {canon_mask(mask)}, not {canon_mask(p.canastas)}: "
                "a canasta is a 7-card meld listed in melds [R-CAN-1]",
            )
        may_look = bool(mask & ~CanastaKind.BLACK)
        if p.may_look is not None and p.may_look != may_look:
            why = "has completed" if may_look else "has not completed"
            raise self.error(
                f"{path}.may_look",
                f"the player {why} a red, wild or sevens canasta, "
                f"so may_look is {canon_bool(may_look)} [R-KIT-1]",
            )
        return mask

    def check_pile_claim(self) -> None:
        """Check what the file says of the pile being frozen against its cards."""
        frozen = self.frozen()
        given = self.spec.pile_frozen
        if given is not None and given != frozen:
            if given:
                reason = (
                    "a pile is frozen only by a wild card or a red-3 upcard in it: list that card "
                    "[R-PIL-2, R-SET-5]"
                )
            else:
                reason = (
                    "a pile holding a wild card or a red-3 upcard is frozen until taken [R-PIL-2, R-SET-5]"
                )
            raise self.error("position.pile_frozen", reason)

    def check_beyond_invariants(self, seats: Sequence[PlayerSpec]) -> None:
        """Refuse the impossible positions the variant's invariants do not (yet) refuse.

        To move into :mod:`railroad_canasta.variants.railroad.invariants` as rows: a player who has met the
        requirement has melds (R-REQ-1), and a pile held back leaves the pile empty (R-DEC-12).
        """
        for seat, p in enumerate(seats):
            if p.opened and not p.melds:
                raise self.error(
                    f"players[{seat}].opened",
                    "the requirement is met by laying melds, and they stay [R-REQ-1]",
                )
        if self.spec.pending is not None and self.spec.pile:
            raise self.error(
                "position.pending",
                "a pile is held back only after it was taken, so the pile is empty [R-DEC-12]",
            )

    def frozen(self) -> bool:
        return any(k.is_wild or k is Kind.RED_THREE for k in self.spec.pile)

    def fill(self, seats: Sequence[PlayerSpec]) -> tuple[list[Counts], list[Counts], tuple[Kind, ...]]:
        """Hand out the cards not placed (see :func:`build_position`)."""
        spec, rules = self.spec, self.rules
        queue = [k for k in FILL_ORDER for _ in range(self.full[k] - self.used[k])]
        at = 0

        def take(count: int, field: str, *, red_threes: bool) -> list[Kind]:
            nonlocal at
            if at + count > len(queue):
                raise self.error(
                    field, f"needs {count} more cards, but only {len(queue) - at} are left in the pack"
                )
            cards = queue[at : at + count]
            if not red_threes and Kind.RED_THREE in cards:
                raise self.error(field, "only red 3s are left to fill it, and a red 3 is never held in hand")
            at += count
            return cards

        hands: list[Counts] = []
        for seat, p in enumerate(seats):
            if p.hand is not None:
                hands.append(p.hand)
            else:
                size = rules.hand_size if p.hand_size is None else p.hand_size
                hands.append(counts_of(take(size, f"players[{seat}].hand_size", red_threes=False)))
        kitties: list[Counts | None] = []
        sinks: list[int] = []
        for seat, p in enumerate(seats):
            if p.kitty is not None:
                kitties.append(p.kitty)
            elif p.kitty_taken:
                kitties.append((0,) * KIND_COUNT)
            elif p.kitty_size is None and spec.stock is not None:
                kitties.append(None)
                sinks.append(seat)
            else:
                size = rules.kitty_size if p.kitty_size is None else p.kitty_size
                kitties.append(counts_of(take(size, f"players[{seat}].kitty_size", red_threes=True)))
        if spec.stock is None:
            filled = queue[at:]
            at = len(queue)
        else:
            if spec.stock < len(spec.stock_top):
                raise self.error(
                    "position.stock", f"is smaller than the {len(spec.stock_top)} cards of stock_top"
                )
            filled = take(spec.stock - len(spec.stock_top), "position.stock", red_threes=True)
            rest = len(queue) - at
            if rest and not sinks:
                raise self.error(
                    "position.stock",
                    f"a stock of {spec.stock} leaves {rest} cards of the pack with nowhere to go: "
                    "leave a kitty unspecified to hold them, or leave out stock",
                )
            share, extra = divmod(rest, len(sinks)) if sinks else (0, 0)
            for i, seat in enumerate(sinks):
                kitties[seat] = counts_of(take(share + (i < extra), "position.stock", red_threes=True))
        stock = tuple(reversed(filled)) + spec.stock_top
        return hands, [k if k is not None else (0,) * KIND_COUNT for k in kitties], stock
