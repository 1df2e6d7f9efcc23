"""A real editor: Emacs in batch mode (Debian's emacs-nox and elpa-eglot, which .ci/run
installs) starts ``aceynote lsp`` through Eglot, as docs/editors.md sets it up, opens a
record with an illegal play and receives the diagnostic through Flymake."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lsp_client import ILLEGAL

# docs/editors.md's set-up, the server started by the test's Python; batch mode runs no
# command loop, so the hook that eglot-ensure leaves is run by hand.
SCRIPT = r"""
(require 'eglot)
(require 'json)
(define-derived-mode acey-mode text-mode "AceyNote"
  "Major mode for AceyNote records."
  (setq-local comment-start "{")
  (setq-local comment-end "}"))
(add-to-list 'auto-mode-alist '("\\.acey\\'" . acey-mode))
(add-to-list 'eglot-server-programs
             `(acey-mode ,(getenv "ACEY_PYTHON") "-m" "aceynote" "lsp"))
(add-hook 'acey-mode-hook #'eglot-ensure)
;; The record's folder is the project (no version control there): Eglot asks nothing.
(setq project-find-functions (list (lambda (dir) (cons 'transient dir))))
(find-file (getenv "ACEY_RECORD"))
(run-hooks 'post-command-hook)
(with-timeout (60 (error "no diagnostics in 60 s"))
  (while (null (flymake-diagnostics))
    (accept-process-output nil 0.1)))
(let ((found (mapcar (lambda (d)
                       (let ((start (flymake-diagnostic-beg d)))
                         `((line . ,(line-number-at-pos start))
                           (column . ,(save-excursion (goto-char start) (current-column)))
                           (text . ,(flymake-diagnostic-text d)))))
                     (flymake-diagnostics))))
  (with-temp-file (getenv "ACEY_OUT") (insert (json-encode found))))
(eglot-shutdown (eglot-current-server))
"""


def test_emacs_eglot_receives_the_diagnostic_of_an_illegal_play(tmp_path: Path) -> None:
    record, script, out = tmp_path / "game.acey", tmp_path / "check.el", tmp_path / "out.json"
    record.write_text(ILLEGAL, encoding="utf-8")
    script.write_text(SCRIPT, encoding="utf-8")
    env = {
        **os.environ,
        "ACEY_PYTHON": sys.executable,
        "ACEY_RECORD": str(record),
        "ACEY_OUT": str(out),
    }
    # Not -Q: Debian's site start-up is what puts elpa-eglot on the load path (Emacs 28).
    command = ["emacs", "--batch", "-l", str(script)]
    subprocess.run(command, cwd=tmp_path, env=env, timeout=120, check=True, capture_output=True)
    (found,) = json.loads(out.read_text(encoding="utf-8"))
    assert (found["line"], found["column"]) == (4, 13)
    assert found["text"].startswith("aceynote [AD304]: with 6-4, in/19 takes the 6")
    assert "hint: legal plays: in/19 in/21; in/19 19/15" in found["text"]
