//! `grade merge PART...`: the JSON results of the slices of a class graded apart
//! (`--class DIR --shard I/N`), joined into the results of the whole class, the same as one
//! run over the whole class would have written (but for the times), and written in any format
//! that holds a class.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use clap::Parser;
use report::format::{Format, Request};
use report::model::{ClassResults, LimitsEntry};

use crate::command_line::command_line_error;
use crate::error::{EXIT_PASSED, GradeError};
use crate::outputs;

/// What to merge, and where to.
#[derive(Debug, Parser)]
#[command(
    name = "grade merge",
    bin_name = "grade merge",
    about = "Joins the JSON results of the slices of a class (grade --class DIR --shard I/N \
             --json PART) into the whole class's results.",
    after_help = "Example:\n  grade merge part-1.json part-2.json part-3.json part-4.json > class.json"
)]
pub struct MergeOptions {
    /// The JSON results of every slice, one a file, in any order.
    #[arg(required = true, value_name = "PART")]
    pub parts: Vec<PathBuf>,
    /// Write the merged results in format NAME (json, junit, ctrf, html, csv, or a format of one
    /// submission with `{}` in FILE), to FILE or else to standard output; by default the JSON
    /// to standard output. Repeatable.
    #[arg(long = "format", value_name = "NAME[=FILE]")]
    pub formats: Vec<Request>,
}

/// The whole `grade merge` command: `args` from `merge` on.
pub fn run(args: &[OsString], out: &mut impl Write, err: &mut impl Write) -> u8 {
    let options = match MergeOptions::try_parse_from(args) {
        Ok(options) => options,
        Err(error) => return command_line_error(&error, out, err),
    };
    match merge_as_asked(&options, out) {
        Ok(status) => status,
        Err(error) => {
            let _ = writeln!(err, "grade merge: {error}");
            error.exit_status()
        }
    }
}

fn merge_as_asked(options: &MergeOptions, out: &mut impl Write) -> Result<u8, GradeError> {
    let mut formats = options.formats.clone();
    // The JSON goes to standard output when nothing else is asked for, never beside files.
    if formats.is_empty() {
        formats.push(Request {
            format: Format::Json,
            file: None,
        });
    }
    if let Some(text) = formats
        .iter()
        .find(|request| request.format == Format::Text)
    {
        return Err(GradeError::Usage(format!(
            "--format {}: the text report is written as a class is graded, not merged",
            text.format
        )));
    }
    let outputs = outputs::Outputs::new(&formats, None, true)?;
    let mut parts = Vec::new();
    for path in &options.parts {
        let text = std::fs::read_to_string(path).map_err(|error| {
            GradeError::Usage(format!("cannot read {}: {error}", path.display()))
        })?;
        let part = ClassResults::from_json(&text).map_err(|error| {
            GradeError::Usage(format!(
                "{} is not the JSON results of a class: {error}",
                path.display()
            ))
        })?;
        parts.push((path, part));
    }
    let class = merge(parts)?;
    let context = outputs::context(format!("stage {}", class.task_id));
    for entry in &class.submissions {
        let name = std::ffi::OsStr::new(&entry.name);
        for (format, file) in outputs.submission_files(name) {
            if let Some(document) = format.program(&entry.results, &context) {
                outputs::write(&file, &document)?;
            }
        }
    }
    if let Some(document) = outputs
        .on_stdout_format()
        .and_then(|format| format.class(&class, &context))
    {
        let _ = out.write_all(document.as_bytes());
    }
    for (format, file) in outputs.files() {
        if let Some(document) = format.class(&class, &context) {
            outputs::write(file, &document)?;
        }
    }
    Ok(EXIT_PASSED)
}

