"""What the Guessing Game's judges share: the exit statuses of the output validator interface
(Kattis, the ICPC), a rejection and its message, quoting a program's output in a message, the
feedback files, a judge's own failure told as such, and, for the two interactors, the
conversation with the program.

A judge imports it from beside itself (`from conversation import ...`): Python puts the folder
of the script it runs first on its path.
"""

import os
import sys
import traceback

ACCEPT, REJECT = 42, 43

# No line of a right game is longer than this: more output without the text awaited is a program
# printing in a loop, and is not kept (the interactor must not run out of memory).
MAX_PENDING = 64 * 1024


class Verdict(Exception):
    """Ends the judging with a rejection: `message` is the learner's teammessage."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def quote(text, limit=60):
    """Shows a piece of output in backquotes, on one line, however odd it is."""
    shown = text if len(text) <= limit else text[:limit] + "..."
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in shown)
    return f"`{shown}`"


def write_feedback(feedback_dir, name, text):
    """Writes `text` to the feedback file `name` (teammessage.txt, judgemessage.txt)."""
    with open(os.path.join(feedback_dir, name), "w", encoding="utf-8") as file:
        file.write(text.rstrip("\n") + "\n")


def interact(program, play, case, accepted, feedback_dir):
    """Plays `play(program)` and writes its verdict in `feedback_dir`: on a rejection, the
    learner's message, and for the instructor `case` (what the case's INPUT asks) and the game
    up to the fault; on acceptance, for the instructor, `accepted(result)` and the game. Returns
    the exit status."""
    try:
        result = play(program)
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
        f"{accepted(result)}\n\n{case}\nThe game as a terminal shows it:\n"
        f"{program.transcript()}",
    )
    return ACCEPT


def run(main):
    """Runs a judge's `main` and exits with its status: a bug of the judge or of its case file,
    never the program's fault, is an exit status of 1 (neither 42 nor 43), which the grader
    reports as a judge error with this traceback for the instructor."""
    try:
        status = main()
    except Exception:
        traceback.print_exc()
        status = 1
    # os._exit: at a normal exit Python would flush its standard output, which an interactor
    # has closed or which leads to a program that has ended, and could fail there after the
    # verdict is written.
    sys.stderr.flush()
    os._exit(status)


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
