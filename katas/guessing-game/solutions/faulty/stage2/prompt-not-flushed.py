# expected: Prompt not shown
"""Stage 2, faulty: its prompt stays in the output buffer, so the user never sees it.

Standard output to a pipe is block-buffered in most languages (C's printf, Java's
BufferedWriter, Python's print without `python3 -u` or PYTHONUNBUFFERED): the prompt, which has
no newline, is not sent before the program waits for the guess, and the program and the user
wait for each other. The output is opened block-buffered here so that the fault shows whatever
the environment's settings.
"""

import random
import sys

out = open(sys.stdout.fileno(), "w", buffering=8192, closefd=False)

secret = random.randint(1, 100)
guesses = 0
while True:
    out.write("Your guess: ")  # the fault: no out.flush() before reading
    line = sys.stdin.readline()
    if not line:
        break
    text = line.strip()
    if not (text.isdigit() and 1 <= int(text) <= 100):
        print("Please enter a number from 1 to 100!", file=out)
        continue
    guesses += 1
    guess = int(text)
    if guess < secret:
        print("Too low!", file=out)
    elif guess > secret:
        print("Too high!", file=out)
    else:
        print(f"Right! You needed {guesses} guesses.", file=out)
        break
out.flush()
