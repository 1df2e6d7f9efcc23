"""The packages of the wheel, found rather than listed (everything else is in pyproject.toml).

pyproject.toml alone cannot say this: its ``find`` does not see aceynote.grammars,
which pyproject.toml's package-dir maps to the top-level grammars/ folder.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["aceynote", "aceynote.*"]), "aceynote.grammars"])
