//! The transcript format: a run as a terminal shows it, with `> ` before what the user typed.
//!
//! A transcript gives a program's standard input and its expected standard output at once.
//! `fixtures/README.md` describes the format for people; this module is its one implementation.

use std::fmt;

/// One input of a transcript: a line typed after its prompt, or an answer a program was given
/// when it asked, written as a transcript writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The text after the marker, as written (escapes kept).
    pub written: String,
    /// The output on the same line before the marker: the prompt that asked for this input.
    pub prompt: Vec<u8>,
    /// The bytes the program reads for it, newline included unless it ends the input.
    pub bytes: Vec<u8>,
    /// Whether the input ends after it without a newline (`\z`).
    pub ends_input: bool,
}

impl Input {
    /// `bytes` given to a program while it ran, the input ending after them if `ends_input`,
    /// as a transcript writes them: a line without its line break, bytes with none as they are,
    /// the end of the input alone as `\z`.
    #[must_use]
    pub fn given(bytes: Vec<u8>, ends_input: bool) -> Input {
        let written = if ends_input && bytes.is_empty() {
            "\\z".to_owned()
        } else {
            escape(bytes.strip_suffix(b"\n").unwrap_or(&bytes))
        };
        Input {
            written,
            prompt: Vec::new(),
            bytes,
            ends_input,
        }
    }
}

/// Bytes a program was given or wrote as transcript text, as [`visible`](visible::visible) shows
/// whatever it writes: what a terminal would act on or hide is written `\u{…}`, a byte that is
/// not UTF-8 `\xHH`; and a carriage return is `\r` and a `>` followed by a space or ending a
/// line, which would read as an input marker, is `\x3e`.
#[must_use]
pub fn escape(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        let mut chars = chunk.valid().chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' => text.push_str("\\r"),
                '>' if matches!(chars.peek(), Some(' ' | '\n') | None) => text.push_str("\\x3e"),
                c => visible::push_visible(&mut text, c),
            }
        }
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}

/// The marker between a prompt and the input typed after it.
pub const INPUT_MARKER: &str = "> ";

/// How an empty input is written: the marker without its space, ending the line, so that no
/// line of a transcript needs a trailing space.
pub const EMPTY_INPUT_MARKER: &str = ">";

/// The input as it ends its transcript line: marker, text and newline.
pub fn line_end(input: &Input) -> String {
    if input.written.is_empty() {
        format!("{EMPTY_INPUT_MARKER}\n")
    } else {
        format!("{INPUT_MARKER}{}\n", input.written)
    }
}

/// A parsed transcript: outputs and inputs in turn, starting and ending with output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// `outputs.len() == inputs.len() + 1`: the output before each input, and after the last.
    outputs: Vec<Vec<u8>>,
    inputs: Vec<Input>,
}

/// A transcript that breaks the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptError {
    /// The 1-based line of the transcript where it breaks.
    pub line: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TranscriptError {}

impl Transcript {
    /// Reads a transcript. The text is taken to end with a newline whether it does or not.
    ///
    /// # Errors
    ///
    /// The first line that breaks the format: an unknown escape, a raw carriage return, a `\z`
    /// anywhere but at the end of the last input or of the last line.
    pub fn parse(text: &str) -> Result<Transcript, TranscriptError> {
        let mut outputs = vec![Vec::new()];
        let mut inputs: Vec<Input> = Vec::new();
        let body = text.strip_suffix('\n').unwrap_or(text);
        // An empty transcript is a run that wrote nothing, not one empty line.
        let lines: Vec<&str> = if text.is_empty() {
            Vec::new()
        } else {
            body.split('\n').collect()
        };
        let line_count = lines.len();
        for (index, line) in lines.into_iter().enumerate() {
            let number = index + 1;
            let fail = |message: String| TranscriptError {
                line: number,
                message,
            };
            if line.contains('\r') {
                return Err(fail("a raw carriage return; write it as `\\r`".to_owned()));
            }
            let current = outputs.last_mut().expect("outputs starts with one element");
            if let Some((prompt, written)) = split_input_line(line) {
                if inputs.last().is_some_and(|input| input.ends_input) {
                    return Err(fail(
                        "an input after the one that ended the input (`\\z`)".to_owned(),
                    ));
                }
                let (prompt, prompt_ends) = unescape(prompt).map_err(&fail)?;
                let (mut bytes, ends_input) = unescape(written).map_err(&fail)?;
                if prompt_ends {
                    return Err(fail("`\\z` before the input marker".to_owned()));
                }
                current.extend_from_slice(&prompt);
                if !ends_input {
                    bytes.push(b'\n');
                }
                inputs.push(Input {
                    written: written.to_owned(),
                    prompt,
                    bytes,
                    ends_input,
                });
                outputs.push(Vec::new());
            } else {
                let (bytes, ends_output) = unescape(line).map_err(&fail)?;
                current.extend_from_slice(&bytes);
                if ends_output && number != line_count {
                    return Err(fail(
                        "`\\z` ends the output, but more lines follow".to_owned(),
                    ));
                }
                if !ends_output {
                    current.push(b'\n');
                }
            }
        }
        Ok(Transcript { outputs, inputs })
    }

