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

import os
import re
import sys
import traceback

ACCEPT, REJECT = 42, 43

BAD_ANSWER = "Please answer higher, lower or yes."
LOWEST, HIGHEST = 1, 100
# 100 numbers are told apart in 7 questions: each answer halves the range, and 2**7 >= 100.
MAX_QUESTIONS = 7
# No line of a right game is longer than this: more output without the text awaited is a program
# printing in a loop, and is not kept (the interactor must not run out of memory).
MAX_PENDING = 64 * 1024
QUESTION = "the question `Is it N? `"


class Verdict(Exception):
    """Ends the game with a rejection: `message` is the learner's teammessage."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def quote(text, limit=60):
    """Shows a piece of output in backquotes, on one line, however odd it is."""
    shown = text if len(text) <= limit else text[:limit] + "..."
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in shown)
    return f"`{shown}`"


class Program:
    """The conversation with the program: its output as it comes, and the user's lines to it.

    Its output is read as it arrives, never more than what is there: a program that printed its
    prompt waits for an answer, and waiting for more of its output then would wait forever.
    """

    def __init__(self):
        self.buffer = b""
        self.ended = False  # its output is closed: it has exited
        self.line = 1  # the terminal line its next output starts on or goes on with
        self.terminal = []  # the game as a terminal shows it, for the instructor
        self.partial = ""  # the terminal line being written

    def _read_more(self):
        """Waits for more output; False if there is none: the program has ended."""
        if self.ended:
            return False
        chunk = os.read(0, 65536)
        if not chunk:
            self.ended = True
            return False
        self.buffer += chunk
        if len(self.buffer) > MAX_PENDING:
            raise Verdict(
                f"On line {self.line} the program printed more than {MAX_PENDING // 1024} KB "
                f"without a pause for the user's input: {quote(self.pending_text())}."
            )
        return True

    def _wait_until(self, done):
        while not done(self.buffer):
            if not self._read_more():
                return False
        return True

    def _take(self, size):
        taken, self.buffer = self.buffer[:size], self.buffer[size:]
        return taken.decode("utf-8", errors="replace")

    def _end_terminal_line(self, text):
        self.terminal.append(self.partial + text)
        self.partial = ""
        self.line += 1

    def pending_text(self):
        """The output read but not taken, up to its first newline."""
        return self.buffer.split(b"\n", 1)[0].decode("utf-8", errors="replace")

    def silence(self, waited_for):
        """The rejection when the program's output ends where `waited_for` is due."""
        pending = self.pending_text()
        where = "At the start" if self.line == 1 and not self.partial else f"On line {self.line}"
        if pending:
            return Verdict(
                f"{where} the program printed {quote(pending)} and ended, "
                f"where {waited_for} should come."
            )
        return Verdict(f"{where} the program ended, where {waited_for} should come.")

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

    def read_line(self, waited_for):
        """Takes one line of output and returns it without the newline and trailing spaces."""
        if not self._wait_until(lambda b: b"\n" in b):
            if not (self.ended and self.buffer.strip()):
                raise self.silence(waited_for)
            # The last line of the output may lack its newline: forgiven.
            self.buffer += b"\n"
        text = self._take(self.buffer.index(b"\n") + 1)[:-1]
        self._end_terminal_line(text)
        return text.rstrip()

    def send(self, text):
        """Types a line: the program reads it as its input."""
        self._end_terminal_line(text)
        data = (text + "\n").encode()
        try:
            while data:
                data = data[os.write(1, data):]
        except OSError:
            # The program closed its input or ended: its output says how, read next.
            pass

    def expect_end(self, after):
        """The program must end, printing nothing more."""
        self.close_input()
        if self._wait_until(lambda b: b.strip() != b""):
            raise Verdict(
                f"After {after} the game is over and the program should end, but line "
                f"{self.line} is {quote(self.pending_text().rstrip())}."
            )

    def close_input(self):
        try:
            os.close(1)
        except OSError:
            pass

    def transcript(self):
        return "\n".join((self.terminal + ([self.partial] if self.partial else []))[-60:])


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


def write_feedback(feedback_dir, name, text):
    with open(os.path.join(feedback_dir, name), "w", encoding="utf-8") as file:
        file.write(text.rstrip("\n") + "\n")


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        print("usage: number_interactor.py INPUT ANSWER FEEDBACK_DIR", file=sys.stderr)
        return 2
    input_path, _answer_path, feedback_dir = args[:3]
    settings = read_case(input_path)
    program = Program()
    first = ", ".join(quote(line) for line in settings["bad-answer"]) or "none"
    case = f"The case: secret {settings['secret']}, bad answers first: {first}."
    try:
        questions = play(program, settings)
    except Verdict as verdict:
        program.close_input()
        write_feedback(feedback_dir, "teammessage.txt", verdict.message)
        write_feedback(
            feedback_dir,
            "judgemessage.txt",
            f"{case}\nThe game as a terminal shows it, up to the fault:\n"
            f"{program.transcript()}",
        )
        return REJECT
    write_feedback(
        feedback_dir,
        "judgemessage.txt",
        f"Found in {questions} question(s).\n\n{case}\nThe game as a terminal shows it:\n"
        f"{program.transcript()}",
    )
    return ACCEPT


if __name__ == "__main__":
    try:
        status = main()
    except Exception:  # a bug of the interactor or of its case file, never the program's fault
        traceback.print_exc()
        status = 1
    # os._exit: at a normal exit Python would flush its standard output, closed already or
    # leading to a program that has ended, and could fail there after the verdict is written.
    sys.stderr.flush()
    os._exit(status)
