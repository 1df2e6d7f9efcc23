"""A real editor: headless Neovim (Debian's package, which .ci/run installs) starts
``aceynote lsp``, opens a record with an illegal play and receives the diagnostic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lsp_client import ILLEGAL

# Neovim 0.7's client API (vim.lsp.start came in 0.8): start the server, attach the buffer,
# wait for its diagnostics and write them out as JSON.
SCRIPT = """
local client = vim.lsp.start_client({
  name = "aceynote",
  cmd = { os.getenv("ACEY_PYTHON"), "-m", "aceynote", "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.bo.filetype = "acey"
vim.lsp.buf_attach_client(0, client)
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local found = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(found, { code = d.code, lnum = d.lnum, col = d.col, message = d.message })
end
local file = io.open(os.getenv("ACEY_OUT"), "w")
file:write(vim.fn.json_encode(found))
file:close()
vim.lsp.stop_client(client)
vim.cmd("qa!")
"""


def test_neovim_receives_the_diagnostic_of_an_illegal_play(tmp_path: Path) -> None:
    record, script, out = tmp_path / "game.acey", tmp_path / "check.lua", tmp_path / "out.json"
    record.write_text(ILLEGAL, encoding="utf-8")
    script.write_text(SCRIPT, encoding="utf-8")
    env = {**os.environ, "ACEY_PYTHON": sys.executable, "ACEY_OUT": str(out)}
    command = ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {script}"]
    subprocess.run([*command, str(record)], cwd=tmp_path, env=env, timeout=120, check=True)
    (found,) = json.loads(out.read_text(encoding="utf-8"))
    assert (found["code"], found["lnum"], found["col"]) == ("AD304", 3, 13)
    assert "legal plays: in/19 in/21; in/19 19/15" in found["message"]
