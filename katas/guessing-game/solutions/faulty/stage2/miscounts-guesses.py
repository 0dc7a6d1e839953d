# expected: but that was guess number
"""Stage 2, faulty: it counts every line typed, even those that are not a number from 1 to 100."""

import random
import sys

secret = random.randint(1, 100)
guesses = 0
while True:
    print("Your guess: ", end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        sys.exit(1)
    text = line.strip()
    guesses += 1  # the fault: counted before the guess is known to be a number
    if not (text.isdigit() and 1 <= int(text) <= 100):
        print("Please enter a number from 1 to 100!")
        continue
    guess = int(text)
    if guess < secret:
        print("Too low!")
    elif guess > secret:
        print("Too high!")
    else:
        print(f"Right! You needed {guesses} guesses.")
        break
