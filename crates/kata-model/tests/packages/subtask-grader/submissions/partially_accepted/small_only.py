n = int(input())
# Right for the first group only.
print(2 * n if n <= 1000 else n)
