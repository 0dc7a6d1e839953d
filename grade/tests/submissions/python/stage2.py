#!/usr/bin/env python3
# Stage 2 of the Tic-Tac-Toe kata in Python: a correct solution that reads a cell string and prints its grid.
"""Stage 2, "The user is the gamemaster", exactly as the stage's README says."""

import os
import sys

NAME = "stage2"

# Unicode White_Space, what Rust's str::trim removes. Python's str.strip() would also remove
# U+001C..U+001F, which are not White_Space.
WHITE_SPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
SYMBOLS = "XO_"
CELLS_ERROR = "You should enter 9 symbols: X, O or _!"


class InputEnded(Exception):
    """The input ended at a prompt."""


def write(text):
    sys.stdout.buffer.write(text.encode("ascii"))


def read_answer():
    """The next line without its ending, decoded and trimmed; None when the input has ended.
    A line that is not UTF-8 becomes U+FFFD, which no question accepts."""
    line = sys.stdin.buffer.readline()
    if not line:
        return None
    if line.endswith(b"\n"):
        line = line[:-1]
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return "\ufffd"
    return text.strip(WHITE_SPACE)


def ask_until(prompt, awaited, accept):
    """Asks until accept(answer) returns (value, None); (None, message) is a refusal."""
    while True:
        write(prompt)
        sys.stdout.buffer.flush()
        answer = read_answer()
        if answer is None:
            raise InputEnded(awaited)
        value, refusal = accept(answer)
        if refusal is None:
            return value
        write(refusal + "\n")


def parse_cells(answer):
    if len(answer) == 9 and all(symbol in SYMBOLS for symbol in answer):
        return list(answer), None
    return None, CELLS_ERROR


def grid(cells):
    border = "---------\n"
    rows = "".join("| {} {} {} |\n".format(*cells[row * 3:row * 3 + 3]) for row in range(3))
    return border + rows + border


def run():
    cells = ask_until("Enter cells: ", "the cells were entered", parse_cells)
    write(grid(cells))
    sys.stdout.buffer.flush()


def main():
    try:
        run()
    except InputEnded as ended:
        sys.stderr.write("{}: input ended before {}\n".format(NAME, ended))
        return 1
    except BrokenPipeError:
        # A closed stdout ends the program quietly, with the status of a SIGPIPE death; stdout
        # is pointed at /dev/null so that the interpreter's last flush cannot complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as error:
        sys.stderr.write("{}: {}\n".format(NAME, error))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
