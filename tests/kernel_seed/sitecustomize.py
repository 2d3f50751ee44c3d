"""Test servers only: a kernel started by a browser test's Voilà server draws its sessions' "secret" seeds from
RE_TEST_KERNEL_SEED instead of the operating system, so a failing browser test names the seed that replays its
dice (tests/conftest.py prints it). tests/voila_server.py puts this folder on the servers' PYTHONPATH and sets the
seed; nothing outside the tests does. An empty value keeps the product's OS seeds
(tests/app/test_server_secret_seed.py)."""

import os
import sys

_SEED = os.environ.get("RE_TEST_KERNEL_SEED", "")
if _SEED and any("ipykernel_launcher" in arg for arg in getattr(sys, "orig_argv", sys.argv)):
    import random
    import secrets

    secrets.randbits = random.Random(_SEED).getrandbits  # widgets.play.session_node.session_seed calls secrets.randbits
