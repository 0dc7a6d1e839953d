# Tries every number in turn: right, but far more than 10 guesses for most numbers.
for guess in range(1, 1001):
    print(guess, flush=True)
    if input().strip() == "correct":
        break
