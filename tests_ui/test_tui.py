"""The terminal game driven by Textual's Pilot: a round by keys, typed moves, completion, save, replay."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets._footer import FooterKey

from railroad_canasta import ClassicRules, ClassicState, Move, Rules, view
from railroad_canasta.bots import GreedyBot
from railroad_canasta.core.cards import Kind
from railroad_canasta.game import AnyRules, AnyState
from railroad_canasta.render import picture
from railroad_canasta.session import GameSession, Replay, read_record
from railroad_canasta.tui import PlayApp, ReplayApp
from railroad_canasta.tui.app import SaveQuestion
from railroad_canasta.tui.table import table_text


def _board(app: PlayApp | ReplayApp) -> str:
    content = app.query_one("#board", Static).content
    return content.plain if isinstance(content, Text) else str(content)


def _log(app: PlayApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def _swap(hand: tuple[int, ...], stock: list[Kind]) -> tuple[int, ...]:
    """``hand`` with one card swapped for a different card on top of ``stock`` (changed in place)."""
    give = next((k for k, n in enumerate(hand) if n and stock[0] != k), None)
    if give is None:
        return hand
    changed = list(hand)
    changed[give] -= 1
    changed[stock[0]] += 1
    stock[0] = Kind(give)
    return tuple(changed)


def _hide_other_hands(state: AnyState, human: int) -> AnyState:
    """The same game with the other players' hands (a partner's too) swapped between them and the stock."""
    stock = list(state.stock)
    if isinstance(state, ClassicState):
        hands = [h if seat == human or not stock else _swap(h, stock) for seat, h in enumerate(state.hands)]
        return state.replace(hands=tuple(hands), stock=tuple(stock))
    players = [
        p if seat == human or not stock else p.replace(hand=_swap(p.hand, stock))
        for seat, p in enumerate(state.players)
    ]
    return state.replace(players=tuple(players), stock=tuple(stock))


@pytest.mark.parametrize(
    ("rules", "seed", "shot"),
    [(Rules(players=2), 7, "terminal-game"), (ClassicRules(players=4), 3, "terminal-game-classic")],
    ids=["railroad-2p", "classic-4p"],
)
def test_a_whole_round_by_keys_typed_moves_and_the_list(
    rules: AnyRules, seed: int, shot: str, tmp_path: Path, artefacts: Path
) -> None:
    """The person plays the greedy bot's choice each turn: by number key, by the list, or typed.

    In classic (four players, the partner opposite), the person also asks "may I go out?" the first
    time they may, and the partner's answer is shown on the table.
    """
    session = GameSession(rules, seed=seed)
    app = PlayApp(session, save_to=tmp_path / "game.json")
    bot = GreedyBot()
    used = {"key": 0, "list": 0, "typed": 0}
    asked: list[Move] = []

    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            for _ in range(3000):
                if session.state.history:
                    break
                seen = session.seen()
                legal = list(session.legal())
                choice = bot.choose(seen, legal)
                if not asked and Move.from_text("ask-out") in legal:
                    choice = Move.from_text("ask-out")
                    asked.append(choice)
                index = legal.index(choice)
                turn = len(session.moves)
                way = ("key", "list", "key", "typed", "key", "key")[sum(used.values()) % 6]
                if way == "key" and index < 9:
                    app.query_one("#moves").focus()
                    await pilot.press(str(index + 1))
                    used["key"] += 1
                elif way == "list" and index < 30:
                    moves = app.query_one("#moves")
                    moves.focus()
                    moves.highlighted = index  # type: ignore[attr-defined]
                    await pilot.press("enter")
                    used["list"] += 1
                else:
                    app.query_one("#typed", Input).focus()
                    await pilot.press(*str(legal[index]))
                    await pilot.press("enter")
                    used["typed"] += 1
                await pilot.pause()
                assert len(session.moves) > turn, f"the move {legal[index]} was not played"
                if (
                    len(session.moves) > 40
                    and len(session.legal()) > 5
                    and not (artefacts / f"{shot}.svg").exists()
                ):
                    app.save_screenshot(f"{shot}.svg", str(artefacts))
                # What is drawn is the person's view, and nothing of the hidden cards.
                drawn = table_text(picture(session.seen(), session.names)).plain
                assert _board(app) == drawn
                if not session.over and turn % 10 == 0:
                    hidden = _hide_other_hands(session.state, session.human)
                    assert table_text(picture(view(hidden, session.human), session.names)).plain == drawn
            assert session.state.history, "the round did not end"
            log = _log(app)
            assert "Round 1 is over" in log and "melded" in log and "bot 1: " in log
            if isinstance(rules, ClassicRules):
                assert asked and "you: ask-out" in log and "bot 2: answer-out " in log
                assert "side" in log and "you & bot 2" in log
            await pilot.press("ctrl+s")
            await pilot.pause()

    asyncio.run(drive())
    assert all(used.values()), used
    saved = read_record((tmp_path / "game.json").read_bytes())
    assert saved.moves == tuple(session.moves)


def test_an_illegal_typed_move_shows_its_clause_and_completion_offers_legal_moves() -> None:
    session = GameSession(Rules(players=2), seed=7)
    app = PlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            typed = app.query_one("#typed", Input)
            typed.focus()
            await pilot.press(*"take-kitty", "enter")
            await pilot.pause()
            assert str(app.query_one("#message", Static).content) == (
                "Illegal: R-TRN-2 it is the draw phase, not the kitty phase"
            )
            assert typed.value == "take-kitty"  # kept, to be corrected
            typed.value = ""
            await pilot.press(*"meld 9")
            await pilot.pause()
            await pilot.press("end", "enter")  # nothing to complete: meld is not legal in the draw phase
            await pilot.pause()
            assert "R-TRN-2" in str(app.query_one("#message", Static).content)
            typed.value = ""
            await pilot.press(*"dr")
            await pilot.pause(0.2)
            await pilot.press("right")  # accept the suggestion
            assert typed.value == "draw"
            await pilot.press("enter")
            await pilot.pause()
            assert str(session.moves[-1]) == "draw" or session.state.to_move != session.human

    asyncio.run(drive())


@pytest.mark.parametrize("rules", [Rules(players=2), ClassicRules(players=4)], ids=["railroad", "classic"])
def test_replay_steps_forwards_and_backwards(rules: AnyRules, tmp_path: Path) -> None:
    session = GameSession(rules, seed=3)
    for _ in range(12):
        session.run_bots()
        if session.waiting:
            session.play(session.legal()[0])
    path = tmp_path / "game.json"
    session.save(path)
    app = ReplayApp(Replay.load(path))

    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            assert str(app.query_one("#status", Static).content).startswith("move 0 of")
            await pilot.press("right", "right", "right")
            assert str(app.query_one("#status", Static).content).startswith(
                f"move 3 of {len(session.moves)}: "
            )
            await pilot.press("left")
            assert app.replay.index == 2
            assert _board(app) == table_text(picture(app.replay.state, session.names)).plain
            await pilot.press("end")
            assert app.replay.index == len(session.moves)
            await pilot.press("home")
            assert app.replay.index == 0

    asyncio.run(drive())


def test_a_move_typed_while_the_list_has_the_focus_goes_to_the_move_line() -> None:
    """Reproduces the report: with the move list focused, typing ``discard 5`` played the list's fifth
    item at the 5. Now the letters take the move line (no Tab pressed) and the whole move is played."""
    session = GameSession(Rules(players=2), seed=7)
    app = PlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            assert isinstance(app.focused, OptionList) and session.waiting
            await pilot.press("1")  # a digit while the list has the focus: its first move, the draw
            await pilot.pause()
            assert str(session.moves[-1]) == "draw" and session.waiting
            discards = [str(m).split()[1] for m in session.legal() if str(m).startswith("discard ")]
            card = next((c for c in discards if c.isdigit()), discards[0])
            app.query_one("#moves", OptionList).focus()
            await pilot.pause()
            played = len(session.moves)
            await pilot.press(*f"discard {card}")
            typed = app.query_one("#typed", Input)
            assert typed.has_focus and typed.value == f"discard {card}"
            assert len(session.moves) == played
            await pilot.press("enter")
            await pilot.pause()
            assert str(session.moves[played]) == f"discard {card}"
            assert "seed" not in _log(app)
            # A digit while the table has the focus picks nothing: it goes to the move line.
            typed.value = ""
            app.query_one("#table").focus()
            await pilot.pause()
            played = len(session.moves)
            await pilot.press("2")
            await pilot.pause()
            assert typed.has_focus and typed.value == "2" and len(session.moves) == played

    asyncio.run(drive())


def test_quitting_an_unsaved_game_asks_to_save_it(tmp_path: Path) -> None:
    session = GameSession(Rules(players=2), seed=7)
    path = tmp_path / "game.json"
    app = PlayApp(session, save_to=path)

    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")  # the bots' first moves are not saved yet
            await pilot.pause()
            assert isinstance(app.screen, SaveQuestion)
            await pilot.press("escape")
            await pilot.pause()
            assert len(app.screen_stack) == 1 and not path.exists()
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert read_record(path.read_bytes()).moves == tuple(session.moves)

    asyncio.run(drive())
    assert app.return_code == 0 and path.exists()
    saved = PlayApp(GameSession(Rules(players=2), seed=7), save_to=tmp_path / "other.json")

    async def save_then_quit() -> None:
        async with saved.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+s", "ctrl+q")
            await pilot.pause()
            assert not isinstance(saved.screen, SaveQuestion)

    asyncio.run(save_then_quit())
    assert saved.return_code == 0


def test_the_replay_footer_lists_its_keys(tmp_path: Path) -> None:
    session = GameSession(Rules(players=2), seed=3)
    session.run_bots()
    path = tmp_path / "game.json"
    session.save(path)
    app = ReplayApp(Replay.load(path))

    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            shown = {key.description for key in app.query(FooterKey)}
            assert {"Next", "Back", "+10", "-10", "Deal", "End", "Quit"} <= shown
            app.query_one("#table").focus()  # even with the scrolling table focused, the keys step
            await pilot.press("right")
            assert app.replay.index == 1

    asyncio.run(drive())


def test_a_long_message_stays_inside_its_panel() -> None:
    """A long illegal move's message wraps inside the side panel, on a narrow terminal too: none of its
    lines is wider than the panel and the message ends above the log."""
    session = GameSession(Rules(players=2), seed=7)
    app = PlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=(80, 30)) as pilot:
            await pilot.pause()
            typed = app.query_one("#typed", Input)
            typed.focus()
            typed.value = "meld " + "9 " * 60 + "banana"
            await pilot.press("enter")
            await pilot.pause()
            message = app.query_one("#message", Static)
            text = str(message.content)
            assert text.startswith("Illegal: ") and len(text) > message.region.width
            side, log = app.query_one("#side").region, app.query_one("#log").region
            shown = message.region
            assert shown.width > 0 and shown.height > 1  # wrapped over more than one line
            assert side.x <= shown.x and shown.right <= side.right
            assert shown.bottom <= side.bottom <= log.y
            assert message.virtual_size.width <= shown.width  # nothing runs past the panel's edge

    asyncio.run(drive())
