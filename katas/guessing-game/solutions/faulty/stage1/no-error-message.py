# expected: should be `Please enter a number from 1 to 100!`
"""Stage 1, faulty: on a bad answer it asks again without saying what was wrong."""

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
    # the fault: no `Please enter a number from 1 to 100!` before asking again

total = 0
for roll in range(1, int(text) + 1):
    die = random.randint(1, 6)
    total += die
    print(f"Roll {roll}: {die}")
print(f"Total: {total}")
