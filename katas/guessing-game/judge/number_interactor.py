"""The interactor of stage 3, I guess yours: plays the user who thinks of a number.

The program guesses and the user answers, so the judge must answer too: this program knows the
case's secret number, answers each question `higher`, `lower` or `yes`, and checks that the
program never asks more than 7 questions, never asks a number its answers have ruled out, and
counts its guesses right. Its interface is that of a Kattis/ICPC interactor:

    python3 judge/number_interactor.py INPUT ANSWER FEEDBACK_DIR

It runs beside the program: what it writes to its standard output is the program's standard
input (the user's answers, a line each), and the program's standard output is its standard
input. INPUT is the case's `.in` file, lines of `key: value`:

    secret: 37                 the number the user thinks of, from 1 to 100
    bad-answer: hihger         a line typed instead of the first answer, which the program must
                               meet with `Please answer higher, lower or yes.` and the same
                               question again; repeatable, one a question

ANSWER is not read. The exit status is 42 when the game is right and 43 when it is not; then
FEEDBACK_DIR/teammessage.txt says what is wrong, for the learner, and
FEEDBACK_DIR/judgemessage.txt gives the case and the game as a terminal would show it, for the
instructor.
Any other exit status means the interactor failed.

It waits for the program's output in a plain blocking read of its standard input, never in
`select` or `poll` with a timeout: the grader sees it waiting there, and when the program
waits for input at the same time (its question left unflushed in its output buffer), it ends
the program's input and says "Prompt not shown" itself.
"""

import re
import sys

import conversation
from conversation import Verdict, interact, quote, run

BAD_ANSWER = "Please answer higher, lower or yes."
LOWEST, HIGHEST = 1, 100
# 100 numbers are told apart in 7 questions: each answer halves the range, and 2**7 >= 100.
MAX_QUESTIONS = 7
QUESTION = "the question `Is it N? `"


class Program(conversation.Program):
    """The conversation with the program, which asks its questions rather than a prompt."""

    def read_question(self):
        """Takes a question `Is it N? `, which must come next; returns N and the question."""
        settled = self._wait_until(lambda b: b"? " in b or b"\n" in b)
        end = self.buffer.find(b"? ")
        newline = self.buffer.find(b"\n")
        if end >= 0 and (newline < 0 or end < newline):
            question = self.buffer[: end + 2].decode("utf-8", errors="replace")
            match = re.fullmatch(r"Is it ([0-9]+)\? ", question)
            if match:
                self.partial += self._take(end + 2)
                return int(match.group(1)), question
        if not settled:
            raise self.silence(QUESTION)
        pending = self.pending_text().rstrip()
        if re.fullmatch(r"Is it [0-9]+\?", pending):
            raise Verdict(
                f"Line {self.line} is {quote(pending)}: a question ends with `? `, one space "
                f"and no newline, so the user answers on the same line."
            )
        raise Verdict(f"Line {self.line} should be {QUESTION}, but it is {quote(pending)}.")


def read_case(path):
    """The case's settings: the secret and the bad answers to type first."""
    settings = {"secret": None, "bad-answer": []}
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key == "bad-answer":
                settings["bad-answer"].append(value)
            elif key == "secret":
                settings["secret"] = int(value)
            else:
                raise ValueError(f"unknown key {key!r} in {path}")
    if settings["secret"] is None or not LOWEST <= settings["secret"] <= HIGHEST:
        raise ValueError(f"{path} needs a secret from {LOWEST} to {HIGHEST}")
    return settings


def play(program, settings):
    """Plays one game; returns the number of questions, or raises a Verdict."""
    secret = settings["secret"]
    bad_answers = list(settings["bad-answer"])
    low, high = LOWEST, HIGHEST
    # The answers that set low and high, to explain a question they rule out: (number, answer).
    low_reason = high_reason = None
    questions = 0
    while True:
        guess, question = program.read_question()
        questions += 1
        if questions > MAX_QUESTIONS:
            raise Verdict(
                f"The program asks a question number {questions}, {quote(question)}, but it must "
                f"find the number in at most {MAX_QUESTIONS}: ask the middle of the numbers still "
                f"possible, so that each answer rules out half of them."
            )
        if guess < low or guess > high:
            if guess < low and low_reason:
                why = f"the user answered `higher` to {low_reason}, so the number is above it"
            elif guess > high and high_reason:
                why = f"the user answered `lower` to {high_reason}, so the number is below it"
            else:
                why = f"the number is from {LOWEST} to {HIGHEST}"
            raise Verdict(
                f"The program asks {quote(question)}, but {why}: {guess} is ruled out. Ask only "
                f"numbers the answers so far allow, from {low} to {high}."
            )

        while bad_answers:
            typed = bad_answers.pop(0)
            program.send(typed)
            line_number = program.line
            reply = program.read_line(f"{quote(BAD_ANSWER)} after the answer {quote(typed)}")
            if reply != BAD_ANSWER:
                raise Verdict(
                    f"The answer {quote(typed)} is not `higher`, `lower` or `yes`, so line "
                    f"{line_number} should be {quote(BAD_ANSWER)}, but it is {quote(reply)}."
                )
            line_number = program.line
            again, repeated = program.read_question()
            if again != guess:
                raise Verdict(
                    f"After {quote(BAD_ANSWER)} the program should ask the same question again, "
                    f"{quote(question)}, but line {line_number} is {quote(repeated)}."
                )

        if guess == secret:
            program.send("yes")
            line_number = program.line
            reply = program.read_line("`Found it in K guesses!`")
            found = re.fullmatch(r"Found it in ([0-9]+) (guess|guesses)!", reply)
            if not found:
                raise Verdict(
                    f"Line {line_number} is {quote(reply)}, but after `yes` it should be "
                    f"`Found it in {questions} guesses!`."
                )
            if int(found.group(1)) != questions:
                raise Verdict(
                    f"Line {line_number} is {quote(reply)}, but the program asked {questions} "
                    f"question(s), not counting those asked again after a bad answer."
                )
            if found.group(2) == "guess" and questions != 1:
                raise Verdict(
                    f"Line {line_number} is {quote(reply)}: it should say `{questions} guesses`."
                )
            program.expect_end(quote(reply))
            return questions
        if guess < secret:
            program.send("higher")
            low, low_reason = guess + 1, guess
        else:
            program.send("lower")
            high, high_reason = guess - 1, guess


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        print("usage: number_interactor.py INPUT ANSWER FEEDBACK_DIR", file=sys.stderr)
        return 2
    input_path, _answer_path, feedback_dir = args[:3]
    settings = read_case(input_path)
    first = ", ".join(quote(line) for line in settings["bad-answer"]) or "none"
    case = f"The case: secret {settings['secret']}, bad answers first: {first}."
    return interact(
        Program(),
        lambda program: play(program, settings),
        case,
        lambda questions: f"Found in {questions} question(s).",
        feedback_dir,
    )


if __name__ == "__main__":
    run(main)
