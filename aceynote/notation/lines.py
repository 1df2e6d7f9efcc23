"""Lines of play in a game's tree, and the edits that change them.

A line is the main line or a variation, named by its path: () for the main
line, else (turn index, variation index, ...) down to the variation, as the
validator's :class:`~aceynote.validation.SegmentReplay` names it. The edits
cut a line after a segment, branch a variation off it, drop a variation or
promote one to the line it branches from; none of them asks the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Game, Segment, Tag, Turn, Variation

Path = tuple[int, ...]
MAIN: Path = ()


class LineError(ValueError):
    """A place in a game's tree that an edit cannot be made at, with the reason."""


def line_turns(game: Game, path: Path) -> list[Turn]:
    """The list of turns of a line of play (``game.turns`` for the main line)."""
    return variation_at(game, path).turns if path else game.turns


def variation_at(game: Game, path: Path) -> Variation:
    """The variation named by ``path`` (not the main line, ``()``: it is no variation)."""
    return line_turns(game, path[:-2])[path[-2]].variations[path[-1]]


def last_source_line(game: Game) -> int:
    """The last source line anything of the game stands on."""
    last = max([game.span.end_line, *(tag.span.end_line for tag in game.tags)], default=0)
    pending = [game.turns]
    while pending:
        for turn in pending.pop():
            last = max(last, turn.span.end_line, *(s.span.end_line for s in turn.segments))
            pending += [variation.turns for variation in turn.variations]
    return last


@dataclass(frozen=True, slots=True)
class Branch:
    """Where a segment stands in its line: the turn's index and the segment's index in it."""

    path: Path
    turn_index: int
    segment_index: int

    def at_end(self, game: Game) -> bool:
        """Whether nothing of the line comes after the segment (or its start, for a line empty)."""
        turns = line_turns(game, self.path)
        if self.turn_index < 0:
            return not turns
        return self.turn_index == len(turns) - 1 and self.segment_index == (
            len(turns[self.turn_index].segments) - 1
        )


def find_branch(game: Game, path: Path, segment: Segment | None) -> Branch:
    """The place of ``segment`` in line ``path`` (None: the line's start, before its first turn)."""
    turns = line_turns(game, path)
    if segment is None:
        return Branch(path, -1, -1)
    for index, turn in enumerate(turns):
        for position, candidate in enumerate(turn.segments):
            if candidate is segment:
                return Branch(path, index, position)
    raise LineError("that segment is not in this line")


def cut_after(game: Game, branch: Branch) -> int:
    """Take away everything of the line after the segment (the result too, on the main line).

    How many segments were taken away.
    """
    turns = line_turns(game, branch.path)
    removed = sum(len(turn.segments) for turn in turns[branch.turn_index + 1 :])
    del turns[branch.turn_index + 1 :]
    if branch.turn_index >= 0:
        segments = turns[branch.turn_index].segments
        removed += len(segments) - branch.segment_index - 1
        del segments[branch.segment_index + 1 :]
    if not branch.path:
        game.result = "*"
        if game.tag("Result") is not None:
            game.set_tag("Result", "*")
        game.tags[:] = [tag for tag in game.tags if tag.name != "Termination"]
    return removed


def branch_after(game: Game, branch: Branch) -> Path:
    """Add a variation that goes on from the segment instead of the rest; its path.

    After a segment that ends its turn, the variation replaces the next
    turn and starts empty; after one inside a turn (a 1-2, a chosen double),
    it replaces that turn and starts with the turn's segments up to it.
    """
    turns = line_turns(game, branch.path)
    if branch.turn_index < 0 or branch.segment_index == len(turns[branch.turn_index].segments) - 1:
        replaced = branch.turn_index + 1
        variation = Variation([])
    else:
        replaced = branch.turn_index
        turn = turns[replaced]
        kept = [
            Segment(segment.kind, segment.dice, list(segment.moves), span=segment.span)
            for segment in turn.segments[: branch.segment_index + 1]
        ]
        variation = Variation([Turn(turn.side, turn.number, kept, span=turn.span)])
    turns[replaced].variations.append(variation)
    return (*branch.path, replaced, len(turns[replaced].variations) - 1)


def drop_variation(game: Game, path: Path) -> None:
    """Take away the variation at ``path`` (one added to record into, left empty)."""
    del line_turns(game, path[:-2])[path[-2]].variations[path[-1]]


def promote_variation(game: Game, path: Path) -> Path:
    """Make the variation at ``path`` the line it branches from; the line's path.

    The turns it replaced become a variation of its first turn, first among
    that turn's variations (the other variations of the replaced turn follow).
    """
    turns = line_turns(game, path[:-2])
    index, which = path[-2], path[-1]
    replaced = turns[index]
    variation = replaced.variations.pop(which)
    if not variation.turns:
        raise LineError("this variation holds no turn")
    first = variation.turns[0]
    others, replaced.variations = replaced.variations, []
    demoted = Variation(turns[index:], variation.comments, variation.comments_after)
    replaced.numbered = True  # a variation's first turn has its number written (6... 43: ...)
    first.variations[:0] = [demoted, *others]
    turns[index:] = variation.turns
    return path[:-2]


def new_game(tags: list[tuple[str, str]]) -> Game:
    """A game with no turn yet, these tags and the result ``*``."""
    game = Game(tags=[Tag(name, value) for name, value in tags], result="*")
    if game.tag("Result") is None:
        game.tags.append(Tag("Result", "*"))
    return game