/// The whole class from its slices: each slice of the same count there once, all of the same
/// stage graded the same way, every submission once, in name order.
///
/// # Errors
///
/// A usage error naming the part that does not fit, or the slice that is missing.
pub fn merge(parts: Vec<(&PathBuf, ClassResults)>) -> Result<ClassResults, GradeError> {
    let usage = |message: String| GradeError::Usage(message);
    let Some((first_path, first)) = parts.first() else {
        return Err(usage("no part to merge".to_owned()));
    };
    let count = first.shard.map(|shard| shard.count).ok_or_else(|| {
        usage(format!(
            "{} is not a slice of a class (--shard)",
            first_path.display()
        ))
    })?;
    let mut seen = vec![None; usize::try_from(count).unwrap_or(0)];
    for (path, part) in &parts {
        let Some(shard) = part.shard else {
            return Err(usage(format!(
                "{} is not a slice of a class (--shard)",
                path.display()
            )));
        };
        if shard.count != count {
            return Err(usage(format!(
                "{} is slice {}/{} and {} is of {count}: the parts must come from one sharding",
                path.display(),
                shard.index,
                shard.count,
                first_path.display()
            )));
        }
        if let Some((field, theirs, ours)) = difference(first, part) {
            return Err(usage(format!(
                "{} and {} were graded with different {field} ({theirs} and {ours}): the parts \
                 of a class must be graded the same way",
                first_path.display(),
                path.display(),
            )));
        }
        let slot = &mut seen[usize::try_from(shard.index - 1).unwrap_or(0)];
        if let Some(other) = slot.replace(*path) {
            return Err(usage(format!(
                "{} and {} are both slice {}/{count}",
                other.display(),
                path.display(),
                shard.index
            )));
        }
    }
    if let Some(missing) = seen.iter().position(Option::is_none) {
        return Err(usage(format!(
            "slice {}/{count} is missing: give every part of the class",
            missing + 1
        )));
    }
    let mut merged = ClassResults {
        graded: first.graded.clone(),
        mode: first.mode.clone(),
        sandbox: first.sandbox.clone(),
        shard: None,
        submissions: Vec::new(),
        task_id: first.task_id,
    };
    for (_, part) in parts {
        merged.submissions.extend(part.submissions);
    }
    merged
        .submissions
        .sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    if let Some(pair) = merged
        .submissions
        .windows(2)
        .find(|pair| pair[0].name == pair[1].name)
    {
        return Err(usage(format!(
            "the submission {} is in two parts: the parts must come from one sharding",
            pair[0].name
        )));
    }
    Ok(merged)
}

/// The first of what decides verdicts in which part `b` differs from part `a`: what it is, and
/// its value in `a` then in `b`.
fn difference(a: &ClassResults, b: &ClassResults) -> Option<(&'static str, String, String)> {
    let shown = |class: &ClassResults, other: &ClassResults| {
        let graded = &class.graded;
        [
            ("katas", format!("`{}`", graded.kata)),
            (
                "copies of the kata (its manifest or cases differ)",
                format!("digest {:.12}", graded.kata_digest),
            ),
            ("stages", format!("stage {}", class.task_id)),
            ("criteria", format!("`{}`", graded.criterion)),
            ("limits", limits(&graded.limits, &other.graded.limits)),
            ("commands", command(&graded.command)),
            ("graders", format!("`{}`", graded.grader)),
            ("input modes", format!("`{}`", class.mode)),
            ("sandboxes", format!("`{}`", class.sandbox)),
        ]
    };
    shown(a, b)
        .into_iter()
        .zip(shown(b, a))
        .find(|((_, theirs), (_, ours))| theirs != ours)
        .map(|((field, theirs), (_, ours))| (field, theirs, ours))
}

/// The limits of `ours` that differ from `theirs`, each as the JSON names it.
fn limits(ours: &LimitsEntry, theirs: &LimitsEntry) -> String {
    let fields = |limits: &LimitsEntry| match serde_json::to_value(limits) {
        Ok(serde_json::Value::Object(fields)) => fields,
        _ => serde_json::Map::new(),
    };
    let theirs = fields(theirs);
    fields(ours)
        .iter()
        .filter(|(name, value)| theirs.get(*name) != Some(value))
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `words` as one command line, or what stands for none.
fn command(words: &[String]) -> String {
    if words.is_empty() {
        "each submission's own kata.toml".to_owned()
    } else {
        format!("`{}`", words.join(" "))
    }
}
