"""A real editor: headless Neovim (Debian's package, 0.7, which .ci/run installs) with
docs/editors.md's ``init.lua`` for Neovim 0.7 opens a record with an illegal play, starts
``aceynote lsp`` and receives the diagnostic."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from lsp_client import ILLEGAL

# Run after the record is open: wait for its diagnostics and write them out as JSON.
CHECK = """
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local found = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(found, { code = d.code, lnum = d.lnum, col = d.col, message = d.message })
end
local file = io.open(os.getenv("ACEY_OUT"), "w")
file:write(vim.fn.json_encode(found))
file:close()
for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
vim.cmd("qa!")
"""


def documented_init() -> str:
    """docs/editors.md's ``init.lua`` for Neovim 0.7: the Lua block after its heading words."""
    text = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    after = text.split("Neovim 0.7 (Debian 12's package)", 1)[1]
    found = re.search(r"```lua\n(.*?)```", after, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_neovim_with_the_documented_init_receives_the_diagnostic(tmp_path: Path) -> None:
    record, init, check = tmp_path / "game.acey", tmp_path / "init.lua", tmp_path / "check.lua"
    out = tmp_path / "out.json"
    record.write_text(ILLEGAL, encoding="utf-8")
    init.write_text(documented_init(), encoding="utf-8")
    check.write_text(CHECK, encoding="utf-8")
    # The documented command is "aceynote": the one installed beside this Python.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    env = {**os.environ, "PATH": path, "ACEY_OUT": str(out)}
    command = ["nvim", "--headless", "-u", str(init), "-i", "NONE", "-n", str(record)]
    subprocess.run(
        [*command, "-c", f"luafile {check}"], cwd=tmp_path, env=env, timeout=120, check=True
    )
    (found,) = json.loads(out.read_text(encoding="utf-8"))
    assert (found["code"], found["lnum"], found["col"]) == ("AD304", 3, 13)
    assert "legal plays: in/19 in/21; in/19 19/15" in found["message"]
