"""The AceyNote grammar, shipped inside the package as aceynote.grammars."""
