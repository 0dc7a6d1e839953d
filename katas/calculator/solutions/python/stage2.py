"""Stage 2 of the Calculator kata in Python: expressions `A OP B` until `exit`.

Every line of this stage's input is `exit` or a valid expression; stage 3 deals with the others.
"""

import sys

while True:
    print("Enter an expression: ", end="", flush=True)
    try:
        line = input()
    except EOFError:
        sys.exit(1)  # This stage's input ends with `exit`: no more to say.
    if line == "exit":
        break
    a, op, b = line.split(" ")
    a, b = int(a), int(b)
    if op == "+":
        print(a + b)
    elif op == "-":
        print(a - b)
    elif op == "*":
        print(a * b)
    elif b == 0:
        print("Division by zero!")
    else:
        print(a // b)  # Both numbers are non-negative: // truncates toward zero.
print("Bye!")
