"""Tic-Tac-Toe with AI, every stage in one program: `python3 tictactoe_ai.py STAGE`.

A correct solution in another language than the reference, graded by the kata's fixtures and
rules like any learner's program.
"""

import functools
import random
import re
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
LEVELS = {1: [], 2: ["easy"], 3: ["easy"], 4: ["easy", "medium"], 5: ["easy", "medium", "hard"]}


class InputEnded(Exception):
    pass


def ask(prompt):
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise InputEnded()
    return line.strip()


def show(cells):
    print("---------")
    for row in range(3):
        print("| " + " ".join(cells[row * 3:row * 3 + 3]) + " |")
    print("---------")


def has_line(cells, mark):
    return any(all(cells[i] == mark for i in line) for line in LINES)


def state(cells):
    x, o = cells.count("X"), cells.count("O")
    if x - o not in (0, 1) or (has_line(cells, "X") and has_line(cells, "O")):
        return "Impossible"
    if has_line(cells, "X"):
        return "X wins"
    if has_line(cells, "O"):
        return "O wins"
    if "_" not in cells:
        return "Draw"
    return "Game not finished"


def ask_move(cells):
    while True:
        words = ask("Enter the coordinates: ").split()
        if len(words) != 2 or not all(re.fullmatch(r"[+-]?[0-9]+", w) for w in words):
            print("You should enter numbers!")
            continue
        row, column = (int(w) for w in words)
        if not (1 <= row <= 3 and 1 <= column <= 3):
            print("Coordinates should be from 1 to 3!")
            continue
        cell = (row - 1) * 3 + column - 1
        if cells[cell] != "_":
            print("This cell is occupied! Choose another one!")
            continue
        return cell


def completing(cells, mark):
    return [c for c in range(9) if cells[c] == "_" and has_line(cells[:c] + [mark] + cells[c + 1:], mark)]


@functools.lru_cache(maxsize=None)
def value(cells, mover):
    """The minimax value of `cells` (a tuple) for the player to move: 1 win, 0 draw, -1 loss."""
    other = "O" if mover == "X" else "X"
    if has_line(cells, other):
        return -1
    if "_" not in cells:
        return 0
    return max(-value(cells[:c] + (mover,) + cells[c + 1:], other) for c in range(9) if cells[c] == "_")


def computer_move(cells, mover, level):
    empty = [c for c in range(9) if cells[c] == "_"]
    other = "O" if mover == "X" else "X"
    if level == "medium":
        choices = completing(cells, mover) or completing(cells, other) or empty
    elif level == "hard":
        board = tuple(cells)
        scored = {c: -value(board[:c] + (mover,) + board[c + 1:], other) for c in empty}
        best = max(scored.values())
        choices = [c for c in empty if scored[c] == best]
    else:
        choices = empty
    return random.choice(choices)


def game(players):
    cells = ["_"] * 9
    show(cells)
    mover = "X"
    while True:
        player = players[0 if mover == "X" else 1]
        if player == "user":
            cell = ask_move(cells)
        else:
            print(f'Making move level "{player}"')
            cell = computer_move(cells, mover, player)
        cells[cell] = mover
        show(cells)
        if state(cells) != "Game not finished":
            print(state(cells))
            return
        mover = "O" if mover == "X" else "X"


def setup():
    while True:
        given = ask("Enter cells: ")
        if len(given) == 9 and all(c in "XO_" for c in given):
            break
        print("You should enter 9 symbols: X, O or _!")
    cells = list(given)
    show(cells)
    if state(cells) != "Game not finished":
        print(state(cells))
        return
    cells[ask_move(cells)] = "X" if cells.count("X") == cells.count("O") else "O"
    show(cells)
    print(state(cells))


def menu(levels):
    players = ["user"] + levels
    while True:
        try:
            words = ask("Input command: ").split()
        except InputEnded:
            return
        if words == ["exit"]:
            return
        if len(words) == 3 and words[0] == "start" and words[1] in players and words[2] in players:
            game(words[1:])
        else:
            print("Bad parameters!")


def main():
    stage = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    try:
        if stage == 1:
            setup()
        elif stage == 2:
            game(["user", "easy"])
        else:
            menu(LEVELS[stage])
    except InputEnded:
        print("tictactoe_ai: input ended before the game was over", file=sys.stderr)
        sys.exit(1)


main()
