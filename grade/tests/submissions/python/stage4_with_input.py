#!/usr/bin/env python3
# Stage 4 of the Tic-Tac-Toe kata in Python, as a learner writes it: input() for every answer.
"""Stage 4, "First move!", with input(), which writes its prompt and flushes it before reading."""

import sys


def grid(cells):
    rows = "".join("| {} {} {} |\n".format(*cells[row * 3:row * 3 + 3]) for row in range(3))
    return "---------\n" + rows + "---------"


def ask(prompt, awaited):
    try:
        return input(prompt).strip()
    except EOFError:
        sys.stderr.write("stage4: input ended before {}\n".format(awaited))
        sys.exit(1)


def coordinates(answer, cells):
    """The index of the cell `answer` names, or the message that refuses it."""
    words = answer.split()
    if len(words) != 2 or not all(word.lstrip("+-").isascii() and word.lstrip("+-").isdigit()
                                  and len(word) - len(word.lstrip("+-")) <= 1 for word in words):
        return None, "You should enter numbers!"
    row, column = (int(word) for word in words)
    if not (1 <= row <= 3 and 1 <= column <= 3):
        return None, "Coordinates should be from 1 to 3!"
    index = (row - 1) * 3 + column - 1
    if cells[index] != "_":
        return None, "This cell is occupied! Choose another one!"
    return index, None


def main():
    while True:
        cells = ask("Enter cells: ", "the cells were entered")
        if len(cells) == 9 and all(cell in "XO_" for cell in cells):
            break
        print("You should enter 9 symbols: X, O or _!")
    cells = list(cells)
    print(grid(cells))
    while True:
        index, refusal = coordinates(ask("Enter the coordinates: ", "a move was made"), cells)
        if refusal is None:
            break
        print(refusal)
    cells[index] = "X"
    print(grid(cells))


if __name__ == "__main__":
    main()
