//! The command line of `grade`, and what its options decide beside what to grade: each case's
//! limits, what no case may read, and the sandbox.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use kata_model::kata::StageLimits;
use kata_model::size::parse_size;
use report::format::Request;

use crate::shard;

/// What to grade, and how.
#[derive(Debug, Parser)]
#[command(
    name = "grade",
    version,
    about = "Grades a program against the fixture transcripts of one stage of a kata.",
    after_help = "Examples:\n  \
        grade 3 -- python3 stage3.py        grade your stage 3, stop at the first failure\n  \
        grade 5 --all                       grade this workspace's reference stage 5\n  \
        grade 3 --class class/ -- python3 {}/stage3.py\n                                      \
        grade every folder under class/; {} stands for the folder\n  \
        grade 3 --class class/               grade every `kata new` project under class/\n  \
        grade --kata katas/calculator 2 -- python3 calc.py\n                                      \
        grade stage 2 of the kata in katas/calculator\n  \
        grade 3 --format gradescope=results.json -- python3 stage3.py\n                                      \
        write Gradescope's results (see --format)\n\n\
        Other commands:\n  \
        grade merge PART...                 join the JSON parts of a class graded with --shard\n  \
        grade platform gradescope STAGE -o autograder.zip [-- COMMAND]\n                                      \
        write Gradescope's autograder zip"
)]
pub struct Options {
    /// The stage whose fixtures are run, from 1.
    pub stage: u8,
    /// The kata: a folder with a kata-manifest.toml, or the name of a kata built in; by
    /// default the kata of the workspace grade runs in, else the default kata built in.
    #[arg(long, value_name = "DIR|NAME")]
    pub kata: Option<PathBuf>,
    /// Run and report every case; by default grading stops at the first failure.
    #[arg(long)]
    pub all: bool,
    /// Pass a case when its content is right (what the kata's own check reads in its output,
    /// and its exit status), however it is presented; by default a case passes only when its
    /// output is exactly right.
    #[arg(long)]
    pub content: bool,
    /// Also write the results as JSON to FILE (schema in docs/src/reference/results-json.md); the
    /// same as --format json=FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the results in format NAME, to FILE or else to standard output (in place of the
    /// text report); repeatable. NAME is text, json, github-classroom, gradescope,
    /// prairielearn, vpl, junit, ctrf, html (a class's page) or csv (a class's gradebook, a
    /// row a submission). In a class, a format of one
    /// submission writes a file a submission: `{}` in FILE stands for its folder's name.
    #[arg(long = "format", value_name = "NAME[=FILE]")]
    pub formats: Vec<Request>,
    /// The time limit of each case: seconds of CPU time, its program's and every process's it
    /// starts together, and the time on the clock less the time they wait for a CPU, which
    /// stops a case that sleeps or waits [default: the stage's `timeout` in the kata's manifest
    /// (or a problem package's time limit), else 10]
    #[arg(long, value_name = "SECS", value_parser = positive_seconds)]
    pub timeout: Option<f64>,
    /// The memory of each case, its program and every process it starts together: a number of
    /// bytes, or with K, M or G after it [default: the stage's `memory` in the kata's manifest,
    /// else 512M]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
    /// How many processes and threads each case may run at once, its program's and those it
    /// starts together [default: the stage's `processes` in the kata's manifest, else 1024]
    #[arg(long, value_name = "COUNT", value_parser = clap::value_parser!(u32).range(1..))]
    pub processes: Option<u32>,
    /// How much each case may write to disk: the size of any file, and of its home in the
    /// sandbox where that can be bounded [default: the stage's `disk` in the kata's manifest,
    /// else 256M]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub disk: Option<u64>,
    /// Grade against the transcripts in DIR (its stageN folder if it has one) instead of the
    /// kata's own fixtures of the stage.
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// Grade every folder under DIR, each with COMMAND in which `{}` stands for the folder, or
    /// without a COMMAND each folder that has a kata.toml with its own commands; implies --all.
    #[arg(long, value_name = "DIR")]
    pub class: Option<PathBuf>,
    /// Grade only the I-th of N disjoint slices of the class (by folder name), for a class
    /// spread over N machines; `auto` (or auto/N) reads it from the environment: GRADE_SHARD,
    /// Kubernetes' JOB_COMPLETION_INDEX or Slurm's SLURM_ARRAY_TASK_ID. `grade merge` joins the
    /// parts' JSON.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<shard::ShardSpec>,
    /// Give each case its whole input at once, rather than one answer each time the program
    /// waits for one.
    #[arg(long)]
    pub whole_input: bool,
    /// Run each case outside the sandbox, able to read the fixtures and write wherever you
    /// may: for a program you trust that must write files outside its own folder.
    #[arg(long)]
    pub no_sandbox: bool,
    /// Run a command whose program is a version manager's shim (pyenv, asdf, rbenv, nodenv,
    /// mise) through the shim at every run, rather than the interpreter it starts, resolved once.
    #[arg(long)]
    pub keep_shims: bool,
    /// The program to grade, run directly, not through a shell; without it, the reference
    /// stage built into this grader.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if kata_model::kata::is_timeout(seconds) => Ok(seconds),
        _ => Err(format!(
            "`{text}` is not a number of seconds greater than 0 and at most {}",
            kata_model::kata::MOST_SECONDS
        )),
    }
}

impl Options {
    /// The limits the options set, each over the stage's own and the defaults.
    pub(crate) fn stage_limits(&self) -> StageLimits {
        StageLimits {
            memory: self.memory,
            processes: self.processes,
            disk: self.disk,
            timeout: self.timeout.map(Duration::from_secs_f64),
            output: None,
            run_past_output: false,
            stack: None,
        }
    }

    /// What no case may read beside the kata's fixtures: the JSON results, and the report when
    /// it goes to a file.
    pub(crate) fn hidden_from_cases(&self) -> Vec<PathBuf> {
        let mut hidden: Vec<PathBuf> = self.json.iter().cloned().collect();
        // Standard output, when it is a file: the report as it is written.
        if let Ok(report) = std::fs::read_link("/proc/self/fd/1")
            && report.is_file()
        {
            hidden.push(report);
        }
        hidden
    }
}
