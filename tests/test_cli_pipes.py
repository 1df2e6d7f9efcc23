"""A reader that stops early (``aceynote ... | head -1``) ends a command quietly.

Each test reads one line of a real pipe and closes it while the command still
has much to write. The command must then stop without a message or a
traceback and exit with the status its findings so far deserve.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from conftest import BROKEN, SAMPLES, aceynote_process

# Copies of a sample whose output is more than a pipe (64 kB) and the buffers
# at both of its ends hold, so the command is still writing when it is closed.
COPIES = 60
NOISE = ("Broken pipe", "Traceback", "Exception ignored", "cannot read")


def started(
    *args: str, stdin: int = subprocess.DEVNULL, stderr: int = subprocess.PIPE
) -> subprocess.Popen[str]:
    """``aceynote ARGS`` started, its standard output a pipe (standard error too by default)."""
    return subprocess.Popen(
        aceynote_process(*args), stdin=stdin, stdout=subprocess.PIPE, stderr=stderr, text=True
    )


def first_line_then_close(*args: str, stdin: str | None = None) -> tuple[str, int, str]:
    """Run ``aceynote ARGS``, read one line of its output, close the pipe, wait."""
    process = started(*args, stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    if stdin is not None:
        assert process.stdin is not None
        process.stdin.write(stdin)
        process.stdin.close()
    line = process.stdout.readline()
    process.stdout.close()
    errors = process.stderr.read()
    return line, process.wait(timeout=120), errors


def closed_at_once(*args: str) -> tuple[int, str]:
    """Run ``aceynote ARGS`` with its output a pipe nobody reads from."""
    process = started(*args)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # long before the command has started up
    errors = process.stderr.read()
    return process.wait(timeout=120), errors


def copies(tmp_path: Path, sample: str, extra: str = "", copies: int = COPIES) -> str:
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    path = tmp_path / f"many-{sample}"
    path.write_text("\n".join([text] * copies) + extra, encoding="utf-8")
    return str(path)


def assert_quiet(errors: str) -> None:
    for noise in NOISE:
        assert noise not in errors, errors


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_keeps_exit_1_for_the_errors_found(tmp_path: Path, jobs: str) -> None:
    path = copies(tmp_path, "mistakes.acey", copies=150)
    line, status, errors = first_line_then_close("validate", "--jobs", jobs, path)
    assert line.startswith(f"{path}:11:18: error AD401")
    assert status == 1
    assert errors == ""


def test_validate_json_lines(tmp_path: Path) -> None:
    path = copies(tmp_path, "mistakes.acey", copies=150)
    line, status, errors = first_line_then_close("validate", "--format", "json", path)
    assert line.startswith("{")
    assert status == 1
    assert errors == ""


def test_validate_of_a_valid_record_exits_0() -> None:
    # A valid record prints only the summary, into the closed pipe.
    assert closed_at_once("validate", str(SAMPLES / "annotated.acey")) == (0, "")


def test_fmt_keeps_exit_1_for_a_game_with_syntax_errors(tmp_path: Path) -> None:
    path = copies(tmp_path, "annotated.acey", "\n" + BROKEN)
    line, status, errors = first_line_then_close("fmt", path)
    assert line == '[Event "Harbour Club autumn ladder"]\n'
    assert status == 1
    assert f"{path}:" in errors and "AD100" in errors
    assert_quiet(errors)


def test_fmt_of_clean_records_exits_0(tmp_path: Path) -> None:
    path = copies(tmp_path, "annotated.acey")
    line, status, errors = first_line_then_close("fmt", path)
    assert line == '[Event "Harbour Club autumn ladder"]\n'
    assert (status, errors) == (0, "")


def test_fmt_from_standard_input(tmp_path: Path) -> None:
    text = Path(copies(tmp_path, "annotated.acey")).read_text(encoding="utf-8")
    line, status, errors = first_line_then_close("fmt", "-", stdin=text)
    assert line == '[Event "Harbour Club autumn ladder"]\n'
    assert (status, errors) == (0, "")


def test_convert(tmp_path: Path) -> None:
    path = copies(tmp_path, "annotated.acey")
    line, status, errors = first_line_then_close("convert", path, "--to", "jsonl")
    assert line.startswith("{")
    assert (status, errors) == (0, "")


def test_generate() -> None:
    line, status, errors = first_line_then_close("generate", "--games", "300")
    assert line == '[Event "aceynote generate"]\n'
    assert (status, errors) == (0, "")


def test_schema() -> None:
    # The schema fits in a pipe: the pipe is closed before it is written.
    assert closed_at_once("schema") == (0, "")


def test_analyze_keeps_exit_1_for_the_games_it_stopped_in(tmp_path: Path) -> None:
    path = copies(tmp_path, "mistakes.acey")
    line, status, errors = first_line_then_close("analyze", "--depth", "0", path)
    assert line.strip()
    assert status == 1
    assert "(the game is analysed up to here)" in errors
    assert_quiet(errors)


def first_line_of_both_then_close(*args: str) -> int:
    """Run ``aceynote ARGS 2>&1``, read one line of the pipe, close it, wait: the status."""
    process = started(*args, stderr=subprocess.STDOUT)
    assert process.stdout is not None
    assert process.stdout.readline().strip()
    process.stdout.close()
    return process.wait(timeout=120)


@pytest.mark.parametrize(
    "words",
    [("analyze", "--depth", "0"), ("analyze", "--depth", "0", "--summary"), ("stats",)],
)
def test_a_status_stands_when_its_messages_go_to_the_closed_pipe_too(
    tmp_path: Path, words: tuple[str, ...]
) -> None:
    path = copies(tmp_path, "mistakes.acey")
    assert first_line_of_both_then_close(*words, path) == 1


def test_fmt_i_goes_on_rewriting_when_its_messages_go_to_the_closed_pipe(tmp_path: Path) -> None:
    """fmt -i stopped at the first message it could not write, exit 0, the rest not rewritten."""
    for number in range(300):
        (tmp_path / f"a{number:03}.acey").write_text("1. 64: in/19 in/21 ]]]\n", encoding="utf-8")
    last = tmp_path / "zz.acey"
    last.write_text("1.  64:  in/19   in/21\n", encoding="utf-8")
    assert first_line_of_both_then_close("fmt", "-i", str(tmp_path)) == 1
    assert last.read_text(encoding="utf-8") == "1. 64: in/19 in/21\n*\n"


def test_a_command_started_with_standard_error_closed_writes_only_its_output(
    tmp_path: Path,
) -> None:
    """With 2>&- the messages went to standard output (before the JSON) and the progress
    line's test of standard error failed: exit 1 and nothing written."""
    path = copies(tmp_path, "mistakes.acey", copies=2)
    for words, status in (("stats", "--format", "json"), 1), (("validate",), 1):
        process = subprocess.run(
            aceynote_process(*words, path),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: os.close(2),
            check=False,
        )
        assert process.returncode == status
        if words[0] == "stats":
            assert json.loads(process.stdout)["games"] == 0


def test_stats_keeps_exit_1_for_the_games_it_left_out() -> None:
    status, errors = closed_at_once("stats", str(SAMPLES / "mistakes.acey"))
    assert status == 1
    assert "with errors left out of the figures" in errors
    assert_quiet(errors)


def test_analyze_says_when_its_marked_record_is_not_written(tmp_path: Path) -> None:
    path = copies(tmp_path, "mistakes.acey")
    marked = tmp_path / "marked.acey"
    _, status, errors = first_line_then_close("analyze", "--depth", "0", "-o", str(marked), path)
    assert status == 1
    assert f"{marked} not written: the report's reader stopped" in errors
    assert not marked.exists()
    assert_quiet(errors)
