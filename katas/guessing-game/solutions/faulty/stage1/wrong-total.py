# expected: add up to
"""Stage 1, faulty: the total leaves out the last die."""

import random
import sys

while True:
    print("How many dice? ", end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        sys.exit(1)
    text = line.strip()
    if text.isdigit() and 1 <= int(text) <= 100:
        break
    print("Please enter a number from 1 to 100!")

dice = [random.randint(1, 6) for _ in range(int(text))]
for roll, die in enumerate(dice, start=1):
    print(f"Roll {roll}: {die}")
print(f"Total: {sum(dice[:-1])}")  # the fault: the last die is not added
