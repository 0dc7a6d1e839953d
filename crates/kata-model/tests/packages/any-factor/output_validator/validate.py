"""The output validator of Any Factor: any factor d of N with 1 < d < N is right, so the answer
file is one right answer among many and is not read."""
import sys
from pathlib import Path

ACCEPTED, REJECTED = 42, 43


def reject(feedback: Path, message: str) -> None:
    (feedback / "teammessage.txt").write_text(message + "\n")
    (feedback / "judgemessage.txt").write_text(message + "\n")
    sys.exit(REJECTED)


def main() -> None:
    given_input, _answer, feedback = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    n = int(Path(given_input).read_text().split()[0])
    tokens = sys.stdin.read().split()
    if len(tokens) != 1:
        reject(feedback, f"The output should be one number, a factor of {n}; it has {len(tokens)} tokens.")
    try:
        d = int(tokens[0])
    except ValueError:
        reject(feedback, f"`{tokens[0][:40]}` is not a whole number.")
    if not 1 < d < n:
        reject(feedback, f"{d} is not between 1 and {n}, both excluded.")
    if n % d != 0:
        reject(feedback, f"{d} does not divide {n}.")
    sys.exit(ACCEPTED)


main()
