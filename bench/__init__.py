"""`make bench`: each module here has ``run() -> list[Row]``; ``python -m bench`` prints one table.

The games a module measures come from the registry, as the tests' do: ``from support import games`` (tests/support.py,
whose folder is put on ``sys.path`` here), never a list of ids written by hand."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
