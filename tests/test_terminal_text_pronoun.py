"""The pronoun of a count (terminal_text.pronoun): one thing is 'it', any other count 'them'."""

from __future__ import annotations

from aceynote.terminal_text import counted, pronoun


def test_one_thing_is_it_and_any_other_count_them() -> None:
    assert [f"{counted(n, 'error')}: validate lists {pronoun(n)}" for n in (0, 1, 2, 1000)] == [
        "0 errors: validate lists them",
        "1 error: validate lists it",
        "2 errors: validate lists them",
        "1,000 errors: validate lists them",
    ]
