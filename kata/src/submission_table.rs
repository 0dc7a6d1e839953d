//! The table `kata dev check` shows of a problem package's submissions, as a setter reads
//! BAPCtools' `bt run`: a row a submission, in the package's order, with the verdict its folder
//! names, the one it got, its longest case in CPU time, and the case that decided: the first
//! it failed, or for one that passed every case, its slowest. A row that does not agree ends
//! with why.
//!
//! ```text
//! submission                                 expected        got             time    case
//! submissions/accepted/largest.py            accepted        accepted        0.04 s  secret/02-power-of-two
//! submissions/wrong_answer/one.py            wrong_answer    wrong_answer    0.03 s  sample/1
//! ```

use std::io::{self, Write};
use std::time::Duration;

use crate::style::Style;

/// One submission's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The submission as it is shown: its path in the package.
    pub submission: String,
    /// The verdict its folder names.
    pub expected: String,
    /// What it got: a verdict in the format's words, `does not build` or `skipped`.
    pub got: String,
    /// Whether what it got is what its folder names; `None` where that is not decided here.
    pub agrees: Option<bool>,
    /// Its longest case, of those it ran, in the time the limit counts: CPU time where it is
    /// known, else time on the clock.
    pub time: Option<Duration>,
    /// The case that decided its verdict.
    pub case: Option<String>,
    /// Anything more a reader needs: a score, why it was skipped, why it does not agree.
    pub note: Option<String>,
}

/// The widths of the columns, fixed before the first row so that rows are written as they
/// come.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    submission: usize,
    expected: usize,
    got: usize,
    case: usize,
}

/// The verdicts a row may show, for the width of the column.
const GOT: [&str; 8] = [
    "accepted",
    "partially_accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "judge_error",
    "does not build",
    "skipped",
];

impl Table {
    /// A table of the submissions shown as `names`, expected to get `expected`, on cases named
    /// `cases`.
    #[must_use]
    pub fn new<'a>(
        names: impl IntoIterator<Item = &'a str>,
        expected: impl IntoIterator<Item = &'a str>,
        cases: impl IntoIterator<Item = &'a str>,
    ) -> Table {
        let widest = |texts: &mut dyn Iterator<Item = &'a str>, least: &str| {
            texts
                .map(|text| text.chars().count())
                .max()
                .unwrap_or(0)
                .max(least.len())
        };
        Table {
            submission: widest(&mut names.into_iter(), "submission"),
            expected: widest(&mut expected.into_iter(), "expected"),
            got: widest(&mut GOT.into_iter(), "got"),
            case: widest(&mut cases.into_iter(), "case"),
        }
    }

    /// Writes the heading.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn heading(&self, out: &mut dyn Write) -> io::Result<()> {
        let line = format!(
            "{:s$}  {:e$}  {:g$}  {:>7}  case",
            "submission",
            "expected",
            "got",
            "time",
            s = self.submission,
            e = self.expected,
            g = self.got,
        );
        writeln!(out, "{}", line.trim_end())
    }

    /// Writes `row`, what it got coloured by whether it agrees.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn row(&self, out: &mut dyn Write, row: &Row, style: Style) -> io::Result<()> {
        let got = format!("{:g$}", row.got, g = self.got);
        let got = match row.agrees {
            Some(true) => style.good(&got),
            Some(false) => style.bad(&got),
            None => got,
        };
        let time = row.time.map_or_else(
            || "-".to_owned(),
            |time| format!("{:.2} s", time.as_secs_f64()),
        );
        let case = row.case.as_deref().unwrap_or("-");
        let mut line = format!(
            "{:s$}  {:e$}  {got}  {time:>7}  {case:c$}",
            row.submission,
            row.expected,
            s = self.submission,
            e = self.expected,
            c = self.case,
        );
        if let Some(note) = &row.note {
            line.push_str("  ");
            line.push_str(note);
        }
        writeln!(out, "{}", line.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_line_up_under_the_heading_and_say_why_they_do_not_agree() {
        let table = Table::new(
            ["submissions/accepted/a.py", "submissions/wrong_answer/b.c"],
            ["accepted", "wrong_answer"],
            ["sample/1", "secret/02-long"],
        );
        let mut out = Vec::new();
        table.heading(&mut out).expect("written");
        for row in [
            Row {
                submission: "submissions/accepted/a.py".to_owned(),
                expected: "accepted".to_owned(),
                got: "accepted".to_owned(),
                agrees: Some(true),
                time: Some(Duration::from_millis(43)),
                case: Some("secret/02-long".to_owned()),
                note: None,
            },
            Row {
                submission: "submissions/wrong_answer/b.c".to_owned(),
                expected: "wrong_answer".to_owned(),
                got: "accepted".to_owned(),
                agrees: Some(false),
                time: Some(Duration::from_millis(1250)),
                case: Some("sample/1".to_owned()),
                note: Some("not the verdict of its folder".to_owned()),
            },
            Row {
                submission: "submissions/accepted/a.py".to_owned(),
                expected: "accepted".to_owned(),
                got: "skipped".to_owned(),
                agrees: None,
                time: None,
                case: None,
                note: Some("`python3` is not installed here".to_owned()),
            },
        ] {
            table
                .row(&mut out, &row, Style::default())
                .expect("written");
        }
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "submission                    expected      got                     time  case\n\
             submissions/accepted/a.py     accepted      accepted              0.04 s  secret/02-long\n\
             submissions/wrong_answer/b.c  wrong_answer  accepted              1.25 s  sample/1        \
             not the verdict of its folder\n\
             submissions/accepted/a.py     accepted      skipped                    -  -               \
             `python3` is not installed here\n"
        );
    }
}
