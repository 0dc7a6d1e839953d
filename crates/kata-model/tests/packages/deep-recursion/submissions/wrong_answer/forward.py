# Folds from the front: right only where n is 1.
n = int(input())
f = 0
for i in range(n):
    f = (31 * f + i) % 1000003
print(f)