    /// The transcript of a run that wrote nothing and was given nothing.
    #[must_use]
    pub fn empty() -> Transcript {
        Transcript {
            outputs: vec![Vec::new()],
            inputs: Vec::new(),
        }
    }

    /// The inputs, in order.
    #[must_use]
    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// What the program reads: every input, then the end of the input.
    #[must_use]
    pub fn stdin(&self) -> Vec<u8> {
        self.inputs
            .iter()
            .flat_map(|input| input.bytes.iter().copied())
            .collect()
    }

    /// What the program must write: the transcript without its inputs.
    #[must_use]
    pub fn stdout(&self) -> Vec<u8> {
        self.outputs.concat()
    }

    /// Where each input is given in the expected output: the offset in [`Transcript::stdout`]
    /// at which it is typed, right after the output before it.
    #[must_use]
    pub fn input_offsets(&self) -> Vec<usize> {
        self.outputs[..self.inputs.len()]
            .iter()
            .scan(0, |offset, output| {
                *offset += output.len();
                Some(*offset)
            })
            .collect()
    }

    /// The transcript of a run that was given these inputs all at once and wrote `stdout`, as
    /// well as it can be rebuilt without a record of when each input was given (a run driven one
    /// answer at a time has one: the runner's `Interleaving`). While the run
    /// agrees with this transcript, each input stands where it stands here; after the run
    /// departs from it, each input is placed after the next line that starts with its prompt.
    /// Inputs whose prompt never came are listed at the end, so the reader sees that the
    /// program did not ask for them.
    #[must_use]
    pub fn of_run(&self, stdout: &[u8]) -> String {
        self.render_run(stdout, &[], Inputs::ListUnasked).text
    }

    /// [`Transcript::of_run`] without the inputs the program never asked for: what a terminal
    /// would have shown.
    #[must_use]
    pub fn shown_in_run(&self, stdout: &[u8]) -> String {
        self.render_run(stdout, &[], Inputs::PlaceTheRest).text
    }

    /// [`Transcript::shown_in_run`] with the first inputs at `known` offsets of `stdout`, such
    /// as where a reading of the output by its meaning found their prompts; the other inputs
    /// are placed as there.
    #[must_use]
    pub fn shown_in_run_at<'a>(&self, stdout: &'a [u8], known: &[usize]) -> RunTranscript<'a> {
        self.render_run(stdout, known, Inputs::PlaceTheRest)
    }

    /// The transcript of a run given one answer at a time, each input where the program read
    /// it, at `given` offsets of `stdout`, and no other: an input it never read is not shown.
    #[must_use]
    pub fn shown_as_given<'a>(&self, stdout: &'a [u8], given: &[usize]) -> RunTranscript<'a> {
        self.render_run(stdout, given, Inputs::Known)
    }

    fn render_run<'a>(
        &self,
        stdout: &'a [u8],
        known: &[usize],
        inputs: Inputs,
    ) -> RunTranscript<'a> {
        let expected = self.stdout();
        let agreeing = expected
            .iter()
            .zip(stdout)
            .take_while(|(a, b)| a == b)
            .count();
        let mut text = String::new();
        let mut placed = Vec::new();
        let mut cursor = 0;
        let mut expected_offset = 0;
        for (index, (input, output)) in self.inputs.iter().zip(&self.outputs).enumerate() {
            expected_offset += output.len();
            let at = match known.get(index) {
                Some(&at) => (cursor..=stdout.len()).contains(&at).then_some(at),
                None if inputs == Inputs::Known => None,
                None if expected_offset <= agreeing => Some(expected_offset),
                None => prompt_end(stdout, cursor, &input.prompt),
            };
            let Some(at) = at else { break };
            text.push_str(&escape(&stdout[cursor..at]));
            text.push_str(&line_end(input));
            cursor = at;
            placed.push(at);
        }
        let rest = &stdout[cursor..];
        text.push_str(&escape(rest));
        if !rest.is_empty() && !rest.ends_with(b"\n") {
            text.push_str("\\z\n");
        }
        if inputs == Inputs::ListUnasked {
            for input in &self.inputs[placed.len()..] {
                text.push_str(&line_end(input));
            }
        }
        RunTranscript {
            stdout,
            text,
            placed,
        }
    }
}

