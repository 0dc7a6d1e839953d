//! What a report is about, said in its first line: the stage, where its cases are, what
//! passing means, how each case is given its input, whether it is sandboxed and whether its
//! memory and processes are limited. A leaf that the text and JSON reports both read.

use std::path::Path;

use crate::cgroup;
use crate::disk;
use crate::process::{Limits, Mode};
use crate::results::Criterion;
use crate::sandbox::Support;

/// How the cases are given their input, and why it is all at once when it is.
#[derive(Debug)]
pub struct Delivery {
    /// One answer at a time, or all at once.
    pub mode: Mode,
    /// Why each case gets its whole input at once, when it does: for the report's first line.
    pub whole_input_because: Option<String>,
}

impl Delivery {
    /// One answer at a time where this system allows it, unless `whole_input` asks otherwise
    /// (`--whole-input`, as the reason reads).
    #[must_use]
    pub fn new(whole_input: bool) -> Delivery {
        let why_not = if whole_input {
            Some("as --whole-input asks".to_owned())
        } else {
            Mode::interactive().err().map(|why| {
                format!("this system cannot show when a program waits for input ({why})")
            })
        };
        Delivery {
            mode: if why_not.is_some() {
                Mode::WholeInput
            } else {
                Mode::Interactive
            },
            whole_input_because: why_not,
        }
    }

    /// The end of a report's first line when each case is given its whole input at once: what
    /// a learner must know to read its transcripts, which then cannot show where each input
    /// was given.
    #[must_use]
    pub fn note(&self) -> String {
        self.whole_input_because
            .as_ref()
            .map(|why| format!(", each case given its whole input at once, {why}"))
            .unwrap_or_default()
    }
}

/// What a report is about: the stage, where its fixtures are, what passing means, and how each
/// case is given its input.
#[derive(Clone, Copy, Debug)]
pub struct Heading<'a> {
    /// The stage, numbered from 1 in its kata.
    pub stage: u8,
    /// The folder of the fixtures graded against.
    pub fixtures_dir: &'a Path,
    /// What a case must get right to pass.
    pub criterion: Criterion,
    /// What the content check reads the output as: "game" ([`crate::ContentCheck::subject`]).
    pub subject: &'static str,
    /// How each case is given its input, and why when it is all at once.
    pub delivery: &'a Delivery,
    /// Whether the cases run in the sandbox, and why not when they do not.
    pub sandbox: &'a Support,
    /// The limits each case runs within.
    pub limits: Limits,
}

impl Heading<'_> {
    /// "the 5 cases of stage 3 in DIR", how they pass when that is not exactly, how their
    /// input is given when it is all at once, and what they run without when they do.
    #[must_use]
    pub fn cases(&self, count: usize) -> String {
        let criterion = match self.criterion {
            Criterion::Exact => "",
            Criterion::Content => &format!(
                ", a case passing when its {} is right (--content)",
                self.subject
            ),
        };
        format!(
            "the {count} {} of stage {} in {}{criterion}{}{}{}{}",
            if count == 1 { "case" } else { "cases" },
            self.stage,
            self.fixtures_dir.display(),
            self.delivery.note(),
            match self.sandbox {
                Support::Enforced { .. } => String::new(),
                Support::Off(why) => format!(", without the sandbox: {why}"),
            },
            match cgroup::support() {
                cgroup::Support::Enforced { .. } => String::new(),
                off @ cgroup::Support::Off(_) => format!(", {off}"),
            },
            match (self.sandbox, disk::support()) {
                (Support::Enforced { .. }, polled @ disk::Support::Polled(_)) => {
                    format!(", {polled}")
                }
                _ => String::new(),
            }
        )
    }
}
