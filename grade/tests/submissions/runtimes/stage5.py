# Stage 5 of the Tic-Tac-Toe kata in Python, reading each answer with input().
import re
import sys

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
NUMBER = re.compile(r"[+-]?[0-9]+")
ONE_TO_THREE = re.compile(r"\+?0*([1-3])")


def show(cells):
    print("---------")
    for row in range(3):
        print("| " + " ".join(cells[row * 3:row * 3 + 3]) + " |")
    print("---------")


def main():
    cells = ["_"] * 9
    mark = "X"
    show(cells)
    while True:
        try:
            words = input("Enter the coordinates: ").split()
        except EOFError:
            print("stage5: input ended before the game was over", file=sys.stderr)
            return 1
        if len(words) != 2 or not all(NUMBER.fullmatch(word) for word in words):
            print("You should enter numbers!")
            continue
        found = [ONE_TO_THREE.fullmatch(word) for word in words]
        if not all(found):
            print("Coordinates should be from 1 to 3!")
            continue
        index = (int(found[0].group(1)) - 1) * 3 + int(found[1].group(1)) - 1
        if cells[index] != "_":
            print("This cell is occupied! Choose another one!")
            continue
        cells[index] = mark
        show(cells)
        if any(all(cells[i] == mark for i in line) for line in LINES):
            print(mark + " wins")
            return 0
        if "_" not in cells:
            print("Draw")
            return 0
        mark = "O" if mark == "X" else "X"


if __name__ == "__main__":
    sys.exit(main())