/// Which inputs a run's transcript shows, beyond those at known offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inputs {
    /// Those known alone: the record of the run says where each input read was given.
    Known,
    /// The others too, each placed as well as the output allows, where their prompt is.
    PlaceTheRest,
    /// The others placed, then those never placed listed at the end.
    ListUnasked,
}

/// A run written as a transcript, with where in its output each input shown was placed, so
/// that a place in the output can be named by its line in the transcript.
#[derive(Clone, Debug)]
pub struct RunTranscript<'a> {
    stdout: &'a [u8],
    /// The transcript.
    pub text: String,
    /// The offset in the output of each input shown, in order.
    placed: Vec<usize>,
}

impl RunTranscript<'_> {
    /// The run's output.
    #[must_use]
    pub fn stdout(&self) -> &[u8] {
        self.stdout
    }

    /// The 1-based line of the transcript that shows the output byte at `offset` (or, at the
    /// end of the output, the line that would come next).
    #[must_use]
    pub fn line_of_byte(&self, offset: usize) -> usize {
        let offset = offset.min(self.stdout.len());
        let newlines = self.stdout[..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let inputs = self.placed.iter().filter(|&&at| at <= offset).count();
        1 + newlines + inputs
    }

    /// How many inputs the transcript shows before the output byte at `offset` (all of them, for
    /// `None`: the end of the output).
    #[must_use]
    pub fn inputs_shown_before(&self, offset: Option<usize>) -> usize {
        match offset {
            Some(offset) => self.placed.iter().filter(|&&at| at <= offset).count(),
            None => self.placed.len(),
        }
    }

    /// How many inputs the transcript shows on the lines before its 1-based line `line`.
    #[must_use]
    pub fn inputs_shown_before_line(&self, line: usize) -> usize {
        (0..self.placed.len())
            .take_while(|&index| self.line_of_input(index).is_some_and(|at| at < line))
            .count()
    }

    /// The 1-based line of the transcript on which input `index` (0-based) is given, if it is
    /// shown.
    #[must_use]
    pub fn line_of_input(&self, index: usize) -> Option<usize> {
        let at = *self.placed.get(index)?;
        let newlines = self.stdout[..at].iter().filter(|&&b| b == b'\n').count();
        Some(1 + newlines + index)
    }

    /// The 1-based column, in the transcript's text, of the output byte at `offset`.
    #[must_use]
    pub fn column_of_byte(&self, offset: usize) -> usize {
        let offset = offset.min(self.stdout.len());
        let after_newline = self.stdout[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
        let after_input = self
            .placed
            .iter()
            .copied()
            .filter(|&at| at <= offset)
            .max()
            .unwrap_or(0);
        let start = after_newline.max(after_input);
        escape(&self.stdout[start..offset]).chars().count() + 1
    }
}

/// A transcript line that holds an input, split into the prompt before the marker and the input
/// after it, as written; `None` for a line of output alone.
#[must_use]
pub fn split_input_line(line: &str) -> Option<(&str, &str)> {
    line.split_once(INPUT_MARKER).or_else(|| {
        line.strip_suffix(EMPTY_INPUT_MARKER)
            .map(|prompt| (prompt, ""))
    })
}

/// Where an input with `prompt` goes in `output`, searching from `from`: right after the first
/// line (or the rest of the current one, at `from`) that starts with the prompt; else after the
/// first that starts with its words, and the spaces or tabs after them, so that a prompt
/// written without its space, or with more, still has its answer on its line.
fn prompt_end(output: &[u8], from: usize, prompt: &[u8]) -> Option<usize> {
    let line_starts =
        || (from..=output.len()).filter(move |&at| at == from || output[at - 1] == b'\n');
    let words = prompt.trim_ascii_end();
    line_starts()
        .find(|&at| output[at..].starts_with(prompt))
        .map(|at| at + prompt.len())
        .or_else(|| {
            let at =
                line_starts().find(|&at| !words.is_empty() && output[at..].starts_with(words))?;
            let end = at + words.len();
            Some(
                end + output[end..]
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count(),
            )
        })
}

/// The bytes a piece of transcript text stands for, and whether it ends in `\z`.
fn unescape(text: &str) -> Result<(Vec<u8>, bool), String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        if c != '\\' {
            let mut buffer = [0; 4];
            bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            continue;
        }
        match chars.next().map(|(_, c)| c) {
            Some('\\') => bytes.push(b'\\'),
            Some('r') => bytes.push(b'\r'),
            Some('z') if at + 2 == text.len() => return Ok((bytes, true)),
            Some('z') => return Err("`\\z` must end its line".to_owned()),
            Some('u') => {
                let mut code = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    code.push(c);
                }
                let character = code
                    .strip_prefix('{')
                    .filter(|_| closed)
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .and_then(char::from_u32)
                    .ok_or_else(|| {
                        format!("`\\u` needs a character's hexadecimal code in braces, as `\\u{{a0}}`, not `{code}`")
                    })?;
                let mut buffer = [0; 4];
                bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
            }
            Some('x') => {
                let hex: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                let byte = (hex.len() == 2)
                    .then(|| u8::from_str_radix(&hex, 16).ok())
                    .flatten()
                    .ok_or_else(|| format!("`\\x` needs two hexadecimal digits, not `{hex}`"))?;
                bytes.push(byte);
            }
            Some(other) => {
                return Err(format!(
                    "unknown escape `\\{other}`; a backslash is written `\\\\`"
                ));
            }
            None => return Err("a lone backslash at the end of the line; write `\\\\`".to_owned()),
        }
    }
    Ok((bytes, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn splits_a_transcript_into_input_and_output() {
        let transcript = Transcript::parse("Enter cells: > O_OXXO_XX\n---------\nX wins\n")
            .expect("valid transcript");
        assert_eq!(transcript.stdin(), b"O_OXXO_XX\n");
        assert_eq!(transcript.stdout(), b"Enter cells: ---------\nX wins\n");
        assert_eq!(transcript.inputs()[0].prompt, b"Enter cells: ");
        assert_eq!(transcript.input_offsets(), [13]);
        let two = Transcript::parse("A\nQ: > 1\nQ: >\nB\n").expect("valid transcript");
        assert_eq!(two.input_offsets(), [5, 8]);
    }

    #[test]
    fn a_marker_that_ends_its_line_is_an_empty_input() {
        let transcript = Transcript::parse("Q: >\nA\nQ: > 1\n").expect("valid transcript");
        assert_eq!(transcript.stdin(), b"\n1\n");
        assert_eq!(transcript.stdout(), b"Q: A\nQ: ");
        assert_eq!(transcript.of_run(b"Q: A\nQ: "), "Q: >\nA\nQ: > 1\n");
        assert_eq!(escape(b"a>\nb> c>"), "a\\x3e\nb\\x3e c\\x3e");
    }

    #[test]
    fn escapes_give_the_bytes_that_plain_text_cannot() {
        let transcript = Transcript::parse("A: > 1 1\\r\nB: > \\xff\\\\\nC: > 2\\z\nD\\z\n")
            .expect("valid transcript");
        assert_eq!(transcript.stdin(), b"1 1\r\n\xff\\\n2");
        assert_eq!(transcript.stdout(), b"A: B: C: D");
    }

    #[test]
    fn what_a_terminal_would_hide_is_written_out_and_read_back() {
        let output = "| O\u{a0}O X |\u{1b}[2J\r\n".as_bytes();
        let written = escape(output);
        assert_eq!(written, "| O\\u{a0}O X |\\u{1b}[2J\\r\n");
        let read = Transcript::parse(&written).expect("valid transcript");
        assert_eq!(read.stdout(), output);
        for broken in ["\\u{a0\n", "\\ua0\n", "\\u{zz}\n", "\\u{d800}\n"] {
            assert!(Transcript::parse(broken).is_err(), "{broken:?}");
        }
    }

    #[test]
    fn reports_the_line_that_breaks_the_format() {
        for (text, line) in [
            ("ok\nbad \\q\n", 2),
            ("a > 1\\z\nb > 2\n", 2),
            ("x\\z\ny\n", 1),
            ("a\r\n", 1),
            ("> \\x4\n", 1),
            ("> 1\\z2\n", 1),
        ] {
            let error = Transcript::parse(text).expect_err(text);
            assert_eq!(error.line, line, "{text:?}: {error}");
        }
    }

    #[test]
    fn a_run_is_written_with_its_inputs_after_their_prompts() {
        let transcript = Transcript::parse("Q: > 1\nQ: > 2\\z\n").expect("valid");
        assert_eq!(
            transcript.of_run(b"Q: wrong\nQ: "),
            "Q: > 1\nwrong\nQ: > 2\\z\n"
        );
        // A program that never asks: its inputs are listed at the end.
        assert_eq!(transcript.of_run(b"hello\r\n"), "hello\\r\n> 1\n> 2\\z\n");
        assert_eq!(transcript.of_run(b"Q: done"), "Q: > 1\ndone\\z\n> 2\\z\n");
    }

    #[test]
    fn places_inputs_where_told_and_names_lines_and_columns() {
        let transcript = Transcript::parse("Q: > 1\nA\nQ: > 2\nB\n").expect("valid");
        assert_eq!(transcript.input_offsets(), [3, 8]);
        let stdout = b"Q:\nA\nQ:B\n";
        let run = transcript.shown_in_run_at(stdout, &[3, 7]);
        assert_eq!(run.text, "Q:\n> 1\nA\nQ:> 2\nB\n");
        assert_eq!(run.line_of_byte(3), 3, "`A`, after the input");
        assert_eq!(run.line_of_byte(7), 5, "`B`");
        assert_eq!(run.line_of_byte(stdout.len()), 6, "past the end");
        assert_eq!(run.line_of_input(0), Some(2));
        assert_eq!(run.line_of_input(1), Some(4));
        assert_eq!(run.column_of_byte(6), 2);
        assert_eq!(run.column_of_byte(7), 1, "right after an input");
        // Inputs past those known are placed after their prompts, even written without their
        // space; a prompt this run never shows places nothing.
        let run = transcript.shown_in_run_at(stdout, &[3]);
        assert_eq!(run.text, "Q:\n> 1\nA\nQ:> 2\nB\n");
        let run = transcript.shown_in_run_at(b"Q:\nA\nR: B\n", &[3]);
        assert_eq!(run.text, "Q:\n> 1\nA\nR: B\n");
        assert_eq!(run.line_of_input(1), None);
        // A run given one answer at a time shows only the inputs it read.
        let run = transcript.shown_as_given(b"Q: A\nQ: ", &[3]);
        assert_eq!(run.text, "Q: > 1\nA\nQ: \\z\n");
        assert_eq!(run.inputs_shown_before_line(3), 1);
        assert_eq!(transcript.shown_as_given(b"Q: ", &[]).text, "Q: \\z\n");
    }

    proptest! {
        /// Escaping any output and reading it back gives the same bytes.
        #[test]
        fn escape_round_trips(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
            let mut text = escape(&bytes);
            let ends_without_newline = !bytes.is_empty() && !bytes.ends_with(b"\n");
            if ends_without_newline {
                text.push_str("\\z");
            }
            let transcript = Transcript::parse(&text).expect("escaped text is a valid transcript");
            prop_assert_eq!(transcript.stdout(), bytes);
        }

        /// A run that wrote exactly the expected output gets back the transcript it came from.
        #[test]
        fn the_expected_run_reproduces_its_transcript(
            lines in prop::collection::vec(("[a-z: ]{0,8}", prop::option::of("([0-9a-z][0-9a-z ]{0,4})?")), 1..6),
        ) {
            let text: String = lines
                .iter()
                .map(|(output, input)| match input {
                    Some(input) if input.is_empty() => format!("{output}>\n"),
                    Some(input) => format!("{output}> {input}\n"),
                    None => format!("{output}\n"),
                })
                .collect();
            let transcript = Transcript::parse(&text).expect("valid");
            prop_assert_eq!(transcript.of_run(&transcript.stdout()), text);
        }
    }
}
