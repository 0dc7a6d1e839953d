low, high = 1, 1000
while low <= high:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = input().strip()
    if reply == "correct":
        break
    if reply == "lower":
        high = guess - 1
    else:
        low = guess + 1
