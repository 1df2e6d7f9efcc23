"""The command a missing-extra message names fits how aceynote was installed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from aceynote import extras
from aceynote.formats.format import MissingExtra

PIP = f"{sys.executable} -m pip"  # this Python's, not whichever pip the PATH holds


def installed(monkeypatch: pytest.MonkeyPatch, recorded: dict[str, object] | None) -> None:
    text = None if recorded is None else json.dumps(recorded)
    monkeypatch.setattr(extras, "direct_url", lambda: text)


def test_from_the_package_index(monkeypatch: pytest.MonkeyPatch) -> None:
    installed(monkeypatch, None)
    assert extras.install_command("data") == f"{PIP} install 'aceynote[data]'"
    installed(monkeypatch, {"url": "https://example.org/aceynote.whl", "archive_info": {}})
    assert extras.install_command("data") == f"{PIP} install 'aceynote[data]'"


def test_from_a_clone_installed_with_e(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clone = tmp_path / "my clone"
    clone.mkdir()
    installed(monkeypatch, {"url": clone.as_uri(), "dir_info": {"editable": True}})
    monkeypatch.chdir(clone)
    assert extras.install_command("data") == f"{PIP} install -e '.[data]'"
    monkeypatch.chdir(tmp_path)
    assert extras.install_command("png") == f"{PIP} install -e '{clone}[png]'"
    assert str(MissingExtra("pyarrow", "data")) == (
        f"pyarrow is not installed; install it with: {PIP} install -e '{clone}[data]'"
    )


def test_from_a_folder_without_e(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    installed(monkeypatch, {"url": tmp_path.as_uri(), "dir_info": {}})
    monkeypatch.chdir(tmp_path)
    assert extras.install_command("cluster") == f"{PIP} install '.[cluster]'"


def test_this_checkout_is_an_editable_install() -> None:
    recorded = extras.direct_url()
    assert recorded is not None and json.loads(recorded)["dir_info"]["editable"]
