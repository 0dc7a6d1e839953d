"""Stage 3 of the Guessing Game kata, a second correct solution: a list of the possible numbers.

Written differently from the reference on purpose: it keeps the numbers still possible in a
list, asks the middle one and keeps the half the answer allows. 100 numbers take at most 7
questions (100, 50, 25, 12, 6, 3, 1). Graded by the kata's interactor like any learner's program.
"""

import sys

possible = list(range(1, 101))
asked = 0
while True:
    guess = possible[len(possible) // 2]
    asked += 1
    while True:
        print(f"Is it {guess}? ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            sys.exit(1)
        answer = line.strip()
        if answer in ("higher", "lower", "yes"):
            break
        print("Please answer higher, lower or yes.")
    if answer == "yes":
        print(f"Found it in {asked} guesses!")
        break
    if answer == "higher":
        possible = [n for n in possible if n > guess]
    else:
        possible = [n for n in possible if n < guess]
