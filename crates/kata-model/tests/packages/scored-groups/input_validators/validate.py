import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"[1-9]\d*\n", text) or not 1 <= int(text) <= 10**9:
    sys.exit(43)
sys.exit(42)
