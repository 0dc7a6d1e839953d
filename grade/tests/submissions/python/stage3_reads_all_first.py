#!/usr/bin/env python3
# Stage 3 of the Tic-Tac-Toe kata in Python that reads all its input before it prints anything:
# its output is right, but a person at the keyboard sees no prompt until the input is closed.
"""Stage 3, "What's up on the field?", reading ahead: sys.stdin.read() first."""

import sys

LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]


def state(cells):
    wins = {mark for mark in "XO" if any(all(cells[i - 1] == mark for i in line) for line in LINES)}
    x, o = cells.count("X"), cells.count("O")
    if len(wins) == 2 or abs(x - o) >= 2:
        return "Impossible"
    if wins:
        return "{} wins".format(wins.pop())
    return "Draw" if "_" not in cells else "Game not finished"


def main():
    answers = sys.stdin.read().splitlines()
    for answer in answers:
        print("Enter cells: ", end="")
        cells = answer.strip()
        if len(cells) == 9 and all(cell in "XO_" for cell in cells):
            break
        print("You should enter 9 symbols: X, O or _!")
    else:
        print("Enter cells: ", end="")
        sys.stdout.flush()
        sys.stderr.write("stage3: input ended before the cells were entered\n")
        return 1
    print("---------")
    for row in range(3):
        print("| {} {} {} |".format(*cells[row * 3:row * 3 + 3]))
    print("---------")
    print(state(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
