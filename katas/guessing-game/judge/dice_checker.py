"""The checker of stage 1, Roll the dice: judges one run of a program that rolls dice.

The dice are random, so no transcript can be the expected output: this program reads what the
program printed and checks each rule of the stage instead. Its interface is that of a
Kattis/ICPC output validator:

    python3 judge/dice_checker.py INPUT ANSWER FEEDBACK_DIR < program_output

INPUT is what the user typed (the program's standard input), one answer a line. ANSWER, the
reference's output for the same input, is not read: the reference's dice are as random as the
program's. The exit status is 42 when the run is right and 43 when it is not; then
FEEDBACK_DIR/teammessage.txt says what is wrong and where, for the learner, and
FEEDBACK_DIR/judgemessage.txt shows the run as a terminal would, for the instructor.
Any other exit status means the checker itself failed.

Line numbers in messages count lines as a terminal shows the run: a prompt and the answer typed
after it make one line, as in the stage's example runs.
"""

import re
import sys

from conversation import ACCEPT, REJECT, Verdict, quote, run, write_feedback

PROMPT = "How many dice? "
BAD_INPUT = "Please enter a number from 1 to 100!"
SIDES = 6

# More output than this is not read: no right run comes close (100 dice make about 1 KB), and
# a program that loops forever should not make the checker run out of memory.
MAX_OUTPUT = 4 * 1024 * 1024


def the_answer(typed):
    """Names a typed line in a message: `the answer `seven``, or `the empty answer`."""
    return "the empty answer" if typed.strip() == "" else f"the answer {quote(typed)}"


def is_valid_count(typed):
    """Whether a typed line is an answer the program must accept: 1 to 100 in decimal digits.

    Spaces around the number are forgiven. Everything else, `seven`, `0`, `101`, `2.5`, an empty
    line, must be answered with BAD_INPUT.
    """
    text = typed.strip()
    return re.fullmatch(r"[0-9]+", text) is not None and 1 <= int(text) <= 100


class Run:
    """The program's output, read from the start, with the terminal's view of it so far."""

    def __init__(self, output):
        self.output = output
        self.pos = 0
        self.line = 1  # the terminal line the next output starts on or goes on with
        self.terminal = []  # the run as a terminal shows it, for the instructor

    def at_end(self):
        # A run may end in spaces or blank lines: white space at the end is forgiven.
        return self.output[self.pos:].strip() == ""

    def rest_of_line(self):
        """The output from here to the end of its line, without the newline."""
        end = self.output.find("\n", self.pos)
        return self.output[self.pos:] if end < 0 else self.output[self.pos:end]

    def take_prompt(self, typed):
        """Takes the prompt if it is next, and the user's answer after it; False if it is not."""
        if not self.output.startswith(PROMPT, self.pos):
            return False
        self.pos += len(PROMPT)
        # The user types the answer and presses Enter: the terminal's line ends there.
        self.terminal.append(PROMPT + typed)
        self.line += 1
        return True

    def take_line(self):
        """Takes the rest of the current line, newline included; returns it without the newline
        and without trailing white space (a `\\r` or a space at the end is forgiven)."""
        text = self.rest_of_line()
        self.pos += len(text)
        if self.pos < len(self.output):
            self.pos += 1  # the newline
        self.terminal.append(text)
        self.line += 1
        return text.rstrip()

    def ended_after(self):
        """How the output ends, for a message: `The output ends after line 4`."""
        if self.line == 1:
            return "The output is empty"
        return f"The output ends after line {self.line - 1}"

    def describe_next(self, named_line=True):
        """What comes next in the output, for a message: `... but line 3 is X`, or, when the
        message has named the line already, `... but it is X`."""
        if self.at_end():
            return "but the output ends there"
        subject = f"line {self.line}" if named_line else "it"
        if self.output.startswith(PROMPT, self.pos):
            return f"but {subject} is the prompt {quote(PROMPT)} again"
        return f"but {subject} is {quote(self.rest_of_line().rstrip())}"


def expect_prompt(run, typed, answers_so_far):
    if run.take_prompt(typed):
        return
    if run.at_end():
        raise Verdict(
            f"{run.ended_after()}, but the program should ask "
            f"{quote(PROMPT)} {answers_so_far}."
        )
    rest = run.rest_of_line()
    if rest.rstrip() == PROMPT.rstrip():
        raise Verdict(
            f"Line {run.line} is {quote(rest)}, not the prompt {quote(PROMPT)}: print it with "
            f"one space after the `?` and no newline, so the answer is typed on the same line."
        )
    raise Verdict(
        f"Line {run.line} should start with the prompt {quote(PROMPT)}, "
        f"but it is {quote(rest.rstrip())}."
    )


