//! The option reference of the book against the command lines themselves, both ways: every
//! option of every command of `grade` and `kata`, as clap defines it, is named in its command's
//! section of `docs/src/reference/grade.md` or `kata.md` (the heading that is the command,
//! ``## `kata dev check` ``), and every option a section names is one its command takes. An
//! option is named in a code span that starts with it or with its command's words (`--lang L`,
//! `kata new DIR [--lang L]`); spans of other commands (`grade --class` under `grade merge`) and
//! of other tools (`cargo run -p stage3`) are not read.

use std::collections::BTreeSet;
use std::fs;

use clap::CommandFactory;
use test_support::Trial;

use crate::katas::workspace;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("reference":
        every_option_is_in_the_reference_and_every_option_it_names_exists,
        the_options_named_are_read_from_code_spans_of_the_command,
    )
}

/// A command whose options the reference documents: its words (`kata dev check`), its page
/// under `docs/src`, and its definition.
struct Documented {
    path: String,
    page: &'static str,
    command: clap::Command,
}

/// Every command of `grade` (whose `merge` and `platform` are parsed apart from its stage's
/// options) and every command of `kata` that does something (a leaf of its tree).
fn commands() -> Vec<Documented> {
    let grade = |path: &str, command: clap::Command| Documented {
        path: path.to_owned(),
        page: "reference/grade.md",
        command,
    };
    let mut found = vec![
        grade("grade", grade::Options::command()),
        grade("grade merge", grade::merge::MergeOptions::command()),
        grade(
            "grade platform",
            grade::platform::PlatformOptions::command(),
        ),
    ];
    let mut tree = vec![("kata".to_owned(), kata::command())];
    while let Some((path, command)) = tree.pop() {
        let subcommands: Vec<clap::Command> = command.get_subcommands().cloned().collect();
        for subcommand in &subcommands {
            tree.push((
                format!("{path} {}", subcommand.get_name()),
                subcommand.clone(),
            ));
        }
        if subcommands.is_empty() {
            found.push(Documented {
                path,
                page: "reference/kata.md",
                command,
            });
        }
    }
    found
}

/// The options `command` takes, `--long` and `-s`, but those clap gives every command (help,
/// version) and hidden ones.
fn options_of(command: &clap::Command) -> BTreeSet<String> {
    command
        .get_arguments()
        .filter(|arg| !arg.is_positional() && !arg.is_hide_set())
        .filter(|arg| !["help", "version"].contains(&arg.get_id().as_str()))
        .flat_map(|arg| {
            let long = arg.get_long().map(|long| format!("--{long}"));
            let short = arg.get_short().map(|short| format!("-{short}"));
            long.into_iter().chain(short)
        })
        .collect()
}

/// The text of the section of `page` under the heading `## title`, to the next heading of its
/// level or above, code blocks left out; `None` when there is no such heading.
fn section(page: &str, title: &str) -> Option<String> {
    let mut lines = page.lines();
    lines
        .by_ref()
        .find(|line| line.trim_end() == format!("## {title}"))?;
    let mut text = String::new();
    let mut fenced = false;
    for line in lines {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.starts_with("# ") || line.starts_with("## ") {
            break;
        }
        text.push_str(line);
        text.push('\n');
    }
    Some(text)
}

/// The options named in `text` for the command `path` (`kata dev check`), one of `paths`: in
/// its code spans that start with an option, or with the words of `path` and of no longer one
/// of `paths` (`grade merge PART` is `grade merge`'s, not `grade`'s), each word that is an
/// option (`[--lang L]...` names `--lang`).
fn options_named(text: &str, path: &str, paths: &[&str]) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for span in text.split('`').skip(1).step_by(2) {
        let words: Vec<&str> = span.split_whitespace().collect();
        let starts_with = |command: &str| {
            let command: Vec<&str> = command.split(' ').collect();
            words.starts_with(&command)
        };
        let whose = paths
            .iter()
            .filter(|command| starts_with(command))
            .max_by_key(|command| command.len());
        let first = words.first().copied().unwrap_or_default();
        if !(first.starts_with('-') || whose == Some(&path)) {
            continue;
        }
        for word in span.split(|c: char| c.is_whitespace() || "[](),|\\".contains(c)) {
            let name: String = word
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let is_long = name.len() > 2
                && name.starts_with("--")
                && name[2..].starts_with(|c: char| c.is_ascii_lowercase());
            let is_short = name.len() == 2
                && name.starts_with('-')
                && name[1..].starts_with(|c: char| c.is_ascii_alphabetic());
            if is_long || is_short {
                named.insert(name);
            }
        }
    }
    named
}

fn every_option_is_in_the_reference_and_every_option_it_names_exists() {
    let book = workspace().join("docs/src");
    let commands = commands();
    let paths: Vec<&str> = commands
        .iter()
        .map(|command| command.path.as_str())
        .collect();
    let mut wrong = Vec::new();
    for Documented {
        path,
        page,
        command,
    } in &commands
    {
        let text =
            fs::read_to_string(book.join(page)).unwrap_or_else(|error| panic!("{page}: {error}"));
        let title = format!("`{path}`");
        let Some(section) = section(&text, &title) else {
            wrong.push(format!(
                "{page}: no section `## {title}` for the command {path}"
            ));
            continue;
        };
        let (defined, named) = (options_of(command), options_named(&section, path, &paths));
        for missing in defined.difference(&named) {
            wrong.push(format!("{page}, {title}: {missing} is not named"));
        }
        for unknown in named.difference(&defined) {
            wrong.push(format!(
                "{page}, {title}: {unknown} is named, but {path} takes no such option"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "the option reference and the command lines differ:\n{}",
        wrong.join("\n")
    );
}

fn the_options_named_are_read_from_code_spans_of_the_command() {
    let text = "`kata new DIR [--lang L] [--kata K]`, then `cargo run -p stage3`; `-o`, \
        `--format NAME[=FILE]`, `--shard I/N\\|auto` and `-- COMMAND`, not --all in prose, nor \
        `kata --version` or `kata dev record --accept` of other commands.";
    let paths = ["kata", "kata new", "kata dev record"];
    let named: Vec<String> = options_named(text, "kata new", &paths)
        .into_iter()
        .collect();
    assert_eq!(named, ["--format", "--kata", "--lang", "--shard", "-o"]);
}
