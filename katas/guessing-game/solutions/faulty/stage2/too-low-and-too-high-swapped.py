# expected: no secret number fits
"""Stage 2, faulty: it says `Too low!` when the guess is too high, and the other way round."""

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
    if not (text.isdigit() and 1 <= int(text) <= 100):
        print("Please enter a number from 1 to 100!")
        continue
    guesses += 1
    guess = int(text)
    if guess < secret:
        print("Too high!")  # the fault: swapped with the line below
    elif guess > secret:
        print("Too low!")
    else:
        print(f"Right! You needed {guesses} guesses.")
        break
