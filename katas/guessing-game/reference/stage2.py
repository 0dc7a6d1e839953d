"""Stage 2 of the Guessing Game kata, the reference: the program picks a number, the user guesses.

Run as `python3 reference/stage2.py` in the kata's folder. It is judged by
`judge/guess_interactor.py`, which plays the user.
"""

import random
import re
import sys

PROMPT = "Your guess: "
BAD_INPUT = "Please enter a number from 1 to 100!"


def main():
    secret = random.randint(1, 100)
    guesses = 0
    while True:
        # The prompt has no newline, so it must be flushed by hand before the program reads.
        print(PROMPT, end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            # The input ended before the number was found.
            sys.exit(1)
        text = line.strip()
        if not (re.fullmatch(r"[0-9]+", text) and 1 <= int(text) <= 100):
            # A guess that cannot be the number is not counted.
            print(BAD_INPUT)
            continue
        guess = int(text)
        guesses += 1
        if guess < secret:
            print("Too low!")
        elif guess > secret:
            print("Too high!")
        else:
            print(f"Right! You needed {guesses} guesses.")
            return


main()
