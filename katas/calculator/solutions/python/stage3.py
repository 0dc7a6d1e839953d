"""Stage 3 of the Calculator kata in Python: as stage 2, and any other line is answered with
`Invalid expression!`; at the end of input without `exit`, `Bye!` and exit status 1."""

import re
import sys

# Exactly `A OP B`: 1 to 9 ASCII digits (int() alone would also take "+7", " 7", "1_0", "٣"),
# one space on each side of the operator, nothing else.
EXPRESSION = re.compile(r"([0-9]{1,9}) ([-+*/]) ([0-9]{1,9})")

while True:
    print("Enter an expression: ", end="", flush=True)
    try:
        line = input()
    except EOFError:
        print("Bye!")
        sys.exit(1)
    if line == "exit":
        break
    match = EXPRESSION.fullmatch(line)
    if match is None:
        print("Invalid expression!")
        continue
    a, op, b = int(match[1]), match[2], int(match[3])
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
