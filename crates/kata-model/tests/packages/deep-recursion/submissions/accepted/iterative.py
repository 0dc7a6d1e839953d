n = int(input())
f = 0
for i in range(n - 1, -1, -1):
    f = (31 * f + i) % 1000003
print(f)
