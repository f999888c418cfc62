"""The position builder: the game state a scenario describes.

The file names what matters; the builder places those cards, hands out the rest of the pack in
:data:`FILL_ORDER`, and refuses a position that cannot exist with a
:class:`~railroad_canasta.scenarios.model.ScenarioError` naming the field and the clause it breaks. The
state it makes is then checked by the same invariants as every state
(:func:`~railroad_canasta.testing.invariants.check_state`).
"""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of, pack_counts
from railroad_canasta.game import new_game
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
from railroad_canasta.variants.railroad.melds import CanastaKind, TableMeld, canasta_bonus, meld_problem
from railroad_canasta.variants.railroad.rules import KittyTiming, Rules
from railroad_canasta.variants.railroad.state import GameState, Phase, PlayerState

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


def _mask_of(melds: Sequence[TableMeld]) -> int:
    mask = 0
    for meld in melds:
        kind = meld.canasta_kind
        if kind is not None:
            mask |= kind
    return mask


def _turn_points(melds: Sequence[TableMeld], rules: Rules) -> int:
    points = sum(m.points for m in melds)
    if rules.requirement_counts_bonuses:
        points += sum(
            canasta_bonus(CanastaKind(k), rules) for m in melds if (k := m.canasta_kind) is not None
        )
    return points


def build_position(scenario: Scenario, rules: Rules | None = None) -> GameState:
    """The game state a scenario describes, under ``rules`` (default: the scenario's own rules).

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
    return _Builder(scenario.file, scenario.start, rules).build()


class _Builder:
    """Builds a :class:`GameState` from a :class:`PositionSpec`, refusing what cannot exist."""

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
        masks = [self.check_player(seat, p) for seat, p in enumerate(seats)]
        turn_points = self.check_turn(seats, masks)
        self.check_pile()
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
            raise self.error("position", f"cannot exist: {exc}") from None
        return state

    def check_player(self, seat: int, p: PlayerSpec) -> int:
        """Check one seat on its own; return its canasta mask."""
        rules, spec = self.rules, self.spec
        path = f"players[{seat}]"
        mover = seat == spec.to_move
        if p.hand is not None:
            if p.hand[Kind.RED_THREE] and (rules.red_threes_down_at_deal or mover):
                raise self.error(
                    f"{path}.hand",
                    "a red 3 is never held in hand: it goes down at once; count it in red_threes (R-RED-1)",
                )
            if not any(p.hand):
                raise self.error(f"{path}.hand", "a hand is never empty while a round is played (R-HND-1)")
        if p.hand_size == 0:
            raise self.error(f"{path}.hand_size", "a hand is never empty while a round is played (R-HND-1)")
        unfinished: set[Kind] = set()
        for j, meld in enumerate(p.melds):
            problem = meld_problem(meld, rules)
            if problem is not None:
                raise self.error(
                    f"{path}.melds[{j}]", f"{meld} cannot lie on the table: {problem[1]} ({problem[0]})"
                )
            if meld.rank is Kind.BLACK_THREE:
                raise self.error(
                    f"{path}.melds[{j}]",
                    "the black-3 meld is made only when going out, which ends the round (R-MLD-5)",
                )
            if not meld.is_complete:
                if meld.rank in unfinished:
                    raise self.error(
                        f"{path}.melds[{j}]",
                        f"a second unfinished meld of {meld.rank}: one per rank (R-MLD-3)",
                    )
                unfinished.add(meld.rank)
        mask = _mask_of(p.melds)
        if p.canastas is not None and p.canastas != mask:
            raise self.error(
                f"{path}.canastas",
                f"the melds complete {canon_mask(mask)}, not {canon_mask(p.canastas)}: "
                "a canasta is a 7-card meld listed in melds (R-CAN-1)",
            )
        may_look = bool(mask & ~CanastaKind.BLACK)
        if p.may_look is not None and p.may_look != may_look:
            why = "has completed" if may_look else "has not completed"
            raise self.error(
                f"{path}.may_look",
                f"the player {why} a red, wild or sevens canasta, "
                f"so may_look is {canon_bool(may_look)} (R-KIT-1)",
            )
        if p.kitty_taken and not may_look:
            raise self.error(
                f"{path}.kitty",
                "a kitty is taken only after completing a red, wild or sevens canasta (R-KIT-1, R-KIT-2)",
            )
        if p.opened and not p.melds:
            raise self.error(
                f"{path}.opened", "the requirement is met by laying melds, and they stay (R-REQ-1)"
            )
        return mask

    def check_turn(self, seats: Sequence[PlayerSpec], masks: Sequence[int]) -> int:
        """Check the state of the turn in progress; return the card values melded toward the requirement."""
        spec, rules = self.spec, self.rules
        mover = seats[spec.to_move]
        turn_points = 0
        for seat, p in enumerate(seats):
            if p.opened is False and p.melds:
                if seat != spec.to_move or spec.phase is not Phase.MELD:
                    raise self.error(
                        f"players[{seat}].opened",
                        "a player with melds has met the requirement, unless they are laying their first "
                        "melds now (the player to move, in the meld phase) (R-MLD-6)",
                    )
                turn_points = _turn_points(p.melds, rules)
                need = rules.requirement(p.score)
                if turn_points >= need:
                    raise self.error(
                        f"players[{seat}].opened",
                        f"the melds are worth {turn_points}, which meets the requirement of {need} (R-REQ-1)",
                    )
        if spec.pending is not None and (
            spec.phase is not Phase.MELD
            or mover.opened is not False
            or not mover.melds
            or spec.pile
            or rules.pile_counts_for_requirement
        ):
            raise self.error(
                "position.pending",
                "a pile is held back only in the meld phase of a player who took it with a pair and has "
                "not met the requirement yet (opened = false, the pile now empty), by the default R-DEC-12",
            )
        if spec.turn_canasta and (spec.phase is Phase.DRAW or not masks[spec.to_move] & ~CanastaKind.BLACK):
            raise self.error(
                "position.turn_canasta",
                "only the player to move, after drawing, can have completed a red, wild or sevens "
                "canasta this turn (R-DEC-10)",
            )
        if spec.phase is Phase.KITTY:
            may_look = bool(masks[spec.to_move] & ~CanastaKind.BLACK)
            timing_ok = spec.turn_canasta if rules.kitty_timing is KittyTiming.SAME_TURN else may_look
            empty = mover.kitty is not None and not any(mover.kitty)
            if mover.kitty_taken or empty or not timing_ok:
                raise self.error(
                    "position.phase",
                    "the kitty phase comes only after the discard of a player who may take their kitty now "
                    "(R-KIT-2, R-DEC-10)",
                )
        return turn_points

    def check_pile(self) -> None:
        pile = self.spec.pile
        if Kind.RED_THREE in pile[1:]:
            raise self.error(
                "position.pile",
                "a red 3 is never discarded: only the upcard, at the bottom, can be one (R-SET-5)",
            )
        frozen = self.frozen()
        given = self.spec.pile_frozen
        if given is not None and given != frozen:
            if given:
                reason = (
                    "a pile is frozen only by a wild card or a red-3 upcard in it: list that card "
                    "(R-PIL-2, R-SET-5)"
                )
            else:
                reason = (
                    "a pile holding a wild card or a red-3 upcard is frozen until taken (R-PIL-2, R-SET-5)"
                )
            raise self.error("position.pile_frozen", reason)

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
