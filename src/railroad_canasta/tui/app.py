"""The Textual apps: :class:`PlayApp` (a game against bots) and :class:`ReplayApp` (a saved game).

The play screen shows only the person's view (:meth:`~railroad_canasta.session.GameSession.seen`): the
table, the legal moves (choose one with the arrows and Enter, or with its number key while the list has
the focus), a line to type a move in notation with completion (a letter typed anywhere goes there), why a
typed move is illegal (the clause and the reason), the bots' moves as they happen and each round's score
table. ``ctrl+s`` saves the game as a JSON record; ``ctrl+q`` asks whether to save a game changed since.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static

from railroad_canasta.render import picture
from railroad_canasta.session import GameSession, Replay
from railroad_canasta.tui.table import table_text

__all__ = ["MoveSuggester", "PlayApp", "ReplayApp", "SaveQuestion"]

_CSS = """
#table { width: 2fr; border: round $accent; padding: 0 1; }
#side { width: 1fr; }
#moves { height: 1fr; border: round $primary; }
#message { height: auto; min-height: 1; max-height: 6; width: 100%; color: $warning; overflow-y: auto; }
#log { height: 9; border: round $secondary; }
"""


class MoveSuggester(Suggester):
    """Completes a typed move with the first legal move that starts with it."""

    def __init__(self, session: GameSession) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.session = session

    async def get_suggestion(self, value: str) -> str | None:
        found = self.session.completions(value)
        return found[0] if value and found else None


class SaveQuestion(ModalScreen[str]):
    """Asked on quitting a game changed since its last save: ``save`` (y), ``quit`` (n), ``stay`` (escape)."""

    DEFAULT_CSS = """
    SaveQuestion { align: center middle; }
    SaveQuestion > Static { width: 60; border: round $warning; padding: 1 2; background: $panel; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("y", "answer('save')", "Save and quit"),
        Binding("n", "answer('quit')", "Quit without saving"),
        Binding("escape", "answer('stay')", "Keep playing"),
    ]

    def compose(self) -> ComposeResult:
        """The question and its keys."""
        yield Static(
            "The game has moves that are not saved. Save it before quitting?\n\n"
            "y: save and quit   n: quit without saving   escape: keep playing",
            id="question",
        )
        yield Footer()

    def action_answer(self, answer: str) -> None:
        """Close the question with ``answer``."""
        self.dismiss(answer)


class PlayApp(App[None]):
    """A game in the terminal against bots."""

    TITLE = "railroad-canasta"
    CSS = _CSS
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    def __init__(self, session: GameSession, save_to: Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.save_to = save_to
        #: How many moves the game had when it was last saved (or resumed: those are in the record).
        self.saved = len(session.moves)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="table"):
                yield Static(id="board")
            with Vertical(id="side"):
                yield OptionList(id="moves")
                yield Input(placeholder="type a move, e.g. meld 9 9 JK", id="typed", select_on_focus=False)
                yield Static(id="message")
        yield RichLog(id="log", wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#typed", Input).suggester = MoveSuggester(self.session)
        # (the seed stays secret during play: with it, every hidden card is known)
        self.log_lines([f"You are {self.session.names[self.session.human]}."])
        self.log_lines(self.session.run_bots())
        self.refresh_table()
        self.query_one("#moves", OptionList).focus()

    def log_lines(self, lines: list[str]) -> None:
        """Add lines to the log of moves."""
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(line)

    def refresh_table(self) -> None:
        """Draw the person's view and list their legal moves."""
        session = self.session
        self.query_one("#board", Static).update(table_text(picture(session.seen(), session.names)))
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options(
            [f"{i + 1:>2}  {m}" if i < 9 else f"    {m}" for i, m in enumerate(session.legal())]
        )
        if session.legal():
            moves.highlighted = 0
        if session.over:
            self.message(f"The game is over (seed {session.seed}). ctrl+s saves it, ctrl+q quits.")

    def message(self, text: str) -> None:
        """Show one line under the moves (why a move is illegal, or what happened)."""
        self.query_one("#message", Static).update(text)

    def choose(self, move: str) -> bool:
        """Play the person's ``move``, then the bots'; ``False`` (and the clause shown) if it is illegal."""
        before = len(self.session.state.history)
        problem = self.session.play(move)
        if problem is not None:
            self.message(f"Illegal: {problem.clause} {problem.reason}")
            return False
        self.message("")
        self.log_lines([f"{self.session.names[self.session.human]}: {move}"])
        self.log_lines(self.session.round_lines(before))
        self.log_lines(self.session.run_bots())
        self.refresh_table()
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        legal = self.session.legal()
        if 0 <= event.option_index < len(legal):
            self.choose(str(legal[event.option_index]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.choose(event.value):
            event.input.value = ""

    def on_key(self, event: Key) -> None:
        """A digit picks from the list while the list has the focus; a letter typed anywhere else (or a
        digit outside the list) goes to the move line, which takes the focus."""
        if len(self.screen_stack) > 1:  # a question is open: its own keys answer it
            return
        typed = self.query_one("#typed", Input)
        char = event.character
        if self.focused is typed or char is None or not char.isalnum() or not char.isascii():
            return
        event.stop()
        event.prevent_default()
        if char.isdigit() and isinstance(self.focused, OptionList):
            legal = self.session.legal()
            index = int(char) - 1
            if 0 <= index < min(9, len(legal)):
                self.choose(str(legal[index]))
            return
        typed.focus()
        typed.insert_text_at_cursor(char)

    def action_save(self) -> None:
        """Save the game as a JSON record (to ``--save``, else ``railroad-canasta-game.json``)."""
        path = self.save_to or Path("railroad-canasta-game.json")
        try:
            self.session.save(path)
        except OSError as exc:
            self.message(f"Not saved to {path}: {exc.strerror or exc}")
            return
        self.saved = len(self.session.moves)
        self.message(f"Saved to {path}")

    async def action_quit(self) -> None:
        """Quit; a game changed since it was saved asks first whether to save it."""
        if len(self.session.moves) == self.saved:
            self.exit()
            return

        def answered(answer: str | None) -> None:
            if answer == "save":
                self.action_save()
            if answer in ("save", "quit"):
                self.exit()

        self.push_screen(SaveQuestion(), answered)


class ReplayApp(App[None]):
    """A saved game, stepped through: ←/→ one move, PgUp/PgDn ten, Home/End the ends."""

    TITLE = "railroad-canasta replay"
    CSS = "#table { border: round $accent; padding: 0 1; }"
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        # Priority: the scrolling table would otherwise take these keys (and hide them from the footer).
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("pagedown", "step(10)", "+10", priority=True),
        Binding("pageup", "step(-10)", "-10", priority=True),
        Binding("home", "step(-1000000)", "Deal", priority=True),
        Binding("end", "step(1000000)", "End", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        with VerticalScroll(id="table"):
            yield Static(id="board")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the current state (a record shows every hand) and where the replay is."""
        replay = self.replay
        move = replay.last_move
        self.query_one("#status", Static).update(
            f"move {replay.index} of {len(replay.states) - 1}"
            + (f": {move}" if move is not None else " (the deal)")
        )
        self.query_one("#board", Static).update(table_text(picture(replay.state, replay.record.players)))

    def action_step(self, steps: int) -> None:
        self.replay.forward(steps)
        self.show()
