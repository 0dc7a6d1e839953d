import re
import sys

FLOAT = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")

lines = sys.stdin.read().split("\n")
if len(lines) != 3 or lines[2] != "" or not re.fullmatch(r"[1-9]\d*", lines[0]):
    sys.exit(43)
n = int(lines[0])
numbers = lines[1].split(" ")
if not 1 <= n <= 1000 or len(numbers) != n:
    sys.exit(43)
if not all(FLOAT.fullmatch(x) and abs(float(x)) <= 1e6 for x in numbers):
    sys.exit(43)
sys.exit(42)
