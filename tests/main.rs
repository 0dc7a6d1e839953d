//! The tests across the stages, as one test binary (a trial a test, so the slow ones share the
//! cores), a module per concern:
//!
//! - [`fixtures`]: every fixture transcript, run against its stage's program as a process;
//! - [`process`]: what transcripts cannot see (stderr, exit statuses, closed output, prompts);
//! - [`bounded_memory`]: a huge line answered exactly in bounded memory;
//! - [`every_grid`] and [`every_game`]: all 19,683 grids of stage 3, all 255,168 games of stage 5;
//! - [`arbitrary_input`]: property tests on any input;
//! - [`content`]: the content check against the exact one, on every fixture;
//! - [`docs`]: the README, the book and its records hold together (links, the summary, length,
//!   every console example run or marked as not run, each file an example reads shown as it is);
//! - [`examples`]: every console example of the README and the book, run;
//! - [`reference`]: the option reference against the command lines' definitions, both ways;
//! - [`manifest`]: the manifest's reference against the keys its parser reads, both ways;
//! - [`project`]: a learner's `kata.toml`'s reference against the keys its parser reads, both
//!   ways;
//! - [`feedback`]: the report on every fixture of every kata, its output changed, never shows a
//!   difference that is none;
//! - [`layout`]: the files of every crate form layers, none importing, however indirectly, one
//!   that imports it.
//!
//! The katas under test are found at run time from their manifests ([`katas`]); their reference
//! programs are the workspace's own binaries, built once per run of this binary ([`stages`]),
//! or their own commands, so a copied workspace tests itself.

mod arbitrary_input;
mod bounded_memory;
mod content;
mod docs;
mod every_game;
mod every_grid;
mod examples;
mod feedback;
mod fixtures;
mod katas;
mod layout;
mod manifest;
mod process;
mod project;
mod reference;
mod stages;

use std::process::ExitCode;

fn main() -> ExitCode {
    // The trials that take longest start first, so that the short ones fill in beside them.
    let mut trials = content::trials();
    trials.extend(process::trials());
    trials.extend(bounded_memory::trials());
    trials.extend(feedback::trials());
    trials.extend(arbitrary_input::trials());
    trials.extend(every_grid::trials());
    trials.extend(every_game::trials());
    trials.extend(examples::trials());
    trials.extend(fixtures::trials());
    trials.extend(docs::trials());
    trials.extend(reference::trials());
    trials.extend(manifest::trials());
    trials.extend(project::trials());
    trials.extend(layout::trials());
    // A fixture's trial mostly waits for the reference it runs, not for a core.
    test_support::run_with(test_support::thorough(trials, THOROUGH), 2)
}

/// The trials that take a twentieth of a second or more of a core: `scripts/thorough-tests` runs
/// them, every `cargo test` does not.
const THOROUGH: &[&str] = &[
    "bounded_memory::",
    "content::no_feedback_on_any_fixture_says_the_output_ends_before_it_does",
    "process::an_unusable_stage_command_is_an_error_never_the_reference",
    "process::input_that_ends_at_the_first_prompt_gives_status_1_and_one_line_on_stderr",
];
