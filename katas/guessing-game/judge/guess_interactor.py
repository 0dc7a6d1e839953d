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

import os
import random
import re
import sys
import traceback

ACCEPT, REJECT = 42, 43

PROMPT = "Your guess: "
BAD_INPUT = "Please enter a number from 1 to 100!"
LOWEST, HIGHEST = 1, 100
# No line of a right game is longer than this: more output without the text awaited is a program
# printing in a loop, and is not kept (the interactor must not run out of memory).
MAX_PENDING = 64 * 1024
# The strategies guess among the numbers still possible (but for the first few random ones), so
# a program whose answers agree with one secret ends any game within about 100 guesses; the
# cap only stops a program that never says `Right!`.
MAX_GUESSES = 200


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

    def expect_prompt(self, prompt, waited_for):
        """Takes the prompt, which must come next, whole and without a newline after it."""
        expected = prompt.encode()
        settled = self._wait_until(
            lambda b: len(b) >= len(expected) or not expected.startswith(b) or b"\n" in b
        )
        if self.buffer.startswith(expected):
            self.partial += self._take(len(expected))
            return
        if not settled:
            raise self.silence(waited_for)
        pending = self.pending_text()
        if pending.rstrip() == prompt.rstrip():
            raise Verdict(
                f"Line {self.line} is {quote(pending)}, not the prompt {quote(prompt)}: print it "
                f"with one space at the end and no newline, so the user types on the same line."
            )
        raise Verdict(
            f"Line {self.line} should be {waited_for}, but it is {quote(pending.rstrip())}."
        )

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


def write_feedback(feedback_dir, name, text):
    with open(os.path.join(feedback_dir, name), "w", encoding="utf-8") as file:
        file.write(text.rstrip("\n") + "\n")


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        print("usage: guess_interactor.py INPUT ANSWER FEEDBACK_DIR", file=sys.stderr)
        return 2
    input_path, _answer_path, feedback_dir = args[:3]
    settings = read_case(input_path)
    program = Program()
    first = ", ".join(quote(line) for line in settings["bad"]) or "none"
    case = (
        f"The case: strategy {settings['strategy']}, seed {settings['seed']}, "
        f"bad lines first: {first}."
    )
    try:
        secret = play(program, settings)
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
        f"secret: {secret}\n\n{case}\nThe game as a terminal shows it:\n{program.transcript()}",
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
