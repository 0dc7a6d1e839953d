# Reads two lines where the input has one.
n = int(input())
m = int(input())
print(n // m)
