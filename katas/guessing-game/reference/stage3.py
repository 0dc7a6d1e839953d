"""Stage 3 of the Guessing Game kata, the reference: the user picks a number, the program guesses.

Run as `python3 reference/stage3.py` in the kata's folder. It is judged by
`judge/number_interactor.py`, which plays the user.
"""

import sys

ANSWERS = ("higher", "lower", "yes")


def ask(number):
    """Asks whether the number is `number` until the user answers one of ANSWERS."""
    while True:
        print(f"Is it {number}? ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            # The input ended before the number was found.
            sys.exit(1)
        answer = line.strip()
        if answer in ANSWERS:
            return answer
        # Not an answer: the same question again, and it does not count as a guess.
        print("Please answer higher, lower or yes.")


def main():
    # The number is one of low..high; halving that range each time finds any of 100 numbers
    # in at most 7 questions, since 2**7 = 128 >= 100.
    low, high = 1, 100
    guesses = 0
    while True:
        middle = (low + high) // 2
        guesses += 1
        answer = ask(middle)
        if answer == "yes":
            print(f"Found it in {guesses} guesses!")
            return
        if answer == "higher":
            low = middle + 1
        else:
            high = middle - 1


main()
