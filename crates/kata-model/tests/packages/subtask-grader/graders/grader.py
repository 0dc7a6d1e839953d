"""A group's result from its cases' or subgroups': the worst verdict, and the smallest score (or
the sum, with `sum`) times the group's worth (`subtask_score=N`), as contest packages grade
subtasks."""

import sys

WORST_FIRST = ["JE", "RTE", "MLE", "TLE", "OLE", "WA"]

worth, add = 1.0, False
for flag in sys.argv[1:]:
    if flag.startswith("subtask_score="):
        worth = float(flag.split("=", 1)[1])
    elif flag == "sum":
        add = True

words = sys.stdin.read().split()
verdicts, scores = words[0::2], [float(score) for score in words[1::2]]
verdict = next((worst for worst in WORST_FIRST if worst in verdicts), "AC")
score = (sum(scores) if add else min(scores, default=0.0)) * worth
print(f"{verdict} {score}")
