"""The interactor of stage 2, Guess my number: plays the user against the learner's program.

The program picks its secret number at random, so no transcript can be written in advance: this
program guesses, reads each answer, and checks that the answers could all come from one secret
number from 1 to 100 and that the guesses are counted right. Its interface is that of a
Kattis/ICPC interactor:

    python3 judge/guess_interactor.py INPUT ANSWER FEEDBACK_DIR

It runs beside the program: what it writes to its standard output is the program's standard
input (the user's guesses, a line each), and the program's standard output is its standard
input. INPUT is the case's `.in` file, lines of `key: value`:

    strategy: binary-search    how the user guesses: binary-search (halves the possible range),
                               counting-up (1, 2, 3, ...) or random (random numbers: at first
                               anywhere from 1 to 100, then among the still possible ones)
    seed: 7                    the seed of the random strategy's guesses (default 1)
    bad: fifty                 a line typed before the strategy's first guess, which the program
                               must answer with `Please enter a number from 1 to 100!`; repeatable

ANSWER is not read. The exit status is 42 when the game is right and 43 when it is not; then
FEEDBACK_DIR/teammessage.txt says what is wrong, for the learner, and
FEEDBACK_DIR/judgemessage.txt gives the case and the game as a terminal would show it, for the
instructor.
On acceptance judgemessage.txt names the secret the program had chosen (`secret: 37`), so
that runs of one case can be compared. Any other exit status means the interactor failed.

It waits for the program's output in a plain blocking read of its standard input, never in
`select` or `poll` with a timeout: the grader sees it waiting there, and when the program
waits for input at the same time (its prompt left unflushed in its output buffer), it ends
the program's input and says "Prompt not shown" itself.
"""

import random
import re
import sys

from conversation import Program, Verdict, interact, quote, run

PROMPT = "Your guess: "
BAD_INPUT = "Please enter a number from 1 to 100!"
LOWEST, HIGHEST = 1, 100
# The strategies guess among the numbers still possible (but for the first few random ones), so
# a program whose answers agree with one secret ends any game within about 100 guesses; the
# cap only stops a program that never says `Right!`.
MAX_GUESSES = 200


class Guesser:
    """The user's way of guessing, as the case's INPUT names it."""

    def __init__(self, strategy, seed):
        if strategy not in ("binary-search", "counting-up", "random"):
            raise ValueError(f"unknown strategy {strategy!r}")
        self.strategy = strategy
        self.random = random.Random(seed)
        self.guesses = 0

    def next(self, low, high):
        """The next guess, knowing that the answers so far allow only low..high."""
        self.guesses += 1
        if self.strategy == "binary-search":
            return (low + high) // 2
        if self.strategy == "counting-up":
            return self.guesses
        # random: the first guesses anywhere, even where the secret cannot be, since a program
        # must answer any guess truthfully; then among the possible ones, so the game ends.
        if self.guesses <= 4:
            return self.random.randint(LOWEST, HIGHEST)
        return self.random.randint(low, high)


def read_case(path):
    """The case's settings: strategy, seed and the bad lines to type first."""
    settings = {"strategy": "binary-search", "seed": "1", "bad": []}
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key == "bad":
                settings["bad"].append(value)
            elif key in ("strategy", "seed"):
                settings[key] = value
            else:
                raise ValueError(f"unknown key {key!r} in {path}")
    return settings


def answer_word(reply):
    return "`Too low!`" if reply == "Too low!" else "`Too high!`"


def play(program, settings):
    """Plays one game; returns the secret the program had chosen, or raises a Verdict."""
    guesser = Guesser(settings["strategy"], int(settings["seed"]))
    bad_lines = list(settings["bad"])
    low, high = LOWEST, HIGHEST
    # The answers that set low and high, to explain a contradiction: (guess, reply).
    low_reason = high_reason = None
    counted = 0
    skipped = 0
    while counted < MAX_GUESSES:
        program.expect_prompt(PROMPT, f"the prompt {quote(PROMPT)}")

        if bad_lines:
            typed = bad_lines.pop(0)
            program.send(typed)
            skipped += 1
            line_number = program.line
            reply = program.read_line(f"{quote(BAD_INPUT)} after the guess {quote(typed)}")
            if reply != BAD_INPUT:
                raise Verdict(
                    f"The guess {quote(typed)} is not a number from 1 to 100, so line "
                    f"{line_number} should be {quote(BAD_INPUT)}, but it is {quote(reply)}."
                )
            continue

        guess = guesser.next(low, high)
        program.send(str(guess))
        counted += 1
        line_number = program.line
        reply = program.read_line(f"the answer to the guess {guess}")

        right = re.fullmatch(r"Right! You needed ([0-9]+) (guess|guesses)\.", reply)
        if right:
            if not low <= guess <= high:
                reason = low_reason if guess < low else high_reason
                raise Verdict(
                    f"The program answered `Right!` to {guess}, but it had answered "
                    f"{answer_word(reason[1])} to {reason[0]}: no secret number fits both."
                )
            needed = int(right.group(1))
            if needed != counted:
                not_counted = (
                    f" (the {skipped} line(s) that were not a number from 1 to 100 do not count)"
                    if skipped
                    else ""
                )
                raise Verdict(
                    f"Line {line_number} is {quote(reply)}, but that was guess number "
                    f"{counted}{not_counted}."
                )
            if right.group(2) == "guess" and needed != 1:
                raise Verdict(
                    f"Line {line_number} is {quote(reply)}: it should say `{needed} guesses`."
                )
            program.expect_end(quote(reply))
            return guess

        if reply == "Too low!":
            if guess + 1 > low:
                low, low_reason = guess + 1, (guess, reply)
        elif reply == "Too high!":
            if guess - 1 < high:
                high, high_reason = guess - 1, (guess, reply)
        elif reply == BAD_INPUT:
            raise Verdict(
                f"Line {line_number} is {quote(reply)}, but {guess} is a number from 1 to 100: "
                f"the answer should be `Too low!`, `Too high!` or `Right! You needed K guesses.`"
            )
        else:
            raise Verdict(
                f"Line {line_number} is {quote(reply)}, but the answer to a guess should be "
                f"`Too low!`, `Too high!` or `Right! You needed K guesses.`"
            )

        if low > high:
            # The answers contradict each other, or the range 1..100 itself.
            if reply == "Too low!":
                other = (
                    f"it had answered `Too high!` to {high_reason[0]}"
                    if high_reason
                    else f"the secret is at most {HIGHEST}"
                )
            else:
                other = (
                    f"it had answered `Too low!` to {low_reason[0]}"
                    if low_reason
                    else f"the secret is at least {LOWEST}"
                )
            raise Verdict(
                f"The program answered {answer_word(reply)} to {guess}, but {other}: "
                f"no secret number fits all its answers."
            )
    raise Verdict(f"After {MAX_GUESSES} guesses the program never answered `Right!`.")


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        print("usage: guess_interactor.py INPUT ANSWER FEEDBACK_DIR", file=sys.stderr)
        return 2
    input_path, _answer_path, feedback_dir = args[:3]
    settings = read_case(input_path)
    first = ", ".join(quote(line) for line in settings["bad"]) or "none"
    case = (
        f"The case: strategy {settings['strategy']}, seed {settings['seed']}, "
        f"bad lines first: {first}."
    )
    return interact(
        Program(),
        lambda program: play(program, settings),
        case,
        lambda secret: f"secret: {secret}",
        feedback_dir,
    )


if __name__ == "__main__":
    run(main)
