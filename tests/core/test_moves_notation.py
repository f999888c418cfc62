"""Tests of move notation: parse_move / Move.from_text, str(move) and repr(move)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railroad_canasta.core.cards import NATURAL_KINDS, Kind
from railroad_canasta.core.errors import NotationError
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    NextRound,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
    parse_move,
)

#: One canonical text of every move form, with the move it stands for.
CANONICAL: list[tuple[str, Move]] = [
    ("draw", Draw()),
    ("take-pile 9", TakePile(Kind.NINE)),
    ("take-pile A", TakePile(Kind.ACE)),
    ("take-pile 4", TakePile(Kind.FOUR)),
    ("take-pile 10", TakePile(Kind.TEN)),
    ("take-top", TakeTop()),
    ("meld 9 9 9", StartMeld(Kind.NINE, 3)),
    ("meld 9 9 JK", StartMeld(Kind.NINE, 2, 1, 0)),
    ("meld K K 2", StartMeld(Kind.KING, 2, 0, 1)),
    ("meld Q Q JK 2", StartMeld(Kind.QUEEN, 2, 1, 1)),
    ("meld 7 7 7 7 7 7 7", StartMeld(Kind.SEVEN, 7)),
    ("meld JK JK 2", StartMeld(Kind.JOKER, 0, 2, 1)),
    ("meld 2 2 2", StartMeld(Kind.JOKER, 0, 0, 3)),
    ("meld B3 B3 B3", StartMeld(Kind.BLACK_THREE, 3)),
    ("meld B3 B3 B3 B3 B3 B3 B3 B3 B3", StartMeld(Kind.BLACK_THREE, 9)),
    ("add 9 2", AddToMeld(Kind.NINE, Kind.TWO)),
    ("add 9 9", AddToMeld(Kind.NINE, Kind.NINE)),
    ("add A JK", AddToMeld(Kind.ACE, Kind.JOKER)),
    ("add wild JK", AddToMeld(Kind.JOKER, Kind.JOKER)),
    ("add wild 2", AddToMeld(Kind.JOKER, Kind.TWO)),
    ("discard 4", Discard(Kind.FOUR)),
    ("discard B3", Discard(Kind.BLACK_THREE)),
    ("discard JK", Discard(Kind.JOKER)),
    ("discard 10", Discard(Kind.TEN)),
    ("take-kitty", TakeKitty()),
    ("end-turn", EndTurn()),
    ("end-round", EndRound()),
    ("next-round", NextRound()),
]

#: Non-canonical texts and the canonical text they read as.
ALIASES: list[tuple[str, str]] = [
    ("take-pile 9S 9H", "take-pile 9"),
    ("take-pile 9s 9", "take-pile 9"),
    ("TAKE-PILE tc TD", "take-pile 10"),
    ("take-pile q", "take-pile Q"),
    ("Draw", "draw"),
    ("  draw \n", "draw"),
    ("MELD jk 9s 9h", "meld 9 9 JK"),
    ("meld 2C 9 JK 9D", "meld 9 9 JK 2"),
    ("meld 3c 3S b3", "meld B3 B3 B3"),
    ("meld 2h jk 2d", "meld JK 2 2"),
    ("add 9S 2C", "add 9 2"),
    ("add WILD jk", "add wild JK"),
    ("Add Wild 2s", "add wild 2"),
    ("discard tH", "discard 10"),
    ("discard 3c", "discard B3"),
    ("discard 3d", "discard R3"),
    ("End-Turn", "end-turn"),
]


def natural_melds() -> st.SearchStrategy[Move]:
    """Canonical starts of melds of a natural rank or of black 3s, with any wilds."""
    return st.builds(
        StartMeld,
        st.sampled_from([*NATURAL_KINDS, Kind.BLACK_THREE]),
        st.integers(min_value=1, max_value=12),
        st.integers(min_value=0, max_value=4),
        st.integers(min_value=0, max_value=4),
    )


def wild_melds() -> st.SearchStrategy[Move]:
    """Canonical starts of melds of wild cards only."""
    return (
        st.tuples(st.integers(min_value=0, max_value=7), st.integers(min_value=0, max_value=7))
        .filter(lambda jt: jt[0] + jt[1] > 0)
        .map(lambda jt: StartMeld(Kind.JOKER, 0, jt[0], jt[1]))
    )


def canonical_moves() -> st.SearchStrategy[Move]:
    """Every move the notation can write, in its canonical form."""
    naturals = st.sampled_from(NATURAL_KINDS)
    kinds = st.sampled_from(list(Kind))
    plain: list[Move] = [Draw(), TakeTop(), TakeKitty(), EndTurn(), EndRound(), NextRound()]
    return st.one_of(
        st.sampled_from(plain),
        st.builds(TakePile, naturals),
        natural_melds(),
        wild_melds(),
        st.builds(AddToMeld, st.sampled_from([*NATURAL_KINDS, Kind.JOKER]), kinds),
        st.builds(Discard, kinds),
    )


#: Tokens to build move-like texts from, valid and not.
MOVE_TOKENS = [
    "draw", "take-pile", "take-top", "meld", "add", "discard", "take-kitty", "end-turn", "end-round",
    "next-round", "wild", "WILD", "9", "9S", "9h", "JK", "2", "R3", "B3", "3", "3H", "X", "10", "T", "A", "K",
    "1S", "", "♠", "pass",
]  # fmt: skip


# ------------------------------------------------------------------------------------- round trips


@pytest.mark.parametrize(("text", "move"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_canonical_text_round_trips(text: str, move: Move) -> None:
    """Each move form reads as the expected move, writes back as the same text and reads again equal."""
    parsed = parse_move(text)
    assert parsed == move
    assert type(parsed) is type(move)
    assert str(parsed) == text
    assert parsed.text == text
    assert Move.from_text(str(parsed)) == parsed
    assert str(move) == text


@pytest.mark.parametrize(("text", "canonical"), ALIASES, ids=[t for t, _ in ALIASES])
def test_alias_reads_as_canonical(text: str, canonical: str) -> None:
    """Cards, lower case, extra spaces and 'T' read as the canonical move."""
    move = Move.from_text(text)
    assert str(move) == canonical
    assert move == parse_move(canonical)


@pytest.mark.parametrize(("text", "move"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_move_repr_evals_back(text: str, move: Move) -> None:
    """repr(move) is the Move.from_text call that rebuilds an equal move."""
    rebuilt = eval(repr(move), {"Move": Move})
    assert rebuilt == move
    assert hash(rebuilt) == hash(move)
    assert repr(move) == f"Move.from_text({text!r})"


@given(canonical_moves())
def test_generated_moves_round_trip(move: Move) -> None:
    """text -> move -> text -> move is stable for every generated move."""
    text = str(move)
    parsed = Move.from_text(text)
    assert parsed == move
    assert str(parsed) == text
    assert Move.from_text(str(parsed)) == parsed
    assert eval(repr(move), {"Move": Move}) == move


def test_take_pile_pair_reads_as_take_pile_rank() -> None:
    """'take-pile 9S 9H' is take-pile 9, its repr says so."""
    move = Move.from_text("take-pile 9S 9H")
    assert move == TakePile(Kind.NINE)
    assert repr(move) == "Move.from_text('take-pile 9')"


def test_meld_text_orders_naturals_then_jokers_then_twos() -> None:
    """A meld is written naturals first, then jokers, then 2s, whatever order it was read in."""
    assert str(parse_move("meld 2 JK 9 9")) == "meld 9 9 JK 2"
    assert parse_move("meld 2 JK 9 9") == StartMeld(Kind.NINE, 2, 1, 1)


def test_moves_of_distinct_forms_differ() -> None:
    """Moves with different texts are unequal."""
    moves = [move for _, move in CANONICAL]
    assert len(set(moves)) == len(moves)
    assert parse_move("draw") != parse_move("take-top")
    assert TakePile(Kind.NINE) != TakePile(Kind.TEN)


# --------------------------------------------------------------------------------------- bad forms


BAD_MOVES: list[tuple[str, int, str, str]] = [
    ("", 0, "", "empty move"),
    ("   ", 0, "", "empty move"),
    ("fly", 0, "fly", "unknown move"),
    ("pass", 0, "pass", "unknown move"),
    ("9 9 9", 0, "9", "unknown move"),
    ("discard", 0, "discard", "missing card"),
    ("take-pile", 0, "take-pile", "missing card"),
    ("add", 0, "add", "missing card"),
    ("add 9", 1, "9", "missing card"),
    ("meld", 0, "meld", "name the cards"),
    ("draw now", 1, "now", "unexpected token"),
    ("take-top 9", 1, "9", "unexpected token"),
    ("end-turn please", 1, "please", "unexpected token"),
    ("next-round 1 2", 1, "1", "unexpected token"),
    ("discard 4 5", 2, "5", "unexpected token"),
    ("add 9 JK 2", 3, "2", "unexpected token"),
    ("take-pile 9S 9H 9D", 3, "9D", "unexpected token"),
    ("take-pile 9 9 9 9", 3, "9", "unexpected token"),
    ("meld 9 9 8", 3, "8", "one rank"),
    ("meld JK 9 9 K", 4, "K", "one rank"),
    ("meld 9 B3 B3", 2, "B3", "one rank"),
    ("meld R3 R3 R3", 1, "R3", "red 3s are never melded"),
    ("meld JK 2 R3", 3, "R3", "red 3s are never melded"),
    ("meld 9 9 R3", 3, "R3", "red 3s are never melded"),
    ("meld R3 9 9", 1, "R3", "red 3s are never melded"),
    ("meld 3h", 1, "3h", "red 3s are never melded"),
    ("take-pile JK", 1, "JK", "natural rank"),
    ("take-pile 2", 1, "2", "natural rank"),
    ("take-pile R3", 1, "R3", "natural rank"),
    ("take-pile B3 B3", 1, "B3", "natural rank"),
    ("take-pile 9 8", 2, "8", "one rank"),
    ("take-pile 9 K", 2, "K", "one rank"),
    ("add 2 JK", 1, "2", "natural rank"),
    ("add JK JK", 1, "JK", "natural rank"),
    ("add R3 R3", 1, "R3", "natural rank"),
    ("add B3 B3", 1, "B3", "natural rank"),
    ("discard 9X", 1, "9X", "not a card"),
    ("discard 3", 1, "3", "needs its colour"),
    ("add 9 1S", 2, "1S", "not a card"),
    ("meld 9 9 11H", 3, "11H", "not a card"),
    ("take-pile 9 ♠", 2, "♠", "not a card"),
    ("add wild wild", 2, "wild", "not a card"),
]


@pytest.mark.parametrize(("text", "position", "token", "reason"), BAD_MOVES, ids=[b[0] for b in BAD_MOVES])
def test_bad_move_names_the_token(text: str, position: int, token: str, reason: str) -> None:
    """A malformed move raises NotationError with the bad token's position, the token and why."""
    with pytest.raises(NotationError) as info:
        parse_move(text)
    err = info.value
    assert (err.position, err.token, err.text) == (position, token, text)
    assert reason in err.reason
    assert reason in str(err)


