n = int(input())
numbers = [float(x) for x in input().split()]
# Rounded to 7 decimals: not the answer's digits, but within the tolerance.
print(f"{sum(numbers) / n:.7f}")
