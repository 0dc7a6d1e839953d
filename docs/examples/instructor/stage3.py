# Stage 3 as a learner might write it: a full grid with no line of three is taken for a game
# not finished, where the rules say it is a draw.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

while True:
    cells = input("Enter cells: ").strip()
    if len(cells) == 9 and all(cell in "XO_" for cell in cells):
        break
    print("You should enter 9 symbols: X, O or _!")

print("---------")
for row in range(3):
    print("| " + " ".join(cells[row * 3 : row * 3 + 3]) + " |")
print("---------")

wins = [mark for mark in "XO" if any(all(cells[i] == mark for i in line) for line in LINES)]
if len(wins) == 2 or abs(cells.count("X") - cells.count("O")) >= 2:
    print("Impossible")
elif wins:
    print(wins[0] + " wins")
else:
    print("Game not finished")
