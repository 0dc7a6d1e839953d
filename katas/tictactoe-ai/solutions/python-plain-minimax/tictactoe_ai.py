"""Tic-Tac-Toe with AI, stage 5, as many learners write it: `hard` is a plain minimax, every
game below each move searched again and nothing remembered, on a grid of rows copied for each
move, its lines gathered again at every look, with the dictionaries of moves of the tutorial it
is usually learnt from. It is right, and slow: the CPU time a kata's limit must allow.

    python3 tictactoe_ai.py
"""

import random
import sys


class InputEnded(Exception):
    pass


def ask(prompt):
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise InputEnded()
    return line.strip()


def show(grid):
    print("---------")
    for row in grid:
        print("| " + " ".join(row) + " |")
    print("---------")


def lines(grid):
    rows = [list(row) for row in grid]
    columns = [[grid[row][column] for row in range(3)] for column in range(3)]
    diagonals = [[grid[i][i] for i in range(3)], [grid[i][2 - i] for i in range(3)]]
    return rows + columns + diagonals


def winning(grid, player):
    return any(all(cell == player for cell in line) for line in lines(grid))


def empty_cells(grid):
    return [(row, column) for row in range(3) for column in range(3) if grid[row][column] == "_"]


def other(player):
    return "O" if player == "X" else "X"


def minimax(grid, player, me):
    available = empty_cells(grid)
    if winning(grid, other(me)):
        return {"score": -10}
    if winning(grid, me):
        return {"score": 10}
    if not available:
        return {"score": 0}
    moves = []
    for row, column in available:
        move = {"index": (row, column)}
        after = [list(cells) for cells in grid]
        after[row][column] = player
        move["score"] = minimax(after, other(player), me)["score"]
        moves.append(move)
    if player == me:
        best = max(move["score"] for move in moves)
    else:
        best = min(move["score"] for move in moves)
    return random.choice([move for move in moves if move["score"] == best])


def ask_move(grid):
    while True:
        words = ask("Enter the coordinates: ").split()
        if len(words) != 2 or not all(word.lstrip("+-").isdigit() for word in words):
            print("You should enter numbers!")
            continue
        row, column = (int(word) for word in words)
        if not (1 <= row <= 3 and 1 <= column <= 3):
            print("Coordinates should be from 1 to 3!")
            continue
        if grid[row - 1][column - 1] != "_":
            print("This cell is occupied! Choose another one!")
            continue
        return row - 1, column - 1


def completing(grid, player):
    found = []
    for row, column in empty_cells(grid):
        grid[row][column] = player
        if winning(grid, player):
            found.append((row, column))
        grid[row][column] = "_"
    return found


def computer_move(grid, player, level):
    if level == "hard":
        return minimax(grid, player, player)["index"]
    if level == "medium":
        choices = completing(grid, player) or completing(grid, other(player))
        if choices:
            return random.choice(choices)
    return random.choice(empty_cells(grid))


def result(grid):
    if winning(grid, "X"):
        return "X wins"
    if winning(grid, "O"):
        return "O wins"
    if not empty_cells(grid):
        return "Draw"
    return None


def game(players):
    grid = [["_"] * 3 for _ in range(3)]
    show(grid)
    player = "X"
    while True:
        level = players[0 if player == "X" else 1]
        if level == "user":
            row, column = ask_move(grid)
        else:
            print(f'Making move level "{level}"')
            row, column = computer_move(grid, player, level)
        grid[row][column] = player
        show(grid)
        if result(grid):
            print(result(grid))
            return
        player = other(player)


def main():
    levels = ["user", "easy", "medium", "hard"]
    while True:
        try:
            words = ask("Input command: ").split()
        except InputEnded:
            return
        if words == ["exit"]:
            return
        if len(words) == 3 and words[0] == "start" and words[1] in levels and words[2] in levels:
            try:
                game(words[1:])
            except InputEnded:
                print("tictactoe_ai: input ended before the game was over", file=sys.stderr)
                sys.exit(1)
        else:
            print("Bad parameters!")


main()
