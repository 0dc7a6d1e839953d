"""Stage 1 of the Guessing Game kata, a second correct solution: the dice as a list.

Written differently from the reference on purpose (`input()` with its prompt, the dice rolled
into a list, then printed), and graded by the kata's checker like any learner's program.
"""

import random


def is_count(text):
    text = text.strip()
    return text.isascii() and text.isdigit() and 1 <= int(text) <= 100


while True:
    try:
        # input() writes its prompt without a newline and flushes it before reading.
        answer = input("How many dice? ")
    except EOFError:
        raise SystemExit(1)
    if is_count(answer):
        break
    print("Please enter a number from 1 to 100!")

dice = [random.randint(1, 6) for _ in range(int(answer))]
for number, die in enumerate(dice, start=1):
    print(f"Roll {number}: {die}")
print(f"Total: {sum(dice)}")
