#!/usr/bin/env python3
# Stage 1 of the Tic-Tac-Toe kata in Python: a correct solution that prints the fixed grid.
"""Stage 1, "Welcome to the battlefield!": reads nothing, prints three lines (SPEC.md)."""

import os
import sys

GRID = "X O X\nO X O\nX X O\n"


def main():
    try:
        sys.stdout.buffer.write(GRID.encode("ascii"))
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        # A closed stdout ends the program quietly, with the status of a SIGPIPE death.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return 0


if __name__ == "__main__":
    sys.exit(main())
