n = int(input())
numbers = [float(x) for x in input().split()]
raise ValueError(f"refusing to average {n} numbers")
