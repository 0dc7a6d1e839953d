n = int(input())
numbers = [float(x) for x in input().split()]
print(int(sum(numbers)) // n)
