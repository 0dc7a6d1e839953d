//! What a report is about, said in its first line: the stage, where its cases are, what
//! passing means, how each case is given its input, whether it is sandboxed and whether its
//! memory and processes are limited. A leaf that the text and JSON reports both read.

use std::path::Path;

use harness::plan::{Delivery, StagePlan};
use harness::results::Criterion;
use runner::process::Limits;
use runner::sandbox::Support;
use runner::{cgroup, disk};

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
    /// What the content check reads the output as: "game" ([`harness::ContentCheck::subject`]).
    pub subject: &'static str,
    /// How each case is given its input, and why when it is all at once.
    pub delivery: &'a Delivery,
    /// Whether the cases run in the sandbox, and why not when they do not.
    pub sandbox: &'a Support,
    /// The limits each case runs within.
    pub limits: Limits,
}

impl<'a> Heading<'a> {
    /// What every report says first of the run of `plan`, its cases in `sandbox`.
    #[must_use]
    pub fn of(plan: &'a StagePlan, sandbox: &'a Support) -> Heading<'a> {
        Heading {
            stage: plan.stage,
            fixtures_dir: &plan.fixtures_dir,
            criterion: plan.criterion,
            subject: plan.check.subject(),
            delivery: &plan.delivery,
            sandbox,
            limits: plan.limits,
        }
    }

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
            whole_input_note(self.delivery),
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

/// The end of a report's first line when each case is given its whole input at once: what a
/// learner must know to read its transcripts, which then cannot show where each input was given.
fn whole_input_note(delivery: &Delivery) -> String {
    delivery
        .whole_input_because
        .as_ref()
        .map(|why| format!(", each case given its whole input at once, {why}"))
        .unwrap_or_default()
}
