# expected: ruled out
"""Stage 3, faulty: it asks numbers at random, never asking one twice, whatever the answers."""

import random
import sys

order = random.sample(range(1, 101), 100)
for asked, guess in enumerate(order, start=1):
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
    # the fault: `higher` and `lower` change nothing