@pytest.mark.clause("R-PIL-4")
@pytest.mark.parametrize("kind", [k for k in Kind if not k.is_natural])
def test_take_pile_needs_a_natural_rank(kind: Kind) -> None:
    """The pile is taken with a natural pair: take-pile of a wild or a 3 does not parse."""
    with pytest.raises(NotationError, match="natural rank") as info:
        parse_move(f"take-pile {kind.notation}")
    assert info.value.position == 1


@pytest.mark.clause("R-CRD-5")
@pytest.mark.parametrize("text", ["meld R3 R3 R3", "meld 3H 3D 3h", "meld JK JK R3", "meld R3 K K"])
def test_red_threes_are_never_melded(text: str) -> None:
    """A meld naming a red 3 does not parse, and the error points at the red 3."""
    with pytest.raises(NotationError, match="red 3") as info:
        parse_move(text)
    assert info.value.token.upper() in {"R3", "3H", "3D"}
    assert info.value.token == text.split()[info.value.position]


def test_move_from_text_is_parse_move() -> None:
    """Move.from_text reads exactly what parse_move reads, errors included."""
    for text, move in CANONICAL:
        assert Move.from_text(text) == parse_move(text) == move
    with pytest.raises(NotationError):
        Move.from_text("fly")


@given(st.text())
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    """parse_move of arbitrary text returns a Move or raises NotationError, never anything else."""
    try:
        move = parse_move(text)
    except NotationError as err:
        words = text.split()
        assert err.text == text
        assert err.token == (words[err.position] if words else "")
    else:
        assert isinstance(move, Move)
        assert Move.from_text(str(move)) == move


@given(st.lists(st.sampled_from(MOVE_TOKENS), min_size=1, max_size=6).map(" ".join))
def test_token_soup_parses_or_raises_notation_error(text: str) -> None:
    """Texts made of move words and card tokens parse to a round-tripping move or raise NotationError."""
    try:
        move = parse_move(text)
    except NotationError as err:
        words = text.split()
        assert err.token == (words[err.position] if words else "")
    else:
        assert isinstance(move, Move)
        assert Move.from_text(str(move)) == move
        assert eval(repr(move), {"Move": Move}) == move
