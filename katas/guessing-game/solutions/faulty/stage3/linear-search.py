# expected: at most 7
"""Stage 3, faulty: it asks 1, 2, 3 and so on, up to 100 questions where 7 are enough."""

import sys

guess = 0
while True:
    guess += 1  # the fault: one number at a time, not the middle of the possible ones
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
        print(f"Found it in {guess} guesses!")
        break
