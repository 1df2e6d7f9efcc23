"""The language server (``aceynote lsp``): the validator, the writer and the rules for editors.

Built on pygls (the optional extra ``aceynote[lsp]``). :mod:`.text` turns
the model's 1-based code point spans into the protocol's positions,
:mod:`.checking` validates a document game by game and keeps what it found
for the games that did not change, and :mod:`.server` answers the editor.
"""
