"""Stage 2 of the Guessing Game kata, a second correct solution: one function reads a valid guess.

Written differently from the reference on purpose (a function that asks until the guess is a
number from 1 to 100, and a counted loop around it), and graded by the kata's interactor like
any learner's program.
"""

import itertools
import random
import sys


def read_guess():
    """Asks until the user types a number from 1 to 100, and returns it."""
    while True:
        sys.stdout.write("Your guess: ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.exit(1)
        text = line.strip()
        if text.isascii() and text.isdigit() and 1 <= int(text) <= 100:
            return int(text)
        print("Please enter a number from 1 to 100!")


secret = random.randrange(1, 101)
for count in itertools.count(1):
    guess = read_guess()
    if guess == secret:
        print(f"Right! You needed {count} guesses.")
        break
    print("Too low!" if guess < secret else "Too high!")
