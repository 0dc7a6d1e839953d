"""Stage 1 of the Calculator kata in Python: the sum of two numbers."""

print("Enter two numbers: ", end="", flush=True)
a, b = input().split(" ")
print(int(a) + int(b))
