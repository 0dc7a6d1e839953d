# expected: a die shows 1 to 6
"""Stage 1, faulty: its dice have seven sides, so a roll can show 7."""

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

total = 0
for roll in range(1, int(text) + 1):
    die = random.randint(1, 7)  # the fault: 1 to 7, not 1 to 6
    total += die
    print(f"Roll {roll}: {die}")
print(f"Total: {total}")
