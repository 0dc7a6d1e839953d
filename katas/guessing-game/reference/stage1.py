"""Stage 1 of the Guessing Game kata, the reference: roll N dice and print their total.

Run as `python3 reference/stage1.py` in the kata's folder. Its output is random, so it is
judged by `judge/dice_checker.py`, not compared with a transcript.
"""

import random
import re
import sys

PROMPT = "How many dice? "
BAD_INPUT = "Please enter a number from 1 to 100!"


def read_count():
    """Asks until the user types a whole number from 1 to 100; None if the input ends first."""
    while True:
        print(PROMPT, end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            return None
        text = line.strip()
        if re.fullmatch(r"[0-9]+", text) and 1 <= int(text) <= 100:
            return int(text)
        print(BAD_INPUT)


def main():
    count = read_count()
    if count is None:
        # The input ended before a valid answer: nothing to roll.
        sys.exit(1)
    total = 0
    for roll in range(1, count + 1):
        die = random.randint(1, 6)
        total += die
        print(f"Roll {roll}: {die}")
    print(f"Total: {total}")


main()
