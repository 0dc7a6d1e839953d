# 1 divides every number, but is not a factor between 1 and N.
input()
print(1)