def check(run, typed_lines):
    count = None
    for number, typed in enumerate(typed_lines, start=1):
        when = "first" if number == 1 else f"again after {the_answer(typed_lines[number - 2])}"
        expect_prompt(run, typed, when)
        if is_valid_count(typed):
            count = int(typed.strip())
            break
        if run.at_end() or run.rest_of_line().rstrip() != BAD_INPUT:
            raise Verdict(
                f"After {the_answer(typed)}, which is not a number from 1 to 100, "
                f"line {run.line} should be {quote(BAD_INPUT)}, {run.describe_next(False)}."
            )
        run.take_line()
    if count is None:
        # The input ended before any valid answer. What the program does then is not a rule of
        # the stage (no case of the kata ends so): its output after the last prompt is not judged.
        return

    total = 0
    for roll in range(1, count + 1):
        if run.at_end():
            raise Verdict(
                f"{run.ended_after()}, but {count} dice need {count} lines "
                f"`Roll 1: K` to `Roll {count}: K`: `Roll {roll}: K` is missing."
            )
        line_number = run.line
        text = run.take_line()
        if text.startswith("Total:"):
            raise Verdict(
                f"Line {line_number} is {quote(text)} after {roll - 1} roll(s), but the answer "
                f"{quote(str(count))} asks for {count} dice: print `Roll {roll}: K` first."
            )
        match = re.fullmatch(r"Roll ([0-9]+): ([0-9]+)", text)
        if match is None:
            raise Verdict(
                f"Line {line_number} is {quote(text)}, but it should be `Roll {roll}: K`, "
                f"with K the number the die shows, from 1 to {SIDES}."
            )
        if int(match.group(1)) != roll:
            raise Verdict(
                f"Line {line_number} is {quote(text)}, but it should be roll number {roll}: "
                f"number the rolls 1, 2, 3 and so on, one line each."
            )
        die = int(match.group(2))
        if not 1 <= die <= SIDES:
            raise Verdict(f"Line {line_number} is {quote(text)}: a die shows 1 to {SIDES}.")
        total += die

    if run.at_end():
        raise Verdict(
            f"{run.ended_after()}, but the last line should be "
            f"`Total: S`, S the sum of the dice."
        )
    line_number = run.line
    text = run.take_line()
    match = re.fullmatch(r"Total: (-?[0-9]+)", text)
    if match is None:
        raise Verdict(
            f"Line {line_number} is {quote(text)}, but after the {count} roll(s) it should be "
            f"`Total: {total}`, the sum of the dice."
        )
    if int(match.group(1)) != total:
        raise Verdict(
            f"Line {line_number} is {quote(text)}, but the dice above it add up to {total}."
        )
    if not run.at_end():
        raise Verdict(
            f"After `Total: {total}` the program should end, {run.describe_next()}."
        )


def read_text(path):
    with open(path, "rb") as file:
        return file.read().decode("utf-8", errors="replace")


def typed_lines_of(input_text):
    """The lines the user typed: INPUT is each answer followed by a newline."""
    lines = input_text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def main():
    if len(sys.argv) < 4:
        print("usage: dice_checker.py INPUT ANSWER FEEDBACK_DIR < program_output", file=sys.stderr)
        return 2
    input_path, _answer_path, feedback_dir = sys.argv[1:4]
    typed_lines = typed_lines_of(read_text(input_path))
    raw = sys.stdin.buffer.read(MAX_OUTPUT)
    run = Run(raw.decode("utf-8", errors="replace"))
    try:
        check(run, typed_lines)
    except Verdict as verdict:
        write_feedback(feedback_dir, "teammessage.txt", verdict.message)
        shown = run.terminal
        write_feedback(
            feedback_dir,
            "judgemessage.txt",
            "The run as a terminal shows it, up to the fault:\n" + "\n".join(shown[-40:]),
        )
        return REJECT
    write_feedback(feedback_dir, "judgemessage.txt", "Accepted:\n" + "\n".join(run.terminal))
    return ACCEPT


if __name__ == "__main__":
    run(main)
