#!/usr/bin/env python3
# Stage 3 of the Tic-Tac-Toe kata in Python, its solution in a module of its own beside it
# (`helper.py`, a copy of `stage3.py`), graded from the folder that holds it and the fixtures.
# It checks what the sandbox promises: the working folder can be listed, the fixtures read not.
"""Stage 3 through `import helper`."""

import os
import sys

import helper

FIXTURES = os.path.join("fixtures", "stage3")


def sandbox_broken():
    """Why the sandbox does not keep its promise here, or None."""
    if "helper.py" not in os.listdir("."):
        return "the working folder cannot be listed"
    for name in os.listdir(FIXTURES):
        try:
            with open(os.path.join(FIXTURES, name), "rb"):
                return "the fixture {} can be read".format(name)
        except PermissionError:
            pass
    return None


if __name__ == "__main__":
    broken = sandbox_broken()
    if broken:
        sys.stderr.write("stage3: {}\n".format(broken))
        sys.exit(3)
    sys.exit(helper.main())
